"""Every sentence of the seed excerpts of auction-bridge-1912 is in the corpus.

Seed 000 is Laws 12-25, seed 004 Laws 26-37 (its items _a_-_e_ open Law 37).
A sentence must appear word for word in the code's printed text, ignoring
whitespace, footnote marks like ``[26]``, the scraped page headers
("Auction of To-day — Part 103") and the leading law numbers / item labels.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lawkit.corpus.printed import code_text

CODE = "auction-bridge-1912"
SEEDS_DIR = Path(__file__).resolve().parent.parent / "laws" / CODE / "seeds"  # the excerpts, in the code's folder
# seed file -> at least this many sentences must be checked (so the test cannot
# pass vacuously): seed 000 has 14 laws and a footnote, seed 004 12 laws and 5 items
SEEDS = {
    "000_a7a7f7fdfdf3f250.txt": 20,
    "004_f0048e76a3235458.txt": 18,
}

_MARK = re.compile(r"\[(?:\d+|\*|†)\]")
_PAGE_HEADER = re.compile(r"^[ \t]*Auction of To-day — Part \d+[ \t]*$", re.MULTILINE)
# a law number glued to the end of the previous sentence: "can be filled.26. Should"
_GLUED_NUMBER = re.compile(r"(?<=[.?!])(?=\d+\.\s)")
# "12. ", "_a_ ", "(_a_) ", "(a) " at the start of a line or sentence
_LEAD = re.compile(r"^(?:\d+\.\s+|_[a-z]_\s+|\(_?[a-z]_?\)\s+)")
# a sentence ends at . ? or ! followed by whitespace and a capital (or an _italic_ / quote)
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z_(\"'])")


def normalize(text: str) -> str:
    """Footnote marks removed, whitespace collapsed."""
    return " ".join(_MARK.sub("", text).split())


def sentences(text: str) -> list[str]:
    """The sentences of a seed, each normalized and without its law number or label."""
    text = _PAGE_HEADER.sub("", text)
    text = _MARK.sub("", text)
    text = _GLUED_NUMBER.sub("\n", text)
    found = []
    for line in text.splitlines():
        line = _LEAD.sub("", " ".join(line.split()))
        for sentence in _SENTENCE_END.split(line):
            sentence = _LEAD.sub("", sentence).strip()
            if sentence:
                found.append(sentence)
    return found


def _read(seed: str) -> str:
    return (SEEDS_DIR / seed).read_text(encoding="utf-8")


def _cases():
    for seed in SEEDS:
        text = _read(seed)
        short = seed.split("_", 1)[0]
        for index, sentence in enumerate(sentences(text)):
            words = "_".join(re.findall(r"[A-Za-z']+", sentence)[:5])
            yield pytest.param(seed, index, sentence, id=f"{short}-{index:02d}-{words}")


@pytest.fixture(scope="module")
def corpus_text(corpus) -> str:
    return normalize(code_text(corpus.codes[CODE]))


def test_sentence_splitting():
    assert sentences("25. A player forfeits. In this event he may be filled.26. Should any player leave.") == [
        "A player forfeits.", "In this event he may be filled.", "Should any player leave.",
    ]
    assert sentences("out.[26]\n[26] See Law 14 as to value.") == ["out.", "See Law 14 as to value."]
    assert sentences("_a_ If the cards.\n\nAuction of To-day — Part 103\n\n_b_ If, during a deal.") == [
        "If the cards.", "If, during a deal.",
    ]


@pytest.mark.parametrize("seed,index,sentence", list(_cases()))
def test_seed_sentence_in_corpus(corpus_text, seed, index, sentence):
    assert sentence in corpus_text, (
        f"sentence {index} of seed {seed} is not in the {CODE} corpus word for word:\n  {sentence!r}"
    )


@pytest.mark.parametrize("seed", list(SEEDS))
def test_seed_has_enough_sentences(seed):
    text = _read(seed)
    found = sentences(text)
    assert len(found) >= SEEDS[seed], f"only {len(found)} sentences split from {seed}: {found}"
    assert all(not re.match(r"\d+\.\s", s) for s in found), "a law number was left at a sentence start"
    assert not any("Auction of To-day" in s for s in found), "a page header was taken for law text"
