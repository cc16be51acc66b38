"""The ``lawkit`` command line (docs/contract.md, "The command line"), run in-process.

Exit codes: 0 fine, 1 the corpus or input is wrong, 2 usage.
"""

from __future__ import annotations

import json

import pytest

CODE = "auction-bridge-1912"
LAW_FIELDS = ("id", "number", "heading", "text", "items", "sections", "notes", "refs", "cited_by", "parallels", "topics")


def collapse(text: str) -> str:
    return " ".join(text.split())


def field_line(out: str, name: str) -> str:
    """The line of ``show`` output that starts with ``name:`` (e.g. 'Cites')."""
    lines = [line for line in out.splitlines() if line.startswith(f"{name}:")]
    assert len(lines) == 1, f"expected one '{name}:' line in:\n{out}"
    return lines[0]


# -- check ----------------------------------------------------------------------------

def test_check_real_corpus(run_cli, laws):
    code, out, err = run_cli(["check", "--laws", laws])
    assert code == 0, out + err
    assert out == ""
    assert "0 errors" in err
    assert "Traceback" not in err


def test_check_json(run_cli, laws):
    code, out, err = run_cli(["check", "--json", "--laws", laws])
    assert code == 0, err
    data = json.loads(out)
    assert data["ok"] is True
    assert data["errors"] == 0
    assert data["problems"] == []


def test_check_reads_laws_in_working_directory_by_default(run_cli, repo, monkeypatch):
    monkeypatch.chdir(repo)
    code, out, err = run_cli(["check"])
    assert code == 0, out + err


# -- show ---------------------------------------------------------------------------------

def test_show_law_21(run_cli, laws, corpus):
    code, out, err = run_cli(["show", "--laws", laws, f"{CODE}/21"])
    assert code == 0, err
    assert out.splitlines()[0] == f"{CODE}/21"
    assert collapse(corpus.get(f"{CODE}/21").text) in collapse(out)
    assert "[26] See Law 14" in out
    assert f"{CODE}/14" in field_line(out, "Cites")


def test_show_law_14_cited_by_21(run_cli, laws):
    code, out, err = run_cli(["show", "--laws", laws, f"{CODE}/14"])
    assert code == 0, err
    assert f"{CODE}/21" in field_line(out, "Cited by")


def test_show_json_law(run_cli, laws):
    code, out, err = run_cli(["show", "--json", "--laws", laws, f"{CODE}/21"])
    assert code == 0, err
    data = json.loads(out)
    assert data["id"] == f"{CODE}/21"
    assert data["refs"] == [f"{CODE}/14"]
    assert data["notes"] == [{"mark": "26", "text": "See Law 14 as to value of cards in cutting.", "at": None}]
    assert data["unit"] is None


def test_show_json_item(run_cli, laws, corpus):
    code, out, err = run_cli(["show", "--json", "--laws", laws, f"{CODE}/37/c"])
    assert code == 0, err
    data = json.loads(out)
    assert data["id"] == f"{CODE}/37"  # the law that holds the item
    assert data["unit"]["id"] == f"{CODE}/37/c"
    assert data["unit"]["text"] == corpus.get(f"{CODE}/37/c").text


def test_show_item_text(run_cli, laws):
    code, out, err = run_cli(["show", "--laws", laws, f"{CODE}/37/c"])
    assert code == 0, err
    assert out.splitlines()[0] == f"{CODE}/37/c"
    assert "(part of Law 37)" in out


def test_show_etiquette(run_cli, laws):
    code, out, err = run_cli(["show", "--laws", laws, f"{CODE}/etiquette/9"])
    assert code == 0, err
    assert out.splitlines()[0] == f"{CODE}/etiquette/9"


def test_show_unknown_id(run_cli, laws):
    code, out, err = run_cli(["show", "--laws", laws, f"{CODE}/999"])
    assert code == 1
    assert out == ""
    assert f"{CODE}/999" in err
    assert "Traceback" not in err


def test_show_on_broken_corpus(run_cli, make_corpus):
    root = make_corpus({
        "demo/code.yaml": "code: demo\ntitle: DEMO\nsource: {book: X, year: 1900}\nheadings: [ONE]\n",
        "demo/01-one.yaml": "heading: ONE\nlaws:\n  - law: 1\n    text: See Law 9.\n",
    })
    code, out, err = run_cli(["show", "--laws", root, "demo/1"])
    assert code == 1
    assert out == ""
    assert "error[dangling-citation]" in err
    assert "Traceback" not in err


# -- export -------------------------------------------------------------------------------

def test_export_json(run_cli, laws):
    code, out, err = run_cli(["export", "--json", "--laws", laws])
    assert code == 0, err
    data = json.loads(out)
    codes = {c["id"]: c for c in data["codes"]}
    assert CODE in codes
    assert {"id", "title", "source", "laws"} <= set(codes[CODE])
    for exported in data["codes"]:
        assert exported["laws"], exported["id"]
        for law in exported["laws"]:
            missing = [name for name in LAW_FIELDS if name not in law]
            assert not missing, f"{law.get('id')} lacks {missing}"
            assert isinstance(law["text"], str)
            for name in ("items", "sections", "notes", "refs", "cited_by", "parallels", "topics"):
                assert isinstance(law[name], list), (law["id"], name)
            for item in law["items"]:
                assert {"id", "text"} <= set(item)
            for note in law["notes"]:
                assert {"mark", "text"} <= set(note)
            assert all(isinstance(ref, str) for ref in law["refs"] + law["cited_by"] + law["parallels"])
    laws_by_id = {law["id"]: law for law in codes[CODE]["laws"]}
    assert laws_by_id[f"{CODE}/21"]["refs"] == [f"{CODE}/14"]
    assert f"{CODE}/21" in laws_by_id[f"{CODE}/14"]["cited_by"]


def test_export_without_json_flag_is_json_too(run_cli, laws):
    code, out, err = run_cli(["export", "--laws", laws])
    assert code == 0, err
    assert json.loads(out)["codes"]


# -- usage and input errors -----------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    pytest.param([], id="no-subcommand"),
    pytest.param(["frobnicate"], id="unknown-subcommand"),
    pytest.param(["check", "--frobnicate"], id="unknown-flag"),
    pytest.param(["show"], id="show-without-id"),
])
def test_usage_errors_exit_2(run_cli, argv):
    code, out, err = run_cli(argv)
    assert code == 2
    assert out == ""
    assert "usage:" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", [["check"], ["check", "--json"], ["show", "x/1"], ["export"]])
def test_missing_laws_directory(run_cli, tmp_path, command):
    missing = tmp_path / "no-such-laws"
    code, out, err = run_cli([*command[:1], "--laws", missing, *command[1:]])
    assert code == 1, out + err
    assert str(missing) in out + err or "no-such-laws" in out + err
    assert "Traceback" not in out + err
