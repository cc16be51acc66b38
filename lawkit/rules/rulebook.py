"""Machine-readable clauses: constants and rules beside the law text, compiled and checked.

Every CEL expression compiles when the corpus loads; one that does not, or
that uses a name which is neither a declared fact, a constant of its code,
nor a value another rule of its code computes, is a problem at its
file:line:col. Precedence is written down (``overrides`` / ``unless``) and
becomes the order of evaluation: a rule is evaluated after every rule whose
values it uses and every rule that takes precedence over it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from . import _cel

from . import celnames
from . import cost as costlib
from ..corpus import facts as factlib
from . import record as recordlib
from . import views as viewlib
from . import words
from ..corpus import MarkedDict, MarkedList, same_place
from ..corpus.model import Corpus, Law
from ..corpus.problems import Position, Problem, did_you_mean



@dataclass
class Expression:
    source: str  # what runs: the text as written, each definition's name replaced by its value
    program: Any  # _cel.Program
    names: frozenset[str]  # free variables: facts, views, constants, values
    position: Position
    bound: tuple[tuple[str, int], ...] = ()  # the macros' variables, local to their macros
    written: str = ""  # the text as the editor wrote it (the site and the messages show it)
    definitions: tuple[str, ...] = ()  # the definitions it reads, directly or through another, in their order

    def __post_init__(self) -> None:
        self.written = self.written or self.source


@dataclass
class Definition:
    """A named value of a code (``definitions:`` beside a law): CEL put in place of its name, when the
    rulebook is compiled, in every rule of the code and every later definition."""

    name: str
    description: str | None
    written: str  # as the editor wrote it
    source: str  # the earlier definitions' values put in: what replaces the name
    law: str
    position: Position  # the entry
    value_position: Position
    uses: tuple[str, ...] = ()  # the definitions it names, directly
    broken: bool = False  # it has an error of its own: the rules using it are not reported again
    read: celnames.Names | None = None  # the names its text reads (None: it does not compile)
    named: bool = False  # a rule of the code writes its name


@dataclass
class Constant:
    name: str
    value: Any
    law: str
    position: Position
    description: str | None = None


@dataclass
class Rule:
    code: str
    law: str  # citation id of the law it formalizes
    id: str  # the rule's id inside its law
    outcome: str
    position: Position
    when: Expression | None = None
    values: dict[str, Expression | Any] = field(default_factory=dict)  # name -> expression or literal
    item: str | None = None
    description: str | None = None
    precedence_at: dict[str, Position] = field(default_factory=dict)  # rule key named in overrides/unless -> where
    group: str | None = None
    group_at: Position | None = None
    facts: frozenset[str] = frozenset()  # what it reads of the situation: facts answered and views of the record
    shared: frozenset[str] = frozenset()  # constants of views.yaml it reads (the seat order, each card's suit)
    constants: frozenset[str] = frozenset()
    inputs: frozenset[str] = frozenset()  # values computed by other rules
    says: str | None = None  # the ruling in players' words, {value} placeholders
    event: Expression | None = None  # which event(s) of the record brought the rule to rule (their indexes)
    event_facts: frozenset[str] = frozenset()  # views only its event reads: a pointer, never a question
    score: dict[str, Any] = field(default_factory=dict)  # below/above/to/game/rubber -> the value it names; total

    @property
    def key(self) -> str:
        """The rule's id in the corpus: ``auction-bridge-1912/16#highest-exposed-card``."""
        return f"{self.law}#{self.id}"

    def expressions(self) -> list[Expression]:
        return (([self.when] if self.when else []) + [v for v in self.values.values() if isinstance(v, Expression)]
                + ([self.event] if self.event else []))


@dataclass
class Rulebook:
    """One code's constants and rules, in evaluation order."""

    code: str
    constants: dict[str, Constant] = field(default_factory=dict)
    definitions: dict[str, Definition] = field(default_factory=dict)  # in the order written
    rules: list[Rule] = field(default_factory=list)  # evaluation order
    producers: dict[str, list[Rule]] = field(default_factory=dict)  # value name -> rules computing it
    beaten_by: dict[str, list[str]] = field(default_factory=dict)  # rule key -> keys of rules beating it
    used_values: frozenset[str] = frozenset()  # values some rule uses (the engine puts only these in the context)
    groups: dict[str, Any] = field(default_factory=dict)  # precedence groups by name

    def index(self) -> None:
        """Which rules each fact can bring into play, so a ruling visits only those."""
        self._by_fact: dict[str, set[int]] = {}
        self._factless: set[int] = set()
        for position, rule in enumerate(self.rules):
            for fact in rule.facts:
                self._by_fact.setdefault(fact, set()).add(position)
            if not rule.facts:
                self._factless.add(position)

    def candidates(self, situation: Iterable[str]) -> list[Rule]:
        """The rules that use a fact of the situation (the names it gives), or no fact at all, in evaluation order."""
        positions = set(self._factless)
        for fact in situation:
            positions.update(self._by_fact.get(fact, ()))
        return [self.rules[p] for p in sorted(positions)]


@dataclass
class SituationModel:
    """What a situation is made of: the record's vocabulary and the views derived from it."""

    vocabulary: recordlib.Vocabulary
    views: viewlib.Views


@dataclass
class Group:
    name: str
    description: str
    position: Position
    exception_to: dict[str, Position] = field(default_factory=dict)


def compile_situation_model(corpus: Corpus) -> SituationModel:
    """The record's vocabulary (record.yaml) and the compiled views (views.yaml), problems added."""
    vocabulary = recordlib.Vocabulary()
    raw_record = corpus.rule_files.get("record")
    if raw_record is not None:
        try:
            vocabulary = recordlib.parse_vocabulary(raw_record, raw_record.pos.path, corpus.problems)
        except (ValueError, AttributeError) as exc:
            corpus.problems.append(Problem(raw_record.pos, "schema", f"record.yaml: {exc}"))
    views = viewlib.Views()
    raw_views = corpus.rule_files.get("views")
    if raw_views is not None:
        views = viewlib.compile_views(raw_views, corpus.problems, card_order, vocabulary.kinds)
        for name, view in views.views.items():
            if name in corpus.facts:
                corpus.problems.append(Problem(view.position, "duplicate-id",
                                               f"view '{name}' has the name of a fact; the record gives it, so it "
                                               "is no longer a question"))
    return SituationModel(vocabulary, views)


@dataclass
class Compiled:
    """Each code's rulebook as the last check compiled it, with the problems compiling it and bounding
    its work found, kept for the next check of the same corpus (``lawkit.check(root, compiled=...)``, as
    ``mkdocs serve`` keeps one): a code whose rules, constants, definitions, groups and laws are those
    the last check read, written at the same lines and columns (the problems name them), under the same
    shared files, is not compiled again (a file whose text did not change is parsed into the very same
    objects, ``lawkit.corpus.Parsed``, which is quickly seen)."""

    books: dict[str, tuple[Any, list[Any], Rulebook, list[Problem], list[Problem] | None]] = field(default_factory=dict)
    # The situation model, by what it is compiled from (record.yaml, views.yaml, the facts), with its problems.
    model: tuple[list[Any], SituationModel, list[Problem]] | None = None
    # What bounding the views' work found for that model: the sizes of every name, and the problems.
    views: tuple[Any, ...] | None = None


def _inputs(corpus: Corpus, code: Any) -> tuple[Any, list[Any]]:
    """What compiling ``code`` reads: values compared by equality, and the YAML it compiles, compared
    with its positions (``same_place``: equal YAML at other lines is not the same, the problems name them)."""
    shared = (sorted(corpus.unloaded), list(corpus.facts.items()), list(corpus.outcomes.items()))  # in order:
    # a name not known is told the closest one known, the first of equally close ones
    laws = [(law.id, law.name, law.position, law.unformalized, [unit.id for unit in law.units()],
             len(law.constants), len(law.definitions), len(law.rules)) for law in code.laws]
    raws = [*(group for heading in code.headings for group in heading.groups),
            *(raw for law in code.laws for raw in (*law.constants, *law.definitions, *law.rules)),
            *(corpus.rule_files.get(name) for name in sorted(_RULE_FILES))]
    return (shared, code.id, [len(heading.groups) for heading in code.headings], laws), raws


def compile_rulebooks(corpus: Corpus, costs: bool = True, compiled: Compiled | None = None) -> None:
    """Build ``corpus.rulebooks`` (and the situation model) from the corpus, adding problems (``costs``:
    with every expression's work bounded, which a corpus read back from the cache had checked already;
    ``compiled``: the rulebooks of the last check, each kept where its code did not change).

    A name, rule or outcome that may be in a file that did not load is not
    reported missing: that file's own error is the one cause."""
    first_new = len(corpus.problems)
    model_from = [corpus.rule_files.get("record"), corpus.rule_files.get("views"), list(corpus.facts.items())]
    if compiled is not None and compiled.model is not None and all(
            same_place(a, b) for a, b in zip(compiled.model[0][:2], model_from[:2])) \
            and compiled.model[0][2] == model_from[2]:
        corpus.situation_model = compiled.model[1]
        corpus.problems.extend(compiled.model[2])
        compiled.model = (model_from, compiled.model[1], compiled.model[2])  # the next check compares with these
    else:
        start = len(corpus.problems)
        corpus.situation_model = compile_situation_model(corpus)
        if compiled is not None:
            compiled.model = (model_from, corpus.situation_model, corpus.problems[start:])
    kept_costs: dict[str, list[Problem]] = {}
    made: dict[str, tuple[Any, list[Any], Rulebook, list[Problem], list[Problem] | None]] = {}
    for code in corpus.codes.values():
        inputs, raws = _inputs(corpus, code) if compiled is not None else (None, [])
        kept = compiled.books.get(code.id) if compiled is not None else None
        if kept is not None and kept[0] == inputs and len(kept[1]) == len(raws) \
                and all(same_place(a, b) for a, b in zip(kept[1], raws)):
            book, problems = kept[2], kept[3]
            corpus.problems.extend(problems)
            if kept[4] is not None:
                kept_costs[code.id] = kept[4]
        else:
            start = len(corpus.problems)
            book = _compile_code(corpus, code)
            problems = corpus.problems[start:]
        corpus.rulebooks[code.id] = book
        made[code.id] = (inputs, raws, book, problems, None)
    if costs:
        bounded, views = _check_costs(corpus, kept_costs, compiled.views if compiled is not None else None)
        made = {code: entry[:4] + (bounded.get(code),) for code, entry in made.items()}
        if compiled is not None:
            compiled.views = views
    if compiled is not None:
        compiled.books = made
    if corpus.unloaded or any(code.unreadable_files for code in corpus.codes.values()):
        corpus.problems[first_new:] = [p for p in corpus.problems[first_new:] if not _knock_on(corpus, p)]


def _compile_code(corpus: Corpus, code: Any) -> Rulebook:
    """One code's rulebook, its problems added to the corpus's."""
    book = Rulebook(code.id)
    raw_rules: list[tuple[Law, MarkedDict]] = []
    for law in code.laws:
        if law.unformalized and law.rules:
            corpus.problems.append(Problem(
                law.position, "rules", "a law has rules or is unformalized, not both", law.id))
        for raw in law.constants:
            _constant(corpus, book, law, raw)
        raw_rules.extend((law, raw) for raw in law.rules)
    _definitions(corpus, book, [(law, raw) for law in code.laws for raw in law.definitions])
    rules = [r for r in (_rule(corpus, book, law, raw) for law, raw in raw_rules) if r is not None]
    _resolve_names(corpus, book, rules)
    _groups(corpus, book, code, rules)
    _order(corpus, book, rules)
    return book


_KNOCK_ON = {"undeclared-name", "dangling-reference", "unknown-outcome"}
_RULE_FILES = {"facts", "outcomes", "record", "views"}


def _check_costs(corpus: Corpus, kept: dict[str, list[Problem]] | None = None,
                 views: tuple[Any, ...] | None = None) -> tuple[dict[str, list[Problem]], tuple[Any, ...] | None]:
    """Every view's and rule's expression bounded on the largest situation record.yaml's limits allow
    (lawkit.rules.cost): one past the budget is a problem at its file:line:col, naming the law. Returns
    the problems of each code's rules, and what bounding the views found; ``kept``: a code's, from the
    last check of the same rules and shared files, added again instead; ``views``: the views' likewise,
    for the same situation model and facts."""
    model = corpus.situation_model
    if model is None or corpus.unloaded or any(code.unreadable_files for code in corpus.codes.values()):
        return {}, None  # a name whose file did not load has no size: that file's error is the one cause
    kept = kept or {}
    limits = model.vocabulary.limits
    every = costlib.Size(limits.events, costlib.Size(limits.events, costlib.Size(limits.events)))

    # One cause, one error: an expression that uses a name it cannot see (views read the record's
    # events, rules do not) is wrong already, and its cost over that name is a knock-on of it.
    undeclared = {p.position for p in corpus.problems if p.kind == "undeclared-name"}

    def bounded(source: str, names: dict[str, costlib.Size], where: Position, what: str,
                law: str | None = None) -> costlib.Size:
        try:
            steps, size, depth = costlib.bound(source, names, every)
        except ValueError as exc:  # CEL the compiler takes and this reader does not: no bound, so no pass
            corpus.problems.append(Problem(where, "cost", f"{what}: lawkit cannot read it to bound its work ({exc})",
                                           law))
            return every
        if where in undeclared:
            pass  # the undeclared name is the error; the size is still what the names it can read give
        elif depth > costlib.MAX_DEPTH:
            corpus.problems.append(Problem(where, "cost", (
                f"{what} nests {depth} comprehensions over the situation's lists, more than the "
                f"{costlib.MAX_DEPTH} an expression may (its work would grow as the {depth}th power of the "
                "record's size): nest fewer, or read a list the record lays out"), law))
        elif steps > costlib.BUDGET:
            corpus.problems.append(Problem(where, "cost", (
                f"{what} can take {steps:,} steps on the largest situation the record allows (limits in "
                f"record.yaml), more than the {costlib.BUDGET:,} an expression may take: nest fewer "
                "comprehensions over the record's lists, or read a list the record lays out"), law))
        return size

    facts = list(corpus.facts.items())
    if views is not None and views[0] is model and views[1] == facts:
        sizes = dict(views[2])
        corpus.problems.extend(views[3])
    else:
        start = len(corpus.problems)
        sizes = {**costlib.record_sizes(limits, model.vocabulary.kinds),
                 **{name: costlib.of_value(value) for name, value in model.views.constants.items()},
                 **{name: costlib.of_type(fact.type, limits) for name, fact in corpus.facts.items()}}
        for view in model.views.views.values():
            if view.when_source is not None:
                bounded(view.when_source, sizes, view.position, f"view '{view.name}': its 'when'")
            size = sizes[view.alias] if view.alias in sizes else \
                bounded(view.value_source, sizes, view.position, f"view '{view.name}'")
            sizes[view.name] = costlib.join(size, costlib.of_type(view.type, limits)) if view.type else size
        views = (model, facts, dict(sizes), corpus.problems[start:])
    found: dict[str, list[Problem]] = {}
    for code, book in corpus.rulebooks.items():
        if code in kept:
            corpus.problems.extend(kept[code])
            found[code] = kept[code]
            continue
        start = len(corpus.problems)
        names = {**sizes, **{name: costlib.of_value(c.value) for name, c in book.constants.items()}}
        for rule in book.rules:
            for expression in rule.expressions():
                what = f"rule '{rule.id}': `{_short(expression.written)}`"
                size = bounded(expression.source, names, expression.position, what, rule.law)
                for name, value in rule.values.items():
                    if value is expression and name in book.used_values:
                        names[name] = costlib.join(names[name], size) if name in names else size
        found[code] = corpus.problems[start:]
    return found, views


def _short(source: str) -> str:
    text = " ".join(source.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _knock_on(corpus: Corpus, problem: Problem) -> bool:
    """Whether ``problem`` says something is missing that a file which did not load may hold."""
    if problem.kind not in _KNOCK_ON:
        return False
    if corpus.unloaded & _RULE_FILES:
        return True
    return problem.citation is not None and corpus.missing_from_unloaded(problem.citation)


def ensure_compiled(corpus: Corpus) -> None:
    """Compile the rules of a corpus that has none (one read back from the cache, whose CEL was not kept)."""
    if not corpus.rulebooks and corpus.codes:
        problems = list(corpus.problems)
        compile_rulebooks(corpus, costs=False)
        corpus.problems[:] = problems  # the cached corpus was checked already; nothing new is found


def _groups(corpus: Corpus, book: Rulebook, code: Any, rules: list[Rule]) -> None:
    """Precedence by labels: a rule of a group that is an exception to another beats that group's rules
    (and, through it, the groups it is an exception to)."""
    groups: dict[str, Group] = {}
    for heading in code.headings:
        for raw in heading.groups:
            name = raw.get("group")
            if not isinstance(name, str):
                continue
            if name in groups:
                corpus.problems.append(Problem(raw.pos, "duplicate-id", f"group '{name}' is declared twice in "
                                                                        f"{code.id} (first at {groups[name].position})"))
                continue
            group = Group(name, raw.get("description", ""), raw.pos)
            targets = raw.get("exception_to")
            for index, target in enumerate(targets if isinstance(targets, MarkedList) else []):
                group.exception_to[target] = targets.item_pos[index]
            groups[name] = group
    for group in groups.values():
        for target, position in group.exception_to.items():
            if target not in groups:
                corpus.problems.append(Problem(position, "dangling-reference",
                                               f"group '{group.name}' is an exception to '{target}', which {code.id} "
                                               f"does not declare{did_you_mean(target, groups)}"))
    members: dict[str, list[Rule]] = {}
    for rule in rules:
        if rule.group is None:
            continue
        if rule.group not in groups:
            corpus.problems.append(Problem(rule.group_at or rule.position, "dangling-reference",
                                           f"rule '{rule.id}' joins group '{rule.group}', which {code.id} does not "
                                           f"declare{did_you_mean(rule.group, groups)}", rule.law))
            continue
        members.setdefault(rule.group, []).append(rule)
    book.groups = groups

    def beaten(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        """The groups an exception to ``name`` (directly or through another)."""
        found = set()
        for other in groups.values():
            if name in other.exception_to and other.name not in seen:
                found.add(other.name)
                found |= beaten(other.name, seen | {name})
        return found

    for name, losers in members.items():
        winners = [w.key for group in sorted(beaten(name)) for w in members.get(group, [])]
        for loser in losers:
            for winner in winners:
                if winner not in book.beaten_by.setdefault(loser.key, []):
                    book.beaten_by[loser.key].append(winner)


def _constant(corpus: Corpus, book: Rulebook, law: Law, raw: MarkedDict) -> None:
    name = raw.get("name")
    if not isinstance(name, str):
        return  # the schema names it
    position = raw.pos
    if name in book.constants:
        first = book.constants[name]
        corpus.problems.append(Problem(
            position, "duplicate-id", f"constant '{name}' is also defined by {first.law}", law.id))
        return
    if name in corpus.facts:
        corpus.problems.append(Problem(position, "rules", f"constant '{name}' has the name of a fact", law.id))
    if "card_order" in raw:
        order = raw["card_order"]
        try:
            value = card_order(order.get("ranks"), order.get("suits"))
        except ValueError as exc:
            corpus.problems.append(Problem(raw.value_pos["card_order"], "rules", str(exc), law.id))
            return
    elif "value" in raw:
        value = raw["value"]
    else:
        corpus.problems.append(Problem(position, "missing-key", f"constant '{name}' needs 'value' or 'card_order'", law.id))
        return
    book.constants[name] = Constant(name, value, law.id, position, raw.get("description"))


def card_order(ranks: Any, suits: Any) -> dict[str, int]:
    """Each card's place in an order of ranks (low to high) and, for equal ranks, of suits.

    ``suits: null`` ranks cards of equal value alike (the suit does not count).
    """
    if not isinstance(ranks, str) or sorted(ranks) != sorted(factlib.RANKS):
        raise ValueError(f"card_order.ranks must list the thirteen ranks low to high once each, e.g. "
                         f"'{factlib.RANKS}'; got {ranks!r}")
    if suits is not None and (not isinstance(suits, str) or sorted(suits) != sorted(factlib.SUITS)):
        raise ValueError(f"card_order.suits must list the four suits low to high once each (e.g. 'HDCS'), "
                         f"or be null; got {suits!r}")
    order = {}
    for r, rank in enumerate(ranks):
        for s, suit in enumerate(suits or factlib.SUITS):
            order[rank + suit] = r * 4 + s if suits else r
    return order


def _compile(corpus: Corpus, law: Law, source: Any, position: Position, what: str,
             definitions: dict[str, Definition]) -> Expression | None:
    """The expression as it runs: compiled with each definition it names put in place of its name."""
    if not isinstance(source, str):
        corpus.problems.append(Problem(position, "rules", f"{what} must be a CEL expression (text)", law.id))
        return None
    try:
        program = _cel.compile(source)  # as written first: its error is the editor's, at the text they wrote
        named = [name for name in celnames.names(source).free if name in definitions]
    except Exception as exc:  # the CEL parser's errors: ValueError and friends
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        corpus.problems.append(Problem(position, "cel-syntax", f"{what} does not compile: {first}", law.id))
        return None
    for name in named:
        definitions[name].named = True
    if any(definitions[name].broken for name in named):
        return None  # the definition's own error is the one cause
    expanded = celnames.substitute(source, {name: definitions[name].source for name in named})
    if named:  # each definition compiled alone and went in parenthesised; without one, the text runs as written
        program = _cel.compile(expanded)
    read = celnames.names(expanded)
    return Expression(expanded, program, read.free, position, read.bound, source,
                      _reached(definitions, named))


def _reached(definitions: dict[str, Definition], named: Iterable[str]) -> tuple[str, ...]:
    """The definitions ``named`` and those they read, in the order they are written."""
    reached: set[str] = set()
    todo = list(named)
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(definitions[name].uses)
    return tuple(name for name in definitions if name in reached)


def _definitions(corpus: Corpus, book: Rulebook, raws: list[tuple[Law, MarkedDict]]) -> None:
    """The code's definitions in the order written, each compiled with the earlier ones put in; an error
    is at the definition (a name it cannot have, a later or its own name, CEL that does not compile)."""
    written_at: dict[str, int] = {}
    for index, (_, raw) in enumerate(raws):
        if isinstance(raw.get("name"), str):
            written_at.setdefault(raw["name"], index)
    views = corpus.situation_model.views if corpus.situation_model else viewlib.Views()
    for index, (law, raw) in enumerate(raws):
        name, value = raw.get("name"), raw.get("value")
        if not isinstance(name, str) or not isinstance(value, str):
            continue  # the schema names it
        at = raw.value_pos.get("value", raw.pos)
        if name in book.definitions:
            corpus.problems.append(Problem(raw.pos, "duplicate-id", f"definition '{name}' is also defined by "
                                           f"{book.definitions[name].law} (at {book.definitions[name].position})",
                                           law.id))
            continue
        definition = Definition(name, raw.get("description"), value, value, law.id, raw.pos, at)
        book.definitions[name] = definition
        taken = ("a fact" if name in corpus.facts else "a view" if name in views.views
                 else "a constant of views.yaml" if name in views.constants
                 else f"a constant of {book.code} ({book.constants[name].law})" if name in book.constants else None)
        if taken:
            corpus.problems.append(Problem(raw.pos, "duplicate-id", f"definition '{name}' has the name of {taken}, "
                                           "which it would hide from every rule of the code", law.id))
        try:
            _cel.compile(value)
            read = celnames.names(value)
        except Exception as exc:  # the CEL parser's errors: ValueError and friends
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            corpus.problems.append(Problem(at, "cel-syntax", f"definition '{name}' does not compile: {first}",
                                           law.id))
            definition.broken = True
            continue
        definition.read = read
        uses, ordered = [], True
        for other in sorted(read.free):
            if other == name:
                ordered = False
                corpus.problems.append(Problem(at, "definition-order", f"definition '{name}' uses its own name: "
                                               "a definition reads only those written before it", law.id))
            elif written_at.get(other, -1) > index:
                ordered = False
                later = raws[written_at[other]][1]
                corpus.problems.append(Problem(at, "definition-order", (
                    f"definition '{name}' uses '{other}', which is defined after it (at {later.pos}): a definition "
                    "reads only those written before it, so no two read each other"), law.id))
            elif other in book.definitions:
                uses.append(other)
        definition.uses = tuple(uses)
        if not ordered or any(book.definitions[other].broken for other in uses):
            definition.broken = True
            continue
        definition.source = celnames.substitute(value, {other: book.definitions[other].source for other in uses})


def _rule(corpus: Corpus, book: Rulebook, law: Law, raw: MarkedDict) -> Rule | None:
    rule_id = raw.get("id")
    then = raw.get("then")
    if not isinstance(rule_id, str) or not isinstance(then, MarkedDict):
        return None  # the schema names it
    raw_outcome = then.get("outcome")
    outcome = raw_outcome if isinstance(raw_outcome, str) else ""
    rule = Rule(book.code, law.id, rule_id, outcome, raw.pos, item=raw.get("item"), description=raw.get("description"),
                group=raw.get("group"), group_at=raw.value_pos.get("group"))
    if corpus.outcomes and outcome not in corpus.outcomes:
        corpus.problems.append(Problem(
            then.value_pos.get("outcome", then.pos), "unknown-outcome",
            f"outcome '{outcome}' is not in outcomes.yaml{did_you_mean(outcome, corpus.outcomes)}", law.id))
    if "when" in raw:
        rule.when = _compile(corpus, law, raw["when"], raw.value_pos["when"], f"rule '{rule_id}': 'when'",
                             book.definitions)
    values = then.get("values")
    if not isinstance(values, MarkedDict):
        values = MarkedDict()  # empty: its positions are never read
    for name, value in values.items():
        if isinstance(value, str):
            compiled = _compile(corpus, law, value, values.value_pos[name], f"rule '{rule_id}': value '{name}'",
                                book.definitions)
            if compiled is not None:
                rule.values[name] = compiled
        else:
            rule.values[name] = value  # a literal number or boolean
        if name in corpus.facts:
            corpus.problems.append(Problem(
                values.key_pos[name], "rules", f"value '{name}' has the name of a fact; a rule cannot change a fact",
                law.id))
    says = then.get("says")
    if isinstance(says, str):
        rule.says = " ".join(says.split())
        for name in words.placeholders(rule.says):
            if name not in rule.values:
                corpus.problems.append(Problem(
                    then.value_pos["says"], "undeclared-name",
                    f"rule '{rule_id}': 'says' names {{{name}}}, which is not one of its values"
                    f"{did_you_mean(name, rule.values)}", law.id))
    score = then.get("score")
    if isinstance(score, MarkedDict):
        for line, name in score.items():
            if line != "total" and name not in rule.values:
                corpus.problems.append(Problem(
                    score.value_pos[line], "undeclared-name",
                    f"rule '{rule_id}': 'score' {line} names '{name}', which is not one of its values"
                    f"{did_you_mean(str(name), rule.values)}", law.id))
        if not {"below", "above", "game", "rubber"} & score.keys():
            corpus.problems.append(Problem(then.value_pos["score"], "rules",
                                           f"rule '{rule_id}': 'score' names no points, game or rubber", law.id))
        rule.score = {line: list(name) if line == "total" else str(name) for line, name in score.items()}
    if "event" in then:
        rule.event = _compile(corpus, law, then["event"], then.value_pos["event"], f"rule '{rule_id}': 'event'",
                              book.definitions)
    if rule.item and not any(u.id.endswith("/" + rule.item) for u in law.units()):
        corpus.problems.append(Problem(raw.value_pos["item"], "dangling-reference",
                                       f"rule '{rule_id}' names item '{rule.item}', which {law.name} does not have",
                                       law.id))
    for key in ("overrides", "unless"):
        targets = raw.get(key)
        if not isinstance(targets, MarkedList):
            targets = MarkedList()  # empty: its positions are never read
        for index, target in enumerate(targets):
            other = _rule_key(book.code, law, target)
            rule.precedence_at[other] = targets.item_pos[index]
            winner, loser = (rule.key, other) if key == "overrides" else (other, rule.key)
            book.beaten_by.setdefault(loser, []).append(winner)
    return rule


def _rule_key(code: str, law: Law, target: str) -> str:
    """``16#rule`` (a law of this code), ``rule`` (this law) or a full key, as a full key."""
    if "#" not in target:
        return f"{law.id}#{target}"
    where, rule_id = target.split("#", 1)
    return f"{where}#{rule_id}" if where.startswith(code + "/") else f"{code}/{where}#{rule_id}"


def _resolve_names(corpus: Corpus, book: Rulebook, rules: list[Rule]) -> None:
    keys = {}
    for rule in rules:
        if rule.key in keys:
            corpus.problems.append(Problem(rule.position, "duplicate-id", f"rule '{rule.id}' is defined twice", rule.law))
        keys[rule.key] = rule
        for name in rule.values:
            book.producers.setdefault(name, []).append(rule)
    views = corpus.situation_model.views.views if corpus.situation_model else {}
    shared = corpus.situation_model.views.constants if corpus.situation_model else {}  # views.yaml's constants
    known = [*corpus.facts, *views, *book.constants, *shared, *book.producers]
    # When a rule file did not load, every missing name or rule is a knock-on that compile_rulebooks
    # drops unread: no suggestion is looked for (difflib over every name, for each of the ~3,200
    # names a broken views.yaml leaves undeclared, was 9 of the check's 10 s).
    suggest: Callable[[str, Iterable[str]], str] = (
        did_you_mean if not corpus.unloaded & _RULE_FILES else (lambda word, choices: ""))
    _check_definitions(corpus, book, rules, known, suggest)
    known += book.definitions
    for rule in rules:
        used_facts: set[str] = set()
        used_constants: set[str] = set()
        used_values: set[str] = set()
        used_shared: set[str] = set()
        event_facts: set[str] = set()
        for expression in rule.expressions():
            facts_here = event_facts if expression is rule.event else used_facts
            written = celnames.names(expression.written)  # a definition's own names are checked at it
            for variable, _ in written.bound:
                if variable in known:
                    corpus.problems.append(Problem(
                        expression.position, "rules",
                        f"rule '{rule.id}': the macro variable '{variable}' has the name of a fact, view, constant, "
                        f"definition or value, which it hides inside the macro; name it otherwise", rule.law))
            for name in written.free - book.definitions.keys():
                if name not in known:
                    corpus.problems.append(Problem(
                        expression.position, "undeclared-name",
                        f"rule '{rule.id}' uses '{name}', which is no fact (facts.yaml), view (views.yaml), "
                        "constant, definition or computed "
                        f"value of {book.code}{suggest(name, known)}", rule.law))
            for name in expression.names:
                if name in corpus.facts or name in views:
                    facts_here.add(name)
                elif name in book.constants:
                    used_constants.add(name)
                elif name in shared:
                    used_shared.add(name)
                elif name in book.producers:
                    used_values.add(name)
        rule.facts, rule.constants, rule.inputs = frozenset(used_facts), frozenset(used_constants), frozenset(used_values)
        rule.event_facts = frozenset(event_facts - used_facts)
        rule.shared = frozenset(used_shared)
    book.used_values = frozenset(name for rule in rules for name in rule.inputs)
    for rule in rules:
        for other, position in rule.precedence_at.items():
            if other not in keys:
                corpus.problems.append(Problem(
                    position, "dangling-reference", f"no rule '{other}'{suggest(other, keys)}", rule.law))
    for loser in list(book.beaten_by):
        book.beaten_by[loser] = [w for w in book.beaten_by[loser] if w in keys]


def _check_definitions(corpus: Corpus, book: Rulebook, rules: list[Rule], known: list[str],
                       suggest: Callable[[str, Iterable[str]], str]) -> None:
    """What each definition reads is known to the code, its macros hide nothing, no rule's value has its
    name; one that no rule reads (directly or through another) is a warning."""
    for definition in book.definitions.values():
        if definition.name in book.producers:
            corpus.problems.append(Problem(definition.position, "duplicate-id", (
                f"definition '{definition.name}' has the name of a value computed by "
                f"{book.producers[definition.name][0].key}, which it would hide from every rule of the code"),
                definition.law))
        read = definition.read
        if read is None:
            continue  # it does not compile: said at it already
        for variable, _ in read.bound:
            if variable in known or variable in book.definitions:
                corpus.problems.append(Problem(
                    definition.value_position, "rules",
                    f"definition '{definition.name}': the macro variable '{variable}' has the name of a fact, view, "
                    f"constant, definition or value, which it hides inside the macro; name it otherwise",
                    definition.law))
        for name in sorted(read.free - book.definitions.keys()):
            if name not in known:
                corpus.problems.append(Problem(
                    definition.value_position, "undeclared-name",
                    f"definition '{definition.name}' uses '{name}', which is no fact (facts.yaml), view (views.yaml), "
                    f"constant, earlier definition or computed value of {book.code}"
                    f"{suggest(name, [*known, *book.definitions])}", definition.law))
    read_by_rules = _reached(book.definitions, [d.name for d in book.definitions.values() if d.named])
    for definition in book.definitions.values():
        if definition.name not in read_by_rules:
            corpus.problems.append(Problem(
                definition.position, "unused-definition",
                f"no rule of {book.code} reads definition '{definition.name}', directly or through another",
                definition.law, severity="warning"))


def _order(corpus: Corpus, book: Rulebook, rules: list[Rule]) -> None:
    """Evaluation order: producers before users, winners before the rules they beat."""
    by_key = {r.key: r for r in rules}
    before: dict[str, set[str]] = {r.key: set() for r in rules}
    for rule in rules:
        for name in rule.inputs:
            before[rule.key].update(p.key for p in book.producers[name] if p is not rule)
        before[rule.key].update(w for w in book.beaten_by.get(rule.key, []) if w in by_key)
    ordered: list[Rule] = []
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(key: str, path: list[str]) -> None:
        if state.get(key) == 2:
            return
        if state.get(key) == 1:
            cycle = path[path.index(key):] + [key]
            corpus.problems.append(Problem(
                by_key[key].position, "rule-cycle",
                "rules depend on each other in a circle: " + " → ".join(cycle), by_key[key].law))
            return
        state[key] = 1
        for dependency in sorted(before[key]):
            visit(dependency, path + [key])
        state[key] = 2
        ordered.append(by_key[key])

    for rule in rules:
        visit(rule.key, [])
    book.rules = ordered
    book.index()


def situation_stats(corpus: Corpus) -> dict[str, Any]:
    """What a user can be asked and how the rules read the situation: for ``lawkit stats``."""
    ensure_compiled(corpus)
    model = corpus.situation_model
    raw_views = {v.get("name"): v for v in ((corpus.rule_files.get("views") or {}).get("views") or [])}
    answerable = [raw for raw in raw_views.values() if raw.get("type") is not None]
    rules = [rule for book in corpus.rulebooks.values() for rule in book.rules]
    single = sum(1 for r in rules if r.when is not None and r.when.source.strip() in corpus.facts)
    return {
        "questions": len(corpus.facts) + len(answerable),
        "questions_bool": sum(1 for f in corpus.facts.values() if f.type.kind == "bool")
        + sum(1 for raw in answerable if raw.get("type") == "bool"),
        "facts": len(corpus.facts),
        "facts_bool": sum(1 for f in corpus.facts.values() if f.type.kind == "bool"),
        "views": len(model.views.views),
        "views_answerable": len(answerable),
        "event_kinds": len(model.vocabulary.kinds),
        "rules": len(rules),
        "rules_reading_one_bare_fact": single,
        "precedence_groups": sum(len(book.groups) for book in corpus.rulebooks.values()),
        "precedence_edges": sum(len(w) for book in corpus.rulebooks.values() for w in book.beaten_by.values()),
        "rules_in_a_group": sum(1 for r in rules if r.group),
    }


def situation_stats_text(data: dict[str, Any]) -> str:
    return (f"situations: {data['event_kinds']} kinds of event, {data['views']} views derived from the record; "
            f"a user can be asked {data['questions']} questions ({data['questions_bool']} yes/no): "
            f"{data['facts']} facts ({data['facts_bool']} yes/no) and {data['views_answerable']} views when the "
            f"record lacks them\nrules: {data['rules']}, {data['rules_reading_one_bare_fact']} of them a single bare "
            f"fact; precedence: {data['precedence_groups']} groups ({data['rules_in_a_group']} rules), "
            f"{data['precedence_edges']} rule-to-rule edges\n")
