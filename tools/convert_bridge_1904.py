#!/usr/bin/env python3
"""Convert the verified transcription of The Laws of Bridge (1904), the
English club code as reprinted in Hoyle's Games Modernized (1909), into the
lawkit YAML corpus (see docs/corpus-format.md).

    python tools/convert_bridge_1904.py [SOURCE] [--out laws/bridge-1904]

Reads the source (``#`` header lines give the provenance, the rest is the
printed text), writes ``code.yaml`` and one ``NN-slug.yaml`` per printed
heading, then reads every written file back with ``yaml.safe_load`` and
checks it against the source:

* laws 1-108 in order, each under the heading it is printed under;
* every value round-trips exactly (no folding accident);
* the whole code, re-joined in printed order with whitespace collapsed,
  equals the source body (page markers removed) with whitespace collapsed,
  character for character.

The text is never altered: hard line wraps are joined with one space, page
markers such as ``{235}`` are taken out of the text and become ``page`` /
``page_breaks`` numbers, and that is all.  Exits non-zero on any mismatch.

What the source prints that the format cannot hold as structure (see
FALLBACK below): Laws 6 and 7 print two runs of items numbered I., II., ...
with a paragraph between them, and an unnumbered indented paragraph; Law 8
prints an unnumbered indented paragraph; Law 92 is followed by the book
editor's bracketed "[NOTE.--... --ED.]".  These are kept, word for word, as
paragraphs of the law's text.

Editorial data (topics, errata, explicit references) lives in the tables
below, so a re-run reproduces the files byte for byte.

Kept as the record of how the first YAML was made; the YAML is the product
and may be edited by hand since.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = Path("/work/shared/sources/bridge-1904.txt")
CODE_ID = "bridge-1904"
LAW_COUNT = 108

CODE_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json"
HEADING_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json"

TITLE = "THE LAWS OF BRIDGE (1904)."
SHORT_TITLE = "Bridge, 1904"
ISSUED_BY = "The Portland and Turf Clubs"
DATE = "1904"
FIRST_PAGE = 228  # the page before the first marker {229}; the PG HTML puts {228} just above the title

WIDTH = 79  # total line width for folded text

HEADING_RE = re.compile(r"^[A-Z][A-Z ,-]*[A-Z]\.$")
LAW_RE = re.compile(r"^(\d+)(\.?) (.*)$")
ITEM_RE = re.compile(r"^([IVX]+)\. (.*)$")
MARKER_RE = re.compile(r"\{(\d+)\}")
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}

# Laws whose printed layout the format cannot hold as text + items + text_after:
# every paragraph and item is kept, in order, as a paragraph of the text.
FALLBACK = {
    6: "two runs of items I.-III. and I.-II., with a paragraph between them and one after",
    7: "two runs (items I.-II., then an unnumbered indented paragraph) with a paragraph between them",
    8: "an unnumbered indented paragraph after the first sentence",
    92: "the book editor's indented note '[NOTE.--... --ED.]' after the law",
}

TOPICS: dict[int, list[str]] = {
    1: ["rubber-and-game"],
    2: ["rubber-and-game", "scoring"],
    3: ["scoring", "rubber-and-game"],
    4: ["scoring"],
    5: ["honours"],
    6: ["honours", "scoring"],
    7: ["honours", "scoring"],
    8: ["honours", "scoring"],
    9: ["scoring"],
    10: ["scoring", "honours"],
    11: ["scoring", "rubber-and-game"],
    12: ["correcting-the-score"],
    13: ["correcting-the-score"],
    14: ["cutting"],
    15: ["cutting"],
    16: ["cutting"],
    17: ["forming-tables", "cutting"],
    18: ["forming-tables"],
    19: ["cutting", "forming-tables"],
    20: ["cutting", "forming-tables"],
    21: ["cutting-out"],
    22: ["entry"],
    23: ["entry"],
    24: ["entry"],
    25: ["entry"],
    26: ["entry"],
    27: ["shuffling"],
    28: ["shuffling"],
    29: ["shuffling"],
    30: ["shuffling"],
    31: ["shuffling"],
    32: ["shuffling"],
    33: ["shuffling"],
    34: ["dealing"],
    35: ["cutting-the-pack"],
    36: ["cutting-the-pack"],
    37: ["cutting-the-pack", "shuffling"],
    38: ["dealing", "new-deal"],
    39: ["new-deal"],
    40: ["new-deal", "exposed-cards", "dealing"],
    41: ["new-deal", "exposed-cards"],
    42: ["new-deal", "dealing"],
    43: ["irregular-hands", "revoke"],
    44: ["new-deal"],
    45: ["dealing"],
    46: ["shuffling", "cutting-the-pack", "dealing"],
    47: ["declaring"],
    48: ["declaring"],
    49: ["declaring", "new-deal"],
    50: ["declaring", "new-deal"],
    51: ["declaring", "new-deal"],
    52: ["declaring"],
    53: ["doubling"],
    54: ["doubling"],
    55: ["doubling"],
    56: ["doubling"],
    57: ["doubling"],
    58: ["doubling", "new-deal"],
    59: ["doubling"],
    60: ["doubling"],
    61: ["doubling", "declaring"],
    62: ["dummy"],
    63: ["dummy", "penalties"],
    64: ["dummy", "penalties"],
    65: ["dummy", "tricks-and-play"],
    66: ["dummy", "tricks-and-play"],
    67: ["dummy"],
    68: ["dummy", "revoke"],
    69: ["dummy", "exposed-cards"],
    70: ["exposed-cards", "new-deal"],
    71: ["exposed-cards", "doubling"],
    72: ["exposed-cards"],
    73: ["exposed-cards"],
    74: ["exposed-cards", "tricks-and-play"],
    75: ["tricks-and-play", "exposed-cards"],
    76: ["exposed-cards"],
    77: ["tricks-and-play", "revoke"],
    78: ["exposed-cards", "penalties"],
    79: ["penalties", "revoke"],
    80: ["leads-out-of-turn", "penalties"],
    81: ["leads-out-of-turn"],
    82: ["leads-out-of-turn"],
    83: ["penalties", "revoke"],
    84: ["penalties", "exposed-cards"],
    85: ["penalties"],
    86: ["leads-out-of-turn", "penalties"],
    87: ["cards-played-in-error", "new-deal"],
    88: ["cards-played-in-error", "revoke"],
    89: ["revoke"],
    90: ["revoke", "penalties"],
    91: ["revoke"],
    92: ["revoke"],
    93: ["revoke"],
    94: ["revoke", "penalties"],
    95: ["revoke", "penalties"],
    96: ["revoke"],
    97: ["revoke"],
    98: ["revoke", "scoring"],
    99: ["revoke"],
    100: ["new-cards"],
    101: ["tricks-and-play"],
    102: ["penalties", "tricks-and-play"],
    103: ["penalties"],
    104: ["penalties"],
    105: ["bystanders"],
    106: ["bystanders"],
    107: ["new-cards"],
    108: ["tricks-and-play"],
}

# Citations the text makes in words lawkit does not read as citations.
REFS: dict[int, list[str]] = {
    48: [f"{CODE_ID}/47"],  # "in the manner provided in the preceding Law"
    58: [f"{CODE_ID}/55", f"{CODE_ID}/56"],  # "this and foregoing Laws (55 and 56)"
}

# Editorial annotations: (law, kind, item or None, text, words that must be in the printed law).
ANNOTATIONS: list[tuple[int, str, str | None, str, str]] = [
    (2, "erratum", None,
     "The source prints 'Honours, Chicane, Or Slam' with a capital O; 'or Slam' "
     "was evidently meant (Law 13 prints 'honours, Chicane, or Slam').",
     "Chicane, Or Slam"),
    (21, "erratum", None,
     "The source prints 'he who has, or they who have, placed a greater number of "
     "consecutive rubbers'; 'played' was evidently meant, as the law goes on 'when "
     "all have played the same number' and the corresponding law of the English "
     "whist code reads 'played'.",
     "placed a greater number"),
    (46, "erratum", None,
     "The source prints '46 A player' without the period after the number.",
     "46 A player"),
    (90, "erratum", "5",
     "Item V prints 'can the suit revoking score Game'; 'the side revoking' was "
     "evidently meant, as the next sentence says.",
     "can the suit revoking score"),
    (92, "history", None,
     "The bracketed paragraph '[NOTE.--... --ED.]', printed indented below the law, "
     "is a note by the editor of Hoyle's Games Modernized, not part of the Club Code. "
     "It is kept here, word for word, as the last paragraph of the law's text because "
     "the format has no place for an unmarked note of the book's editor.",
     "--ED.]"),
]


# --------------------------------------------------------------------------
# reading the source


def read_source(path: Path) -> tuple[dict[str, str], list[str]]:
    lines = path.read_text(encoding="utf-8").split("\n")
    header: dict[str, str] = {}
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        key, _, value = lines[i][1:].strip().partition(": ")
        header[key] = value
        i += 1
    body = lines[i:]
    for n, line in enumerate(body):
        if line != line.rstrip():
            sys.exit(f"trailing whitespace in body line {n}: {line!r}")
        if "\t" in line or "\r" in line:
            sys.exit(f"tab or CR in body line {n}: {line!r}")
    return header, body


def blocks(body: list[str]) -> list[list[str]]:
    """Paragraphs: runs of non-blank lines."""
    out: list[list[str]] = []
    cur: list[str] = []
    for line in body:
        if line.strip():
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def take_markers(block: list[str]) -> tuple[list[str], list[tuple[int, bool]]]:
    """The block without its page markers, and each marker as (page, text
    follows it inside the block).  Removing a marker leaves one space where
    it stood between words, nothing at the start or end of a line."""
    lines: list[str] = []
    markers: list[tuple[int, bool]] = []
    for n, line in enumerate(block):
        for m in MARKER_RE.finditer(line):
            after = line[m.end():].strip() or any(l.strip() for l in block[n + 1:])
            markers.append((int(m.group(1)), bool(after)))
        if not MARKER_RE.search(line):
            lines.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        clean = " ".join(MARKER_RE.sub(" ", line).split())
        if clean:
            lines.append(" " * indent + clean)
    return lines, markers


def join(lines: list[str], indent: int, first: str | None = None) -> str:
    """Join hard-wrapped lines with one space, after checking their indent
    (``first``, when given, is the already stripped start of the paragraph)."""
    parts = [] if first is None else [first]
    for line in lines:
        if not line.startswith(" " * indent) or line[indent:indent + 1] == " ":
            sys.exit(f"unexpected indentation (wanted {indent}): {line!r}")
        parts.append(line[indent:])
    text = " ".join(parts)
    if "  " in text or text != text.strip():
        sys.exit(f"stray spaces inside text: {text!r}")
    return text


def parse(body: list[str]) -> dict:
    """Title, front matter, and headings with their laws; each law as a list
    of printed parts ("para", text, indented) / ("item", label, text)."""
    bl = blocks(body)
    title_lines, title_marks = take_markers(bl[0])
    if title_lines != [TITLE] or title_marks:
        sys.exit(f"first block is not the title: {bl[0]!r}")
    front: list[str] = []
    headings: list[dict] = []
    law: dict | None = None
    page = FIRST_PAGE
    pending: int | None = None  # a page that began after the last text read

    for raw in bl[1:]:
        b, markers = take_markers(raw)
        if not b:  # a marker on a line of its own
            for n, _ in markers:
                if pending is not None:
                    sys.exit(f"two page markers with no text between: {pending}, {n}")
                pending = n
            continue
        first = b[0]
        if len(b) == 1 and HEADING_RE.match(first):
            if pending is not None:
                page, pending = pending, None
            law = None
            headings.append({"heading": first, "page": page, "laws": []})
        elif (lm := LAW_RE.match(first)) and not first.startswith(" "):
            number = int(lm.group(1))
            expected = sum(len(h["laws"]) for h in headings) + 1
            if number != expected or not headings:
                sys.exit(f"law {number} where law {expected} was expected: {first!r}")
            if pending is not None:
                page, pending = pending, None
            law = {"law": number, "page": page, "parts": []}
            if not lm.group(2):
                law["label"] = lm.group(1)
            law["parts"].append(("para", join(b[1:], 0, lm.group(3)), False))
            headings[-1]["laws"].append(law)
        elif not headings:
            if pending is not None or markers:
                sys.exit(f"page marker in the front matter: {raw!r}")
            front.append(join(b, 0))
        elif law is None:
            sys.exit(f"text under a heading before its first law: {raw!r}")
        else:
            if pending is not None:
                law.setdefault("page_breaks", []).append(pending)
                page, pending = pending, None
            if first.startswith("    "):
                im = ITEM_RE.match(first[4:])
                if im:
                    law["parts"].append(("item", im.group(1), join(b[1:], 4, im.group(2))))
                else:
                    law["parts"].append(("para", join(b, 4), True))
            else:
                law["parts"].append(("para", join(b, 0), False))
        # markers inside this block
        for n, text_follows in markers:
            if pending is not None:
                sys.exit(f"two page markers with no text between: {pending}, {n}")
            if text_follows:
                if law is None:
                    sys.exit(f"page marker {n} inside a heading or the front matter")
                law.setdefault("page_breaks", []).append(n)
                page = n
            else:
                pending = n
    if pending is not None:
        sys.exit(f"page marker {pending} after the last law")
    return {"front_matter": front, "headings": headings}


def shape(law: dict) -> dict:
    """The law as the format holds it: text, items, text_after."""
    parts = law["parts"]
    kinds = "".join("i" if p[0] == "item" else ("q" if p[2] else "p") for p in parts)
    out: dict = {"law": law["law"]}
    for key in ("label", "page", "page_breaks"):
        if key in law:
            out[key] = law[key]
    simple = re.fullmatch(r"p+(i+)p?", kinds) or re.fullmatch(r"p+", kinds)
    if law["law"] in FALLBACK:
        if simple:
            sys.exit(f"law {law['law']} is listed in FALLBACK but has a simple layout")
        paras = [p[1] if p[0] == "para" else f"{p[1]}. {p[2]}" for p in parts]
        out["text"] = "\n".join(paras)
        return out
    if not simple:
        sys.exit(f"law {law['law']}: layout {kinds!r} does not fit text + items + text_after")
    n_text = len(kinds) - len(kinds.lstrip("p"))
    out["text"] = "\n".join(p[1] for p in parts[:n_text])
    items = [p for p in parts if p[0] == "item"]
    if items:
        labels = [p[1] for p in items]
        if [ROMAN.get(l) for l in labels] != list(range(1, len(labels) + 1)):
            sys.exit(f"law {law['law']}: items numbered {labels}")
        out["items"] = [{"item": str(ROMAN[p[1]]), "label": f"{p[1]}.", "text": p[2]} for p in items]
        if kinds.endswith("p"):
            out["text_after"] = parts[-1][1]
    return out


def editorial(laws: dict[int, dict]) -> None:
    """Add topics, refs and annotations, checking each against the text."""
    if sorted(TOPICS) != sorted(laws):
        sys.exit("TOPICS does not name every law exactly once")
    for number, law in laws.items():
        if number in REFS:
            law["refs"] = REFS[number]
        law["topics"] = TOPICS[number]
    for number, kind, item, text, evidence in ANNOTATIONS:
        law = laws[number]
        printed = " ".join([law.get("label", ""), law["text"], law.get("text_after", "")]
                           + [i["text"] for i in law.get("items", [])])
        if evidence not in printed:
            sys.exit(f"law {number}: annotation evidence {evidence!r} not in the text")
        if item is not None and not any(i["item"] == item and evidence in i["text"]
                                         for i in law.get("items", [])):
            sys.exit(f"law {number}: annotation names item {item} but the words are not there")
        note = {"kind": kind, "text": text}
        if item is not None:
            note["item"] = item
        law.setdefault("annotations", []).append(note)


def source_meta(header: dict[str, str], source_file: str) -> dict:
    sb = header["Source book"]
    m = re.match(
        r"^(?P<book>[^,]+), edited by (?P<editor>[^,]+), (?P<edition>.+?), Auction Bridge chapters "
        r"by (?P<bergholt>[^(]+?) \((?P<place>[^:]+): (?P<publisher>[^,]+), (?P<year>\d{4})\)$",
        sb,
    )
    if not m:
        sys.exit(f"cannot parse Source book header: {sb!r}")
    pg_line = next(k for k in header if k.startswith("Project Gutenberg eBook #"))
    g = re.match(r"^Project Gutenberg eBook #(\d+) \((.+)\)$", pg_line)
    if not g:
        sys.exit(f"cannot parse Gutenberg header: {pg_line!r}")
    transcription = (
        f"Project Gutenberg eBook #{g.group(1)} ({g.group(2)}). "
        f"Read from {header['Read from']}. "
        f"Cleaning: {header['Cleaning']} "
        "The book's small capitals (the headings, the first words of Laws 7, 8 "
        "and 9, and NOTE and ED. in the editor's note below Law 92) are given in "
        "capitals, as the PG plain text renders them. The page markers {229} to "
        "{246} are kept as page numbers (page, page_breaks); the code begins on "
        f"page {FIRST_PAGE}, whose marker the PG HTML edition prints just above the title."
    )
    extent = (
        f"{header['Extent']} In the book (the new edition, reset, of 1909), the paragraph printed "
        "just above the title introduces the code as \"the authoritative Laws of the "
        "game, as revised by a joint committee of the Portland and Turf Clubs\" "
        "(whence issued_by)."
    )
    return {
        "book": m["book"],
        "author": f"{m['editor']} (editor); Auction Bridge chapters by {m['bergholt']}",
        "publisher": m["publisher"],
        "place": m["place"],
        "year": int(m["year"]),
        "gutenberg": int(g.group(1)),
        "file": source_file,
        "transcription": transcription,
        "extent": extent,
    }


# --------------------------------------------------------------------------
# writing YAML that reads like a book


def plain_ok(value: str) -> bool:
    if not value or value != value.strip() or "\n" in value:
        return False
    if value[0] in set("-?:,[]{}#&*!|>'\"%@`") or ": " in value or " #" in value or value.endswith(":"):
        return False
    try:
        return yaml.safe_load(f"k: {value}") == {"k": value}
    except yaml.YAMLError:
        return False


def dquote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrap(text: str, indent: int) -> list[str]:
    words = text.split(" ")
    if any(w == "" for w in words):
        sys.exit(f"cannot fold text with leading/trailing/double spaces: {text!r}")
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and indent + len(cur) + 1 + len(w) > WIDTH:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    lines.append(cur)
    return [" " * indent + l for l in lines]


def folded(key: str, text: str, indent: int) -> list[str]:
    """A folded block; paragraphs (newlines in the value) apart by a blank line."""
    out = [" " * indent + f"{key}: >-"]
    for n, para in enumerate(text.split("\n")):
        if n:
            out.append("")
        out += wrap(para, indent + 2)
    return out


def scalar(key: str, value, indent: int, *, quote: bool = False) -> list[str]:
    pad = " " * indent
    if isinstance(value, int):
        return [f"{pad}{key}: {value}"]
    if quote:
        return [f"{pad}{key}: {dquote(value)}"]
    if plain_ok(value) and len(pad) + len(key) + 2 + len(value) <= WIDTH:
        return [f"{pad}{key}: {value}"]
    return folded(key, value, indent)


def flow(values: list) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def emit_law(law: dict) -> list[str]:
    out = [f"  - law: {law['law']}"]
    if "label" in law:
        out += scalar("label", law["label"], 4, quote=True)
    out.append(f"    page: {law['page']}")
    if "page_breaks" in law:
        out.append(f"    page_breaks: {flow(law['page_breaks'])}")
    out += folded("text", law["text"], 4)
    if "items" in law:
        out.append("    items:")
        for it in law["items"]:
            out.append(f"      - item: {dquote(it['item'])}")
            out += scalar("label", it["label"], 8, quote=True)
            out += folded("text", it["text"], 8)
    if "text_after" in law:
        out += folded("text_after", law["text_after"], 4)
    if "refs" in law:
        out.append(f"    refs: {flow(law['refs'])}")
    out.append(f"    topics: {flow(law['topics'])}")
    if "annotations" in law:
        out.append("    annotations:")
        for a in law["annotations"]:
            out.append(f"      - kind: {a['kind']}")
            if "item" in a:
                out.append(f"        item: {dquote(a['item'])}")
            out += folded("text", a["text"], 8)
    return out


def emit_heading(h: dict) -> str:
    out = [HEADING_SCHEMA]
    out += scalar("heading", h["heading"], 0)
    out.append(f"page: {h['page']}")
    out.append("laws:")
    for law in h["laws"]:
        out += emit_law(law)
    return "\n".join(out) + "\n"


def emit_code(meta: dict, front: list[str], headings: list[str]) -> str:
    out = [CODE_SCHEMA]
    out += scalar("code", CODE_ID, 0)
    out += scalar("title", TITLE, 0)
    out += scalar("short_title", SHORT_TITLE, 0)
    out += scalar("issued_by", ISSUED_BY, 0)
    out += scalar("date", DATE, 0, quote=True)
    out.append("source:")
    for key in ("book", "author", "publisher", "place", "year", "gutenberg", "file"):
        out += scalar(key, meta[key], 2)
    out += folded("transcription", meta["transcription"], 2)
    out += folded("extent", meta["extent"], 2)
    out.append("front_matter:")
    for para in front:
        line = scalar("x", para, 0)
        if len(line) != 1:
            sys.exit(f"front matter does not fit on a line: {para!r}")
        out.append("  - " + line[0][3:])
    out.append("headings:")
    for h in headings:
        line = scalar("x", h, 0)
        if len(line) != 1:
            sys.exit(f"heading does not fit on a line: {h!r}")
        out.append("  - " + line[0][3:])
    return "\n".join(out) + "\n"


def slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


# --------------------------------------------------------------------------
# verification (reads the written files only, plus the source)


def collapse(s: str) -> str:
    return " ".join(s.split())


def verify(out_dir: Path, expected: list[dict], front: list[str], body: list[str]) -> list[str]:
    errors: list[str] = []
    code = yaml.safe_load((out_dir / "code.yaml").read_text(encoding="utf-8"))
    files = sorted(out_dir.glob("[0-9][0-9]-*.yaml"))
    if len(files) != len(code["headings"]):
        errors.append(f"{len(files)} heading files for {len(code['headings'])} headings")
    docs = []
    for n, (p, name) in enumerate(zip(files, code["headings"]), 1):
        d = yaml.safe_load(p.read_text(encoding="utf-8"))
        if p.name != f"{n:02d}-{slug(name)}.yaml":
            errors.append(f"file {p.name} does not match heading {n} {name!r}")
        if d["heading"] != name:
            errors.append(f"{p.name}: heading {d['heading']!r} != code.yaml {name!r}")
        docs.append(d)
    if code["front_matter"] != front:
        errors.append("front matter differs from the source")

    for d, h in zip(docs, expected):
        if d != h:
            errors.append(f"{d['heading']}: file content differs from the parsed source")

    numbers = [l["law"] for d in docs for l in d["laws"]]
    if numbers != list(range(1, LAW_COUNT + 1)):
        errors.append(f"laws are not 1-{LAW_COUNT} in order: {numbers}")

    # whitespace-collapsed reconstruction, as lawkit.printed prints a code
    parts = [code["title"], *code["front_matter"]]
    for d in docs:
        parts.append(d["heading"])
        for l in d["laws"]:
            parts.append(f"{l.get('label', str(l['law']) + '.')} {l['text']}")
            for it in l.get("items", []):
                parts.append(f"{it['label']} {it['text']}")
            if "text_after" in l:
                parts.append(l["text_after"])
    got = collapse(" ".join(parts))
    want = collapse(MARKER_RE.sub(" ", "\n".join(body)))
    if got != want:
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        errors.append(
            "collapsed text differs at char %d:\n  corpus: %r\n  source: %r"
            % (i, got[max(0, i - 60):i + 60], want[max(0, i - 60):i + 60])
        )
    # every page marker is accounted for, once
    pages = sorted([d["page"] for d in docs] + [l["page"] for d in docs for l in d["laws"]]
                   + [p for d in docs for l in d["laws"] for p in l.get("page_breaks", [])])
    markers = sorted(int(m) for m in MARKER_RE.findall("\n".join(body)))
    if sorted(set(pages) - {FIRST_PAGE}) != markers:
        errors.append(f"page numbers {sorted(set(pages))} do not match the markers {markers}")
    print(f"{len(files)} heading files, {len(numbers)} laws, "
          f"{sum(len(l.get('items', [])) for d in docs for l in d['laws'])} items, "
          f"collapsed text {len(got)} chars {'==' if got == want else '!='} source {len(want)} chars")
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--out", type=Path, default=ROOT / "laws" / CODE_ID)
    args = ap.parse_args()

    header, body = read_source(args.source)
    parsed = parse(body)
    headings = []
    laws: dict[int, dict] = {}
    for h in parsed["headings"]:
        shaped = [shape(l) for l in h["laws"]]
        laws.update((l["law"], l) for l in shaped)
        headings.append({"heading": h["heading"], "page": h["page"], "laws": shaped})
    editorial(laws)
    meta = source_meta(header, f"sources/{args.source.name}")

    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("[0-9][0-9]-*.yaml"):
        old.unlink()
    names = [h["heading"] for h in headings]
    (args.out / "code.yaml").write_text(emit_code(meta, parsed["front_matter"], names), encoding="utf-8")
    written = ["code.yaml"]
    for n, h in enumerate(headings, 1):
        name = f"{n:02d}-{slug(h['heading'])}.yaml"
        (args.out / name).write_text(emit_heading(h), encoding="utf-8")
        written.append(name)
    for w in written:
        print(args.out / w)

    errors = verify(args.out, headings, parsed["front_matter"], body)
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    print("verification:", "FAILED" if errors else "OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
