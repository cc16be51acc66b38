"""Shared fixtures for the lawkit test suite.

- ``repo``, ``laws``: where the repository and its corpus are (each code's verified
  source and seed excerpts are in its folder, laws/<code>/);
- ``corpus``: the real corpus, loaded once per session;
- ``make_corpus``: write a small corpus into the test's tmp_path;
- ``run_cli``: run ``lawkit`` in-process, returning (exit code, stdout, stderr);
- ``built_site``: the real site, built once (strict) for every site and browser test.
"""

from __future__ import annotations

import fcntl
import functools
import gc
import importlib.util
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import pytest

import lawkit
import lawkit.cli

REPO = Path(__file__).resolve().parent.parent
_TIMELINE = os.environ.get("LAWKIT_TEST_TIMELINE")  # a file: the run's timeline (benchmarks/suite.py)


def benchmark(name: str) -> Any:
    """benchmarks/<name>.py as a module: the tests reuse its records and its former views."""
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", REPO / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
# The code.yaml of the small demo corpora the tests build (one heading, ONE).
DEMO_CODE = """\
# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json
code: demo
title: DEMO
source: {book: X, year: 1900}
headings: [ONE]
"""
# The facts and outcome files of a small demo corpus with a rule on the cut.
DEMO_FACTS = """\
# yaml-language-server: $schema=../lawkit/schemas/facts.schema.json
facts:
  - {name: cuts, type: {list: {record: {player: string, card: card}}}, question: Who cut which card?}
"""
# Law 2 of those corpora: the lowest of two cuts deals (law 1 holds the ranks as `rank`).
DEMO_LOWEST_DEALS = """\
    rules:
      - id: lowest-deals
        when: size(cuts) == 2
        then:
          outcome: dealer
          values:
            dealer_player: cuts.filter(x, cuts.all(y, rank[x.card] <= rank[y.card]))[0].player
"""
DEMO_OUTCOMES = """\
# yaml-language-server: $schema=../lawkit/schemas/outcomes.schema.json
outcomes:
  - {id: dealer, description: The dealer is settled.}
"""


# The shared files English Whist's rules read: with its folder, a whole corpus that checks clean.
RULES_SHARED = ("facts.yaml", "outcomes.yaml", "record.yaml", "views.yaml")


def copy_english_whist(laws: Path) -> Path:
    """A copy of English Whist and RULES_SHARED at ``laws``: a corpus of one code (104 laws), for the
    tests on how a folder is read or a rule checked, where a cold check of the whole corpus would
    cost three times as much for nothing more tested."""
    shutil.copytree(REPO / "laws" / "english-whist", laws / "english-whist")
    for name in RULES_SHARED:
        shutil.copy(REPO / "laws" / name, laws / name)
    return laws


@pytest.fixture(scope="session")
def repo() -> Path:
    """The repository root."""
    return REPO


@pytest.fixture(scope="session")
def laws(repo: Path) -> Path:
    """The real corpus: repo/laws."""
    return repo / "laws"


@pytest.fixture(scope="session")
def corpus(laws: Path) -> lawkit.Corpus:
    """The real corpus, loaded and checked once per worker (raises CorpusError if it has errors):
    the scenarios' engine's, so the worker loads it once for both."""
    return scenario_engine().corpus


@pytest.fixture
def make_corpus(tmp_path: Path) -> Callable[..., Path]:
    """``make_corpus({relative path: text}, root="laws")`` writes the files under
    ``tmp_path/root`` and returns that root. Texts are written as given (no
    dedent), so line and column numbers in tests are those of the literals."""

    def make(files: Mapping[str, str], root: str = "laws") -> Path:
        base = tmp_path / root
        base.mkdir(parents=True, exist_ok=True)
        for relative, text in files.items():
            path = base / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return base

    return make


# The real corpus as `lawkit.check` makes it, by fingerprint (see _check_the_real_corpus_once).
_REAL_CORPUS_CHECKED: dict[str, lawkit.Corpus] = {}


def _check_the_real_corpus_once(check: Callable[..., lawkit.Corpus]) -> Callable[..., lawkit.Corpus]:
    """``lawkit.check``, which checks the real corpus (REPO/laws) once per worker: a command that
    evaluates rules checks it afresh on every call (2-3 s of CPU each: test_score_cli, test_cli and
    test_hostile_facts took 78 s of CPU, 38 s with this), and no test changes REPO/laws (they
    change copies). Keyed by lawkit.cache's fingerprint (every file's name, size and time, lawkit's
    source, the working directory), as the CLI's own cache is, so an edit of the tree during the
    run is seen. Any other folder is checked as always."""

    def checked(root: str | os.PathLike = "laws") -> lawkit.Corpus:
        if Path(root).resolve() != REPO / "laws":
            return check(root)
        from lawkit.cache import fingerprint

        key = fingerprint(root)
        if key not in _REAL_CORPUS_CHECKED:
            _REAL_CORPUS_CHECKED[key] = check(root)
        return _REAL_CORPUS_CHECKED[key]

    return checked


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[[Sequence[str]], tuple[int, str, str]]:
    """``run_cli(argv)`` calls ``lawkit.cli.main(argv)`` in-process and returns
    ``(exit_code, stdout, stderr)``; a ``SystemExit`` (argparse usage errors
    exit 2) is caught and its code returned. The real corpus is checked once per worker
    (``_check_the_real_corpus_once``); a copy or any other corpus at every call."""

    def run(argv: Sequence[str]) -> tuple[int, str, str]:
        capsys.readouterr()  # drop anything printed before
        try:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(lawkit, "check", _check_the_real_corpus_once(lawkit.check))
                code = lawkit.cli.main([str(arg) for arg in argv])
        except SystemExit as exc:
            if exc.code is None:
                code = 0
            elif isinstance(exc.code, int):
                code = exc.code
            else:  # sys.exit("message") prints the message and exits 1
                code = 1
        out, err = capsys.readouterr()
        return code, out, err

    return run


# -- the site -----------------------------------------------------------------------------

MKDOCS_ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def _mkdocs_build_command(config: Path, site: Path) -> list[str]:
    return [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)]


def mkdocs_build(config: Path, site: Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` of ``config`` into ``site``, its output captured."""
    return subprocess.run(_mkdocs_build_command(config, site), cwd=cwd or config.parent, capture_output=True,
                          text=True, env=MKDOCS_ENV, timeout=900)


def _say(config: pytest.Config, line: str) -> None:
    """A line on the terminal now, past pytest's capture (a long fixture is otherwise silent)."""
    capture = config.pluginmanager.getplugin("capturemanager")
    reporter = config.pluginmanager.getplugin("terminalreporter")
    if capture is None or reporter is None:
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line(line)


def _needs_the_site(item: pytest.Item) -> bool:
    return "built_site" in getattr(item, "fixturenames", ())


# The slowest tests, slowest first (measured with --durations under -n 2): each group starts with
# them, so no worker is left with a long test while the other has nothing more to do. A test not
# named here keeps its place after them; a name here that matches no test is simply not found.
SLOWEST_FIRST = (
    # the other tests
    "tests/test_fast_cel.py::test_every_scenario_gives_the_same_under_both",  # one per scenario file
    "tests/test_site.py::test_serve_dirty_makes_again_what_reads_a_saved_note_or_shared_rule_file",  # 22 builds
    "tests/test_site.py::test_serve_dirty_makes_again_what_reads_a_saved_value_and_keeps_the_rest",  # 17 builds
    "tests/test_types.py::test_mypy_passes",
    "tests/test_site.py::test_the_examples_and_the_changes_share_each_situation_and_ruling",  # real corpus, ~10 s
    "tests/test_api_doctest.py::test_package_docstring_examples",
    "tests/test_architecture.py::test_the_check_finds_each_kind_of_violation",
    "tests/test_situation_schema.py::test_every_scenario_record_and_hand_validates",
    "tests/test_pytest_plugin.py::test_the_laws_folder_is_a_setting",
    "tests/test_engine_properties.py::test_random_situations_never_crash_a_code",
    "tests/test_architecture.py::test_the_layers_point_one_way",
    "tests/test_site.py::test_serve_dirty_writes_again_only_what_a_saved_file_touches",
    "tests/test_docs_examples.py::test_api_page_examples",
    "tests/test_scenario_coverage.py",  # its module fixture rules every scenario
    # the tests on the built site
    "tests/browser/test_explorer_browser.py::test_cannot_hold_asks_an_operand_of_and_first_and_agrees_with_the_whole",
    "tests/browser/test_reading_browser.py::test_no_serious_accessibility_violation",
    "tests/browser/test_ask_browser.py::test_the_browser_agrees_with_python",
    "tests/browser/test_table_browser.py::test_the_table_pages_are_accessible_and_fit_a_phone",
    "tests/browser/test_explorer_browser.py::test_every_scenario_rules_alike_in_the_browser",
    "tests/browser/test_rules_browser.py::test_an_opened_box_has_no_serious_accessibility_violation",
    "tests/test_site.py::test_a_warm_rebuild_of_the_real_site_is_the_same_site",
)


def _slowness(item: pytest.Item) -> int:
    """The place of the item's test in SLOWEST_FIRST (a prefix of its node id), or after them."""
    return next((rank for rank, name in enumerate(SLOWEST_FIRST)
                 if item.nodeid == name or item.nodeid.startswith((name + "[", name + "::"))), len(SLOWEST_FIRST))


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests on the built site run last (in the same order on every worker), so the site is
    built in the background while the other tests run (``_site_built_in_the_background``) instead
    of a worker waiting on it from the start; in each group the slowest tests come first
    (SLOWEST_FIRST), so the two workers end together rather than one waiting on the other's last."""
    items.sort(key=lambda item: (_needs_the_site(item), _slowness(item)))  # stable: the rest keep their order


def _shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every pytest-xdist worker of this run sees (the run's own folder without xdist)."""
    return tmp_path_factory.getbasetemp().parent if os.environ.get("PYTEST_XDIST_WORKER") \
        else tmp_path_factory.getbasetemp()


# The site's build, as it runs (pytest_sessionfinish stops one that no test is left to wait for).
_BUILDING: list[subprocess.Popen] = []


def _build_the_site(shared: Path) -> None:
    import resource

    status = shared / SITE_STATUS
    start, children = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        with subprocess.Popen(_mkdocs_build_command(REPO / "mkdocs.yml", shared / "built-site"), cwd=REPO, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=MKDOCS_ENV) as process:
            _BUILDING.append(process)
            try:
                _, stderr = process.communicate(timeout=900)
            finally:
                process.kill()  # after a timeout; nothing when it has ended
        failure = stderr if process.returncode or "WARNING" in stderr else ""
    except Exception as error:  # a timeout, no mkdocs: the site tests fail with the reason
        failure = f"{type(error).__name__}: {error}"
    status.write_text(f"built {time.perf_counter() - start:.0f}\n" if not failure else "failed\n" + failure)
    if _TIMELINE:
        # its CPU time: the children this process reaped meanwhile, which on pytest-xdist's
        # controller is the build alone (the workers are reaped at the end)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        _timeline({"worker": os.environ.get("PYTEST_XDIST_WORKER", "main"), "build": "the site",
                   "start": time.time() - (time.perf_counter() - start), "end": time.time(),
                   "cpu": after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime})


def _start_the_build(shared: Path) -> threading.Thread | None:
    """The site's build in a thread of this process, unless a process of this run started it."""
    with open(shared / "built-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if (shared / SITE_STATUS).exists():
            return None
        (shared / SITE_STATUS).write_text("building\n")
        builder = threading.Thread(target=_build_the_site, args=(shared,), daemon=True)
        builder.start()
        return builder


def _selects_the_site_tests(config: pytest.Config) -> bool:
    """Whether this run's arguments take in site tests whatever the collection finds: a folder or
    file holding tests/test_site.py or the browser tests (``scripts/test`` with no arguments names
    tests/), with no -k, -m or deselection that could leave them out. Then the site's build starts
    with the session, before the workers spend their first seconds collecting."""
    if os.environ.get("LAWKIT_SITE_DIR") or config.getoption("collectonly", False):
        return False
    if any(config.getoption(name, None) for name in ("keyword", "markexpr", "deselect", "lf", "failedfirst", "sw")):
        return False
    site_tests = (REPO / "tests" / "test_site.py", REPO / "tests" / "browser")
    for arg in config.args:
        if "::" in arg:  # one test of a file: it may not need the site
            continue
        path = (config.invocation_params.dir / arg).resolve()
        if any(path.is_relative_to(site) or site.is_relative_to(path) for site in site_tests):
            return True
    return False


@pytest.fixture(scope="session", autouse=True)
def _site_built_in_the_background(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """When this run has site tests and the session did not start the site's build already
    (``pytest_sessionstart``: a -k run, say), the first worker to start builds the real site in a
    thread (mkdocs in a subprocess) while the workers run the other tests. At the end, a worker
    that started the build waits for it, so a worker waiting on the site never waits for nothing."""
    if os.environ.get("LAWKIT_SITE_DIR") or not any(_needs_the_site(item) for item in request.session.items):
        yield
        return
    builder = _start_the_build(_shared_folder(tmp_path_factory))
    if builder is not None and not os.environ.get("PYTEST_XDIST_WORKER"):
        _say(request.config, "\nbuilding the site for the site and browser tests, while the other tests run "
                             "(minutes on a first run, when the Ask page's passages are embedded)…")
    yield
    if builder is not None:
        builder.join()


@pytest.fixture(scope="session")
def built_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site (mkdocs.yml, docs/, laws/, the scenarios), built once per run with
    ``--strict`` and no warning, for tests/test_site.py and the browser tests alike. It is built
    in the repository, so its lawkit cache is the one the other tests and ``scripts/site`` use.

    The build starts with the run (``_site_built_in_the_background``, by one worker under
    pytest-xdist); this waits for it (a build that failed is not tried again: every site test gets
    the same failure). LAWKIT_SITE_DIR names a site built already from this tree (as for the
    browser tests), to run the site tests again without building."""
    if os.environ.get("LAWKIT_SITE_DIR"):
        return Path(os.environ["LAWKIT_SITE_DIR"])
    shared = _shared_folder(tmp_path_factory)
    status = shared / SITE_STATUS
    waited = time.monotonic()
    while True:
        try:
            state = status.read_text()
        except FileNotFoundError:  # made by _site_built_in_the_background before any test ran
            pytest.fail(f"{status} is gone: was the run's temporary folder removed (by another pytest run)?")
        if not state.startswith("building"):
            break
        if time.monotonic() - waited > 1200:  # mkdocs_build gives up after 900 s
            pytest.fail("the site's build did not end within 20 minutes")
        time.sleep(0.2)
    assert not state.startswith("failed"), state
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        _say(request.config, f"\nthe site is built ({state.split()[1]} s)")
    return shared / "built-site"


SITE_STATUS = "built-site.status"  # "building", "built <seconds>" or "failed" and mkdocs' output


def _watch_the_build(config: pytest.Config, folder: Path) -> None:
    """On pytest-xdist's controller: say on the terminal when a worker starts and ends the site's
    build (a worker's own output never reaches the terminal)."""
    said = ""
    while True:
        try:
            state = (folder / SITE_STATUS).read_text()
        except OSError:
            state = ""
        if state.startswith("building") and not said:
            said = "building"
            _say(config, "\nbuilding the site once for the site and browser tests "
                         "(minutes on a first run, when the Ask page's passages are embedded)…")
        elif state and not state.startswith("building"):
            if state.startswith("built") and said:
                _say(config, f"\nthe site is built ({state.split()[1]} s)")
            return
        time.sleep(0.5)


def _machine_cpu() -> tuple[float, float]:
    """The machine's busy and idle CPU seconds since boot (/proc/stat: every core, every process)."""
    fields = [int(field) for field in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(fields[:8]) - idle) / tick, idle / tick


def _lanes() -> dict[int, bool]:
    """For each child of this process (a pytest-xdist worker, the site's mkdocs): whether a thread
    of it or of a process under it (mkdocs, Chromium, node) is running or waiting for a core (state
    R in /proc). A lane where none is waits on nothing but time, a socket or a file: that is idle
    whatever the load, where a wall time far above the CPU time may only mean a busy machine."""
    parent: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = Path(entry.path, "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            parent[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
    me, lanes = os.getpid(), {}
    for pid in parent:
        top, up = pid, parent[pid]
        while up in parent and up != me:
            top, up = up, parent[up]
        if up != me:
            continue
        try:
            states = [Path(task.path, "stat").read_text().rsplit(")", 1)[1].split()[0]
                      for task in os.scandir(f"/proc/{pid}/task")]
        except OSError:
            continue
        lanes[top] = lanes.get(top, False) or "R" in states
    return lanes


def _sample_the_machine() -> None:
    """With LAWKIT_TEST_TIMELINE, on the controller: how many cores are busy, every second (by
    every process: the other helpers' work shows here too, so the timeline says what the load was),
    and every half second which workers have something running (_lanes)."""
    busy, idle = _machine_cpu()
    while True:
        for _ in range(2):
            time.sleep(0.5)
            _timeline({"lanes": time.time(), "running": {str(pid): running for pid, running in _lanes().items()}})
        now_busy, now_idle = _machine_cpu()
        _timeline({"machine": time.time(), "busy": now_busy - busy, "idle": now_idle - idle,
                   "load": os.getloadavg()[0]})
        busy, idle = now_busy, now_idle


# The build this process started at the session's start (pytest_sessionfinish ends it).
_EARLY_BUILD: list[threading.Thread] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    """On pytest-xdist's controller or in a run without it: the site's build starts now when the
    arguments take in site tests (_selects_the_site_tests), and the controller says on the terminal
    when it starts and ends (_watch_the_build)."""
    config = session.config
    if getattr(config, "workerinput", None) is not None:
        return
    if _TIMELINE:
        threading.Thread(target=_sample_the_machine, daemon=True).start()
    folder = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]  # the workers' parent
    if _selects_the_site_tests(config):
        _EARLY_BUILD.extend(filter(None, [_start_the_build(folder)]))
    if config.getoption("numprocesses", None):
        threading.Thread(target=_watch_the_build, args=(config, folder), daemon=True).start()
    elif _EARLY_BUILD:
        _say(config, "\nbuilding the site for the site and browser tests, while the other tests run "
                     "(minutes on a first run, when the Ask page's passages are embedded)…")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Every test has run: a build started at the session's start that is still running has no
    test left to wait for it (a run stopped by -x, or one whose site tests all failed first), so
    it is stopped rather than left running on its own."""
    for builder in _EARLY_BUILD:
        for process in _BUILDING:
            process.terminate()
        builder.join()


# -- scenarios: tests/scenarios/*.yaml, one test per scenario -------------------------------
#
# Collected and run by lawkit's own pytest plugin (lawkit/testing.py, the ``pytest11`` entry
# point), against ./laws; scenario_engine() shares the engine it builds (compiled once).


def scenario_engine():
    """One engine over the real corpus for every scenario (compiled once)."""
    from lawkit.testing import engine_for

    return engine_for(REPO / "laws")


@functools.cache
def suite_scenarios() -> tuple[Any, ...]:
    """Every scenario of tests/scenarios (lawkit.Scenario), loaded once per worker for the tests
    that read them all (their records): loading them all takes seconds. Running one keeps its
    results on it (``scenario.results``); no test reads another's."""
    from lawkit.rules.scenarios import files, load

    return tuple(scenario for path in files(REPO / "tests" / "scenarios") for scenario in load(path))


# -- the collector --------------------------------------------------------------------------------

def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """What lives past a test (the session's corpora, engines and compiled programs) is moved out of
    the collector's sight, so later tests do not pay for scanning it again and again: measured on
    test_fast_cel + test_hostile_fs in one process, 94 s -> 75 s, peak memory 331 -> 789 MB (cyclic
    garbage left at a test's end is kept, not collected: memory is what this machine has plenty of)."""
    gc.freeze()


# -- the run's timeline (LAWKIT_TEST_TIMELINE=file; benchmarks/suite.py reads it) ------------------

def _timeline(record: dict[str, Any]) -> None:
    """One JSON line appended to LAWKIT_TEST_TIMELINE (each worker appends whole lines, O_APPEND)."""
    import json

    with open(_TIMELINE, "a", encoding="utf-8") as out:  # type: ignore[arg-type]
        out.write(json.dumps(record) + "\n")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """With LAWKIT_TEST_TIMELINE: each test's worker, start, end, and CPU time (this process's, and
    its waited-for children's: mkdocs, mypy, node), setup to teardown, to see where a worker waits."""
    if not _TIMELINE:
        yield
        return
    import resource

    def cpu() -> tuple[float, float, float]:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.process_time(), children.ru_utime + children.ru_stime, _live_tree_cpu()

    start, (own, children, tree) = time.time(), cpu()
    yield
    end, (own_end, children_end, tree_end) = time.time(), cpu()
    _timeline({"worker": os.environ.get("PYTEST_XDIST_WORKER", "main"), "pid": os.getpid(), "test": item.nodeid,
               "start": start, "end": end, "cpu": own_end - own, "children_cpu": children_end - children,
               "tree_cpu": tree_end - tree})


def _live_tree_cpu() -> float:
    """The CPU seconds of the processes under this one that are alive now, each with what it reaped
    (Playwright's driver, Chromium and its renderers): the CPU of a browser test, which
    RUSAGE_CHILDREN counts only when the driver is reaped at the worker's end. A process that ends
    during a test moves from here to its reaper's count, so a test's difference is its own work."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0
    waiting = [os.getpid()]
    while waiting:
        pid = waiting.pop()
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:  # ended meanwhile
            continue
        for task in tasks:
            try:
                children = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                waiting.append(child)
                try:
                    stat = Path(f"/proc/{child}/stat").read_text()
                except OSError:
                    continue
                total += sum(map(int, stat[stat.rindex(")") + 2:].split()[11:15]))  # utime stime cutime cstime
    return total / tick
