"""The examples of docs/api.md run as written (doctest), from the repository root."""

from __future__ import annotations

import doctest

from conftest import REPO


def test_api_page_examples(monkeypatch):
    monkeypatch.chdir(REPO)
    result = doctest.testfile(str(REPO / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 20 and result.failed == 0


def test_every_public_name_is_on_the_api_page():
    import lawkit

    page = (REPO / "docs" / "api.md").read_text("utf-8")
    assert [name for name in lawkit.__all__ if f"`{name}" not in page and f"lawkit.{name}" not in page] == []
    assert all(getattr(lawkit, name) is not None for name in lawkit.__all__)  # each one loads


# -- the check messages docs/editing.md shows, made by the edits it describes -----------------------

import re  # noqa: E402
import shutil  # noqa: E402

import pytest  # noqa: E402

import lawkit  # noqa: E402

LAW_46 = "bridge-1904/09-a-new-deal.yaml"
# Each copy of laws/ gets the edits of some of the examples (edits to different laws, so that each
# message is the one its edit alone would give); every line the page shows for them must be in
# `lawkit check`'s output, word for word, line and column included.
EDITS = {
    "keys": [
        (LAW_46, "    page: 235\n    text: >-\n      A player can neither",
         "    pgae: 235\n    text: >-\n      A player can neither"),
        (LAW_46, "      - kind: erratum\n        text: >-\n          The source prints '46 A player'",
         "      - kind: typo\n        text: >-\n          The source prints '46 A player'"),
        ("concordance.yaml", "      - id: bridge-1904/46\n        relation: identical",
         "      - id: bridge-1904/46\n        relation: idential"),
    ],
    "values": [
        (LAW_46, "    page: 235\n    text: >-\n      A player can neither",
         "    page: two hundred and thirty-five\n    text: >-\n      A player can neither"),
        ("auction-bridge-1912/03-cutting.yaml", "In cutting, the ace is the lowest card", "In cutting, the ace is the highest card"),
    ],
}
SHOWN = {"keys": ["error[unknown-key]: bridge-1904/46: unknown key 'pgae'", "\"typo\" is not allowed here",
                  "\"idential\" is not allowed here"],
         "values": ["'page' must be integer", "error[not-verbatim]"]}


def _page_lines() -> list[str]:
    page = (REPO / "docs" / "editing.md").read_text("utf-8")
    blocks = re.findall(r"```text\n(.*?)```", page, re.S)
    return [line for block in blocks for line in block.splitlines()]


@pytest.mark.parametrize("group", sorted(EDITS))
def test_the_check_messages_on_the_editing_page_are_what_lawkit_says(group, tmp_path, monkeypatch):
    shutil.copytree(REPO / "laws", tmp_path / "laws")
    for path, old, new in EDITS[group]:
        file = tmp_path / "laws" / path
        text = file.read_text("utf-8")
        assert text.count(old) == 1, (path, old)
        file.write_text(text.replace(old, new), "utf-8")
    monkeypatch.chdir(tmp_path)
    said = {str(p) for p in lawkit.check("laws").problems}
    shown = [line for line in _page_lines() if any(marker in line for marker in SHOWN[group])]
    assert len(shown) == len(SHOWN[group])
    assert [line for line in shown if line not in said] == [], sorted(said)


def test_the_corpus_format_page_lists_the_keys_the_schema_has():
    import json

    page = (REPO / "docs" / "corpus-format.md").read_text("utf-8")
    heading = json.loads((REPO / "lawkit" / "schemas" / "heading.schema.json").read_text("utf-8"))
    law_keys = set(heading["$defs"]["law"]["properties"])
    table = page[page.index("A law may also have:"):page.index("A heading file may say")]
    listed = {key for cell in re.findall(r"^\| (`[^|]+`) \|", table, re.M) for key in re.findall(r"`(\w+)`", cell)}
    assert listed <= law_keys, listed - law_keys  # no key the schema rejects
    assert law_keys - listed <= {"law", "text", "constants", "editor_notes"}  # shown in the example or elsewhere
    kinds = heading["$defs"]["annotation"]["properties"]["kind"]["enum"]
    assert all(f"`{kind}`" in table for kind in kinds)
    from lawkit.corpus._load import SHARED_FILES  # the test reads the loader's own list

    shared = page[page.index("## Shared files"):]
    assert all(f"`{name}`" in shared for name in SHARED_FILES), [n for n in SHARED_FILES if f"`{n}`" not in shared]
    glossary = json.loads((REPO / "lawkit" / "schemas" / "glossary.schema.json").read_text("utf-8"))
    keys = set(glossary["properties"]["terms"]["items"]["properties"])
    assert all(f"`{key}`" in shared for key in keys - {"term", "definition"}), keys
