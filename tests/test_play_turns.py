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
