"""The Ask page: lawkit's search (words and meaning) running in the browser."""

from __future__ import annotations

import json

import pytest
import yaml

import lawkit
from lawkit.retrieval import fulltext, semantic

from .conftest import REPO, shot

pytestmark = pytest.mark.skipif(not semantic.available(), reason="the model package is not installed: no Ask page")



def _ask(page, question: str) -> None:
    page.fill(".lk-ask input", question)
    page.click(".lk-ask button")
    page.wait_for_selector("#lk-ask-results li", timeout=60_000)


def test_ask_a_question_and_open_the_law(page):
    page.goto(page.base_url + "/laws/ask/")
    _ask(page, "can a spectator say something about the play?")
    results = page.locator("#lk-ask-results li")
    ids = [results.nth(i).locator("code").inner_text() for i in range(results.count())]
    assert "auction-bridge-1912/97" in ids[:3], ids  # Bystanders: no word in common with the question
    first = results.nth(ids.index("auction-bridge-1912/97"))
    assert "Law 97" in first.locator("a").inner_text()
    assert page.locator("#lk-ask-status").inner_text().startswith(f"{len(ids)} laws for")
    shot(page, "ask-desktop")
    first.locator("a").click()
    page.wait_for_url("**/laws/auction-bridge-1912/#97")
    assert page.locator('h3[id="97"]').is_visible()


def test_a_question_in_the_address_is_answered_on_a_phone(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "/laws/ask/?ask=" + "who shuffles first?")
    page.wait_for_selector("#lk-ask-results li", timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "ask-mobile")
    context.close()
    assert errors == []


def test_the_browser_agrees_with_python(page, corpus):
    """The in-browser search (lunr for the words, the quantized model for the meaning) against
    lawkit.retrieval.fulltext on twenty questions from the held-out set: the same first law for most,
    and Python's first law among the browser's first five for all but a few."""
    questions = [q["question"] for q in
                 yaml.safe_load((REPO / "benchmarks" / "questions-heldout.yaml").read_text("utf-8"))["questions"]][:20]
    page.goto(page.base_url + "/laws/ask/")
    found = page.evaluate("async (qs) => { const out = []; for (const q of qs) "
                          "out.push((await window.lawkitAsk(q, 5)).map(h => h.id)); return out; }", questions)
    searcher = fulltext.Searcher.open(corpus, corpus.root)
    python = [[hit.id for hit in searcher(q, limit=5)] for q in questions]
    same_first = sum(b[:1] == p[:1] for b, p in zip(found, python))
    in_five = sum(p[0] in b for b, p in zip(found, python))
    assert same_first >= 16 and in_five >= 19, json.dumps(list(zip(questions, found, python)), indent=1)


def test_a_question_under_a_law_asks_the_ask_page(page):
    page.goto(page.base_url + "/laws/auction-bridge-1912/#41")
    law = page.locator('div.lk-law:has(h3[id="41"])')
    law.locator("details.lk-questions summary").click()
    question = law.locator("details.lk-questions li a").first
    text = question.inner_text()
    shot(page, "law-41-questions")
    question.click()
    page.wait_for_selector("#lk-ask-results li", timeout=60_000)
    assert page.locator(".lk-ask input").input_value() == text
    ids = page.locator("#lk-ask-results li code").all_inner_texts()
    assert "auction-bridge-1912/41" in ids[:3], ids
