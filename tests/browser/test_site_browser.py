"""The built site in a real browser: laws by URL, citations both ways, previews, search.

Every test runs on the `page` fixture, which fails it on a console error or
on a request that leaves 127.0.0.1. Screenshots go to LAWKIT_SCREENSHOTS
(default /tmp/lawkit-screenshots) for a person to look at.
"""

from __future__ import annotations

import re

import pytest

from .conftest import shot

CODE_PAGE = "/laws/auction-bridge-1912/"


def search(page, query: str):
    """Type a query into Material's search on the home page of the site served whole (a page's
    ``base_url`` has its search index emptied: tests/browser/conftest.py) and return the result items.

    The search index loads and is built in a web worker after the page; a query
    typed before it is ready is not answered, so type it again until it is."""
    page.goto(page.searchable_url + "/")
    page.locator("label.md-search__icon, .md-search__icon[for='__search']").first.click(force=True)
    box = page.locator("input.md-search__input")
    results = page.locator(".md-search-result__item")
    for _ in range(6):
        box.fill("")
        box.press_sequentially(query, delay=20)
        try:
            results.first.wait_for(state="visible", timeout=5000)
            return results
        except Exception:  # the index was not ready yet
            continue
    results.first.wait_for(state="visible", timeout=5000)
    return results


def test_a_law_opens_by_its_url(page):
    page.goto(page.base_url + CODE_PAGE + "#21")
    law = page.locator("[id='21']")
    law.wait_for()
    assert law.is_visible()
    section = page.locator(".lk-law:has([id='21'])").first
    assert "admission is claimed by one or two" in section.inner_text()
    box = law.bounding_box()
    assert box is not None and box["y"] < 300  # scrolled to the law
    shot(page, "law-21-desktop")


def test_a_citation_leads_to_the_law_and_cited_by_leads_back(page):
    page.goto(page.base_url + CODE_PAGE + "#21")
    page.locator(".lk-law:has([id='21']) a.lk-ref[href='#14']").first.click()
    page.wait_for_function("location.hash === '#14'")
    fourteen = page.locator(".lk-law:has([id='14'])").first
    assert "the ace is the lowest card" in fourteen.inner_text()
    fourteen.locator("a.lk-ref[href='#21']").first.click()
    page.wait_for_function("location.hash === '#21'")


def test_a_citation_across_pages_and_an_item_anchor(page):
    page.goto(page.base_url + CODE_PAGE + "#39")
    link = page.locator(".lk-law:has([id='39']) a.lk-ref[data-law='auction-bridge-1912/37/b']").first
    assert link.get_attribute("href").endswith("#37/b")
    link.click()
    page.wait_for_function("location.hash === '#37/b'")
    assert page.locator("[id='37/b']").is_visible()


def test_hovering_or_focusing_a_reference_previews_the_cited_law(page):
    page.goto(page.base_url + CODE_PAGE + "#21")
    link = page.locator(".lk-law:has([id='21']) a.lk-ref[href='#14']").first
    link.hover()
    tip = page.locator("#lk-tip")
    tip.wait_for(state="visible")
    assert "the ace is the lowest card" in tip.inner_text()
    assert page.url.endswith("#21")  # still on the same law
    shot(page, "preview-tooltip-desktop")
    page.keyboard.press("Escape")
    tip.wait_for(state="hidden")
    link.focus()
    tip.wait_for(state="visible")
    assert "Law 14" in tip.inner_text()


def test_a_reference_pointed_at_before_the_previews_arrive_is_previewed_when_they_do(page):
    # A code page's previews are a file fetched after the page is up; a reader who points at a
    # reference first must still get its preview (no second mouseover comes). Hold the file back
    # until the pointer is on the link, so the order is the same on every run.
    held = []
    page.route("**/api/previews/**", lambda route: held.append(route))
    page.goto(page.base_url + CODE_PAGE + "#21")
    page.wait_for_function("document.readyState === 'complete'")
    link = page.locator(".lk-law:has([id='21']) a.lk-ref[href='#14']").first
    link.hover()
    page.wait_for_timeout(400)  # longer than the preview's delay: nothing to show yet
    assert page.locator("#lk-tip").is_hidden()
    assert held, "the code page did not ask for its previews file"
    held[0].continue_()
    tip = page.locator("#lk-tip")
    tip.wait_for(state="visible")
    assert "the ace is the lowest card" in tip.inner_text()


def test_a_glossary_term_shows_its_definition(page):
    page.goto(page.base_url + CODE_PAGE + "#21")
    term = page.locator(".lk-law:has([id='21']) abbr.lk-term").first
    term.hover()
    tip = page.locator("#lk-tip")
    tip.wait_for(state="visible")
    assert len(tip.inner_text()) > 20


def test_search_finds_a_law_and_lands_on_it(page):
    results = search(page, "misdeal")
    texts = results.all_inner_texts()
    assert any(re.search(r"Law \d+", t) and "misdeal" in t.lower() for t in texts[:5]), texts[:5]
    shot(page, "search-misdeal-desktop")
    law_link = results.first.locator("a").first  # the law itself (?law=<id>), not its page's top
    href = law_link.get_attribute("href")
    assert "?law=" in href, href
    law_link.click()
    page.wait_for_function("location.pathname.startsWith('/laws/') && location.hash.length > 1")
    assert "law=" not in page.url, page.url  # the address is the law's anchor again
    anchor = page.url.split("#", 1)[1]
    assert "misdeal" in page.locator(f".lk-law:has([id='{anchor}'])").first.inner_text().lower()


def test_search_for_cutting_ace_lowest_brings_law_14(page):
    results = search(page, "cutting ace lowest")
    assert any("ace is the lowest" in t for t in results.all_inner_texts()[:5])


def test_glossary_and_edition_pages_render(page):
    page.goto(page.base_url + "/laws/glossary/")
    assert page.locator("h2").count() >= 90
    shot(page, "glossary-desktop")
    page.goto(page.base_url + "/laws/auction-bridge-1912--auction-bridge-1913/")
    assert page.locator("del").count() > 50 and page.locator("ins").count() > 50
    shot(page, "edition-desktop")


def test_mobile_width_law_page(fresh_page):
    mobile = fresh_page(390, 844)
    mobile.goto(mobile.base_url + CODE_PAGE + "#37")
    mobile.locator("[id='37']").wait_for()
    width = mobile.evaluate("document.documentElement.scrollWidth")
    shot(mobile, "law-37-mobile")
    assert width <= 400  # nothing overflows the phone's width


@pytest.mark.parametrize("query", ["trump slip", "bystander"])
def test_search_brings_the_laws_first(page, query):
    results = search(page, query)
    first = results.first.inner_text()
    assert re.match(r"(Law|Etiquette) [\dIVX]+", first), first
    # The result is a law; its teaser may stop short of the words, the law has them.
    results.first.locator("a").first.click()
    page.wait_for_function("location.hash.length > 1")
    anchor = page.evaluate("decodeURIComponent(location.hash.slice(1))")
    law = page.locator(f".lk-law:has(> h3[id='{anchor}']) .lk-text").inner_text().lower()
    assert query in " ".join(law.split()), (first, anchor)
