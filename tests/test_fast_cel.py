"""The corpus's CEL compiled into Python (lawkit.rules._fastcel) gives the CEL library's results.

Every scenario and twelve generated full hands are ruled under every code twice, by the Python
code and by the library alone (``LAWKIT_CEL=library``), and the whole results compared: the views,
each code's rulings with their traces, the questions, the rules considered, the errors. Then
single expressions: the semantics the generated code must get right (CEL's, as the library has
them) and hostile sources, which must never reach Python.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from lawkit.rules import _cel, _fastcel
from lawkit.rules.engine import Engine, RulingError

from conftest import benchmark, suite_scenarios

bench = benchmark("engine")


@pytest.fixture(scope="module")
def engine(corpus):
    return Engine(corpus)


@pytest.fixture
def library_only() -> Iterator[None]:
    before = _cel.mode.library
    _cel.mode.library = True
    try:
        yield
    finally:
        _cel.mode.library = before


def _whole(engine: Engine, record: Any) -> dict[str, Any]:
    """Everything the engine makes of a record: every view, and each code's result (or its error)."""
    out: dict[str, Any] = {}
    try:
        out["views"] = engine.situation(record, views="all").views
        situation = engine.situation(record)
    except RulingError as exc:
        return {"error": (str(exc), exc.kind, exc.fact)}
    for code in engine.corpus.rulebooks:
        try:
            out[code] = engine.ruling(code, situation).as_json()
        except RulingError as exc:
            out[code] = {"error": (str(exc), exc.kind, exc.law)}
    return out


def _both(engine: Engine, records: list[Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    counts = dict(_cel.counts)
    fast = [_whole(engine, record) for record in records]
    ran_fast = _cel.counts["fast"] - counts["fast"]
    _cel.mode.library = True
    try:
        library = [_whole(engine, record) for record in records]
    finally:
        _cel.mode.library = False
    assert ran_fast > 0  # the Python code did run
    return fast, library


# Every scenario's record, by its file: one test per file, so the workers share the minute of CPU
# that ruling them all twice takes, instead of one worker spending it while the other waits.
SCENARIO_RECORDS: dict[str, list[tuple[str, Any]]] = {}
for _scenario in suite_scenarios():
    SCENARIO_RECORDS.setdefault(Path(_scenario.position.path).name, []).append((_scenario.name, _scenario.record))


@pytest.mark.parametrize("scenario_file", sorted(SCENARIO_RECORDS))
def test_every_scenario_gives_the_same_under_both(engine, scenario_file):
    records = SCENARIO_RECORDS[scenario_file]
    fast, library = _both(engine, [record for _, record in records])
    for (name, _), one, other in zip(records, fast, library):
        assert one == other, name


@pytest.mark.parametrize("revoke", [False, True])
def test_full_hands_give_the_same_under_both(engine, revoke):
    records = [bench.full_hand(seed, revoke=revoke) for seed in range(6)]
    fast, library = _both(engine, records)
    for seed, (one, other) in enumerate(zip(fast, library)):
        assert one == other, f"hand {seed}"
        assert one["views"] and len(one) == len(engine.corpus.rulebooks) + 1


def test_every_expression_of_the_corpus_compiles_into_python(engine):
    programs = [e.program for book in engine.corpus.rulebooks.values() for rule in book.rules
                for e in rule.expressions()]
    programs += [p for v in engine.model.views.views.values() for p in (v.value, v.when) if p is not None]
    assert len(programs) > 1000
    assert [p.source for p in programs if p.fast is None] == []


# -- single expressions: the fast path against the library -----------------------------------------

VALUES: dict[str, Any] = {
    "n": 7, "t": True, "z": None, "l": [1, 2], "s": ["a", "b"], "m": {"a": 1, "b": [1]}, "im": {1: "x"},
    "big": 2 ** 63 - 1, "small": -(2 ** 63), "f": 1.5, "accent": "héllo", "words": {"void": 3},
}
# Each: the library's result, which the Python code must give or hand over to the library.
SEMANTICS = [
    "true == 1", "1 == true", "[1] == [true]", "null == 1", "z == null", "null == z", "'a' == null", "1 == 'a'",
    "[1, 'a'] == [1, 'a']", "{'a': 1} == {'a': 1, 'b': 2}", "{'a': [1]} == m", "[] == {}", "{} == {}", "1 == 1.0",
    "f == 1.5", "l != [1, 2]", "-7 / 2", "7 / -2", "-7 % 2", "7 % -2", "-7 % -2", "big + 1", "small - 1", "2 * big",
    "small / -1", "small % -1", "-small", "-(-9223372036854775807 - 1)", "-9223372036854775808", "1 / 0", "1 % 0",
    "big + 0", "'a' < 'a'", "1 < 1", "2 > 2", "'b' >= 'b'", "'a' < 'b'", "'b' <= 'a'", "1 < 1.5", "true < false", "1 < 'a'", "'a' + 'b'", "l + [3]", "s + l",
    "1 + 'a'", "1 in l", "true in [1]", "1 in [true]", "'a' in m", "'a' in s", "1 in im", "'1' in im", "im[1]",
    "m['x']", "m.x", "has(m.x)", "has(m.a)", "has(z.x)", "has(n.x)", "l[1]", "l[2]", "l[-1]", "l[true]", "s[0]",
    "size('héllo')", "size(accent)", "accent.size()", "size(m)", "size(1)", "string(true)", "string(n)",
    "string('x')", "string(z)", "int('+1')", "int('-12')", "int(' 1')", "int('1_0')", "int(true)",
    "int('99999999999999999999')", "int(n)", "false && 1", "1 && false", "true && 1", "1 || true", "false || 1",
    "x && false", "false && x", "x || true", "true || x", "x || false", "t ? 1 : 'a'", "1 ? 1 : 2", "!1", "!t",
    "-t", "-n", "l.exists(x, x)", "[1, true].exists(x, x == true)", "l.all(x, x == 'a')", "l.filter(x, x)",
    "l.map(x, x, x)", "l.map(x, x > 1, x * 10)", "m.map(x, 1)", "size(m.filter(x, true))", "m.all(k, k != 'c')",
    "[1, 2, 1].exists_one(x, x == 1)", "[1, 2].exists_one(x, x == 1)", "{'a': 1, 'a': 2}", "{1: 2, 'a': 3}",
    "{n: 1}", "{'k': n}.k", "f + 1", "'abc'.contains('')", "'abc'.startsWith('ab')", "'abc'.endsWith(1)",
    "'\\x41\\u00e9\\101\\n'", "r'\\n'", "'''a'b'''", "n.x", "z.a", "'ab'[0]", "0x10", "[[1]] == [[1]]",
    "words.void", "l.map(l, l + 1)", "l.exists(n, n == 2) && n == 7", "s.exists(x, x == 'b') ? s : l",
    "l.filter(x, l.all(y, x <= y))[0]", "unbound", "unbound.field", "[1, 2].map(x, unbound)",
    "[].exists(x, unbound)", "[1].all(x, x == 2 && unbound)",
]

OUTSIDE = {"1 == 1.0", "f == 1.5", "1 < 1.5", "0x10"}


def _library(source: str) -> tuple[str, Any]:
    context = _cel.cel.Context()
    context.update(VALUES)
    try:
        return ("value", _cel.cel.compile(source).execute(context))
    except Exception as exc:  # noqa: BLE001 - the library's error, by kind
        return ("error", type(exc).__name__)


def _typed(value: Any) -> Any:
    """A value with its types written out: true and 1 are equal to Python, not to CEL."""
    if isinstance(value, list):
        return ["list", [_typed(v) for v in value]]
    if isinstance(value, dict):
        return ["map", sorted((repr(k), _typed(v)) for k, v in value.items())]
    return [type(value).__name__, value]


@pytest.mark.parametrize("source", SEMANTICS)
def test_the_python_code_gives_the_library_result_or_hands_over(source):
    expected = _library(source)
    program = _cel.compile(source)
    fast = program.fast
    if fast is None:
        assert source in OUTSIDE, "outside the subset only doubles and hexadecimal (the corpus writes neither)"
        got: tuple[str, Any] = ("outside the subset", None)
    else:
        try:
            got = ("value", fast(VALUES))
        except Exception:  # noqa: BLE001 - handed to the library
            got = ("handed over", None)
    if got[0] == "value":
        assert expected[0] == "value", f"{source}: the library fails ({expected[1]}), Python gave {got[1]!r}"
        assert _typed(got[1]) == _typed(expected[1]), source
    # through the interface the result, or the error's kind, is the library's either way
    try:
        through: tuple[str, Any] = ("value", program.execute(_cel.Context(dict(VALUES))))
    except Exception as exc:  # noqa: BLE001
        through = ("error", type(exc).__name__)
    assert (through[0], _typed(through[1]) if through[0] == "value" else through[1]) == \
        (expected[0], _typed(expected[1]) if expected[0] == "value" else expected[1]), source


def test_the_common_cases_do_not_hand_over():
    """What the corpus writes all the time runs in Python (no error and no library on the success path)."""
    for source in ("l.filter(x, x > 1)", "m.a + size(s)", "s.exists(x, x == 'b') && !t || n % 2 == 1",
                   "[1, 2] + l", "{'a': n}", "'a' in s && 'a' in m", "n / 2 == 3 && -n % 2 == -1"):
        _cel.compile(source).fast(VALUES)  # type: ignore[misc]


HOSTILE = [
    '__import__("os")', "__import__('os').system('true')", "x.__class__", "a.__dict__", "l.__class__.__mro__",
    "getattr(l, 'x')", "open('/etc/passwd')", "eval('1')", "exec", "env", "_v_x", "h_size", "__builtins__",
    "m.__getitem__('a')", "l.map(__class__, __class__)", "[1].map(env, env)", "s.filter(h_list, true)",
    "m['__class__']", "size.__globals__",
]


@pytest.mark.parametrize("source", HOSTILE)
def test_hostile_sources_never_reach_python(source):
    """A name the source chooses is a string key, a field a dict lookup; nothing is Python code."""
    try:
        program = _cel.compile(source)
    except Exception:  # noqa: BLE001 - the library refuses it: no program at all
        return
    fast = program.fast
    if fast is not None:
        # the function reads only its environment: given one that holds Python objects under these
        # names, it reads them as CEL values or hands over, and never calls or attributes them
        hostile_env = {"x": object(), "a": object(), "l": [1], "m": {"a": 1}, "s": ["a"], "exec": "text",
                       "env": {"x": 1}, "_v_x": 2, "h_size": 3, "__builtins__": 4}
        try:
            result = fast(hostile_env)
        except Exception:  # noqa: BLE001 - handed over
            return
        assert type(result) in (int, str, bool, list, dict, type(None)), (source, result)
        assert result == _library_with(source, hostile_env), source


def _library_with(source: str, values: dict[str, Any]) -> Any:
    context = _cel.cel.Context()
    context.update({k: v for k, v in values.items() if isinstance(v, (int, str, list, dict))})
    return _cel.cel.compile(source).execute(context)


def test_generated_code_holds_no_name_from_the_source():
    """The corpus's names reach the code object only as constants (keys), macro variables as _v_ locals."""
    fast = _fastcel.compile_fast("cards.filter(c, rank[c] < 10).map(c, c.player)")
    code = fast.__code__
    assert set(code.co_names) <= set(_fastcel.HELPERS)
    assert "cards" in code.co_consts and "rank" not in code.co_names
    assert fast.__globals__["__builtins__"] == {}


def test_deep_and_huge_sources_are_refused_cleanly():
    deep = "(" * 10_000 + "1" + ")" * 10_000
    with pytest.raises(_fastcel.Unsupported):
        _fastcel.compile_fast(deep)
    with pytest.raises(_fastcel.Unsupported):
        _fastcel.compile_fast("!" * 10_000 + "true")
    huge = "[" + ", ".join(str(i) for i in range(20_000)) + "]"
    assert _fastcel.compile_fast(huge)({}) == list(range(20_000))
    with pytest.raises(_fastcel.Unsupported):
        _fastcel.compile_fast("99999999999999999999")
