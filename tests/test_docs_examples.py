"""The examples of docs/api.md run as written (doctest), from the repository root."""

from __future__ import annotations

import doctest

from conftest import REPO


def test_api_page_examples(monkeypatch):
    monkeypatch.chdir(REPO)
    result = doctest.testfile(str(REPO / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 20 and result.failed == 0
