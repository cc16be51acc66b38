"""Hostile files (issue 15, points 1, 3 and 6, and YAML alias expansion): each reproduction of the issue.

Every test works on a copy of laws/ in tmp_path (of one code and the shared files its rules read,
where the thing tested is how lawkit reads a folder: a cold `check` of it is a third of the whole
corpus's), through the CLI in-process:
an editor's tree (lock links, backups, dotfiles), links in and out of the
corpus, a directory named like a file, nesting and aliases without bound, and
files that do not load. Each error names its path:line:col and exits 1, never
70; one cause gives one error.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import REPO, DEMO_CODE, copy_english_whist


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Path:
    """A copy of the real corpus at tmp_path/laws, with the working directory at tmp_path."""
    shutil.copytree(REPO / "laws", tmp_path / "laws")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "laws"


@pytest.fixture
def one_code(tmp_path, monkeypatch) -> Path:
    """tmp_path/laws with English Whist and the shared files its rules read (the facts, the record,
    its views, the outcomes): a corpus that checks clean, for the tests on how a folder is read."""
    monkeypatch.chdir(tmp_path)
    return copy_english_whist(tmp_path / "laws")


@pytest.fixture
def small(tmp_path, monkeypatch) -> Path:
    """tmp_path/laws with one code only (English Whist), for `lawkit fmt`, which need not check anything."""
    shutil.copytree(REPO / "laws" / "english-whist", tmp_path / "laws" / "english-whist")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "laws"


@pytest.fixture
def check(run_cli):
    """``check()``: (exit code, the problem lines, the summary line) of `lawkit check` on ./laws."""

    def run(*extra: str) -> tuple[int, list[str], str]:
        code, out, err = run_cli(["check", "--laws", "laws", *extra])
        assert "Traceback" not in out + err and "internal error" not in err, err
        return code, out.splitlines(), err.strip()

    return run


def _no_crash(result: tuple[int, str, str]) -> tuple[int, str, str]:
    code, out, err = result
    assert code in (0, 1), (code, err)
    assert "Traceback" not in out + err and "internal error" not in err, err
    return result


WHIST = "laws/english-whist"
CLEAN = "lawkit: 1 code, 104 laws: 0 errors, 0 warnings"  # of one_code


# -- point 1: fmt writes only corpus files, in the corpus, atomically ------------------------------

def test_fmt_does_not_follow_a_link_out_of_the_tree(small, tmp_path, run_cli):
    tree = small
    """The issue: a link named *.yaml to a copy of /etc/passwd was folded into one line."""
    target = tmp_path / "outside" / "passwd.yaml"
    target.parent.mkdir()
    target.write_text("root:   x\nuser:     y\n")
    (tree / "english-whist" / "99-link.yaml").symlink_to(target)
    code, out, err = _no_crash(run_cli(["fmt", "--laws", "laws"]))
    assert code == 1 and out == ""
    assert err == (f"{WHIST}/99-link.yaml:1:1: error[symlink]: a symbolic link out of the corpus "
                   f"(to '{target}'); lawkit reads and writes no links\n")
    assert target.read_text() == "root:   x\nuser:     y\n"
    assert (tree / "english-whist" / "99-link.yaml").is_symlink()


def test_fmt_reports_a_link_inside_the_tree_and_leaves_it(small, run_cli):
    tree = small
    link = tree / "english-whist" / "99-link.yaml"
    link.symlink_to("03-cutting.yaml")
    code, out, err = _no_crash(run_cli(["fmt", "--laws", "laws"]))
    assert (code, out) == (0, "")
    assert err == (f"{WHIST}/99-link.yaml:1:1: warning[symlink]: a symbolic link (to '03-cutting.yaml'), "
                   "not followed: lawkit reads each file under its own name\n")
    assert link.is_symlink()
    code, out, err = _no_crash(run_cli(["fmt", "--laws", "laws", f"{WHIST}/99-link.yaml"]))
    assert code == 1 and err == f"{WHIST}/99-link.yaml:1:1: error[symlink]: a symbolic link; lawkit fmt reads and writes no links\n"


def test_fmt_writes_nothing_outside_the_corpus_root(small, tmp_path, run_cli):
    stray = tmp_path / "stray.yaml"
    stray.write_text("a:   1\n")
    code, out, err = _no_crash(run_cli(["fmt", "--laws", "laws", "stray.yaml"]))
    assert code == 1 and out == ""
    assert err == ("stray.yaml:1:1: error[outside-corpus]: not under the corpus folder 'laws'; lawkit fmt writes "
                   "only there (give --laws, or use --check)\n")
    assert stray.read_text() == "a:   1\n"
    assert _no_crash(run_cli(["fmt", "--check", "--laws", "laws", "stray.yaml"]))[:2] == (1, "stray.yaml\n")
    assert stray.read_text() == "a:   1\n"


def test_fmt_replaces_a_file_atomically_beside_it(small, tmp_path, run_cli, monkeypatch):
    tree = small
    path = tree / "english-whist" / "03-cutting.yaml"
    original = path.read_text()
    path.write_text(original.replace("    text: >-\n      The Ace is the lowest card.",
                                     "    text:     >-\n      The Ace is the lowest card."))
    outside = tmp_path / "hard-link.yaml"
    os.link(path, outside)  # another name for the same file, outside the corpus
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (replaced.append((Path(a), Path(b))), real_replace(a, b))[1])
    assert _no_crash(run_cli(["fmt", "--laws", "laws"]))[:2] == (0, f"{WHIST}/03-cutting.yaml\n")
    [(temporary, final)] = replaced
    assert final == Path(f"{WHIST}/03-cutting.yaml") and temporary.parent.resolve() == path.parent.resolve()
    assert path.read_text() == original
    assert outside.read_text() != original  # the file was replaced, not written through its other name
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_fmt_that_cannot_write_leaves_the_file_whole(small, run_cli, monkeypatch):
    tree = small
    path = tree / "english-whist" / "03-cutting.yaml"
    unformatted = path.read_text().replace("heading: CUTTING.", "heading:    CUTTING.")
    path.write_text(unformatted)

    def refuse(a, b):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    code, out, err = _no_crash(run_cli(["fmt", "--laws", "laws"]))
    assert code == 1 and err == f"{WHIST}/03-cutting.yaml:1:1: error[unwritable]: cannot write the file: Permission denied\n"
    assert path.read_text() == unformatted
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]


# -- point 3: an editor's tree -----------------------------------------------------------------------

def test_an_emacs_lock_link_is_skipped_by_every_command(one_code, check, run_cli):
    """The issue: a dangling `.#03-cutting.yaml` made every command exit 70 (FileNotFoundError)."""
    (one_code / "english-whist" / ".#03-cutting.yaml").symlink_to("someone@host.12345:1700000000")
    assert check() == (0, [], CLEAN)
    assert _no_crash(run_cli(["show", "english-whist/13", "--laws", "laws"]))[0] == 0
    assert _no_crash(run_cli(["fmt", "--check", "--laws", "laws/english-whist"]))[0] == 0


def test_editor_and_hidden_files_are_skipped(one_code, check):
    cutting = (one_code / "english-whist" / "03-cutting.yaml").read_text()
    for name in ("03-cutting.yaml~", ".03-cutting.yaml.swp", ".03-cutting.yaml", "#03-cutting.yaml#",
                 ".#04-formation-of-table.yaml"):
        (one_code / "english-whist" / name).write_text(cutting)  # read, each would define Laws 13-15 twice
    (one_code / ".topics.yaml").write_text("junk: [")
    (one_code / ".git").mkdir()
    (one_code / ".git" / "x.yaml").write_text("junk: [")
    assert check() == (0, [], CLEAN)


def test_a_dangling_link_is_an_error_at_its_path(one_code, check, run_cli):
    (one_code / "english-whist" / "99-gone.yaml").symlink_to("nowhere.yaml")
    expected = f"{WHIST}/99-gone.yaml:1:1: error[symlink]: a broken symbolic link (to 'nowhere.yaml'); lawkit reads no links"
    assert check() == (1, [expected], "lawkit: 1 code, 104 laws: 1 error, 0 warnings")
    code, out, err = _no_crash(run_cli(["show", "english-whist/13", "--laws", "laws"]))
    assert code == 1 and err.startswith(expected + "\n")


def test_a_link_out_of_the_tree_is_not_read(one_code, tmp_path, check):
    outside = tmp_path / "elsewhere.yaml"
    shutil.copy(one_code / "english-whist" / "03-cutting.yaml", outside)
    (one_code / "english-whist" / "99-out.yaml").symlink_to(outside)
    code, lines, _ = check()
    assert (code, lines) == (1, [f"{WHIST}/99-out.yaml:1:1: error[symlink]: a symbolic link out of the corpus "
                                 f"(to '{outside}'); lawkit reads and writes no links"])


def test_a_link_inside_the_tree_is_a_warning(one_code, check):
    (one_code / "english-whist" / "99-in.yaml").symlink_to("03-cutting.yaml")
    (one_code / "whist-copy").symlink_to("english-whist")  # a code folder by another name
    assert check() == (0, [
        f"{WHIST}/99-in.yaml:1:1: warning[symlink]: a symbolic link (to '03-cutting.yaml'), not followed: "
        "lawkit reads each file under its own name",
        "laws/whist-copy:1:1: warning[symlink]: a symbolic link (to 'english-whist'), not followed: "
        "lawkit reads each file under its own name",
    ], "lawkit: 1 code, 104 laws: 0 errors, 2 warnings")


def test_a_directory_named_yaml_is_an_error_at_its_path(one_code, check):
    """The issue: a directory named `99-dir.yaml` exited 70 (IsADirectoryError)."""
    (one_code / "english-whist" / "99-dir.yaml").mkdir()
    (one_code / "99-dir.yaml").mkdir()
    assert check() == (1, [
        "laws/99-dir.yaml:1:1: error[not-a-file]: '99-dir.yaml' is a directory, not a YAML file",
        f"{WHIST}/99-dir.yaml:1:1: error[not-a-file]: '99-dir.yaml' is a directory, not a YAML file",
    ], "lawkit: 1 code, 104 laws: 2 errors, 0 warnings")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
def test_a_fifo_named_yaml_is_not_opened(one_code, check):
    os.mkfifo(one_code / "english-whist" / "99-fifo.yaml")  # opening it would wait for a writer forever
    assert check()[:2] == (1, [f"{WHIST}/99-fifo.yaml:1:1: error[not-a-file]: '99-fifo.yaml' is not a regular file"])


# -- point 3 and 2: nesting and aliases bounded --------------------------------------------------------

def test_nesting_999_deep_in_the_corpus_is_an_error_with_a_position(one_code, check):
    """The issue: nesting 999 deep exited 70 (RecursionError)."""
    header = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json\n"
    (one_code / "english-whist" / "99-deep.yaml").write_text(header + "heading: DEEP.\nlaws: " + "[" * 999 + "]" * 999 + "\n")
    assert check() == (1, [f"{WHIST}/99-deep.yaml:3:106: error[yaml-limit]: mappings and sequences nested more "
                           "than 100 deep; lawkit reads at most 100"],
                       "lawkit: 1 code, 104 laws: 1 error, 0 warnings")


def test_nesting_999_deep_in_a_facts_file_is_an_error_with_a_position(one_code, run_cli):
    Path("deep.yaml").write_text("[" * 999 + "]" * 999 + "\n")
    code, out, err = _no_crash(run_cli(["ruling", "--code", "english-whist", "--facts", "deep.yaml", "--laws", "laws"]))
    assert (code, out) == (1, "")
    assert err == ("deep.yaml:1:101: error[yaml-limit]: mappings and sequences nested more than 100 deep; "
                   "lawkit reads at most 100\n")


def _alias_bomb(levels: int, width: int = 9, indent: str = "") -> str:
    lines = [f"{indent}x0: &a0 [{', '.join(['x'] * width)}]"]
    for level in range(1, levels):
        lines.append(f"{indent}x{level}: &a{level} [{', '.join([f'*a{level - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


_BUDGET = 200_000  # the values a file may hold, aliases expanded (lawkit.corpus._yaml.MAX_VALUES)


@pytest.fixture
def built(monkeypatch):
    """``built(path)``: how many values the loader built of the file ``path`` on each load, aliases expanded.

    The work an alias bomb costs is the values built: bounding their count, not the time taken,
    cannot flake under load, and still fails if the alias budget is gone (the 9-level bomb stands
    for 9**9 values): past twice the budget the test fails there, without building the rest."""
    from lawkit.corpus import _yaml

    loads: dict[str, list[list]] = {}  # path -> [budget, values built] for each load (the budget kept, so is its id)
    real = _yaml._build

    def counting(path, node, loader, problems, budget, depth):
        counts = loads.setdefault(path, [])
        if not counts or counts[-1][0] is not budget:
            counts.append([budget, 0])
        counts[-1][1] += 1
        if counts[-1][1] > 2 * _BUDGET:  # not MAX_VALUES: a budget raised out of reach must fail here too
            pytest.fail(f"the loader built more than {2 * _BUDGET:,} values of {path} in one load: "
                        "the alias budget does not bound the work")
        return real(path, node, loader, problems, budget, depth)

    monkeypatch.setattr(_yaml, "_build", counting)  # its recursion calls the module's name: every value counts
    return lambda path: [count for _, count in loads.get(path, [])]


def test_nested_aliases_in_a_facts_file_stop_at_the_alias(one_code, run_cli, built):
    """The issue: a 340-byte facts file of nested aliases took 64 s and 1.26 GB."""
    Path("bomb.yaml").write_text(_alias_bomb(9))
    assert len(Path("bomb.yaml").read_bytes()) < 500
    code, out, err = _no_crash(run_cli(["ruling", "--code", "english-whist", "--facts", "bomb.yaml", "--laws", "laws"]))
    assert built("bomb.yaml") and max(built("bomb.yaml")) <= _BUDGET + 1  # stopped at the budget, not at 9**9
    assert (code, out) == (1, "")
    assert err == ("bomb.yaml:6:15: error[yaml-limit]: the alias '*a4' repeats 66,430 values, which takes the file "
                   "past 200,000 values with its aliases expanded; write the data out, or use fewer aliases\n")


def test_nested_aliases_in_a_corpus_file_stop_at_the_alias(one_code, check, run_cli, built):
    """The issue: a corpus file the same way (6 levels: 45 s)."""
    path = one_code / "english-whist" / "03-cutting.yaml"
    path.write_text(path.read_text() + "extra:\n" + _alias_bomb(7, width=12, indent="  "))
    code, lines, summary = check()
    assert built(f"{WHIST}/03-cutting.yaml") and max(built(f"{WHIST}/03-cutting.yaml")) <= _BUDGET + 1  # not 12**7
    assert code == 1 and len(lines) == 1, lines
    assert re.fullmatch(rf"{WHIST}/03-cutting\.yaml:\d+:\d+: error\[yaml-limit\]: the alias '\*a\d' repeats "
                        r"[\d,]+ values, which takes the file past 200,000 values .*", lines[0]), lines[0]
    line, col = map(int, lines[0].split(":")[1:3])
    assert path.read_text().splitlines()[line - 1][col - 1:].startswith("*a")
    code, out, err = _no_crash(run_cli(["fmt", "--check", "--laws", "laws", str(path)]))
    assert code == 1 and err.startswith(lines[0] + "\n")


_LONG = "# " + "x" * 11_000_000 + "\n"  # one comment line past the 10,000,000-character limit: cheap to write


def test_a_corpus_file_past_the_length_limit_is_one_error(one_code, check):
    path = one_code / "english-whist" / "03-cutting.yaml"
    path.write_text(path.read_text() + _LONG)
    length = len(path.read_text())
    code, problems, summary = check()
    assert (code, problems) == (1, [f"{WHIST}/03-cutting.yaml:1:1: error[yaml-limit]: the file is {length:,} "
                                    "characters long; lawkit reads at most 10,000,000"])
    assert summary.endswith(": 1 error, 0 warnings")  # the file's laws are not read: no knock-on errors


def test_a_facts_file_past_the_length_limit_is_an_error(one_code, run_cli):
    Path("long.yaml").write_text("events: []\n" + _LONG)
    length = len(Path("long.yaml").read_text())
    code, out, err = _no_crash(run_cli(["ruling", "--code", "english-whist", "--facts", "long.yaml", "--laws", "laws"]))
    assert (code, out, err) == (1, "", f"long.yaml:1:1: error[yaml-limit]: the file is {length:,} characters long; "
                                       "lawkit reads at most 10,000,000\n")


def test_aliases_within_the_budget_still_load(one_code, check, run_cli):
    Path("small.yaml").write_text("answers: &x {}\nseats: &s [north, east, south, west]\n")
    assert _no_crash(run_cli(["ruling", "--code", "english-whist", "--facts", "small.yaml", "--laws", "laws"]))


# -- point 6: one cause, one error ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ["english-whist/03-cutting.yaml", "bridge-1904/01-the-rubber.yaml",
                                  "auction-bridge-1912/code.yaml", "facts.yaml", "views.yaml", "record.yaml"])
def test_a_file_that_does_not_load_gives_one_error(tree, check, name):
    """The issue: one YAML syntax error in one file gave 24 errors (12 undeclared-name, 10 dangling-reference)."""
    path = tree / name
    lines = path.read_text().split("\n")
    path.write_text("\n".join(lines[:1] + ["x: : ["] + lines[1:]))
    code, problems, summary = check()
    assert code == 1 and len(problems) == 1, problems
    assert re.fullmatch(rf"laws/{re.escape(name)}:2:\d+: error\[yaml-syntax\]: .+", problems[0]), problems[0]
    assert summary.endswith(": 1 error, 0 warnings")


def test_no_suggestion_is_looked_for_a_name_a_broken_rule_file_may_hold(one_code, check, monkeypatch):
    """A broken views.yaml leaves thousands of names undeclared, each a knock-on dropped unread: a
    'did you mean' for each (difflib over every name) made that check take 10 s of CPU instead of 1."""
    import lawkit.corpus.problems

    asked: list[str] = []
    real = lawkit.corpus.problems.closest
    monkeypatch.setattr(lawkit.corpus.problems, "closest", lambda word, choices: asked.append(word) or real(word, choices))
    path = one_code / "views.yaml"
    path.write_text(path.read_text().replace("\n", "\nx: : [\n", 1))
    code, problems, _ = check()
    assert code == 1 and len(problems) == 1 and "error[yaml-syntax]" in problems[0], problems
    assert asked == []


def test_a_byte_order_mark_is_accepted_silently(one_code, check):
    """The issue: a BOM gave a misleading schema-line warning."""
    path = one_code / "english-whist" / "03-cutting.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert check() == (0, [], CLEAN)


def test_invalid_utf8_is_reported_at_the_byte(one_code, check):
    """The issue: invalid UTF-8 was reported at 1:1 with a spurious empty-file error."""
    path = one_code / "english-whist" / "03-cutting.yaml"
    path.write_bytes(path.read_bytes().replace(b"The Ace is the lowest card.", b"The Ace is the lowest c\xe9rd."))
    assert check() == (1, [f"{WHIST}/03-cutting.yaml:8:30: error[encoding]: not UTF-8 text: byte 0xe9 "
                           "(invalid continuation byte)"], "lawkit: 1 code, 101 laws: 1 error, 0 warnings")


def test_a_duplicated_law_id_does_not_also_say_a_law_is_missing(tree, check):
    """The issue: a law id in two files also said "Law 21 missing"."""
    path = tree / "auction-bridge-1912" / "06-right-of-entry.yaml"
    path.write_text(path.read_text().replace("  - law: 22\n", "  - law: 21\n"))
    code, problems, _ = check()
    assert code == 1
    assert "missing" not in "\n".join(problems)
    assert problems[0] == ("laws/auction-bridge-1912/06-right-of-entry.yaml:14:5: error[duplicate-id]: "
                           "auction-bridge-1912/21: Law 21 is defined twice (first at "
                           "laws/auction-bridge-1912/05-cutting-out.yaml:4)")


def test_an_empty_corpus_folder_is_an_error(tmp_path, monkeypatch, check):
    """The issue: `--laws` on an empty folder exited 0."""
    (tmp_path / "laws").mkdir()
    monkeypatch.chdir(tmp_path)
    assert check() == (1, ["laws:1:1: error[empty-corpus]: the folder holds no code folders and no shared files: "
                           "is it the laws directory?"], "lawkit: 0 codes, 0 laws: 1 error, 0 warnings")


@pytest.mark.parametrize("extra", [[], ["--check"]])
def test_fmt_on_an_empty_corpus_folder_is_the_same_error(tmp_path, monkeypatch, run_cli, extra):
    """Was: `fmt` (and `fmt --check`) on an empty folder exited 0 in silence, where every other command exits 1."""
    (tmp_path / "laws" / "notes").mkdir(parents=True)
    (tmp_path / "laws" / "notes" / "todo.txt").write_text("not a corpus file\n")
    monkeypatch.chdir(tmp_path)
    assert run_cli(["fmt", "--laws", "laws", *extra]) == (
        1, "", "laws:1:1: error[empty-corpus]: the folder holds no code folders and no shared files: "
               "is it the laws directory?\n")


def test_a_law_citing_itself_is_a_warning_and_show_and_refs_agree(one_code, check, run_cli):
    """The issue: a law citing itself passed, and `show` and `refs` disagreed about it."""
    path = one_code / "english-whist" / "03-cutting.yaml"
    text = path.read_text()
    text = text.replace("      The Ace is the lowest card.\n", "      The Ace is the lowest card (Law 13).\n", 1)
    text = text.replace("    topics: [cutting]\n  - law: 14", "    topics: [cutting]\n    refs: [english-whist/13]\n"
                        "  - law: 14", 1)
    path.write_text(text)
    source = one_code / "english-whist" / "source.txt"  # as if the book printed it so (else: not verbatim)
    source.write_text(source.read_text().replace("13. The Ace is the lowest card.",
                                                 "13. The Ace is the lowest card (Law 13).", 1))
    assert check() == (0, [
        f"{WHIST}/03-cutting.yaml:5:5: warning[self-citation]: english-whist/13: reference 'english-whist/13' "
        "is the law itself; not counted as a reference",
        f"{WHIST}/03-cutting.yaml:8:35: warning[self-citation]: english-whist/13: 'Law 13' is Law 13 citing "
        "itself; not counted as a reference",
    ], "lawkit: 1 code, 104 laws: 0 errors, 2 warnings")
    code, out, _ = _no_crash(run_cli(["show", "english-whist/13", "--laws", "laws"]))
    cites = next(line for line in out.splitlines() if line.startswith("Cites:"))
    assert "english-whist/13" not in cites
    code, out, _ = _no_crash(run_cli(["refs", "english-whist/13", "--laws", "laws"]))
    assert "english-whist/13 (" not in out
    code, out, _ = _no_crash(run_cli(["refs", "english-whist/13", "--dot", "--laws", "laws"]))
    assert '"english-whist/13" -> "english-whist/13"' not in out


def test_one_error_is_singular(one_code, check):
    """The issue: "1 errors"."""
    (one_code / "english-whist" / "99-gone.yaml").symlink_to("nowhere.yaml")
    assert check()[2] == "lawkit: 1 code, 104 laws: 1 error, 0 warnings"


# -- any bytes at all: exit 0 or 1 with a message, never 70 ---------------------------------------------

FUZZ_CODE = DEMO_CODE
FUZZ_HEADING = """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    text: First. See Law 2.
"""
_YAMLISH = st.text(alphabet=st.sampled_from(list("[]{}:,-&*!|>#'\"?%@`\n\t  ab1.~\ufeff\x00\x85")), max_size=120)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=st.one_of(st.binary(max_size=200), _YAMLISH.map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_any_file_gives_exit_0_or_1_and_a_message(content, tmp_path_factory, monkeypatch):
    """Random bytes or YAML-ish text as a heading file and as a facts file: `check`, `fmt` and `ruling`
    end with exit 0 or 1 (and a message on 1), never 70 and never a traceback."""
    import io
    import contextlib

    import lawkit.cli

    base = tmp_path_factory.mktemp("fuzz")
    (base / "laws" / "demo").mkdir(parents=True)
    (base / "laws" / "demo" / "code.yaml").write_text(FUZZ_CODE)
    (base / "laws" / "demo" / "01-one.yaml").write_text(FUZZ_HEADING)
    (base / "laws" / "demo" / "02-fuzz.yaml").write_bytes(content)
    (base / "facts.yaml").write_bytes(content)
    monkeypatch.chdir(base)
    for argv in (["check", "--laws", "laws"], ["fmt", "--check", "--laws", "laws"],
                 ["ruling", "--code", "demo", "--facts", "facts.yaml", "--laws", "laws"]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = lawkit.cli.main(argv)
            except SystemExit as exc:
                code = exc.code
        assert code in (0, 1), (argv, code, err.getvalue())
        assert "Traceback" not in out.getvalue() + err.getvalue() and "internal error" not in err.getvalue()
        if code == 1:
            assert err.getvalue().strip() or out.getvalue().strip(), argv
