"""A ruling kept when a rule's `when` alone changed (rules.engine: when_changes, Engine.keeps_ruling),
as `mkdocs serve` keeps it after a saved condition: each kept ruling is the one the new rules give."""

from __future__ import annotations

import re

import lawkit
from conftest import REPO, copy_english_whist
from lawkit.rules.engine import Result, when_changes
from lawkit.rules.scenarios import files

CODE = "english-whist"
WHEN = re.compile(r"^(\s+when: )([^'\"|>\n][^\n]*)$", re.M)


def _rulings(engine, situations):
    out = []
    for situation in situations:
        try:
            out.append(engine.ruling(CODE, situation))
        except lawkit.RulingError as error:
            out.append(error)
    return out


def test_a_kept_ruling_is_the_one_the_changed_rules_give(tmp_path):
    """The conditions of a file of English Whist saved in three ways (the same value written otherwise,
    its negation, false written as a conjunction): every ruling kept equals a fresh one; the same value
    keeps most (those where no changed rule held); and some ruling made again differs."""
    laws = copy_english_whist(tmp_path / "laws")
    before = lawkit.check(laws)
    engine = lawkit.Engine(before)
    records = [s.record for path in files(str(REPO / "tests" / "scenarios")) if "whist" in path
               for s in lawkit.load_scenarios(path)]
    situations = []
    for record in records:
        try:
            situations.append(engine.situation(record, views="rules"))
        except lawkit.RulingError:
            pass
    assert len(situations) > 50
    old = _rulings(engine, situations)
    path = next(p for p in sorted((laws / CODE).glob("*.yaml")) if len(WHEN.findall(p.read_text("utf-8"))) > 5)
    text = path.read_text("utf-8")
    for rewrite, kept_most in ((r"\1(\2) || false", True), (r"\1(\2) == false", False), (r"\1(\2) && 1 == 2", False)):
        path.write_text(WHEN.sub(rewrite, text), "utf-8")
        after = lawkit.check(laws)
        assert not after.errors, after.errors[:3]
        changed = when_changes(before.rulebooks[CODE], after.rulebooks[CODE])
        assert changed is not None and len(changed) > 5
        new_engine = lawkit.Engine(after)
        new = _rulings(new_engine, situations)
        kept = [i for i, ruling in enumerate(old)
                if isinstance(ruling, Result) and new_engine.keeps_ruling(changed, situations[i], ruling)]
        for i in kept:
            assert isinstance(new[i], Result) and new[i].as_json() == old[i].as_json(), (rewrite, records[i])
        if kept_most:
            assert len(kept) > len(situations) // 2
        made_again = [i for i in range(len(old)) if i not in set(kept)]
        assert any(not isinstance(old[i], Result) or not isinstance(new[i], Result)
                   or old[i].as_json() != new[i].as_json() for i in made_again), rewrite


def test_anything_else_changed_keeps_no_ruling(tmp_path):
    """A rule's values (a literal written otherwise too: 1, 1.0 and true are equal to Python, not in a
    ruling), a constant or a condition reading another name: no ruling is kept."""
    laws = copy_english_whist(tmp_path / "laws")
    before = lawkit.check(laws)
    path = next(p for p in sorted((laws / CODE).glob("*.yaml")) if WHEN.search(p.read_text("utf-8")))
    text = path.read_text("utf-8")
    match = WHEN.search(text)
    assert match is not None
    path.write_text(text[:match.start(2)] + f"({match.group(2)}) || players_at_table == players_at_table"
                    + text[match.end(2):], "utf-8")
    after = lawkit.check(laws)  # the condition reads one more fact
    assert not after.errors, after.errors[:3]
    assert when_changes(before.rulebooks[CODE], after.rulebooks[CODE]) is None
    assert when_changes(before.rulebooks[CODE], before.rulebooks[CODE]) == []
    other = lawkit.check(laws)
    book = other.rulebooks[CODE]
    book.rules[0].outcome += "-changed"
    assert when_changes(after.rulebooks[CODE], book) is None
    one, two = lawkit.check(laws).rulebooks[CODE], lawkit.check(laws).rulebooks[CODE]
    assert when_changes(one, two) == []
    for literal in (True, 1.0):
        one.rules[0].values["shown"], two.rules[0].values["shown"] = 1, literal
        assert when_changes(one, two) is None, literal
