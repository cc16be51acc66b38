"""One record put to every code: the same questions, about what happened, and a ruling from each code with a law.

The record of issue 10: a card turned face up while dealing. Every code that has a law on dealing out of
turn asks the one question the record cannot answer (whose turn it was to deal, which `previous_dealer`
tells); none asks a law-shaped question (did the adversaries claim? did the corrector look?). With the
previous dealer recorded, no code asks anything.
"""

from __future__ import annotations

import pytest

from lawkit.rules.engine import Engine

FACE_UP = {"dealer": "north", "events": [
    {"cut_pack": {"by": "west"}},
    {"deal": {"to": "east", "card": "2S"}},
    {"deal": {"to": "south", "card": "3S"}},
    {"deal": {"to": "west", "card": "4S", "face_up": True}},
]}
# The law of each code that rules on the card exposed in dealing, and how.
EXPOSED_CARD_LAW = {
    "auction-bridge-1912": ("auction-bridge-1912/37", "new-deal"),
    "auction-bridge-1913": ("auction-bridge-1913/37", "new-deal"),
    "bridge-1904": ("bridge-1904/40", "new-deal-may-be-claimed"),
    "duplicate-whist-1910": ("duplicate-whist-1910/III", "new-deal"),
    "english-whist": ("english-whist/38", "new-deal-may-be-claimed"),
}


@pytest.fixture(scope="module")
def engine(corpus):
    return Engine(corpus)


def test_every_code_asks_the_same_question_of_the_face_up_record(engine):
    asked = {r.code: sorted(m["fact"] for m in r.missing_facts) for r in engine.compare(FACE_UP)}
    assert {tuple(q) for q in asked.values() if q} == {("dealt_out_of_turn",)}, asked
    assert asked["duplicate-whist-1910"] == [] and asked["whist-bridge-excerpt"] == []


def test_with_the_previous_dealer_recorded_no_code_asks_anything(engine):
    results = engine.compare({**FACE_UP, "previous_dealer": "west"})
    assert {r.code: r.missing_facts for r in results} == {r.code: [] for r in results}


@pytest.mark.parametrize("code", sorted(EXPOSED_CARD_LAW))
def test_each_code_with_a_law_on_it_rules_on_the_exposed_card(engine, code):
    law, outcome = EXPOSED_CARD_LAW[code]
    result = engine.ruling(code, FACE_UP)
    assert (law, outcome) in {(r.law, r.outcome) for r in result.rulings}


def test_a_choice_names_who_may_choose_and_what_each_option_does(engine):
    (choice,) = [r for r in engine.ruling("bridge-1904", FACE_UP).rulings if r.outcome == "new-deal-may-be-claimed"]
    assert sorted(choice.values["by"]) == ["east", "west"]
    assert set(choice.values["options"]) == {"new-deal", "deal-stands"}


# Where codes ask different questions of one record of tests/scenarios/compare.yaml, because their
# laws depend on different things (not because a record is encoded two ways), with the reason.
DIFFERENT_QUESTIONS = {
    "One candidate claims admission; North has played the most consecutive rubbers":
        "1912 Law 21 asks which players helped make up the table, the 1913 revision which were needed to",
    "A deal record with fourteen cards to East and twelve to South":
        "only Duplicate Whist speaks of overplays and of the tables in a match",
    "Fourteen cards in North's hand and twelve in West's, found during the play":
        "only Duplicate Whist speaks of overplays and of the tables in a match",
}


def test_each_compare_record_gets_the_same_questions_from_every_code_with_a_rule_on_it(engine, repo):
    from lawkit.rules import scenarios

    same, different = [], {}
    for scenario in scenarios.load(repo / "tests" / "scenarios" / "compare.yaml"):
        results = engine.compare(scenario.record)
        concerned = [r for r in results if r.rulings or r.missing_facts]
        asked = {tuple(sorted(m["fact"] for m in r.missing_facts)) for r in concerned}
        if len(asked) <= 1:
            same.append(scenario.name)
        else:
            different[scenario.name] = asked
    assert set(different) == set(DIFFERENT_QUESTIONS), different
    assert len(same) >= 13
