"""A growing cut: the time of the cut's views (and of one code's ruling) against the number of cuts.

    .venv/bin/python benchmarks/cuts.py [--sizes 13,26,52,104,208,416,832,1664]

Issue 15 timed a cut of 1,000 cards at 1.8 s and one of 100,000 past 120 s:
the views of the cut compared every cut with every other (``cuts``: each
player's first cut, ``recuts``) and filtered all the cut events by purpose,
and this CEL library copies the list a ``filter`` or ``map`` builds at every
step. The record now lays the cuts out by purpose, each with its round (a
player's first cut, his cut after a tie...), and the views read those in one
pass. A record holds at most 52 cuts (``limits`` in laws/record.yaml); past
that the benchmark raises the limit, to show how the views grow.

Columns: the cut's views as they are now (``Engine.situation`` deriving
table_cuts, cuts, recuts, cut_from_one_pack and cut_out_cuts), the same views
as they were (their former CEL, evaluated on the same record; past 416 cuts
it takes minutes), and
auction-bridge-1912's ruling (Laws 16 to 18 on the cut), up to the limit.

Measured on 2 shared cores under a load of about 8 (2026-12-02), so slower
than an idle machine; the shape is what counts:

      cuts  record read   views now  views before  ruling (1912)
        13       0.2 ms      0.7 ms        3.0 ms        64.8 ms
        26       0.3 ms      1.2 ms       54.9 ms       157.1 ms
        52       0.9 ms      4.9 ms      225.3 ms       445.2 ms
       104       1.7 ms     25.8 ms      867.9 ms   (past limit)
       208      15.8 ms     47.8 ms     4023.3 ms   (past limit)
       416      48.4 ms     98.3 ms    14759.7 ms   (past limit)
       832      61.7 ms    200.8 ms     (minutes)   (past limit)
      1664     152.3 ms    489.9 ms     (minutes)   (past limit)
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import lawkit  # noqa: E402
from lawkit.rules._cel import cel  # noqa: E402
from lawkit.rules.engine import Engine  # noqa: E402
from lawkit.rules.record import read_record  # noqa: E402

VIEWS = frozenset({"table_cuts", "cuts", "recuts", "cut_from_one_pack", "cut_out_cuts"})
BEFORE = {  # the cut's views before issue 15 (laws/views.yaml at adad91b)
    "table_cuts": "cut_events.filter(e, e.purpose == 'table')",
    "cuts": "table_cuts.filter(e, !table_cuts.exists(f, f.by == e.by && f.i < e.i))"
            ".map(e, {'player': e.by, 'cards': e.cards})",
    "recuts": "table_cuts.filter(e, table_cuts.exists(f, f.by == e.by && f.i < e.i))"
              ".map(e, {'player': e.by, 'card': e.cards[0]})",
    "cut_out_cuts": "cut_events.filter(e, e.purpose == 'cutting-out').map(e, {'player': e.by, 'card': e.cards[0]})",
}
PACK = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]


def record(size: int) -> dict:
    """``size`` cuts by different candidates, the pack's cards in turn (twice over past 52: said so)."""
    return {"irregularities": ["card-dealt-twice"] if size > 52 else [],
            "events": [{"cut": {"by": f"P{i}", "card": PACK[i % 52]}} for i in range(size)]}


def best(function, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="13,26,52,104,208,416,832,1664")
    args = parser.parse_args()
    engine = Engine(lawkit.load(REPO / "laws"))
    vocabulary = engine.model.vocabulary
    limits = vocabulary.limits
    limit = limits.of_kind("cut")
    before = {name: cel.compile(source) for name, source in BEFORE.items()}
    print(f"{'cuts':>6} {'record read':>12} {'views now':>11} {'views before':>13} {'ruling (1912)':>14}")
    for size in (int(s) for s in args.sizes.split(",")):
        data = record(size)
        if size > limit:  # past the record's limit, to show the growth
            vocabulary.limits = dataclasses.replace(limits, kinds=(("cut", size),), events=max(size, limits.events))
        read = best(lambda: read_record(data, vocabulary))
        laid_out = read_record(data, vocabulary).as_cel(vocabulary)
        now = best(lambda: engine.model.views.derive(laid_out, VIEWS))

        def old() -> None:
            context = cel.Context({"cut_events": laid_out["cut_events"]})
            context.update({"table_cuts": before["table_cuts"].execute(context)})
            for name in ("cuts", "recuts", "cut_out_cuts"):
                before[name].execute(context)

        then = best(old, 1 if size > 200 else 3) if size <= 416 else None  # past 416: minutes
        ruled = f"{best(lambda: engine.ruling('auction-bridge-1912', data)) * 1000:>11.1f} ms" if size <= limit \
            else f"{'(past limit)':>14}"
        shown = f"{then * 1000:>10.1f} ms" if then is not None else f"{'(minutes)':>13}"
        print(f"{size:>6} {read * 1000:>9.1f} ms {now * 1000:>8.1f} ms {shown} {ruled}", flush=True)
        vocabulary.limits = limits


if __name__ == "__main__":
    main()
