"""Where the test suite's time goes: a per-worker timeline of one run of the tests.

    LAWKIT_TEST_TIMELINE=/tmp/run.jsonl .venv/bin/python -m pytest -n 2 ...
    .venv/bin/python benchmarks/suite.py /tmp/run.jsonl [--slowest 20] [--gaps 10]

tests/conftest.py writes one JSON line per test (its worker, start, end, the worker's CPU time
and that of the subprocesses it waited for: mkdocs, mypy, node) and, on the controller, the
machine's busy cores every second (every process: other work on the machine shows there too).
This prints the run's wall time, each worker's busy time and idle gaps, the machine's use, the
slowest tests by wall time and by CPU time, and the tests that wait most (wall far above CPU).
A test's subprocesses' CPU ("sub") is what the worker reaped during it and, in timelines that
have it (tree_cpu), the CPU the live processes under the worker (Playwright's driver, Chromium and
its renderers) spent meanwhile: a browser test's Chromium is counted as its own.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path


def sub(record: dict) -> float:
    """The test's subprocesses' CPU: those reaped during it and the live ones' (Chromium's). A
    test during which the browser ended (a worker's last, as the session closes) sees Chromium's
    whole CPU leave the live tree unreaped by the worker: a negative sum, counted as nothing."""
    return max(record["children_cpu"] + record.get("tree_cpu", 0.0), 0.0)


def load(path: Path) -> tuple[list[dict], list[dict], list[dict], list[dict]]:
    tests, builds, machine, lanes = [], [], [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        kind = "machine" if "machine" in record else "lanes" if "lanes" in record else "build" if "build" in record \
            else "test"
        {"machine": machine, "lanes": lanes, "build": builds, "test": tests}[kind].append(record)
    return tests, builds, machine, lanes


def idle_lanes(tests: list[dict], lanes: list[dict], begin: float, top: int) -> None:
    """Each worker's idle time: the half-second samples where neither it nor a process under it
    had a thread running or ready to run, told apart by what the worker was doing then."""
    if not lanes:
        return
    step = (lanes[-1]["lanes"] - lanes[0]["lanes"]) / max(len(lanes) - 1, 1)
    workers = {str(t["pid"]): t["worker"] for t in tests if "pid" in t}
    spans: dict[str, list[dict]] = defaultdict(list)
    for record in tests:
        spans[record["worker"]].append(record)
    for records in spans.values():
        records.sort(key=lambda record: record["start"])
    idle: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    seen: dict[str, float] = defaultdict(float)
    for sample in lanes:
        at = sample["lanes"]
        for pid, running in sample["running"].items():
            worker = workers.get(pid, "other (the site's build)")
            seen[worker] += step
            if running:
                continue
            records = spans.get(worker, [])
            doing = next((r["test"] for r in records if r["start"] <= at <= r["end"]), None)
            if doing is None:
                doing = ("(before its first test: starting, collecting)" if records and at < records[0]["start"]
                         else "(after its last test)" if records and at > records[-1]["end"] else "(between tests)")
            idle[worker][doing] += step
    print(f"\nidle lanes (a worker with no thread of it or under it running or ready to run, "
          f"sampled every {step:.1f} s):")
    for worker in sorted(seen):
        total = sum(idle[worker].values())
        print(f"  {worker}: idle {total:.0f} of {seen[worker]:.0f} s ({total / max(seen[worker], 1e-9):.0%})")
        for doing, seconds in sorted(idle[worker].items(), key=lambda item: -item[1])[:top]:
            print(f"    {seconds:6.1f} s  {doing}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("timeline", type=Path)
    parser.add_argument("--slowest", type=int, default=20)
    parser.add_argument("--gaps", type=int, default=10)
    args = parser.parse_args()
    tests, builds, machine, lanes = load(args.timeline)
    if not tests:
        raise SystemExit(f"{args.timeline}: no test in the timeline")
    # the run begins at the controller's first sample (a second after its start) or the first test
    begin = min([record["start"] for record in tests] + [m["machine"] - 1 for m in machine])
    end = max(record["end"] for record in tests)
    wall = end - begin
    print(f"{len(tests)} tests, {wall:.0f} s from the first sample or test to the last test's end")
    print(f"tests' CPU: workers {sum(t['cpu'] for t in tests):.0f} s, their subprocesses "
          f"{sum(sub(t) for t in tests):.0f} s")
    for build in builds:
        print(f"site build ({build['worker']}): {build['start'] - begin:.0f} s to {build['end'] - begin:.0f} s "
              f"({build['end'] - build['start']:.0f} s" + (f", CPU {build['cpu']:.0f} s)" if "cpu" in build else ")"))
    if machine:
        busy = sum(m["busy"] for m in machine)
        total = busy + sum(m["idle"] for m in machine)
        loads = [m["load"] for m in machine]
        print(f"machine: {busy:.0f} of {total:.0f} core-seconds busy ({busy / total:.0%}), "
              f"load average {min(loads):.1f}-{max(loads):.1f}, mean {sum(loads) / len(loads):.1f}")
        # the machine's use by minute: where the cores idle
        minutes: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for m in machine:
            minute = minutes[int((m["machine"] - begin) // 60)]
            minute[0] += m["busy"]
            minute[1] += 1
        print("busy cores, minute by minute: " + "  ".join(f"{number}:{busy / seconds:.1f}" for number, (busy, seconds)
                                                           in sorted(minutes.items())))

    print(f"\n{'worker':8} {'tests':>6} {'first':>6} {'last':>6} {'busy s':>7} {'CPU s':>6} {'sub s':>6} {'idle s':>7}")
    by_worker: dict[str, list[dict]] = defaultdict(list)
    for record in tests:
        by_worker[record["worker"]].append(record)
    gaps = []
    for worker, records in sorted(by_worker.items()):
        records.sort(key=lambda record: record["start"])
        busy = sum(record["end"] - record["start"] for record in records)
        cpu = sum(record["cpu"] for record in records)
        reaped = sum(sub(record) for record in records)
        first, last = records[0]["start"] - begin, records[-1]["end"] - begin
        print(f"{worker:8} {len(records):6} {first:6.0f} {last:6.0f} {busy:7.0f} {cpu:6.0f} {reaped:6.0f} "
              f"{wall - busy:7.0f}")
        gaps.append((first, worker, "(start)", records[0]["test"]))
        gaps.append((end - records[-1]["end"], worker, records[-1]["test"], "(end)"))
        for before, after in zip(records, records[1:]):
            gaps.append((after["start"] - before["end"], worker, before["test"], after["test"]))
    gaps.sort(reverse=True)
    print(f"\nthe {args.gaps} longest gaps between a worker's tests:")
    for gap, worker, before, after in gaps[:args.gaps]:
        print(f"  {gap:6.1f} s {worker}: {before} -> {after}")

    def row(record: dict) -> str:
        wall = record["end"] - record["start"]
        return (f"  {wall:6.1f} {record['cpu']:6.1f} {sub(record):6.1f} {record['worker']:5} "
                f"{record['start'] - begin:5.0f}  {record['test']}")

    header = f"  {'wall':>6} {'CPU':>6} {'sub':>6} {'wkr':5} {'at':>5}  test"
    print(f"\nthe {args.slowest} slowest tests by wall time (s; sub: its subprocesses' CPU; at: s into the run):")
    print(header)
    for record in sorted(tests, key=lambda r: r["end"] - r["start"], reverse=True)[:args.slowest]:
        print(row(record))
    print(f"\nthe {args.slowest} slowest by CPU time (the worker's and its subprocesses'):")
    print(header)
    for record in sorted(tests, key=lambda r: r["cpu"] + sub(r), reverse=True)[:args.slowest]:
        print(row(record))
    print(f"\nthe {args.slowest} that wait most (wall minus CPU):")
    print(header)
    for record in sorted(tests, key=lambda r: r["end"] - r["start"] - r["cpu"] - sub(r),
                         reverse=True)[:args.slowest]:
        print(row(record))
    idle_lanes(tests, lanes, begin, args.gaps)
    # by module: where the time is, summed
    modules: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for record in tests:
        module = modules[record["test"].split("::")[0]]
        module[0] += 1
        module[1] += record["end"] - record["start"]
        module[2] += record["cpu"] + sub(record)
    print("\nby module (tests, wall s, CPU s), the 15 longest:")
    for name, (count, mwall, mcpu) in sorted(modules.items(), key=lambda item: -item[1][1])[:15]:
        print(f"  {count:5} {mwall:7.1f} {mcpu:7.1f}  {name}")


if __name__ == "__main__":
    main()
