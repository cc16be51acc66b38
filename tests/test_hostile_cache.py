"""Issue 15, point 4: a cache that cannot lie or run code.

``.lawkit-cache/`` may be written by someone else, or damaged. Every kind of entry lawkit
writes there (the checked corpus, the word index, the meaning index, the embeddings, the
site's generated files, the browser's model) is checked before it is used: truncated, random
bytes, a flipped bit, or another key's entry under this one's name is said once on standard
error (one line naming the entry), and the value is made again — the output is the cold run's.
Nothing in an entry is unpickled: a crafted pickle runs nothing.

Small corpora in tmp_path; the search by meaning only where the model is the point.
"""

from __future__ import annotations

import os
import pickle
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

import lawkit
from lawkit import cache
from lawkit.corpus import stored
from lawkit.retrieval import fulltext, semantic
from lawkit.site import examples, generated
from lawkit.site.context import Example, Site
from lawkit.site.urls import Urls

DAMAGES = ["truncated", "random-bytes", "bit-flip", "header-bit-flip", "swapped"]


def _demo(text: str = "The lowest cut deals.") -> dict[str, str]:
    return {"demo/code.yaml": "code: demo\ntitle: D\nsource: {book: X, year: 1900}\nheadings: [ONE]\n",
            "demo/01-one.yaml": "heading: ONE\nlaws:\n"
                                f"  - law: 1\n    text: {text}\n    questions: [who deals first?]\n"
                                "  - law: 2\n    text: A revoke costs three tricks.\n"}


@pytest.fixture
def demo(make_corpus, tmp_path, monkeypatch):
    """A small corpus at tmp_path/laws, the cwd tmp_path (messages name .lawkit-cache/...)."""
    monkeypatch.chdir(tmp_path)
    return make_corpus(_demo())


def _entry(root: Path, prefix: str) -> Path:
    found = sorted((root.parent / ".lawkit-cache").glob(f"{prefix}-*"))
    assert len(found) == 1, found
    return found[0]


def _damage(path: Path, how: str, seed: int = 0, swapped_in: bytes | None = None) -> None:
    rng = random.Random(seed)
    data = path.read_bytes()
    if how == "truncated":
        data = data[:len(data) // 2]
    elif how == "random-bytes":
        data = rng.randbytes(len(data))
    elif how in ("bit-flip", "header-bit-flip"):
        header = data.index(b"\n", len(cache.MAGIC)) + 1
        at = rng.randrange(header, len(data)) if how == "bit-flip" else rng.randrange(header - 1)
        data = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
    elif how == "swapped":
        assert swapped_in is not None
        data = swapped_in
    path.write_bytes(data)


def _said(err: str, entry: Path) -> None:
    """Exactly one line about the cache, naming the entry."""
    lines = [line for line in err.splitlines() if "cache entry" in line]
    assert len(lines) == 1, err
    assert lines[0].startswith(f"lawkit: ignored the cache entry .lawkit-cache/{entry.name}: "), lines[0]
    assert "Traceback" not in err


def _another_entry(make_corpus, prefix: str, make) -> bytes:
    """The entry ``make(root)`` writes for another corpus (another key), its bytes; the entry
    itself is removed when the corpus under test writes its own."""
    other = make_corpus(_demo("The highest cut deals."), root="other")
    make(other)
    return _entry(other, prefix).read_bytes()


# -- the reproductions, through the CLI ----------------------------------------------

@pytest.mark.parametrize("seed", range(7))
def test_random_bytes_in_the_corpus_entry(demo, run_cli, seed):
    """Was exit 70 (UnicodeDecodeError) in 4 of 7 tries."""
    cold = run_cli(["show", "demo/1", "--laws", demo])
    assert cold[0] == 0 and "The lowest cut deals." in cold[1]
    entry = _entry(demo, "corpus")
    _damage(entry, "random-bytes", seed)
    code, out, err = run_cli(["show", "demo/1", "--laws", demo])
    assert (code, out) == cold[:2]
    _said(err, entry)
    assert run_cli(["show", "demo/1", "--laws", demo]) == cold  # made again: said once


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_corpus_entry(demo, make_corpus, run_cli, how):
    swapped = _another_entry(make_corpus, "corpus", lambda root: run_cli(["check", "--laws", root])) \
        if how == "swapped" else None
    cold = run_cli(["show", "demo/1", "--laws", demo, "--json"])
    assert cold[0] == 0
    entry = _entry(demo, "corpus")
    _damage(entry, how, swapped_in=swapped)
    code, out, err = run_cli(["show", "demo/1", "--laws", demo, "--json"])
    assert (code, out) == cold[:2]
    _said(err, entry)
    assert run_cli(["show", "demo/1", "--laws", demo, "--json"]) == cold


def test_an_edited_corpus_entry_is_not_shown_as_law_text(demo, run_cli):
    """Was: an edited pickle shown as law text ("the ace is the HIGHST card")."""
    cold = run_cli(["show", "demo/1", "--laws", demo])
    entry = _entry(demo, "corpus")
    entry.write_bytes(entry.read_bytes().replace(b"The lowest cut deals.", b"The HIGHST cut deals."))
    code, out, err = run_cli(["show", "demo/1", "--laws", demo])
    assert (code, out) == cold[:2] and "HIGHST" not in out
    _said(err, entry)
    assert "its signature does not match its content" in err


def test_an_entry_signed_again_without_this_users_key_is_not_believed(demo, run_cli):
    """A checksum anyone who can write the folder makes again for the content they changed; the
    signature needs this user's key, which lives outside the folder."""
    cold = run_cli(["show", "demo/1", "--laws", demo])
    entry = _entry(demo, "corpus")
    content = entry.read_bytes().split(b"\n", 2)[2].replace(b"The lowest cut deals.", b"The HIGHST cut deals.")
    key = entry.name.removeprefix("corpus-")
    mine = list(cache._SECRET)
    cache._SECRET[:] = [b"another user's key of 32 bytes!!"]
    try:
        entry.write_bytes(cache._header("corpus", key, content) + content)  # a header as the other would make it
    finally:
        cache._SECRET[:] = mine
    code, out, err = run_cli(["show", "demo/1", "--laws", demo])
    assert (code, out) == cold[:2] and "HIGHST" not in out
    _said(err, entry)


def test_the_key_is_the_users_alone(tmp_path, monkeypatch):
    """Made once, readable by the user alone; a key others may read (or a link) is not used."""
    path = tmp_path / "keys" / "cache-key"
    monkeypatch.setenv("LAWKIT_CACHE_KEY", str(path))
    monkeypatch.setattr(cache, "_SECRET", [])
    first = cache._secret()
    assert path.read_bytes() == first and len(first) == 32 and path.stat().st_mode & 0o777 == 0o600
    monkeypatch.setattr(cache, "_SECRET", [])
    assert cache._secret() == first  # read again by the next process
    path.chmod(0o644)
    monkeypatch.setattr(cache, "_SECRET", [])
    assert cache._secret() != first  # others could read it: a key for this process only
    assert path.read_bytes() == first  # and the file is left as it is


def test_a_cache_folder_that_is_a_link_is_not_used(demo, tmp_path, run_cli):
    """Was: a .lawkit-cache linked elsewhere was written through, and a name's old entries removed
    there (a file 'corpus-precious' in the link's target was deleted)."""
    cold = run_cli(["show", "demo/1", "--laws", demo])
    folder = cache.directory(demo)
    shutil.rmtree(folder)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "corpus-precious").write_text("keep me")
    folder.symlink_to(elsewhere)
    code, out, err = run_cli(["show", "demo/1", "--laws", demo])
    assert (code, out) == cold[:2]
    assert err.count("is a symbolic link; lawkit writes through no link, so it works without a cache") == 1, err
    assert sorted(p.name for p in elsewhere.iterdir()) == ["corpus-precious"]
    assert (elsewhere / "corpus-precious").read_text() == "keep me"


class _Runs:
    """A pickle that, when unpickled, makes a file (as a command an attacker chose would)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


@pytest.mark.parametrize("with_a_good_header", [False, True])
def test_a_crafted_pickle_runs_nothing(demo, tmp_path, run_cli, with_a_good_header):
    """Was: a crafted pickle in the cache runs a command. Even an entry whose header and signature
    match (as this user's own would) is read as JSON, never unpickled."""
    marker = tmp_path / "ran"
    cold = run_cli(["show", "demo/1", "--laws", demo])
    entry = _entry(demo, "corpus")
    payload = pickle.dumps(_Runs(marker))
    pickle.loads(payload)
    assert marker.exists()  # the payload does run when unpickled
    marker.unlink()
    key = entry.name.removeprefix("corpus-")
    entry.write_bytes(cache._header("corpus", key, payload) + payload if with_a_good_header else payload)
    code, out, err = run_cli(["show", "demo/1", "--laws", demo])
    assert not marker.exists()
    assert (code, out) == cold[:2]
    _said(err, entry)


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_word_index(demo, make_corpus, run_cli, how):
    """Was: a damaged search-*.sqlite exits 70 "database disk image is malformed"."""
    query = ["search", "revoke tricks", "--words-only", "--json", "--laws"]
    swapped = _another_entry(make_corpus, "search", lambda root: run_cli([*query, root])) \
        if how == "swapped" else None
    cold = run_cli([*query, demo])
    assert cold[0] == 0 and "demo/2" in cold[1]
    entry = _entry(demo, "search")
    _damage(entry, how, swapped_in=swapped)
    code, out, err = run_cli([*query, demo])
    assert (code, out) == cold[:2]
    _said(err, entry)
    assert run_cli([*query, demo]) == cold


def test_a_well_formed_but_malformed_database_is_made_again(demo, run_cli):
    """An entry whose signature matches (as this user's would) over bytes that are no sound
    SQLite database: SQLite's own check finds it."""
    query = ["search", "revoke tricks", "--words-only", "--json", "--laws", demo]
    cold = run_cli(query)
    entry = _entry(demo, "search")
    content = entry.read_bytes().split(b"\n", 2)[2]
    broken = content[:4096] + bytes(len(content) - 4096)  # the header page kept, the rest zeros
    entry.write_bytes(cache._header("search", entry.name.removeprefix("search-"), broken) + broken)
    code, out, err = run_cli(query)
    assert (code, out) == cold[:2]
    _said(err, entry)


needs_the_model = pytest.mark.skipif(not semantic.available(), reason="the model package is not installed")


@needs_the_model
@pytest.mark.parametrize("prefix", ["meaning", "embeddings"])
@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_meaning_entry(demo, make_corpus, run_cli, prefix, how):
    """Was: random bytes in meaning-* gave exit 0 with a silently wrong ranking; a damaged
    embeddings.npz exit 70 (BadZipFile)."""
    query = ["search", "who starts dealing?", "--json", "--laws"]
    swapped = _another_entry(make_corpus, prefix, lambda root: run_cli([*query, root])) \
        if how == "swapped" and prefix == "meaning" else None
    cold = run_cli([*query, demo])
    assert cold[0] == 0 and '"demo/1"' in cold[1]
    entry = _entry(demo, prefix)
    if prefix == "embeddings":
        # The pool has one key (the model's) and its vectors are kept by their passage's text,
        # so another corpus's pool is a true one: the entry swapped in is another name's.
        swapped = _entry(demo, "meaning").read_bytes()
        _entry(demo, "meaning").unlink()  # the pool is read when the index is made
    _damage(entry, how, swapped_in=swapped)
    code, out, err = run_cli([*query, demo])
    assert (code, out) == cold[:2]
    _said(err, entry)
    code, out, err = run_cli([*query, demo])
    assert (code, out) == cold[:2] and "cache entry" not in err


# -- every kind of entry, through its own reader ---------------------------------------------

KINDS = ["corpus", "search", "site", "ruled", "browser-model"]


def _ruled(root: Path, corpus) -> Site:
    """A site with a worked example, its scenario and an edition's changes, as examples.run fills it."""
    from lawkit.rules.changes import Change, Changes, Side

    site = Site(corpus, Urls("laws", True), str(root.parent))
    ruling = lawkit.Ruling("demo/2", "demo/2#lowest-deals", "dealer", {"dealer_player": "Ann"}, ["demo/1"],
                           [{"step": "condition", "expr": "true", "held": True}], f"{root.name} deals")
    record = {"answers": {"cuts": [{"player": "Ann", "card": "AS"}]}}
    site.scenarios.append(("s.yaml", lawkit.Scenario("one", lawkit.Position("s.yaml", 3, 5), record,
                                                     {"demo": {"rulings": []}}, None)))
    site.examples["demo/2"] = [Example("one", None, record, "demo", [ruling], "s.yaml", 3)]
    side = Side([{"law": "demo/2", "rule": "demo/2#lowest-deals", "outcome": "dealer", "says": None, "values": {}}])
    site.changes[("demo", "demo")] = Changes("demo", "demo", 1, [], [Change("one", "s.yaml:3", side, Side())], [])
    return site


def _write(kind: str, root: Path) -> tuple[str, object]:
    """Write ``kind``'s entry for ``root`` with its real writer: (its key, the value read back)."""
    corpus, key = cache.checked(root, lawkit.check, stored)
    if kind == "corpus":
        return key, corpus
    if kind == "search":
        return key, fulltext.open_index(corpus, root, key)
    if kind == "site":
        files = generated.Generated([("index.md", "# Laws\n", None), ("demo.md", f"{root.name}", "x.yaml")],
                                    [("api/laws.json", "{}")])
        generated.keep(str(root), key, files)
        return key, files
    if kind == "ruled":
        site = _ruled(root, corpus)
        examples.keep(site, str(root), key)
        return key, site
    cache.store_bytes(root, "browser-model", key, f"model of {root.name}".encode())
    return key, f"model of {root.name}".encode()


def _read(kind: str, root: Path, key: str) -> object:
    if kind == "corpus":
        return cache.load(root, "corpus", key, stored)
    if kind == "search":
        return fulltext.cached_index(root, key)
    if kind == "site":
        return generated.cached(str(root), key)
    if kind == "ruled":
        corpus, _ = cache.checked(root, lawkit.check, stored)
        return examples.cached(Site(corpus, Urls("laws", True), str(root.parent)), str(root), key)
    return cache.load_bytes(root, "browser-model", key)


def _same(kind: str, one: object, other: object) -> bool:
    if kind == "search":
        assert isinstance(one, sqlite3.Connection) and isinstance(other, sqlite3.Connection)
        rows = "SELECT * FROM laws ORDER BY id"
        return one.execute(rows).fetchall() == other.execute(rows).fetchall()
    if kind == "corpus":
        def laws(corpus):
            return [(law.id, law.text, law.position) for law in corpus.laws()], corpus.problems
        return laws(one) == laws(other)
    if kind == "ruled":
        assert isinstance(one, Site) and isinstance(other, Site)
        return (one.examples, one.scenarios, one.changes) == (other.examples, other.scenarios, other.changes)
    return one == other


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("how", DAMAGES)
def test_every_kind_of_entry_is_checked(demo, make_corpus, capsys, kind, how):
    swapped = None
    if how == "swapped":
        other = make_corpus(_demo("The highest cut deals."), root="other")
        _write(kind, other)
        swapped = _entry(other, kind).read_bytes()
    key, value = _write(kind, demo)
    assert _same(kind, _read(kind, demo, key), value)
    entry = _entry(demo, kind)
    _damage(entry, how, seed=3, swapped_in=swapped)
    capsys.readouterr()
    assert _read(kind, demo, key) is None
    _said(capsys.readouterr().err, entry)
    assert not entry.exists()  # removed, to be made again
    assert _read(kind, demo, key) is None and capsys.readouterr().err == ""


def test_an_entry_that_is_not_a_file(demo, capsys):
    _, key = cache.checked(demo, lawkit.check, stored)
    entry = _entry(demo, "corpus")
    entry.unlink()
    os.symlink("/etc/passwd", entry)
    capsys.readouterr()
    assert cache.load(demo, "corpus", key, stored) is None
    _said(capsys.readouterr().err, entry)
    assert not os.path.lexists(entry) and Path("/etc/passwd").exists()


def test_the_stored_corpus_is_the_checked_one(laws):
    """The real corpus read back from its JSON is the corpus checked (every law, position, mark)."""
    corpus = lawkit.check(laws)
    corpus.rulebooks, corpus.situation_model = {}, None
    again = stored.loads(stored.dumps(corpus))
    assert again == corpus
    law = next(iter(corpus.laws_by_id))
    assert again.units[law] is again.laws_by_id[law]  # shared, as in the corpus
    rules = [rule for one in corpus.laws() for rule in one.rules]
    assert rules and [r.pos for r in rules] == [r.pos for one in again.laws() for r in one.rules]


@pytest.mark.parametrize("data", [
    b'["o", "os.system", {"command": "true"}]',  # no class outside lawkit's data classes
    b'["o", "model.Law", {"__class__": ["l"]}]',  # no dunder attribute
    b'["o", "model.Law", {"id": "x"}]',  # every field
    b'["l", ["r", 5]]', b'["zz"]', b"{}", b"\xff", b'["d", [["l"], 1]]',
])
def test_the_stored_codec_builds_only_lawkits_data(data):
    with pytest.raises(stored.StoredError):
        stored.loads(data)
