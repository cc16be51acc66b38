"""A ruling in players' words (a rule's ``says``) and the trace's pointer at the event that brought it."""

from pathlib import Path

import pytest

import lawkit
from lawkit.rules import words

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def engine(corpus):
    return lawkit.Engine(corpus)


@pytest.mark.parametrize("value, said", [
    ("east", "East"), ("KH", "king of hearts"), ("TS", "ten of spades"), ("JD", "knave of diamonds"),
    (["north", "south"], "North and South"), (["AS", "2C", "QD"], "ace of spades, two of clubs and queen of diamonds"),
    ([], "none"), (True, "yes"), (3, "3"), ("new-deal", "new-deal"),
])
def test_a_value_in_words(value, said):
    assert words.word(value) == said


def test_a_sentence_begins_with_a_capital_and_fills_its_values():
    assert words.say("{who} may call the {card}.", {"who": "west", "card": "KH"}) == "West may call the king of hearts."


def test_a_card_exposed_in_dealing_is_said_and_traced_to_its_event(engine):
    record = {"dealer": "north", "events": [{"shuffle": {"by": "north"}}, {"deal": {"to": "east", "card": "QS"}},
                                            {"deal": {"to": "south", "card": "3H", "face_up": True}}]}
    result = engine.ruling("auction-bridge-1912", record)
    ruling = next(r for r in result.rulings if r.rule.endswith("#card-exposed-in-dealing"))
    assert ruling.says == "The three of hearts was exposed in the deal; there must be a new deal."
    events = [step for step in ruling.trace if step["step"] == "event"]
    assert [(e["event"], e["kind"]) for e in events] == [(2, "deal")]
    assert ruling.as_json()["says"] == ruling.says


def _corpus_with(tmp_path, then: str):
    import shutil
    shutil.copytree(ROOT / "laws", tmp_path / "laws")
    path = tmp_path / "laws" / "auction-bridge-1912" / "09-a-new-deal.yaml"
    text = path.read_text()
    old = "          says: The {exposed} was exposed in the deal; there must be a new deal.\n"
    assert old in text
    path.write_text(text.replace(old, then))
    return lawkit.check(tmp_path / "laws")


def test_a_sentence_naming_no_value_of_its_rule_is_an_error_at_its_position(tmp_path):
    corpus = _corpus_with(tmp_path, "          says: The {exposd} was exposed.\n")
    problems = [p for p in corpus.problems if p.kind == "undeclared-name"]
    assert len(problems) == 1
    assert "{exposd}" in problems[0].message and "did you mean 'exposed'" in problems[0].message
    assert problems[0].position.path.endswith("09-a-new-deal.yaml")


def test_an_event_index_out_of_the_record_is_a_rule_error(tmp_path):
    _corpus_with(tmp_path, "          says: x\n")
    text = (tmp_path / "laws/auction-bridge-1912/09-a-new-deal.yaml").read_text()
    (tmp_path / "laws/auction-bridge-1912/09-a-new-deal.yaml").write_text(
        text.replace("event: dealt_face_up.map(d, d.i)", "event: size(dealt_face_up) + 5"))
    engine = lawkit.Engine(lawkit.load(tmp_path / "laws"))
    record = {"dealer": "north", "events": [{"deal": {"to": "east", "card": "3H", "face_up": True}}]}
    with pytest.raises(lawkit.RulingError, match="'event' gave 6, not the index of an event"):
        engine.ruling("auction-bridge-1912", record)


def test_every_rule_of_every_code_says_its_ruling_in_players_words(engine):
    unsaid = [rule.key for book in engine.corpus.rulebooks.values() for rule in book.rules if not rule.says]
    assert len([r for b in engine.corpus.rulebooks.values() for r in b.rules]) > 700
    assert unsaid == []
