"""Beside a law: its machine clauses in readable form, and the scenarios where they rule.

A collapsible "How lawkit applies this law" block: each constant (its
description and definition), each rule (what it says in plain words, the
facts it asks for, its condition and values in CEL, the outcome, precedence),
and the worked examples — every scenario in which a rule of the law rules,
with its facts and the rulings of that code.
"""

from __future__ import annotations

from typing import Any

from ..corpus.model import Law
from .context import Example, Site
from .markup import compact, esc, printed
from ..rules.words import PLACEHOLDER


def clauses(site: Site, page: str, law: Law) -> str:
    book = site.corpus.rulebooks.get(law.code)
    rules = [r for r in book.rules if r.law == law.id] if book else []
    order = {raw.get("id"): index for index, raw in enumerate(law.rules)}
    rules.sort(key=lambda r: order.get(r.id, 0))  # as written beside the law, not in evaluation order
    constants = law.constants
    examples = site.examples.get(law.id, [])
    if not rules and not constants:
        if law.unformalized:
            return (f'<p class="lk-unformalized" data-search-exclude><span class="lk-tag">not executable</span> '
                    f"{printed(law.unformalized)}</p>")
        return ""
    counts = [_count(len(rules), "rule"), _count(len(constants), "constant"), _count(len(examples), "worked example")]
    out = ['<details class="lk-clauses" data-search-exclude>',
           f'<summary>How lawkit applies this law <span class="lk-clauses__count">'
           f'{esc(", ".join(c for c in counts if c))}</span></summary>']
    for constant in constants:
        out.append(_constant(constant))
    for rule in rules:
        out.append(_rule(site, page, law, book, rule))
    if examples:
        out.append(f'<p class="lk-clauses__examples-title"><strong>Worked examples</strong> '
                   f'— the scenarios in tests/scenarios where a rule of this law rules:</p>')
        out.extend(_example(site, page, law, example) for example in examples)
    out.append("</details>")
    return "".join(out)


def _count(n: int, what: str) -> str:
    return "" if not n else f"{n} {what}" + ("" if n == 1 else "s")


def _constant(raw: dict[str, Any]) -> str:
    definition = {k: v for k, v in raw.items() if k not in ("name", "description")}
    body = "; ".join(f"{k}: {compact(v)}" for k, v in definition.items())
    description = f"<p>{printed(raw['description'])}</p>" if raw.get("description") else ""
    return (f'<div class="lk-clause lk-clause--constant"><p class="lk-clause__title">'
            f'<span class="lk-tag">constant</span> <code>{esc(raw.get("name", ""))}</code></p>{description}'
            f'<p class="lk-clause__cel"><code>{esc(body)}</code></p></div>')


def _rule(site: Site, page: str, law: Law, book: Any, rule: Any) -> str:
    corpus = site.corpus
    rows = []
    on = f" (item {esc(rule.item)})" if rule.item else ""
    if rule.description:
        rows.append(f"<p>{printed(rule.description)}</p>")
    facts = [f"<li><code>{esc(name)}</code> — {printed(corpus.facts[name].question)}</li>"
             for name in sorted(rule.facts) if name in corpus.facts]
    uses = []
    for name in sorted(rule.constants):
        constant = book.constants.get(name)
        where = f" ({site.link(page, constant.law, from_code=law.code)})" if constant else ""
        uses.append(f"<code>{esc(name)}</code>{where}")
    for name in sorted(rule.inputs):
        producers = book.producers.get(name, [])
        where = ", ".join(site.link(page, p.law, from_code=law.code) for p in producers)
        uses.append(f"<code>{esc(name)}</code>" + (f" (computed by {where})" if where else ""))
    dl = []
    if facts:
        dl.append(f"<dt>Asks</dt><dd><ul>{''.join(facts)}</ul></dd>")
    if uses:
        dl.append(f"<dt>Uses</dt><dd>{', '.join(uses)}</dd>")
    condition = (f"<code>{esc(rule.when.source)}</code>" if rule.when is not None
                 else "always, once the facts it uses are known")
    dl.append(f"<dt>When</dt><dd>{condition}</dd>")
    outcome = corpus.outcomes.get(rule.outcome)
    meaning = f" — {printed(outcome.description)}" if outcome is not None and outcome.description else ""
    dl.append(f'<dt>Ruling</dt><dd><span class="lk-tag lk-tag--outcome">{esc(rule.outcome)}</span>{meaning}</dd>')
    if rule.says:
        # The sentence a player reads, its values named where the ruling fills them in.
        sentence = PLACEHOLDER.sub(lambda m: f"<em>{esc(m.group(1).replace('_', ' '))}</em>", esc(rule.says))
        dl.append(f"<dt>Says</dt><dd>{sentence}</dd>")
    if rule.values:
        values = []
        for name, value in rule.values.items():
            source = value.source if hasattr(value, "source") else compact(value)
            values.append(f"<li><code>{esc(name)}</code> = <code>{esc(source)}</code></li>")
        dl.append(f"<dt>Gives</dt><dd><ul>{''.join(values)}</ul></dd>")
    winners = book.beaten_by.get(rule.key, [])
    losers = [loser for loser, beaten_by in book.beaten_by.items() if rule.key in beaten_by]
    if winners or losers:
        said = []
        if losers:
            said.append("Takes precedence over " + ", ".join(_rule_ref(site, page, law, k) for k in losers))
        if winners:
            said.append("Gives way to " + ", ".join(_rule_ref(site, page, law, k) for k in winners))
        dl.append(f"<dt>Precedence</dt><dd>{'; '.join(said)}.</dd>")
    return (f'<div class="lk-clause lk-clause--rule"><p class="lk-clause__title"><span class="lk-tag">rule</span> '
            f"<code>{esc(rule.id)}</code>{on}</p>{''.join(rows)}<dl class=\"lk-clause__facts\">{''.join(dl)}</dl></div>")


def _rule_ref(site: Site, page: str, law: Law, key: str) -> str:
    where, rule_id = key.split("#", 1)
    if where == law.id:
        return f"<code>{esc(rule_id)}</code>"
    if where in site.corpus.units:
        return f"{site.link(page, where, from_code=law.code)} <code>{esc(rule_id)}</code>"
    return f"<code>{esc(key)}</code>"


def _example(site: Site, page: str, law: Law, example: Example) -> str:
    # The record as it happened: its parts, then each event and each answer on its own line.
    record = example.facts
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
    facts = "".join(f"<li><code>{esc(name)}: {esc(compact(value))}</code></li>" for name, value in parts)
    rulings = []
    for ruling in example.rulings:
        values = "; ".join(f"{name}: {compact(value)}" for name, value in ruling.values.items())
        this = " lk-ruling--this" if ruling.law == law.id else ""
        # In players' words where the rule says it; its outcome and values otherwise.
        said = printed(ruling.says) if ruling.says else (f" <code>{esc(values)}</code>" if values else "")
        rulings.append(f'<li class="lk-ruling{this}">{site.link(page, ruling.law, from_code=law.code)} — '
                       f'<span class="lk-tag lk-tag--outcome">{esc(ruling.outcome)}</span> {said}</li>')
    description = f'<p class="lk-example__description">{printed(example.description)}</p>' if example.description else ""
    return (f'<div class="lk-example"><p class="lk-example__name"><strong>{printed(example.name)}</strong> '
            f'<span class="lk-example__where">{esc(example.path)}:{example.line}</span></p>{description}'
            f'<p class="lk-example__label">What happened</p><ul class="lk-example__facts">{facts}</ul>'
            f'<p class="lk-example__label">Rulings of {esc(site.code_name(example.code))}</p>'
            f'<ul class="lk-example__rulings">{"".join(rulings)}</ul></div>')
