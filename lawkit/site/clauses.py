"""Beside a law: its machine clauses in a reader's words, and the scenarios where they rule.

A folded "How lawkit applies this law" box, its body fetched when opened
(folds): each rule as a sentence from its own words — "When …, then …"
from its ``says``, "Unless …" from the rules it gives way to — the first
few shown and the rest folded, and the worked examples, each a short story
of what happened at the table with the hands drawn (story.py) and the
rulings as the rules say them. Behind one developer switch, which the page
remembers (assets/lawkit.js): each constant, each rule's id, the facts it
asks, its condition and values in CEL as written, the definitions that CEL
names (each with its sentence and its own CEL), outcome and precedence, and each
example's record as written with its file and line.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..corpus.model import Law
from .context import Example, Site
from .folds import fold
from .kept import same
from .markup import compact, esc, printed
from .now import try_link
from .story import story
from ..rules.words import PLACEHOLDER, placeholders


SHOWN = 4  # rules said before the rest fold: the opened box stays within a screen (1912 Law 37 has 10)
DEVELOPER_SWITCH = ('<button type="button" class="lk-devswitch" aria-pressed="false">'
                    "Show the rules as written for developers (CEL, facts, files)</button>")


class _Said(NamedTuple):
    """What a box shows of a rule it gives way to: where it is, and its sentence or description."""

    law: str
    says: str | None
    description: str | None


class _Rule(NamedTuple):
    """Everything a box shows of one of its law's rules (``_view``): the box is made from these alone."""

    key: str
    id: str
    item: str | None
    description: str | None
    says: str | None
    when: str | None  # the condition as written
    outcome: str
    meaning: str | None  # the outcome's description
    values: tuple[tuple[str, str], ...]  # each value as written
    facts: tuple[tuple[str, str], ...]  # each fact it asks, with its question
    constants: tuple[tuple[str, str | None], ...]  # each constant it uses, with its law
    inputs: tuple[tuple[str, tuple[str, ...]], ...]  # each value it uses, with the laws computing it
    definitions: tuple[tuple[str, str, str | None, str], ...]  # name, law, description, CEL as written
    unless: tuple[_Said, ...]  # the rules it gives way to (of this code)
    winners: tuple[tuple[str, bool], ...]  # the keys of the rules it gives way to, each with whether its law is
    losers: tuple[tuple[str, bool], ...]  # the keys of the rules it takes precedence over, likewise


# Each law's box as made on a page, kept in this process by what it is made from: the views of its rules
# (``_view``: every value the box shows of them, and of the rules and laws they name), its constants as
# written, its law's link to "What happens now?" and its worked examples as told (both made first: each is
# kept by what it reads), the names and addresses its links show, the page and the law. Under `mkdocs
# serve` a saved rule makes again the boxes that show something of it, not every box of its code.
_boxes: dict[tuple[str, str], tuple[tuple[Any, ...], tuple[str, str] | str]] = {}


def clauses(site: Site, page: str, law: Law) -> str:
    """The box on the page: its summary, its body fetched when it is opened (folds)."""
    book = site.corpus.rulebooks.get(law.code)
    rules = [r for r in book.rules if r.law == law.id] if book else []
    order = {raw.get("id"): index for index, raw in enumerate(law.rules)}
    rules.sort(key=lambda r: order.get(r.id, 0))  # as written beside the law, not in evaluation order
    if not rules and not law.constants:
        if law.unformalized:
            return (f'<p class="lk-unformalized"><span class="lk-tag">not executable</span> '
                    f"{printed(law.unformalized)}</p>")
        return ""
    relations = _relations(book) if rules else ({}, {})
    views = tuple(_view(site, book, relations, rule) for rule in rules)
    examples = site.examples.get(law.id, [])
    told = tuple(_told(site, page, law, index, example) for index, example in enumerate(examples))
    key = (site.names_key(), site.urls.base, site.urls.use_directory_urls, page, law.id, law.code, law.constants,
           views, try_link(site, page, law), told)
    kept = _boxes.get((page, law.id))
    made = kept[1] if kept is not None and same(kept[0], key, None) else _made(site, page, law, views, key[-2], told)
    _boxes[(page, law.id)] = (key, made)  # the next build compares with these objects
    if isinstance(made, str):
        return made
    return fold(site, law.id, "rules", *made)  # filed for api/folds/ on every build


# A rulebook's rules by key and each rule's losers (the rules it takes precedence over, in the order
# of beaten_by), made once for each rulebook (the rulebook held, so that its id stays its own).
_related: dict[int, tuple[Any, dict[str, Any], dict[str, list[str]]]] = {}


def _relations(book: Any) -> tuple[dict[str, Any], dict[str, list[str]]]:
    kept = _related.get(id(book))
    if kept is None or kept[0] is not book:
        losers: dict[str, list[str]] = {}
        for loser, beaten_by in book.beaten_by.items():
            for winner in dict.fromkeys(beaten_by):
                losers.setdefault(winner, []).append(loser)
        if len(_related) > 64:  # the rulebooks of earlier checks: of no more use
            _related.clear()
        kept = _related[id(book)] = (book, {r.key: r for r in book.rules}, losers)
    return kept[1], kept[2]


def _view(site: Site, book: Any, relations: tuple[dict[str, Any], dict[str, list[str]]], rule: Any) -> _Rule:
    """What the box shows of ``rule``: its own words and workings, and of the rules, constants,
    definitions and facts it names, what the box says of them."""
    corpus = site.corpus
    outcome = corpus.outcomes.get(rule.outcome)
    named = {name for expression in rule.expressions() for name in expression.definitions}
    winners = book.beaten_by.get(rule.key, [])
    by_key, losers = relations
    return _Rule(
        rule.key, rule.id, rule.item, rule.description, rule.says,
        rule.when.written if rule.when is not None else None, rule.outcome,
        outcome.description if outcome is not None and outcome.description else None,
        tuple((name, value.written if hasattr(value, "written") else compact(value))
              for name, value in rule.values.items()),
        tuple((name, corpus.facts[name].question) for name in sorted(rule.facts) if name in corpus.facts),
        tuple((name, book.constants[name].law if name in book.constants else None) for name in sorted(rule.constants)),
        tuple((name, tuple(p.law for p in book.producers.get(name, []))) for name in sorted(rule.inputs)),
        tuple((d.name, d.law, d.description, d.written) for name, d in book.definitions.items() if name in named),
        tuple(_Said(by_key[k].law, by_key[k].says, by_key[k].description) for k in winners if k in by_key),
        tuple((k, k.split("#", 1)[0] in corpus.units) for k in winners),
        tuple((k, k.split("#", 1)[0] in corpus.units) for k in losers.get(rule.key, [])))


def _made(site: Site, page: str, law: Law, views: tuple[_Rule, ...], link: str,
          told: tuple[str, ...]) -> tuple[str, str]:
    """The box's summary and body, from the views of its rules, its constants as written, its link to
    "What happens now?" and its examples as told."""
    constants = law.constants
    counts = [_count(len(views), "rule"), _count(len(told), "worked example")]
    summary = f'How lawkit applies this law <small>{esc(", ".join(c for c in counts if c))}</small>'
    said = [_said(site, page, law, view) for view in views]
    out = [DEVELOPER_SWITCH, link]  # the law's worked example in "What happens now?"
    if constants:
        out.append('<div class="lk-dev-only">' + "".join(_constant(c) for c in constants) + "</div>")
    out.extend(said[:SHOWN])
    if len(said) > SHOWN:
        rest = len(said) - SHOWN
        out.append(f'<details class="lk-more lk-plain"><summary>The other {_count(rest, "rule")} of this law</summary>'
                   f'{"".join(said[SHOWN:])}</details>')
    if told:
        out.append(f'<details class="lk-more lk-plain lk-examples"><summary>{esc(_count(len(told), "worked example"))}: '
                   f"what happened at the table, and the ruling</summary>{''.join(told)}</details>")
    return summary, "".join(out)


def _said(site: Site, page: str, law: Law, rule: _Rule) -> str:
    """One rule in a reader's words (when …, then …, unless …), its workings behind the developer switch."""
    label = f'<span class="lk-rule__item">({esc(rule.item)})</span> ' if rule.item else ""
    sentence = _sentence(rule)
    unless = rule.unless
    if len(unless) == 1:  # one rule it gives way to: its condition, and where it is
        first = unless[0]
        where = site.link(page, first.law, from_code=law.code) if first.law != law.id else "this law"
        condition = _condition(first)
        sentence += (f' <span class="lk-rule__unless"><strong>Unless</strong> '
                     f'{condition + " (" + where + ")" if condition else where + " rules otherwise"}.</span>')
    elif unless:  # several: the laws whose rules come first
        laws = list(dict.fromkeys(r.law for r in unless))
        named = [site.link(page, w, from_code=law.code) if w != law.id else "another rule of this law"
                 for w in laws[:4]]
        more = f" or {_count(len(laws) - 4, 'other law')}" if len(laws) > 4 else ""
        listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + (" or " if not more else ", ") + named[-1]
        sentence += f' <span class="lk-rule__unless"><strong>Unless</strong> {listed}{more} rules otherwise.</span>'
    return (f'<div class="lk-rule"><p class="lk-rule__said">{label}{sentence}</p>'
            f'<div class="lk-dev-only">{_rule(site, page, law, rule)}</div></div>')


def _blanks(text: str) -> str:
    """A sentence with its {values} as blanks the situation fills in: the revoker, in italics."""
    return PLACEHOLDER.sub(lambda m: f'<em class="lk-blank">{esc(m.group(1).replace("_", " "))}</em>', esc(text))


def _lower(text: str) -> str:
    """The first word in lower case, to follow "When": not a name (North, Law 14) or a blank."""
    first = text.split(" ", 1)[0]
    if not first or first.startswith("{") or first.rstrip(",'s").capitalize() in _NAMES or \
            (first.isupper() and len(first) > 1):
        return text
    return text[:1].lower() + text[1:]


_NAMES = {"North", "East", "South", "West", "Law", "Laws", "Rule", "I", "Dummy's"}


def _parts(rule: Any) -> tuple[str, str] | None:
    """The rule's sentence as its condition and its ruling, where it is written "condition: ruling"."""
    if not rule.says or ": " not in rule.says:
        return None
    condition, ruling = rule.says.split(": ", 1)
    return condition, ruling


def _condition(rule: Any) -> str:
    parts = _parts(rule)
    if parts is not None and not placeholders(parts[0]):
        return esc(_lower(parts[0]))
    return printed(_lower(rule.description.rstrip("."))) if rule.description else ""


def _sentence(rule: Any) -> str:
    """When …, then …: the rule's own sentence (its ``says``) where it stands without a situation;
    where it has values to fill in ({revoker}), the rule's description, in plain words too."""
    parts = _parts(rule)
    if rule.says and not placeholders(rule.says):
        if parts is not None:
            condition, ruling = parts
            return f"<strong>When</strong> {esc(_lower(condition))}, <strong>then</strong> {esc(_lower(ruling))}"
        return esc(rule.says)
    if rule.description:
        return printed(rule.description)
    return _blanks(rule.says or "")


def _count(n: int, what: str) -> str:
    return "" if not n else f"{n} {what}" + ("" if n == 1 else "s")


def _constant(raw: dict[str, Any]) -> str:
    definition = {k: v for k, v in raw.items() if k not in ("name", "description")}
    body = "; ".join(f"{k}: {compact(v)}" for k, v in definition.items())
    description = f"<p>{printed(raw['description'])}</p>" if raw.get("description") else ""
    return (f'<div class="lk-clause lk-clause--constant"><p class="lk-clause__title">'
            f'<span class="lk-tag">constant</span> <code>{esc(raw.get("name", ""))}</code></p>{description}'
            f'<p class="lk-clause__cel"><code>{esc(body)}</code></p></div>')


def _rule(site: Site, page: str, law: Law, rule: _Rule) -> str:
    rows = []
    on = f" (item {esc(rule.item)})" if rule.item else ""
    if rule.description:
        rows.append(f"<p>{printed(rule.description)}</p>")
    facts = [f"<li><code>{esc(name)}</code> — {printed(question)}</li>" for name, question in rule.facts]
    uses = []
    for name, at in rule.constants:
        where = f" ({site.link(page, at, from_code=law.code)})" if at else ""
        uses.append(f"<code>{esc(name)}</code>{where}")
    for name, producers in rule.inputs:
        where = ", ".join(site.link(page, p, from_code=law.code) for p in producers)
        uses.append(f"<code>{esc(name)}</code>" + (f" (computed by {where})" if where else ""))
    dl = []
    if facts:
        dl.append(f"<dt>Asks</dt><dd><ul>{''.join(facts)}</ul></dd>")
    if uses:
        dl.append(f"<dt>Uses</dt><dd>{', '.join(uses)}</dd>")
    condition = (f"<code>{esc(rule.when)}</code>" if rule.when is not None
                 else "always, once the facts it uses are known")
    dl.append(f"<dt>When</dt><dd>{condition}</dd>")
    meaning = f" — {printed(rule.meaning)}" if rule.meaning else ""
    dl.append(f'<dt>Ruling</dt><dd><span class="lk-tag lk-tag--outcome">{esc(rule.outcome)}</span>{meaning}</dd>')
    if rule.says:
        # The sentence a player reads, its values named where the ruling fills them in.
        sentence = PLACEHOLDER.sub(lambda m: f"<em>{esc(m.group(1).replace('_', ' '))}</em>", esc(rule.says))
        dl.append(f"<dt>Says</dt><dd>{sentence}</dd>")
    if rule.values:
        values = [f"<li><code>{esc(name)}</code> = <code>{esc(source)}</code></li>" for name, source in rule.values]
        dl.append(f"<dt>Gives</dt><dd><ul>{''.join(values)}</ul></dd>")
    if rule.definitions:  # the names its CEL reads for longer CEL, each with its sentence and CEL, in the order written
        listed = "".join(_definition(site, page, law, *one) for one in rule.definitions)
        dl.append(f"<dt>Definitions</dt><dd><ul>{listed}</ul></dd>")
    if rule.winners or rule.losers:
        said = []
        if rule.losers:
            said.append("Takes precedence over " + ", ".join(_rule_ref(site, page, law, *k) for k in rule.losers))
        if rule.winners:
            said.append("Gives way to " + ", ".join(_rule_ref(site, page, law, *k) for k in rule.winners))
        dl.append(f"<dt>Precedence</dt><dd>{'; '.join(said)}.</dd>")
    return (f'<div class="lk-clause lk-clause--rule"><p class="lk-clause__title"><span class="lk-tag">rule</span> '
            f"<code>{esc(rule.id)}</code>{on}</p>{''.join(rows)}<dl class=\"lk-clause__facts\">{''.join(dl)}</dl></div>")


def _definition(site: Site, page: str, law: Law, name: str, at: str, description: str | None, written: str) -> str:
    where = "" if at == law.id else f" ({site.link(page, at, from_code=law.code)})"
    described = f" — {printed(description)}" if description else ""
    return (f'<li class="lk-clause__definition"><code>{esc(name)}</code>{where}{described}'
            f'<br><code>{esc(written)}</code></li>')


def _rule_ref(site: Site, page: str, law: Law, key: str, known: bool) -> str:
    """A rule named by its key: its id in this law, or its law (``known``: a unit of the corpus) and id."""
    where, rule_id = key.split("#", 1)
    if where == law.id:
        return f"<code>{esc(rule_id)}</code>"
    if known:
        return f"{site.link(page, where, from_code=law.code)} <code>{esc(rule_id)}</code>"
    return f"<code>{esc(key)}</code>"


# Each worked example as told under a law (most of a box's work: its story and record), kept in this
# process by what it is made from: the example's record and what it tells of its rulings (compared
# exactly, ``kept.same``; under `mkdocs serve` they are the very objects kept with the scenario and its
# ruling, so the comparison is quick), what it says and where, the law and page, the names its links
# show, and the shared files its story and rulings read (the record's vocabulary, the facts' questions,
# the outcomes: ``site.examples_shared``). A saved rule tells again only the examples it rules otherwise.
_examples_told: dict[tuple[str, str, int], tuple[tuple[Any, ...], list[Any], str]] = {}


def _told(site: Site, page: str, law: Law, index: int, example: Example) -> str:
    if site.examples_shared is None:  # examples not made by examples.run: nothing to key the story by
        return _example(site, page, law, example)
    key = (site.examples_shared, site.names_key(), site.urls.base, site.urls.use_directory_urls, law.code,
           example.name, example.description, example.facts, example.code, example.path, example.line)
    kept = _examples_told.get((page, law.id, index))
    if kept is not None and same(kept[0], key, None) and (  # a value 1 is not true
            kept[1] is example.rulings or same(_shown(kept[1]), _shown(example.rulings), None)):
        told = kept[2]
    else:
        told = _example(site, page, law, example)
    _examples_told[(page, law.id, index)] = (key, example.rulings, told)  # the next build compares with these objects
    return told


def _shown(rulings: list[Any]) -> list[tuple[Any, ...]]:
    """What an example tells of its rulings (a ruling made again, its trace naming the rule's new
    condition, may tell the same)."""
    return [(r.law, r.rule, r.outcome, r.says, r.values) for r in rulings]


def _example(site: Site, page: str, law: Law, example: Example) -> str:
    """A worked example as a short story (story.py), the rulings in players' words; the record as
    written, its file and the outcomes behind the developer switch."""
    corpus = site.corpus
    record = example.facts
    rulings, workings = [], []
    for ruling in example.rulings:
        this = " lk-ruling--this" if ruling.law == law.id else ""
        outcome = corpus.outcomes.get(ruling.outcome)
        said = printed(ruling.says) if ruling.says else \
            printed(outcome.description) if outcome is not None and outcome.description else esc(ruling.outcome)
        rulings.append(f'<li class="lk-ruling{this}">{site.link(page, ruling.law, from_code=law.code)}: {said}</li>')
        values = "; ".join(f"{name}: {compact(value)}" for name, value in ruling.values.items())
        workings.append(f'<li><code>{esc(ruling.rule)}</code> <span class="lk-tag lk-tag--outcome">'
                        f'{esc(ruling.outcome)}</span>{f" <code>{esc(values)}</code>" if values else ""}</li>')
    description = f'<p class="lk-example__description">{printed(example.description)}</p>' if example.description else ""
    return (f'<details class="lk-example lk-plain"><summary>{printed(example.name)}</summary>'
            f'<div class="lk-story">{story(corpus, record)}</div>'
            f'<p class="lk-example__label">The ruling under {esc(site.code_name(example.code))}</p>'
            f'<ul class="lk-example__rulings">{"".join(rulings)}</ul>{description}'
            f'<div class="lk-dev-only"><p class="lk-example__where">{esc(example.path)}:{example.line}</p>'
            f'<ul class="lk-example__facts">{_record(record)}</ul>'
            f'<ul class="lk-example__outcomes">{"".join(workings)}</ul></div></details>')


def _record(record: dict[str, Any]) -> str:
    """The record as written: its parts, then each run of events of one kind on one line."""
    parts = [(name, value) for name, value in record.items() if name not in ("events", "answers")]
    runs: list[tuple[str, list[Any]]] = []  # consecutive events of one kind on one line: a deal, a trick
    for event in record.get("events") or []:
        for kind, body in (event.items() if isinstance(event, dict) else ()):
            if runs and runs[-1][0] == kind:
                runs[-1][1].append(body)
            else:
                runs.append((kind, [body]))
    parts += [(kind if len(bodies) == 1 else f"{kind} ×{len(bodies)}", bodies[0] if len(bodies) == 1 else bodies)
              for kind, bodies in runs]
    parts += list((record.get("answers") or {}).items())
    return "".join(f"<li><code>{esc(name)}: {esc(compact(value))}</code></li>" for name, value in parts)
