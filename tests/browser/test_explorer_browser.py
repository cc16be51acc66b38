"""The explorer's evaluator in the browser: one truth, two engines (issue 13, point 8).

The rules run on the page with @marcbachmann/cel-js, through the explorer's own modules
(lawkit/site/assets/explorer/), from the data the plugin writes under api/explorer/. Two checks:

- the shared file of CEL expressions (tests/cel/expressions.yaml) gives the file's results in the
  browser as in Python, whole numbers as BigInt and errors of the kind the file names;
- every scenario of tests/scenarios/ is ruled on the page under every code the Python engine
  rules it (the codes its expectation names), and the whole of each result — the rulings (law,
  rule, outcome, values, says, cites, score, trace), the questions for what is missing and the
  rules considered — equals the Python engine's, computed here while the page works.

LAWKIT_EXPLORER_CODES=all rules each scenario under all six codes instead (slower).
"""

from __future__ import annotations

import gzip
import json
import os
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from .conftest import REPO
import yaml

import lawkit
from conftest import DEMO_CODE, suite_scenarios  # tests/conftest.py

CEL_FILE = REPO / "tests" / "cel" / "expressions.yaml"
MODULES = "/assets/lawkit/explorer/"

# Mismatches known and not yet fixed, by scenario name and code, each with its reason. This list
# may only shrink: a mismatch not listed fails, and so does a listed one that now agrees.
KNOWN: dict[tuple[str, str], str] = {}


def _open(page) -> None:
    """A page of the built site; the explorer's modules are imported from it as the page would."""
    page.goto(page.base_url + "/laws/")


CEL_RUN = """async ([base, data]) => {
  const cel = await import(base + 'cel.js')
  const context = cel.toCel(data.context)
  // Whole numbers must come back as BigInt: each result is tagged with its JavaScript type.
  const tag = v => typeof v === 'bigint' ? {int: v.toString()} : typeof v === 'number' ? {double: v}
    : Array.isArray(v) ? v.map(tag) : v !== null && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v instanceof Map ? Object.fromEntries(v) : v).map(([k, x]) => [k, tag(x)]))
      : v
  return data.expressions.map(c => {
    try {
      return {value: tag(cel.compile(c.expr).run(context))}
    } catch (error) {
      return {error: error.kind || 'not a CEL error: ' + error.message}
    }
  })
}"""


def _tagged(value):
    """An expected result as the page tags it: a whole number as {int: its digits}."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, list):
        return [_tagged(v) for v in value]
    return {k: _tagged(v) for k, v in value.items()}


def test_the_shared_cel_file_gives_the_same_results_in_the_browser(page):
    data = yaml.safe_load(CEL_FILE.read_text("utf-8"))
    _open(page)
    got = page.evaluate(CEL_RUN, [MODULES, data])
    wrong = []
    for case, result in zip(data["expressions"], got, strict=True):
        want = {"error": case["error"]} if "error" in case else {"value": _tagged(case["expect"])}
        if result != want:
            wrong.append(f"{case['name']}: `{case['expr']}` gave {result}, the file says {want}")
    assert not wrong, "\n".join(wrong)


# The page rules the scenarios in batches, yielding between them, and keeps what it found; Python
# computes its rulings meanwhile (the two engines work side by side), then reads the page's.
START = """async ([base, scenarios]) => {
  const {open} = await import(base + 'explorer.js')
  const explorer = await open()
  const codes = [...new Set(scenarios.flatMap(s => s.codes))]
  await Promise.all(codes.map(c => explorer.code(c)))
  const engine = explorer.engine
  window.lawkitConformance = {done: false, results: []}
  const run = async () => {
    const started = performance.now()
    for (let start = 0; start < scenarios.length; start += 25) {
      for (const s of scenarios.slice(start, start + 25)) {
        const out = {codes: {}}
        try {
          // as the page asks: the views the compared codes' rules read
          const situation = engine.situation(s.record, {views: 'rules', codes: s.codes})
          for (const code of s.codes) {
            try {
              out.codes[code] = engine.ruling(code, situation)
            } catch (error) {
              out.codes[code] = {error: error.message, kind: error.kind || 'not a ruling error'}
            }
          }
        } catch (error) {
          out.error = error.message
        }
        window.lawkitConformance.results.push(out)
      }
      await new Promise(resolve => setTimeout(resolve, 0))
    }
    window.lawkitConformance.ms = performance.now() - started
    window.lawkitConformance.done = true
  }
  run()
  return codes.length
}"""


def _without_positions(result: dict) -> dict:
    """A result as the page gives it: the page has no file positions (a trace's `at`)."""
    for ruling in result.get("rulings", []):
        for step in ruling["trace"]:
            step.pop("at", None)
    return result


def _normal(value):
    return json.loads(json.dumps(value, sort_keys=True))


def test_every_scenario_rules_alike_in_the_browser(page, corpus):
    scenarios = list(suite_scenarios())
    every_code = os.environ.get("LAWKIT_EXPLORER_CODES") == "all"
    codes = [list(corpus.codes) if every_code else list(s.expect) for s in scenarios]
    _open(page)
    page.evaluate(START, [MODULES, [{"record": s.record, "codes": c} for s, c in zip(scenarios, codes)]])
    started = time.perf_counter()
    engine = lawkit.Engine(corpus)
    python = []
    for scenario, its_codes in zip(scenarios, codes):
        try:
            situation = engine.situation(scenario.record, scenario.position.path)
        except lawkit.RulingError as exc:
            python.append({"error": str(exc)})
            continue
        out: dict = {"codes": {}}
        for code in its_codes:
            try:
                out["codes"][code] = _without_positions(engine.ruling(code, situation).as_json())
            except lawkit.RulingError as exc:
                out["codes"][code] = {"error": str(exc), "kind": exc.kind}
        python.append(out)
    python_ms = (time.perf_counter() - started) * 1000
    page.wait_for_function("window.lawkitConformance && window.lawkitConformance.done", timeout=300_000,
                           polling=500)
    browser = json.loads(page.evaluate("JSON.stringify(window.lawkitConformance)"))
    assert len(browser["results"]) == len(scenarios)
    mismatches: dict[tuple[str, str], str] = {}
    compared = 0
    for scenario, want, got in zip(scenarios, python, browser["results"]):
        where = f"{Path(scenario.position.path).name}:{scenario.position.line}"
        if "error" in want or "error" in got:
            if ("error" in want) != ("error" in got):
                mismatches[(scenario.name, "*")] = f"{where}: the record: Python {want.get('error')!r}, " \
                                                   f"the page {got.get('error')!r}"
            continue
        for code, expected in want["codes"].items():
            compared += 1
            given = got["codes"].get(code)
            if "error" in expected or (given and "error" in given):
                # Both fail: the kind must agree (the messages quote each library's own words).
                if (given or {}).get("kind") != expected.get("kind"):
                    mismatches[(scenario.name, code)] = f"{where}: Python {expected}, the page {given}"
                continue
            for part in ("rulings", "missing_facts", "considered"):
                if _normal(expected[part]) != _normal(given[part]):
                    mismatches[(scenario.name, code)] = (
                        f"{where}: {part} differ\n    Python:   {json.dumps(_normal(expected[part]))[:600]}"
                        f"\n    the page: {json.dumps(_normal(given[part]))[:600]}")
                    break
    print(f"\nexplorer conformance: {len(scenarios)} scenarios, {compared} rulings compared under "
          f"{len({c for cs in codes for c in cs})} codes; the page took {browser['ms']:.0f} ms, Python "
          f"{python_ms:.0f} ms, side by side")
    unexpected = {k: v for k, v in mismatches.items() if k not in KNOWN}
    fixed = [k for k in KNOWN if k not in mismatches]
    assert not unexpected, f"{len(unexpected)} rulings differ between the page and Python:\n" + "\n".join(
        f"  {name} [{code}] {text}" for (name, code), text in unexpected.items())
    assert not fixed, f"listed in KNOWN but now agreeing (take them off the list): {fixed}"
    assert compared == sum(len(c) for c in codes) - sum(len(c) for c, w in zip(codes, python) if "error" in w)


EXPLORER_PAGES = ["/explorer/", "/explorer/hand/", "/explorer/cut/", "/explorer/deal/", "/explorer/score/"]


@pytest.mark.parametrize("address", EXPLORER_PAGES)
def test_the_explorer_before_a_rulebook_fits_its_budget(page, site_dir, address):
    """What a page of the explorer loads before a code's rulebook — its modules (as the browser
    follows their imports), its style sheets, the CEL library, the model and the codes' index —
    gzipped: at most 150 KB (issue 13, point 9). A rulebook (api/explorer/<code>.json) and a code's
    laws, loaded when the code is asked, are not counted."""
    loaded: list[str] = []
    page.on("requestfinished", lambda request: loaded.append(urlparse(request.url).path))
    page.goto(page.base_url + address)
    page.wait_for_load_state("networkidle")
    counted = sorted({path for path in loaded if path.startswith(MODULES)
                      or path in ("/api/explorer/model.json", "/api/explorer/index.json")})
    assert any(path.endswith(".js") for path in counted), loaded  # the page did load its modules
    zipped = sum(len(gzip.compress((site_dir / path.lstrip("/")).read_bytes(), 9)) for path in counted)
    assert zipped <= 150_000, f"{address}: {zipped} bytes gzipped: {counted}"


# The views issue 15 made linear, on long records, in the page: the layout record.js makes for them
# (calls_before, play_before, seat_play_before, trick_first_play) must give what Python's gives.
VIEWS_RUN = """async ([base, records, names]) => {
  const {open} = await import(base + 'explorer.js')
  const explorer = await open()
  const engine = explorer.engine
  const tag = v => typeof v === 'bigint' ? {int: v.toString()} : typeof v === 'number' ? {double: v}
    : Array.isArray(v) ? v.map(tag) : v !== null && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v instanceof Map ? Object.fromEntries(v) : v).map(([k, x]) => [k, tag(x)]))
      : v
  return records.map(r => {
    const views = engine.situation(r).views
    return Object.fromEntries(names.filter(n => Object.hasOwn(views, n)).map(n => [n, tag(views[n])]))
  })
}"""


def test_the_linear_views_give_the_same_in_the_browser(page, corpus):
    import importlib.util
    import random

    spec = importlib.util.spec_from_file_location("linear_views", REPO / "tests" / "test_linear_views.py")
    assert spec and spec.loader
    linear = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(linear)
    bench = linear.bench
    records = [bench.auction_record(382), bench.hand_record(104)]
    records += [linear.random_auction(random.Random(seed), 100) for seed in range(4)]
    records += [linear.random_hand(random.Random(seed)) for seed in range(4)]
    names = sorted(bench.AUCTION_VIEWS | bench.ATTENTION_VIEWS)
    _open(page)
    got = page.evaluate(VIEWS_RUN, [MODULES, records, names])
    engine = lawkit.Engine(corpus)
    compared = 0
    for record, in_page in zip(records, got, strict=True):
        views = engine.situation(record).views
        want = {n: _tagged(views[n]) for n in names if n in views}
        assert in_page == want
        compared += sum(1 for v in want.values() if v)
    assert compared >= 12  # views with something in them, not only empty lists


CANNOT_HOLD = """async ([base, records]) => {
  const {open} = await import(base + 'explorer.js')
  const cel = await import(base + 'cel.js')
  const explorer = await open()
  await Promise.all(explorer.codes.map(c => explorer.code(c.id)))
  const engine = explorer.engine
  const quiet = run => { try { return run() } catch (error) { return error } }
  // What 'cannot hold' was before its operands were asked first: the whole condition, run once.
  const whole = (rule, context) => quiet(() => rule.whenProgram.run(context)) === false
  const out = {asked: 0, distinct: 0, split: 0, byAnOperand: 0, differ: []}
  // Both answers are a function of the rule and the values of the names it reads: a rule met again
  // with the same values (the same facts absent) is asked once (each value's text made once a record).
  const seen = new Set()
  // A value's text with its types and its maps' key order (an int is not a double; a comprehension
  // meets a map's keys in order): two values of one text are the same to CEL.
  const exact = value => {
    if (typeof value === 'bigint') return `i${value}`
    if (typeof value === 'number') return `d${Object.is(value, -0) ? '-0' : value}`
    if (Array.isArray(value)) return `[${value.map(exact).join(',')}]`
    if (value instanceof Map) return `{${[...value].map(([k, v]) => exact(k) + ':' + exact(v)).join(',')}}`
    if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => JSON.stringify(k) + ':' + exact(v)).join(',')}}`
    return JSON.stringify(value) ?? String(value)
  }
  for (const record of records) {
    const situation = quiet(() => engine.situation(record, {views: 'rules'}))
    if (situation instanceof Error) continue
    const texts = new Map()
    const text = name => {
      if (!texts.has(name)) texts.set(name, Object.hasOwn(situation.facts, name) ? exact(situation.facts[name]) : '-')
      return texts.get(name)
    }
    for (const [code, book] of Object.entries(engine.books)) {
      const context = new cel.Layers(situation.facts, book.constants, engine.views.constants)
      for (const rule of book.rules) {
        const absent = rule.facts.filter(f => !Object.hasOwn(situation.facts, f))
        if (rule.whenProgram === null || !absent.length) continue
        out.asked += 1
        const inputs = `${code}\u0000${rule.key}\u0000${[...rule.whenProgram.names].map(text).join('\u0000')}`
        if (seen.has(inputs)) continue
        seen.add(inputs)
        out.distinct += 1
        const parts = rule.whenProgram.conjuncts
        if (parts.length) out.split += 1
        if (parts.some(p => !absent.some(n => p.names.has(n)) && quiet(() => p.run(context)) === false)) out.byAnOperand += 1
        const got = engine.cannotHold(rule, context, absent)
        if (got !== whole(rule, context)) out.differ.push(`${code} ${rule.key}: ${got} (absent ${absent.join(', ')})`)
      }
    }
  }
  const split = source => cel.compile(source).conjuncts.map(p => [p.source, [...p.names].sort()])
  out.examples = {
    chain: split("a == 'x && y' && size(b.filter(c, c && d)) > 0 && (e || f)"),
    wrapped: split('(a && b)'),
    or: split('a && b || c'),
  }
  return out
}"""


def test_cannot_hold_asks_an_operand_of_and_first_and_agrees_with_the_whole(page):
    """Whether a rule in play cannot hold is decided first by an operand of its condition's
    top-level `&&` that reads no absent fact (no error made for the absent names): for every rule of
    every code with facts absent, on every scenario's record, it says what the whole condition says."""
    scenarios = list(suite_scenarios())
    _open(page)
    got = page.evaluate(CANNOT_HOLD, [MODULES, [s.record for s in scenarios]])
    assert not got["differ"], got["differ"][:10]
    assert got["asked"] > 1000 and got["distinct"] > 1000 and got["split"] > 100 and got["byAnOperand"] > 100, got
    assert got["examples"] == {
        "chain": [["a == 'x && y'", ["a"]], ["size(b.filter(c, c && d)) > 0", ["b", "c", "d"]], ["(e || f)", ["e", "f"]]],
        "wrapped": [],  # the parser's one operand is the parenthesized whole: nothing to split
        "or": [],
    }


DERIVED_AGAIN = """async ([base, records, cut, recut]) => {
  const {open} = await import(base + 'explorer.js')
  const cel = await import(base + 'cel.js')
  const {readRecord, asCel} = await import(base + 'record.js')
  const engine = (await open()).engine
  const views = engine.views
  let ran = 0
  for (const view of views.list) {
    for (const program of [view.whenProgram, view.valueProgram]) {
      if (program === null || program.counted) continue
      const run = program.run
      program.run = context => { ran += 1; return run.call(program, context) }
      program.counted = true
    }
  }
  const laidOut = data => { const {answers, ...parts} = data; return asCel(readRecord(parts, engine.model.record), engine.model.record) }
  const text = given => JSON.stringify(Object.keys(given).sort().map(name => [name, cel.plain(given[name])]))
  const memory = views.memory()
  const out = {derived: 0, differ: [], runs: []}
  // Every record in turn through one memory, then again in the other order, every other one with
  // only the views the rules read (the rest unbound): each gives what a derivation from nothing gives.
  const order = [...records, ...[...records].reverse()]
  order.forEach((data, i) => {
    let record
    try { record = laidOut(data) } catch (error) { return }
    const wanted = i % 2 ? engine.wanted([]) : null
    let want
    try { want = text(views.derive(record, wanted)) } catch (error) { want = 'error: ' + error.message }
    let got
    try { got = text(views.derive(record, wanted, {}, memory)) } catch (error) { got = 'error: ' + error.message }
    out.derived += 1
    if (got !== want) out.differ.push(i)
  })
  // The cut: the table's cut, then the same with two tied candidates' second cuts.
  const again = views.memory()
  for (const data of [cut, recut]) {
    ran = 0
    const given = views.derive(laidOut(data), engine.wanted([]), {}, again)
    out.runs.push(ran)
    if (text(given) !== text(views.derive(laidOut(data), engine.wanted([])))) out.differ.push('cut')
  }
  return out
}"""


def test_views_are_derived_again_only_where_what_they_read_changed(page):
    """Views.derive with a memory runs a view's CEL again only when a name it reads holds other data
    than the last time: every scenario's record derived in turn through one memory (and again in the
    other order, every other time only the views the rules read) gives exactly what a derivation from
    nothing gives, and the cut page's second step (two candidates' second cuts added to the table's
    cut) runs a small part of the view programs the first ran."""
    scenarios = list(suite_scenarios())
    names = ["Ann", "Bob", "Cal", "Dan", "Eve", "Fay"]
    cut = {"events": [{"cut": {"by": p, "card": c}} for p, c in zip(names, ["QS", "3H", "3D", "KC", "7S", "2C"])]}
    recut = {"events": cut["events"] + [{"cut": {"by": "Bob", "card": "9H"}}, {"cut": {"by": "Cal", "card": "4C"}}]}
    _open(page)
    got = page.evaluate(DERIVED_AGAIN, [MODULES, [s.record for s in scenarios], cut, recut])
    assert got["derived"] > 2 * 100 and not got["differ"], got
    first, second = got["runs"]
    assert first > 200 and second * 10 < first, got["runs"]


OUTCOMES_AGAIN = """async ([base, cut, recut, other]) => {
  const {open} = await import(base + 'explorer.js')
  const explorer = await open()
  const engine = explorer.engine
  for (const code of ['english-whist', 'bridge-1904', 'auction-bridge-1912', 'auction-bridge-1913']) await explorer.code(code)
  const codes = Object.keys(engine.books)
  let ran = 0
  for (const book of Object.values(engine.books)) {
    for (const rule of book.rules) {
      for (const program of [rule.whenProgram, ...(rule.whenProgram ? rule.whenProgram.conjuncts : []), ...Object.values(rule.valuePrograms)]) {
        if (program === null || program.counted) continue
        const run = program.run
        program.run = context => { ran += 1; return run.call(program, context) }
        program.counted = true
      }
    }
  }
  const rulings = situation => JSON.stringify(codes.map(code => engine.ruling(code, situation)))
  const out = {runs: [], differ: [], dealers: []}
  // The cut for partners, then the same with the tied players' second cuts, as the cut page asks
  // them, then other cards drawn (what reads the cut reads another object).
  for (const data of [cut, recut, other]) {
    ran = 0
    const got = rulings(engine.situation(data, {views: 'rules', codes}))
    out.runs.push(ran)
    const fresh = engine.fresh(data, {views: 'rules', codes})
    if (got !== rulings(fresh)) out.differ.push(data.events.length)
    out.dealers.push(got.match(/"first_dealer":"([^"]*)"/g))
  }
  return out
}"""


def test_a_rule_expression_is_evaluated_again_only_where_what_it_reads_changed(page):
    """Engine.evaluated: a rule's expression whose names all hold the same objects as the last time
    gives the last time's outcome. The cut page's tie (the two who cut the lowest cards of the cut
    for partners cut again), ruled by every code after the cut before it, gives the rulings a
    situation read anew gives (the recut decides who deals) and runs fewer than half the rule
    expressions the cut ran; other cards drawn next are ruled anew."""
    names = ["Ann", "Bob", "Cal", "Dan"]
    cut = {"events": [{"cut": {"by": p, "card": c}} for p, c in zip(names, ["3H", "3D", "9S", "KC"])]}
    recut = {"events": cut["events"] + [{"cut": {"by": "Ann", "card": "5C"}}, {"cut": {"by": "Bob", "card": "2S"}}]}
    other = {"events": [{"cut": {"by": p, "card": c}} for p, c in zip(names, ["KC", "9S", "2D", "5H"])]}
    _open(page)
    got = page.evaluate(OUTCOMES_AGAIN, [MODULES, cut, recut, other])
    assert not got["differ"] and len({json.dumps(d) for d in got["dealers"]}) == 3, got
    first, second, _ = got["runs"]
    assert first > 40 and second * 2 < first, got["runs"]


UNBOUND = """async ([base, data, unbound]) => {
  const cel = await import(base + 'cel.js')
  const context = cel.toCel(data.context)
  const outcome = (program, ctx) => {
    try {
      return {value: cel.plain(program.run(ctx))}
    } catch (error) {
      return {error: error.kind, message: error.message}
    }
  }
  const differ = []
  // The shared file's expressions, and each with unbound names, read through Layers as a ruling
  // reads its context, and from a plain object (cel-js's own lookup and its own error).
  for (const expr of [...data.expressions.map(c => c.expr), ...unbound]) {
    const program = cel.compile(expr)
    const plain = outcome(program, context)
    const layered = outcome(program, new cel.Layers(context))
    if (JSON.stringify(plain) !== JSON.stringify(layered)) differ.push([expr, plain, layered])
  }
  // The failure of an unbound name is made once and thrown again, not made at each evaluation.
  const failures = [0, 1].map(() => { try { cel.compile('missing > 1').run(new cel.Layers({})) } catch (error) { return error } })
  return {differ, shared: failures[0] === failures[1], kind: failures[0].kind, message: failures[0].message}
}"""


def test_an_unbound_name_fails_as_cel_js_fails_without_making_an_error_each_time(page):
    """A ruling's context (cel.Layers) answers a name it does not bind with the error cel-js makes,
    made once for the name: every expression of the shared CEL file, and expressions where an
    unbound name is absorbed by `&&`, `||` or a quantifier, or is not absorbed, give through Layers
    what they give read from a plain object by cel-js itself (value, or error kind and message)."""
    data = yaml.safe_load(CEL_FILE.read_text("utf-8"))
    unbound = ["missing", "missing && false", "false && missing", "missing && true", "missing || true",
               "true || missing", "missing || false", "!missing", "n > 3 || missing.x == 1",
               "cards.exists(c, c == 'QS' || missing)", "cards.exists(c, c == 'XX' || missing)",
               "cards.all(c, c == 'XX' && missing)", "cards.all(c, missing)", "empty.all(c, missing)",
               "cards.filter(c, missing).size() > 0", "n > 10 ? missing : n", "n < 10 ? missing : n",
               "(missing || other) && flag", "size(missing) > 0 && seats.exists(s, s == other)",
               "has(missing.x) || true", "[missing, 1].size() == 2"]
    _open(page)
    got = page.evaluate(UNBOUND, [MODULES, data, unbound])
    assert not got["differ"], got["differ"]
    assert got == {"differ": [], "shared": True, "kind": "unbound", "message": "Unknown variable: missing"}


ONE_CODE = """async ([base, scenarios, full]) => {
  const {open} = await import(base + 'explorer.js')
  const explorer = await open()
  const codes = explorer.codes.map(c => c.id)
  await Promise.all(codes.map(c => explorer.code(c)))
  const engine = explorer.engine
  const outcome = make => { try { return JSON.stringify(make()) } catch (error) { return 'error: ' + error.message } }
  const differ = []
  let compared = 0
  // The conformance test rules every scenario from the views of its codes' rules alone, against
  // Python's rulings from every view; here one scenario in ten is also ruled from every code's
  // rules' views, and with another code's rules beside its own.
  for (const [n, s] of scenarios.entries()) {
    if (n % 10) continue
    for (const code of s.codes) {
      const every = outcome(() => engine.ruling(code, engine.situation(s.record, {views: 'rules'})))
      const one = outcome(() => engine.ruling(code, engine.situation(s.record, {views: 'rules', codes: [code]})))
      const both = outcome(() => engine.ruling(code, engine.situation(s.record, {views: 'rules', codes: [code, codes[n % codes.length]]})))
      compared += 1
      if (one !== every || both !== every) differ.push([n, code])
    }
  }
  const derived = which => Object.keys(engine.situation(full, {views: 'rules', codes: which}).views).length
  let refused = null
  try { engine.ruling('auction-bridge-1912', engine.situation(full, {views: 'rules', codes: ['bridge-1904']})) } catch (error) { refused = error.message }
  return {differ, compared, oneCode: derived(['bridge-1904']), everyCode: derived(codes),
    rules: Object.keys(engine.situation(full, {views: 'rules'}).views).length, refused}
}"""


def test_a_situation_for_one_codes_rules_rules_as_one_for_every_code(page):
    """A situation whose views are derived for the asked codes' rules alone (as the page asks for the
    code it shows) gives each of those codes exactly the ruling a situation for every code's rules
    gives, on one scenario's record in ten under the first code it expects (the conformance test rules
    every scenario from the views of its codes' rules alone, against Python); a full hand under one code derives
    fewer views than under all six, and a code not asked is refused rather than ruled on too few."""
    scenarios = list(suite_scenarios())
    full = next(s.record for s in scenarios if len(s.record.get("events") or []) > 100)
    _open(page)
    got = page.evaluate(ONE_CODE, [MODULES, [{"record": s.record, "codes": list(s.expect)[:1]} for s in scenarios], full])
    assert not got["differ"] and got["compared"] == len(scenarios[::10]), got
    assert got["oneCode"] < 0.8 * got["everyCode"] and got["everyCode"] == got["rules"], got
    assert got["refused"] and "not of auction-bridge-1912" in got["refused"], got


# Two codes of one small corpus whose rules ask the same expressions, each reading a value the
# code's own rules give (seats) or one of its constants (limit), different in each code: an
# expression is shared among codes only when it reads neither (Engine.outcome), both when it reads
# nothing answered (the views' outcomes) and when it reads an answer too (the situation's).
TWO_CODES_FACTS = """\
# yaml-language-server: $schema=../lawkit/schemas/facts.schema.json
facts:
  - {name: tables, type: int, question: How many tables are in play?}
"""
TWO_CODES_OUTCOMES = """\
# yaml-language-server: $schema=../lawkit/schemas/outcomes.schema.json
outcomes:
  - {id: seated, description: The seats are counted.}
  - {id: crowded, description: The room is crowded.}
  - {id: full, description: The tables are full.}
  - {id: strict, description: The code is strict.}
  - {id: room, description: There is room for more tables.}
"""


def _two_codes_heading(seats: int, limit: int) -> str:
    return f"""\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    text: Each table seats so many; so many tables at most.
    constants:
      - {{name: limit, value: {limit}}}
    rules:
      - id: seats
        when: tables > 0
        then: {{outcome: seated, values: {{seats: {seats}}}}}
  - law: 2
    text: The seats decide.
    rules:
      - id: crowded
        when: seats > 8
        then: {{outcome: crowded, values: {{spare: seats * 2}}}}
      - id: twice
        then: {{outcome: seated, values: {{double: seats * 2 + 1}}}}
      - id: full
        when: tables * seats > 20
        then: {{outcome: full, values: {{players: tables * seats}}}}
  - law: 3
    text: The limit decides.
    rules:
      - id: strict
        when: limit > 3
        then: {{outcome: strict, values: {{over: limit - 1}}}}
      - id: room
        when: tables < limit
        then: {{outcome: room, values: {{left: limit - tables}}}}
"""


TWO_CODES = """async ([base, model, books, record, orders]) => {
  const {Engine} = await import(base + 'engine.js')
  const out = []
  // Each order of asking on an engine of its own (the first code asked evaluates a shared
  // expression, the second finds its outcome), then each code alone on an engine of its own.
  for (const order of [...orders, ...orders[0].map(code => [code])]) {
    const engine = new Engine(model)
    for (const book of books) engine.addCode(book)
    const situation = engine.situation(record, {views: 'rules', codes: order})
    out.push(Object.fromEntries(order.map(code => [code, engine.ruling(code, situation)])))
  }
  return out
}"""


def test_an_expression_two_codes_ask_is_shared_only_when_it_reads_nothing_of_either_code(page, make_corpus,
                                                                                      tmp_path, monkeypatch):
    """Two codes whose rules ask the same expressions (`seats > 8`, `tables * seats > 20`,
    `limit > 3`, `tables < limit`, and values of them), where `seats` is a value each code's rules
    give and `limit` a constant, each different in the two codes: on one situation, asked in either
    order, each code's ruling in the page is its own, as the Python engine rules it (an expression
    reading neither is shared among codes: Engine.outcome)."""
    from lawkit.rules.engine import Engine
    from lawkit.rules.export import explorer_model, explorer_rulebook

    files = {"facts.yaml": TWO_CODES_FACTS, "outcomes.yaml": TWO_CODES_OUTCOMES}
    for code, seats, limit in (("alpha", 4, 2), ("beta", 12, 5)):
        files[f"{code}/code.yaml"] = DEMO_CODE.replace("code: demo", f"code: {code}").replace("DEMO", code.upper())
        files[f"{code}/01-one.yaml"] = _two_codes_heading(seats, limit)
    make_corpus(files)
    monkeypatch.chdir(tmp_path)
    corpus = lawkit.check("laws")
    assert corpus.problems == []
    codes = ["alpha", "beta"]
    books = [explorer_rulebook(corpus, code) for code in codes]
    # the rules of laws 2 and 3 (past law 1, which sets seats and limit): the same expressions in both
    asked = [{r["key"].split("/", 1)[1]: (r["when"], r["values"]) for r in b["rulebook"]["rules"]
              if not r["key"].endswith("/1#seats")} for b in books]
    assert asked[0] == asked[1] and len(asked[0]) == 5, asked
    record = {"answers": {"tables": 3}}
    python = {code: _without_positions(Engine(corpus).ruling(code, record).as_json()) for code in codes}
    # and each of them rules otherwise in the two codes (applies in one only, or gives other values)
    for rule in asked[0]:
        values = [[r["values"] for r in python[code]["rulings"] if r["rule"] == f"{code}/{rule}"] for code in codes]
        assert values[0] != values[1], (rule, values)
    _open(page)
    got = page.evaluate(TWO_CODES, [MODULES, explorer_model(corpus), books, record, [codes, codes[::-1]]])
    assert len(got) == 4
    for asked_together in got:
        for code, result in asked_together.items():
            for part in ("rulings", "missing_facts", "considered"):
                assert _normal(result[part]) == _normal(python[code][part]), (list(asked_together), code, part)


def test_the_explorer_does_not_fetch_its_icon_again_as_its_address_follows_the_answers(page):
    """Each answer writes the page's address; Chromium fetched the page's icon again after each
    (in a profile that keeps no icons, as this one): the page's icon is made a data: address once,
    and then an answer asks nothing of the network."""
    from lawkit.site.explorer import state_fragment

    story = {"dealer": "north", "events": [{"deal": {"to": "east", "card": "QS", "face_up": True}}]}
    page.goto(page.base_url + "/explorer/#" + state_fragment({"code": "auction-bridge-1912", "s": story}))
    answered = "n => Number(document.getElementById('lk-now').dataset.answered || 0) > n && !document.getElementById('lk-now').dataset.saving"
    page.wait_for_function(answered, arg=0, timeout=60_000)
    page.wait_for_function("document.querySelector('link[rel~=icon]').href.startsWith('data:image/png')", timeout=10_000)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    for n in range(1, 7):
        before = int(page.evaluate("document.getElementById('lk-now').dataset.answered"))
        page.evaluate("""() => { const box = document.querySelector('.lk-now__irregular input[type=checkbox]')
          box.checked = !box.checked; box.dispatchEvent(new Event('change')) }""")
        page.wait_for_function(answered, arg=before, timeout=60_000)
    page.wait_for_timeout(300)
    assert "#" in page.url and not asked, asked
