"""The package type-checks: ``mypy lawkit`` (configured in pyproject.toml) reports nothing."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_mypy_passes() -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "lawkit"],
        cwd=REPO, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, f"mypy lawkit failed:\n{result.stdout}{result.stderr}"
