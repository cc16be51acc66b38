"""A long auction, and many calls of attention to the trick: the time of their views against the record's size.

    .venv/bin/python benchmarks/auction.py [--calls 26,52,104,208,382,416] [--attentions 13,26,52,104]

Issue 15 asked for the views of the cut, the deal and the hand linear or close
to it in the record's size. The views of the auction did "for each call,
filter every call before it" (the last bid before a double, the last call
other than a pass before a bid, the same player's call before a correction,
the bid before each bid), and those of the play "for each call of attention,
filter every play before it"; this CEL library copies the list a ``filter``
or ``map`` builds at every step, so those views were cubic where the inner
filter built a list for each call. The record now lays out, in one pass,
what each call needs of those before it (``calls_before``: the places of the
last bid, double, redouble, call other than a pass and call by the same seat)
and each event of the plays before it (``play_before``, ``seat_play_before``,
``trick_first_play``), and the views index those.

The longest legal auction: the 1912 code ranks 42 bids (six denominations,
royal spades among them, at seven levels; Law 44 makes a bid of more tricks
that equals the last in points the higher, so all 42 can follow one another).
Three passes before the first bid, then after each bid pass, pass, double,
pass, pass, redouble, pass, pass: 3 + 41 * 9 + 10 (the last bid's three
passes close the auction) = 382 calls. The record's limit is 450 calls
(laws/record.yaml), room for 68 irregular calls (out of turn, corrections,
calls after the close); it was 104, which the views' cost forced.

Columns: the views changed for issue 15 as the engine runs them (compiled into
Python, lawkit.rules._cel), the same in the CEL library alone, as they were
(their former CEL, at b0d57b6, in the library), each on the same record and
views; and auction-bridge-1912's ruling on the whole record, up to the limit.
Past the limit the benchmark raises it, to show how the views grow.

Measured on 2 shared cores under a load of about 7 (2026-12-02, 17:55 UTC);
the shape is what counts:

       calls   views now  in the library  views before  ruling (1912)
          26      0.1 ms          0.5 ms        1.6 ms        58.9 ms
          52      0.2 ms          1.2 ms        7.5 ms         4.2 ms
         104      0.2 ms          2.3 ms       37.9 ms         6.1 ms
         208      0.8 ms         19.1 ms      387.4 ms        10.9 ms
         382      5.7 ms        110.1 ms     3746.1 ms       122.7 ms

  attentions   views now  in the library  views before  ruling (1912)
          13      0.3 ms          7.7 ms       23.0 ms        18.0 ms
          26      0.3 ms         11.1 ms      274.3 ms        62.3 ms
          52      1.6 ms         50.9 ms      981.4 ms        13.4 ms
         104      2.3 ms        144.3 ms     3890.8 ms        14.1 ms

In the library the views' maps and filters copy the lists they build at every
step (the attention views took 9.8 s at 104 calls of attention, the ruling on
the longest auction 5 s); compiled into Python a map or a filter is a list
comprehension, and both are a few milliseconds. (The first rows' rulings
include compiling the rules into Python on first use.)
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO))

import lawkit  # noqa: E402
from cuts import best  # noqa: E402  # the best of a few runs, as the cut's benchmark times them
from lawkit.rules import _cel  # noqa: E402
from lawkit.rules._cel import cel, plain  # noqa: E402
from lawkit.rules.engine import Engine  # noqa: E402
from lawkit.rules.record import read_record  # noqa: E402

SEATS = ["north", "east", "south", "west"]
# The views as they were before issue 15 (laws/views.yaml at b0d57b6), by name.
BEFORE = {
    'last_bid_before_doubles': "call_events.filter(c, c.call in ['double', 'redouble']).map(c, {'i': c.i, 'n': c.n, 'by': c.by, 'call': c.call, 'bids': call_events.filter(b, b.n < c.n && b.call == 'bid').map(b, b.n)}).map(d, {'i': d.i, 'n': d.n, 'by': d.by, 'call': d.call, 'bid_n': size(d.bids) == 0 ? -1 : d.bids[size(d.bids) - 1]})",
    'doubling_calls': "last_bid_before_doubles.map(d, {'i': d.i, 'by': d.by, 'call': d.call, 'turn': calls[d.n].turn, 'bid': d.bid_n < 0 ? '' : calls_in_words[d.bid_n], 'bid_by': d.bid_n < 0 ? '' : call_events[d.bid_n].by, 'doublers': call_events.filter(x, x.n > d.bid_n && x.n < d.n && x.call == 'double').map(x, x.by), 'redoubles': size(call_events.filter(x, x.n > d.bid_n && x.n < d.n && x.call == 'redouble'))}).map(d, {'i': d.i, 'by': d.by, 'call': d.call, 'turn': d.turn, 'bid': d.bid, 'bid_by': d.bid_by, 'doubled_by': size(d.doublers) > 0 ? d.doublers[size(d.doublers) - 1] : '', 'fault': d.bid_by == '' ? 'no-bid' : (d.call == 'double' ? (side_of[d.bid_by] == side_of[d.by] ? 'partners-declaration' : (size(d.doublers) > 0 ? 'second-double' : 'none')) : (size(d.doublers) == 0 ? 'not-doubled' : (d.redoubles > 0 ? 'second-redouble' : (side_of[d.doublers[size(d.doublers) - 1]] == side_of[d.by] ? (d.doublers[size(d.doublers) - 1] == d.by ? 'own-double' : 'partners-double') : 'none'))))})",
    'bids_over_doubles': "call_events.filter(b, b.call == 'bid' && b.n > 0).map(b, {'b': b, 'prior': call_events.filter(x, x.n < b.n && x.call != 'pass').map(x, x.n)}).filter(y, size(y.prior) > 0 && call_events[y.prior[size(y.prior) - 1]].call in ['double', 'redouble']).map(y, {'i': y.b.i, 'by': y.b.by, 'bid': calls_in_words[y.b.n], 'doubling': call_events[y.prior[size(y.prior) - 1]]}).map(z, {'i': z.i, 'by': z.by, 'bid': z.bid, 'call': z.doubling.call, 'doubled_by': z.doubling.by, 'over': doubling_calls.filter(d, d.i == z.doubling.i)[0].bid})",
    'auction_bids': "[auction.filter(c, c.call == 'bid' && c.said_level <= 7 && (auction_closed_at < 0 || c.i < auction_closed_at))].map(bs, bs.map(b, [bs.filter(d, d.i < b.i)].map(ps, {'i': b.i, 'by': b.by, 'bid': b.bid, 'said': b.said, 'level': b.level, 'denomination': b.denomination, 'prev': size(ps) == 0 ? '' : ps[size(ps) - 1].bid, 'prev_said': size(ps) == 0 ? '' : ps[size(ps) - 1].said, 'prev_by': size(ps) == 0 ? '' : ps[size(ps) - 1].by})[0]))[0]",
    'call_corrections': "call_events.filter(c, c.corrects && call_events.exists(d, d.n < c.n && d.by == c.by)).map(c, [call_events.filter(d, d.n < c.n && d.by == c.by)].map(ps, ps[size(ps) - 1]).map(p, {'i': c.i, 'by': c.by, 'said': c.call != 'bid' ? c.call : number_words[c.level] + ' ' + denomination_words[c.denomination][c.level == 1 ? 0 : 1], 'corrected_i': p.i, 'corrected': p.call != 'bid' ? p.call : number_words[p.said_level > 7 ? p.said_level : p.level] + ' ' + denomination_words[p.denomination][p.level == 1 && p.said_level <= 7 ? 0 : 1], 'in_time': p.n == c.n - 1, 'attention_between': attention_events.exists(a, a.to == 'improper-declaration' && a.i > p.i && a.i < c.i)})[0])",
    'trick_attentions': "attention_events.filter(a, a.to == 'trick' && a.i > first_play && side_of[a.by] != side_of[bids[size(bids) - 1].by]).map(a, {'i': a.i, 'by': a.by, 'requested': a.requested, 'before': play_events.filter(p, p.i < a.i)}).map(d, {'i': d.i, 'by': d.by, 'partner': partner_of[d.by], 'requested': d.requested, 'declarer': bids.filter(b, side_of[b.by] == side_of[bids[size(bids) - 1].by] && b.denomination == bids[size(bids) - 1].denomination)[0].by, 'trick': d.before[size(d.before) - 1].trick, 'led': {'S': 'spade', 'H': 'heart', 'D': 'diamond', 'C': 'club'}[suit_of[d.before.filter(p, p.trick == d.before[size(d.before) - 1].trick)[0].card]], 'partner_played': d.before.exists(p, p.trick == d.before[size(d.before) - 1].trick && p.by == partner_of[d.by]), 'chosen': choose_events.exists(c, c.i > d.i && c.by == bids.filter(b, side_of[b.by] == side_of[bids[size(bids) - 1].by] && b.denomination == bids[size(bids) - 1].denomination)[0].by && c.option in ['highest', 'lowest', 'win', 'lose']) ? choose_events.filter(c, c.i > d.i && c.by == bids.filter(b, side_of[b.by] == side_of[bids[size(bids) - 1].by] && b.denomination == bids[size(bids) - 1].denomination)[0].by && c.option in ['highest', 'lowest', 'win', 'lose'])[0].option : ''})",
    'trick_claimed_before_partner': "attention_events.filter(r, r.to == 'trick' && r.i > first_play).map(r, {'i': r.i, 'by': r.by}).map(x, {'x': x, 'trick': play_events.filter(p, p.i < x.i)[size(play_events.filter(p, p.i < x.i)) - 1].trick}).map(y, {'x': y.x, 't': tricks.filter(t, t.number == y.trick)[0]}).filter(z, !z.t.cards.exists(q, q.by == partner_of[z.x.by] && q.i < z.x.i)).map(z, {'i': z.x.i, 'by': z.x.by, 'partner': partner_of[z.x.by], 'trick': z.t.number, 'last_adversary': side_of[z.x.by] == side_of[z.t.leader] ? right_hand_adversary_of[z.t.leader] : partner_of[z.t.leader]})",
    'cards_placed_demands': "claim_events.filter(c, c.what == 'cards-placed').map(c, {'i': c.i, 'by': c.by, 'before': play_events.filter(p, p.i < c.i)}).map(d, size(d.before) == 0 ? {'i': d.i, 'by': d.by, 'trick': 0, 'gathered': false, 'quitted': false} : {'i': d.i, 'by': d.by, 'trick': d.before[size(d.before) - 1].trick, 'gathered': touch_events.exists(t, t.what == 'trick-to-gather' && t.i > d.before[size(d.before) - 1].i && t.i < d.i), 'quitted': quit_events.exists(q, q.i > d.before[size(d.before) - 1].i && q.i < d.i && (q.trick == 0 || q.trick == d.before[size(d.before) - 1].trick))})",
    'quits': "quit_events.map(q, {'i': q.i, 'trick': q.trick != 0 ? q.trick : (play_events.exists(p, p.i < q.i) ? play_events.filter(p, p.i < q.i).map(p, p.trick)[size(play_events.filter(p, p.i < q.i)) - 1] : 0)})",
    'passes_out_of_turn': "auction.filter(c, c.out_of_turn && c.call == 'pass').map(p, {'i': p.i, 'by': p.by, 'turn': p.turn, 'passed': [auction.filter(d, d.call == 'bid' && d.i < p.i)].map(ds, size(ds) == 0 ? '' : ds[size(ds) - 1].said)[0], 'reentry': [auction.filter(c, c.i > p.i && c.by == p.by && c.call != 'pass' && !auction.exists(d, d.i > p.i && d.i < c.i && d.by != p.by && d.call in ['bid', 'double']))].map(cs, size(cs) == 0 ? -1 : cs[0].i)[0]})",
}
AUCTION_VIEWS = frozenset({"last_bid_before_doubles", "doubling_calls", "bids_over_doubles", "auction_bids",
                           "call_corrections", "passes_out_of_turn"})
ATTENTION_VIEWS = frozenset({"trick_attentions", "trick_claimed_before_partner", "cards_placed_demands", "quits"})
# The bids in the 1912 code's order (Law 44: by points, then by the number of tricks).
POINTS = {"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10}
BIDS = [f"{level}{denomination}" for level, denomination in
        sorted(((level, d) for level in range(1, 8) for d in POINTS), key=lambda b: (b[0] * POINTS[b[1]], b[0]))]


def longest_auction() -> list[dict[str, Any]]:
    """The longest legal auction (382 calls), dealer north: three passes, then each bid doubled and redoubled."""
    said = ["pass"] * 3
    for bid in BIDS:
        said += [bid, "pass", "pass", "double", "pass", "pass", "redouble", "pass", "pass"]
    said.append("pass")
    return [{"call": {"by": SEATS[k % 4], "bid": bid}} for k, bid in enumerate(said)]


def auction_record(calls: int) -> dict[str, Any]:
    """The first ``calls`` calls of the longest auction (repeated past 382: irregular, but readable)."""
    longest = longest_auction()
    return {"dealer": "north", "events": [longest[k % len(longest)] for k in range(calls)]}


def hand_record(attentions: int) -> dict[str, Any]:
    """A hand dealt, bid (one club, three passes) and played, with a call of attention to the trick by
    the declarer's adversaries after each card played (more than 52: one after each card, then again
    from the first trick's end)."""
    pack = [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]
    events: list[dict[str, Any]] = [{"deal": {"to": SEATS[(k + 1) % 4], "card": card}} for k, card in enumerate(pack)]
    events += [{"call": {"by": "north", "bid": "1C"}}] + [{"call": {"by": seat, "bid": "pass"}} for seat in SEATS[1:]]
    hands = {seat: [c for k, c in enumerate(pack) if SEATS[(k + 1) % 4] == seat] for seat in SEATS}
    plays = [{"play": {"by": seat, "card": hands[seat][t]}} for t in range(13) for seat in SEATS]
    given = 0
    for k, play in enumerate(plays):
        events.append(play)
        for _ in range(attentions // 52 + (k < attentions % 52)):
            events.append({"attention": {"by": "east" if given % 2 else "west", "to": "trick"}})
            given += 1
    return {"dealer": "north", "events": events}


def context_for(engine: Engine, laid_out: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A CEL context with the record, the constants and every view it gives; and the views."""
    views = engine.model.views
    given = views.derive(laid_out)
    return cel.Context({**views.constants, **laid_out, **given}), given


def values(sources: dict[str, str], context: Any, given: dict[str, Any]) -> dict[str, Any]:
    """Each view of ``sources`` the record gives, evaluated from that source."""
    return {name: plain(cel.compile(source).execute(context)) for name, source in sources.items() if name in given}


def timed(engine: Engine, laid_out: dict[str, Any], names: frozenset[str], runs: int) -> tuple[float, float, float]:
    """The views ``names`` as the engine runs them (compiled into Python), as they are in the CEL library
    alone, and as they were (in the library), each evaluated on the same values."""
    context, given = context_for(engine, laid_out)
    values = _cel.Context({**engine.model.views.constants, **laid_out, **given})
    now = {name: engine.model.views.views[name].value_source for name in names}
    fast = [_cel.compile(s) for n, s in now.items() if n in given]
    programs = {which: [cel.compile(s) for n, s in sources.items() if n in given]
                for which, sources in (("now", now), ("before", {n: BEFORE[n] for n in names}))}
    return (best(lambda: [p.execute(values) for p in fast], runs),
            *(best(lambda: [p.execute(context) for p in programs[which]], runs) for which in ("now", "before")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", default="26,52,104,208,382,416")
    parser.add_argument("--attentions", default="13,26,52,104")
    args = parser.parse_args()
    engine = Engine(lawkit.load(REPO / "laws"))
    vocabulary = engine.model.vocabulary
    limits = vocabulary.limits
    print(f"{'calls':>6} {'views now':>11} {'in the library':>15} {'views before':>13} {'ruling (1912)':>14}")
    for size in (int(s) for s in args.calls.split(",")):
        data = auction_record(size)
        if size > limits.of_kind("call"):
            vocabulary.limits = dataclasses.replace(limits, kinds=(("call", size),))
        laid_out = read_record(data, vocabulary).as_cel(vocabulary)
        now, library, then = timed(engine, laid_out, AUCTION_VIEWS, 1 if size > 200 else 3)
        ruled = f"{best(lambda: engine.ruling('auction-bridge-1912', data), 1) * 1000:>11.1f} ms" \
            if size <= limits.of_kind("call") else f"{'(past limit)':>14}"
        print(f"{size:>6} {now * 1000:>8.1f} ms {library * 1000:>12.1f} ms {then * 1000:>10.1f} ms {ruled}", flush=True)
        vocabulary.limits = limits
    print(f"\n{'attentions':>10} {'views now':>11} {'in the library':>15} {'views before':>13} {'ruling (1912)':>14}")
    for size in (int(s) for s in args.attentions.split(",")):
        data = hand_record(size)
        laid_out = read_record(data, vocabulary).as_cel(vocabulary)
        now, library, then = timed(engine, laid_out, ATTENTION_VIEWS, 1 if size > 50 else 3)
        ruled = best(lambda: engine.ruling("auction-bridge-1912", data), 1)
        print(f"{size:>10} {now * 1000:>8.1f} ms {library * 1000:>12.1f} ms {then * 1000:>10.1f} ms "
              f"{ruled * 1000:>11.1f} ms", flush=True)


if __name__ == "__main__":
    main()
