"""One engine state: names resolved exactly, a context per ruling, a cached corpus that rules, threads.

Regression tests for the defects issue 10 measured: a macro variable named
like a fact hid that fact from the rule's names (and the shared per-code
context then let the rule read an earlier situation's value); a corpus read
back from the cache had no rulebooks; the shared context made the engine
unsafe from two threads.
"""

from __future__ import annotations

import threading

import pytest

import lawkit
from lawkit.rules.engine import Engine

from test_engine import CODE, FACTS, OUTCOMES, heading

DEALER_FACT = "  - {name: dealer, type: {enum: [north, east, south, west]}, question: Who dealt?}\n"
NORTH_DEALS = """\
    rules:
      - id: north-dealt
        when: dealer == 'north'
        then: {outcome: dealer, values: {dealt_by: dealer}}
"""


def make(make_corpus, tmp_path, monkeypatch, law2: str) -> lawkit.Corpus:
    make_corpus({"facts.yaml": FACTS + DEALER_FACT, "outcomes.yaml": OUTCOMES, "demo/code.yaml": CODE,
                 "demo/01-one.yaml": heading("", law2, "")})
    monkeypatch.chdir(tmp_path)
    return lawkit.check("laws")


def test_a_macro_variable_named_like_a_fact_is_a_check_error(make_corpus, tmp_path, monkeypatch):
    hiding = """\
    rules:
      - id: hides-the-dealer
        when: cuts.exists(dealer, dealer.card == 'AS') && dealer == 'north'
        then: {outcome: dealer}
"""
    corpus = make(make_corpus, tmp_path, monkeypatch, hiding)
    (problem,) = [p for p in corpus.problems if p.kind == "rules"]
    assert problem.citation == "demo/2"
    assert "the macro variable 'dealer' has the name of a fact" in problem.message
    assert (problem.position.line, problem.position.col) == (10, 15)  # the when: value


def test_names_outside_a_macro_are_read_even_when_a_macro_binds_another_name(make_corpus, tmp_path, monkeypatch):
    both = """\
    rules:
      - id: ace-cut-and-north-dealt
        when: cuts.exists(c, c.card == 'AS') && dealer == 'north'
        then: {outcome: dealer}
"""
    corpus = make(make_corpus, tmp_path, monkeypatch, both)
    assert corpus.problems == []
    (rule,) = corpus.rulebooks["demo"].rules
    assert rule.facts == {"cuts", "dealer"}
    result = Engine(corpus).ruling("demo", {"answers": {"cuts": [{"player": "N", "card": "AS"}]}})
    assert result.rulings == [] and [m["fact"] for m in result.missing_facts] == ["dealer"]


def test_a_ruling_reads_its_own_situation_only(make_corpus, tmp_path, monkeypatch):
    engine = Engine(make(make_corpus, tmp_path, monkeypatch, NORTH_DEALS))
    first = engine.ruling("demo", {"answers": {"dealer": "north"}})
    assert [r.values for r in first.rulings] == [{"dealt_by": "north"}]
    second = engine.ruling("demo", {"answers": {"error_found": True}})  # no dealer this time
    assert second.rulings == []
    third = engine.ruling("demo", {"answers": {"dealer": "east"}})
    assert third.rulings == [] and third.considered[0]["status"] == "did-not-hold"


def test_a_corpus_from_the_cache_rules(laws, corpus):
    from lawkit.cache import checked
    from lawkit.corpus import stored

    cached, _ = checked(laws, lawkit.check, stored)
    cached, _ = checked(laws, lawkit.check, stored)  # the second read comes from the cache, without compiled rules
    record = {"events": [{"cut": {"by": p, "card": c}} for p, c in zip("NESW", ["QS", "3H", "3D", "KC"])]}
    got = Engine(cached).ruling("auction-bridge-1912", record)
    want = Engine(corpus).ruling("auction-bridge-1912", record)  # the corpus checked, rules compiled
    assert [r.as_json() for r in got.rulings] == [r.as_json() for r in want.rulings]
    assert any(r.values.get("first_dealer") == "E" for r in got.rulings)


def test_one_engine_serves_several_threads(corpus):
    engine = Engine(corpus)
    records = []
    for index in range(8):
        cards = ["QS", "3H", "3D", "KC", "2C", "AH", "9D", "TS"]
        cards = cards[index:] + cards[:index]
        records.append({"dealer": ["north", "east", "south", "west"][index % 4],
                        "events": [{"cut": {"by": p, "card": c}} for p, c in zip("NESW", cards)]
                        + [{"deal": {"to": "east", "card": "AS", "face_up": index % 2 == 0}}]})
    expected = [[r.as_json() for c in engine.compare(rec) for r in c.rulings] for rec in records]
    failures: list[str] = []

    def work(index: int) -> None:
        for _ in range(15):
            got = [r.as_json() for c in engine.compare(records[index]) for r in c.rulings]
            if got != expected[index]:
                failures.append(f"record {index} gave other rulings in a thread")
                return

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len({str(e) for e in expected}) > 1  # the records do differ, so a mix-up would show


@pytest.mark.parametrize("source, free, bound", [
    ("cuts.map(c, c.player)", {"cuts"}, ["c"]),
    ("deal.exists(d, d.to == dealer)", {"deal", "dealer"}, ["d"]),
    ("cuts.exists(c, c.card == 'AS') && c == 1", {"cuts", "c"}, ["c"]),  # c outside the macro is free
    ("a.filter(x, b.all(y, x < y)) + [x]", {"a", "b", "x"}, ["x", "y"]),
    ("size(m.items) > 0 && has(m.x) && 'dealer' in m", {"m"}, []),
    ("{'north': seats.north}", {"seats"}, []),
])
def test_cel_names_are_resolved_exactly(source, free, bound):
    from lawkit.rules.celnames import names

    read = names(source)
    assert set(read.free) == free
    assert [name for name, _ in read.bound] == bound


def test_rules_read_the_shared_constants_of_the_views(make_corpus, tmp_path, monkeypatch):
    partner = """\
    rules:
      - id: partner-of-north
        when: dealer == 'north'
        then: {outcome: dealer, values: {partner: "partner_of[dealer]"}}
"""
    make_corpus({"facts.yaml": FACTS + DEALER_FACT, "outcomes.yaml": OUTCOMES, "demo/code.yaml": CODE,
                 "demo/01-one.yaml": heading("", partner, ""),
                 "views.yaml": "# yaml-language-server: $schema=../lawkit/schemas/views.schema.json\n"
                               "constants:\n  - {name: partner_of, description: Partners., value: {north: south}}\n"
                               "views: []\n"})
    monkeypatch.chdir(tmp_path)
    corpus = lawkit.check("laws")
    assert corpus.problems == []
    result = Engine(corpus).ruling("demo", {"answers": {"dealer": "north"}})
    assert [r.values for r in result.rulings] == [{"partner": "south"}]


def test_a_number_left_unanswered_is_not_asked_when_the_rule_cannot_hold_anyway(make_corpus, tmp_path, monkeypatch):
    tables = """\
    rules:
      - id: many-tables-after-an-error
        when: error_found && tables > 2
        then: {outcome: average-score}
"""
    engine = Engine(make(make_corpus, tmp_path, monkeypatch, tables))
    result = engine.ruling("demo", {"answers": {"error_found": False}})
    assert result.missing_facts == [] and result.considered[0]["status"] == "cannot-hold"
    result = engine.ruling("demo", {"answers": {"error_found": True}})
    assert [m["fact"] for m in result.missing_facts] == ["tables"]


def test_a_view_answered_where_the_record_lacks_it_feeds_the_views_that_read_it(make_corpus, tmp_path, monkeypatch):
    views = """\
# yaml-language-server: $schema=../lawkit/schemas/views.schema.json
views:
  - name: cards_held
    description: How many cards the player holds (from the deal, when the record has one).
    type: int
    question: How many cards does he hold?
    when: size(cards_dealt) > 0
    value: size(cards_dealt)
  - name: cards_over
    description: How many cards over thirteen.
    when: cards_held != null
    value: cards_held - 13
"""
    over = """\
    rules:
      - id: too-many
        when: cards_over > 0
        then: {outcome: new-deal}
"""
    make_corpus({"facts.yaml": FACTS, "outcomes.yaml": OUTCOMES, "demo/code.yaml": CODE,
                 "demo/01-one.yaml": heading("", over, ""), "views.yaml": views})
    monkeypatch.chdir(tmp_path)
    corpus = lawkit.check("laws")
    assert corpus.problems == []
    engine = Engine(corpus)
    assert [r.outcome for r in engine.ruling("demo", {"answers": {"cards_held": 14}}).rulings] == ["new-deal"]
    assert engine.ruling("demo", {"answers": {"cards_held": 13}}).rulings == []
    assert [m["fact"] for m in engine.ruling("demo", {"answers": {"error_found": True}}).missing_facts] == []


def test_a_ruling_points_at_its_event_whatever_views_were_derived(corpus):
    """A ruling of a record's data derives only the views some rule reads (views="rules", as
    `lawkit rule` and the explorer do); what a rule's event reads is read too, so the trace points at
    the event as on a situation with every view (157 of the scenarios' 1,264 rulings lacked it)."""
    engine = Engine(corpus)
    event_only = {name for book in corpus.rulebooks.values() for rule in book.rules for name in rule.event_facts}
    assert event_only and event_only <= engine.views_read
    record = {"dealer": "north", "events": [{"shuffle": {"by": "south", "below_table": True}}]}
    every = engine.ruling("auction-bridge-1912", engine.situation(record, views="all")).as_json()
    ruled = engine.ruling("auction-bridge-1912", record).as_json()
    assert ruled == every
    steps = [step for ruling in ruled["rulings"] for step in ruling["trace"] if step["step"] == "event"]
    assert [(step["event"], step["kind"], step["by"]) for step in steps] == [(0, "shuffle", "south")]
