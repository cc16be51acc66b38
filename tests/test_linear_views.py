"""The views of the auction and of the play that issue 15 made linear give exactly what they gave before.

Each view of ``benchmarks/auction.py``'s BEFORE (its CEL at b0d57b6, which filtered every call or play
before each one) is evaluated on the same record and the same other views as the view now, on long
generated records: auctions with corrections, calls out of turn, doubles, redoubles and calls after the
close; hands with cards taken back, calls of attention to the trick, demands that the cards be placed
and tricks quitted without a number.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from conftest import benchmark
from lawkit.rules.engine import Engine
from lawkit.rules.record import read_record

SEATS = ["north", "east", "south", "west"]
bench = benchmark("auction")


@pytest.fixture(scope="module")
def engine(corpus):
    return Engine(corpus)


def random_auction(rng: random.Random, calls: int) -> dict[str, Any]:
    """An auction of ``calls`` calls, mostly in turn and rising, with every irregularity now and then."""
    events: list[dict[str, Any]] = []
    turn = rng.randrange(4)
    dealer = SEATS[turn]
    for _ in range(calls):
        roll = rng.random()
        by = SEATS[turn % 4] if rng.random() > 0.15 else rng.choice(SEATS)  # out of turn now and then
        if roll < 0.3:
            bid = rng.choice(bench.BIDS)
        elif roll < 0.6:
            bid = "pass"
        elif roll < 0.75:
            bid = "double"
        elif roll < 0.88:
            bid = "redouble"
        else:
            bid = rng.choice(bench.BIDS + ["pass", "double"])
        call: dict[str, Any] = {"by": by, "bid": bid}
        if events and "call" in events[-1] and rng.random() < 0.08:  # a correction of the call before, by its player
            call = {"by": events[-1]["call"]["by"], "bid": rng.choice(bench.BIDS + ["pass"]), "corrects": True}
        if rng.random() < 0.03 and call["bid"][0] == "7" and not call.get("corrects"):
            call["said_level"] = 8  # an impossible declaration
        events.append({"call": call})
        if rng.random() < 0.03:
            events.append({"attention": {"by": rng.choice(SEATS), "to": "improper-declaration"}})
        if rng.random() < 0.04:
            events.append({"choose": {"by": rng.choice(SEATS), "option": rng.choice(
                ["new-deal", "bid-stands", "50-points", "100-points", "no-penalty"])}})
        turn = SEATS.index(call["by"]) + 1
    return {"dealer": dealer, "events": events}


def random_hand(rng: random.Random) -> dict[str, Any]:
    """A hand dealt, bid and played, with cards taken back and played again, calls of attention to the
    trick, demands that the trick's cards be placed, gatherings, quits and the declarer's choices."""
    pack = [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]
    rng.shuffle(pack)
    events: list[dict[str, Any]] = [{"deal": {"to": SEATS[k % 4], "card": c}} for k, c in enumerate(pack)]
    hands = {seat: pack[k::4] for k, seat in enumerate(SEATS)}
    events += [{"call": {"by": "north", "bid": rng.choice(bench.BIDS[:10])}},
               {"call": {"by": "east", "bid": "pass"}}, {"call": {"by": "south", "bid": "pass"}},
               {"call": {"by": "west", "bid": "pass"}}]
    for trick in range(13):
        for seat in SEATS:
            card = hands[seat][trick]
            events.append({"play": {"by": seat, "card": card}})
            if rng.random() < 0.1:  # taken back and played again
                events += [{"withdraw": {"by": seat, "card": card}}, {"play": {"by": seat, "card": card}}]
            for _ in range(rng.choice([0, 0, 1, 2])):
                events.append(rng.choice([
                    {"attention": {"by": rng.choice(SEATS), "to": "trick", "requested": rng.random() < 0.3}},
                    {"claim": {"by": rng.choice(SEATS), "what": "cards-placed"}},
                    {"touch": {"by": rng.choice(SEATS), "what": "trick-to-gather"}},
                    {"choose": {"by": rng.choice(SEATS), "option": rng.choice(["highest", "lowest", "win"])}},
                ]))
        if rng.random() < 0.5:
            events.append({"quit": {}})
    if rng.random() < 0.3:  # a call of attention and a demand before any card is played
        events.insert(52, {"attention": {"by": "east", "to": "trick"}})
        events.insert(52, {"claim": {"by": "west", "what": "cards-placed"}})
    return {"dealer": "north", "events": events}


def compare(engine: Engine, data: dict[str, Any], names: frozenset[str]) -> int:
    """Assert each view of ``names`` the record gives equals its former CEL's value; how many were given."""
    vocabulary = engine.model.vocabulary
    laid_out = read_record(data, vocabulary).as_cel(vocabulary)
    context, given = bench.context_for(engine, laid_out)
    before = bench.values({n: bench.BEFORE[n] for n in names}, context, given)
    for name, value in before.items():
        assert given[name] == value, (name, data)
    return len(before)


@pytest.mark.parametrize("seed", range(12))
def test_auction_views_as_before(engine, seed):
    rng = random.Random(seed)
    data = random_auction(rng, rng.choice([20, 60, 100]))
    compare(engine, data, bench.AUCTION_VIEWS)


def test_auction_views_give_something_to_compare(engine):
    """The generated auctions reach every view compared (a comparison of nothing would prove nothing)."""
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        data = random_auction(rng, rng.choice([20, 60, 100]))
        vocabulary = engine.model.vocabulary
        given = engine.model.views.derive(read_record(data, vocabulary).as_cel(vocabulary), bench.AUCTION_VIEWS)
        seen |= {n for n in bench.AUCTION_VIEWS if given.get(n)}
    assert seen == bench.AUCTION_VIEWS


def test_longest_legal_auction_as_before(engine):
    data = bench.auction_record(382)
    assert len(data["events"]) == 382 <= engine.model.vocabulary.limits.of_kind("call")
    assert compare(engine, data, bench.AUCTION_VIEWS) >= 4


@pytest.mark.parametrize("seed", range(8))
def test_attention_views_as_before(engine, seed):
    compare(engine, random_hand(random.Random(seed)), bench.ATTENTION_VIEWS)


def test_attention_views_give_something_to_compare(engine):
    seen: set[str] = set()
    for seed in range(8):
        data = random_hand(random.Random(seed))
        vocabulary = engine.model.vocabulary
        given = engine.model.views.derive(read_record(data, vocabulary).as_cel(vocabulary), bench.ATTENTION_VIEWS)
        seen |= {n for n in bench.ATTENTION_VIEWS if given.get(n)}
    assert seen == bench.ATTENTION_VIEWS
