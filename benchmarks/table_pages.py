"""The explorer's table pages in the browser: what each loads, and how long an answer takes.

    .venv/bin/python benchmarks/table_pages.py [--site DIR] [--runs N] [--idle S] [--seed N]

1. Sizes, in bytes and gzipped (level 9), of what each page (explorer/hand/, cut/, deal/, score/)
   loads of its own on top of the explorer (its modules, its style sheet, its data): the modules a
   page imports are read from its import statements, and each page's data named below.
2. Time on the page (Debian's Chromium, headless, through Playwright), median and 95th percentile
   over N inputs: from the input (a step, a fault ticked, the cards drawn again, a hand's tricks
   changed) to the answer in the page (its data-ready changing), to it laid out, and with the frame
   that shows it drawn (from that frame's start until a task it queued runs, as benchmarks/explorer.py
   times it; the wait for the frame's turn left out; the scorer fills its folded "why" after the
   frame that shows the sheets, or when it is opened, and that is not timed), and the page's
   main-thread CPU per input (Chromium's ThreadTime over the inputs, divided by their number, with
   whatever the page does between them). The hand is
   ruled once and each step only redrawn (one event on, and from the record's end one event back,
   to its start and on again: the output says how many inputs stepped back); the other pages rule
   every code anew on each input. An input not answered within WAIT seconds (or failing) ends the
   benchmark with a line naming the page and the input (exit 1).
   Each input follows the frame that drew the last answer, from the page's first answer, so the cut
   page's practice in idle time (Explorer.warmUp, after each answer) has little time to run: the first
   inputs meet a page just opened, and the address is written once they stop (share.writeSoon:
   150 ms after the last answer); with --pause 300 it is written between them, as at a reader's
   pace. --idle S leaves each page idle S seconds before its inputs, as a reader reading it would
   (not the default: the table is the page just opened). --seed N makes
   each page's random draws (crypto.getRandomValues, Math.random) a fixed sequence from N, so that
   two trees are measured on the same cards and hands (not the default: each run its own draws).

The site is built into a temporary folder unless --site names one built from this tree.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MODULES = "assets/lawkit/explorer"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
# The explorer's own modules (explorer.js and what it imports), loaded by every page that rules.
EXPLORER = {"explorer.js", "engine.js", "record.js", "views.js", "words.js", "cel.js", "share.js"}
# The hand's input: one event on, and once the record's end is reached one event back, to its start
# and on again (past the end "Next" is disabled: the answer would never change). What an input
# returns says how it differed from the page's usual input (counted and printed).
HAND_STEP = """const button = label => document.querySelector(`[aria-label="${label}"]`)
  if ((window.lkStepBack ? button('One event back') : button('Next: one event on')).disabled) window.lkStepBack = !window.lkStepBack
  button(window.lkStepBack ? 'One event back' : 'Next: one event on').click()
  return window.lkStepBack ? "one event back, from the record's end to its start" : null"""
PAGES = {  # page: (its module, its own data, the input measured)
    "hand": ("hand.js", ["api/explorer/hands.json"], HAND_STEP),
    "cut": ("cut.js", [], "document.querySelector('.lk-controls .md-button--primary').click()"),
    "deal": ("deal.js", [], "document.querySelector('[data-fault=face-up]').click()"),
    "score": ("score.js", [], "const t = document.querySelector('#lk-tricks-1'); t.value = String(7 + Math.floor(Math.random() * 6)); "
              "t.dispatchEvent(new Event('change'))"),
}
# The page's random draws from a seed (xorshift32), set up before its scripts run: SEED is replaced.
SEEDED = """(() => { let s = SEED >>> 0 || 1
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s }
  crypto.getRandomValues = a => { for (let i = 0; i < a.length; i++) a[i] = next() & (a instanceof Uint8Array ? 255 : 0xffffffff); return a }
  Math.random = () => next() / 4294967296 })()"""
IMPORT = re.compile(r"^import [^;]*? from '\./([^']+)'", re.M)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def own_modules(site: Path, module: str) -> list[str]:
    """The page's module and every module of the folder it imports, less the explorer's own."""
    found, stack = set(), [module]
    while stack:
        name = stack.pop()
        if name in found or name in EXPLORER:  # the explorer's own, counted by benchmarks/explorer.py
            continue
        found.add(name)
        stack += IMPORT.findall((site / MODULES / name).read_text("utf-8"))
    return sorted(found)


def sizes(site: Path) -> list[tuple[str, int, int]]:
    def row(name: str, paths: list[Path]) -> tuple[str, int, int]:
        data = [p.read_bytes() for p in paths]
        return name, sum(map(len, data)), sum(len(gzip.compress(d, 9)) for d in data)

    rows = []
    for page, (module, data, _) in PAGES.items():
        modules = own_modules(site, module)
        rows.append(row(f"{page}: {', '.join(modules)} + table.css",
                        [site / MODULES / m for m in modules] + [site / MODULES / "table.css"]))
        if data:
            rows.append(row(f"{page}: {', '.join(Path(d).name for d in data)}", [site / d for d in data]))
    every = sorted({m for module, _, _ in PAGES.values() for m in own_modules(site, module)})
    rows.append(row("all four pages' modules + table.css", [site / MODULES / m for m in every] + [site / MODULES / "table.css"]))
    rows += [row(f"laws of {p.stem} (loaded with the code)", [p]) for p in sorted((site / "api/explorer").glob("*.laws.json"))]
    return rows


WAIT = 30  # s: at most this long for one input's answer (an input is some ms; a page that never answers is said so)
MEASURE = """async ([page, action, runs, wait, pause]) => {
  const root = document.querySelector('.lk-table')
  const times = [], laid = [], frames = []
  const notes = {}
  for (let i = 0; i < runs; i++) {
    // A reader's pace: the page's work put off after an answer (its address, practice) done first.
    if (pause && i) await new Promise(resolve => setTimeout(resolve, pause))
    const input = `the ${page} page's input ${i + 1} of ${runs}`
    const before = root.dataset.ready
    let observer, timer
    const done = new Promise(resolve => {
      observer = new MutationObserver(() => { if (root.dataset.ready !== before) resolve(true) })
      observer.observe(root, {attributes: true, attributeFilter: ['data-ready']})
      timer = setTimeout(() => resolve(false), wait * 1000)
    })
    // The frame that shows the answer, as benchmarks/explorer.py times it: a task queued from the
    // next animation frame runs once that frame is drawn (asked before the input, so it runs before
    // the page's own work after it); its work is from the frame's start to then (the wait for the
    // frame's turn left out). The next input follows that frame.
    let begun, drawn
    const frame = new Promise(resolve => requestAnimationFrame(() => {
      begun = performance.now()
      setTimeout(() => { drawn = performance.now(); resolve() }, 0)
    }))
    const start = performance.now()
    let note
    try {
      note = new Function(action)()
    } catch (error) {
      observer.disconnect(); clearTimeout(timer)
      return {error: `${input} failed: ${error.message}`}
    }
    const answered = await done
    observer.disconnect(); clearTimeout(timer)
    if (!answered) return {error: `${input} drew no new answer in ${wait} s (data-ready stayed '${before}')`}
    if (root.dataset.ready === 'error') return {error: `${input} drew an error: ${root.textContent.slice(0, 300)}`}
    times.push(performance.now() - start)
    void root.offsetHeight // laid out
    laid.push(performance.now() - start)
    await frame
    frames.push(laid[laid.length - 1] + (drawn - begun))
    if (note) notes[note] = (notes[note] || 0) + 1
  }
  return {times, laid, frames, notes}
}"""


class Failed(Exception):
    """A page that did not answer as measured: said in one line, naming the page and input."""


def thread_ms(cdp) -> float:
    """The page's main-thread CPU so far (Chromium's ThreadTime), in ms."""
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "ThreadTime") * 1000


def _median_p95(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


Row = tuple[str, tuple[float, float], tuple[float, float], tuple[float, float], float, dict[str, int]]


def timings(site: Path, runs: int, idle: float = 0, seed: int | None = None, pause: float = 0) -> list[Row]:
    from playwright.sync_api import Error as PlaywrightError, sync_playwright

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        if seed is not None:
            page.add_init_script(SEEDED.replace("SEED", str(seed)))
        try:
            for name, (_, _, action) in PAGES.items():
                try:
                    page.goto(f"{base}/explorer/{name}/")
                    page.wait_for_selector(".lk-table[data-ready]", timeout=60_000)
                except PlaywrightError as exc:
                    raise Failed(f"the {name} page (/explorer/{name}/) showed no first answer: "
                                 f"{str(exc).splitlines()[0]}") from None
                if idle:
                    page.wait_for_timeout(idle * 1000)
                before = thread_ms(cdp)
                got = page.evaluate(MEASURE, [name, action, runs, WAIT, pause])
                if "error" in got:
                    raise Failed(got["error"])
                cpu = (thread_ms(cdp) - before) / runs
                rows.append((name, *(_median_p95(got[k]) for k in ("times", "laid", "frames")), cpu, got["notes"]))
        finally:
            browser.close()
            server.shutdown()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a site built from this tree (else one is built)")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--idle", type=float, default=0, help="seconds each page is left idle before its inputs")
    parser.add_argument("--seed", type=int, help="the pages' random draws from this seed (the same for two trees)")
    parser.add_argument("--pause", type=float, default=0,
                        help="ms between an answer's frame and the next input (a reader's pace; 0: back to back)")
    args = parser.parse_args()
    site = args.site
    if site is None:
        site = Path(tempfile.mkdtemp(prefix="lawkit-table-")) / "site"
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "--strict", "-d", str(site)], cwd=REPO, check=True)
    print(f"{'what a page loads of its own':58} {'bytes':>9} {'gzipped':>9}")
    for name, raw, packed in sizes(site):
        print(f"{name:58} {raw:>9,} {packed:>9,}")
    print()
    idle = f", each page idle {args.idle:g} s first" if args.idle else ""
    idle += f", {args.pause:g} ms between inputs" if args.pause else ", back to back"
    print(f"page: from an input to its answer, ms median / p95 over {args.runs} inputs each{idle} (target 16): when the "
          "page's data-ready changes, laid out, and with the frame showing it drawn (its wait for its turn left out); "
          "CPU: the page's main thread, ms per input")
    print(f"{'page':10} {'in the page':>15} {'laid out':>15} {'drawn':>15} {'CPU':>7}")
    try:
        rows = timings(site, args.runs, args.idle, args.seed, args.pause)
    except Failed as exc:
        sys.exit(f"table_pages: {exc}")
    for name, page, laid, drawn, cpu, _ in rows:
        print(f"{name:10} " + " ".join(f"{m:>6.1f} / {p:>5.1f}" for m, p in (page, laid, drawn)) + f" {cpu:>7.1f}")
    for name, _, _, _, _, notes in rows:
        for note, count in notes.items():
            print(f"{name}: {count} of the {args.runs} inputs were {note}")


if __name__ == "__main__":
    main()
