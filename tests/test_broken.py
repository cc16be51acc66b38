"""Broken corpora: each error kind is reported at the exact path:line:col.

Every case starts from a small valid corpus (code ``demo``, one heading ONE
with Laws 1-3, Law 3 citing Law 1) and breaks one thing. The problem must be
reported by ``lawkit.check`` with its kind, position and (where it concerns
a law) the law's citation id, and by ``lawkit check`` as a line
``path:line:col: error[kind]: ...`` with exit code 1.

Paths in messages are relative to the working directory, so every test runs
from tmp_path and the corpus is ``laws/`` there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

import lawkit

from conftest import DEMO_CODE

CODE_FILE = "laws/demo/code.yaml"
HEADING_FILE = "laws/demo/01-one.yaml"

BASE_CODE = DEMO_CODE

# line 4: "  - law: 1", line 6: "  - law: 2", line 8: "  - law: 3"
BASE_HEADING = """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    text: First.
  - law: 2
    text: Second.
  - law: 3
    text: See Law 1.
"""

NOT_CHECKED = object()  # the citation is not asserted by the table (see the dedicated test)


def edit(text: str, old: str, new: str) -> str:
    """``text`` with its single occurrence of ``old`` replaced by ``new``."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


def corpus_files(code: str = BASE_CODE, heading: str = BASE_HEADING, more: dict[str, str] | None = None) -> dict[str, str]:
    """The demo corpus: code.yaml, 01-one.yaml and ``more`` {file name in demo/: text}."""
    files = {"demo/code.yaml": code, "demo/01-one.yaml": heading}
    files.update({f"demo/{name}": text for name, text in (more or {}).items()})
    return files


def show(problems) -> str:
    return "\n".join(str(p) for p in problems) or "(no problems)"


def problems_of(kind: str, problems):
    return [p for p in problems if p.kind == kind]


@pytest.fixture
def check_in_tmp(make_corpus, tmp_path, monkeypatch):
    """Write the corpus under tmp_path/laws, chdir there, and check it."""

    def run(files: dict[str, str]) -> lawkit.Corpus:
        make_corpus(files)
        monkeypatch.chdir(tmp_path)
        return lawkit.check("laws")

    return run


# -- the valid base ---------------------------------------------------------------

def test_base_corpus_is_valid(check_in_tmp):
    corpus = check_in_tmp(corpus_files())
    assert corpus.problems == [], show(corpus.problems)
    assert [law.id for law in corpus.laws()] == ["demo/1", "demo/2", "demo/3"]
    assert corpus.get("demo/3").cites == ["demo/1"]
    assert corpus.get("demo/1").cited_by == ["demo/3"]


def test_base_corpus_cli_exit_0(make_corpus, tmp_path, monkeypatch, run_cli):
    make_corpus(corpus_files())
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["check", "--laws", "laws"])
    assert (code, out) == (0, ""), err
    assert "0 errors" in err


# -- one case per error kind --------------------------------------------------------

@dataclass(frozen=True)
class Case:
    files: dict
    path: str
    line: int
    col: int
    kind: str
    citation: object  # the law's id, None when the problem concerns no law, or NOT_CHECKED
    message: tuple = ()  # substrings the message must contain


FOLDED_DANGLING = edit(BASE_HEADING, "    text: See Law 1.\n", """\
    text: >-
      The third law, folded over
      lines. See Law 9 as to that.
""")  # "Law 9" is on line 11 ("      lines. See " is 17 characters)

SPLIT_DANGLING = edit(BASE_HEADING, "    text: See Law 1.\n", """\
    text: >-
      The third law. See Law
      9 as to that.
""")  # the citation starts on line 10, column 26, and ends on the next line

CASES = {
    "yaml-syntax (bad indentation)": Case(
        corpus_files(heading=edit(BASE_HEADING, "    text: Second.", "   text: Second.")),
        HEADING_FILE, 7, 4, "yaml-syntax", None),
    "unknown-key (txt for text)": Case(
        corpus_files(heading=edit(BASE_HEADING, "text: Second.", "txt: Second.")),
        HEADING_FILE, 7, 5, "unknown-key", "demo/2",
        ("unknown key 'txt'", "did you mean 'text'", "allowed: ", "text", "law", "notes")),
    "duplicate-key (two text keys)": Case(
        corpus_files(heading=edit(BASE_HEADING, "    text: Second.\n", "    text: Second.\n    text: Again.\n")),
        HEADING_FILE, 8, 5, "duplicate-key", NOT_CHECKED, ("'text'", "line 7")),
    "duplicate-id (law 2 twice)": Case(
        corpus_files(heading=edit(BASE_HEADING, "    text: Second.\n", "    text: Second.\n  - law: 2\n    text: Again.\n")),
        HEADING_FILE, 8, 5, "duplicate-id", "demo/2", ("Law 2", f"{HEADING_FILE}:6")),
    "dangling-citation (Law 9)": Case(
        corpus_files(heading=edit(BASE_HEADING, "See Law 1.", "See Law 9.")),
        HEADING_FILE, 9, 15, "dangling-citation", "demo/3", ("'Law 9'", "demo/9")),
    "dangling-citation (2nd line of a folded block)": Case(
        corpus_files(heading=FOLDED_DANGLING),
        HEADING_FILE, 11, 18, "dangling-citation", "demo/3", ("'Law 9'", "demo/9")),
    "dangling-citation (across a line break)": Case(
        corpus_files(heading=SPLIT_DANGLING),
        HEADING_FILE, 10, 26, "dangling-citation", "demo/3", ("'Law 9'", "demo/9")),
    "dangling-citation (in a note)": Case(
        corpus_files(heading=edit(BASE_HEADING, "    text: Second.\n", """\
    text: Second.[5]
    notes:
      - mark: "5"
        text: See Law 9.
""")),
        HEADING_FILE, 10, 19, "dangling-citation", "demo/2", ("'Law 9'", "demo/9")),
    "numbering-gap (laws 1, 2, 4)": Case(
        corpus_files(heading=edit(BASE_HEADING, "law: 3", "law: 4")),
        HEADING_FILE, 8, 5, "numbering-gap", "demo/4", ("Law 4", "Law 3 missing")),
    "unmatched-footnote (mark without note)": Case(
        corpus_files(heading=edit(BASE_HEADING, "text: Second.", "text: Second.[5]")),
        HEADING_FILE, 7, 18, "unmatched-footnote", "demo/2", ("[5]",)),
    "unmatched-footnote (note without mark)": Case(
        corpus_files(heading=edit(BASE_HEADING, "    text: Second.\n", """\
    text: Second.
    notes:
      - mark: "5"
        text: A note.
""")),
        HEADING_FILE, 9, 9, "unmatched-footnote", "demo/2", ("[5]",)),
    "missing-key (law without text)": Case(
        corpus_files(heading=edit(BASE_HEADING, "    text: Second.\n", "")),
        HEADING_FILE, 6, 5, "missing-key", "demo/2", ("'text'",)),
    "schema (page: \"x\")": Case(
        corpus_files(heading=edit(BASE_HEADING, "    text: Second.\n", '    text: Second.\n    page: "x"\n')),
        HEADING_FILE, 8, 11, "schema", "demo/2", ("'page'", "integer", '"x"')),
    "schema (law: [2])": Case(
        corpus_files(heading=edit(BASE_HEADING, "law: 2", "law: [2]")),
        HEADING_FILE, 6, 10, "schema", None, ("not a number as printed",)),
    "code-id-mismatch": Case(
        corpus_files(code=edit(BASE_CODE, "code: demo", "code: demo2")),
        CODE_FILE, 2, 7, "code-id-mismatch", None, ("'demo2'", "'demo'")),
    "missing-heading": Case(
        corpus_files(code=edit(BASE_CODE, "[ONE]", "[ONE, TWO]")),
        CODE_FILE, 5, 17, "missing-heading", None, ("'TWO'",)),
    "undeclared-heading": Case(
        corpus_files(more={"02-two.yaml": """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: TWO
laws:
  - law: 4
    text: Fourth.
"""}),
        "laws/demo/02-two.yaml", 2, 10, "undeclared-heading", None, ("'TWO'",)),
}


def _params():
    for name, case in CASES.items():
        if isinstance(case, Case):
            yield pytest.param(case, id=name)
        else:  # already a pytest.param with marks
            yield pytest.param(*case.values, marks=case.marks, id=name)


@pytest.mark.parametrize("case", list(_params()))
def test_problem_reported_at_exact_position(case: Case, check_in_tmp):
    corpus = check_in_tmp(case.files)
    found = problems_of(case.kind, corpus.problems)
    assert found, f"no {case.kind} problem; got:\n{show(corpus.problems)}"
    at = [p for p in found if (p.position.path, p.position.line, p.position.col) == (case.path, case.line, case.col)]
    assert at, f"no {case.kind} at {case.path}:{case.line}:{case.col}; got:\n{show(corpus.problems)}"
    problem = at[0]
    assert problem.severity == "error"
    if case.citation is not NOT_CHECKED:
        assert problem.citation == case.citation, show([problem])
    for part in case.message:
        assert part in problem.message, f"{part!r} not in {problem.message!r}"
    assert corpus.errors, "the corpus must have errors"
    with pytest.raises(lawkit.CorpusError) as raised:
        lawkit.load("laws")
    assert str(problem) in str(raised.value)


@pytest.mark.parametrize("case", list(_params()))
def test_cli_check_reports_problem(case: Case, make_corpus, tmp_path, monkeypatch, run_cli):
    make_corpus(case.files)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["check", "--laws", "laws"])
    assert code == 1, (out, err)
    prefix = f"{case.path}:{case.line}:{case.col}: error[{case.kind}]: "
    if case.citation not in (None, NOT_CHECKED):
        prefix += f"{case.citation}: "
    lines = [line for line in out.splitlines() if line.startswith(prefix)]
    assert lines, f"no stdout line starting {prefix!r}:\n{out}"
    for part in case.message:
        assert part in lines[0]
    assert "Traceback" not in out + err
    assert re.search(r": [1-9]\d* errors?, ", err)  # the summary goes to stderr ("1 error", "2 errors")


@pytest.mark.parametrize("case", list(_params()))
def test_cli_check_json_reports_problem(case: Case, make_corpus, tmp_path, monkeypatch, run_cli):
    import json

    make_corpus(case.files)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["check", "--json", "--laws", "laws"])
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False and data["errors"] >= 1
    wanted = {"path": case.path, "line": case.line, "col": case.col, "kind": case.kind, "severity": "error"}
    matching = [p for p in data["problems"] if {k: p[k] for k in wanted} == wanted]
    assert matching, json.dumps(data["problems"], indent=1)
    if case.citation is not NOT_CHECKED:
        assert matching[0]["citation"] == case.citation
    assert "Traceback" not in out + err


# -- details beyond the table -----------------------------------------------------

def test_unclosed_quote_is_a_syntax_error(check_in_tmp):
    heading = edit(BASE_HEADING, "text: First.", 'text: "First.')  # the quote opens on line 5
    corpus = check_in_tmp(corpus_files(heading=heading))
    found = problems_of("yaml-syntax", corpus.problems)
    assert len(found) == 1, show(corpus.problems)
    assert found[0].position.path == HEADING_FILE
    assert found[0].position.line >= 5
    assert "quoted scalar" in found[0].message


def test_relative_paths_follow_the_working_directory(make_corpus, tmp_path, monkeypatch):
    import os

    root = make_corpus(corpus_files(heading=edit(BASE_HEADING, "See Law 1.", "See Law 9.")))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    (problem,) = lawkit.check(root).problems
    assert problem.position.path == os.path.relpath(root / "demo" / "01-one.yaml")
    assert problem.position.path == os.path.join("..", "laws", "demo", "01-one.yaml")


def test_duplicate_key_line_is_the_second(check_in_tmp):
    heading = edit(BASE_HEADING, "    text: Second.\n", "    text: Second.\n    text: Again.\n")
    corpus = check_in_tmp(corpus_files(heading=heading))
    (problem,) = problems_of("duplicate-key", corpus.problems)
    assert problem.position.line == 8  # the second 'text:', not the first (line 7)
    assert corpus.get("demo/2").text == "Second."  # the first one wins; the repeat is an error


def test_duplicate_key_names_its_law(check_in_tmp):
    heading = edit(BASE_HEADING, "    text: Second.\n", "    text: Second.\n    text: Again.\n")
    corpus = check_in_tmp(corpus_files(heading=heading))
    (problem,) = problems_of("duplicate-key", corpus.problems)
    assert problem.citation == "demo/2"


def test_unparsable_heading_file_reports_only_its_syntax_error(check_in_tmp):
    heading = edit(BASE_HEADING, "    text: Second.", "   text: Second.")
    corpus = check_in_tmp(corpus_files(heading=heading))
    assert [p.kind for p in corpus.problems] == ["yaml-syntax"], show(corpus.problems)


@pytest.mark.parametrize("text", [
    pytest.param("", id="empty"),
    pytest.param("# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json\n", id="comment-only"),
])
def test_empty_code_file_is_an_error(check_in_tmp, text):
    corpus = check_in_tmp(corpus_files(code=text))
    assert CODE_FILE in [p.position.path for p in corpus.errors], show(corpus.problems)


def test_empty_heading_file_is_an_error(check_in_tmp):
    corpus = check_in_tmp(corpus_files(more={"02-two.yaml": ""}))
    assert "laws/demo/02-two.yaml" in [p.position.path for p in corpus.errors], show(corpus.problems)


def test_bare_section_citation_in_a_part_names_no_none(check_in_tmp):
    etiquette = """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ETIQUETTE
part: etiquette
laws:
  - law: 1
    text: As in Sec. 2.
"""
    code = edit(BASE_CODE, "[ONE]", "[ONE, ETIQUETTE]")
    corpus = check_in_tmp(corpus_files(code=code, more={"02-etiquette.yaml": etiquette}))
    (problem,) = corpus.problems
    assert (problem.kind, problem.citation) == ("dangling-citation", "demo/etiquette/1")
    assert (problem.position.line, problem.position.col) == (6, 17)
    assert "None" not in problem.message, problem.message


# -- collect-all ----------------------------------------------------------------------

def _three_errors() -> dict[str, str]:
    code = edit(BASE_CODE, "code: demo", "code: demo2")  # code.yaml:2:7
    heading = edit(BASE_HEADING, "text: First.", "text: First.[5]")  # 01-one.yaml:5:17
    heading = edit(heading, "See Law 1.", "See Law 9.")  # 01-one.yaml:9:15
    return corpus_files(code=code, heading=heading)


THREE = [  # in the order reported: by path ("01-one.yaml" < "code.yaml"), line, column
    (HEADING_FILE, 5, 17, "unmatched-footnote", "demo/1"),
    (HEADING_FILE, 9, 15, "dangling-citation", "demo/3"),
    (CODE_FILE, 2, 7, "code-id-mismatch", None),
]


def test_all_errors_are_reported(check_in_tmp):
    corpus = check_in_tmp(_three_errors())
    got = [(p.position.path, p.position.line, p.position.col, p.kind, p.citation) for p in corpus.problems]
    assert got == THREE, show(corpus.problems)
    with pytest.raises(lawkit.CorpusError) as raised:
        lawkit.load("laws")
    assert len(raised.value.problems) == 3


def test_cli_reports_all_errors(make_corpus, tmp_path, monkeypatch, run_cli):
    make_corpus(_three_errors())
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["check", "--laws", "laws"])
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 3, out
    for line, (path, row, col, kind, citation) in zip(lines, THREE):
        assert line.startswith(f"{path}:{row}:{col}: error[{kind}]: " + (f"{citation}: " if citation else "")), line
    assert "3 errors" in err
    assert "Traceback" not in out + err


def test_a_misspelt_key_is_one_error(check_in_tmp):
    heading = edit(BASE_HEADING, "    text: Second.", "    txt: Second.")
    corpus = check_in_tmp(corpus_files(heading=heading))
    assert [(p.kind, p.suggestion) for p in corpus.problems] == [("unknown-key", "text")], show(corpus.problems)


def test_a_file_without_its_schema_line_is_a_warning(check_in_tmp):
    heading = BASE_HEADING.split("\n", 1)[1]  # drop the yaml-language-server line
    corpus = check_in_tmp(corpus_files(heading=heading))
    assert [(p.kind, p.severity, p.position.line) for p in corpus.problems] == [("schema-line", "warning", 1)]
    assert not corpus.errors


def test_lettered_laws_follow_their_base_in_letter_order(check_in_tmp):
    good = BASE_HEADING.replace("  - law: 3\n", '  - law: 2a\n    label: "2_a_."\n    text: Inserted.\n  - law: 3\n')
    assert check_in_tmp(corpus_files(heading=good)).problems == []
    bad = BASE_HEADING.replace("  - law: 3\n", '  - law: 2b\n    label: "2_b_."\n    text: Inserted.\n  - law: 3\n')
    corpus = check_in_tmp(corpus_files(heading=bad))
    assert [(p.kind, p.citation) for p in corpus.problems] == [("numbering-order", "demo/2b")]


def test_a_lettered_citation_names_the_lettered_law_before_an_item(check_in_tmp):
    heading = BASE_HEADING.replace("  - law: 3\n", '  - law: 2a\n    label: "2_a_."\n    text: Inserted.\n  - law: 3\n')
    heading = heading.replace("See Law 1.", "See Law 2_a_.")
    corpus = check_in_tmp(corpus_files(heading=heading))
    assert corpus.problems == [] and corpus.get("demo/3").cites == ["demo/2a"]


def test_an_annotation_citing_a_missing_law_is_an_error(check_in_tmp):
    heading = BASE_HEADING.replace("    text: Second.\n", "    text: Second.\n    annotations:\n      - text: Compare `demo/9` and `demo/1`.\n"
                                                                 "        kind: gloss\n")
    corpus = check_in_tmp(corpus_files(heading=heading))
    assert [(p.kind, p.citation, p.position.line) for p in corpus.problems] == [("dangling-reference", "demo/2", 9)]
