"""Rulings per second, and the engine's cost per rule evaluation against raw CEL.

    .venv/bin/python benchmarks/engine.py [--seconds S]

Typical situations are the facts of the scenarios in tests/scenarios (a few
facts each). For each situation the benchmark times:

* ``Engine.ruling`` on one code (auction-bridge-1912) — rulings per second;
* ``Engine.compare`` over every code — comparisons per second;
* the CEL programs the engine evaluated for those rulings, executed directly
  with one reused ``cel.Context`` holding the same names — the floor;

and reports the engine's time per rule evaluation as a multiple of the raw
time (target: within 3x), beside a trivial expression's rate (this machine's
ceiling for CEL evaluation).
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
from lawkit import engine as engine_module, scenarios  # noqa: E402
from lawkit.engine import Engine, RulingError  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()

    engine = Engine(lawkit.load(REPO / "laws"))
    facts_list = situations(engine)
    if not facts_list:
        raise SystemExit("no scenario situations to time")
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

    def raw() -> None:
        for programs, context in contexts:
            for program in programs:
                program.execute(context)

    trivial_program, trivial_context = cel.compile("a + 1 > b"), cel.Context()
    trivial_context.update({"a": 1, "b": 2})

    n = len(facts_list)
    rulings_per_s = rate(one_code, args.seconds) * n
    compares_per_s = rate(every_code, args.seconds) * n
    raw_evals_per_s = rate(raw, args.seconds) * evaluations
    engine_evals_per_s = rulings_per_s * evaluations / n
    trivial_per_s = rate(lambda: trivial_program.execute(trivial_context), args.seconds)

    print(f"{n} situations from tests/scenarios; {evaluations / n:.1f} rule evaluations per {CODE} ruling; "
          f"{len(engine.corpus.rulebooks)} codes")
    print(f"{'measure':<46} {'per second':>12}")
    print(f"{'rulings, one code (' + CODE + ')':<46} {rulings_per_s:>12,.0f}")
    print(f"{'compare, every code':<46} {compares_per_s:>12,.0f}")
    print(f"{'rule evaluations inside the engine':<46} {engine_evals_per_s:>12,.0f}")
    print(f"{'the same CEL programs, raw, reused context':<46} {raw_evals_per_s:>12,.0f}")
    print(f"{'a trivial CEL expression (a + 1 > b)':<46} {trivial_per_s:>12,.0f}")
    print(f"engine cost per rule evaluation: {raw_evals_per_s / engine_evals_per_s:.2f}x raw CEL (target <= 3x); "
          f"single-code rulings: {rulings_per_s:,.0f}/s (target >= 5,000/s)")


if __name__ == "__main__":
    main()
