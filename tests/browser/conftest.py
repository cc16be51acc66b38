"""Browser tests: the built site, served on 127.0.0.1, driven by Playwright in Debian's Chromium.

The site is the one built once per session for every site test (``built_site``). Each page records
its console errors and every request that leaves 127.0.0.1; a test fails if
there are any (the `page` fixture checks at teardown).
"""

from __future__ import annotations

import functools
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


@pytest.fixture(scope="session")
def base_url(site_dir: Path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/test installs it)")
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip extra 'test')")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def watched_page(browser, base_url):
    """A new page at desktop width in a context of its own, noting its console errors
    (``page.errors``) and its requests off 127.0.0.1 (``page.outside``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
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
def page(browser, base_url):
    """A fresh page at desktop width; fails the test on console errors or requests off 127.0.0.1."""
    page = watched_page(browser, base_url)
    yield page
    page.context.close()
    assert_quiet(page)


def shot(page, name: str) -> Path:
    """Save a screenshot for a person to look at (LAWKIT_SCREENSHOTS, default /tmp/lawkit-screenshots)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
