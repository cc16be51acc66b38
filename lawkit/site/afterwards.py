"""Under ``mkdocs serve``: what a build leaves to do once its pages are served.

The server serves nothing while a build runs, so what the editor does not need to see the
saved page is done after it, in a thread of its own:

- lawkit's cache entries of the build (the checked corpus, the generated files, the worked
  examples): they serve the next process, not this one, which keeps what it needs in memory;
- the scenarios ruled into memory, when the build read its worked examples back from the cache
  (examples.run): the next saved rule then rules again for its own code alone. It gives way as
  soon as a build begins (``stopping``), keeping what it made so far;
- a full collection of the garbage. Everything alive when a build is through (the corpus, the
  site, what is kept from one build to the next) is frozen out of the collector's sight at once
  (``gc.freeze``): otherwise the next rebuild's collections scan it all again, about a second.
  The collection here unfreezes it first, so what the builds let go is freed, and freezes what
  is left; when saves come too quickly for it, the garbage waits frozen until one is through.
  As CPython's own full collections, it waits until the frozen objects are a quarter more than
  the last one left (``GROWTH``): most of what a build lets go is freed at once by its reference
  count, and a full collection scans every one of the million objects alive, about a second
  that a save soon after would wait for.

The thread waits ``SERVED`` seconds first: the browser fetches the page as soon as the build is
through (livereload), and this work holds the interpreter while it runs. Then the warm-up, which
gives way at once when a build begins. The cache entries and the collection wait until no build
began for ``QUIET`` seconds: writing one (the worked examples' is 8 MB of JSON, about a second)
cannot stop halfway, and a build that begins meanwhile waits for it — an editor saves again a few
seconds after looking, and waited for the last build's entries (measured: 0.9x the plain build
after a saved note, 0.77x without that wait). A build that begins first takes the rest over:
it is done after that build. An entry another build made again replaces the older one unwritten
(writing an entry removes the older ones of its name anyway), so a quick run of saves writes each
once. When the server stops (Ctrl-C), every entry left is written; a server killed before a
quiet spell loses them, which costs only the next start its time (the cache is a cache).
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Callable

from .examples import WARM_UP

WARM_UP_SITE = "rendered"  # the check and render whose parses and files serve keeps, after a build read from the cache
SERVED = 1.0
QUIET = 30.0  # seconds with no build before the entries are written (see above)
SOON = frozenset({WARM_UP_SITE, WARM_UP})  # work that gives way when a build begins: done after SERVED
GROWTH = 1.25  # a full collection once the frozen objects grew by a quarter since the last one


class Afterwards:
    def __init__(self) -> None:
        self.pending: dict[str, Callable[[], None]] = {}  # the cache entry's name -> its writing
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()
        self.collected = 0  # the objects frozen after the last full collection

    def later(self, name: str, work: Callable[[], None]) -> None:
        """Write the cache entry ``name`` with ``work`` once the build is served."""
        with self.lock:
            self.pending.pop(name, None)  # the newest last, as it was made
            self.pending[name] = work

    def stopping(self) -> bool:
        """Whether a build began: long work (a warm-up) checks it often, and gives way."""
        return self.stop.is_set()

    def start(self) -> None:
        """The build is through: what it left, in the background."""
        self.wait()
        gc.freeze()
        self.stop = stop = threading.Event()

        began = time.monotonic()

        def run() -> None:
            if stop.wait(SERVED):
                return
            self._run(stop, soon=True)
            if stop.wait(max(0.0, QUIET - (time.monotonic() - began))):
                return
            self._run(stop, soon=False)
            if not stop.is_set() and gc.get_freeze_count() > self.collected * GROWTH:
                gc.unfreeze()
                gc.collect()
                gc.freeze()
                self.collected = gc.get_freeze_count()

        self.thread = threading.Thread(target=run, name="lawkit-afterwards")
        self.thread.start()

    def _run(self, stop: threading.Event, soon: bool) -> None:
        """The work left (``soon``: only what gives way when a build begins), in the order it was left."""
        while not stop.is_set():
            with self.lock:
                name = next((name for name in self.pending if soon is (name in SOON)), None)
                if name is None:
                    break
                work = self.pending.pop(name)
            work()

    def wait(self) -> None:
        """A build begins: the entry being written is finished, the others are left for after it."""
        if self.thread is not None:
            self.stop.set()
            self.thread.join()
            self.thread = None

    def finish(self) -> None:
        """The server stops: every cache entry written now."""
        self.wait()
        with self.lock:  # the warm-up is for this process's next build: there is none
            work, self.pending = [one for name, one in self.pending.items() if name not in SOON], {}
        for one in work:
            one()
