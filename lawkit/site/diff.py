"""Two laws side by side, word by word: the first with its words that go as <del>,
the second with its words that come as <ins>."""

from __future__ import annotations

from ..corpus.editions import word_diff
from ..corpus.model import Item, Law, Section
from ..corpus.printed import law_lines, lead
from .context import Site
from .markup import esc, printed


def words(site: Site, citation: str) -> list[str]:
    """The words of a law, section or item as printed, without its number and notes."""
    unit = site.corpus.get(citation)
    if isinstance(unit, Law):
        lines = law_lines(unit, notes=False)
        number = lead(unit)
        if number and lines and lines[0].startswith(number):
            lines[0] = lines[0][len(number):]
    elif isinstance(unit, Section):
        lines = [unit.text, *(f"{i.label} {i.text}" for i in unit.items), unit.text_after or ""]
    else:
        assert isinstance(unit, Item)
        lines = [unit.text, unit.text_after or ""]
    return " ".join(lines).split()


def _side(ops: list[tuple[str, str]], keep: str, tag: str) -> str:
    out = []
    for op, text in ops:
        if op == "equal":
            out.append(printed(text))
        elif op == keep:
            out.append(f"<{tag}>{printed(text)}</{tag}>")
    return " ".join(out)


def side_by_side(site: Site, page: str, left: list[str], right: list[str], *,
                 ops: list[tuple[str, str]] | None = None, from_code: str | None = None) -> str:
    """Two columns: the laws named left (words removed marked <del>) and right (words added marked <ins>)."""
    if ops is None:
        ops = word_diff([w for c in left for w in words(site, c)], [w for c in right for w in words(site, c)])
    changed = any(op != "equal" for op, _ in ops)
    legend = "" if changed else '<p class="lk-sbs__same">The words are the same.</p>'
    return (
        '<section class="lk-sbs" data-search-exclude>'
        f'<div class="lk-sbs__col lk-sbs__col--old"><p class="lk-sbs__label">{_names(site, page, left, from_code)}</p>'
        f'<p class="lk-sbs__text">{_side(ops, "delete", "del")}</p></div>'
        f'<div class="lk-sbs__col lk-sbs__col--new"><p class="lk-sbs__label">{_names(site, page, right, from_code)}</p>'
        f'<p class="lk-sbs__text">{_side(ops, "insert", "ins")}</p></div>'
        f"{legend}</section>"
    )


def single(site: Site, page: str, citations: list[str], what: str, from_code: str | None = None) -> str:
    """A law added or dropped by an edition: its words, in one column."""
    text = " ".join(w for c in citations for w in words(site, c))
    return (f'<section class="lk-sbs lk-sbs--single lk-sbs--{esc(what)}" data-search-exclude>'
            f'<div class="lk-sbs__col"><p class="lk-sbs__label">{_names(site, page, citations, from_code)}</p>'
            f'<p class="lk-sbs__text">{printed(text)}</p></div></section>')


def _names(site: Site, page: str, citations: list[str], from_code: str | None) -> str:
    """"English Whist: Law 13", "Auction Bridge, 1912: Law 2 + Law 3" (the code named once)."""
    if not citations:
        return esc("—")
    codes = dict.fromkeys(c.split("/", 1)[0] for c in citations)
    if len(codes) > 1:
        return " + ".join(site.link(page, c) for c in citations)
    code = next(iter(codes))
    laws = " + ".join(site.link(page, c, from_code=code) for c in citations)
    return laws if code == from_code else f"{printed(site.code_name(code))}: {laws}"
