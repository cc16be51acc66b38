"""The corpus reproduces its verified source word for word: `lawkit check` says where it does not.

Each code folder holds the transcription it was made from (``source.file`` in code.yaml:
``laws/<code>/source.txt``, or the seed of the excerpt code). ``lawkit.corpus.sources``
compares the code as printed (``lawkit.corpus.printed.code_parts``) with the file's body,
whitespace and page markers aside, as part of ``lawkit check``; the tests below hold the
real corpus to it and change words in a copy to see each difference named at its place.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import lawkit
from lawkit.corpus.printed import code_text
from lawkit.corpus.sources import source_text

from conftest import REPO

CODES = sorted(p.name for p in (REPO / "laws").iterdir() if (p / "code.yaml").is_file())


def test_every_code_names_a_source_file_that_is_in_the_clone(corpus):
    for code in corpus.codes.values():
        assert code.source.get("file"), f"{code.id}: code.yaml names no source file"
        path = REPO / "laws" / code.id / code.source["file"]
        assert path.is_file(), f"{code.id}: {path} is missing"
        if not code.fragment:  # a seed excerpt has no header; a verified transcription says where it is from
            assert path.read_text("utf-8").startswith("# "), f"{path}: no provenance header"


@pytest.mark.parametrize("code_id", CODES)
def test_code_text_equals_source(corpus, code_id):
    """The check itself, shown plainly: the printed code, whitespace collapsed, is the source's body."""
    code = corpus.codes[code_id]
    expected = source_text((REPO / "laws" / code_id / code.source["file"]).read_text("utf-8"))
    assert " ".join(code_text(code).split()) == expected
    assert not [p for p in corpus.problems if p.kind in ("not-verbatim", "source-file")]


def test_the_source_body_leaves_out_the_header_and_page_markers():
    assert source_text("# header\n# more\n\nhas been made up and agreed. {231}\n\nCUTTING.") == (
        "has been made up and agreed. CUTTING.")


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """A pristine copy of laws/; each test edits its own copy of it (copied again, below)."""
    target = tmp_path_factory.mktemp("fidelity") / "laws"
    shutil.copytree(REPO / "laws", target)
    return target


@pytest.fixture
def tree(copy, tmp_path, monkeypatch) -> Path:
    """This test's copy of laws/, at ./laws (messages name paths relative to the working directory)."""
    shutil.copytree(copy, tmp_path / "laws")
    monkeypatch.chdir(tmp_path)
    return Path("laws")


def _edited(laws: Path, path: str, old: str, new: str) -> list[str]:
    file = laws / path
    text = file.read_text("utf-8")
    assert text.count(old) == 1, old
    file.write_text(text.replace(old, new), "utf-8")
    return [str(p) for p in lawkit.check(laws).problems]


CUTTING = "auction-bridge-1912/03-cutting.yaml"


def test_a_changed_word_is_an_error_at_the_word(tree):
    problems = _edited(tree, CUTTING, "In cutting, the ace is the lowest card",
                        "In cutting, the ace is the highest card")
    assert problems == [
        "laws/auction-bridge-1912/03-cutting.yaml:6:34: error[not-verbatim]: auction-bridge-1912/14: the text reads "
        "'highest' where the source prints 'lowest' (laws/auction-bridge-1912/source.txt:95); the text is the "
        "source's, word for word: to record a typo of the source, keep its wording and add an annotation of kind "
        "erratum (docs/editing.md)"]


def test_a_fixed_typo_in_an_item_is_named_at_the_item(tree):
    problems = _edited(tree, "auction-bridge-1912/09-a-new-deal.yaml",
                       "one at a time and in\n          regular rotation",
                       "one at a time and in\n          regular order")
    assert len(problems) == 1
    assert problems[0].startswith("laws/auction-bridge-1912/09-a-new-deal.yaml:24:19: error[not-verbatim]: "
                                  "auction-bridge-1912/37/a: the text reads 'order,' where the source prints "
                                  "'rotation,' (laws/auction-bridge-1912/source.txt:")


def test_a_dropped_word_in_a_footnote_and_an_added_word_elsewhere_are_both_named(tree):
    cutting_out = tree / "auction-bridge-1912" / "05-cutting-out.yaml"
    cutting_out.write_text(cutting_out.read_text("utf-8").replace(
        "text: See Law 14 as to value of cards in cutting.", "text: See Law 14 as to value of cards."), "utf-8")
    rubber = tree / "auction-bridge-1912" / "01-the-rubber.yaml"
    rubber.write_text(rubber.read_text("utf-8").replace("a third is not played", "a third is never not played"),
                      "utf-8")
    problems = [p for p in lawkit.check(tree).problems]
    assert [(p.kind, p.citation, Path(p.position.path).name) for p in problems] == [
        ("not-verbatim", "auction-bridge-1912/1", "01-the-rubber.yaml"),
        ("not-verbatim", "auction-bridge-1912/21", "05-cutting-out.yaml")]
    assert "the text adds 'never', which the source does not print" in problems[0].message
    assert "the text reads 'cards.' where the source prints 'cards in cutting.'" in problems[1].message
    assert (problems[1].position.line, problems[1].position.col) == (13, 41)  # the note's last word


def test_a_missing_or_escaping_source_file_is_an_error_at_its_name(tree):
    (tree / "bridge-1904" / "source.txt").unlink()
    code_yaml = tree / "english-whist" / "code.yaml"
    code_yaml.write_text(code_yaml.read_text("utf-8").replace("file: source.txt", "file: ../bridge-1904/code.yaml"),
                         "utf-8")
    problems = lawkit.check(tree).problems
    assert [(p.kind, p.citation, Path(p.position.path).parent.name) for p in problems] == [
        ("source-file", "bridge-1904", "bridge-1904"), ("source-file", "english-whist", "english-whist")]
    assert "no source file 'source.txt'" in problems[0].message
    assert "outside the code's folder" in problems[1].message


def test_a_wrong_source_file_is_reported_briefly(tree):
    code_yaml = tree / "auction-bridge-1913" / "code.yaml"
    shutil.copy(tree / "english-whist" / "source.txt", tree / "auction-bridge-1913" / "other.txt")
    code_yaml.write_text(code_yaml.read_text("utf-8").replace("file: source.txt", "file: other.txt"), "utf-8")
    problems = [p for p in lawkit.check(tree).problems if p.kind == "not-verbatim"]
    assert len(problems) == 11 and "is it the right source file?" in problems[-1].message
