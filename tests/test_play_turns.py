"""Whose turn each card was: the opening lead, each trick's leader (the winner of the one before), then to the left."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from lawkit.rules.engine import Engine

HANDS = Path(__file__).parent / "data" / "hands"


@pytest.fixture(scope="module")
def engine(corpus):
    return Engine(corpus)


@pytest.mark.parametrize("name", sorted(p.stem for p in HANDS.glob("complete_*.yaml")))
def test_a_hand_played_in_turn_has_no_card_out_of_turn(engine, name):
    views = engine.situation(yaml.safe_load((HANDS / f"{name}.yaml").read_text("utf-8"))).views
    assert views["opening_leader"] == {"north": "east", "east": "south", "south": "west",
                                       "west": "north"}[views["declarer"]]
    assert views["trick_leaders"][0] == views["opening_leader"]
    assert views["trick_leaders"][1:] == views["trick_winners"][:-1]  # each trick led by the last one's winner
    assert views["plays_out_of_turn"] == []
    assert [p for p in views["play_turns"] if p == ""] == []


def test_a_lead_out_of_turn_is_named_with_whose_lead_it_was(engine):
    record = {"dealer": "north", "events": [
        {"call": {"by": "north", "bid": "1H"}}, {"call": {"by": "east", "bid": "pass"}},
        {"call": {"by": "south", "bid": "pass"}}, {"call": {"by": "west", "bid": "pass"}},
        # North declares; East should lead, but West does.
        {"play": {"by": "west", "card": "KD"}}, {"play": {"by": "north", "card": "2D"}},
    ]}
    views = engine.situation(record).views
    assert views["declarer"] == "north" and views["opening_leader"] == "east"
    assert views["plays_out_of_turn"] == [
        {"i": 4, "trick": 1, "by": "west", "card": "KD", "turn": "east", "lead": True}]
    assert views["play_turns"] == ["east", "north"]  # after West's card, North (to his left) in turn


def test_a_record_beginning_later_in_the_play_does_not_guess_the_leader(engine):
    record = {"dealer": "north", "events": [{"play": {"by": "south", "card": "AS", "trick": 5}}]}
    views = engine.situation(record).views
    assert views["trick_leaders"] == [""] and views["plays_out_of_turn"] == []


def test_a_card_taken_back_leaves_its_trick_and_returns_to_the_hand(engine):
    """East renounces, takes the card back and follows: the trick has four cards, East's second card
    was his turn, and the card taken back is in his hand before the next trick."""
    record = {"dealer": "north", "events": [
        {"deal": {"to": "east", "cards": ["2H", "JD"], "count": 2}},
        {"call": {"by": "north", "bid": "1S"}}, {"call": {"by": "east", "bid": "pass"}},
        {"call": {"by": "south", "bid": "pass"}}, {"call": {"by": "west", "bid": "pass"}},
        {"play": {"by": "east", "card": "AD"}}, {"play": {"by": "south", "card": "3D"}},
        {"play": {"by": "west", "card": "4D"}},
    ]}
    # the declarer is north, so east leads; redo with east following a diamond lead by north's left
    record["events"][5:] = [
        {"play": {"by": "east", "card": "KD"}}, {"play": {"by": "south", "card": "3D"}},
        {"play": {"by": "west", "card": "4D"}}, {"play": {"by": "north", "card": "5D"}},
    ]
    record["events"][0] = {"deal": {"to": "south", "cards": ["2H", "JD"], "count": 2}}
    record["events"][5:] = [
        {"play": {"by": "east", "card": "KD"}}, {"play": {"by": "south", "card": "2H"}},
        {"withdraw": {"by": "south", "card": "2H"}}, {"play": {"by": "south", "card": "JD"}},
        {"play": {"by": "west", "card": "4D"}}, {"play": {"by": "north", "card": "5D"}},
        {"play": {"by": "east", "card": "AS"}},
    ]
    views = engine.situation(record).views
    assert [len(t["cards"]) for t in views["tricks"]] == [4, 1]
    assert [p["card"] for p in views["tricks"][0]["cards"]] == ["KD", "JD", "4D", "5D"]
    assert views["plays_out_of_turn"] == []
    assert "2H" in views["hands_before_trick"][1]["south"]
    assert [(r["by"], r["card"]) for r in views["revokes"]] == [("south", "2H")]


def test_taking_back_a_card_not_played_is_an_error_naming_the_event(engine):
    record = {"dealer": "north", "events": [{"play": {"by": "east", "card": "KD"}},
                                            {"withdraw": {"by": "east", "card": "QD"}}]}
    with pytest.raises(Exception, match=r"event 2 \(withdraw by east of QD\): east takes back QD, which he has not"):
        engine.situation(record)


def test_a_quit_without_its_trick_is_the_trick_last_played_to(engine):
    record = {"dealer": "north", "events": [
        {"play": {"by": "east", "card": "KD"}}, {"play": {"by": "south", "card": "2D"}},
        {"play": {"by": "west", "card": "5D"}}, {"play": {"by": "north", "card": "AD"}},
        {"quit": {}}, {"play": {"by": "north", "card": "3C", "trick": 2}}, {"quit": {}},
    ]}
    situation = engine.situation(record)
    assert [e["trick"] for e in situation.record.events if e["kind"] == "quit"] == [1, 2]
