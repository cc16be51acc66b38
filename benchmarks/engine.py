"""Rulings per second, and the engine's cost per rule evaluation against raw CEL.

    .venv/bin/python benchmarks/engine.py [--seconds S]

The situations are the facts of the scenarios in tests/scenarios, in two
groups: typical ones (a few facts, no list longer than eight — the issue's
"typical situations") and records (a deal record of up to 52 cards and the
like). Handing a record to CEL costs about 3.6 us per card record in the
cel library's conversion, more than evaluating most rules, so the groups are
reported apart. For each group the benchmark times:

* ``Engine.ruling`` on one code (auction-bridge-1912) — rulings per second;
* ``Engine.compare`` over every code — comparisons per second;
* the CEL programs the engine evaluated for those rulings, executed directly
  with one reused ``cel.Context``: the code's constants set once, each
  situation's facts (and the values its rules computed) bound into it, then
  the programs — the floor for evaluating a new situation;
* the same programs with a context per situation set up once and never
  changed — the absolute floor. (The cel library re-converts a whole context
  after any change to it, about 10 us with a code's constants, so binding a
  situation's facts is itself a large part of evaluating a few rules.)

and reports the engine's time per rule evaluation as a multiple of each raw
time (target: within 3x of the first), beside a trivial expression's rate
(this machine's ceiling for CEL evaluation).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cel

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import lawkit  # noqa: E402
from lawkit.rules import engine as engine_module, scenarios  # noqa: E402
from lawkit.rules.engine import Engine, RulingError  # noqa: E402

CODE = "auction-bridge-1912"


def rate(function, seconds: float) -> float:
    """Calls per second of ``function`` over about ``seconds`` (best of three slices)."""
    best = 0.0
    for _ in range(3):
        count, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / 3:
            function()
            count += 1
        best = max(best, count / elapsed)
    return best


def situations(engine: Engine) -> list[dict]:
    found = []
    for path in sorted((REPO / "tests" / "scenarios").glob("*.yaml")):
        for scenario in scenarios.load(path):
            try:
                facts = engine.check_facts(scenario.facts)
                engine.ruling(CODE, facts, checked=True)
            except RulingError:
                continue
            found.append(facts)
    return found


def recorded_evaluations(engine: Engine, facts_list: list[dict]) -> list[tuple[object, dict]]:
    """The programs the engine evaluates for each situation, with the names they saw."""
    seen: list[tuple[object, dict]] = []
    original = engine_module._evaluate

    def spy(rule, expression, context):
        value = original(rule, expression, context)
        seen.append(expression.program)
        return value

    record = []
    book = engine.corpus.rulebooks[CODE]
    constants = {name: c.value for name, c in book.constants.items()}
    engine_module._evaluate = spy
    try:
        for facts in facts_list:
            seen.clear()
            result = engine.ruling(CODE, facts, checked=True)
            names = {**constants, **facts}
            for ruling in result.rulings:
                names.update(ruling.values)
            record.append((list(seen), names))
    finally:
        engine_module._evaluate = original
    return record


def typical(facts: dict) -> bool:
    return all(not isinstance(v, list) or len(v) <= 8 for v in facts.values())


def measure(engine: Engine, facts_list: list[dict], seconds: float) -> dict[str, float]:
    record = recorded_evaluations(engine, facts_list)
    evaluations = sum(len(programs) for programs, _ in record)

    def one_code() -> None:
        for facts in facts_list:
            engine.ruling(CODE, facts, checked=True)

    def every_code() -> None:
        for facts in facts_list:
            try:
                engine.compare(facts, checked=True)
            except RulingError:
                pass

    contexts = []
    for programs, names in record:
        context = cel.Context()
        context.update(names)
        contexts.append((programs, context))

    def raw() -> None:  # the absolute floor: each context set up once, never changed
        for programs, context in contexts:
            for program in programs:
                program.execute(context)

    # The floor for a new situation: one reused context holding the code's constants, the
    # situation's facts (and the values rules compute) bound into it, then the same programs.
    book = engine.corpus.rulebooks[CODE]
    shared = cel.Context()
    shared.update({name: c.value for name, c in book.constants.items()})
    bound = [(programs, {k: v for k, v in names.items() if k not in book.constants}) for programs, names in record]

    def raw_bound() -> None:
        for programs, names in bound:
            shared.update(names)
            for program in programs:
                program.execute(shared)

    n = len(facts_list)
    rulings = rate(one_code, seconds) * n
    raw_evals = rate(raw, seconds) * evaluations
    raw_bound_evals = rate(raw_bound, seconds) * evaluations
    return {"raw_bound_evals": raw_bound_evals,
        "situations": n, "evaluations_per_ruling": evaluations / n, "rulings": rulings,
        "compares": rate(every_code, seconds) * n, "engine_evals": rulings * evaluations / n, "raw_evals": raw_evals,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()

    engine = Engine(lawkit.load(REPO / "laws"))
    everything = situations(engine)
    groups = {"typical": [f for f in everything if typical(f)], "records": [f for f in everything if not typical(f)]}
    results = {name: measure(engine, facts, args.seconds) for name, facts in groups.items() if facts}

    trivial_program, trivial_context = cel.compile("a + 1 > b"), cel.Context()
    trivial_context.update({"a": 1, "b": 2})
    trivial_per_s = rate(lambda: trivial_program.execute(trivial_context), args.seconds)

    print(f"{CODE}: {len(engine.corpus.rulebooks[CODE].rules)} rules; situations from tests/scenarios; "
          f"{len(engine.corpus.rulebooks)} codes compared")
    print(f"{'per second':<50} " + " ".join(f"{name:>12}" for name in results))
    rows = [("situations", "situations", "{:,.0f}"), ("rule evaluations per ruling", "evaluations_per_ruling", "{:.1f}"),
            (f"rulings, one code", "rulings", "{:,.0f}"), ("compare, every code", "compares", "{:,.0f}"),
            ("rule evaluations inside the engine", "engine_evals", "{:,.0f}"),
            ("the same programs, raw, facts bound per situation", "raw_bound_evals", "{:,.0f}"),
            ("the same programs, raw, context never changed", "raw_evals", "{:,.0f}")]
    for label, key, fmt in rows:
        print(f"{label:<50} " + " ".join(f"{fmt.format(r[key]):>12}" for r in results.values()))
    print(f"{'engine cost per evaluation / raw, facts bound':<50} "
          + " ".join(f"{r['raw_bound_evals'] / r['engine_evals']:>11.2f}x" for r in results.values()))
    print(f"{'engine cost per evaluation / raw, unchanged':<50} "
          + " ".join(f"{r['raw_evals'] / r['engine_evals']:>11.2f}x" for r in results.values()))
    print(f"a trivial CEL expression (a + 1 > b): {trivial_per_s:,.0f}/s, this machine's ceiling")
    t = results["typical"]
    print(f"typical situations: engine cost {t['raw_bound_evals'] / t['engine_evals']:.2f}x raw CEL with the facts "
          f"bound (target <= 3x; {t['raw_evals'] / t['engine_evals']:.2f}x a context never changed); "
          f"{t['rulings']:,.0f} single-code rulings/s (target >= 5,000/s)")


if __name__ == "__main__":
    main()
