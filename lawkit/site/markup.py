"""Escaping corpus strings for the page, wherever they land.

Every string from the corpus goes through one of these before it reaches a
page: ``esc`` (HTML text and attribute values), ``printed`` (text as the
sources print it: escaped, _italics_ as <em>), ``md_heading`` (a Markdown
heading's text: escaped for HTML and for Markdown), ``json_script`` (data
for an inline <script type="application/json">).
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from ..corpus.printed import ITALIC, unmarked

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")
_SLUG = re.compile(r"[^\w]+")


def esc(text: Any) -> str:
    """HTML-escaped text, safe in element content and in double-quoted attributes."""
    return html.escape(str(text), quote=True)


def italics(escaped: str) -> str:
    """Already escaped text with the sources' _italics_ as <em>."""
    return ITALIC.sub(lambda m: f"<em>{m.group(1) or m.group(2)}</em>", escaped)


def printed(text: str) -> str:
    """Corpus text for a page: escaped, _italics_ as <em>."""
    return italics(esc(text))


def plain(text: str) -> str:
    """Text without the _italics_ marks (for titles and tooltips)."""
    return unmarked(text)


def md_heading(text: str) -> str:
    """Text for a Markdown heading: HTML-escaped, Markdown's special characters backslash-escaped.

    Quotes are left as they are: the table of contents takes a heading's text as written and is
    escaped again by the theme, so "dealer's" written as an entity showed as "dealer&#x27;s" there.
    """
    return _MD_SPECIAL.sub(r"\\\1", html.escape(plain(text), quote=False))


def attr_value(text: str) -> str:
    """A value for attr_list's ``key="..."`` (no quotes or braces; escaped)."""
    return esc(re.sub(r'["{}\\]', "", plain(text)))


def slug(text: str) -> str:
    return _SLUG.sub("-", plain(text).lower()).strip("-_") or "x"


def json_script(data: Any, element_id: str) -> str:
    """Data as an inline JSON script: ``<``, ``>`` and ``&`` written as \\u escapes,
    so no string in it can close the script or open a tag."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f'<script type="application/json" id="{esc(element_id)}">{text}</script>'


def compact(value: Any) -> str:
    """A value written the way a YAML flow mapping reads: {player: North, cards: [QS]}."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str) and (not value or not re.fullmatch(r"[\w .'-]+", value) or value != value.strip()):
        return json.dumps(value, ensure_ascii=False)
    return str(value)
