"""`lawkit score` on the whole hands and rubbers of tests/scores, each code's sheet checked hand by hand.

Each file is a rubber (or one hand) as `lawkit score` reads it, with `expect:` giving, for each
code that must score it, every hand's points below and above the line by side, the game and the
rubber won with it, and the rubber's totals when it ends. The arithmetic is in the file's
descriptions, done by hand from the laws' text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawkit.corpus import load_document
from lawkit.rules.scoring import LINES, Scorer, read_hands

from conftest import REPO, scenario_engine

FILES = sorted((REPO / "tests" / "scores").glob("*.yaml"))


def _load(path: Path):
    problems: list = []
    doc = load_document(str(path), path.read_text("utf-8"), problems)
    assert problems == []
    return doc.data


def _cases():
    for path in FILES:
        data = _load(path)
        for code in data.get("expect", {}):
            yield pytest.param(path, code, id=f"{path.stem}-{code}")


def test_the_score_files_are_many_enough():
    """Issue 12: at least 15 whole hands and 3 whole rubbers scored under every code that scores rubbers.
    (Duplicate Whist scores deals, not rubbers: its whole deals are tests/scenarios/score-dwmatch.yaml.)"""
    engine = scenario_engine()
    scorer = Scorer(engine)
    codes = [c for c in scorer.codes() if any("rubber" in r.score for r in engine.corpus.rulebooks[c].rules)]
    assert len(codes) == 4
    for code in codes:
        hands = rubbers = 0
        for path in FILES:
            data = _load(path)
            if code in data.get("expect", {}):
                expected = data["expect"][code]
                hands += len(expected["hands"])
                rubbers += bool(expected.get("rubber"))
        assert (code, hands >= 15, rubbers >= 3) == (code, True, True), (code, hands, rubbers)


@pytest.mark.parametrize("path, code", list(_cases()))
def test_each_code_scores_the_hands_as_the_laws_do(path, code):
    data = _load(path)
    hands, _ = read_hands(data)
    expected = data["expect"][code]
    sheet = Scorer(scenario_engine()).rubber(code, hands, path=str(path))
    assert len(sheet.hands) == len(expected["hands"]), "one expectation for each hand"
    for hand, want in zip(sheet.hands, expected["hands"]):
        got: dict = {line: {} for line in LINES}
        for entry in hand.entries:
            got[entry.line][entry.side] = got[entry.line].get(entry.side, 0) + entry.points
        got = {line: {side: p for side, p in points.items() if p} for line, points in got.items()}
        assert hand.missing == [], f"hand {hand.number}: the rules that score lack {[m['fact'] for m in hand.missing]}"
        assert {"below": got["below"], "above": got["above"], "game": hand.game, "rubber": hand.rubber} == {
            "below": dict(want.get("below", {})), "above": dict(want.get("above", {})),
            "game": want.get("game", ""), "rubber": want.get("rubber", "")}, f"hand {hand.number} ({hand.summary})"
    rubber = expected.get("rubber")
    if rubber:
        assert (sheet.rubber, sheet.totals) == (rubber["won_by"], dict(rubber["totals"]))
    else:
        assert sheet.rubber == ""


def test_lawkit_score_scores_every_scoring_scenario_as_its_rulings_say():
    """Every scenario of tests/scenarios/score-*.yaml whose code scores, put to `lawkit score` as one
    hand (its answered state of the rubber starting the sheet): the sheet holds exactly the scoring
    rulings the scenario expects, and nothing it needs is missing."""
    from lawkit.rules import scenarios

    engine = scenario_engine()
    scorer = Scorer(engine)
    checked = 0
    for path in sorted((REPO / "tests" / "scenarios").glob("score-*.yaml")):
        for scenario in scenarios.load(path):
            for code, expected in scenario.expect.items():
                if code not in scorer.codes() or "rubber_score" in (scenario.record.get("answers") or {}):
                    continue  # a rubber's totals answered by hand are the sheet's to keep, not one hand's
                sheet = scorer.rubber(code, [scenario.record], path=str(path))
                scoring = {r.key for r in engine.corpus.rulebooks[code].rules if r.score}
                wanted = sorted(f"{code}/{r['rule']}" for r in expected.get("rulings", [])
                                if f"{code}/{r['rule']}" in scoring)
                assert sorted(s["rule"] for s in sheet.hands[0].says) == wanted, (path.name, scenario.name)
                checked += 1
    assert checked > 60
