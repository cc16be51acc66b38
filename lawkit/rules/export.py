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
                "beaten_by": book.beaten_by.get(rule.key, []),
            }
            for rule in book.rules  # in evaluation order
        ],
    }
