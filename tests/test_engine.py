"""The rule engine: rules checked at load, rulings with citations and trace, errors as one line.

A small demo code (Laws 1-3) with its own facts and outcomes; each test
writes the rules it needs.
"""

from __future__ import annotations

import json
import re

import pytest

import lawkit

from conftest import DEMO_CODE
from lawkit.rules.engine import Engine, RulingError


def answers(facts: dict) -> dict:
    """A situation with no record of the table: only answers (the demo code has no views)."""
    return {"answers": facts}

FACTS = """\
# yaml-language-server: $schema=../lawkit/schemas/facts.schema.json
facts:
  - {name: cuts, type: {list: {record: {player: string, card: card}}}, question: Who cut which card?}
  - {name: error_found, type: bool, question: Was an error found?}
  - {name: agreed, type: bool, question: Was the score agreed?}
  - {name: tables, type: int, question: How many tables are in play?}
  - {name: seat, type: {enum: [north, east, south, west]}, question: Which seat?}
"""
OUTCOMES = """\
# yaml-language-server: $schema=../lawkit/schemas/outcomes.schema.json
outcomes:
  - {id: dealer, description: The dealer is settled.}
  - {id: new-deal, description: A new deal., excludes: [deal-stands]}
  - {id: deal-stands, description: The deal stands.}
  - {id: average-score, description: The average score.}
"""
CODE = DEMO_CODE


def heading(law1: str = "", law2: str = "", law3: str = "") -> str:
    return f"""\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    text: The ace is lowest.
{law1}  - law: 2
    text: The lowest deals.
{law2}  - law: 3
    text: An error stands once agreed.
{law3}"""


RANK = """\
    constants:
      - name: rank
        card_order: {ranks: A23456789TJQK, suits: null}
"""
LOWEST_DEALS = """\
    rules:
      - id: lowest-deals
        when: size(cuts) == 4
        then:
          outcome: dealer
          values:
            dealer_player: cuts.filter(x, cuts.all(y, rank[x.card] <= rank[y.card]))[0].player
"""


@pytest.fixture
def build(make_corpus, tmp_path, monkeypatch):
    def run(law1: str = RANK, law2: str = LOWEST_DEALS, law3: str = "", facts: str = FACTS) -> lawkit.Corpus:
        make_corpus({"facts.yaml": facts, "outcomes.yaml": OUTCOMES, "demo/code.yaml": CODE,
                     "demo/01-one.yaml": heading(law1, law2, law3)})
        monkeypatch.chdir(tmp_path)
        return lawkit.check("laws")
    return run


CUT = {"cuts": [{"player": "N", "card": "QS"}, {"player": "E", "card": "AH"},
                {"player": "S", "card": "10D"}, {"player": "W", "card": "2C"}]}


def test_a_ruling_cites_its_law_and_the_constant_it_used(build):
    corpus = build()
    assert corpus.problems == []
    result = Engine(corpus).ruling("demo", answers(CUT))
    (ruling,) = result.rulings
    assert (ruling.law, ruling.outcome, ruling.values) == ("demo/2", "dealer", {"dealer_player": "E"})
    assert ruling.cites == ["demo/2", "demo/1"]
    assert {"step": "constant", "name": "rank", "law": "demo/1"} in ruling.trace
    assert {"step": "condition", "expr": "size(cuts) == 4", "held": True} in ruling.trace


def test_a_rule_that_does_not_hold_is_reported_as_considered(build):
    result = Engine(build()).ruling("demo", answers({"cuts": CUT["cuts"][:3]}))
    assert result.rulings == []
    assert result.considered == [{"rule": "demo/2#lowest-deals", "law": "demo/2", "status": "did-not-hold"}]


STANDS = """\
    rules:
      - id: agreed-score-stands
        when: error_found && agreed
        then: {outcome: deal-stands}
      - id: error-means-new-deal
        when: error_found && tables < 3
        then: {outcome: new-deal}
"""


def test_a_missing_fact_is_asked_for_not_guessed(build):
    result = Engine(build(law3=STANDS)).ruling("demo", answers({"error_found": True}))
    assert result.rulings == []
    assert [(m["fact"], m["question"]) for m in result.missing_facts] == [
        ("agreed", "Was the score agreed?"), ("tables", "How many tables are in play?")]


def test_conflicting_rules_without_precedence_are_an_error_naming_both_laws(build):
    with pytest.raises(RulingError) as raised:
        Engine(build(law3=STANDS)).ruling("demo", answers({"error_found": True, "agreed": True, "tables": 2}))
    message = str(raised.value)
    assert "demo/3#agreed-score-stands" in message and "demo/3#error-means-new-deal" in message


def test_precedence_written_down_decides(build):
    corpus = build(law3=STANDS.replace("        then: {outcome: new-deal}\n",
                                       "        then: {outcome: new-deal}\n        unless: [agreed-score-stands]\n"))
    result = Engine(corpus).ruling("demo", answers({"error_found": True, "agreed": True, "tables": 2}))
    assert [r.rule for r in result.rulings] == ["demo/3#agreed-score-stands"]
    assert {"step": "overrides", "rule": "demo/3#error-means-new-deal", "law": "demo/3"} in result.rulings[0].trace
    assert {"rule": "demo/3#error-means-new-deal", "law": "demo/3", "status": "overridden",
            "by": ["demo/3#agreed-score-stands"]} in result.considered


@pytest.mark.parametrize("law2, kind, line, col, text", [
    (LOWEST_DEALS.replace("size(cuts) == 4", "size(cuts) =="), "cel-syntax", 13, 15, "does not compile"),
    (LOWEST_DEALS.replace("size(cuts) == 4", "size(cutz) == 4"), "undeclared-name", 13, 15, "did you mean 'cuts'"),
    (LOWEST_DEALS.replace("outcome: dealer", "outcome: dealr"), "unknown-outcome", 15, 20, "did you mean 'dealer'"),
    (LOWEST_DEALS + "        overrides: [1#nothing]\n", "dangling-reference", 18, 21, "no rule 'demo/1#nothing'"),
    (LOWEST_DEALS.replace("      - id: lowest-deals\n", "      - id: lowest-deals\n        item: z\n"),
     "dangling-reference", 13, 15, "names item 'z'"),
])
def test_rule_problems_are_reported_at_their_place(build, law2, kind, line, col, text):
    corpus = build(law2=law2)
    problems = [p for p in corpus.problems if p.kind == kind]
    assert problems, [str(p) for p in corpus.problems]
    assert (problems[0].position.line, problems[0].position.col) == (line, col), str(problems[0])
    assert problems[0].citation == "demo/2" and text in problems[0].message


def test_values_that_depend_on_each_other_in_a_circle_are_an_error(build):
    circle = """\
    rules:
      - id: a
        then: {outcome: dealer, values: {x: y + 1}}
      - id: b
        then: {outcome: dealer, values: {y: x + 1}}
"""
    corpus = build(law3=circle)
    assert "rule-cycle" in [p.kind for p in corpus.problems]


@pytest.mark.parametrize("facts, text", [
    ({"cutz": []}, "unknown question 'cutz' (did you mean 'cuts'?)"),
    ({"tables": "two"}, "fact 'tables': expected a whole number, not 'two'"),
    ({"seat": "northeast"}, "fact 'seat': 'northeast' is not one of north, east, south, west"),
    ({"cuts": [{"player": "N", "card": "1H"}]}, "fact 'cuts[0].card': '1H' is not a card"),
    ({"cuts": [{"player": "N"}]}, "fact 'cuts[0]': missing field 'card'"),
    ({"cuts": [{"player": "N", "card": "AS", "x": 1}]}, "fact 'cuts[0].x': unknown field"),
])
def test_bad_facts_are_one_message_naming_the_fact(build, facts, text):
    with pytest.raises(RulingError) as raised:
        Engine(build()).ruling("demo", answers(facts))
    assert text in str(raised.value)


def test_card_notation_is_normalized(build):
    result = Engine(build()).ruling("demo", answers({"cuts": [{"player": p, "card": c} for p, c in
                                                      [("N", "10h"), ("E", "th"), ("S", "2c"), ("W", "as")]]}))
    assert result.rulings[0].values == {"dealer_player": "W"}


def test_a_cel_runtime_error_names_the_law_and_the_facts(build):
    broken = LOWEST_DEALS.replace("rank[x.card] <= rank[y.card]", "rank[x.player] <= rank[y.card]")
    with pytest.raises(RulingError) as raised:
        Engine(build(law2=broken)).ruling("demo", answers(CUT))
    assert str(raised.value).startswith("demo/2#lowest-deals: no key 'N' in the facts 'cuts'")


# -- the CLI -----------------------------------------------------------------------------------

def test_cli_ruling_json_follows_the_contract(build, run_cli, tmp_path):
    build()
    (tmp_path / "cut.json").write_text(json.dumps(answers(CUT)), "utf-8")
    code, out, err = run_cli(["ruling", "--code", "demo", "--facts", "cut.json", "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert set(data) >= {"code", "rulings", "missing_facts"}
    assert set(data["rulings"][0]) >= {"law", "rule", "outcome", "values", "trace"}


@pytest.mark.parametrize("text, where, message", [
    ("answers:\n  cuts:\n    - {player: N, card: QS}\n    - {player: E, card: 1H}\n", "cut.yaml:4:25",
     "'1H' is not a card"),
    ("answers:\n  cutz: []\n", "cut.yaml:2:3", "unknown question 'cutz'"),
    ("cutz: []\n", "cut.yaml:1:1", "unknown part 'cutz'"),
    ("tables: [\n", "cut.yaml:2:1", "error[yaml-syntax]"),
    ("- just a list\n", "cut.yaml:1:1", "must be a mapping"),
])
def test_cli_bad_facts_file_names_file_line_col(build, run_cli, tmp_path, text, where, message):
    build()
    (tmp_path / "cut.yaml").write_text(text, "utf-8")
    code, out, err = run_cli(["ruling", "--code", "demo", "--facts", "cut.yaml"])
    assert code == 1
    assert err.startswith(where) and message in err, err
    assert "Traceback" not in err


def test_cli_missing_facts_file_and_unknown_code(build, run_cli, tmp_path):
    build()
    code, _, err = run_cli(["ruling", "--code", "demo", "--facts", "nope.yaml"])
    assert code == 1 and "cannot read the facts file" in err
    (tmp_path / "cut.json").write_text(json.dumps(answers(CUT)), "utf-8")
    code, _, err = run_cli(["ruling", "--code", "dem", "--facts", "cut.json"])
    assert code == 1 and "did you mean 'demo'" in err


def test_cli_conflict_is_exit_1_one_line(build, run_cli, tmp_path):
    build(law3=STANDS)
    (tmp_path / "s.json").write_text(json.dumps(answers({"error_found": True, "agreed": True, "tables": 2})), "utf-8")
    code, out, err = run_cli(["ruling", "--code", "demo", "--facts", "s.json"])
    assert code == 1 and len(err.strip().splitlines()) == 1 and "both apply and conflict" in err


def test_cli_compare_and_coverage(build, run_cli, tmp_path):
    build()
    (tmp_path / "cut.json").write_text(json.dumps(answers(CUT)), "utf-8")
    code, out, _ = run_cli(["compare", "--facts", "cut.json", "--json"])
    assert code == 0 and json.loads(out)["codes"][0]["rulings"][0]["values"] == {"dealer_player": "E"}
    code, out, _ = run_cli(["coverage", "--json"])
    data = json.loads(out)
    assert code == 0 and data["codes"][0]["formalized"] == 2 and data["codes"][0]["untouched"] == 1


def test_export_carries_the_rules_for_another_evaluator(build, run_cli):
    build()
    code, out, _ = run_cli(["export", "--json"])
    data = json.loads(out)
    book = data["codes"][0]["rulebook"]
    assert book["constants"]["rank"]["law"] == "demo/1" and book["constants"]["rank"]["value"]["AS"] == 0
    rule = book["rules"][0]
    assert rule["when"] == "size(cuts) == 4" and rule["values"]["dealer_player"]["cel"].startswith("cuts.filter")
    assert [f["name"] for f in data["facts"]][:2] == ["cuts", "error_found"]


def test_cli_ruling_on_the_real_corpus_names_partners_and_dealer(run_cli, repo, tmp_path, monkeypatch):
    """The issue's example: a cut of QS, 3H, 3D, KC under the 1912 code."""
    facts = {"events": [{"cut": {"by": p, "card": c}} for p, c in zip(["North", "East", "South", "West"],
                                                                       ["QS", "3H", "3D", "KC"])]}
    (tmp_path / "cut.json").write_text(json.dumps(facts), "utf-8")
    monkeypatch.chdir(repo)
    code, out, err = run_cli(["ruling", "--code", "auction-bridge-1912", "--facts", str(tmp_path / "cut.json"),
                              "--json"])
    assert code == 0, err
    (ruling,) = [r for r in json.loads(out)["rulings"] if r["outcome"] == "partnerships-and-dealer"]
    assert ruling["values"]["first_dealer"] == "East"  # the 3 of hearts: lowest by Law 14
    assert ruling["values"]["partnerships"] == [["East", "South"], ["North", "West"]]
    assert {"auction-bridge-1912/14", "auction-bridge-1912/18"} <= set(ruling["cites"])


TWO_CHOOSERS = """\
    rules:
      - id: north-chooses
        when: error_found
        then: {outcome: average-score, values: {by: '"north"'}}
      - id: east-chooses
        when: tables > 1
        then: {outcome: average-score, values: {by: '"east"'}}
"""


def test_two_rulings_may_name_their_own_outputs_alike(build):
    """A value no other rule reads is the ruling's own output: two rules that apply together may each
    give a `by` of their own (who chooses), without a conflict."""
    result = Engine(build(law3=TWO_CHOOSERS)).ruling("demo", answers({"error_found": True, "tables": 2}))
    assert sorted(r.values["by"] for r in result.rulings) == ["east", "north"]


def test_a_value_another_rule_reads_must_agree(build):
    reader = "      - id: reads-by\n        when: by != ''\n        then: {outcome: dealer}\n"
    with pytest.raises(RulingError, match="both apply and give 'by' different values"):
        Engine(build(law3=TWO_CHOOSERS + reader)).ruling("demo", answers({"error_found": True, "tables": 2}))


SCORING = """\
    rules:
      - id: tricks-scored
        when: tables > 0
        then:
          outcome: average-score
          values:
            points: tables * 6
            scorer: '"north-south"'
            honours: "{'north-south': 0, 'east-west': 16}"
            game: "tables >= 5 ? 'north-south' : ''"
          score: {below: points, to: scorer, above: honours, game: game}
"""


def test_a_scoring_rule_puts_its_values_on_the_score_sheet(build):
    """`then.score` names the rule's values: points to a side, a map of side to points (a side with
    nothing is left out), the side that won the game. (A seat standing for its side needs the views'
    side_of, which this demo corpus lacks: the scoring scenarios of the real corpus use it.)"""
    result = Engine(build(law3=SCORING)).ruling("demo", answers({"tables": 5}))
    (ruling,) = result.rulings
    assert ruling.score == {"below": {"north-south": 30}, "above": {"east-west": 16}, "game": "north-south"}
    assert ruling.as_json()["score"] == ruling.score


@pytest.mark.parametrize("clause, message", [
    ("{below: honours}", None),
    ("{below: points}", "'score' below is a number of points (6) but 'to' names no side"),
    ("{above: scorer}", "'score' above is 'north-south' (the value 'scorer'), not points or a map"),
    ("{game: points}", "'score' game is 6 (the value 'points'), not a side"),
])
def test_a_score_entry_of_the_wrong_shape_is_an_error_naming_the_rule(build, clause, message):
    rules = SCORING.replace("{below: points, to: scorer, above: honours, game: game}", clause)
    engine = Engine(build(law3=rules))
    if message is None:
        assert engine.ruling("demo", answers({"tables": 1})).rulings[0].score == {"below": {"east-west": 16}}
        return
    with pytest.raises(RulingError, match=re.escape(message)) as raised:
        engine.ruling("demo", answers({"tables": 1}))
    assert raised.value.kind == "rule" and raised.value.law == "demo/3"


def test_a_score_entry_must_name_a_value_of_its_rule(build):
    corpus = build(law3=SCORING.replace("{below: points, to: scorer, above: honours, game: game}",
                                        "{below: pionts, to: scorer}"))
    (problem,) = corpus.problems
    assert problem.kind == "undeclared-name"
    assert "'score' below names 'pionts', which is not one of its values (did you mean 'points'?)" in problem.message
