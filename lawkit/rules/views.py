"""Views: what the laws speak of, derived once from the situation record by CEL kept in the corpus.

``laws/views.yaml`` defines them, in order, each reading the record (as laid
out by ``lawkit.rules.record``), shared constants and earlier views. A view is
given only when its ``when`` holds; one that is not given is ``null`` to the
views after it, and missing to the rules, which then ask its question. Every
code's rules read the same views, so one record reaches every code the same
way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._cel import Context, compile as compile_cel, plain
from . import celnames
from ..corpus.facts import parse_type
from ..corpus.problems import Position, Problem, did_you_mean

# The laid-out record's parts (lawkit.rules.record.Record.as_cel) are the views' inputs.
INPUTS = frozenset({"record_seats", "record_dealer", "record_previous_dealer", "events", "cards_dealt", "played_at",
                    "first_deal", "last_deal", "first_call", "first_play", "dealt_count", "dealt_cards",
                    "cards_named_twice", "plays_by_trick", "deal_size", "play_count", "dealt_plain",
                    "dealt_event_indexes", "last_card_dealt", "last_motion", "last_trick_by_seat", "played_index",
                    "event_count", "trick_list", "hands_at_tricks",
                    "play_numbers", "trick_places", "table_cut_events", "cutting_out_cut_events",
                    "first_table_cuts", "call_numbers", "calls_before", "play_before", "seat_play_before",
                    "trick_first_play"})


class ViewError(Exception):
    """A view failed on a record: the message names the view and the expression."""

    def __init__(self, message: str, view: str):
        super().__init__(message)
        self.view = view


@dataclass
class View:
    name: str
    description: str
    position: Position
    value_source: str
    value: Any  # _cel.Program
    when_source: str | None = None
    when: Any = None  # _cel.Program
    question: str | None = None
    type: Any = None  # corpus.facts.FactType: a view with a type and a question can be answered
    reads: frozenset[str] = frozenset()  # earlier views it reads
    names: frozenset[str] = frozenset()  # everything it reads: inputs, constants, views
    constants: frozenset[str] = frozenset()
    alias: str | None = None  # the value is this name's value as it is: copied, not run through CEL


@dataclass
class Views:
    constants: dict[str, Any] = field(default_factory=dict)
    constant_descriptions: dict[str, str] = field(default_factory=dict)
    views: dict[str, View] = field(default_factory=dict)  # in order
    _schedules: dict[Any, list[View]] = field(default_factory=dict, repr=False)

    def derive(self, record: dict[str, Any], wanted: frozenset[str] | None = None,
               answered: dict[str, Any] | None = None) -> dict[str, Any]:
        """Every view the record gives, by name (views not given are left out).

        ``answered`` holds the answers given for views the record may lack (a hand's size when the
        deal is not recorded): a view the record does not give takes its answer, so the views that
        read it are derived from the answer as they would be from the record.

        With ``wanted``, only those views and the views they read are derived
        (a ruling needs the views its rules read, not the whole table).
        Views are derived in their order (a view reads only views before it) in one context: a
        plain dict of the record's parts, the constants and the views derived so far.
        """
        context = Context({**self.constants, **record})
        available = context.values
        given: dict[str, Any] = {}
        for view in self._schedule(wanted):
            held = True
            if view.when is not None:
                held = _run(view, view.when, view.when_source or "", context)
                if not isinstance(held, bool):
                    raise ViewError(f"view '{view.name}': 'when' gave {held!r}, not true or false", view.name)
            if not held:
                value = None
            elif view.alias is not None:
                # A view that names another part as it is (the deal is the layout's dealt_plain).
                value = plain(available.get(view.alias))
            else:
                value = plain(_run(view, view.value, view.value_source, context))
            if held:
                given[view.name] = value
            elif answered and view.name in answered:
                value = answered[view.name]
            context[view.name] = value
        return given

    def closure(self, wanted: frozenset[str]) -> frozenset[str]:
        """``wanted`` and every view they read, directly or through another."""
        found: set[str] = set()
        stack = [name for name in wanted if name in self.views]
        while stack:
            name = stack.pop()
            if name not in found:
                found.add(name)
                stack.extend(self.views[name].reads)
        return frozenset(found)

    def _schedule(self, wanted: frozenset[str] | None) -> list[View]:
        """The views deriving ``wanted`` and the views they read (all views without ``wanted``), in
        order. Kept: a few distinct ``wanted`` sets at most."""
        schedule = self._schedules.get(wanted)
        if schedule is None:
            needed = None if wanted is None else self.closure(wanted)
            schedule = [view for view in self.views.values() if needed is None or view.name in needed]
            if len(self._schedules) > 64:
                self._schedules.clear()
            self._schedules[wanted] = schedule
        return schedule

    def as_json(self) -> dict[str, Any]:
        return {
            "constants": {name: value for name, value in self.constants.items()},
            "views": [{"name": v.name, "description": v.description, "when": v.when_source, "value": v.value_source,
                       **({"question": v.question} if v.question else {})} for v in self.views.values()],
        }


def compile_views(data: Any, problems: list[Problem], card_order: Any, kinds: Any = ()) -> Views:
    """The views of views.yaml's data; each problem (syntax, an unknown name) at its file:line:col."""
    views = Views()
    for index, raw in enumerate(data.get("constants") or []):
        name = raw.get("name")
        at = data["constants"].item_pos[index]
        if "card_order" in raw:
            try:
                value = card_order(raw["card_order"].get("ranks"), raw["card_order"].get("suits"))
            except ValueError as exc:
                problems.append(Problem(at, "rules", str(exc)))
                continue
        else:
            value = raw.get("value")
        if name in views.constants:
            problems.append(Problem(at, "duplicate-id", f"constant '{name}' is defined twice"))
        views.constants[name] = value
        views.constant_descriptions[name] = raw.get("description", "")
    for index, raw in enumerate(data.get("views") or []):
        name = raw.get("name")
        at = data["views"].item_pos[index]
        if not isinstance(name, str):
            continue  # the schema names it
        inputs = INPUTS | {f"{kind}_events" for kind in kinds}
        if name in views.views or name in views.constants or name in inputs:
            problems.append(Problem(at, "duplicate-id", f"view '{name}' is defined twice (or as a constant)"))
            continue
        known = {*inputs, *views.constants, *views.views}
        compiled: dict[str, tuple[str, Any, frozenset[str]]] = {}
        for key in ("when", "value"):
            source = raw.get(key)
            if source is None:
                continue
            where = raw.value_pos.get(key, at)
            if not isinstance(source, str):
                problems.append(Problem(where, "rules", f"view '{name}': '{key}' must be a CEL expression (text)"))
                continue
            try:
                program = compile_cel(source)
                read = celnames.names(source)
            except Exception as exc:  # the CEL parser's errors
                first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                problems.append(Problem(where, "cel-syntax", f"view '{name}': '{key}' does not compile: {first}"))
                continue
            for variable, _ in read.bound:
                if variable in known:
                    problems.append(Problem(where, "rules", f"view '{name}': the macro variable '{variable}' has "
                                                            f"the name of a view or constant, which it would hide"))
            for used in sorted(read.free - known):
                later = " (views read only views defined before them)" if any(
                    v.get("name") == used for v in data.get("views") or []) else ""
                problems.append(Problem(where, "undeclared-name", f"view '{name}' reads '{used}', which is no view "
                                        f"or constant{later}{did_you_mean(used, known)}"))
            compiled[key] = (source, program, read.free)
        if "value" not in compiled:
            if "value" not in raw:
                problems.append(Problem(at, "missing-key", f"view '{name}' needs a 'value'"))
            continue
        reads = compiled["value"][2] | (compiled["when"][2] if "when" in compiled else frozenset())
        kind = None
        if raw.get("type") is not None:
            try:
                kind = parse_type(raw["type"])
            except ValueError as exc:
                problems.append(Problem(raw.value_pos.get("type", at), "schema", f"view '{name}': {exc}"))
        value_source = compiled["value"][0].strip()
        alias = value_source if value_source in known else None
        views.views[name] = View(
            name, raw.get("description", ""), at, compiled["value"][0], compiled["value"][1],
            compiled["when"][0] if "when" in compiled else None, compiled["when"][1] if "when" in compiled else None,
            raw.get("question"), kind, reads=frozenset(reads & set(views.views)),
            constants=frozenset(reads & set(views.constants)), names=frozenset(reads), alias=alias)
    return views


def _run(view: View, program: Any, source: str, context: Any) -> Any:
    try:
        return program.execute(context)
    except (KeyError, IndexError) as exc:
        what = f"no key {exc.args[0]!r}" if isinstance(exc, KeyError) else "an index out of range"
        raise ViewError(f"view '{view.name}': {what} while evaluating `{source}`", view.name) from None
    except Exception as exc:  # CEL's runtime errors
        first = str(exc).split(". ")[0] if str(exc) else type(exc).__name__
        raise ViewError(f"view '{view.name}': {first} while evaluating `{source}`", view.name) from None

