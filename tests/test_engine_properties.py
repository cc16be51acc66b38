"""Random situations thrown at every rule of every code: no crash.

Hypothesis draws well-typed values for a random subset of the facts
vocabulary and puts them to each code. A ruling may legitimately end in a
conflict error (two rules apply and disagree — an error that names both
laws); anything else raising — a rule's expression failing on some valid
situation, or any other exception — is a bug this test is here to find.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawkit.rules.engine import Engine, RulingError
from lawkit.corpus.facts import FactType, all_cards

from conftest import scenario_engine

CORPUS = scenario_engine().corpus  # the real corpus, loaded once per worker
ENGINE = Engine(CORPUS)
CARDS = all_cards()


def values(kind: FactType) -> st.SearchStrategy:
    if kind.kind == "bool":
        return st.booleans()
    if kind.kind == "int":
        return st.integers(min_value=0, max_value=60)  # below zero is refused as a fact (test_hostile_facts)
    if kind.kind == "string":
        return st.sampled_from(["North", "East", "South", "West", "A", "B"])
    if kind.kind == "card":
        return st.sampled_from(CARDS)
    if kind.kind == "enum":
        return st.sampled_from(kind.values)
    if kind.kind == "list":
        return st.lists(values(kind.item), max_size=56 if kind.item.kind == "record" else 8)
    return st.fixed_dictionaries({name: values(t) for name, t in kind.fields})


SEATS = ["north", "east", "south", "west"]
answers = st.fixed_dictionaries({}, optional={name: values(fact.type) for name, fact in CORPUS.facts.items()})
# A record: a dealer, a few cuts, and a deal of distinct cards to random seats (face up or not).
deals = st.lists(st.tuples(st.sampled_from(SEATS), st.booleans()), max_size=56).flatmap(
    lambda motions: st.permutations(CARDS).map(lambda pack: [
        {"deal": {"to": seat, "card": card, "face_up": up}} for (seat, up), card in zip(motions, pack)]))
# distinct cards: two players cutting one card is refused as a fact (test_hostile_facts)
cuts = st.lists(st.tuples(st.sampled_from(["North", "East", "South", "West", "A"]), st.sampled_from(CARDS)),
                max_size=6, unique_by=lambda cut: cut[1]).map(lambda cs: [{"cut": {"by": p, "card": c}} for p, c in cs])
situations = st.builds(lambda a, d, c, dealer: {"answers": a, "events": c + d, **({"dealer": dealer} if dealer else {})},
                       answers, deals, cuts, st.sampled_from([None, *SEATS]))


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(situations)
def test_random_situations_never_crash_a_code(situation):
    for code in CORPUS.rulebooks:
        try:
            ENGINE.ruling(code, situation)
        except RulingError as exc:
            if exc.kind != "conflict":
                pytest.fail(f"{code}: {exc}")


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.dictionaries(st.text(max_size=8), st.integers() | st.text(max_size=5) | st.none(), max_size=3))
def test_ill_typed_situations_are_facts_errors(situation):
    try:
        ENGINE.ruling(next(iter(CORPUS.rulebooks)), situation)
    except RulingError as exc:
        assert exc.kind == "facts"
