"""References between laws: what a law cites and what cites it, transitively, and as a graph.

Edges are the citations printed in the laws' text (and explicit ``refs``),
between laws: a citation of an item (Law 37 b) is an edge to its law.
Every id handled here is a law's, so ``corpus.law_of`` (the law itself) names it.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .model import Corpus


def _out(corpus: Corpus, law_id: str) -> list[str]:
    # a law's citation of its own section or item is no edge (a self-citation is a warning of `lawkit check`)
    return [i for i in dict.fromkeys(corpus.law_of(target).id for target in corpus.law_of(law_id).cites) if i != law_id]


def _in(corpus: Corpus, law_id: str) -> list[str]:
    return list(corpus.law_of(law_id).cited_by)


def walk(corpus: Corpus, start: str, depth: int = 1) -> dict[str, Any]:
    """Laws reachable from ``start`` along citations (out) and against them (in), up to ``depth`` steps."""
    law_id = corpus.law_of(start).id
    result: dict[str, Any] = {"id": law_id, "depth": depth}
    edges: set[tuple[str, str]] = set()
    for direction, step in (("out", _out), ("in", _in)):
        seen = {law_id: 0}
        queue = deque([law_id])
        while queue:
            here = queue.popleft()
            if depth and seen[here] >= depth:
                continue
            for there in step(corpus, here):
                edges.add((here, there) if direction == "out" else (there, here))
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        result[direction] = [{"id": i, "depth": d} for i, d in seen.items() if i != law_id]
    result["edges"] = sorted(edges)
    return result


def as_text(corpus: Corpus, data: dict[str, Any]) -> str:
    lines = [f"{data['id']} — {corpus.law_of(data['id']).name}"]
    for direction, title in (("out", "cites"), ("in", "cited by")):
        lines.append(f"  {title}:" + ("" if data[direction] else " —"))
        for entry in data[direction]:
            law = corpus.law_of(entry["id"])
            lines.append(f"  {'  ' * entry['depth']}{entry['id']} ({law.name}, {law.heading.rstrip('.').title()})")
    return "\n".join(lines) + "\n"


def as_dot(corpus: Corpus, data: dict[str, Any]) -> str:
    nodes = {data["id"], *(e["id"] for e in data["out"] + data["in"])}
    lines = ["digraph citations {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
    for node in sorted(nodes):
        style = ", style=bold" if node == data["id"] else ""
        lines.append(f'  "{node}" [label="{corpus.law_of(node).name}\\n{node.split("/", 1)[0]}"{style}];')
    lines.extend(f'  "{a}" -> "{b}";' for a, b in data["edges"])
    lines.append("}")
    return "\n".join(lines) + "\n"


def as_mermaid(corpus: Corpus, data: dict[str, Any]) -> str:
    nodes = sorted({data["id"], *(e["id"] for e in data["out"] + data["in"])})
    names = {node: f"n{i}" for i, node in enumerate(nodes)}
    lines = ["graph LR"]
    lines.extend(f'  {names[n]}["{corpus.law_of(n).name} ({n.split("/", 1)[0]})"]' for n in nodes)
    lines.extend(f"  {names[a]} --> {names[b]}" for a, b in data["edges"])
    return "\n".join(lines) + "\n"
