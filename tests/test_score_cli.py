"""`lawkit score`: a hand from the short form's options or a file, a rubber, every code side by side;
impossible inputs are errors naming the field (and, in a file, its line and column)."""

from __future__ import annotations

import json

import pytest

from conftest import REPO

LAWS = str(REPO / "laws")


def test_one_hand_from_the_options_under_one_code(run_cli):
    code, out, err = run_cli(["score", "--laws", LAWS, "--code", "auction-bridge-1912", "--declaration", "4H",
                              "--by", "north", "--tricks", "10", "--honours", "north=AH,KH,QH", "--honours",
                              "south=JH"])
    assert (code, err) == (0, "")
    assert "North and South score 32 below the line for four tricks over the book at hearts.  [Law 4]" in out
    assert "North and South score 32 above the line for four honors.  [Law 6]" in out
    assert "The rubber is not finished" in out


def test_every_code_side_by_side_as_json(run_cli):
    code, out, err = run_cli(["score", "--laws", LAWS, "--json", "--declaration", "2S", "--by", "south",
                              "--tricks", "8", "--honours-called", "north-south"])
    assert code == 0, err
    sheets = {sheet["code"]: sheet for sheet in json.loads(out)["codes"]}
    assert set(sheets) == {"auction-bridge-1912", "auction-bridge-1913", "bridge-1904", "duplicate-whist-1910",
                           "english-whist"}
    assert sheets["duplicate-whist-1910"]["hands"][0]["after"]["below"] == {"north-south": 8, "east-west": 5}
    (hand,) = sheets["auction-bridge-1913"]["hands"]
    assert hand["entries"] == [{"line": "below", "side": "north-south", "points": 4, "law": "auction-bridge-1913/3",
                                "rule": "auction-bridge-1913/3#declaration-won", "says": hand["rulings"][0]["says"]}]
    assert hand["after"]["toward_game"] == {"north-south": 4, "east-west": 0}
    assert sheets["english-whist"]["hands"][0]["after"]["below"] == {"north-south": 2, "east-west": 0}


def test_a_rubber_file_is_scored_hand_by_hand(run_cli):
    code, out, err = run_cli(["score", "--laws", LAWS, "--json", str(REPO / "tests/scores/rubber-auction-short.yaml"),
                              "--code", "auction-bridge-1912"])
    assert code == 0, err
    (sheet,) = json.loads(out)["codes"]
    assert [h["game"] for h in sheet["hands"]] == ["north-south", "east-west", "", "north-south"]
    assert sheet["rubber"] == {"won_by": "north-south", "lines_added": ["below", "above"],
                               "totals": {"north-south": 400, "east-west": 60}, "difference": 340}


@pytest.mark.parametrize("argv, message", [
    (["--declaration", "8H", "--by", "north", "--tricks", "13"], "declaration: '8H' is not a declaration"),
    (["--declaration", "4H", "--by", "north", "--tricks", "14"], "tricks: 14 tricks: a side wins 0 to 13"),
    (["--declaration", "4H", "--by", "north", "--tricks", "10", "--honours", "north=AS"],
     "honours: AS (north) is not an honour at 4H"),
    (["--declaration", "4H", "--by", "nowhere", "--tricks", "10"], "by: 'nowhere' is not a seat"),
])
def test_an_impossible_hand_is_an_error_naming_the_field(run_cli, argv, message):
    code, out, err = run_cli(["score", "--laws", LAWS, *argv])
    assert (code, out) == (1, "")
    assert message in err and "Traceback" not in err


def test_errors_in_a_file_name_the_line_and_column(run_cli, tmp_path):
    path = tmp_path / "rubber.yaml"
    path.write_text("hands:\n  - {declaration: 4H, by: north, tricks: 10}\n"
                    "  - {declaration: 2H, by: north, redoubled: true, tricks: 8}\n")
    code, _, err = run_cli(["score", "--laws", LAWS, str(path)])
    assert code == 1
    assert err.startswith(f"{path}:3:") and "hand 2: redoubled: a redouble needs a double" in err
    path.write_text("hands:\n  - {declaration: 4H, by: north, tricks: 13}\n  - {declaration: 4H, by: north, tricks: 13}\n"
                    "  - {declaration: 4H, by: north, tricks: 13}\n")
    code, _, err = run_cli(["score", "--laws", LAWS, str(path), "--code", "auction-bridge-1912"])
    assert code == 1 and "hand 3: the rubber was won with hand 2" in err


def test_the_sheet_keeps_the_state_of_the_rubber(run_cli, tmp_path):
    path = tmp_path / "hand.yaml"
    path.write_text("declaration: 4H\nby: north\ntricks: 10\nhonours_called: []\ndealer: west\n"
                    "tricks: 10\n")
    code, _, err = run_cli(["score", "--laws", LAWS, str(path)])
    assert code == 1 and "duplicate" in err.lower()
    path.write_text("hands:\n  - {declaration: 1H, by: north, tricks: 7}\n"
                    "  - {events: [], answers: {score_toward_game: {north-south: 0, east-west: 0}}}\n")
    code, _, err = run_cli(["score", "--laws", LAWS, str(path)])
    assert code == 1 and "hand 2: answers score_toward_game, which the score sheet keeps" in err


def test_a_first_hand_may_say_where_the_rubber_stood(run_cli, tmp_path):
    """A hand recorded in the middle of a rubber (as a scenario's record is) starts the sheet from the
    state it answers: twenty toward the game and a game won, so two hearts made wins the rubber."""
    path = tmp_path / "hand.yaml"
    path.write_text("dealer: south\nevents:\n  - {call: {by: south, bid: 2H}}\n  - {call: {by: west, bid: pass}}\n"
                    "  - {call: {by: north, bid: pass}}\n  - {call: {by: east, bid: pass}}\n"
                    "answers:\n  tricks_won: {north-south: 8, east-west: 5}\n"
                    "  honours_held: {north: [], east: [AH], south: [KH], west: [QH]}\n"
                    "  score_toward_game: {north-south: 20, east-west: 0}\n  games_won: {north-south: 1, east-west: 0}\n")
    code, out, err = run_cli(["score", "--laws", LAWS, str(path), "--code", "auction-bridge-1912", "--json"])
    assert code == 0, err
    (sheet,) = json.loads(out)["codes"]
    assert (sheet["hands"][0]["game"], sheet["rubber"]["won_by"]) == ("north-south", "north-south")
    path.write_text(path.read_text().replace("north-south: 20", "north-south: -3"))
    code, _, err = run_cli(["score", "--laws", LAWS, str(path)])
    assert code == 1 and "score_toward_game" in err


def test_the_laws_on_correcting_the_score_read_the_sheet(run_cli):
    """Laws 12-13 (and their parallels) on a score the scorer produced: hand 1 won a game, and hands
    in the next game followed, so its trick score stands; the last hand's, in the rubber's final game,
    stands once the score is agreed; an honour error before that is asked about, not guessed."""
    rubber = str(REPO / "tests/scores/rubber-auction-short.yaml")
    code, out, err = run_cli(["score", "--laws", LAWS, rubber, "--code", "auction-bridge-1912", "--error", "1:trick"])
    assert code == 0, err
    assert "Too late: a declaration has been made in the next game, so the error in the trick score stands." in out
    code, out, _ = run_cli(["score", "--laws", LAWS, rubber, "--code", "bridge-1904", "--error", "4:trick", "--agreed",
                            "--json"])
    (sheet,) = json.loads(out)["codes"]
    assert [r["rule"] for r in sheet["correction"]["rulings"]] == ["bridge-1904/12#final-game-error-after-score-agreed"]
    code, out, _ = run_cli(["score", "--laws", LAWS, rubber, "--code", "auction-bridge-1913", "--error", "3:honour"])
    assert "? rubber_score_agreed:" in out
    code, _, err = run_cli(["score", "--laws", LAWS, rubber, "--error", "9:trick"])
    assert code == 1 and "there is no hand 9 (the sheet has 4)" in err


def test_a_no_trump_hand_is_not_a_hand_of_whist(run_cli):
    code, out, err = run_cli(["score", "--laws", LAWS, "--json", "--declaration", "3NT", "--by", "east",
                              "--tricks", "9", "--honours", "east=AS,AH,AD"])
    assert code == 0, err
    sheets = {sheet["code"]: sheet for sheet in json.loads(out)["codes"]}
    for whist in ("english-whist", "duplicate-whist-1910"):
        (hand,) = sheets[whist]["hands"]
        assert hand["entries"] == [] and "no no-trump hand" in hand["missing_facts"][0]["question"]
    assert sheets["bridge-1904"]["hands"][0]["after"]["below"] == {"north-south": 0, "east-west": 36}
