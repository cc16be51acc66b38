"""Laws compared: a concordance page per topic and a page per pair of editions.

Every parallel a law lists (``law.parallels``) has a place on one of these
pages where its two laws stand side by side, word by word; ``place_pairs``
records those places so the law can link to them.
"""

from __future__ import annotations

from ..corpus.editions import differences, summary
from ..corpus.model import EditionEntry, EditionMap, ParallelGroup
from .context import Site
from .diff import side_by_side, single
from .law import local
from .markup import esc, md_heading, printed, slug
from .pages import front


def topics_compared(site: Site) -> list[str]:
    """The topics that have a concordance, in the order of topics.yaml."""
    present = {group.topic for group in site.corpus.concordance}
    return [topic for topic in site.corpus.topics if topic in present] + sorted(
        present.difference(site.corpus.topics))


def _group_anchors(site: Site, topic: str) -> list[tuple[ParallelGroup, str]]:
    used: set[str] = set()
    out = []
    for group in site.corpus.concordance:
        if group.topic != topic:
            continue
        anchor = slug(group.subject)
        while anchor in used:
            anchor += "-"
        used.add(anchor)
        out.append((group, anchor))
    return out


def pair_anchor(group_anchor: str, member: str) -> str:
    return f"{group_anchor}--{member.replace('/', '-')}"


def entry_anchor(entry: EditionEntry) -> str:
    def side(ids: list[str]) -> str:
        return "+".join(local(i) for i in ids) or "none"
    return f"e-{side(entry.earlier)}--{side(entry.later)}"


def place_pairs(site: Site) -> None:
    """Where each parallel is shown side by side, keyed by the position it is written at."""
    for topic in topics_compared(site):
        page = site.urls.concordance(topic)
        for group, anchor in _group_anchors(site, topic):
            for member in group.laws:
                site.pairs[member.position] = (page, pair_anchor(anchor, member.id), "concordance")
    for edition in site.corpus.editions:
        page = site.urls.edition(edition.earlier, edition.later)
        for entry in edition.entries:
            site.pairs[entry.position] = (page, entry_anchor(entry), "edition")


def _relation(relation: str) -> str:
    return f'<span class="lk-rel lk-rel--{esc(relation)}">{esc(relation)}</span>'


_LOWER = {"exclude": True}  # pages comparing laws repeat them: search finds the laws themselves

_LEGEND = ('<p class="lk-legend" data-search-exclude>Word by word: <del>words the first law has and the second '
           "lacks</del>, <ins>words the second adds</ins>; spelling, punctuation and numbers count as words.</p>")


# -- the concordance --------------------------------------------------------------

def concordance_index(site: Site) -> str:
    page = site.urls.concordance_index()
    out = [front("Concordance", search=_LOWER), "# Concordance", "",
           "<p>The same rule across the codes. Each group names a reference law (the oldest or most general code "
           "that has the rule) and classes every other law on that rule against it: <em>identical</em> (the same "
           "words, spelling, punctuation and numbering aside), <em>reworded</em> (other words, the same rule) or "
           "<em>changed</em> (the rule differs in substance). Each pair is shown side by side, word by word.</p>", ""]
    for topic in topics_compared(site):
        entry = site.corpus.topics.get(topic)
        title = entry.title if entry else topic
        href = site.urls.href(page, site.urls.concordance(topic))
        subjects = "".join(
            f'<li><a href="{esc(site.urls.href(page, site.urls.concordance(topic), anchor))}">'
            f"{printed(group.subject)}</a></li>" for group, anchor in _group_anchors(site, topic))
        out += [f"## {md_heading(title)} {{ #{slug(topic)} data-search-exclude }}", "",
                f'<p><a href="{esc(href)}">All {printed(title.lower())} parallels</a></p><ul>{subjects}</ul>', ""]
    return "\n".join(out) + "\n"


def concordance_page(site: Site, topic: str) -> str:
    page = site.urls.concordance(topic)
    entry = site.corpus.topics.get(topic)
    title = entry.title if entry else topic
    out = [front(title, search=_LOWER), f"# {md_heading('Concordance: ' + title)}", ""]
    if entry is not None and entry.description:
        out += [f"<p>{printed(entry.description)}</p>", ""]
    out += [_LEGEND, ""]
    for group, anchor in _group_anchors(site, topic):
        out += [f"## {md_heading(group.subject)} {{ #{anchor} data-search-exclude }}", ""]
        body = [f'<p class="lk-group__ref">Reference law: {site.link(page, group.reference)}</p>']
        for member in group.laws:
            note = f" — {printed(member.note)}" if member.note else ""
            body.append(
                f'<div class="lk-pair" id="{esc(pair_anchor(anchor, member.id))}">'
                f'<p class="lk-pair__head">{site.link(page, member.id)} {_relation(member.relation)}{note}</p>'
                f"{side_by_side(site, page, [group.reference], [member.id])}</div>")
        out += [f'<div class="lk-group">{"".join(body)}</div>', ""]
    return "\n".join(out) + "\n"


# -- editions ---------------------------------------------------------------------

def _behaviour(site: Site, page: str, edition: EditionMap) -> list[str]:
    """What the revision changed in behaviour: the scenarios whose rulings differ, each side in words."""
    found = site.changes.get((edition.earlier, edition.later))  # examples.changes ran them (or the cache had them)
    if found is None:
        return []
    earlier, later = site.code_name(edition.earlier), site.code_name(edition.later)
    out = ["## What the revision changed in behaviour { #behaviour data-search-exclude }", "",
           f'<p class="lk-meta">Every worked example and dispute ({found.run} situations) ruled under both '
           f"editions, each law mapped through the table below: {len(found.changed)} are ruled differently, "
           f"{found.run - len(found.changed)} alike.</p>", ""]
    for change in found.changed:
        sides = []
        for code, name, side in ((edition.earlier, earlier, change.earlier), (edition.later, later, change.later)):
            if side.error:
                said = [f"<li>{esc(side.error)}</li>"]
            elif not side.rulings:
                said = ["<li>No ruling.</li>"]
            else:
                said = [f"<li>{site.link(page, r['law'], from_code=code)}: "
                        f"{printed(r['says']) if r['says'] else esc(r['outcome'])}</li>" for r in side.rulings]
            sides.append(f'<div class="lk-sbs__col"><p class="lk-sbs__label">{esc(name)}</p><ul>{"".join(said)}</ul></div>')
        out += [f'<details class="lk-change"><summary>{printed(change.scenario)}</summary>'
                f'<section class="lk-sbs">{"".join(sides)}</section></details>', ""]
    return out


def edition_page(site: Site, edition: EditionMap) -> str:
    corpus = site.corpus
    page = site.urls.edition(edition.earlier, edition.later)
    earlier, later = site.code_name(edition.earlier), site.code_name(edition.later)
    diffs = differences(corpus, edition)
    counts = summary(diffs)
    order = ["identical", "reworded", "changed", "added", "dropped", "absent", "renumbered"]
    said = ", ".join(f"{counts[k]} {k}" for k in order if counts.get(k))
    out = [front(f"{earlier} → {later}", search=_LOWER), f"# {md_heading(f'{earlier} → {later}')}", ""]
    if edition.note:
        out += [f"<p>{printed(' '.join(edition.note.split()))}</p>", ""]
    out += [f'<p class="lk-meta">{len(diffs)} entries: {esc(said)}. Every law of both editions appears once; '
            "a merge or a split names several laws.</p>", ""]
    out += _behaviour(site, page, edition)
    out += [_LEGEND, ""]
    used: set[str] = set()
    current = None
    for diff in diffs:
        entry = diff.entry
        # grouped under the earlier edition's headings; an added law stays under the heading it follows
        heading = corpus.law_of(entry.earlier[0]).heading if entry.earlier else (
            current or corpus.law_of(entry.later[0]).heading)
        if heading != current:
            current = heading
            anchor = slug(heading)
            while anchor in used:
                anchor += "-"
            used.add(anchor)
            out += [f"## {md_heading(heading)} {{ #{anchor} data-search-exclude }}", ""]
        left = " + ".join(site.link(page, i, from_code=edition.earlier) for i in entry.earlier) or "—"
        right = " + ".join(site.link(page, i, from_code=edition.later) for i in entry.later) or "—"
        flags = ' <span class="lk-tag">renumbered</span>' if diff.renumbered else ""
        head = (f'<p class="lk-entry__head"><span class="lk-entry__side">{esc(earlier)}</span> {left} → '
                f'<span class="lk-entry__side">{esc(later)}</span> {right} {_relation(entry.change)}{flags}</p>')
        note = f'<p class="lk-entry__note">{printed(" ".join(entry.note.split()))}</p>' if entry.note else ""
        if entry.earlier and entry.later:
            body = side_by_side(site, page, entry.earlier, entry.later, ops=diff.ops or None)
        elif entry.later:
            body = single(site, page, entry.later, "added")
        elif entry.change == "dropped":
            body = single(site, page, entry.earlier, "dropped")
        else:
            body = ""
        out += [f'<div class="lk-entry" id="{esc(entry_anchor(entry))}">{head}{note}{body}</div>', ""]
    return "\n".join(out) + "\n"
