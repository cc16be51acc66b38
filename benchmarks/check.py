"""How long `lawkit check` takes on the corpus, and on a synthetic corpus 20x its size.

    .venv/bin/python benchmarks/check.py [--repeat N]

The synthetic corpus is laws/ plus nineteen copies of every code under new
code ids (same text, so the same citations and footnotes), written to a
temporary directory. Both are timed in-process (lawkit.check) and as the CLI, so growth
reads as a ratio: about 20x means checking grows linearly with the corpus.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import lawkit

REPO = Path(__file__).resolve().parent.parent
LAWS = REPO / "laws"
FACTOR = 20


def synthetic(target: Path) -> Path:
    """laws/ as it is, plus FACTOR-1 copies of every code under new ids.

    Each copy's citation ids (refs, annotations) are rewritten to the copy's
    codes, so the copies check as cleanly as the originals; the shared files
    (topics, glossary, concordance, editions) stay as they are, pointing at
    the originals, and the glossary is matched against every law.
    """
    shutil.copytree(LAWS, target)
    codes = sorted(p.name for p in LAWS.iterdir() if (p / "code.yaml").is_file())
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, codes)) + r")(?=/)")
    for copy in range(1, FACTOR):
        for code in codes:
            new_id = f"{code}-copy{copy:02d}"
            dest = target / new_id
            shutil.copytree(LAWS / code, dest)
            for path in dest.glob("*.yaml"):
                text = pattern.sub(lambda m: f"{m.group(1)}-copy{copy:02d}", path.read_text("utf-8"))
                if path.name == "code.yaml":
                    text = re.sub(r"(?m)^code: .*$", f"code: {new_id}", text)
                path.write_text(text, "utf-8")
    return target


def time_in_process(root: Path, repeat: int) -> tuple[float, int]:
    times, laws = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        corpus = lawkit.check(root)
        times.append(time.perf_counter() - start)
        assert not corpus.errors, corpus.errors[:3]
        laws = sum(len(code.laws) for code in corpus.codes.values())
    return min(times), laws


def time_cli(root: Path, repeat: int) -> float:
    exe = Path(sys.executable).parent / "lawkit"
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([str(exe), "check", "--laws", str(root)], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        big = synthetic(Path(tmp) / "laws")
        rows = []
        for name, root in (("corpus", LAWS), (f"synthetic {FACTOR}x", big)):
            inproc, laws = time_in_process(root, args.repeat)
            cli = time_cli(root, args.repeat)
            rows.append((name, laws, inproc, cli))
    base = rows[0]
    print(f"lawkit check, best of {args.repeat} runs (the least disturbed by other load)")
    print(f"{'corpus':<14} {'laws':>6} {'in-process':>12} {'CLI':>10} {'laws/s':>10} {'growth':>8}")
    for name, laws, inproc, cli in rows:
        print(f"{name:<14} {laws:>6} {inproc * 1000:>10.1f}ms {cli * 1000:>8.1f}ms "
              f"{laws / inproc:>10.0f} {inproc / base[2]:>7.1f}x")
    print(f"size ratio {rows[1][1] / base[1]:.1f}x; time ratio (in-process) {rows[1][2] / base[2]:.1f}x")


if __name__ == "__main__":
    main()
