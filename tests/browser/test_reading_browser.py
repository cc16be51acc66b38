"""Reading comfort and accessibility in a real browser: dark mode, copy buttons, and axe-core.

axe-core is installed from npm by the set-up (package.json), like the explorer's CEL library;
it is injected into each page from node_modules, never fetched.
"""

from __future__ import annotations


import pytest

from .conftest import REPO, shot

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
# The pages a reader meets first, and the heaviest: the way in, a code, the glossary, the edition map, Ask.
PAGES = ["/", "/laws/auction-bridge-1912/", "/laws/glossary/", "/laws/auction-bridge-1912--auction-bridge-1913/",
         "/laws/ask/"]


def _violations(page, within: str | None = None) -> list[dict]:
    """The serious and critical violations axe finds in the page, or only in what the CSS selector
    ``within`` selects (what a test opened, when the page around it is swept by another test)."""
    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE}: run `npm ci` (scripts/test does)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (within) => (await axe.run(within ? {include: [[within]]} : document,
                                                           {resultTypes: ['violations']})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ' x' + v.nodes.length + ': ' + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(', '))""",
        within)


# One test per page and state (not one per state over every page): each is a short test, so the
# two workers share the sweeps to the end instead of one worker doing the last five pages alone.
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violation(fresh_page, path, width, scheme):
    page = fresh_page(width, scheme=scheme)
    page.goto(page.base_url + path, wait_until="load")
    page.wait_for_function("document.querySelector('.md-search[aria-label]') !== null")
    assert _violations(page) == [], path


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_law_opened_by_its_address_keeps_its_links_readable(fresh_page, scheme):
    """A law the address points at is highlighted; on the dark scheme that ground took its links'
    contrast to 4.15:1 (English Whist Law 5 cites Law 72 in its text)."""
    page = fresh_page(390, scheme=scheme)
    page.goto(page.base_url + "/laws/english-whist/#5", wait_until="load")
    page.wait_for_function("document.querySelector('.md-search[aria-label]') !== null")
    assert _violations(page, 'div.lk-law:has(h3[id="5"])') == []


def test_dark_mode_follows_the_system_and_toggles(fresh_page):
    page = fresh_page(scheme="dark")
    page.goto(page.base_url + "/laws/auction-bridge-1912/")
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    assert page.evaluate(scheme) == "slate"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    shot(page, "dark-code-page")
    page.locator("label.md-header__button[for^='__palette']:visible").first.click()
    page.wait_for_function(f"{scheme} === 'default'")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background


def test_code_blocks_have_a_copy_button_and_each_law_a_copy_link(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(page.base_url + "/corpus-format/")
    assert page.locator("pre > button.md-clipboard, .md-code__nav button.md-code__button, button.md-clipboard").count() > 0
    page.goto(page.base_url + "/laws/auction-bridge-1912/#36")
    button = page.locator('button.lk-copylink[data-anchor="36"]')
    assert button.get_attribute("aria-label") == "Copy link to Law 36"
    button.click()
    page.wait_for_function("document.querySelector('button.lk-copylink[data-anchor=\"36\"]').textContent === 'Link copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.base_url + "/laws/auction-bridge-1912/#36"
    shot(page, "copy-link")
