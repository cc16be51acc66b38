"""Under ``mkdocs serve``: what a build leaves to do once its pages are served.

The server serves nothing while a build runs, so what the editor does not need to see the
saved page is done after it, in a thread of its own:

- lawkit's cache entries of the build (the checked corpus, the generated files, the worked
  examples): they serve the next process, not this one, which keeps what it needs in memory;
- a full collection of the garbage. Everything alive when a build is through (the corpus, the
  site, what is kept from one build to the next) is frozen out of the collector's sight at once
  (``gc.freeze``): otherwise the next rebuild's collections scan it all again, about a second.
  The collection here unfreezes it first, so what the builds let go is freed, and freezes what
  is left; when saves come too quickly for it, the garbage waits frozen until one is through.
  As CPython's own full collections, it waits until the frozen objects are a quarter more than
  the last one left (``GROWTH``): most of what a build lets go is freed at once by its reference
  count, and a full collection scans every one of the million objects alive, about a second
  that a save soon after would wait for.

Both wait until no build began for ``QUIET`` seconds: writing an entry (the worked examples' is
8 MB of JSON, about a second) cannot stop halfway, and a build that begins meanwhile waits for it —
an editor saves again a few seconds after looking, and waited for the last build's entries
(measured: 0.9x the plain build after a saved note, 0.77x without that wait). A build that begins
first takes the rest over: it is done after that build. An entry another build made again replaces
the older one unwritten (writing an entry removes the older ones of its name anyway), so a quick
run of saves writes each once. When the server stops (Ctrl-C), every entry left is written; a
server killed before a quiet spell loses them, which costs only the next start its time (the cache
is a cache).

(Serve's first build makes in memory everything a saved file's build keeps: it does not read the
site back from the cache and leave the rest to do here. Done here, that work — a check, a render,
every scenario ruled: 7 s — made the saves of its first seconds wait for it, up to 4x the plain build.)
"""

from __future__ import annotations

import gc
import threading
from typing import Callable

QUIET = 30.0  # seconds with no build before the entries are written (see above)
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

    def start(self) -> None:
        """The build is through: what it left, in the background."""
        self.wait()
        gc.freeze()
        self.stop = stop = threading.Event()

        def run() -> None:
            if stop.wait(QUIET):
                return
            self._run(stop)
            if not stop.is_set() and gc.get_freeze_count() > self.collected * GROWTH:
                gc.unfreeze()
                gc.collect()
                gc.freeze()
                self.collected = gc.get_freeze_count()

        self.thread = threading.Thread(target=run, name="lawkit-afterwards")
        self.thread.start()

    def _run(self, stop: threading.Event) -> None:
        """The work left, in the order it was left."""
        while not stop.is_set():
            with self.lock:
                if not self.pending:
                    break
                work = self.pending.pop(next(iter(self.pending)))
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
        with self.lock:
            work, self.pending = list(self.pending.values()), {}
        for one in work:
            one()
