"""How much of each code is executable: laws formalized, unformalized with a reason, untouched.

A topic marked ``formalize: true`` in topics.yaml is one whose laws should all
be formalized; ``lawkit coverage`` lists the laws of such topics that are not.
"""

from __future__ import annotations

from typing import Any

from ..corpus.model import Corpus, Law


def status(law: Law) -> str:
    if law.rules or law.constants:
        return "formalized"
    if law.unformalized:
        return "unformalized"
    return "untouched"


def coverage(corpus: Corpus, codes: list[str] | None = None) -> dict[str, Any]:
    required = {t.id for t in corpus.topics.values() if t.formalize}
    result = []
    for code in corpus.codes.values():
        if codes and code.id not in codes:
            continue
        counts = {"formalized": 0, "unformalized": 0, "untouched": 0}
        rules = said = 0
        gaps = []
        for law in code.laws:
            counts[status(law)] += 1
            rules += len(law.rules)
            said += sum(1 for rule in law.rules if isinstance(rule.get("then"), dict) and rule["then"].get("says"))
            if status(law) == "untouched" and required & set(law.topics):
                gaps.append({"law": law.id, "topics": sorted(required & set(law.topics))})
        result.append({
            "code": code.id, "laws": len(code.laws), "rules": rules, "rules_said": said, **counts,
            "unformalized_reasons": [{"law": law.id, "reason": law.unformalized}
                                     for law in code.laws if status(law) == "unformalized"],
            "required_topics_untouched": gaps,
        })
    return {"required_topics": sorted(required), "codes": result}


def as_text(data: dict[str, Any]) -> str:
    lines = [f"{'code':<22} {'laws':>5} {'formalized':>11} {'unformalized':>13} {'untouched':>10} {'rules':>6} {'said':>5}"]
    for code in data["codes"]:
        lines.append(f"{code['code']:<22} {code['laws']:>5} {code['formalized']:>11} {code['unformalized']:>13} "
                     f"{code['untouched']:>10} {code['rules']:>6} {code['rules_said']:>5}")
    lines.append("(said: rules whose ruling has a sentence in players' words)")
    lines.append("")
    lines.append("topics whose every law should be formalized: " + (", ".join(data["required_topics"]) or "none"))
    gaps = [(c["code"], g) for c in data["codes"] for g in c["required_topics_untouched"]]
    if gaps:
        lines.append(f"{len(gaps)} laws of those topics are untouched:")
        lines.extend(f"  {g['law']} ({', '.join(g['topics'])})" for _, g in gaps)
    else:
        lines.append("every law of those topics is formalized or says why not")
    return "\n".join(lines) + "\n"
