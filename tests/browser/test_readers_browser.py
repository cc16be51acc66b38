"""A reader's way in and laws found by number, in a real browser: the home page and its
navigation, the go-to-law box (each form a law is named by, the message when nothing matches,
the keyboard alone), a search naming a law, the 1913 footnotes under their laws, and a
glossary tip on a phone. Screenshots go to LAWKIT_SCREENSHOTS for a person to look at."""

from __future__ import annotations

import re

import pytest

from .conftest import shot
from .test_site_browser import search

CODE_1912 = "/laws/auction-bridge-1912/"
CODE_1913 = "/laws/auction-bridge-1913/"


# -- the way in ----------------------------------------------------------------------------

@pytest.mark.parametrize("width", [1280, 390])
def test_the_home_page_offers_the_ways_in(fresh_page, width):
    page = fresh_page(width)
    page.goto(page.base_url + "/")
    assert page.title().endswith("The laws of Whist and Bridge")
    article = page.locator("article")
    assert article.locator("h1").inner_text().startswith("The laws of Whist and Bridge")
    hrefs = article.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    for wanted in ("laws/auction-bridge-1912/", "laws/topics/", "laws/glossary/", "laws/concordance/",
                   "laws/auction-bridge-1912--auction-bridge-1913/", "laws/ask/", "using/", "developers/"):
        assert wanted in hrefs, (wanted, hrefs)
    assert article.locator("form.lk-goto input").count() == 1
    # The explorer is linked only when the site has its page.
    has_explorer = page.request.get(page.base_url + "/explorer/").ok
    assert ("explorer/" in hrefs) == has_explorer
    shot(page, f"home-{width}")


def test_developer_pages_have_their_own_section(page):
    page.goto(page.base_url + "/")
    nav = page.locator("nav.md-nav--primary").first
    top = nav.locator(":scope > ul > li > a, :scope > ul > li > label, :scope > ul > li > div > a")
    tops = [" ".join(t.split()) for t in top.all_text_contents()]
    assert "The Python API" not in tops and "Editing the corpus" not in tops, tops
    section = nav.locator(":scope > ul > li", has_text="For developers and editors")
    assert section.count() == 1
    inside = " ".join(section.inner_text().split())
    for title in ("Overview", "The Python API", "The corpus format", "Editing the corpus", "What others build on"):
        assert title in inside, inside


def test_a_code_goes_by_one_name(page):
    page.goto(page.base_url + CODE_1913)
    assert page.locator("article h1").inner_text().startswith("Auction Bridge, 1913")
    assert "Auction Bridge, 1913" in page.locator("nav.md-nav--primary").first.inner_text()
    page.locator("a.lk-ref[data-law^='auction-bridge-1913/']:visible").first.hover()
    tip = page.locator("#lk-tip")
    tip.wait_for(state="visible")
    assert "Auction Bridge, 1913" in tip.inner_text()


# -- the go-to-law box -------------------------------------------------------------------------

def goto(page, text: str, box: str = ".md-content form.lk-goto"):
    field = page.locator(f"{box} input.lk-goto__input")
    field.fill(text)
    field.press("Enter")


def _landed(page, path: str, anchor: str) -> None:
    """On the law's page at its anchor, the law at the top of the screen."""
    page.wait_for_function(f"""() => {{
        if (location.pathname !== {path!r} || decodeURIComponent(location.hash) !== {'#' + anchor!r}) return false;
        const law = document.getElementById({anchor!r});
        if (!law) return false;
        const top = law.getBoundingClientRect().top;
        return top >= 0 && top < 300;
    }}""")


@pytest.mark.parametrize("typed, path, anchor", [
    ("84", CODE_1912, "84"),                         # on a code's page, its own law
    ("1913 84", CODE_1913, "84"),                    # another code's, by its year
    ("duplicate Law IV sec. 8", "/laws/duplicate-whist-1910/", "IV/8"),
    ("etiquette 9", CODE_1912, "etiquette/9"),
    ("37 (c)", CODE_1912, "37/c"),
    ("1913 47a", CODE_1913, "47a"),
])
def test_the_box_on_a_code_page_goes_to_the_law(page, typed, path, anchor):
    page.goto(page.base_url + CODE_1912)
    goto(page, typed)
    _landed(page, path, anchor)


def test_the_box_in_the_header_on_any_page(page):
    page.goto(page.base_url + "/laws/glossary/")
    goto(page, "Law IV sec. 8", ".md-header form.lk-goto")  # one code numbers its laws so
    _landed(page, "/laws/duplicate-whist-1910/", "IV/8")
    goto(page, "english whist etiquette 9", ".md-header form.lk-goto")
    _landed(page, "/laws/english-whist/", "etiquette/9")
    page.goto(page.base_url + "/laws/topics/")
    goto(page, "84", ".md-header form.lk-goto")  # four codes have a Law 84: it asks which
    said = page.locator(".md-header .lk-goto__said")
    said.wait_for(state="visible")
    assert "which one?" in said.inner_text()
    assert said.locator("a").count() == 4


def test_no_match_says_so_and_what_is_near(page):
    page.goto(page.base_url + CODE_1913)
    goto(page, "98")
    said = page.locator(".md-content .lk-goto__said")
    said.wait_for(state="visible")
    text = said.inner_text()
    assert "No law “98” in Auction Bridge, 1913" in text and "Did you mean" in text, text
    assert "Auction Bridge, 1913, Law 97" in text
    shot(page, "goto-no-match")
    goto(page, "revoke")
    assert "names no law" in said.inner_text()
    goto(page, "1920 84")
    assert "No code is of 1920" in said.inner_text()
    goto(page, "Law IV sec. 8")  # on this code's page, this code's laws; the one that has it is offered
    assert "Duplicate Whist, 1910, Law IV, Sec. 8" in said.inner_text()
    goto(page, "1913 etiquette 9")  # the 1913 code prints no etiquette: the 1912 one does
    assert "Auction Bridge, 1912, Etiquette 9" in said.inner_text()


def test_the_box_works_from_the_keyboard_alone(page):
    page.goto(page.base_url + "/")
    for _ in range(60):  # Tab from the top of the page to the box in the header
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('lk-goto__input')"):
            break
    else:
        pytest.fail("Tab never reached the go-to-law box")
    page.keyboard.type("1913 98")
    page.keyboard.press("Enter")
    page.locator(".md-header .lk-goto__said a").first.wait_for(state="visible")
    page.keyboard.press("Tab")  # to the first "did you mean"
    assert page.evaluate("document.activeElement.closest('.lk-goto__said') !== null")
    page.keyboard.press("Enter")
    page.wait_for_function("location.pathname === '/laws/auction-bridge-1913/' && location.hash === '#97'")


# -- search: the law first, laws as results ------------------------------------------------------

def _titles(results) -> list[str]:
    return [" ".join(t.split()) for t in results.locator("h1").all_inner_texts()]


def _first_becomes(page, results, prefix: str) -> None:
    """Results show as the query is typed: wait for those of the whole query."""
    try:
        page.wait_for_function("""prefix => {
            const first = document.querySelector('.md-search-result__item h1');
            return first && first.textContent.trim().startsWith(prefix);
        }""", arg=prefix, timeout=10000)
    except Exception:
        pytest.fail(f"the first result is not {prefix!r}: {_titles(results)[:5]}")


def test_search_naming_a_law_puts_it_first(page):
    _first_becomes(page, search(page, "Law 21"), "Law 21 ·")
    _first_becomes(page, search(page, "1913 law 84"), "Law 84 · Auction Bridge, 1913")
    shot(page, "search-law-84")
    page.locator(".md-search-result__item").first.locator("a").first.click()
    _landed(page, CODE_1913, "84")


def test_search_results_are_laws(page):
    results = search(page, "revoke")
    titles = _titles(results)
    assert len(titles) >= 10
    assert all(re.match(r"(Law|Etiquette) [\dIVX]+[a-z]? · ", t) for t in titles[:10]), titles[:10]
    assert page.locator(".md-search-result__more").count() == 0  # no law hidden under "more on this page"


# -- footnotes and the glossary --------------------------------------------------------------------

def test_a_1913_footnote_is_shown_under_its_law(page):
    page.goto(page.base_url + CODE_1913 + "#84")
    law = page.locator(".lk-law:has(> h3[id='84'])")
    notes = law.locator(".lk-notes")
    assert "The book prints these notes at the end of the code, after Law 97:" in notes.inner_text()
    assert "The dummy may advise the declarer" in notes.inner_text()
    mark = law.locator(".lk-text sup.lk-mark a").first
    assert mark.get_attribute("href") == "#fn-84-21"  # the note under the law, not 5,000 px away
    mark.hover()
    tip = page.locator("#lk-tip")
    tip.wait_for(state="visible")
    assert "Note 21" in tip.inner_text() and "The dummy may advise" in tip.inner_text()
    law.scroll_into_view_if_needed()
    shot(page, "1913-law-84-footnote")
    where = notes.locator("a.lk-note__where").first
    assert where.get_attribute("href") == "#end-fn-84-21"
    assert page.locator("#end-fn-84-21").count() == 1  # where the book prints it, after Law 97


def test_a_term_is_marked_once_in_a_law(page):
    page.goto(page.base_url + CODE_1913)
    terms = page.evaluate("""() => [...document.querySelectorAll('.lk-law')].map(law =>
        [...law.querySelectorAll('abbr.lk-term')].map(t => t.dataset.term))""")
    assert any(terms)
    assert all(len(one) == len(set(one)) for one in terms)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_a_glossary_tip_never_covers_the_line(fresh_page, scheme):
    page = fresh_page(390, 844, scheme, phone=True)
    page.goto(page.base_url + CODE_1912 + "#84")
    checked = 0
    for index in range(page.locator(".lk-law:has(> h3[id='84']) abbr.lk-term").count()):
        term = page.locator(".lk-law:has(> h3[id='84']) abbr.lk-term").nth(index)
        # the term near the bottom of the screen, where a tip below it would fall off or cover it
        term.evaluate("t => window.scrollBy(0, t.getBoundingClientRect().bottom - window.innerHeight + 20)")
        term.tap()
        tip = page.locator("#lk-tip")
        tip.wait_for(state="visible")
        line, sheet = term.bounding_box(), tip.bounding_box()
        assert sheet["y"] + sheet["height"] == pytest.approx(844, abs=2)  # a sheet at the bottom
        assert sheet["width"] == pytest.approx(390, abs=2)
        assert line["y"] + line["height"] <= sheet["y"], (line, sheet)  # the line stays above it
        assert line["y"] >= 0
        checked += 1
        if checked == 1:
            shot(page, f"phone-glossary-tip-{scheme}")
        page.keyboard.press("Escape")
        if checked == 2:
            break
    assert checked
