"""A cache of the checked corpus, so `lawkit show` and `lawkit search` answer at once.

The checked corpus (without its compiled rules, which CEL cannot pickle) is
pickled to ``.lawkit-cache/`` beside the laws directory, keyed by a
fingerprint of every YAML file's path, size and modification time and of
lawkit's own source: a saved YAML file, or a changed lawkit, is a new key.
Other results derived from the corpus (the site's generated files) are kept
the same way under their own name, keyed by that fingerprint and whatever
else they depend on. The cache is an optimisation only — when it cannot be
read or written, lawkit computes the value as usual.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any, Callable

CACHE_DIR = ".lawkit-cache"
_PACKAGE = Path(__file__).resolve().parent


def fingerprint(root: str | os.PathLike) -> str:
    digest = hashlib.sha1()
    root_path = Path(root).resolve()
    digest.update(f"{root_path}\n{os.getcwd()}\n".encode())  # messages name paths relative to the cwd
    for base in (root_path, _PACKAGE):
        for path in sorted(base.rglob("*")):
            if path.suffix in (".yaml", ".yml", ".py", ".json") and "__pycache__" not in path.parts:
                stat = path.lstat()  # a link is not followed (lawkit reads none): a broken one is no crash
                digest.update(f"{path.relative_to(base)}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


def directory(root: str | os.PathLike) -> Path:
    return Path(root).resolve().parent / CACHE_DIR


def path_for(root: str | os.PathLike, name: str, key: str) -> Path:
    return directory(root) / f"{name}-{key}"


def load(root: str | os.PathLike, name: str, key: str) -> Any | None:
    """The value kept under ``name`` and ``key``, or None when there is none (or it does not read)."""
    try:
        with open(path_for(root, name, key), "rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None


def store(root: str | os.PathLike, name: str, key: str, value: Any) -> None:
    """Keep ``value`` under ``name`` and ``key``, dropping that name's older entries; silently skip
    when the disk says no. Written to a temporary file first, so a reader never sees half of it."""
    folder = directory(root)
    try:
        folder.mkdir(exist_ok=True)
        for old in folder.glob(f"{name}-*"):
            old.unlink()
        temporary = folder / f".{name}-{key}.{os.getpid()}"
        with open(temporary, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        temporary.replace(path_for(root, name, key))
    except OSError:
        pass


def checked(root: str | os.PathLike, check: Callable[[str | os.PathLike], Any]) -> tuple[Any, str]:
    """The checked corpus (from the cache when the files are unchanged) and its fingerprint;
    ``check`` makes it when the cache has none (``lawkit.check``: YAML, schema, checks, rules).

    The corpus comes without compiled rules: commands that evaluate rules load afresh.
    """
    key = fingerprint(root)
    corpus = load(root, "corpus", key)
    if corpus is None:
        corpus = check(root)
        if Path(root).is_dir():
            # CEL programs do not pickle: the rules and views compile again on demand.
            rulebooks, corpus.rulebooks = corpus.rulebooks, {}
            model, corpus.situation_model = corpus.situation_model, None
            try:
                store(root, "corpus", key, corpus)
            finally:
                corpus.rulebooks, corpus.situation_model = rulebooks, model
    return corpus, key
