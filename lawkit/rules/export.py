"""The export with the rules: lawkit.corpus.export's data, each code's ``rulebook`` filled in
from its compiled rules (docs/contract.md, "The command line"; docs/rules.md)."""

from __future__ import annotations

from typing import Any

from ..corpus.export import export as corpus_export
from ..corpus.model import Corpus


def export(corpus: Corpus) -> dict[str, Any]:
    """``{"codes": [...]}`` with every law, in printed order, and each code's rulebook
    (None for a code without compiled rules, as in a corpus read back from the cache)."""
    books = corpus.rulebooks
    return corpus_export(corpus, lambda code: rulebook_data(books[code]) if books.get(code) is not None else None)


def rulebook_data(book: Any) -> dict[str, Any]:
    """A code's constants and rules, complete enough for another CEL evaluator to give the same rulings:
    the CEL sources, the evaluation order, and who beats whom."""
    from .rulebook import Expression  # the CEL library comes with it: only when rules are exported

    return {
        "constants": {
            name: {"value": c.value, "law": c.law, "description": c.description}
            for name, c in book.constants.items()
        },
        "rules": [
            {
                "key": rule.key, "law": rule.law, "id": rule.id, "item": rule.item,
                "description": rule.description,
                "when": rule.when.source if rule.when else None,
                "outcome": rule.outcome,
                "values": {name: ({"cel": v.source} if isinstance(v, Expression) else {"literal": v})
                           for name, v in rule.values.items()},
                "says": rule.says, "event": rule.event.source if rule.event else None,
                "score": rule.score or None,  # what its ruling puts on the score sheet (value names)
                "facts": sorted(rule.facts), "constants": sorted(rule.constants), "inputs": sorted(rule.inputs),
                "shared": sorted(rule.shared),  # the views' constants it reads (views.yaml)
                "condition_names": sorted(rule.when.names) if rule.when else None,  # what its 'when' reads
                "event_facts": sorted(rule.event_facts),  # views only its event reads: never asked for
                "beaten_by": book.beaten_by.get(rule.key, []),
            }
            for rule in book.rules  # in evaluation order
        ],
        "used_values": sorted(book.used_values),  # values some rule reads: the others are its own output only
    }


def explorer_model(corpus: Corpus) -> dict[str, Any]:
    """What a browser evaluator needs besides a code's rulebook, to read a record and rule on it as
    lawkit.rules.engine does: the record's vocabulary (each kind's fields, types, defaults, and its
    event before its fields are read), the views in order with what each reads, the views' shared
    constants, the facts' types and questions, the outcomes' exclusions, and which views some rule
    of some code reads (a ruling derives only those and what they read)."""
    from .rulebook import ensure_compiled

    ensure_compiled(corpus)
    model = corpus.situation_model
    vocabulary, views = model.vocabulary, model.views
    templates = vocabulary.templates()
    read_by_rules = sorted({name for book in corpus.rulebooks.values() for rule in book.rules
                            for name in rule.facts | rule.event_facts if name in views.views})
    return {
        "record": {
            **vocabulary.as_json(),
            "templates": {kind: {"template": {n: ([] if v is list else v) for n, v in template.items()},
                                 "lists": lists} for kind, (template, lists) in templates.items()},
        },
        "constants": views.constants,
        "views": [{"name": v.name, "description": v.description, "when": v.when_source, "value": v.value_source,
                   "reads": sorted(v.reads), "alias": v.alias, "question": v.question,
                   "type": v.type.as_json() if v.type is not None else None} for v in views.views.values()],
        "facts": {name: {"type": fact.type.as_json(), "question": fact.question}
                  for name, fact in corpus.facts.items()},
        "excludes": {name: list(outcome.excludes) for name, outcome in corpus.outcomes.items() if outcome.excludes},
        "read_by_rules": read_by_rules,
    }


def explorer_rulebook(corpus: Corpus, code: str) -> dict[str, Any]:
    """One code's rulebook for a browser evaluator: ``rulebook_data`` and the order of its laws
    (rulings are listed in printed order)."""
    from .rulebook import ensure_compiled

    ensure_compiled(corpus)
    return {"code": code, "laws": [law.id for law in corpus.codes[code].laws],
            "rulebook": rulebook_data(corpus.rulebooks[code])}
