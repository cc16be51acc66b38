"""Search quality: top-1 and top-5 hit rates on questions players ask, against plain lunr.

    .venv/bin/python benchmarks/search_quality.py [--misses]

Two question sets, each question with every law that answers it:
benchmarks/questions.yaml (152 questions; lawkit's fusion weights were chosen
on it) and benchmarks/questions-heldout.yaml (100 questions written later, by
someone who saw neither that set nor the search engine; the fusion weights
were not chosen on it, but reading its misses suggested the rule that a
question naming a game looks in that game's laws first, which then lifted
both sets: 86% -> 90% top-1 here, 94% -> 95% on the first). A
question is a top-1 hit when the first result is one of its answers, a top-5
hit when any of the first five is. Engines compared: lawkit's search (words
and meaning fused), each half alone, and a plain lunr index (lunr.py, the
engine behind Material for MkDocs' search: one document per law, its heading
and its text, default settings).

The laws list the questions they answer (the editors' index, written from
the law texts). Where a benchmark question is nearly the same sentence as
one of those (word-set Jaccard >= 0.6), it tells little about matching
meaning, so each set is also scored without such questions.
Targets: top-1 >= 80%, top-5 >= 95%, both ahead of lunr.

--browser adds the site's Ask page: the site is built, served on 127.0.0.1
and every question asked in Debian's Chromium (the same search in
JavaScript: lunr for the words, the model quantized to 8 bits).
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
from lawkit.retrieval import fulltext, semantic  # noqa: E402
from lawkit.corpus.printed import law_lines  # noqa: E402

HERE = Path(__file__).parent
QUESTION_SETS = ("questions.yaml", "questions-heldout.yaml")
NEAR_DUPLICATE = 0.6


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


def browser_answers():
    """A function asking the built site's Ask page (in Debian's Chromium, through Playwright)
    every question of a set: the search as a reader of the site gets it."""
    import functools
    import subprocess
    import tempfile
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import ARGS, CHROMIUM

    site = Path(tempfile.mkdtemp(prefix="lawkit-site-"))
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)], cwd=REPO, check=True)
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def ask(questions: list[dict]) -> list[list[str]]:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/laws/ask/")
            found = page.evaluate("async (qs) => { const out = []; for (const q of qs) "
                                  "out.push((await window.lawkitAsk(q, 5)).map(h => h.id)); return out; }",
                                  [q["question"] for q in questions])
            browser.close()
        return found
    return ask


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def near_duplicate(question: str, editors: list[set[str]]) -> bool:
    asked = _words(question)
    return any(len(asked & other) / len(asked | other) >= NEAR_DUPLICATE for other in editors)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the questions lawkit misses")
    parser.add_argument("--browser", action="store_true",
                        help="also the site's Ask page: build the site, ask every question in Chromium")
    args = parser.parse_args()
    corpus = lawkit.load(REPO / "laws")
    if not semantic.available():
        raise SystemExit("the model package is not installed (scripts/test installs it)")
    searcher = fulltext.Searcher.open(corpus, REPO / "laws")
    index = lunr_index(corpus)
    editors = [_words(q) for law in corpus.laws() for q in law.questions]
    engines = {
        "lawkit (words+meaning)": lambda q: [h.id for h in searcher(q, limit=5)],
        "lawkit words (bm25)": lambda q: [h.id for h in fulltext.query(searcher.words, q, limit=5)],
        "lawkit meaning": lambda q: [law for law, _, _ in searcher.meaning.closest(q, None, 5)],
        "lunr (plain)": lambda q: lunr_search(index, q)[:5],
    }
    if args.browser:
        engines["site Ask page (browser)"] = browser_answers()
    misses = []
    print(f"{'question set':<42} {'engine':<24} {'top-1':>6} {'top-5':>6}")
    for name in QUESTION_SETS:
        questions = yaml.safe_load((HERE / name).read_text("utf-8"))["questions"]
        found = {engine: ask(questions) if engine.startswith("site") else [ask(q["question"]) for q in questions]
                 for engine, ask in engines.items()}
        distinct = [i for i, q in enumerate(questions) if not near_duplicate(q["question"], editors)]
        for label, chosen in ((f"{name} ({len(questions)})", range(len(questions))),
                              (f"  without near-duplicates ({len(distinct)})", distinct)):
            for engine in engines:
                hits = [(found[engine][i], set(questions[i]["answers"])) for i in chosen]
                top1 = sum(bool(got) and got[0] in answers for got, answers in hits) / len(hits)
                top5 = sum(bool(answers & set(got[:5])) for got, answers in hits) / len(hits)
                print(f"{label:<42} {engine:<24} {top1:>6.0%} {top5:>6.0%}")
                label = ""
        for question, got in zip(questions, found["lawkit (words+meaning)"]):
            if not (got and got[0] in question["answers"]):
                misses.append((name, question["question"], got[:3], sorted(question["answers"])[:4]))
    if args.misses:
        print("\nquestions whose first result is not an answer:")
        for name, question, got, want in misses:
            print(f"- [{name}] {question}\n    got {got}\n    want one of {want}")


if __name__ == "__main__":
    main()
