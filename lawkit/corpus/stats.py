"""Corpus statistics: laws per code, citations, parallels, glossary, topics, annotations."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .citations import find_citations
from .model import Corpus


def stats(corpus: Corpus) -> dict[str, Any]:
    laws = list(corpus.laws())
    codes = []
    for code in corpus.codes.values():
        parts = Counter(law.part or "laws" for law in code.laws)
        annotated = sum(1 for law in code.laws if law.annotations)
        codes.append({
            "id": code.id,
            "laws": dict(parts),
            "sections": sum(len(law.sections) for law in code.laws),
            "items": sum(len(law.items) + sum(len(s.items) for s in law.sections) for law in code.laws),
            "notes": sum(len(law.all_notes()) for law in code.laws),
            "citations": sum(len(find_citations(t.text)) for law in code.laws for t in law.texts),
            "laws_with_parallels": sum(1 for law in code.laws if law.parallels),
            "annotated": annotated,
            "annotated_share": round(annotated / len(code.laws), 3) if code.laws else 0.0,
        })
    with_term = {law_id for term in corpus.glossary for law_id in term.used_by}
    topic_use = Counter(topic for law in laws for topic in law.topics)
    pairs = {tuple(sorted((law.id, p.id))): p.relation for law in laws for p in law.parallels}
    annotated = sum(1 for law in laws if law.annotations)
    return {
        "codes": codes,
        "laws": len(laws),
        "citations": sum(c["citations"] for c in codes),
        "parallels": {
            "groups": len(corpus.concordance),
            "links": len(pairs),
            "by_relation": dict(Counter(pairs.values())),
            "laws_with_parallels": sum(1 for law in laws if law.parallels),
        },
        "editions": [
            {"from": e.earlier, "to": e.later, "entries": len(e.entries),
             "by_change": dict(Counter(entry.change for entry in e.entries))}
            for e in corpus.editions
        ],
        "glossary": {
            "terms": len(corpus.glossary),
            "defined_by_a_code": sum(1 for t in corpus.glossary if t.defined_by),
            "laws_using_a_term": len(with_term),
            "coverage": round(len(with_term) / len(laws), 3) if laws else 0.0,
        },
        "topics": {
            "listed": len(corpus.topics),
            "used": len(topic_use),
            "laws_with_a_topic": sum(1 for law in laws if law.topics),
            "per_topic": dict(sorted(topic_use.items())),
        },
        "annotations": {
            "annotated_laws": annotated,
            "annotations": sum(len(law.annotations) for law in laws),
            "share": round(annotated / len(laws), 3) if laws else 0.0,
        },
    }


def as_text(data: dict[str, Any]) -> str:
    rows = []
    for code in data["codes"]:
        laws = " + ".join(f"{n} {part}" if part != "laws" else str(n) for part, n in code["laws"].items())
        rows.append((code, laws))
    width = max([len("laws")] + [len(laws) for _, laws in rows])
    lines = [f"{'code':<22} {'laws':<{width}} {'sec':>4} {'items':>5} {'notes':>5} {'cites':>5} "
             f"{'parallel':>8} {'annotated':>10}"]
    for code, laws in rows:
        lines.append(f"{code['id']:<22} {laws:<{width}} {code['sections']:>4} {code['items']:>5} {code['notes']:>5} "
                     f"{code['citations']:>5} {code['laws_with_parallels']:>8} "
                     f"{code['annotated']:>4} ({code['annotated_share']:.0%})")
    p, g, t, a = data["parallels"], data["glossary"], data["topics"], data["annotations"]
    lines += [
        "",
        f"laws: {data['laws']}; printed citations: {data['citations']}",
        f"parallels: {p['groups']} concordance groups, {p['links']} links "
        f"({', '.join(f'{n} {r}' for r, n in sorted(p['by_relation'].items()))}); "
        f"{p['laws_with_parallels']} laws have a parallel",
    ]
    for e in data["editions"]:
        lines.append(f"edition map {e['from']} → {e['to']}: {e['entries']} entries "
                     f"({', '.join(f'{n} {c}' for c, n in sorted(e['by_change'].items()))})")
    lines += [
        f"glossary: {g['terms']} terms ({g['defined_by_a_code']} defined by a code); "
        f"{g['laws_using_a_term']} laws use a term ({g['coverage']:.0%})",
        f"topics: {t['used']} of {t['listed']} used; {t['laws_with_a_topic']} of {data['laws']} laws have a topic",
        f"annotations: {a['annotations']} on {a['annotated_laws']} laws ({a['share']:.0%} of laws)",
    ]
    return "\n".join(lines) + "\n"
