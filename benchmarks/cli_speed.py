"""Wall time of `lawkit show`, `lawkit search` and `lawkit check`, cold and warm, beside a bare interpreter.

    .venv/bin/python benchmarks/cli_speed.py [--runs N]

Cold: the cache (.lawkit-cache beside laws/) is removed before each run, so
the corpus is parsed, checked and its rules compiled. Warm: the cache holds
the checked corpus and the search index (as after any earlier command with
unchanged files). The ratio that matters is a command's warm time against
the interpreter's own start-up, which no command can beat. Target: warm show
and search under 150 ms wall.

A cold search also embeds every law's passages for search by meaning (once
per machine and corpus; they are kept by their text, so an edit re-embeds
only what it changed): the last row is a search with everything else cold
but those embeddings kept, as after editing a law.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LAWKIT = str(Path(sys.executable).parent / "lawkit")
CACHE = REPO / ".lawkit-cache"


def _empty_cache(keep_embeddings: bool) -> None:
    if not keep_embeddings:
        shutil.rmtree(CACHE, ignore_errors=True)
        return
    for path in CACHE.glob("*"):
        if path.name != "embeddings.npz":
            shutil.rmtree(path) if path.is_dir() else path.unlink()


def wall(command: list[str], runs: int, cold: bool, keep_embeddings: bool = False) -> float:
    times = []
    for _ in range(runs):
        if cold:
            _empty_cache(keep_embeddings)
        start = time.perf_counter()
        subprocess.run(command, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    bare = wall([sys.executable, "-c", "pass"], args.runs, cold=False)
    commands = {
        "show auction-bridge-1912/21": [LAWKIT, "show", "auction-bridge-1912/21"],
        "search 'who deals after a misdeal?'": [LAWKIT, "search", "who deals after a misdeal?"],
        "check": [LAWKIT, "check"],
    }
    print(f"median wall time of {args.runs} runs; bare interpreter start-up (python -c pass): {bare * 1000:.0f} ms")
    print(f"{'command':<38} {'cold':>8} {'warm':>8} {'warm / start-up':>16}")
    for name, command in commands.items():
        cold = wall(command, max(3, args.runs // 3), cold=True)
        subprocess.run(command, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fill the cache
        warm = wall(command, args.runs, cold=False)
        print(f"{name:<38} {cold * 1000:>6.0f}ms {warm * 1000:>6.0f}ms {warm / bare:>15.1f}x")
    # A first search embeds every passage (once); after an edit only the changed ones.
    command = commands["search 'who deals after a misdeal?'"]
    edited = wall(command, max(3, args.runs // 3), cold=True, keep_embeddings=True)
    print(f"{'search, cold but for the embeddings':<38} {edited * 1000:>6.0f}ms")


if __name__ == "__main__":
    main()
