"""What a build under `mkdocs serve` leaves for after it is served (lawkit/site/afterwards.py)."""

from __future__ import annotations

import threading

from lawkit.site import afterwards
from lawkit.site.afterwards import Afterwards


def test_the_work_is_done_after_the_wait_in_the_order_it_was_left(monkeypatch):
    monkeypatch.setattr(afterwards, "QUIET", 0.0)
    done: list[str] = []
    later = Afterwards()
    later.later("corpus", lambda: done.append("corpus"))
    later.later("site", lambda: done.append("site"))
    assert done == []  # nothing before the build is through
    later.start()
    assert later.thread is not None
    later.thread.join()
    assert done == ["corpus", "site"]


def test_a_build_that_begins_first_takes_the_work_over_and_replaces_what_it_makes_again(monkeypatch):
    monkeypatch.setattr(afterwards, "QUIET", 60.0)
    done: list[str] = []
    later = Afterwards()
    later.later("corpus", lambda: done.append("corpus 1"))
    later.later("ruled", lambda: done.append("ruled 1"))
    later.start()
    later.wait()  # the next build begins before the page was served: nothing was written
    assert done == []
    later.later("corpus", lambda: done.append("corpus 2"))  # that build's own corpus entry
    later.finish()  # the server stops
    assert done == ["ruled 1", "corpus 2"]


def test_the_entries_wait_for_a_quiet_spell(monkeypatch):
    """The cache entries (which a build would wait for) are written only after QUIET seconds with no
    build: a save a few seconds after the last finds nothing being written. Stopping writes them."""
    monkeypatch.setattr(afterwards, "QUIET", 60.0)
    done: list[str] = []
    later = Afterwards()
    later.later("corpus", lambda: done.append("corpus 1"))
    later.start()
    later.wait()  # the next build begins: at once, nothing being written
    assert done == [] and later.thread is None
    later.later("site", lambda: done.append("site 2"))
    monkeypatch.setattr(afterwards, "QUIET", 0.05)  # the editor stops saving
    later.start()
    assert later.thread is not None
    later.thread.join(10)
    assert done == ["corpus 1", "site 2"]
    later.later("corpus", lambda: done.append("corpus 3"))
    monkeypatch.setattr(afterwards, "QUIET", 60.0)
    later.start()
    later.finish()  # the server stops: the entries written
    assert done[2:] == ["corpus 3"]


def test_the_next_build_waits_for_the_entry_being_written(monkeypatch):
    monkeypatch.setattr(afterwards, "QUIET", 0.0)
    writing, release = threading.Event(), threading.Event()
    done: list[str] = []

    def slow() -> None:
        writing.set()
        release.wait(10)
        done.append("corpus")

    later = Afterwards()
    later.later("corpus", slow)
    later.later("site", lambda: done.append("site"))
    later.start()
    assert writing.wait(10)
    waited = threading.Thread(target=later.wait)
    waited.start()
    waited.join(0.2)
    assert waited.is_alive()  # the entry being written is finished first
    release.set()
    waited.join(10)
    assert done == ["corpus"]  # the other left for after the next build
    later.finish()
    assert done == ["corpus", "site"]


class _Collector:
    """gc as afterwards uses it, counting the full collections, with as many objects frozen as said."""

    def __init__(self) -> None:
        self.frozen = 0
        self.collections = 0

    def freeze(self) -> None:
        pass

    def unfreeze(self) -> None:
        pass

    def collect(self) -> int:
        self.collections += 1
        return 0

    def get_freeze_count(self) -> int:
        return self.frozen


def test_a_full_collection_waits_until_the_frozen_objects_grew_by_a_quarter(monkeypatch):
    """Each build's objects are frozen; a full collection (a second for a million objects, in the way
    of a save soon after) is made after the first build, then only once the frozen objects are a
    quarter more than it left: what builds let go is mostly freed at once, by its reference count."""
    monkeypatch.setattr(afterwards, "QUIET", 0.0)
    collector = _Collector()
    monkeypatch.setattr(afterwards, "gc", collector)
    later = Afterwards()

    def build(frozen: int) -> None:
        collector.frozen = frozen
        later.start()
        assert later.thread is not None
        later.thread.join()

    build(1_000_000)
    assert collector.collections == 1
    for frozen in (1_010_000, 1_100_000, 1_250_000):  # a few thousand objects more after each build
        build(frozen)
    assert collector.collections == 1
    build(1_250_001)
    assert collector.collections == 2


def test_the_templates_shared_under_serve_compile_again_when_edited(tmp_path):
    """The theme's templates are compiled once for the process under serve (lawkit/site/reload.py);
    Jinja checks a kept template against its source, so an edited one is compiled again."""
    import jinja2

    from lawkit.site.reload import SharedTemplates

    shared = SharedTemplates()
    (tmp_path / "page.html").write_text("one {{ x }}", "utf-8")

    def rendered() -> str:  # a new environment for every build, as MkDocs makes them
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(tmp_path)), bytecode_cache=shared)
        return env.get_template("page.html").render(x=1)

    assert rendered() == "one 1" and len(shared.kept) == 1
    assert rendered() == "one 1"
    (tmp_path / "page.html").write_text("two {{ x }}", "utf-8")
    assert rendered() == "two 1"
