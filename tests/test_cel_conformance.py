"""The shared file of CEL expressions (tests/cel/expressions.yaml) holds in Python.

The browser evaluator will run the same file; both must agree, so the rules
give the same rulings on the page as in the CLI.
"""

from __future__ import annotations

from pathlib import Path

import cel
import pytest
import yaml

FILE = Path(__file__).parent / "cel" / "expressions.yaml"
DATA = yaml.safe_load(FILE.read_text("utf-8"))
ERRORS = {"key": KeyError, "index": IndexError, "type": TypeError}


@pytest.fixture(scope="module")
def context():
    ctx = cel.Context()
    ctx.update(DATA["context"])
    return ctx


@pytest.mark.parametrize("case", DATA["expressions"], ids=[c["name"] for c in DATA["expressions"]])
def test_expression(case, context):
    program = cel.compile(case["expr"])
    if "error" in case:
        with pytest.raises(ERRORS[case["error"]]):
            program.execute(context)
    else:
        assert program.execute(context) == case["expect"]


def test_the_file_covers_every_macro_and_error_kind():
    exprs = " ".join(c["expr"] for c in DATA["expressions"])
    for feature in (".all(", ".exists(", ".exists_one(", ".filter(", ".map(", "has(", "size(", " in ", "?", "%"):
        assert feature in exprs, feature
    assert {c["error"] for c in DATA["expressions"] if "error" in c} == set(ERRORS)
