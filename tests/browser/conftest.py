"""Browser tests: the built site, served on 127.0.0.1, driven by Playwright in Debian's Chromium.

The site is the one built once per session for every site test (``built_site``). Each page records
its console errors and every request that leaves 127.0.0.1; a test fails if
there are any (the `page` and `fresh_page` fixtures check at teardown).

A test's page is a new page of one browser context the worker keeps (``Tabs``), with nothing of the
tests before it: cookies, storage, permissions and caches are cleared first. A new page of a context
that has another page open costs Chromium about half the CPU of the first page of a new context.
Its ``base_url`` serves the site with Material's search index emptied (``_Unsearched``), and its
``searchable_url`` the site whole, for the tests that search (test_site_browser's ``search``).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
SHOTS = Path(os.environ.get("LAWKIT_SCREENSHOTS", "/tmp/lawkit-screenshots"))


@pytest.fixture(scope="session")
def site_dir(built_site) -> Path:
    """The site, built once per session with the site tests' (LAWKIT_SITE_DIR names a site built
    already, to try a browser test again without building: it must be built from this tree)."""
    return built_site


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


SEARCH_INDEX = "/search/search_index.json"


class _Unsearched(_Quiet):
    """The site with Material's search index emptied of its documents (its settings kept): a
    page's search worker then has no index of every law (539 documents) to build, 0.14 CPU-second
    of every page load, which no test but a search needs. ``search`` (test_site_browser) searches
    the site served whole."""

    empty: bytes = b""

    def do_GET(self) -> None:
        if urlparse(self.path).path != SEARCH_INDEX:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.empty)))
        self.end_headers()
        self.wfile.write(self.empty)


def _serve(site_dir: Path, handler: type[SimpleHTTPRequestHandler]):
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def base_url(site_dir: Path):
    """The built site, served whole on 127.0.0.1."""
    yield from _serve(site_dir, _Quiet)


@pytest.fixture(scope="session")
def unsearched_url(site_dir: Path):
    """The built site served with Material's search index emptied (``_Unsearched``)."""
    config = json.loads((site_dir / SEARCH_INDEX.lstrip("/")).read_text("utf-8"))["config"]
    handler = type("_UnsearchedSite", (_Unsearched,), {"empty": json.dumps({"config": config, "docs": []}).encode()})
    yield from _serve(site_dir, handler)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/test installs it)")
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip extra 'test')")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


DESKTOP = {"width": 1280, "height": 900}


def watched_page(browser, base_url):
    """A new page at desktop width in a context of its own (one that other tests' pages do not
    share, such as a page kept for a whole module: ``Tabs`` clears the storage of its context
    under it), noting its console errors and requests off 127.0.0.1 (``_watch``)."""
    return _watch(browser.new_context(viewport=DESKTOP).new_page(), base_url)


class Tabs:
    """The worker's browser context for its tests' pages, one new page per test. Opening one
    clears first what earlier tests may have left in the context (cookies, every kind of storage
    of the site's two addresses, permissions granted, the HTTP cache, the pages still open, and
    the renderer's memory cache), so a page starts as the first page of a new context does; and a
    page left open all along (``keep``) keeps the context's renderer warm: measured on 16 loads of
    the site's pages, 21.8 CPU-seconds in a context each (Chromium included) against 12.4."""

    def __init__(self, browser, base_url: str, searchable_url: str, **device) -> None:
        self.context = browser.new_context(viewport=DESKTOP, **device)
        self.keep = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.keep)
        self.base_url, self.searchable_url = base_url, searchable_url

    def open(self, width: int = DESKTOP["width"], height: int = DESKTOP["height"], scheme: str = "light"):
        """A new page at that size and colour scheme (as a context's viewport and color_scheme
        give them), watched (``_watch``), with nothing left of the pages before it."""
        for left in self.context.pages:
            if left is not self.keep:
                left.close()
        self.context.clear_cookies()
        self.context.clear_permissions()
        for origin in (self.base_url, self.searchable_url):
            self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        self.cdp.send("Network.clearBrowserCache")
        page = self.context.new_page()
        session = self.context.new_cdp_session(page)
        session.send("Network.setCacheDisabled", {"cacheDisabled": True})  # which empties its memory cache
        session.send("Network.setCacheDisabled", {"cacheDisabled": False})
        session.detach()
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme=scheme)
        page.searchable_url = self.searchable_url
        return _watch(page, self.base_url)


@pytest.fixture(scope="session")
def tabs(browser, unsearched_url, base_url):
    tabs = Tabs(browser, unsearched_url, base_url)
    yield tabs
    tabs.context.close()


@pytest.fixture(scope="session")
def phone_tabs(browser, unsearched_url, base_url):
    """``Tabs`` of a phone: a touch screen, and a mobile viewport (its meta viewport obeyed)."""
    tabs = Tabs(browser, unsearched_url, base_url, has_touch=True, is_mobile=True)
    yield tabs
    tabs.context.close()


def _watch(page, base_url):
    """The page, noting its console errors (``page.errors``) and its requests off 127.0.0.1
    (``page.outside``)."""
    page.errors, page.outside = [], []
    page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("request", lambda request: page.outside.append(request.url)
            if urlparse(request.url).hostname not in ("127.0.0.1", None) and not request.url.startswith("data:")
            else None)
    page.base_url = base_url
    return page


def assert_quiet(page):
    assert page.errors == [], f"console errors: {page.errors}"
    assert page.outside == [], f"requests that left 127.0.0.1: {page.outside}"


@pytest.fixture
def page(tabs):
    """A fresh page at desktop width (``Tabs.open``); fails the test on console errors or requests
    off 127.0.0.1."""
    page = tabs.open()
    yield page
    page.close()
    assert_quiet(page)


@pytest.fixture
def fresh_page(tabs, request):
    """``fresh_page(width, height, scheme)``: a fresh page of that size and colour scheme
    (``Tabs.open``: a second one closes the first; ``phone=True``: of a phone, ``phone_tabs``); at
    teardown each is closed, and fails the test on console errors or requests off 127.0.0.1 unless
    opened with ``quiet=False`` (a test that checks its errors itself)."""
    opened = []

    def open_page(width: int = DESKTOP["width"], height: int = DESKTOP["height"], scheme: str = "light",
                  quiet: bool = True, phone: bool = False):
        page = (request.getfixturevalue("phone_tabs") if phone else tabs).open(width, height, scheme)
        opened.append((page, quiet))
        return page

    yield open_page
    for page, _ in opened:
        page.close()
    for page, quiet in opened:
        if quiet:
            assert_quiet(page)


def shot(page, name: str) -> Path:
    """Save a screenshot for a person to look at (LAWKIT_SCREENSHOTS, default /tmp/lawkit-screenshots)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
