"""The explorer's table pages: the hand as players see it, the cut for the table, the deal checker
and the scorer (``explorer/hand/``, ``cut/``, ``deal/``, ``score/``). Each page is a form that its
module in assets/lawkit/explorer/ (hand.js, cut.js, deal.js, score.js) fills in, ruling with the
explorer's evaluator (explorer.js) from the same rulebooks as the Python engine; its state is in
the address's fragment (share.js).

The data they read beside the explorer's own (api/explorer/model.json and one rulebook per code):
``api/explorer/hands.json``, the whole hands of the scenarios (the records one can step through),
and the laws a code's rules cite with their previews, ``api/explorer/<code>.laws.json``, which
"What happens now?" writes (now.py) and every page of the explorer loads with a code."""

from __future__ import annotations

import html
import json
from typing import Any, Iterator

from .context import Site
from .kept import Kept, made
from .urls import ASSET_DIR

CSS = "table.css"
HANDS = "api/explorer/hands.json"


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


# The pages: (name, title, the module that runs it, the lead paragraph).
PAGES = (
    ("hand", "The hand as players see it", "hand.js",
     "A whole hand as it was played: the four hands dealt, the auction round by round and the play "
     "trick by trick. Step through it with the buttons or the arrow keys; each irregularity is flagged "
     "at the moment it happened, with the ruling of the code and the law it cites."),
    ("cut", "Cut for deal and forming the table", "cut.js",
     "Four or more candidates cut a card each, drawn at random or chosen. Each code then says, step by "
     "step and law by law, who plays and who waits, the partnerships, who deals first and, when the "
     "first rubber is over and those who waited claim their places, who cuts out."),
    ("deal", "Deal checker", "deal.js",
     "Deal a pack, or change how it was dealt: a card face up, a hand short, the wrong dealer. Each "
     "code says whether the deal stands or is a misdeal, why, and who deals next."),
    ("score", "Scorer", "score.js",
     "Enter the hands of a rubber (the declaration, who made it, the tricks and the honours) and see "
     "the score sheet under each code: every entry with the law that puts it there."),
)


def src_uri(name: str) -> str:
    return f"explorer/{name}.md"


def pages(site: Site) -> list[tuple[str, str]]:
    """(src_uri, Markdown) of each page; none for a corpus whose codes have no rules to run."""
    if not any(site.corpus.rulebooks.get(code) is not None for code in site.corpus.codes):
        return []
    return [(src_uri(name), _page(site, name, title, module, lead)) for name, title, module, lead in PAGES]


def _page(site: Site, name: str, title: str, module: str, lead: str) -> str:
    here = src_uri(name)
    css = site.urls.href(here, f"{ASSET_DIR}/explorer/{CSS}")
    script = site.urls.href(here, f"{ASSET_DIR}/explorer/{module}")
    codes = [{"id": code.id, "name": site.code_name(code.id)} for code in site.corpus.codes.values()
             if site.corpus.rulebooks.get(code.id) is not None]
    data = html.escape(json.dumps(codes, ensure_ascii=False, separators=(",", ":")))
    return f"""# {title}

{lead}

<link rel="stylesheet" href="{html.escape(css)}">
<div class="lk-table" id="lk-{name}" data-lk-codes="{data}">
<p class="lk-table__loading" role="status">Loading the rules…</p>
<noscript><p>This page runs the laws' rules in your browser: it needs JavaScript.</p></noscript>
</div>
<script type="module" src="{html.escape(script)}"></script>
"""


def files(site: Site, kept: Kept | None = None) -> Iterator[tuple[str, str]]:
    """(path in the site, JSON text): the whole hands. ``kept`` (under `mkdocs serve`): the last build's
    file when the scenarios are the same (the objects the last build read: they are never changed)."""
    scenarios = [(path, id(scenario), scenario) for path, scenario in site.scenarios]
    yield HANDS, made(kept, HANDS, lambda: scenarios, lambda: _dump({"hands": whole_hands(site)}))


def whole_hands(site: Site) -> list[dict[str, Any]]:
    """The scenarios' records of a whole hand (all fifty-two cards dealt and some played), by code."""
    found = []
    for path, scenario in site.scenarios:
        record = scenario.record
        events = record.get("events", []) if isinstance(record, dict) else []
        deals = [e for e in events if isinstance(e, dict) and "deal" in e]
        plays = [e for e in events if isinstance(e, dict) and "play" in e]
        if len(deals) < 52 or len(plays) < 4:
            continue
        found.append({"name": scenario.name, "description": scenario.description or "",
                      "codes": list(scenario.expect),  # the codes it is written for: the first is shown first
                      "record": json.loads(json.dumps(record)), "file": path})
    return found
