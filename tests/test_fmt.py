"""``lawkit fmt``: one canonical layout, the loaded data never changed.

- the whole corpus: every file loads to exactly the same data after
  formatting, formatting is idempotent, and the corpus is already formatted
  (``lawkit fmt --check`` passes);
- generated law texts (words, punctuation, ``_italics_``, paragraphs, long
  words, lines with leading spaces), written as folded blocks into a small
  heading file: the same properties;
- comments survive;
- the command: exit codes, ``--check`` output, syntax errors.
"""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lawkit.cli
from lawkit.corpus.fmt import WIDTH, FormatError, format_text, main_fmt, yaml_files

REPO = Path(__file__).resolve().parent.parent
CORPUS_FILES = yaml_files(REPO / "laws")
HEADING_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json"


def load(text: str):
    return yaml.safe_load(text)


def same(a, b) -> bool:
    """Equal data, type for type and key order included (1 == True == 1.0 does not count)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


# -- the whole corpus ------------------------------------------------------------------------

def test_the_corpus_has_its_files():
    names = {path.name for path in CORPUS_FILES}
    assert {"code.yaml", "topics.yaml", "glossary.yaml", "concordance.yaml", "editions.yaml",
            "facts.yaml", "outcomes.yaml"} <= names
    assert len(CORPUS_FILES) > 50


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: str(p.relative_to(REPO / "laws")))
def test_corpus_file_keeps_its_data_is_a_fixed_point_and_is_formatted(path: Path):
    """Each file `lawkit fmt` formats (yaml_files, as format_tree walks the corpus): formatting keeps
    its data and is idempotent, and it is formatted already, so `lawkit fmt --check` passes (the
    file formatted once here for both: formatting the whole tree again took 4.4 CPU-seconds)."""
    text = path.read_text(encoding="utf-8")
    formatted = format_text(text, str(path))
    if formatted != text:  # (else both hold as they are: the same text loads the same, formats the same)
        assert same(load(formatted), load(text)), f"{path}: the data changed"
        assert format_text(formatted, str(path)) == formatted, f"{path}: formatting twice differs from once"
    assert formatted.startswith("# yaml-language-server: $schema=")
    assert formatted.endswith("\n") and not formatted.endswith("\n\n")
    assert formatted == text, f"{path}: not formatted: run `lawkit fmt` after editing laws/"


# -- generated law texts ---------------------------------------------------------------------

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
PUNCTUATION = ".,;:!?'\"()-—“”‘’&#[]{}*%@`|>/\\éæ½"
plain_words = st.text(LETTERS, min_size=1, max_size=10)
odd_words = st.text(LETTERS + PUNCTUATION + "0123456789", min_size=1, max_size=8)
long_words = st.text(LETTERS + "-", min_size=60, max_size=120)
italics = plain_words.map(lambda w: f"_{w}_")
words = st.one_of(plain_words, plain_words, plain_words, odd_words, italics, long_words)


@st.composite
def lines(draw) -> str:
    """One line of text; some are "more indented" (start with spaces), some keep a double space."""
    line = " ".join(draw(st.lists(words, min_size=1, max_size=40)))
    if draw(st.integers(0, 9)) == 0:
        line = line.replace(" ", "  ", 1)
    if draw(st.integers(0, 5)) == 0:
        line = " " * draw(st.integers(1, 4)) + line
    return line


@st.composite
def law_texts(draw) -> str:
    """Paragraphs and lines joined by one or more newlines."""
    parts = draw(st.lists(lines(), min_size=1, max_size=5))
    text = parts[0]
    for part in parts[1:]:
        text += "\n" * draw(st.integers(1, 3)) + part
    return text


def folded_lines(value: str, width: int) -> list[str]:
    """A reference writer of folded-block content (YAML's folding rules, unindented).

    A newline between two "normal" lines (not empty, not starting with a
    space) needs one extra blank line; other newlines are written as they
    are. Normal lines are folded at single spaces past ``width``.
    """
    logical = value.split("\n")

    def normal(line: str) -> bool:
        return bool(line) and not line.startswith(" ")

    out: list[str] = []
    index = 0
    while index < len(logical):
        line = logical[index]
        if index:
            run = index
            while run < len(logical) - 1 and logical[run] == "":
                run += 1
            if normal(logical[index - 1]) and normal(logical[run]):
                out.append("")
            out.extend([""] * (run - index))
            line, index = logical[run], run
        if normal(line):
            current = ""
            for piece in re.split(r"(?<=\S) (?=\S)", line):
                if current and len(current) + 1 + len(piece) > width:
                    out.append(current)
                    current = piece
                else:
                    current = f"{current} {piece}" if current else piece
            out.append(current)
        else:
            out.append(line)
        index += 1
    return out


def folded(key: str, value: str, indent: int, width: int) -> str:
    header = ">2-" if value.startswith(" ") else ">-"
    body = [(" " * (indent + 2) + line) if line else "" for line in folded_lines(value, width)]
    return " " * indent + f"{key}: {header}\n" + "\n".join(body) + "\n"


def heading_file(text: str, note: str, width: int, layout: str) -> str:
    """A small heading file: the text as a law's text and as an annotation's, folded at ``width``."""
    if layout == "corpus":
        law, field, item, item_field = "  - law: 1\n", 4, "      - kind: erratum\n", 8
        annotations = "    annotations:\n"
    else:  # PyYAML's default layout: sequences not indented under their key
        law, field, item, item_field = "- law: 1\n", 2, "  - kind: erratum\n", 4
        annotations = "  annotations:\n"
    return (f"{HEADING_SCHEMA}\nheading: GENERATED\nlaws:\n{law}"
            + folded("text", text, field, width)
            + " " * field + "topics: [cutting, dealing]\n"
            + annotations + item + folded("text", note, item_field, width))


def expected_data(text: str, note: str) -> dict:
    return {"heading": "GENERATED", "laws": [{"law": 1, "text": text, "topics": ["cutting", "dealing"],
                                               "annotations": [{"kind": "erratum", "text": note}]}]}


def test_reference_writer_against_known_folds():
    assert folded_lines("a b c", 3) == ["a b", "c"]
    assert folded_lines("one\ntwo", 79) == ["one", "", "two"]
    assert folded_lines("one\n\ntwo", 79) == ["one", "", "", "two"]
    assert folded_lines("one\n  two\nthree", 79) == ["one", "  two", "three"]
    source = f"{HEADING_SCHEMA}\nheading: X\nlaws:\n" + folded("text", "a\n\nb c\n  d e\nf", 2, 3)
    assert load(source)["laws"]["text"] == "a\n\nb c\n  d e\nf"


# 100 generated files a run (each formatted twice, about 0.1 s): the suite's slowest test at 300.
# Hypothesis draws new ones each run, so the runs together still cover far more.
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=law_texts(), note=law_texts(), width=st.integers(20, 120), layout=st.sampled_from(["corpus", "pyyaml"]))
def test_generated_texts_keep_their_data(text, note, width, layout):
    source = heading_file(text, note, width, layout)
    assert same(load(source), expected_data(text, note)), "the reference writer is wrong"
    formatted = format_text(source)
    assert same(load(formatted), expected_data(text, note))
    assert format_text(formatted) == formatted
    if layout == "pyyaml":
        assert "\n  - law: 1\n" in formatted  # re-indented as the corpus is
    assert "    topics: [cutting, dealing]\n" in formatted


@settings(max_examples=100, deadline=None)  # bounded as the test above
@given(text=law_texts())
def test_generated_texts_fold_at_the_width(text):
    """A folded line is longer than WIDTH only when it cannot be broken: one word, or a more-indented line."""
    formatted = format_text(heading_file(text, "A note.", 40, "corpus"))
    block = formatted.split("    text: ", 1)[1].split("\n    topics:", 1)[0]
    header, *body = block.split("\n")
    assert header in (">-", ">2-")
    for line in body:
        content = line[6:]
        if len(line) > WIDTH and not content.startswith(" "):
            assert not re.search(r"\S \S", content), f"line could have been folded: {line!r}"
    # folding never joins two lines an editor wrapped short: every line but a paragraph's last is full
    for line, following in zip(body, body[1:]):
        if line.strip() and following.strip() and not line[6:].startswith(" ") and not following[6:].startswith(" "):
            first_word = re.split(r"(?<=\S) (?=\S)", following[6:])[0]
            assert len(line) + 1 + len(first_word) > WIDTH, f"{line!r} could take {first_word!r}"


@pytest.mark.parametrize("text", [
    "Short.",
    "word " * 40 + "end",
    "x" * 150 + " y",
    "one\ntwo\n\nthree",
    "lead\n   more indented line that is long enough to pass the width of seventy-nine columns\nback",
    "  starts with spaces and is long enough to need folding if it were a normal line, which it is not",
    "--- not a document marker\n... nor this",
    "# not a comment: and: colons - and dashes",
    "_Italics_, “curly quotes” — and a dash.",
])
def test_edge_texts(text):
    source = heading_file(text, text, 79, "corpus")
    formatted = format_text(source)
    assert same(load(formatted), expected_data(text, text))
    assert format_text(formatted) == formatted


@pytest.mark.parametrize("value", ["trailing space ", "tab\there", "space \nbefore a break", "line\n   \nof spaces"])
def test_values_a_folded_block_cannot_hold_are_double_quoted(value):
    source = f"{HEADING_SCHEMA}\nheading: X\nlaws:\n  - law: 1\n    text: {json.dumps(value)}\n"
    formatted = format_text(source)
    assert load(formatted)["laws"][0]["text"] == value
    assert format_text(formatted) == formatted


# -- layout ----------------------------------------------------------------------------------

def test_layout_is_the_corpus_layout():
    messy = f"""{HEADING_SCHEMA}
heading:    CUTTING.
laws:
- law: 14
  text: >-
      The ace is
      the lowest card.
  display: |-
      A   B
        C
  topics: [cutting,   dealing]
  notes:
  -   mark: "26"
      text: 'See Law 14.'
  page: ~
  empty:
"""
    assert format_text(messy) == f"""{HEADING_SCHEMA}
heading: CUTTING.
laws:
  - law: 14
    text: >-
      The ace is the lowest card.
    display: |-
      A   B
        C
    topics: [cutting, dealing]
    notes:
      - mark: "26"
        text: 'See Law 14.'
    page: null
    empty: null
"""


def test_one_trailing_newline():
    text = f"{HEADING_SCHEMA}\nheading: X\nlaws: []\n"
    assert format_text(text.rstrip("\n")) == text
    assert format_text(text + "\n\n\n") == text


def test_long_plain_scalars_and_flow_collections_stay_on_one_line():
    line = "    description: " + " ".join(["word"] * 30)
    flow = "    overrides: [" + ", ".join(f"21#rule-number-{n}" for n in range(8)) + "]"
    text = f"{HEADING_SCHEMA}\nheading: X\nlaws:\n  - law: 1\n{line}\n{flow}\n"
    assert format_text(text) == text


def test_file_without_data_is_left_alone():
    assert format_text("") == ""
    assert format_text(f"{HEADING_SCHEMA}\n") == f"{HEADING_SCHEMA}\n"


# -- comments --------------------------------------------------------------------------------

COMMENTED = f"""{HEADING_SCHEMA}
# the file's own comment
heading: CUTTING.  # as printed
laws:
  # before the first law
  - law: 14
    # checked against the 1909 reprint
    text: >-
      The ace is the
      lowest card.
    # a comment after the text
    topics: [cutting]  # one topic
    annotations:
      - kind: erratum
        text: >-
          # this line is text, not a comment
# at the wrong indent: goes with the next law
  - law: 15
    text: |-
      # text in a literal block
      kept   as   is
# the end
"""


def test_comments_survive():
    formatted = format_text(COMMENTED)
    assert format_text(formatted) == formatted
    assert same(load(formatted), load(COMMENTED))
    for comment in ["# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json",
                    "# the file's own comment", "# as printed", "# before the first law",
                    "# checked against the 1909 reprint", "# a comment after the text", "# one topic",
                    "# at the wrong indent: goes with the next law", "# the end"]:
        assert comment in formatted, comment
    assert formatted.splitlines()[0] == HEADING_SCHEMA
    assert "\n    # checked against the 1909 reprint\n    text: >-\n      The ace is the lowest card.\n" in formatted
    assert "\n  # at the wrong indent: goes with the next law\n  - law: 15\n" in formatted
    assert "\n          # this line is text, not a comment\n" in formatted
    assert "\n      # text in a literal block\n      kept   as   is\n# the end\n" in formatted


def test_a_comment_in_a_corpus_law_survives():
    path = REPO / "laws" / "bridge-1904" / "03-cutting.yaml"
    text = path.read_text(encoding="utf-8")
    marked = text.replace("  - law: 15\n    page: 231\n",
                          "  - law: 15\n    # an editor's comment inside a law\n    page: 231\n", 1)
    assert marked != text
    formatted = format_text(marked)
    assert "  - law: 15\n    # an editor's comment inside a law\n    page: 231\n" in formatted
    assert formatted == marked  # the corpus file was formatted: only the comment is new


# -- errors ----------------------------------------------------------------------------------

def test_syntax_error_names_the_position():
    bad = f"{HEADING_SCHEMA}\nheading: X\nlaws:\n  - law: 1\n    text: One.\n   page: 3\n"
    with pytest.raises(FormatError) as raised:
        format_text(bad, "laws/demo/01-x.yaml")
    problem = raised.value.problem
    assert (problem.position.path, problem.kind) == ("laws/demo/01-x.yaml", "yaml-syntax")
    assert problem.position.line == 6
    assert re.fullmatch(r"laws/demo/01-x\.yaml:6:\d+: error\[yaml-syntax\]: .+", str(problem))


def test_duplicate_key_is_an_error():
    with pytest.raises(FormatError) as raised:
        format_text(f"{HEADING_SCHEMA}\nheading: X\nheading: Y\n", "f.yaml")
    assert raised.value.problem.kind == "duplicate-key"
    assert raised.value.problem.position.line == 3


# -- the command -----------------------------------------------------------------------------

FORMATTED = f"{HEADING_SCHEMA}\nheading: ONE\nlaws:\n  - law: 1\n    text: >-\n      First law, folded.\n"
UNFORMATTED = f"{HEADING_SCHEMA}\nheading: ONE\nlaws:\n- law: 1\n  text: >-\n    First law,\n    folded.\n"
BROKEN = f"{HEADING_SCHEMA}\nheading: ONE\nlaws:\n  - law: 1\n    text: One.\n   page: 3\n"


def run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--laws", default="laws")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("files", nargs="*")
    out, err = io.StringIO(), io.StringIO()
    code = main_fmt(parser.parse_args(argv), out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def tree(make_corpus, tmp_path, monkeypatch):
    make_corpus({"demo/01-one.yaml": FORMATTED, "demo/02-two.yaml": UNFORMATTED, "topics.yaml": FORMATTED})
    monkeypatch.chdir(tmp_path)
    return tmp_path / "laws"


def test_check_lists_what_would_change_and_changes_nothing(tree):
    code, out, err = run("--check")
    assert (code, out) == (1, "laws/demo/02-two.yaml\n")
    assert "1 file would be reformatted" in err
    assert (tree / "demo" / "02-two.yaml").read_text() == UNFORMATTED


def test_fmt_rewrites_and_prints_what_changed(tree):
    assert run() == (0, "laws/demo/02-two.yaml\n", "")
    assert (tree / "demo" / "02-two.yaml").read_text() == FORMATTED
    assert (tree / "demo" / "01-one.yaml").read_text() == FORMATTED
    assert run("--check") == (0, "", "")
    assert run() == (0, "", "")


def test_laws_option_and_files(tree, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "a.yaml").write_text(UNFORMATTED)
    assert run("--laws", "elsewhere", "--check") == (1, "elsewhere/a.yaml\n", "lawkit: 1 file would be reformatted; run 'lawkit fmt'\n")
    assert run("--check", "laws/demo/01-one.yaml") == (0, "", "")
    assert run("--check", "laws/demo/01-one.yaml", "laws/demo/02-two.yaml")[:2] == (1, "laws/demo/02-two.yaml\n")
    assert run("laws/demo/02-two.yaml") == (0, "laws/demo/02-two.yaml\n", "")


def test_syntax_error_is_one_line_and_exit_1(tree):
    (tree / "demo" / "03-bad.yaml").write_text(BROKEN)
    code, out, err = run("--check")
    assert code == 1
    assert out == "laws/demo/02-two.yaml\n"
    assert re.search(r"^laws/demo/03-bad\.yaml:6:\d+: error\[yaml-syntax\]: \S.*$", err, re.M), err
    code, out, err = run()
    assert code == 1 and out == "laws/demo/02-two.yaml\n"  # the other files are still formatted
    assert (tree / "demo" / "03-bad.yaml").read_text() == BROKEN
    assert run("--check", "laws/demo/01-one.yaml")[0] == 0


def test_missing_path_is_an_error(tree):
    assert run("--check", "laws/nope.yaml") == (1, "", "laws/nope.yaml:1:1: error[no-such-file]: no such file or directory\n")
    assert run("--laws", "nowhere") == (1, "", "nowhere:1:1: error[no-corpus]: no such directory\n")


def test_json_output(tree):
    code, out, err = run("--check", "--json")
    assert (code, err) == (1, "")
    assert json.loads(out) == {"check": True, "changed": ["laws/demo/02-two.yaml"], "problems": []}
    (tree / "demo" / "03-bad.yaml").write_text(BROKEN)
    code, out, err = run("--json")
    data = json.loads(out)
    assert code == 1 and data["changed"] == ["laws/demo/02-two.yaml"]
    assert [(p["path"], p["line"], p["kind"]) for p in data["problems"]] == [("laws/demo/03-bad.yaml", 6, "yaml-syntax")]
    (tree / "demo" / "03-bad.yaml").unlink()
    assert run("--check", "--json") == (0, '{\n  "check": true,\n  "changed": [],\n  "problems": []\n}\n', "")


def test_not_utf8_is_an_error(tree):
    (tree / "demo" / "04-latin1.yaml").write_bytes(f"{HEADING_SCHEMA}\nheading: CAF\xc9\n".encode("latin-1"))
    code, out, err = run("--check", "laws/demo/04-latin1.yaml")
    assert code == 1 and err.startswith("laws/demo/04-latin1.yaml:2:13: error[encoding]: not UTF-8 text: byte 0xc9")


def test_wired_into_the_cli(tree, run_cli):
    """Once cli.py has `fmt`, the command behaves the same through `lawkit`."""
    try:
        lawkit.cli._parser().parse_args(["fmt", "--check"])
    except SystemExit:
        pytest.skip("lawkit.cli has no fmt command yet")
    code, out, err = run_cli(["fmt", "--check", "--laws", "laws"])
    assert (code, out) == (1, "laws/demo/02-two.yaml\n")
    assert run_cli(["fmt", "--laws", "laws"])[:2] == (0, "laws/demo/02-two.yaml\n")
    assert run_cli(["fmt", "--check"])[:2] == (0, "")
