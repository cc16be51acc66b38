"""Rulings: put a situation (facts) to a code's rules and get every ruling that applies.

Each ruling cites its law (and the laws whose constants and values it used)
and carries a trace: the condition that held, the values it used and where
they came from, the rules it overrode. A fact a relevant rule needs but the
situation lacks is asked for (``missing_facts``), never guessed.

A situation is a record of the table (``lawkit.rules.record``) with the answers
to questions the record cannot show; the views (``lawkit.rules.views``) derive
what the laws speak of from it once, and every code's rules read the same
views. Each ruling evaluates in a CEL context of its own, holding the code's
constants and that situation's facts only, so no value of an earlier
situation can be read and one engine serves several threads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from functools import cached_property
from typing import Any, Iterable

from ._cel import Context, plain

from ..corpus.facts import FactError, check_value
from ..corpus.model import Corpus
from ..corpus.problems import Position, did_you_mean
from .record import Record, RecordError, read_record
from .rulebook import Expression, Rule, Rulebook, ensure_compiled
from . import words
from .views import ViewError


class RulingError(Exception):
    """The situation or a rule went wrong: a one-line message naming the fact and the law."""

    def __init__(self, message: str, law: str | None = None, fact: str | None = None, kind: str = "facts",
                 position: Position | None = None):
        super().__init__(message)
        self.law = law
        self.fact = fact
        self.kind = kind  # facts (the situation is wrong), conflict (rules disagree), rule (a rule failed)
        self.position = position


@dataclass
class Ruling:
    law: str
    rule: str
    outcome: str
    values: dict[str, Any]
    cites: list[str]
    trace: list[dict[str, Any]] = field(default_factory=list)
    says: str | None = None  # the ruling in players' words
    # What it puts on the score sheet (the rule's `score`): 'below' and 'above' map each side to its
    # points, 'game' and 'rubber' give the side that won them with this hand.
    score: dict[str, Any] | None = None

    def as_json(self) -> dict[str, Any]:
        return {"law": self.law, "rule": self.rule, "outcome": self.outcome, "says": self.says,
                "values": self.values, "cites": self.cites, "trace": self.trace,
                **({"score": self.score} if self.score is not None else {})}


@dataclass
class Result:
    code: str
    rulings: list[Ruling] = field(default_factory=list)
    missing_facts: list[dict[str, Any]] = field(default_factory=list)
    # The rules that did not rule, and why: (rule, status, details), made into dicts when read (a full
    # hand considers some four hundred rules, and most rulings are never asked why).
    _considered: list[tuple[Rule, str, dict[str, Any]]] = field(default_factory=list, repr=False)

    @property
    def considered(self) -> list[dict[str, Any]]:
        """Each rule that did not rule: its key, law, status and what decided it."""
        return [{"rule": rule.key, "law": rule.law, "status": status,
                 **{key: value for key, value in details.items() if value}}
                for rule, status, details in self._considered]

    def as_json(self) -> dict[str, Any]:
        return {"code": self.code, "rulings": [r.as_json() for r in self.rulings],
                "missing_facts": self.missing_facts, "considered": self.considered}


@dataclass
class Situation:
    """A record of the table, the views it gives, and the answers to what it cannot show."""

    record: Record
    views: dict[str, Any]  # name -> value, the views the record gives
    answers: dict[str, Any]  # name -> value, checked

    @cached_property
    def facts(self) -> dict[str, Any]:
        """Everything the rules can read of this situation, by name (made once: every code's ruling reads it)."""
        return {**self.views, **self.answers}


class Engine:
    """Rulings for every code of a loaded corpus (one read from the cache too: its rules compile on demand)."""

    def __init__(self, corpus: Corpus):
        ensure_compiled(corpus)
        self.corpus = corpus
        self.model = corpus.situation_model
        self._orders: dict[str, dict[str, int]] = {}
        self._evaluated: dict[str, dict[str, int]] = {}  # code -> each rule's place in the evaluation order
        self._plans: dict[tuple[str, frozenset[str]], _Plan] = {}
        # What a rule's event reads too: a ruling's trace points at the event whatever views were derived.
        self._read_by_rules = frozenset(name for book in corpus.rulebooks.values() for rule in book.rules
                                        for name in rule.facts | rule.event_facts if name in self.model.views.views)
        self._always_given = frozenset(v.name for v in self.model.views.views.values() if v.when is None)
        # For each rule, what brings it into play when the situation gives it (the facts and views its
        # condition reads, less the views every record gives), and what its values or event read (the
        # constants, then the facts): asked of every candidate by each new plan.
        self._reads = {rule.key: (_condition_facts(rule) - self._always_given, rule.constants | rule.shared,
                                  rule.facts | rule.event_facts)
                       for book in corpus.rulebooks.values() for rule in book.rules}
        self._view_types = {v.name: v.type for v in self.model.views.views.values() if v.type is not None}

    @property
    def views_read(self) -> frozenset[str]:
        """The views some rule of some code reads (in its condition, its values or its event): what a
        situation made with ``views="rules"`` derives (besides the views the record answers)."""
        return self._read_by_rules

    # -- situations ------------------------------------------------------------

    def situation(self, data: Any, path: str = "<situation>", *, views: str = "all") -> Situation:
        """The situation a record describes: read, checked for consistency, its views derived.

        ``views="all"`` derives every view (to show the table); ``"rules"`` only those some rule
        of some code reads (what a ruling needs), which is what ``ruling`` and ``compare`` do
        when given a record's data.

        Raises RulingError (with ``position`` when the data was read with positions) naming the
        event, the part or the answer that is wrong.
        """
        if isinstance(data, Situation):
            return data  # its views are derived already
        try:
            record = read_record(data, self.model.vocabulary, path, self._check_answer)
        except RecordError as exc:
            raise RulingError(exc.message, fact=exc.fact, position=exc.position) from None
        try:
            # An answered view is derived too, so an answer the record contradicts is caught.
            wanted = None if views == "all" else self._read_by_rules | frozenset(record.answers)
            given = self.model.views.derive(record.as_cel(self.model.vocabulary), wanted,
                                            {n: v for n, v in record.answers.items() if n in self._view_types})
        except ViewError as exc:
            raise RulingError(f"{exc} (on this record; the view is in views.yaml)", kind="rule") from None
        for name in record.answers:
            if name in given:
                position = getattr(data.get("answers"), "value_pos", {}).get(name) if isinstance(data, dict) else None
                raise RulingError(
                    f"'{name}' is answered, but the record gives it already ({_show(given[name])}); "
                    "leave the answer out, or change the record", fact=name, position=position)
        return Situation(record, given, record.answers)

    def _check_answer(self, name: Any, value: Any, position: Position, key_position: Position) -> Any:
        fact = self.corpus.facts.get(name)
        kind = fact.type if fact is not None else self._view_types.get(name)
        if kind is None:
            view = self.model.views.views.get(name)
            if view is not None:
                raise RecordError(f"'{name}' ({view.description}) is derived from the record and cannot be "
                                  "answered; add what happened to the events instead", key_position, fact=str(name))
            known = [*self.corpus.facts, *self._view_types]
            raise RecordError(f"unknown question '{name}'{did_you_mean(str(name), known)}", key_position,
                              fact=str(name))
        try:
            return check_value(kind, value, name, self.model.vocabulary.limits)
        except FactError as exc:
            raise RecordError(str(exc), position, fact=exc.path) from None

    # -- rulings -------------------------------------------------------------

    def ruling(self, code: str, situation: Any, *, checked: bool = False) -> Result:
        """Every ruling ``code`` gives on ``situation`` (a Situation, or a record's data)."""
        book = self._book(code)
        situation = self.situation(situation, views="rules")
        facts = situation.facts
        plan = self._plan(book, facts)
        context = self._context(book, facts, plan.constants, plan.shared, plan.facts)  # this ruling's own
        result = Result(code)
        considered = result._considered
        bound: set[str] = set()  # names bound after the start, for the values of rules that apply
        produced: dict[str, tuple[Any, Rule]] = {}
        applied: dict[str, Ruling] = {}
        missing: dict[str, list[str]] = {}
        for rule, absent, triggered, late in plan.rules:
            if absent or not rule.inputs.issubset(produced):
                # Only a rule in play (some of its facts or values known) is reported or asks for facts.
                # A view the record always gives (one without `when`, such as the looks at one's cards)
                # is context, like a constant: it alone does not bring a rule into play.
                if triggered or rule.inputs.intersection(produced):
                    if not rule.inputs.difference(produced) and self._cannot_hold(rule, context):
                        # Whatever the answers, the condition is false: nothing to ask.
                        considered.append((rule, "cannot-hold", {"unknown_facts": absent}))
                        continue
                    for fact in absent:
                        missing.setdefault(fact, []).append(rule.key)
                    considered.append((rule, "incomplete", {
                        "missing_facts": absent, "missing_values": sorted(rule.inputs.difference(produced))}))
                continue
            if rule.when is not None and not self._condition(rule, rule.when, context):
                considered.append((rule, "did-not-hold", {}))
                continue
            winners = [applied[w] for w in book.beaten_by.get(rule.key, []) if w in applied]
            if winners:
                for winner in winners:
                    winner.trace.append({"step": "overrides", "rule": rule.key, "law": rule.law})
                considered.append((rule, "overridden", {"by": [w.rule for w in winners]}))
                continue
            if late - bound:  # what only its values read, bound now that it applies
                context.update({name: self._bound_value(book, facts, name) for name in late - bound})
                bound |= late
            ruling = self._apply(book, rule, context, produced, situation.record, facts)
            applied[rule.key] = ruling
            result.rulings.append(ruling)
        self._check_conflicts(book, result.rulings)
        order = self._law_order(code)
        result.rulings.sort(key=lambda r: order.get(r.law, 0))  # printed order reads best
        result.missing_facts = [self._question(name, rules, facts) for name, rules in sorted(missing.items())]
        return result

    def _plan(self, book: Rulebook, facts: dict[str, Any]) -> "_Plan":
        """What a ruling of ``book`` visits for a situation giving these names: the same for every
        situation that gives the same names, so kept (a few hundred plans at most)."""
        given_names = frozenset(facts)
        key = (book.code, given_names)
        plan = self._plans.get(key)
        if plan is None:
            candidates = book.candidates(given_names)
            # A rule is in play when the situation gives something its condition reads (what only its
            # values or its event read, such as who leads, does not bring it into play).
            rules = [(rule, sorted(absent) if (absent := rule.facts - given_names) else [],
                      not self._reads[rule.key][0].isdisjoint(given_names)) for rule in candidates]
            # Bind what the rules that can be evaluated read: those with every fact given, and those in
            # play that lack some (their condition is tried to see whether it can still hold). A rule
            # lacking facts and not in play by them is in play only through a value another rule
            # computes; it reads its facts too, so it counts when it has any value to wait for.
            evaluated = [rule for rule, absent, triggered in rules if not absent or triggered or rule.inputs]
            # A condition's names are bound at the start; what only a rule's values read (a card order,
            # say) is bound when the rule applies (most rules evaluated do not).
            read = [rule.when.names if rule.when is not None else _names(rule) for rule in evaluated]
            constants = frozenset(n for rule, names in zip(evaluated, read) for n in rule.constants & names)
            shared = frozenset(n for rule, names in zip(evaluated, read) for n in rule.shared & names)
            given = frozenset(n for rule, names in zip(evaluated, read) for n in rule.facts & names if n in given_names)
            start = constants | shared | given
            plan = _Plan(
                rules=[(rule, absent, triggered, self._late(rule, given_names, start))
                       for rule, absent, triggered in rules],
                constants=constants, shared=shared, facts=given)
            if len(self._plans) > 512:
                self._plans.clear()
            self._plans[key] = plan  # a whole plan at once: safe from several threads
        return plan

    def _late(self, rule: Rule, given: frozenset[str], start: frozenset[str]) -> frozenset[str]:
        """What ``rule``'s values (or its event) read that the start of a ruling does not bind."""
        if not (rule.values or rule.event):
            return _NOTHING
        _, constants, facts = self._reads[rule.key]
        return (constants | (facts & given)) - start

    def _bound_value(self, book: Rulebook, facts: dict[str, Any], name: str) -> Any:
        """The value of a name a rule reads: a fact of the situation, a constant of its code or of the views."""
        if name in facts:
            return facts[name]
        if name in book.constants:
            return book.constants[name].value
        return self.model.views.constants[name]

    def _cannot_hold(self, rule: Rule, ruling_context: Any) -> bool:
        """Whether ``rule``'s condition is false whatever the facts it lacks turn out to be.

        The condition is evaluated in the ruling's context, where those facts are unbound: CEL's
        ``&&`` and ``||`` absorb an unbound name when the other side decides (``x && false`` is
        false), so a condition that comes out false is false for every answer; one that needs an
        unbound name to decide fails, and might hold.
        """
        if rule.when is None:
            return False
        try:
            return rule.when.program.execute(ruling_context) is False
        except Exception:  # it needed a fact the situation lacks: that fact may decide it
            return False

    def _question(self, name: str, rules: list[str], given: dict[str, Any]) -> dict[str, Any]:
        """What to ask for a name the situation lacks: a fact's question, or the part of the record a view needs."""
        fact = self.corpus.facts.get(name)
        if fact is not None:
            return {"fact": name, "question": fact.question, "type": fact.type.as_json(), "needed_by": rules}
        view = self.model.views.views[name]
        kind = self._view_types.get(name)
        question = self._view_question(name, given, set()) or f"The record does not show this: {view.description}"
        return {"fact": name, "question": question, "type": kind.as_json() if kind else None, "from_record": True,
                "needed_by": rules}

    def _view_question(self, name: str, given: dict[str, Any], seen: set[str]) -> str | None:
        """A view's question, or, for a view that has none (the revokes of the declarer), the question of
        the first view it reads that the record lacks (the deal): what to add so that it is given."""
        view = self.model.views.views[name]
        if view.question:
            return view.question
        seen.add(name)
        for read in sorted(view.reads):
            if read not in given and read not in seen:
                found = self._view_question(read, given, seen)
                if found:
                    return found
        return None

    def compare(self, situation: Any, codes: Iterable[str] | None = None, *,
                checked: bool = False) -> list[Result]:
        """The same situation put to every code (or the ones named); its views are derived once."""
        situation = self.situation(situation, views="rules")
        return [self.ruling(code, situation) for code in (codes or self.corpus.rulebooks)]

    def keeps_ruling(self, changed: list[tuple[Rule, Rule]], situation: Situation, before: Result) -> bool:
        """Whether ``before``, the ruling of ``situation`` under the code's rules before ``changed``
        (``when_changes``: conditions changed alone), is its ruling now. CEL is pure, and a ruling is
        the same up to a changed rule's condition (it is the same rules, in the same order, on the same
        situation): the condition reads the constants and facts it names, bound as here, and the values
        the rules before it that applied gave (``before`` has them). So when both conditions are false,
        the rule did not hold either time (its text, which a ruling's trace shows, is in neither); when
        the situation lacks a fact it reads, a ruling asks only whether the condition cannot hold, the
        same question of both; and a rule still waiting for a value is not asked at all."""
        facts = situation.facts
        for old, new in changed:
            assert old.when is not None and new.when is not None  # when_changes gives no others
            book = self._book(new.code)
            order = self._evaluation_order(new.code)
            at = order[new.key]
            produced: dict[str, Any] = {}
            for ruling in sorted((r for r in before.rulings if order.get(r.rule, at) < at), key=lambda r: order[r.rule]):
                produced.update({name: value for name, value in ruling.values.items() if name in book.used_values})
            if not new.inputs <= produced.keys():
                continue  # not evaluated: it waits for a value no rule before it gave
            names = new.when.names
            context = self._context(book, facts, names & new.constants, names & new.shared,
                                    {name for name in names & new.facts if name in facts})
            context.update({name: produced[name] for name in names & new.inputs})
            false_before, false_after = _false(old.when, context), _false(new.when, context)
            if new.facts - facts.keys():
                if false_before != false_after:
                    return False
            elif not (false_before and false_after):
                return False
        return True

    def _context(self, book: Rulebook, facts: dict[str, Any], constants: Iterable[str], shared: Iterable[str],
                 given: Iterable[str]) -> Context:
        """A context of its own binding the code's constants, the views' constants and the situation's
        facts named (a fact over a constant of the same name)."""
        context = Context()
        context.update({**{name: book.constants[name].value for name in constants},
                        **{name: self.model.views.constants[name] for name in shared},
                        **{name: facts[name] for name in given}})
        return context

    def _evaluation_order(self, code: str) -> dict[str, int]:
        order = self._evaluated.get(code)
        if order is None:
            order = self._evaluated[code] = {rule.key: i for i, rule in enumerate(self._book(code).rules)}
        return order

    # -- internals -------------------------------------------------------------

    def _law_order(self, code: str) -> dict[str, int]:
        order = self._orders.get(code)
        if order is None:
            order = self._orders[code] = {law.id: i for i, law in enumerate(self.corpus.codes[code].laws)}
        return order

    def _book(self, code: str) -> Rulebook:
        book = self.corpus.rulebooks.get(code)
        if book is None:
            raise RulingError(f"no code '{code}'{did_you_mean(code, self.corpus.codes)}")
        return book

    def _condition(self, rule: Rule, when: Expression, context: Context) -> bool:
        held = _evaluate(rule, when, context)
        if not isinstance(held, bool):
            raise RulingError(f"{rule.key}: 'when' gave {held!r}, not true or false", law=rule.law, kind="rule")
        return held

    def _apply(self, book: Rulebook, rule: Rule, context: Context,
               produced: dict[str, tuple[Any, Rule]], record: Record, facts: dict[str, Any]) -> Ruling:
        values = {}
        for name, value in rule.values.items():
            values[name] = plain(_evaluate(rule, value, context)) if isinstance(value, Expression) else value
        cites = [rule.law]
        trace: list[dict[str, Any]] = []
        if rule.when is not None:
            trace.append({"step": "condition", "expr": rule.when.source, "held": True})
        for name in sorted(rule.constants):
            constant = book.constants[name]
            trace.append({"step": "constant", "name": name, "law": constant.law})
            cites.append(constant.law)
        for name in sorted(rule.inputs):
            value, producer = produced[name]
            trace.append({"step": "value", "name": name, "from": producer.key})
            cites.extend(self._cites_of(producer, produced))
        for name, value in values.items():
            if name not in book.used_values:
                continue  # an output of this ruling only: another rule may name its own output alike
            if name in produced and produced[name][0] != value:
                other = produced[name][1]
                raise RulingError(
                    f"{rule.key} and {other.key} both apply and give '{name}' different values "
                    f"({value!r} and {produced[name][0]!r}); say which takes precedence "
                    "with 'overrides' or 'unless'", law=rule.law, kind="conflict")
            produced[name] = (value, rule)
        if rule.event is not None and rule.event_facts <= facts.keys():  # else the record cannot point
            trace.extend(self._events(rule, plain(_evaluate(rule, rule.event, context)), record))
        used = {name: value for name, value in values.items() if name in book.used_values}
        if used:
            context.update(used)
        says = words.say(rule.says, values) if rule.says else None
        return Ruling(rule.law, rule.key, rule.outcome, values, list(dict.fromkeys(cites)), trace, says,
                      _score(rule, values, self.model.views.constants.get("side_of", {})) if rule.score else None)

    def _events(self, rule: Rule, found: Any, record: Record) -> list[dict[str, Any]]:
        """The trace's pointers at the events that brought ``rule`` to rule (its ``event`` gave their indexes)."""
        indexes = found if isinstance(found, list) else [found]
        steps = []
        for index in indexes:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(record.events):
                raise RulingError(f"{rule.key}: 'event' gave {index!r}, not the index of an event of the record "
                                  f"(0 to {len(record.events) - 1})", law=rule.law, kind="rule")
            event = record.events[index]
            position = record.positions[index] if index < len(record.positions) else None
            steps.append({"step": "event", "event": index, "kind": event["kind"], "by": event.get("by") or None,
                          "what": record.describe(index), "at": str(position) if position else None})
        return steps

    def _cites_of(self, rule: Rule, produced: dict[str, tuple[Any, Rule]]) -> list[str]:
        book = self.corpus.rulebooks[rule.code]
        cites = [rule.law, *(book.constants[c].law for c in sorted(rule.constants))]
        for name in sorted(rule.inputs):
            cites.extend(self._cites_of(produced[name][1], produced))
        return cites

    def _check_conflicts(self, book: Rulebook, rulings: list[Ruling]) -> None:
        outcomes = self.corpus.outcomes
        for i, first in enumerate(rulings):
            for second in rulings[i + 1:]:
                excluded = second.outcome in getattr(outcomes.get(first.outcome), "excludes", []) or \
                    first.outcome in getattr(outcomes.get(second.outcome), "excludes", [])
                if excluded:
                    raise RulingError(
                        f"{first.rule} ({first.outcome}) and {second.rule} ({second.outcome}) both apply and "
                        "conflict; say which takes precedence with 'overrides' or 'unless'", law=first.law,
                        kind="conflict")


def when_changes(before: Rulebook, after: Rulebook) -> list[tuple[Rule, Rule]] | None:
    """The rules of one code whose ``when`` alone changed between two compilations, as (before, after)
    pairs; None when anything else changed (a rule's values or outcome, a constant, the order, the
    precedence; where things are written is not compared: no ruling says it), or a changed condition
    reads other names than before, or was added or taken away (``Engine.keeps_ruling`` then cannot tell)."""
    if len(before.rules) != len(after.rules) or _apart_from_rules(before) != _apart_from_rules(after):
        return None
    changed = []
    for old, new in zip(before.rules, after.rules):
        if _shape(old, False) != _shape(new, False):
            return None
        if _shape(old.when) != _shape(new.when):
            if old.when is None or new.when is None or old.when.names != new.when.names:
                return None
            changed.append((old, new))
    return changed


def _apart_from_rules(book: Rulebook) -> Any:
    """The rulebook's shape but for its rules, which it names by their keys elsewhere (the producers
    of each value, the precedence groups): each rule is compared on its own."""
    return tuple(_shape(getattr(book, f.name), True, refs=True) for f in fields(book) if f.name != "rules")


def _shape(value: Any, when: bool = True, refs: bool = False) -> Any:
    """What a compiled rulebook (or a part of it) says, comparable: expressions by their text and
    names (not their compiled programs), positions left out; a rule's condition only if ``when``."""
    if isinstance(value, Expression):
        return ("expression", value.source, value.written, value.names, value.bound, value.definitions)
    if isinstance(value, Position):
        return None
    if isinstance(value, Rule) and refs:
        return ("rule", value.key)
    if isinstance(value, Rule) and not when:
        return ("rule", value.when is not None) + tuple(_shape(getattr(value, f.name), when, refs)
                                                        for f in fields(value) if f.name != "when")
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(_shape(getattr(value, f.name), when, refs) for f in fields(value))
    if isinstance(value, dict):
        return ("dict",) + tuple((key, _shape(item, when, refs)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return ("list",) + tuple(_shape(item, when, refs) for item in value)
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(_shape(item, when, refs) for item in value))
    if isinstance(value, (bool, int, float)):
        return (type(value).__name__, value)  # 1 == 1.0 == True, which a ruling gives otherwise
    return value


def _false(expression: Expression, context: Context) -> bool:
    """Whether the expression gives false in ``context`` (an error, as for a name left unbound, is not false)."""
    try:
        return expression.program.execute(context) is False
    except Exception:
        return False


def _condition_facts(rule: Rule) -> frozenset[str]:
    """The facts and views a rule's condition reads (all it reads when it has no condition)."""
    return rule.facts & rule.when.names if rule.when is not None else rule.facts


def _names(rule: Rule) -> frozenset[str]:
    """Every name a rule's condition and values read."""
    return frozenset(name for expression in rule.expressions() for name in expression.names)


_NOTHING: frozenset[str] = frozenset()


@dataclass(frozen=True)
class _Plan:
    # each candidate: the facts it lacks, whether it is in play by its facts, and the names only its
    # values read that are not bound at the start (bound when it applies)
    rules: list[tuple[Rule, list[str], bool, frozenset[str]]]
    constants: frozenset[str]
    shared: frozenset[str]
    facts: frozenset[str]


def _evaluate(rule: Rule, expression: Expression, context: Context) -> Any:
    try:
        return expression.program.execute(context)
    except (KeyError, IndexError) as exc:
        what = f"no key {exc.args[0]!r}" if isinstance(exc, KeyError) else f"an {exc.args[0] if exc.args else 'index out of range'}"
        raise RulingError(
            f"{rule.key}: {what} in {_facts_of(rule)} while evaluating "
            f"`{expression.written}`", law=rule.law, kind="rule") from None
    except Exception as exc:  # CEL's runtime errors: TypeError (no overload), ZeroDivisionError, RuntimeError
        first = str(exc).split(". ")[0] if str(exc) else type(exc).__name__
        raise RulingError(
            f"{rule.key}: {first} in {_facts_of(rule)} while evaluating `{expression.written}`", law=rule.law,
            kind="rule") from None



SIDES = ("north-south", "east-west")


def _score(rule: Rule, values: dict[str, Any], side_of: dict[str, str]) -> dict[str, Any]:
    """The score sheet's entries a ruling gives, each checked: points are whole numbers, sides are sides."""
    def fail(what: str) -> RulingError:
        return RulingError(f"{rule.key}: 'score' {what}", law=rule.law, kind="rule")

    def side(line: str) -> str:
        value = values[rule.score[line]]
        seats = value if isinstance(value, list) else [value]  # the scorers may be named by their seats
        if seats and all(s in side_of for s in seats) and len({side_of[s] for s in seats}) == 1:
            return side_of[seats[0]]
        if value not in ("", *SIDES):
            raise fail(f"{line} is {value!r} (the value '{rule.score[line]}'), not a side ({', '.join(SIDES)}) or ''")
        return value

    score: dict[str, Any] = {}
    for line in ("below", "above"):
        if line not in rule.score:
            continue
        points = values[rule.score[line]]
        if isinstance(points, int) and not isinstance(points, bool):
            if "to" not in rule.score:
                raise fail(f"{line} is a number of points ({points}) but 'to' names no side to give them to")
            to = side("to")
            points = {to: points} if to else {}
        if not isinstance(points, dict) or not all(k in SIDES and isinstance(v, int) and not isinstance(v, bool)
                                                  for k, v in points.items()):
            raise fail(f"{line} is {_show(points)} (the value '{rule.score[line]}'), not points or a map of "
                       "each side to its points")
        score[line] = {k: v for k, v in points.items() if v}
    for line in ("game", "rubber"):
        if line in rule.score:
            score[line] = side(line)
    if "total" in rule.score:
        score["total"] = rule.score["total"]
    return score


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _facts_of(rule: Rule) -> str:
    names = sorted(rule.facts | rule.inputs)
    return "the facts " + ", ".join(f"'{n}'" for n in names) if names else "the rule's constants"

