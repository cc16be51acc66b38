"""`lawkit diff A B --rulings`: what the 1913 revision changed in behaviour, from the scenarios."""

from __future__ import annotations

import json
import textwrap


def _scenarios(tmp_path):
    """Two situations: one both editions rule alike (nothing has happened), one they do not (Law 25's helper)."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "two.yaml").write_text(textwrap.dedent("""\
        scenarios:
          - name: Nothing has happened yet
            record:
              dealer: north
            expect:
              auction-bridge-1912: {}
          - name: A player who helped form a new table goes back
            record:
              answers:
                cut_into_another_table: true
                helped_form_new_table: true
                announced_before_cut: true
            expect:
              auction-bridge-1912: {}
        """))
    return folder


def test_the_changed_situation_is_listed_with_both_sides(run_cli, laws, tmp_path):
    folder = _scenarios(tmp_path)
    code, out, err = run_cli(["diff", "auction-bridge-1912", "auction-bridge-1913", "--rulings",
                              "--scenarios", str(folder), "--laws", laws])
    assert code == 0, err
    assert "2 situations ruled under both editions; 1 rulings changed, 1 the same" in out
    assert "A player who helped form a new table goes back" in out
    assert "Nothing has happened yet" not in out
    assert "auction-bridge-1912: Law 25" in out and "auction-bridge-1913: Law 25" in out


def test_json_gives_each_side(run_cli, laws, tmp_path):
    folder = _scenarios(tmp_path)
    code, out, err = run_cli(["diff", "auction-bridge-1912", "auction-bridge-1913", "--rulings", "--json",
                              "--scenarios", str(folder), "--laws", laws])
    assert code == 0, err
    data = json.loads(out)
    assert (data["run"], data["same"], data["files"]) == (2, 1, 1)
    [change] = data["changed"]
    assert [r["outcome"] for r in change["earlier"]["rulings"]] == ["entry-right"]
    assert [r["outcome"] for r in change["later"]["rulings"]] == ["no-entry-right"]
    assert change["at"].endswith("two.yaml:7")


def test_no_scenarios_is_an_error(run_cli, laws, tmp_path):
    code, out, err = run_cli(["diff", "auction-bridge-1912", "auction-bridge-1913", "--rulings",
                              "--scenarios", str(tmp_path / "none"), "--laws", laws])
    assert code == 1
    assert "no scenarios at" in err
