"""The browser tests' pages (tests/browser/conftest.py, ``Tabs``): each page a test opens starts as
the first page of a new browser context would, whatever the pages before it did."""

from __future__ import annotations

import json

import pytest

def _from_cache(page) -> list[str]:
    """Load the home page in ``page``: the resources (the theme's and lawkit's style sheets and
    scripts) Chromium took from a cache (its disk or memory cache) rather than from the site, but
    for data: addresses (an icon used twice in a page)."""
    cdp = page.context.new_cdp_session(page)
    urls: dict[str, str] = {}
    cached: list[str] = []
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.requestServedFromCache", lambda e: cached.append(urls.get(e["requestId"], "?")))
    cdp.on("Network.responseReceived", lambda e: cached.append(e["response"]["url"])
           if e["response"].get("fromDiskCache") else None)
    cdp.send("Network.enable")
    page.goto(page.base_url + "/")
    page.wait_for_function("document.readyState === 'complete'")
    cdp.detach()
    return [url for url in cached if not url.startswith("data:")]


def test_a_page_keeps_nothing_of_the_page_before(fresh_page):
    first = fresh_page()
    assert _from_cache(first) == []
    first.evaluate("localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1'); "
                   "document.cookie = 'left=1; path=/'; indexedDB.open('left', 1)")
    first.context.grant_permissions(["clipboard-read"])
    first.goto(first.base_url + "/laws/")

    second = fresh_page()  # the first page is closed: a test's pages are its own
    assert second.context.pages == [second.context.pages[0], second] and first.is_closed()
    assert _from_cache(second) == []  # its resources from the site again, as in a new context
    assert second.evaluate("[localStorage.getItem('left'), sessionStorage.getItem('left')]") == [None, None]
    assert "left" not in second.evaluate("document.cookie")
    assert second.evaluate("async () => (await indexedDB.databases()).map(d => d.name)") == []
    assert second.evaluate("async () => (await navigator.permissions.query({name: 'clipboard-read'})).state") \
        != "granted"
    assert second.evaluate("history.length") == 2  # the new page's blank document and this one, as ever


def test_a_page_has_the_site_with_its_search_index_emptied_and_the_whole_site_beside(page, site_dir):
    """A page's base_url serves the built site but for Material's search index, emptied of its
    documents (no test but a search needs the index each page builds); searchable_url serves it whole."""
    whole = json.loads((site_dir / "search" / "search_index.json").read_text("utf-8"))
    emptied = page.request.get(page.base_url + "/search/search_index.json").json()
    assert emptied == {"config": whole["config"], "docs": []} and len(whole["docs"]) > 500
    assert page.request.get(page.searchable_url + "/search/search_index.json").json() == whole
    for path in ("/laws/auction-bridge-1912/", "/assets/lawkit/lawkit.js", "/api/explorer/index.json"):
        assert page.request.get(page.base_url + path).body() == (site_dir / path.strip("/")).joinpath(
            *(["index.html"] if path.endswith("/") else [])).read_bytes()


# What a page knows of its screen: its media features, viewport and touch; asked of a page of no
# size of its own (a phone's viewport obeys a page's meta viewport: the site's is width=device-width).
BLANK = 'data:text/html,<meta name="viewport" content="width=device-width, initial-scale=1">'

SCREEN = """[innerWidth, innerHeight, devicePixelRatio, navigator.maxTouchPoints, 'ontouchstart' in window,
  ...['(pointer: coarse)', '(hover: none)', '(prefers-color-scheme: dark)'].map(q => matchMedia(q).matches)]"""


@pytest.mark.parametrize("width, height, scheme, phone", [(390, 844, "dark", True), (390, 900, "dark", False),
                                                          (1280, 900, "light", False)])
def test_a_page_of_a_size_and_scheme_is_that_of_a_new_context(fresh_page, browser, width, height, scheme, phone):
    """A page opened at a size and colour scheme (and of a phone) sees the screen that the first
    page of a new context with that viewport and color_scheme (has_touch, is_mobile) sees."""
    page = fresh_page(width, height, scheme, phone=phone)
    page.goto(BLANK)
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  has_touch=phone, is_mobile=phone)
    try:
        other = context.new_page()
        other.goto(BLANK)
        assert page.evaluate(SCREEN) == other.evaluate(SCREEN)
    finally:
        context.close()
