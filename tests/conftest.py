"""Shared fixtures for the lawkit test suite.

- ``repo``, ``laws``: where the repository and its corpus are (each code's verified
  source and seed excerpts are in its folder, laws/<code>/);
- ``corpus``: the real corpus, loaded once per session;
- ``make_corpus``: write a small corpus into the test's tmp_path;
- ``run_cli``: run ``lawkit`` in-process, returning (exit code, stdout, stderr).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping, Sequence

import pytest

import lawkit
import lawkit.cli

REPO = Path(__file__).resolve().parent.parent
# The code.yaml of the small demo corpora the tests build (one heading, ONE).
DEMO_CODE = """\
# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json
code: demo
title: DEMO
source: {book: X, year: 1900}
headings: [ONE]
"""


@pytest.fixture(scope="session")
def repo() -> Path:
    """The repository root."""
    return REPO


@pytest.fixture(scope="session")
def laws(repo: Path) -> Path:
    """The real corpus: repo/laws."""
    return repo / "laws"


@pytest.fixture(scope="session")
def corpus(laws: Path) -> lawkit.Corpus:
    """The real corpus, loaded and checked once (raises CorpusError if it has errors)."""
    return lawkit.load(laws)


@pytest.fixture
def make_corpus(tmp_path: Path) -> Callable[..., Path]:
    """``make_corpus({relative path: text}, root="laws")`` writes the files under
    ``tmp_path/root`` and returns that root. Texts are written as given (no
    dedent), so line and column numbers in tests are those of the literals."""

    def make(files: Mapping[str, str], root: str = "laws") -> Path:
        base = tmp_path / root
        base.mkdir(parents=True, exist_ok=True)
        for relative, text in files.items():
            path = base / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return base

    return make


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[[Sequence[str]], tuple[int, str, str]]:
    """``run_cli(argv)`` calls ``lawkit.cli.main(argv)`` in-process and returns
    ``(exit_code, stdout, stderr)``; a ``SystemExit`` (argparse usage errors
    exit 2) is caught and its code returned."""

    def run(argv: Sequence[str]) -> tuple[int, str, str]:
        capsys.readouterr()  # drop anything printed before
        try:
            code = lawkit.cli.main([str(arg) for arg in argv])
        except SystemExit as exc:
            if exc.code is None:
                code = 0
            elif isinstance(exc.code, int):
                code = exc.code
            else:  # sys.exit("message") prints the message and exits 1
                code = 1
        out, err = capsys.readouterr()
        return code, out, err

    return run


# -- scenarios: tests/scenarios/*.yaml, one test per scenario -------------------------------
#
# Collected and run by lawkit's own pytest plugin (lawkit/testing.py, the ``pytest11`` entry
# point), against ./laws; scenario_engine() shares the engine it builds (compiled once).


def scenario_engine():
    """One engine over the real corpus for every scenario (compiled once)."""
    from lawkit.testing import engine_for

    return engine_for(REPO / "laws")
