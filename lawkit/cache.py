"""A cache of the checked corpus, so `lawkit show` and `lawkit search` answer at once.

The checked corpus (without its compiled rules, which CEL cannot keep) is
written to ``.lawkit-cache/`` beside the laws directory, keyed by a
fingerprint of every YAML file's (and source text's) path, size and modification time and of
lawkit's own source: a saved YAML file, or a changed lawkit, is a new key.
Other results derived from the corpus (the search indexes, the embeddings,
the site's generated files) are kept the same way under their own name,
keyed by that fingerprint and whatever else they depend on. The cache is an
optimisation only — when it cannot be read or written, lawkit computes the
value as usual.

The folder may be written by someone else, or damaged, so nothing in it is
trusted (issue 15): an entry is bytes that no reader runs (JSON, SQLite, NumPy
arrays without pickle: each writer's ``Codec``, not pickle), after a header
naming the entry's name and key and its content's size and an HMAC-SHA-256 of
them under a key of this user's own (``~/.cache/lawkit/cache-key``, made once,
readable by the user alone): a plain checksum anyone who can write the folder
can make again for content they changed; the key they cannot. A damaged,
truncated, foreign (one key's entry under another's name) or unsigned entry is
reported once on standard error, removed and made again: the output is the
cold run's. A cache folder that is a link is not used (lawkit writes through
no link). The cache imports nothing of lawkit: what an entry holds is
the caller's codec (the corpus's is ``lawkit.corpus.stored``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, NamedTuple, Protocol

CACHE_DIR = ".lawkit-cache"
_PACKAGE = Path(__file__).resolve().parent


def fingerprint(root: str | os.PathLike) -> str:
    digest = hashlib.sha1()
    root_path = Path(root).resolve()
    digest.update(f"{root_path}\n{os.getcwd()}\n".encode())  # messages name paths relative to the cwd
    for base in (root_path, _PACKAGE):
        for path in sorted(base.rglob("*")):
            if path.suffix in (".yaml", ".yml", ".py", ".json", ".txt") and "__pycache__" not in path.parts:
                stat = path.lstat()  # a link is not followed (lawkit reads none): a broken one is no crash
                digest.update(f"{path.relative_to(base)}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


def directory(root: str | os.PathLike) -> Path:
    return Path(root).resolve().parent / CACHE_DIR


def _usable(folder: Path) -> bool:
    """Whether the cache folder may be read and written: not a link (removing a name's old entries
    there would remove files wherever it points), said once when it is."""
    if not folder.is_symlink():
        return True
    shown = _shown(folder)
    if (shown, "") not in _reported:
        _reported.add((shown, ""))
        sys.stderr.write(f"lawkit: the cache folder {shown} is a symbolic link; lawkit writes through no link, "
                         "so it works without a cache\n")
        sys.stderr.flush()
    return False


_SECRET: list[bytes] = []


def _secret() -> bytes:
    """This user's key for signing entries: read from, or made once in, the user's cache folder
    (``$XDG_CACHE_HOME/lawkit`` or ``~/.cache/lawkit``; ``LAWKIT_CACHE_KEY`` names another file),
    readable by the user alone. When it can be neither read nor made, a key for this process only:
    the cache then serves this process, and every entry of another is made again."""
    if _SECRET:
        return _SECRET[0]
    named = os.environ.get("LAWKIT_CACHE_KEY")
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lawkit"
    path = Path(named) if named else base / "cache-key"
    secret = _read_secret(path)
    if secret is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".cache-key-", dir=path.parent)  # mode 0600
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(os.urandom(32))
                os.link(temporary, path)  # all or nothing, and never over a key another process made first
            except FileExistsError:
                pass
            finally:
                os.unlink(temporary)
        except OSError:
            pass
        secret = _read_secret(path)
    _SECRET.append(secret if secret is not None else os.urandom(32))
    return _SECRET[0]


def _read_secret(path: Path) -> bytes | None:
    """The key in ``path`` when it is a file of 32 bytes of this user's that no one else may read."""
    try:
        if path.is_symlink() or not path.is_file():
            return None
        stat = path.stat()
        if stat.st_mode & 0o077 or (hasattr(os, "getuid") and stat.st_uid != os.getuid()):
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return data if len(data) == 32 else None


def path_for(root: str | os.PathLike, name: str, key: str) -> Path:
    return directory(root) / f"{name}-{key}"


def has(root: str | os.PathLike, name: str, key: str) -> bool:
    """Whether an entry is kept under ``name`` and ``key`` (not read: one that does not load is made
    again by the next reader), so that a writer need not write it again."""
    path = path_for(root, name, key)
    return path.is_file() and not path.is_symlink()


class Codec(Protocol):
    """How a value is kept: as bytes, read back without running anything they say."""

    def dumps(self, value: Any) -> bytes: ...

    def loads(self, data: bytes) -> Any: ...


class Functions(NamedTuple):
    """A codec made of two functions (``loads`` raises on bytes it did not write)."""

    dumps: Callable[[Any], bytes]
    loads: Callable[[bytes], Any]


# An entry: this line, then a JSON line naming what it was made for and its signature, then the
# content.
MAGIC = b"lawkit-cache 3\n"
_reported: set[tuple[str, str]] = set()  # (entry, digest of what it held): each said once


def _shown(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _report(path: Path, why: str, data: bytes = b"") -> None:
    """One line on standard error: the entry is not used, and is removed (to be made again). Said
    once for each damaged content, also when the entry cannot be removed and is met again."""
    shown = _shown(path)
    seen = (shown, hashlib.sha256(data).hexdigest())
    if seen not in _reported:
        _reported.add(seen)
        sys.stderr.write(f"lawkit: ignored the cache entry {shown}: {why}; made again\n")
        sys.stderr.flush()
    try:
        path.unlink()
    except OSError:
        pass


def _clip(value: Any) -> str:
    """A value from an entry's header, quoted on one short line."""
    text = str(value).encode("unicode_escape").decode("ascii")
    return text if len(text) <= 60 else text[:57] + "..."


def _signature(name: str, key: str, content: bytes) -> str:
    signed = hmac.new(_secret(), digestmod=hashlib.sha256)
    signed.update(json.dumps([name, key, len(content)]).encode("ascii") + b"\n")
    signed.update(content)
    return signed.hexdigest()


def _header(name: str, key: str, content: bytes) -> bytes:
    made_for = {"name": name, "key": key, "size": len(content), "hmac": _signature(name, key, content)}
    return MAGIC + json.dumps(made_for, sort_keys=True).encode("ascii") + b"\n"


def load_bytes(root: str | os.PathLike, name: str, key: str) -> bytes | None:
    """The content kept under ``name`` and ``key``, or None when there is none. An entry that is
    damaged (its signature or size does not match), truncated, or made for another name or key
    is reported once on standard error, removed, and None (the caller makes the value again)."""
    path = path_for(root, name, key)
    if not _usable(path.parent):
        return None
    try:
        if not path.is_file() or path.is_symlink():
            if path.is_symlink() or path.exists():
                _report(path, "a link or a folder, not a file")
            return None
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if not data.startswith(MAGIC):
        _report(path, "not a lawkit cache entry", data)
        return None
    end = data.find(b"\n", len(MAGIC))
    try:
        made_for = json.loads(data[len(MAGIC):end].decode("ascii")) if end >= 0 else None
    except (UnicodeDecodeError, ValueError):
        made_for = None
    if not isinstance(made_for, dict) or not {"name", "key", "size", "hmac"} <= made_for.keys():
        _report(path, "its header is damaged", data)
        return None
    content = data[end + 1:]
    if (made_for["name"], made_for["key"]) != (name, key):
        _report(path, f"it was made for {_clip(made_for['name'])}-{_clip(made_for['key'])}", data)
        return None
    if made_for["size"] != len(content):
        _report(path, f"{len(content)} bytes of content where {made_for['size']} were written", data)
        return None
    if not isinstance(made_for["hmac"], str) or not hmac.compare_digest(made_for["hmac"],
                                                                         _signature(name, key, content)):
        _report(path, "its signature does not match its content (changed, or made by another user)", data)
        return None
    return content


def store_bytes(root: str | os.PathLike, name: str, key: str, content: bytes) -> None:
    """Keep ``content`` under ``name`` and ``key``, dropping that name's older entries; silently
    skip when the disk says no. Written to a new temporary file first (never through a link), so
    a reader never sees half of it."""
    folder = directory(root)
    if not _usable(folder):
        return
    try:
        folder.mkdir(exist_ok=True)
        for old in folder.glob(f"{name}-*"):
            old.unlink()
        handle, temporary = tempfile.mkstemp(prefix=f".{name}-", dir=folder)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(_header(name, key, content))
                out.write(content)
            os.replace(temporary, path_for(root, name, key))
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass


def load(root: str | os.PathLike, name: str, key: str, codec: Codec) -> Any | None:
    """The value kept under ``name`` and ``key`` (read with ``codec``), or None when there is
    none or it does not read (reported once, as in ``load_bytes``)."""
    content = load_bytes(root, name, key)
    if content is None:
        return None
    try:
        return codec.loads(content)
    except Exception as error:  # the codec's own error, whatever it is: the entry is not used
        _report(path_for(root, name, key), f"it does not read ({_clip(error) or type(error).__name__})", content)
        return None


def store(root: str | os.PathLike, name: str, key: str, value: Any, codec: Codec) -> None:
    """Keep ``value`` (written with ``codec``) under ``name`` and ``key``; skipped when it cannot be."""
    try:
        content = codec.dumps(value)
    except Exception:  # the value has something the codec does not keep: the cache is only an optimisation
        return
    store_bytes(root, name, key, content)


def checked(root: str | os.PathLike, check: Callable[[str | os.PathLike], Any], codec: Codec,
            later: Callable[[str, Callable[[], None]], None] | None = None,
            kept: tuple[str, Any] | None = None, read: bool = True) -> tuple[Any, str]:
    """The checked corpus (from the cache when the files are unchanged) and its fingerprint;
    ``check`` makes it when the cache has none (``lawkit.check``: YAML, schema, checks, rules),
    ``codec`` keeps it (``lawkit.corpus.stored``). With ``later``, the writing of the entry is
    handed to it (with the entry's name) to run when the caller is done with the corpus
    (``mkdocs serve``: once the page is served), instead of before returning.
    ``kept`` is the fingerprint and corpus this returned last (``mkdocs serve`` keeps them): the
    corpus itself again when no file changed since, its entry perhaps not written yet. ``read=False``:
    made by ``check`` whatever the cache holds (``mkdocs serve`` keeps what a check makes), and its entry
    written only when there is none.

    The corpus comes without compiled rules: commands that evaluate rules load afresh.
    """
    key = fingerprint(root)
    if kept is not None and kept[0] == key:
        return kept[1], key
    corpus = load(root, "corpus", key, codec) if read else None
    if corpus is None:
        corpus = check(root)
        # Read and not loaded: whatever is there does not read, so it is replaced.
        if Path(root).is_dir() and (read or not has(root, "corpus", key)):
            def keep() -> None:
                # CEL programs are not kept: the rules and views compile again on demand.
                rulebooks, corpus.rulebooks = corpus.rulebooks, {}
                model, corpus.situation_model = corpus.situation_model, None
                try:
                    store(root, "corpus", key, corpus, codec)
                finally:
                    corpus.rulebooks, corpus.situation_model = rulebooks, model
            if later is None:
                keep()
            else:
                later("corpus", keep)
    return corpus, key
