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
