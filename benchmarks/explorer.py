"""The explorer in the browser: what it loads, and how long a ruling takes on the page.

    .venv/bin/python benchmarks/explorer.py [--site DIR] [--runs N]

1. Sizes, in bytes and gzipped (level 9), of the explorer's JavaScript (its modules and the CEL
   library) and data (the model: the record's vocabulary, the views, the facts), which a page
   loads before any code is asked (target: at most 150 KB gzipped), and of each code's rulebook,
   loaded when that code is asked.
2. Time on the page (Debian's Chromium, headless, through Playwright), per record, median and 95th
   percentile over N runs: reading the record and deriving its views, then one code's rulings,
   then every code's, for a short record (a card exposed in the deal) and a full hand (deal,
   auction and play). Each run reads the record anew (the engine's kept work forgotten first), as an
   explorer answering a changed input would.
3. On the page "What happens now?" (explorer/), the time from an input (the code chosen again; the
   story changed, between two stories the engine has kept; a new story, the engine's kept work
   forgotten before each input, so the story is read, its views derived and every code asked anew)
   to the updated answer in the page, to it laid out, and with the work of drawing the frame that
   shows it (from that frame's start until a task it queued runs; the wait for the frame left out):
   median and 95th percentile, and the page's main-thread CPU per input (Chromium's ThreadTime over
   the runs, divided by their number: with what the page does between the inputs, its practice;
   the address is written once the inputs stop, 150 ms after the last answer: share.writeSoon), for
   the short record and the full hand, on one code and on every code side by side (target: 16 ms,
   one frame). The page loads each code's rulebook and laws (<code>.laws.json) when it is asked.
   The page draws again only a code's panel (and the questions) whose content changed: the fault
   ticked here changes no ruling of these records, so after a 'new story' the engine has worked
   anew but the panels stand as they were (a story that changes a ruling redraws that panel).
   After an answer the page practises in the browser's idle time (Explorer.warmUp: a whole hand
   made for it and the story, read anew and ruled under the codes loaded, a step at a time, until
   V8 has compiled the evaluator's paths; nothing the page kept is used or pushed out), as it does
   for a reader: here in the pauses between the inputs (the 'code chosen' and 'story changed' runs
   come first), so the 'new story' inputs meet what a reader who has read for a moment meets. The
   engine's own times (2.) are of a page that has not practised.

The site is built into a temporary folder unless --site names one built from this tree.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
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


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def _imported(module: Path) -> list[Path]:
    """``module`` and the explorer's modules it imports, directly or through another (the CEL
    library apart): what the browser loads for it."""
    found: dict[Path, None] = {}
    stack = [module]
    while stack:
        path = stack.pop()
        if path in found:
            continue
        found[path] = None
        for name in re.findall(r"""(?:import|from)\s*\(?\s*['"]\./([\w-]+\.js)['"]""", path.read_text("utf-8")):
            stack.append(path.parent / name)
    return sorted(found)


def sizes(site: Path) -> list[tuple[str, int, int]]:
    def row(name: str, paths: list[Path]) -> tuple[str, int, int]:
        data = [p.read_bytes() for p in paths]
        return name, sum(map(len, data)), sum(len(gzip.compress(d, 9)) for d in data)

    modules = _imported(site / MODULES / "now.js")  # what "What happens now?" loads (the table pages: benchmarks/table_pages.py)
    library = sorted((site / MODULES / "cel-js").glob("*.js"))
    model = [site / "api/explorer/model.json", site / "api/explorer/index.json"]
    rows = [row("What happens now?'s modules", modules), row("the CEL library (cel-js)", library),
            row("the model (views, record, facts)", model),
            row("What happens now?'s style sheet", [site / MODULES / "now.css"])]
    rows.append(("before a code loads", sum(r[1] for r in rows), sum(r[2] for r in rows)))
    index = json.loads((site / "api/explorer/index.json").read_text("utf-8"))
    rows += [row(f"rulebook {c['id']}", [site / "api/explorer" / c["json"]]) for c in index["codes"]]
    rows += [row(f"laws cited {c['id']}", [site / "api/explorer" / f"{c['id']}.laws.json"]) for c in index["codes"]
             if (site / "api/explorer" / f"{c['id']}.laws.json").is_file()]
    return rows


TIMING = """async ([records, runs]) => {
  const {open} = await import('/assets/lawkit/explorer/explorer.js')
  const explorer = await open()
  const codes = explorer.codes.map(c => c.id)
  await Promise.all(codes.map(c => explorer.code(c)))
  const engine = explorer.engine
  const out = {}
  for (const [name, record] of Object.entries(records)) {
    const times = {views: [], one: [], all: []}
    for (let run = 0; run < runs; run++) {
      engine.forget() // the engine keeps what it derived for the next input: here each run does the work
      let t = performance.now()
      const situation = engine.situation(record)
      times.views.push(performance.now() - t)
      t = performance.now()
      engine.ruling(codes[0], situation)
      times.one.push(performance.now() - t)
      t = performance.now()
      for (const code of codes) engine.ruling(code, situation)
      times.all.push(performance.now() - t)
    }
    out[name] = times
  }
  return {codes: codes.length, first: codes[0], times: out}
}"""


# On "What happens now?", two inputs: the code chosen again (the same story, ruled anew), and a
# change to the story (an irregularity ticked or unticked: the record read again, its views derived
# and every code asked ruling again). The answer is in the page when the input's handler returns;
# reading a height then makes the browser lay it out. The page writes its address once the runs
# stop (150 ms after the last answer: share.writeSoon), not between them.
#
# The engine keeps what it derived for the story it was last told (and a few before), and the page
# draws again only a part whose answer changed, so the same two inputs again are mostly work kept: a
# third input, 'new story', is the story changed with all that forgotten before each run (outside
# the time measured), as a story the page has never seen.
INPUT = """async ([runs, kind]) => {
  const control = kind === 'code' ? document.querySelector('.lk-now__code select')
    : document.querySelector('.lk-now__irregular input[type=checkbox]')
  const answer = document.querySelector('.lk-now__answer')
  const explorer = await (await import('/assets/lawkit/explorer/explorer.js')).open()
  const times = [], scripts = [], frames = []
  for (let run = 0; run < runs; run++) {
    if (kind === 'new') explorer.engine.forget()
    // The frame that shows the answer: a task queued from the next animation frame runs once that
    // frame is drawn (asked before the input, so it runs before the page's own work after it). Its
    // work is from the frame's start to then: the wait for the frame's turn (up to 16.7 ms whatever
    // the page does) is left out.
    let begun, drawn
    const frame = new Promise(resolve => requestAnimationFrame(() => {
      begun = performance.now()
      setTimeout(() => { drawn = performance.now(); resolve() }, 0)
    }))
    const t = performance.now()
    if (kind !== 'code') control.checked = !control.checked
    control.dispatchEvent(new Event('change'))
    scripts.push(performance.now() - t)
    void answer.offsetHeight
    times.push(performance.now() - t)
    await frame
    frames.push(times[times.length - 1] + (drawn - begun))
    await new Promise(resolve => setTimeout(resolve, 20))
  }
  return {times, scripts, frames, rulings: answer.querySelectorAll('.lk-ruling-card').length}
}"""


def thread_ms(cdp) -> float:
    """The page's main-thread CPU so far (Chromium's ThreadTime), in ms."""
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "ThreadTime") * 1000


def now_timing(browser, base: str, chosen: dict[str, tuple[str, dict]], codes: list[str], runs: int) -> list:
    """(record, code or 'all', input, ms to the answer in the page, ms to it laid out, ms to it drawn,
    rulings shown, main-thread CPU ms per input) on "What happens now?"."""
    sys.path.insert(0, str(REPO))
    from lawkit.site.explorer import state_fragment

    found = []
    for key, (_, record) in chosen.items():
        for code in (OWN_CODE.get(key, codes[0]), "all"):
            page = browser.new_page()  # a page of its own: a new fragment alone would not reload it
            page.goto(f"{base}/explorer/#{state_fragment({'code': code, 's': record})}")
            page.wait_for_function("Number(document.getElementById('lk-now').dataset.answered || 0) > 0",
                                   timeout=120_000)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")
            for kind in ("code", "story", "new"):
                before = thread_ms(cdp)
                result = page.evaluate(INPUT, [runs, kind])
                cpu = (thread_ms(cdp) - before) / runs
                found.append((key, code, kind, result["scripts"], result["times"], result["frames"], result["rulings"], cpu))
            page.close()
    return found


OWN_CODE: dict[str, str] = {}  # each record's code: the first its scenario expects a ruling of


def records() -> dict[str, dict]:
    sys.path.insert(0, str(REPO))
    import lawkit

    found = {}
    for path in sorted((REPO / "tests" / "scenarios").glob("*.yaml")):
        for scenario in lawkit.load_scenarios(path):
            events = scenario.record.get("events") or []
            kinds = {next(iter(e)) for e in events if isinstance(e, dict) and e}
            if "short" not in found and any(e.get("deal", {}).get("face_up") for e in events
                                            if isinstance(e, dict) and isinstance(e.get("deal"), dict)):
                found["short"] = (scenario.name, scenario.record)
                OWN_CODE["short"] = next(iter(scenario.expect))
            if {"deal", "call", "play"} <= kinds and len(events) > 100 and "full" not in found:
                found["full"] = (scenario.name, scenario.record)
                OWN_CODE["full"] = next(iter(scenario.expect))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    site = args.site
    if site is None:
        site = Path(tempfile.mkdtemp(prefix="lawkit-site-"))
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)], cwd=REPO,
                       check=True)
    print(f"{'what the page loads':38} {'bytes':>10} {'gzipped':>10}")
    for name, raw, zipped in sizes(site):
        print(f"{name:38} {raw:>10,} {zipped:>10,}")
    from playwright.sync_api import sync_playwright

    chosen = records()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                                 args=ARGS)
            page = browser.new_page()
            base = f"http://127.0.0.1:{server.server_address[1]}"
            page.goto(f"{base}/laws/")
            found = page.evaluate(TIMING, [{k: r for k, (_, r) in chosen.items()}, args.runs])
            index = json.loads((site / "api/explorer/index.json").read_text("utf-8"))
            answered = now_timing(browser, base, chosen, [c["id"] for c in index["codes"]], args.runs)
            browser.close()
    finally:
        server.shutdown()
    print(f"\non the page, ms over {args.runs} runs (median / 95th percentile); one code: {found['first']}")
    every = f"all {found['codes']}"
    print(f"{'record':62} {'views':>13} {'one code':>13} {every:>13}")

    def cell(values: list[float]) -> str:
        ordered = sorted(values)
        return f"{statistics.median(ordered):5.1f} / {ordered[int(0.95 * (len(ordered) - 1))]:5.1f}"

    for key, (name, _) in chosen.items():
        times = found["times"][key]
        print(f"{(key + ': ' + name)[:62]:62} {cell(times['views']):>13} {cell(times['one']):>13} "
              f"{cell(times['all']):>13}")

    print(f"\nWhat happens now?: from an input to the answer, ms over {args.runs} runs (median / 95th "
          "percentile; target 16): when the input's handler returns, laid out, and with the frame showing it "
          "drawn (its wait for its turn left out); CPU: the page's main thread, ms per input")
    print(f"{'record':44} {'codes':>20} {'input':>14} {'rulings':>7} {'in the page':>13} {'laid out':>13} "
          f"{'drawn':>13} {'CPU':>6}")
    for key, code, kind, scripts, times, frames, rulings, cpu in answered:
        label = code if code != "all" else every
        said = {"code": "code chosen", "story": "story changed", "new": "new story"}[kind]
        print(f"{(key + ': ' + chosen[key][0])[:44]:44} {label:>20} {said:>14} {rulings:>7} {cell(scripts):>13} "
              f"{cell(times):>13} {cell(frames):>13} {cpu:>6.1f}")

if __name__ == "__main__":
    main()
