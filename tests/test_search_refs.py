"""`lawkit search`, `lawkit refs` and the corpus cache."""

from __future__ import annotations

import json
import os
import time

import lawkit
from lawkit import cache
from lawkit.corpus import stored
from lawkit.retrieval import fulltext


def test_search_finds_the_laws_a_player_means(corpus):
    ids = [hit.id for hit in lawkit.search(corpus, "misdeal", limit=20)]
    assert "auction-bridge-1912/36" in ids and "english-whist/43" in ids
    assert lawkit.search(corpus, "cutting ace lowest", code="auction-bridge-1912")[0].id == "auction-bridge-1912/14"
    assert lawkit.search(corpus, "trump slip", code="duplicate-whist-1910")[0].id.startswith("duplicate-whist-1910/IV")
    assert lawkit.search(corpus, "bystander", code="auction-bridge-1912")[0].id == "auction-bridge-1912/97"


def test_period_spellings_are_tolerated(corpus):
    honours = {h.id for h in lawkit.search(corpus, "honours", limit=50)}
    honors = {h.id for h in lawkit.search(corpus, "honors", limit=50)}
    assert honours == honors and "auction-bridge-1912/5" in honours and "auction-bridge-1913/5" in honours
    assert {h.id for h in lawkit.search(corpus, "jack", limit=50)} == {h.id for h in lawkit.search(corpus, "knave", limit=50)}
    assert "auction-bridge-1912/25" in {h.id for h in lawkit.search(corpus, "re-entry", code="auction-bridge-1912")}


def test_filters_and_snippets(corpus):
    hits = lawkit.search(corpus, "revoke", code="english-whist", topic="revoke", limit=50)
    assert hits and all(h.id.startswith("english-whist/") and "revoke" in corpus.get(h.id).topics for h in hits)
    assert fulltext.MARK_OPEN in hits[0].snippet and hits[0].score > 0
    assert lawkit.search(corpus, "who what when?") == []  # question words alone ask nothing


def test_search_cli_json(run_cli, repo, monkeypatch):
    monkeypatch.chdir(repo)
    code, out, _ = run_cli(["search", "who deals after a misdeal?", "--limit", "3", "--json"])
    data = json.loads(out)
    assert code == 0 and data["query"] == "who deals after a misdeal?" and len(data["results"]) == 3
    assert set(data["results"][0]) == {"id", "score", "snippet"}
    code, _, err = run_cli(["search", "deal", "--code", "auction-bridge-19"])
    assert code == 1 and "did you mean" in err
    assert run_cli(["search", "deal", "--limit", "0"])[0] == 2


def test_refs_out_in_and_transitive(corpus):
    data = lawkit.references(corpus, "auction-bridge-1912/83")
    assert [e["id"] for e in data["out"]] == ["auction-bridge-1912/73"]
    deeper = lawkit.references(corpus, "auction-bridge-1912/83", depth=2)
    assert "auction-bridge-1912/80" in [e["id"] for e in deeper["out"]]
    assert {e["depth"] for e in deeper["out"]} == {1, 2}
    assert [e["id"] for e in lawkit.references(corpus, "auction-bridge-1912/14")["in"]] == ["auction-bridge-1912/21"]


def test_refs_cli_graphs(run_cli, repo, monkeypatch):
    monkeypatch.chdir(repo)
    code, out, _ = run_cli(["refs", "auction-bridge-1912/21", "--dot"])
    assert code == 0 and out.startswith("digraph citations {") and '"auction-bridge-1912/21" -> "auction-bridge-1912/14";' in out
    code, out, _ = run_cli(["refs", "auction-bridge-1912/21", "--mermaid"])
    assert code == 0 and out.startswith("graph LR") and "-->" in out
    code, out, _ = run_cli(["refs", "auction-bridge-1912/21"])
    assert "cites:" in out and "auction-bridge-1912/14" in out
    assert run_cli(["refs", "auction-bridge-1912/999"])[0] == 1


def test_the_cache_is_refreshed_when_a_file_changes(make_corpus, tmp_path, monkeypatch):
    files = {"demo/code.yaml": "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json\n"
                               "code: demo\ntitle: D\nsource: {book: X, year: 1900}\nheadings: [ONE]\n",
             "demo/01-one.yaml": "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json\n"
                                 "heading: ONE\nlaws:\n  - law: 1\n    text: First.\n"}
    root = make_corpus(files)
    monkeypatch.chdir(tmp_path)
    first, key = cache.checked(root, lawkit.check, stored)
    assert (tmp_path / ".lawkit-cache").is_dir() and first.get("demo/1").text == "First."
    again, same_key = cache.checked(root, lawkit.check, stored)
    assert same_key == key and again.get("demo/1").text == "First."
    path = root / "demo" / "01-one.yaml"
    path.write_text(path.read_text().replace("First.", "Changed."))
    os.utime(path, (time.time() + 5, time.time() + 5))
    changed, new_key = cache.checked(root, lawkit.check, stored)
    assert new_key != key and changed.get("demo/1").text == "Changed."


def test_an_unwritable_cache_is_no_error(make_corpus, tmp_path, monkeypatch):
    root = make_corpus({"demo/code.yaml": "code: demo\ntitle: D\nsource: {book: X, year: 1900}\nheadings: [ONE]\n",
                        "demo/01-one.yaml": "heading: ONE\nlaws:\n  - law: 1\n    text: First.\n"})
    (tmp_path / ".lawkit-cache").write_text("a file where the cache folder would go")
    monkeypatch.chdir(tmp_path)
    corpus, _ = cache.checked(root, lawkit.check, stored)
    assert corpus.get("demo/1").text == "First."


from hypothesis import given, settings, strategies as st  # noqa: E402

_DB = None


def _db():
    global _DB
    if _DB is None:
        _DB = fulltext.build(lawkit.load(os.path.join(os.path.dirname(__file__), "..", "laws")))
    return _DB


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(max_size=60))
def test_any_query_text_is_searched_without_error(text):
    """FTS5 has a query language (quotes, AND/OR/NOT/NEAR, *, ^, :); a player's text must never be read as it."""
    assert all(hit.score > 0 for hit in fulltext.query(_db(), text, limit=3))


def test_fts_operators_in_queries_are_words():
    for query in ['"unclosed', "deal AND", "NEAR(deal cut)", "cut*", "col:deal", "^deal", "dealer's pack", "- deal"]:
        assert isinstance(fulltext.query(_db(), query), list)
