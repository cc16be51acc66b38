"""The incremental check (``lawkit.check(root, parsed=lawkit.corpus.Parsed(), compiled=lawkit.rules.Compiled())``,
as ``mkdocs serve`` runs it after each saved file): a file whose text did not change is neither parsed
nor checked against its schema again, a code whose files and source did not change is not compared with
its source again, a code whose rules, constants, definitions and laws are those of the last check is not
compiled again, and the result is always the cold check's — the same problems, the same model.

Each test edits a small corpus (a code with its source text and rules, the shared rule files)
step by step and compares, at every step, the check that keeps ``Parsed`` with a cold one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import lawkit
from lawkit.corpus import Parsed
from lawkit.rules import Compiled
from lawkit.corpus.printed import code_text

from conftest import DEMO_FACTS, DEMO_LOWEST_DEALS, DEMO_OUTCOMES, copy_english_whist
from test_broken import CASES, Case, corpus_files

CODE = """\
# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json
code: demo
title: DEMO
source: {book: X, year: 1900, file: source.txt}
headings: [ONE, TWO]
"""
ONE = """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    text: The ace is lowest.
    constants:
      - name: rank
        card_order: {ranks: A23456789TJQK, suits: null}
  - law: 2
    text: The lowest deals. See Law 3.
    editor_notes: [The cut decides.]
""" + DEMO_LOWEST_DEALS
TWO = """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: TWO
laws:
  - law: 3
    text: The dealer shuffles last. See Law 1.
"""
HEADING_ONE, HEADING_TWO = "laws/demo/01-one.yaml", "laws/demo/02-two.yaml"


def same(warm: lawkit.Corpus, cold: lawkit.Corpus) -> None:
    """The incremental check's result is the cold one's: problems (errors and warnings, each at its
    place) and the model, as the export shows it (laws, citations both ways, rulebooks)."""
    assert [(str(p), p.kind, p.severity, p.citation) for p in warm.problems] == \
        [(str(p), p.kind, p.severity, p.citation) for p in cold.problems]
    assert json.dumps(lawkit.export(warm), sort_keys=True, default=str) == \
        json.dumps(lawkit.export(cold), sort_keys=True, default=str)


@pytest.fixture
def demo(make_corpus, tmp_path, monkeypatch) -> Path:
    """The demo corpus at ./laws, its source.txt the code as printed (so it checks clean)."""
    root = make_corpus({"facts.yaml": DEMO_FACTS, "outcomes.yaml": DEMO_OUTCOMES,
                        "demo/code.yaml": CODE, "demo/01-one.yaml": ONE, "demo/02-two.yaml": TWO})
    monkeypatch.chdir(tmp_path)
    printed = code_text(lawkit.check("laws").codes["demo"])
    (root / "demo" / "source.txt").write_text(f"# a test source\n\n{printed}\n", "utf-8")
    assert lawkit.check("laws").problems == []
    return root


def write(root: Path, relative: str, text: str) -> None:
    (root / relative).write_text(text, "utf-8")


_COMPILED: dict[int, tuple[Parsed, Compiled]] = {}  # id of a test's Parsed -> it, and the Compiled kept beside it


def checked(parsed: Parsed) -> lawkit.Corpus:
    """The check keeping ``parsed`` (and the compiled rulebooks beside it), compared with a cold check
    of the same files."""
    compiled = _COMPILED.setdefault(id(parsed), (parsed, Compiled()))[1]
    warm = lawkit.check("laws", parsed=parsed, compiled=compiled)
    same(warm, lawkit.check("laws"))
    return warm


def test_only_the_changed_file_is_parsed_again(demo):
    parsed = Parsed()
    checked(parsed)
    assert sorted(parsed.read) == sorted(["laws/facts.yaml", "laws/outcomes.yaml", "laws/demo/code.yaml",
                                          HEADING_ONE, HEADING_TWO])
    checked(parsed)
    assert parsed.read == []  # nothing changed: nothing parsed
    write(demo, "demo/01-one.yaml", ONE.replace("The cut decides.", "The cut decides who deals."))
    corpus = checked(parsed)
    assert parsed.read == [HEADING_ONE]
    assert corpus.get("demo/2").editor_notes == ["The cut decides who deals."]
    assert corpus.get("demo/1").cited_by == ["demo/3"]  # the cross-file checks are made again


def test_a_code_whose_rules_did_not_change_is_not_compiled_again(demo):
    """A saved file without rules leaves its code's rulebook as it was (the same object); a saved
    rule, or a line moved above one, compiles the code again."""
    parsed = Parsed()
    first = checked(parsed)
    write(demo, "demo/02-two.yaml", TWO.replace("shuffles last", "shuffles first"))
    second = checked(parsed)
    assert second.rulebooks["demo"] is first.rulebooks["demo"]
    write(demo, "demo/01-one.yaml", ONE.replace("size(cuts) == 2", "size(cuts) == 3"))
    third = checked(parsed)
    assert third.rulebooks["demo"] is not second.rulebooks["demo"]
    write(demo, "demo/01-one.yaml", ONE.replace("size(cuts) == 2", "size(cuts) == 3")
          .replace("    editor_notes: [The cut decides.]\n", "    editor_notes: [The cut decides.]\n    # a comment\n"))
    assert checked(parsed).rulebooks["demo"] is not third.rulebooks["demo"]


def test_a_file_changed_within_the_same_second_and_size_is_read_again(demo):
    """Kept by the whole text, not by time or size: an edit that keeps both is seen."""
    parsed = Parsed()
    checked(parsed)
    path = demo / "demo" / "02-two.yaml"
    before = path.stat()
    edited = TWO.replace("shuffles last", "shuffles lest")
    assert len(edited) == len(TWO)
    path.write_text(edited, "utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    corpus = checked(parsed)
    assert parsed.read == [HEADING_TWO]
    assert corpus.get("demo/3").text == "The dealer shuffles lest. See Law 1."
    assert [p.kind for p in corpus.problems] == ["not-verbatim"]  # the source prints "last"


def test_a_file_broken_then_fixed(demo):
    parsed = Parsed()
    checked(parsed)
    write(demo, "demo/02-two.yaml", TWO.replace("  - law: 3", "  - law: 3\n   bad: indent"))
    broken = checked(parsed)
    assert "yaml-syntax" in [p.kind for p in broken.errors]
    write(demo, "demo/02-two.yaml", TWO)
    fixed = checked(parsed)
    assert fixed.problems == [] and parsed.read == [HEADING_TWO]


def test_each_kind_of_edit_gives_the_cold_result(demo):
    """One edit after another, each compared with a cold check: the text against the source, a
    citation across files, a rule that does not compile, a shared rule file, a schema error."""
    parsed = Parsed()
    checked(parsed)
    steps = [
        ("demo/02-two.yaml", TWO.replace("See Law 1.", "See Law 9.")),  # dangling, and not verbatim
        ("demo/02-two.yaml", TWO),
        ("demo/01-one.yaml", ONE.replace("size(cuts) == 2", "size(cuts) == ")),  # cel-syntax
        ("demo/01-one.yaml", ONE.replace("size(cuts) == 2", "size(cutz) == 2")),  # an undeclared name
        ("demo/01-one.yaml", ONE.replace("size(cuts) == 2", "size(cutz) == 2")  # the same rules, a line lower
         .replace("    editor_notes: [The cut decides.]\n", "    editor_notes: [The cut decides.]\n    # a comment\n")),
        ("demo/02-two.yaml", TWO.replace("shuffles last", "shuffles first")),  # another file of the code
        ("demo/02-two.yaml", TWO),
        ("demo/01-one.yaml", ONE),
        ("outcomes.yaml", DEMO_OUTCOMES.replace("id: dealer", "id: dealers")),  # the rule's outcome is gone
        ("outcomes.yaml", DEMO_OUTCOMES),
        ("demo/01-one.yaml", ONE.replace("editor_notes:", "editor_note:")),  # an unknown key
        ("demo/code.yaml", CODE.replace("[ONE, TWO]", "[ONE]")),  # an undeclared heading
        ("demo/source.txt", "# a test source\n\nsomething else entirely\n"),  # another source text
        ("demo/code.yaml", CODE),
    ]
    for relative, text in steps:
        write(demo, relative, text)
        checked(parsed)
    assert "demo/source.txt" not in " ".join(parsed.read)  # a source is compared, not parsed


def test_a_saved_views_file_gives_the_cold_result(tmp_path, monkeypatch):
    """The situation model and the bounds of the views' work are kept with the rulebooks: a views.yaml
    saved with a view reading a name it cannot, with every line lower, and as it was, each checked as
    a cold check does (English Whist and the real shared rule files)."""
    copy_english_whist(tmp_path / "laws")
    monkeypatch.chdir(tmp_path)
    parsed = Parsed()
    first = checked(parsed)
    assert not first.errors
    views = tmp_path / "laws" / "views.yaml"
    text = views.read_text("utf-8")
    broken = text.replace("    value: record_dealer\n", "    value: record_dealr\n", 1)
    for saved in (broken, "# a comment\n" + broken, text):
        views.write_text(saved, "utf-8")
        corpus = checked(parsed)
        assert bool(corpus.errors) == (saved != text)
    assert checked(parsed).situation_model is corpus.situation_model  # kept when nothing changed


def test_a_removed_file_and_a_removed_code(demo):
    parsed = Parsed()
    checked(parsed)
    (demo / "demo" / "02-two.yaml").unlink()
    corpus = checked(parsed)
    assert {p.kind for p in corpus.errors} >= {"missing-heading", "dangling-citation"}
    write(demo, "demo/02-two.yaml", TWO)
    assert checked(parsed).problems == []
    (demo / "demo" / "02-two.yaml").unlink()
    (demo / "demo" / "01-one.yaml").unlink()
    (demo / "demo" / "code.yaml").unlink()
    (demo / "demo" / "source.txt").unlink()
    (demo / "demo").rmdir()
    assert checked(parsed).codes == {}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_broken_case_of_test_broken_after_the_base_corpus(name, make_corpus, tmp_path, monkeypatch):
    """test_broken's cases, each checked with what the base corpus left in ``Parsed``."""
    case = CASES[name]
    assert isinstance(case, Case)
    make_corpus(corpus_files())
    monkeypatch.chdir(tmp_path)
    parsed = Parsed()
    checked(parsed)
    make_corpus(case.files)
    corpus = checked(parsed)
    assert case.kind in [p.kind for p in corpus.problems]
    make_corpus(corpus_files())
    for extra in set(case.files) - set(corpus_files()):
        (tmp_path / "laws" / extra).unlink()
    assert checked(parsed).problems == []
