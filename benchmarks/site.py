"""How much the lawkit plugin adds to `mkdocs build`, and how the build grows with the corpus.

    .venv/bin/python benchmarks/site.py [--runs N]

1. The site as it is: `mkdocs build` with the lawkit plugin.
2. The same pages without the plugin: the plugin's generated files (pages,
   assets) are written out as ordinary files into a copy of docs/, and a plain
   mkdocs.yml (same theme, Markdown extensions, extra CSS and JavaScript,
   `plugins: [search]`) builds them. The ratio 1/2 is the plugin's overhead:
   loading and checking the corpus, generating pages, running the scenarios
   for the worked examples, the static JSON API (target: at most 1.25). It is
   reported with lawkit's cache warm (the checked corpus and the worked
   examples kept from an earlier build or command with the same files, as in
   `mkdocs serve` and every rebuild) and cold (the cache emptied first).
3. The plugin build of a synthetic corpus 20x the size (laws/ plus nineteen
   copies of every code, as benchmarks/check.py makes it): growth as a ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO))

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def timed_build(config: Path, out: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)],
                                cwd=config.parent, env=ENV, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"build of {config} failed:\n{result.stderr}")
    return statistics.median(times)


def plain_project(target: Path) -> Path:
    """docs/ plus every file the plugin generates, and a mkdocs.yml without the plugin."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    os.chdir(REPO)
    config = load_config(str(REPO / "mkdocs.yml"))
    config = config.plugins.on_config(config)
    files = config.plugins.on_files(get_files(config), config=config)
    docs = target / "docs"
    shutil.copytree(REPO / "docs", docs)
    for file in files:
        if file.generated_by:
            path = docs / file.src_uri
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(file.content_bytes)
    raw = yaml.safe_load((REPO / "mkdocs.yml").read_text("utf-8"))
    raw["plugins"] = ["search"]
    raw["docs_dir"] = str(docs)
    raw["extra_javascript"] = [str(x) for x in config.extra_javascript]
    raw["extra_css"] = list(config.extra_css)
    raw["markdown_extensions"] = list(config.markdown_extensions)
    raw["mdx_configs"] = None
    raw.pop("mdx_configs")
    plain = target / "mkdocs.yml"
    plain.write_text(yaml.safe_dump(raw, sort_keys=False), "utf-8")
    return plain


def big_project(target: Path) -> Path:
    from check import synthetic  # benchmarks/check.py

    synthetic(target / "laws")
    raw = yaml.safe_load((REPO / "mkdocs.yml").read_text("utf-8"))
    raw["docs_dir"] = str(REPO / "docs")
    raw["plugins"] = [p if p != "lawkit" and not (isinstance(p, dict) and "lawkit" in p) else
                      {"lawkit": {**(p.get("lawkit") or {} if isinstance(p, dict) else {}),
                                  "laws_dir": str(target / "laws"),
                                  "scenarios_dir": str(REPO / "tests" / "scenarios")}}
                      for p in raw.get("plugins", [])]
    config = target / "mkdocs.yml"
    config.write_text(yaml.safe_dump(raw, sort_keys=False), "utf-8")
    return config


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        plain = plain_project(tmp_path / "plain")
        big = big_project(tmp_path / "big")
        shutil.rmtree(REPO / ".lawkit-cache", ignore_errors=True)
        cold = timed_build(REPO / "mkdocs.yml", tmp_path / "site-cold", 1)  # corpus and examples not cached
        with_plugin = timed_build(REPO / "mkdocs.yml", tmp_path / "site-plugin", args.runs)
        without = timed_build(plain, tmp_path / "site-plain", args.runs)
        grown = timed_build(big, tmp_path / "site-big", max(1, args.runs // 2))
    print(f"mkdocs build, median of {args.runs} runs")
    print(f"{'build':<52} {'seconds':>8}")
    print(f"{'the site with the lawkit plugin, cold cache (one run)':<52} {cold:>8.2f}")
    print(f"{'the site with the lawkit plugin, warm cache':<52} {with_plugin:>8.2f}")
    print(f"{'the same pages as plain Markdown, no plugin':<52} {without:>8.2f}")
    print(f"{'the plugin on a synthetic corpus 20x the size':<52} {grown:>8.2f}")
    print(f"plugin overhead: {with_plugin / without:.2f}x a plain build with lawkit's cache warm, "
          f"{cold / without:.2f}x cold (target <= 1.25); "
          f"20x the corpus: {grown / with_plugin:.1f}x the time")


if __name__ == "__main__":
    main()
