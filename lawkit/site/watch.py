"""Under ``mkdocs serve``: learning of a saved file when it is saved, not at the next poll.

MkDocs watches with watchdog's PollingObserver, which looks at every watched folder twice a
second: a save waits 0.25 s on average (up to 0.5 s) before the build begins, and the polls cost
CPU while nothing changes. Where the system tells of changes itself (inotify on Linux, the
platform's own elsewhere: watchdog's ``Observer``), the plugin's ``on_serve`` moves the watches
to it, through the server's own ``watch``/``unwatch`` (MkDocs then waits its ``build_delay``,
0.1 s, for the save to be whole, as before). It keeps MkDocs' observer when there is no such
observer, when a watch it does not know of was made (``serve --watch-theme``), or when the new
one cannot start (too many watches): a slower save, never a missed one.
"""

from __future__ import annotations

import os
from typing import Any

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.polling import PollingObserver


class _Native(Observer):  # type: ignore[valid-type, misc]
    """The platform's observer, started here (to learn at once whether it can be); MkDocs starts
    its observer again when it begins serving, which is then nothing to do."""

    def start(self) -> None:
        if not self.is_alive():
            super().start()

    def schedule(self, event_handler: Any, path: Any, *, recursive: bool = False, **options: Any) -> Any:
        """Only changes pass (inotify also tells of a file opened or closed unwritten: the build
        reading the pages would ask for the next build). A file (mkdocs.yml) is watched through its
        folder: an editor that saves by writing a new file and renaming it over the old would leave
        a watch of the old file's inode seeing nothing."""
        if os.path.isdir(path):
            return super().schedule(_Changes(event_handler), path, recursive=recursive, **options)
        path = os.path.abspath(path)
        return super().schedule(_Changes(event_handler, path), os.path.dirname(path), recursive=False, **options)


class _Changes(FileSystemEventHandler):
    """Passes on the events that change a file (of one file of the folder, when ``path`` is given)."""

    CHANGES = frozenset({"created", "modified", "moved", "deleted"})

    def __init__(self, handler: Any, path: str | None = None) -> None:
        self.handler, self.path = handler, path

    def dispatch(self, event: Any) -> None:
        if event.event_type not in self.CHANGES:
            return
        if self.path is None or self.path in (os.fsdecode(event.src_path),
                                              os.fsdecode(getattr(event, "dest_path", "") or "")):
            self.handler.dispatch(event)


def sooner(server: Any, paths: list[str]) -> bool:
    """Move the server's watches of ``paths`` (every path it watches) to the platform's observer;
    whether it did."""
    if Observer is PollingObserver:
        return False  # nothing better here than MkDocs' own
    native = _Native()
    try:  # the same watches tried first, doing nothing: the server's are moved only once they work
        for path in paths:
            native.schedule(FileSystemEventHandler(), path, recursive=True)
        native.start()
    except OSError:
        native.stop()
        return False
    native.unschedule_all()
    old = server.observer
    moved = []
    try:
        for path in paths:
            server.unwatch(path)
            moved.append(path)
    except KeyError:  # a path MkDocs does not watch (another MkDocs than 1.6): leave its watches alone
        pass
    if old.emitters or len(moved) < len(paths):  # or a watch not in ``paths``: they stay where MkDocs put them
        for path in moved:
            server.watch(path)
        native.stop()
        return False
    server.observer = native
    for path in paths:
        server.watch(path)
    return True
