#!/usr/bin/env python3
"""Insert machine-readable clauses (constants, rules, unformalized) into a law's YAML block.

    python tools/insert_clauses.py laws/auction-bridge-1912 18 clauses.yaml
    python tools/insert_clauses.py laws/auction-bridge-1912 etiquette/3 clauses.yaml

The snippet is YAML for the law's keys (``constants:``, ``rules:``,
``unformalized:``), written at the indentation of a law's keys (4 spaces);
it goes in just before the law's ``topics:`` line, so the clauses sit after
the text they formalize. The file keeps its comments and layout; the result
is read back and the whole corpus checked. A law that already has one of the
keys is refused: edit it by hand.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml


def law_block(lines: list[str], number: str) -> tuple[int, int]:
    """The [start, end) lines of ``  - law: number`` in a heading file."""
    starts = [i for i, line in enumerate(lines) if line.startswith("  - law: ")]
    for index, start in enumerate(starts):
        if lines[start].split(":", 1)[1].strip().strip("'\"") == number:
            end = starts[index + 1] if index + 1 < len(starts) else len(lines)
            return start, end
    raise SystemExit(f"no law {number} in this file")


def main() -> int:
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    folder, law_id, snippet_path = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    part, _, number = law_id.rpartition("/")
    snippet = snippet_path.read_text("utf-8").rstrip("\n").split("\n")
    keys = {line[4:].split(":", 1)[0] for line in snippet if line.startswith("    ") and not line.startswith("     ")}
    for path in sorted(folder.glob("[0-9]*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        if (data.get("part") or "") != part:
            continue
        if not any(str(law.get("law")) == number for law in data.get("laws", [])):
            continue
        law = next(law for law in data["laws"] if str(law.get("law")) == number)
        clash = keys & set(law)
        if clash:
            raise SystemExit(f"{path}: law {law_id} already has {', '.join(sorted(clash))}; edit it by hand")
        lines = path.read_text("utf-8").split("\n")
        start, end = law_block(lines, number)
        at = next((i for i in range(start, end) if lines[i].startswith("    topics:")), end)
        lines[at:at] = snippet
        path.write_text("\n".join(lines), "utf-8")
        yaml.safe_load(path.read_text("utf-8"))  # still YAML
        print(f"{path}: clauses added to law {law_id}")
        root = folder.parent
        return subprocess.run([sys.executable, "-m", "lawkit.cli", "check", "--laws", str(root)]).returncode
    raise SystemExit(f"no law {law_id} in {folder}")


if __name__ == "__main__":
    sys.exit(main())
