"""The Ask page's "no law answers" threshold: how close in meaning a question must come to some law.

    .venv/bin/python benchmarks/ask_threshold.py

The signal is the best cosine between the question and any passage of any law (the law's text,
each paragraph, each question the editors list under it), as lawkit.retrieval.semantic computes
it; below the threshold the Ask page says that no law answers and suggests the site's search.
On-topic questions are benchmarks/questions.yaml (calibration) and questions-heldout.yaml (held
out); off-topic ones are benchmarks/questions-offtopic.yaml, the first half of each kind for
calibration, the second held out. The threshold is the one that answers the most calibration
questions rightly (on-topic answered, off-topic refused; ties to the lower threshold), and
the table's last lines are its rates on the held-out questions, which did not choose it.
The chosen value is lawkit.retrieval.semantic.NO_ANSWER_BELOW: this script checks it is still
the one the questions choose.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import lawkit  # noqa: E402
from lawkit.retrieval import semantic  # noqa: E402


def questions(name: str) -> list[dict]:
    return yaml.safe_load((REPO / "benchmarks" / name).read_text("utf-8"))["questions"]


def halves(found: list[dict]) -> tuple[list[str], list[str]]:
    """The first half of each kind, and the second."""
    first, second = [], []
    for kind in dict.fromkeys(q["kind"] for q in found):
        of_kind = [q["question"] for q in found if q["kind"] == kind]
        middle = (len(of_kind) + 1) // 2
        first += of_kind[:middle]
        second += of_kind[middle:]
    return first, second


def best(index: semantic.Index, question: str) -> float:
    return index.closest(question, limit=1)[0][1]


def rates(threshold: float, on: list[float], off: list[float]) -> tuple[float, float]:
    return (sum(s >= threshold for s in on) / len(on), sum(s < threshold for s in off) / len(off))


def main() -> int:
    if not semantic.available():
        print(f"search by meaning is off: {semantic.missing()}", file=sys.stderr)
        return 1
    corpus = lawkit.load(REPO / "laws")
    index = semantic.open_index(corpus, REPO / "laws")
    calibrate_off, held_off = halves(questions("questions-offtopic.yaml"))
    held_on = [q["question"] for q in questions("questions-heldout.yaml")]
    scores = {
        "calibrate_on": [best(index, q["question"]) for q in questions("questions.yaml")],
        "held_on": [best(index, q) for q in held_on],
        "calibrate_off": [best(index, q) for q in calibrate_off],
        "held_off": [best(index, q) for q in held_off],
    }
    candidates = [round(0.20 + 0.01 * step, 2) for step in range(51)]

    def right(threshold: float) -> float:
        answered, refused = rates(threshold, scores["calibrate_on"], scores["calibrate_off"])
        return answered * len(scores["calibrate_on"]) + refused * len(scores["calibrate_off"])

    chosen = max(candidates, key=lambda t: (right(t), -t))
    print(f"{'threshold':>9}  {'on-topic answered':>17}  {'off-topic refused':>17}   (calibration questions)")
    for threshold in candidates[::5] + [chosen]:
        answered, refused = rates(threshold, scores["calibrate_on"], scores["calibrate_off"])
        mark = "  <- chosen" if threshold == chosen else ""
        print(f"{threshold:>9.2f}  {answered:>16.0%}  {refused:>16.0%}{mark}")
    answered, refused = rates(chosen, scores["held_on"], scores["held_off"])
    print(f"\nheld out, at {chosen:.2f}: on-topic answered {answered:.0%} ({len(scores['held_on'])} questions), "
          f"off-topic refused {refused:.0%} ({len(scores['held_off'])} questions)")
    missed = [q for q, s in zip(held_off, scores["held_off"]) if s >= chosen]
    if missed:
        print("  off-topic answered anyway: " + "; ".join(missed))
    missed = [q for q, s in zip(held_on, scores["held_on"]) if s < chosen]
    if missed:
        print("  on-topic refused: " + "; ".join(missed))
    kept = getattr(semantic, "NO_ANSWER_BELOW", None)
    print(f"\nlawkit.retrieval.semantic.NO_ANSWER_BELOW = {kept}" + ("" if kept == chosen else
          f" (the questions choose {chosen:.2f})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
