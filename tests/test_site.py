"""The MkDocs plugin: the real corpus builds strictly; bad data fails the build with path:line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

MKDOCS = [sys.executable, "-m", "mkdocs"]
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def build(config: Path, site: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*MKDOCS, "build", "--strict", "-f", str(config), "-d", str(site)],
                          capture_output=True, text=True, env=ENV, timeout=300)


def test_real_corpus_builds_with_law_pages(repo, tmp_path):
    result = build(repo / "mkdocs.yml", tmp_path / "site")
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "site" / "laws" / "auction-bridge-1912" / "index.html").read_text("utf-8")
    assert 'id="21"' in page and 'id="37/c"' in page and 'id="etiquette/9"' in page
    assert '<a href="#14">Law 14</a>' in page  # Law 21's note links its citation
    assert "reëntry" in page
    assert "fonts.googleapis.com" not in page  # theme.font: false


def test_bad_corpus_fails_the_build_naming_the_file(repo, tmp_path):
    project = tmp_path / "project"
    shutil.copytree(repo / "docs", project / "docs")
    shutil.copy(repo / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(repo / "laws", project / "laws")
    cutting = project / "laws" / "auction-bridge-1912" / "05-cutting-out.yaml"
    cutting.write_text(cutting.read_text("utf-8").replace("See Law 14", "See Law 140"), "utf-8")
    result = subprocess.run([*MKDOCS, "build", "--strict"], cwd=project, capture_output=True, text=True,
                            env=ENV, timeout=300)
    assert result.returncode == 1
    assert "05-cutting-out.yaml:" in result.stderr and "dangling-citation" in result.stderr
    assert "Traceback" not in result.stderr
