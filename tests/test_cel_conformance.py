"""The shared file of CEL expressions (tests/cel/expressions.yaml) holds in Python.

The browser evaluator runs the same file; both must agree, so the rules give
the same rulings on the page as in the CLI. In Python it holds twice: in the
CEL library, and compiled into Python as the engine runs it (lawkit.rules._cel),
where every success comes from the Python code itself and every error, handed
to the library, is of the kind the file names.
"""

from __future__ import annotations

from pathlib import Path

import cel
import pytest
import yaml

from lawkit.rules import _cel

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


@pytest.mark.parametrize("case", DATA["expressions"], ids=[c["name"] for c in DATA["expressions"]])
def test_expression_compiled_into_python(case):
    program = _cel.compile(case["expr"])
    assert program.fast is not None, "the subset compiled into Python covers the whole file"
    if "error" in case:
        with pytest.raises(Exception):  # noqa: B017 - the Python code does not decide: it hands over
            program.fast(DATA["context"])
        with pytest.raises(ERRORS[case["error"]]):
            program.execute(_cel.Context(dict(DATA["context"])))
    else:
        result = program.fast(DATA["context"])
        assert result == case["expect"] and type(result) is type(case["expect"])


def test_the_file_covers_every_macro_and_error_kind():
    exprs = " ".join(c["expr"] for c in DATA["expressions"])
    for feature in (".all(", ".exists(", ".exists_one(", ".filter(", ".map(", "has(", "size(", " in ", "?", "%"):
        assert feature in exprs, feature
    assert {c["error"] for c in DATA["expressions"] if "error" in c} == set(ERRORS)
