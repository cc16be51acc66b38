"""How heavy each code page is, and how soon Chromium paints it: one built site, or two side by side.

    .venv/bin/python benchmarks/page_weight.py SITE [SITE …] [--runs N] [--code auction-bridge-1912]

SITE is a built site (`mkdocs build -d SITE`); give two (main's and this tree's)
to compare before and after. For every code page it prints:

- HTML: the page's bytes as served, and gzipped (level 6, as a web server sends it);
- with assets: the HTML plus every file the page loads before it is up (its
  style sheets, scripts, images and the JSON it fetches on load, as Chromium
  requested them), in bytes as served: what a first visit downloads;
- FCP: the first contentful paint, from the performance API
  (`performance.getEntriesByName('first-contentful-paint')`), the median of
  N loads (default 5) in a fresh browser context each (no cache), served from
  127.0.0.1 by a thread of this process; and the page's height at 390 px.

Chromium is Debian's (/usr/bin/chromium), driven by Playwright, headless, on a
shared machine: the paints are the medians of the runs, and the load on the
machine moves them; the bytes do not move.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def code_pages(site: Path) -> list[str]:
    """The code pages of a built site, as the static API lists them."""
    import json

    listing = json.loads((site / "api" / "index.json").read_text("utf-8"))
    return [code["url"] for code in listing["codes"]]


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def measure(browser, base: str, site: Path, url: str, runs: int) -> dict:
    html = (site / url / "index.html").read_bytes()
    paints, loaded = [], 0
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        sizes: dict[str, int] = {}

        def keep(response, sizes=sizes) -> None:
            if urlparse(response.url).hostname == "127.0.0.1":
                path = site / urlparse(response.url).path.lstrip("/")
                if path.is_dir():
                    path = path / "index.html"
                sizes[response.url] = path.stat().st_size if path.is_file() else 0

        page.on("response", keep)
        page.goto(base + url, wait_until="load")
        page.wait_for_load_state("networkidle")
        paints.append(page.evaluate(
            "() => (performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime"))
        loaded = sum(sizes.values())
        context.close()
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.goto(base + url, wait_until="load")
    height = page.evaluate("document.documentElement.scrollHeight")
    phone.close()
    return {"html": len(html), "gzip": len(gzip.compress(html, 6)), "assets": loaded,
            "fcp": statistics.median(paints), "height": height}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sites", nargs="+", type=Path, help="built sites: before, after")
    parser.add_argument("--runs", type=int, default=5, help="page loads per page for the paint (median)")
    parser.add_argument("--code", help="only the code pages whose address contains this (auction-bridge-1912)")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for site in options.sites:
            server, base = serve(site)
            for url in (u for u in code_pages(site) if not options.code or options.code in u):
                rows.append((site.name, url, measure(browser, base, site, url, options.runs)))
            server.shutdown()
        browser.close()
    print(f"{'site':<14} {'code page':<38} {'HTML KB':>8} {'gzip KB':>8} {'+assets KB':>10} "
          f"{'FCP ms':>7} {'390px tall':>10}")
    for name, url, row in rows:
        print(f"{name:<14} {url:<38} {row['html'] / 1000:>8.0f} {row['gzip'] / 1000:>8.0f} "
              f"{row['assets'] / 1000:>10.0f} {row['fcp']:>7.0f} {row['height']:>10,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
