"""Search quality: top-1 and top-5 hit rates on questions players ask, against plain lunr.

    .venv/bin/python benchmarks/search_quality.py [--misses]

benchmarks/questions.yaml holds the questions and, for each, every law that
answers it. A question is a top-1 hit when the first result is one of its
answers, a top-5 hit when any of the first five is. The same laws are put in
a plain lunr index (lunr.py, the engine behind Material for MkDocs' search:
one document per law, its heading and its text, default settings) and asked
the same questions. Targets: top-1 >= 80%, top-5 >= 95%, both ahead of lunr.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import lawkit  # noqa: E402
from lawkit import fulltext  # noqa: E402
from lawkit.printed import law_lines  # noqa: E402

QUESTIONS = Path(__file__).with_name("questions.yaml")


def lunr_index(corpus: lawkit.Corpus):
    from lunr import lunr

    documents = [{"id": law.id, "title": f"{law.heading} {law.name}", "text": " ".join(law_lines(law))}
                 for law in corpus.laws()]
    return lunr(ref="id", fields=("title", "text"), documents=documents)


def lunr_search(index, question: str) -> list[str]:
    # lunr's query language gives meaning to : ^ ~ + - *; a search box passes plain words.
    words = re.findall(r"[A-Za-z0-9']+", question)
    try:
        return [hit["ref"] for hit in index.search(" ".join(words))]
    except Exception:  # lunr.py raises on some inputs (e.g. only stop words)
        return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the questions lawkit misses")
    args = parser.parse_args()
    corpus = lawkit.load(REPO / "laws")
    questions = yaml.safe_load(QUESTIONS.read_text("utf-8"))["questions"]
    db = fulltext.build(corpus)
    index = lunr_index(corpus)
    rows = {"lawkit (FTS5, bm25)": [], "lunr (plain)": []}
    misses = []
    for entry in questions:
        answers = set(entry["answers"])
        ours = [hit.id for hit in fulltext.query(db, entry["question"], limit=5)]
        theirs = lunr_search(index, entry["question"])[:5]
        for name, found in (("lawkit (FTS5, bm25)", ours), ("lunr (plain)", theirs)):
            rows[name].append((bool(found[:1]) and found[0] in answers, bool(answers & set(found))))
        if not (ours[:1] and ours[0] in answers):
            misses.append((entry["question"], ours[:3], sorted(answers)[:4]))
    n = len(questions)
    print(f"{n} questions (benchmarks/questions.yaml), {sum(len(q['answers']) for q in questions) / n:.1f} "
          f"answering laws each on average")
    print(f"{'engine':<22} {'top-1':>8} {'top-5':>8}")
    for name, results in rows.items():
        top1 = sum(a for a, _ in results) / n
        top5 = sum(b for _, b in results) / n
        print(f"{name:<22} {top1:>8.0%} {top5:>8.0%}")
    if args.misses:
        print("\nquestions whose first result is not an answer:")
        for question, got, want in misses:
            print(f"- {question}\n    got {got}\n    want one of {want}")


if __name__ == "__main__":
    main()
