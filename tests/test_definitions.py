"""Definitions: named CEL values of a code, put in place of their names when the rulebook is compiled.

A rule using a definition rules as the expanded text would; a definition reads earlier ones; each
error (a taken name, a later or its own name, a macro variable named like one, CEL that does not
compile) is at the definition's file:line:col; one no rule reads is a warning; another code does not
see it.
"""

from __future__ import annotations

import pytest

import lawkit
from lawkit.rules import celnames
from lawkit.rules.engine import Engine

from test_engine import CODE, FACTS, OUTCOMES, heading

# Law 1 defines; Law 2's rule reads. Line numbers below are those of the file heading() writes:
# line 4 is "- law: 1", so Law 1's first definition is on line 7.
DEFINED = """\
    definitions:
      - name: four_cut
        description: Every player has cut.
        value: size(cuts) == 4
      - name: both
        description: Every player has cut and an error was found.
        value: four_cut && error_found
"""
READS_BOTH = """\
    rules:
      - id: both-hold
        when: both
        then: {outcome: new-deal, values: {cutters: "four_cut ? cuts.map(c, c.player) : []"}}
"""
EXPANDED = """\
    rules:
      - id: both-hold
        when: (size(cuts) == 4) && error_found
        then: {outcome: new-deal, values: {cutters: "size(cuts) == 4 ? cuts.map(c, c.player) : []"}}
"""
FOUR = [{"player": p, "card": c} for p, c in zip("NESW", ["AS", "2H", "3D", "4C"])]


@pytest.fixture
def build(make_corpus, tmp_path, monkeypatch):
    def run(law1: str = DEFINED, law2: str = READS_BOTH, law3: str = "", facts: str = FACTS,
            other: str | None = None) -> lawkit.Corpus:
        files = {"facts.yaml": facts, "outcomes.yaml": OUTCOMES, "demo/code.yaml": CODE,
                 "demo/01-one.yaml": heading(law1, law2, law3)}
        if other is not None:
            files["other/code.yaml"] = CODE.replace("code: demo", "code: other")
            files["other/01-one.yaml"] = heading("", other, "")
        make_corpus(files)
        monkeypatch.chdir(tmp_path)
        return lawkit.check("laws")

    return run


def only(corpus: lawkit.Corpus, kind: str):
    found = [p for p in corpus.problems if p.kind == kind]
    assert len(found) == 1, corpus.problems
    return found[0]


def test_a_rule_using_a_definition_rules_as_its_expanded_text_would(build, tmp_path):
    defined = build()
    assert defined.problems == []
    (rule,) = defined.rulebooks["demo"].rules
    assert rule.when.written == "both" and rule.when.source == "((size(cuts) == 4) && error_found)"
    assert rule.when.definitions == ("four_cut", "both")  # both reads four_cut: the two, in their order
    assert rule.facts == {"cuts", "error_found"}
    (tmp_path / "laws" / "demo" / "01-one.yaml").write_text(heading("", EXPANDED, ""), encoding="utf-8")
    expanded = lawkit.check("laws")
    assert expanded.problems == []
    for situation in ({"cuts": FOUR, "error_found": True}, {"cuts": FOUR, "error_found": False},
                      {"cuts": FOUR[:3], "error_found": True}, {"cuts": FOUR}):
        by_name = Engine(defined).ruling("demo", {"answers": situation})
        by_text = Engine(expanded).ruling("demo", {"answers": situation})
        assert [(r.outcome, r.values, r.cites, r.score) for r in by_name.rulings] == \
            [(r.outcome, r.values, r.cites, r.score) for r in by_text.rulings]
        assert [m["fact"] for m in by_name.missing_facts] == [m["fact"] for m in by_text.missing_facts]
    held = Engine(defined).ruling("demo", {"answers": {"cuts": FOUR, "error_found": True}})
    assert [r.values for r in held.rulings] == [{"cutters": ["N", "E", "S", "W"]}]


def test_a_definition_reads_an_earlier_one_and_its_value_goes_in_parenthesised(build):
    book = build().rulebooks["demo"]
    assert book.definitions["four_cut"].source == "size(cuts) == 4"
    assert book.definitions["both"].source == "(size(cuts) == 4) && error_found"
    assert book.definitions["both"].uses == ("four_cut",)


def test_substitution_replaces_free_names_only():
    values = {"d": "a || b"}
    assert celnames.substitute("!d && x.d && 'd' != \"d\" && d(1) && xs.all(e, e.d)", values) == \
        "!(a || b) && x.d && 'd' != \"d\" && d(1) && xs.all(e, e.d)"
    assert celnames.substitute("size(d) + {'k': d}['k']", values) == "size((a || b)) + {'k': (a || b)}['k']"
    assert celnames.substitute("xs.all(d, d > 1) && d", values) == "xs.all(d, d > 1) && (a || b)"


@pytest.mark.parametrize("name, taken", [
    ("error_found", "a fact"), ("rank", "a constant of demo (demo/1)"), ("four_cut", None)])
def test_a_definition_cannot_have_a_taken_name(build, name, taken):
    rank = "    constants:\n      - {name: rank, value: 1}\n"
    law1 = rank + DEFINED + f"      - {{name: {name}, description: Taken., value: 'true'}}\n"
    corpus = build(law1=law1)
    problem = only(corpus, "duplicate-id")
    assert (problem.position.line, problem.position.col) == (15, 9)
    assert problem.citation == "demo/1"
    if taken:
        assert f"definition '{name}' has the name of {taken}" in problem.message
    else:
        assert "definition 'four_cut' is also defined by demo/1" in problem.message


def test_a_definition_named_like_a_computed_value_is_an_error(build):
    corpus = build(law3=DEFINED.replace("four_cut", "cutters").replace("\n    definitions:", "\n    definitions:", 1),
                   law1="")
    problem = only(corpus, "duplicate-id")
    assert "definition 'cutters' has the name of a value computed by demo/2#both-hold" in problem.message
    assert problem.citation == "demo/3" and problem.position.line == 15


def test_a_definition_reading_a_later_one_or_itself_is_an_error_at_it(build):
    later = """\
    definitions:
      - {name: first, description: Reads the second., value: second && error_found}
      - {name: second, description: Reads the first., value: first || agreed}
      - {name: itself, description: Reads itself., value: itself}
"""
    rules = READS_BOTH.replace("when: both", "when: first && second && itself").replace(
        '"four_cut ? cuts.map(c, c.player) : []"', "cuts")
    corpus = build(law1=later, law2=rules)
    found = sorted((p.position.line, p.position.col, p.message) for p in corpus.problems
                   if p.kind == "definition-order")
    assert [(line, col) for line, col, _ in found] == [(7, 62), (9, 59)]
    assert "definition 'first' uses 'second', which is defined after it (at laws/demo/01-one.yaml:8:9)" \
        in found[0][2]
    assert "definition 'itself' uses its own name" in found[1][2]
    # The rule reading a definition with an error of its own is not reported again; second reads first, which
    # is earlier, and is sound itself, but first is broken, so second is too.
    assert [p.kind for p in corpus.problems] == ["definition-order", "definition-order"]


def test_cel_that_does_not_compile_is_reported_at_the_definition_not_the_rule(build):
    broken = DEFINED.replace("value: size(cuts) == 4", "value: size(cuts) ==")
    corpus = build(law1=broken)
    problem = only(corpus, "cel-syntax")
    assert problem.message.startswith("definition 'four_cut' does not compile")
    assert (problem.position.line, problem.position.col) == (9, 16) and problem.citation == "demo/1"
    assert [p.kind for p in corpus.problems] == ["cel-syntax"]  # not again at both, nor at the rule


def test_an_unknown_name_in_a_definition_is_reported_at_the_definition(build):
    corpus = build(law1=DEFINED.replace("four_cut && error_found", "four_cut && eror_found"))
    problem = only(corpus, "undeclared-name")
    assert "definition 'both' uses 'eror_found'" in problem.message and "did you mean 'error_found'" in problem.message
    assert (problem.position.line, problem.position.col) == (12, 16)


def test_a_macro_variable_named_like_a_definition_is_an_error(build):
    shadows = READS_BOTH.replace('"four_cut ? cuts.map(c, c.player) : []"',
                                 '"cuts.map(four_cut, four_cut.player)"')
    problem = only(build(law2=shadows), "rules")
    assert "rule 'both-hold': the macro variable 'four_cut' has the name of a fact, view, constant, definition" \
        in problem.message
    assert (problem.position.line, problem.position.col) == (18, 53) and problem.citation == "demo/2"
    in_definition = DEFINED.replace("value: four_cut && error_found", "value: four_cut && cuts.all(both, true)")
    problem = only(build(law1=in_definition), "rules")
    assert "definition 'both': the macro variable 'both' has the name of" in problem.message
    assert (problem.position.line, problem.position.col) == (12, 16)


def test_an_unused_definition_is_a_warning(build):
    unused = DEFINED + "      - {name: spare, description: Read by no rule., value: agreed}\n"
    corpus = build(law1=unused)
    problem = only(corpus, "unused-definition")
    assert problem.severity == "warning" and (problem.position.line, problem.position.col) == (13, 9)
    assert "no rule of demo reads definition 'spare'" in problem.message
    assert not [p for p in corpus.problems if p.severity == "error"]


def test_a_definition_is_not_visible_from_another_code(build):
    corpus = build(other=READS_BOTH)
    found = sorted((p for p in corpus.problems if p.kind == "undeclared-name"), key=lambda p: p.message)
    assert [p.citation for p in found] == ["other/2", "other/2"]
    assert "rule 'both-hold' uses 'both'" in found[0].message and "uses 'four_cut'" in found[1].message
    assert {p.position.path for p in found} == {"laws/other/01-one.yaml"}
    assert [p.severity for p in corpus.problems if p.kind != "undeclared-name"] == []  # demo's: read there
    assert "four_cut" not in {n for rule in corpus.rulebooks["other"].rules for n in rule.facts}
