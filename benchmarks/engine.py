"""Rulings per second, a full hand's views and rulings in one frame, and the engine against raw CEL.

    .venv/bin/python benchmarks/engine.py [--seconds S] [--hands N]

Situations come in three groups:

* typical: the scenarios of tests/scenarios whose record is short (a few
  events and answers);
* deal records: the scenarios that record a deal of up to 52 cards;
* full hands: N generated records of a whole hand (a shuffle, the cut of the
  pack, 52 cards dealt in rotation, an auction, 13 tricks played following
  suit, one with a revoke), seeded so every run uses the same hands.

For each group the benchmark times the views (``Engine.situation``: reading
the record, checking it and deriving every view once), ``Engine.ruling`` on
one code (auction-bridge-1912) and ``Engine.compare`` over every code; for
full hands also the median and 95th percentile of views plus every code's
rulings for one hand (target: one frame, 16 ms, median).

The engine's cost per rule evaluation is compared with raw CEL: the same
programs (the rules' conditions and values, and the conditions the engine
evaluates to decide that a rule lacking facts cannot hold, so that only
questions that matter are asked), run raw as the engine runs them (compiled
into Python, lawkit.rules._cel) with a fresh context per situation holding the
names those programs read (what the engine must do at least, since every ruling
starts from a context of its own; target: at most 2x), and in the CEL library
alone, with a fresh ``cel.Context`` per situation holding the same names (raw CEL with
the facts bound, as the issue's target was first measured) and with one set up once
and never changed (the library's floor).
The frame lines also count how the expressions ran: in Python, handed to the
library after the Python code did not decide, or in the library only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import lawkit  # noqa: E402
from lawkit.rules import engine as engine_module, scenarios  # noqa: E402
from lawkit.rules import _cel  # noqa: E402
from lawkit.rules._cel import Context, cel  # noqa: E402
from lawkit.rules.engine import Engine, RulingError, Situation  # noqa: E402

CODE = "auction-bridge-1912"
SEATS = ["north", "east", "south", "west"]


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


def full_hand(seed: int, revoke: bool = False) -> dict:
    """A whole hand as a record: shuffle, cut, deal, an auction, 13 tricks (following suit unless ``revoke``)."""
    chance = random.Random(seed)
    pack = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]
    chance.shuffle(pack)
    dealer = chance.choice(SEATS)
    at = SEATS.index(dealer)
    events: list[dict] = [{"shuffle": {"by": dealer}}, {"cut_pack": {"by": SEATS[(at + 3) % 4], "packets": [20, 32]}}]
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    for index, card in enumerate(pack):
        seat = SEATS[(at + 1 + index) % 4]
        hands[seat].append(card)
        events.append({"deal": {"to": seat, "card": card}})
    trump = chance.choice("SHDC")
    for offset, bid in enumerate([f"1{trump}", "pass", f"2{trump}", "pass", "pass", "pass"]):
        events.append({"call": {"by": SEATS[(at + offset) % 4], "bid": bid}})
    rank = {card: "23456789TJQKA".index(card[0]) for card in pack}
    leader, revoked = SEATS[(at + 1) % 4], False
    for trick in range(13):
        led, played = None, []
        for offset in range(4):
            seat = SEATS[(SEATS.index(leader) + offset) % 4]
            hand = hands[seat]
            if led is None:
                card = hand[0]
                led = card[1]
            else:
                follow = [c for c in hand if c[1] == led]
                if revoke and not revoked and follow and len(follow) < len(hand) and trick > 2:
                    card, revoked = next(c for c in hand if c[1] != led), True
                else:
                    card = follow[0] if follow else hand[0]
            hand.remove(card)
            played.append((seat, card))
            events.append({"play": {"by": seat, "card": card}})
        winners = [p for p in played if p[1][1] == trump] or [p for p in played if p[1][1] == led]
        leader = max(winners, key=lambda p: rank[p[1]])[0]
    return {"seats": dict(zip(SEATS, ["Ann", "Bob", "Cal", "Dan"])), "dealer": dealer, "events": events}


def scenario_records(engine: Engine) -> list[dict]:
    found = []
    for path in sorted((REPO / "tests" / "scenarios").glob("*.yaml")):
        for scenario in scenarios.load(path):
            try:
                engine.ruling(CODE, engine.situation(scenario.record))
            except RulingError:
                continue
            found.append(scenario.record)
    return found


def recorded_evaluations(engine: Engine, situations: list[Situation]) -> list[tuple[list, dict]]:
    """The programs the engine evaluates for each situation, with the names they read."""
    seen: list = []
    original = engine_module._evaluate

    def spy(rule, expression, context):
        seen.append((expression.program, expression.names))
        return original(rule, expression, context)

    # Deciding whether a rule that lacks facts could still hold evaluates its condition too (so
    # that only questions that matter are asked): those evaluations count as evaluations.
    cannot_hold = Engine._cannot_hold

    def spy_cannot_hold(self, rule, context):
        if rule.when is not None:
            seen.append((rule.when.program, rule.when.names))
        return cannot_hold(self, rule, context)

    book = engine.corpus.rulebooks[CODE]
    constants = {**engine.model.views.constants, **{name: c.value for name, c in book.constants.items()}}
    record = []
    engine_module._evaluate = spy
    Engine._cannot_hold = spy_cannot_hold  # type: ignore[method-assign]
    try:
        for situation in situations:
            seen.clear()
            result = engine.ruling(CODE, situation)
            available = {**constants, **situation.facts}
            for ruling in result.rulings:
                available.update(ruling.values)
            # the names the evaluated programs read, as the engine binds them: no more
            read = {name for _, names in seen for name in names}
            record.append(([program for program, _ in seen], {n: v for n, v in available.items() if n in read}))
    finally:
        engine_module._evaluate = original
        Engine._cannot_hold = cannot_hold  # type: ignore[method-assign]
    return record


def measure(engine: Engine, records: list[dict], seconds: float) -> dict[str, float]:
    situations = [engine.situation(r) for r in records]
    evaluations = recorded_evaluations(engine, situations)
    count = sum(len(programs) for programs, _ in evaluations)

    def views() -> None:
        for r in records:
            engine.situation(r, views="rules")

    def one_code() -> None:
        for situation in situations:
            engine.ruling(CODE, situation)

    def every_code() -> None:
        for situation in situations:
            try:
                engine.compare(situation)
            except RulingError:
                pass

    def raw_fresh() -> None:  # what the engine must do at least: a context per situation, then the programs
        for programs, names in evaluations:
            context = Context(dict(names))
            for program in programs:
                try:
                    program.execute(context)
                except Exception:  # a condition that reads a fact the situation lacks, as in the engine
                    pass

    fixed = []
    for programs, names in evaluations:
        context = cel.Context()
        context.update(names)
        fixed.append(([p.library_program for p in programs], context))

    def library_fresh() -> None:  # the CEL library alone, a context of its own per situation (the facts bound)
        for programs, names in evaluations:
            context = cel.Context()
            context.update(names)
            for program in programs:
                try:
                    program.library_program.execute(context)
                except Exception:
                    pass

    def library_fixed() -> None:  # the CEL library alone, its context set up once and never changed
        for programs, context in fixed:
            for program in programs:
                try:
                    program.execute(context)
                except Exception:
                    pass

    n = len(records)
    rulings = rate(one_code, seconds) * n
    return {"situations": n, "evaluations_per_ruling": count / n, "views": rate(views, seconds) * n,
            "rulings": rulings, "compares": rate(every_code, seconds) * n,
            "engine_evals": rulings * count / n, "raw_fresh_evals": rate(raw_fresh, seconds) * count,
            "library_fresh_evals": rate(library_fresh, seconds) * count,
            "library_fixed_evals": rate(library_fixed, seconds) * count}


def frame(engine: Engine, records: list[dict], views: str, rounds: int = 5) -> tuple[float, float, float]:
    """Median and 95th percentile (ms) of one full hand read, its views derived, and every code's rulings,
    and the median of the CPU time the process spent on it (the same on a machine other work shares).

    ``views="rules"``: the views some rule reads (what a ruling needs); ``"all"``: every view (the
    whole table, as the explorer shows it).
    """
    times, cpu = [], []
    for _ in range(rounds):
        for r in records:
            start, start_cpu = time.perf_counter(), time.process_time()
            engine.compare(engine.situation(r, views=views))
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--hands", type=int, default=12, help="full hands to generate")
    args = parser.parse_args()

    engine = Engine(lawkit.load(REPO / "laws"))
    found = scenario_records(engine)
    hands = [full_hand(seed, revoke=seed % 3 == 0) for seed in range(args.hands)]
    groups = {"typical": [r for r in found if not (r.get("events") and len(r["events"]) > 8)],
              "deal records": [r for r in found if r.get("events") and len(r["events"]) > 8],
              "full hands": hands}
    results = {name: measure(engine, records, args.seconds) for name, records in groups.items() if records}
    before = dict(_cel.counts)
    frames = {views: frame(engine, hands, views) for views in ("rules", "all")}
    ran = {kind: _cel.counts[kind] - before[kind] for kind in before}

    print(f"{CODE}: {len(engine.corpus.rulebooks[CODE].rules)} rules; {len(engine.model.views.views)} views; "
          f"{len(engine.corpus.rulebooks)} codes compared")
    print(f"{'per second':<52} " + " ".join(f"{name:>13}" for name in results))
    rows = [("situations", "situations", "{:,.0f}"), ("rule evaluations per ruling", "evaluations_per_ruling", "{:.1f}"),
            ("records read, the views rules read derived", "views", "{:,.0f}"),
            ("rulings, one code (views derived already)", "rulings", "{:,.0f}"),
            ("compare, every code (views derived already)", "compares", "{:,.0f}"),
            ("rule evaluations inside the engine", "engine_evals", "{:,.0f}"),
            ("the same programs, raw (Python), a fresh context each", "raw_fresh_evals", "{:,.0f}"),
            ("the same in the CEL library alone, a fresh context each", "library_fresh_evals", "{:,.0f}"),
            ("the same in the CEL library alone, context unchanged", "library_fixed_evals", "{:,.0f}")]
    for label, key, fmt in rows:
        print(f"{label:<52} " + " ".join(f"{fmt.format(r[key]):>13}" for r in results.values()))
    print(f"{'engine cost per evaluation / raw Python, fresh context':<52} "
          + " ".join(f"{r['raw_fresh_evals'] / r['engine_evals']:>12.2f}x" for r in results.values()))
    print(f"{'engine cost per evaluation / library raw, fresh context':<52} "
          + " ".join(f"{r['library_fresh_evals'] / r['engine_evals']:>12.2f}x" for r in results.values()))
    print(f"{'engine cost per evaluation / library raw, unchanged':<52} "
          + " ".join(f"{r['library_fixed_evals'] / r['engine_evals']:>12.2f}x" for r in results.values()))
    for views, (median, p95, cpu) in frames.items():
        what = "the views the rules read" if views == "rules" else f"all {len(engine.model.views.views)} views"
        print(f"a full hand read, {what}, every code's rulings: median {median:.1f} ms, 95th percentile "
              f"{p95:.1f} ms, CPU median {cpu:.1f} ms (target: one frame, 16 ms, median)")
    print(f"expressions run for those hands: {ran['fast']:,} in Python, {ran['fallback']:,} handed to the CEL "
          f"library (the Python code did not decide), {ran['library']:,} in the library only")


if __name__ == "__main__":
    main()
