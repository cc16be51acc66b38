#!/usr/bin/env python3
"""Convert the verified transcription of The American Laws of Bridge (an
Auction code, revised to November 1913) into the lawkit YAML corpus (see
docs/corpus-format.md).

    python tools/convert_auction_bridge_1913.py [SOURCE] [--out laws/auction-bridge-1913]

Reads the source (``#`` header lines give the provenance, the rest is the
printed text), writes ``code.yaml`` and one ``NN-slug.yaml`` per printed
heading, then reads every written file back with ``yaml.safe_load`` and
checks it against the source:

* laws 1-97 in order, with the lettered laws 47_a_, 50_a_-50_c_, 62_a_,
  70_a_ after the law they follow (law ``50a``, label ``50_a_.``);
* footnotes [1]-[22], printed together after Law 97, each attached once to
  the law or item whose text carries its mark;
* every value round-trips exactly (no folding accident);
* the ``display`` block is the source's lines, line for line;
* the whole code, re-joined in printed order with whitespace collapsed,
  equals the source body with whitespace collapsed, character for character.

The text is never altered: hard line wraps are joined with one space, and
that is all.  Exits non-zero on any mismatch.

Lettered laws such as "50_a_." are laws of their own (id
``auction-bridge-1913/50a``), and the source's citations "Law 50_a_" resolve
to them. Law 60 prints items (_a_)-(_g_), a paragraph, then items (_h_) and
(_i_): the paragraph is item (_g_)'s ``text_after``.

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
SHARED = Path("/work/shared")
DEFAULT_SOURCE = SHARED / "sources" / "auction-bridge-1913.txt"
CODE_ID = "auction-bridge-1913"

CODE_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json"
HEADING_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json"

TITLE = "THE AMERICAN LAWS OF BRIDGE."
SHORT_TITLE = "American Laws of Bridge (Auction), 1913"
ISSUED_BY = "The Whist Club of New York"
DATE = "November 1913"

WIDTH = 79  # total line width for folded text (the 1912 converter wraps so)

HEADING_RE = re.compile(r"^([A-Z][A-Z ]*[A-Z]\.)(?:\[(\d+)\])?$")
LAW_RE = re.compile(r"^(\d+)(?:_([a-z])_)?\. (.*)$")
FOOTNOTE_RE = re.compile(r"^\[(\d+)\] (.*)$")
MARK_RE = re.compile(r"\[(\d+)\]")
ITEM_RE = re.compile(r"^(\(_([a-z])_\)|\((\d+)\)) (.*)$")

# Law 6 prints its table of honours after the text: every block up to Law 7
# (the italic captions and the indented rows) is the display, as printed.
DISPLAY_LAWS = {6}
# Law 60: a paragraph between items (_g_) and (_h_): the text_after of (_g_).
PARAGRAPH_BETWEEN_ITEMS = {60}

# --------------------------------------------------------------------------
# editorial additions: topics, references the text spells out in a form the
# citation finder does not read, and annotations.  Never source text.

TOPICS: dict[int, list[str]] = {
    1: ["rubber-and-game"],
    2: ["scoring"],
    3: ["scoring"],
    4: ["rubber-and-game", "scoring"],
    5: ["honours"],
    6: ["honours", "scoring"],
    7: ["scoring"],
    8: ["scoring"],
    9: ["scoring", "honours", "doubling"],
    10: ["scoring", "rubber-and-game"],
    11: ["scoring", "rubber-and-game"],
    12: ["correcting-the-score"],
    13: ["correcting-the-score"],
    14: ["cutting"],
    15: ["cutting"],
    16: ["cutting"],
    17: ["forming-tables"],
    18: ["forming-tables"],
    19: ["forming-tables"],
    20: ["entry"],
    21: ["cutting-out"],
    22: ["entry"],
    23: ["entry"],
    24: ["entry", "cutting-out"],
    25: ["entry"],
    26: ["entry"],
    27: ["entry"],
    28: ["shuffling"],
    29: ["shuffling"],
    30: ["shuffling"],
    31: ["dealing"],
    32: ["cutting-the-pack", "shuffling"],
    33: ["cutting-the-pack", "shuffling"],
    34: ["shuffling", "cutting-the-pack"],
    35: ["dealing"],
    36: ["new-deal", "dealing"],
    37: ["new-deal", "dealing"],
    38: ["dealing", "new-deal"],
    39: ["new-deal", "irregular-hands"],
    40: ["irregular-hands", "revoke", "new-deal"],
    41: ["dealing", "shuffling", "cutting-the-pack"],
    42: ["declaring"],
    43: ["declaring", "doubling"],
    44: ["declaring"],
    45: ["declaring"],
    46: ["declaring", "dummy"],
    47: ["scoring", "declaring"],
    48: ["scoring", "declaring"],
    49: ["declaring", "penalties"],
    50: ["declaring", "penalties"],
    51: ["declaring"],
    52: ["declaring"],
    53: ["doubling", "declaring"],
    54: ["doubling", "penalties"],
    55: ["doubling", "declaring"],
    56: ["doubling", "scoring"],
    57: ["doubling", "penalties"],
    58: ["tricks-and-play", "declaring"],
    59: ["dummy"],
    60: ["dummy"],
    61: ["dummy", "penalties"],
    62: ["dummy", "penalties", "leads-out-of-turn"],
    63: ["dummy", "revoke"],
    64: ["dummy", "tricks-and-play"],
    65: ["exposed-cards", "declaring", "penalties"],
    66: ["exposed-cards", "penalties"],
    67: ["exposed-cards"],
    68: ["exposed-cards"],
    69: ["exposed-cards"],
    70: ["exposed-cards"],
    71: ["exposed-cards", "penalties"],
    72: ["exposed-cards", "tricks-and-play"],
    73: ["penalties", "revoke"],
    74: ["penalties", "revoke"],
    75: ["exposed-cards", "penalties"],
    76: ["leads-out-of-turn"],
    77: ["leads-out-of-turn"],
    78: ["leads-out-of-turn"],
    79: ["penalties"],
    80: ["cards-played-in-error", "penalties"],
    81: ["cards-played-in-error", "new-deal"],
    82: ["cards-played-in-error", "revoke"],
    83: ["revoke"],
    84: ["revoke", "penalties"],
    85: ["revoke"],
    86: ["revoke", "exposed-cards"],
    87: ["revoke"],
    88: ["revoke"],
    89: ["revoke", "scoring"],
    90: ["tricks-and-play", "penalties"],
    91: ["tricks-and-play"],
    92: ["tricks-and-play", "penalties"],
    93: ["penalties", "leads-out-of-turn"],
    94: ["penalties"],
    95: ["new-cards"],
    96: ["new-cards"],
    97: ["bystanders"],
}

REFS: dict[int, list[str]] = {
    38: [f"{CODE_ID}/37/f"],  # "any offence mentioned in 37 _f_"
    61: [f"{CODE_ID}/60/h", f"{CODE_ID}/60/i"],  # "rights (_h_) or (_i_)"
}


ANNOTATIONS: dict[int | str, list[dict]] = {
    76: [{'kind': 'erratum', 'text': 'The source prints "If either adversary of the declarer’s lead out of turn": the possessive is evidently a slip, for "If either adversary of the declarer lead out of turn" (the 1912 code has "If either of the declarer\'s adversaries lead out of turn").'}],
    81: [{'kind': 'erratum', 'text': 'Footnote [18] prints "As to the right of adversaries to consult, see Law 50_a_." Law 50_a_ is about bids made while debarred; the rule on consultation is Law 50_c_ (which footnote [16] cites for the same point), so Law 50_c_ was evidently meant.'}],
}


def read_source(path: Path) -> tuple[list[str], list[str]]:
    lines = path.read_text(encoding="utf-8").split("\n")
    header: list[str] = []
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        header.append(lines[i][1:].strip())
        i += 1
    body = lines[i:]
    for n, line in enumerate(body):
        if line != line.rstrip():
            sys.exit(f"trailing whitespace in body line {n}: {line!r}")
        if "\t" in line or "\r" in line:
            sys.exit(f"tab or CR in body line {n}: {line!r}")
        if re.search(r"\{\d+\}", line):
            sys.exit(f"page marker in body line {n}: this converter does not expect one")
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


def join(first: str, lines: list[str], indent: int) -> str:
    """Join hard-wrapped lines with one space, after removing the indent
    from the continuation lines (``first`` is already stripped)."""
    parts = [first]
    for line in lines:
        if not line.startswith(" " * indent) or line[indent:indent + 1] == " ":
            sys.exit(f"unexpected indentation (wanted {indent}): {line!r}")
        parts.append(line[indent:])
    text = " ".join(parts)
    if "  " in text:
        sys.exit(f"double space inside text: {text!r}")
    return text


def parse(body: list[str]) -> dict:
    """Parse the body into title, front matter, headings with their laws, footnotes."""
    bl = blocks(body)
    if bl[0] != [TITLE]:
        sys.exit(f"first block is not the title: {bl[0]!r}")
    front: list[str] = []
    headings: list[dict] = []
    footnotes: dict[str, str] = {}
    law: dict | None = None
    display: list[list[str]] = []

    def close_law() -> None:
        nonlocal law, display
        if law is not None and display:
            lines = [l for b in display for l in b]
            indent = min(len(l) - len(l.lstrip(" ")) for l in lines)
            law["display"] = "\n\n".join("\n".join(l[indent:] for l in b) for b in display)
        law = None
        display = []

    for b in bl[1:]:
        first = b[0]
        fm = FOOTNOTE_RE.match(first)
        if fm:
            close_law()
            if fm.group(1) in footnotes:
                sys.exit(f"footnote [{fm.group(1)}] printed twice")
            footnotes[fm.group(1)] = join(fm.group(2), b[1:], 0)
            continue
        if footnotes:
            sys.exit(f"text after the footnotes: {b!r}")
        hm = HEADING_RE.match(first)
        if len(b) == 1 and hm:
            close_law()
            h = {"heading": hm.group(1), "laws": []}
            if hm.group(2):
                h["_mark"] = hm.group(2)  # footnote mark printed on the heading
            headings.append(h)
            continue
        if not headings:
            if first.startswith(" "):
                sys.exit(f"indented block before the first heading: {b!r}")
            front.append(join(b[0], b[1:], 0))
            continue
        h = headings[-1]
        lm = LAW_RE.match(first)
        if lm:
            number, letter = int(lm.group(1)), lm.group(2)
            text = join(lm.group(3), b[1:], 0)
            close_law()
            if letter:  # a lettered law, after the law it follows
                law = {"law": f"{number}{letter}", "label": f"{number}_{letter}_.", "text": text}
            else:
                law = {"law": number, "text": text}
            h["laws"].append(law)
            continue
        if law is None:
            sys.exit(f"text under a heading before its first law: {b!r}")
        if law["law"] in DISPLAY_LAWS:
            display.append(b)
            continue
        if first.startswith("    "):
            im = ITEM_RE.match(first[4:])
            if not im:
                sys.exit(f"indented block that is not an item in law {law['law']}: {b!r}")
            text = join(im.group(4), b[1:], 4)
            if "text_after" in law:
                sys.exit(f"item after text_after in law {law['law']}")
            law.setdefault("items", []).append(
                {"item": im.group(2) or im.group(3), "label": im.group(1), "text": text}
            )
            continue
        if first.startswith(" "):
            sys.exit(f"unexpected indented block in law {law['law']}: {b!r}")
        # an unnumbered, unindented paragraph of the current law
        para = join(b[0], b[1:], 0)
        if "items" not in law:
            law["text"] += "\n" + para
        elif law["law"] in PARAGRAPH_BETWEEN_ITEMS and "text_after" not in law["items"][-1]:
            law["items"][-1]["text_after"] = para
        elif "text_after" not in law and law["items"][0]["label"].startswith("("):
            law["text_after"] = para
        else:
            sys.exit(f"cannot place paragraph in law {law['law']}: {b!r}")
    close_law()
    attach_notes(headings, footnotes)
    return {"front_matter": front, "headings": headings, "footnotes": footnotes}


def attach_notes(headings: list[dict], footnotes: dict[str, str]) -> None:
    """Give each footnote to the one unit whose printed text carries its mark."""
    placed: dict[str, str] = {}

    def place(mark: str, where: str) -> None:
        if mark in placed:
            sys.exit(f"mark [{mark}] printed twice: {placed[mark]} and {where}")
        if mark not in footnotes:
            sys.exit(f"mark [{mark}] in {where} has no footnote")
        placed[mark] = where

    for h in headings:
        for n, law in enumerate(h["laws"]):
            notes = []
            if n == 0 and "_mark" in h:
                place(h["_mark"], f"heading {h['heading']}")
                notes.append({"mark": h["_mark"], "text": footnotes[h["_mark"]], "at": "heading"})
            for field in ("text", "display", "text_after"):
                for mark in MARK_RE.findall(law.get(field, "")):
                    place(mark, f"law {law['law']} {field}")
                    notes.append({"mark": mark, "text": footnotes[mark]})
            if notes:
                law["notes"] = notes
            for it in law.get("items", []):
                marks = MARK_RE.findall(it["text"])
                for mark in marks:
                    place(mark, f"law {law['law']} item {it['item']}")
                if marks:
                    it["notes"] = [{"mark": m, "text": footnotes[m]} for m in marks]
        h.pop("_mark", None)
    if sorted(placed, key=int) != sorted(footnotes, key=int):
        sys.exit(f"footnotes without a mark: {sorted(set(footnotes) - set(placed), key=int)}")
    # the notes, read in printed order of the laws, run [1], [2], ... as the source prints them
    order = [n["mark"] for h in headings for l in h["laws"] for n in all_notes(l)]
    if order != list(footnotes):
        sys.exit(f"notes out of the source's order: {order}")


def all_notes(law: dict) -> list[dict]:
    return law.get("notes", []) + [n for it in law.get("items", []) for n in it.get("notes", [])]


def add_editorial(headings: list[dict]) -> None:
    for h in headings:
        for law in h["laws"]:
            n = law["law"] if isinstance(law["law"], int) else int(law["law"][:-1])  # 50a: as Law 50
            if n in REFS and law["law"] == n:
                law["refs"] = list(REFS[n])
            law["topics"] = list(TOPICS[n])
            notes = list(ANNOTATIONS.get(law["law"], []))
            if notes:
                law["annotations"] = notes


def source_meta(header: list[str], source: Path) -> dict:
    fields = {}
    for line in header:
        key, sep, value = line.partition(": ")
        if sep:
            fields[key] = value
    m = re.match(
        r'^(?P<book>.+?), by (?P<author>.+?)\. (?P<edition>"[^"]+") '
        r"\((?P<place>[^:]+): (?P<publisher>[^;]+); copyright (?P<copyright>[\d, ]+)\)$",
        fields["Source book"],
    )
    if not m:
        sys.exit(f"cannot parse Source book header: {fields['Source book']!r}")
    pg = next((l for l in header if l.startswith("Project Gutenberg eBook #")), None)
    g = re.match(r"^Project Gutenberg eBook #(\d+) \((.+)\)$", pg or "")
    if not g:
        sys.exit(f"cannot parse Gutenberg header: {pg!r}")
    pages = next((l for l in header if l.startswith("Book pages ")), None)
    p = re.match(r"^Book pages (\d+-\d+); (lines [\d-]+ of [^.]+\.txt)\. Cleaning: (.+)$", pages or "")
    if not p:
        sys.exit(f"cannot parse pages header: {pages!r}")
    not_included = next((l for l in header if l.startswith("Not included: ")), None)
    if not not_included:
        sys.exit("no 'Not included' header")
    year = int(m["copyright"].split(",")[-1])
    transcription = (
        f"Project Gutenberg eBook #{g.group(1)} ({g.group(2)}) of the edition "
        f"{m['edition']}, copyright {m['copyright']}. "
        f"Read from {fields['Read from']}, {p.group(2)}. "
        f"Cleaning: {p.group(3)} "
        "The source prints no page markers; all footnotes [1]-[22] are printed "
        "together after Law 97."
    )
    extent = (
        f"Book pages {p.group(1)}: from the title \"{TITLE}\" and the lines under it "
        "through Law 97 (Bystanders), with the lettered laws 47_a_, 50_a_-50_c_, 62_a_ "
        "and 70_a_, and the footnotes [1]-[22] printed after Law 97. "
        f"{not_included}"
    )
    try:
        file = source.resolve().relative_to(SHARED).as_posix()
    except ValueError:
        file = f"sources/{source.name}"
    return {
        "book": m["book"],
        "author": m["author"],
        "publisher": m["publisher"],
        "place": m["place"],
        "year": year,
        "gutenberg": int(g.group(1)),
        "file": file,
        "transcription": transcription,
        "extent": extent,
    }


# --------------------------------------------------------------------------
# writing YAML that reads like a book

INDICATORS = set("-?:,[]{}#&*!|>'\"%@`")


def plain_ok(value: str) -> bool:
    if not value or value != value.strip() or "\n" in value:
        return False
    if value[0] in INDICATORS or ": " in value or " #" in value or value.endswith(":"):
        return False
    try:
        return yaml.safe_load(f"k: {value}") == {"k": value}
    except yaml.YAMLError:
        return False


def dquote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrap(text: str, indent: int) -> list[str]:
    """Fold one or more paragraphs (separated by "\\n"): a blank line between
    paragraphs, each wrapped at WIDTH."""
    out: list[str] = []
    for n, para in enumerate(text.split("\n")):
        if n:
            out.append("")
        words = para.split(" ")
        if any(w == "" for w in words):
            sys.exit(f"cannot fold text with leading/trailing/double spaces: {para!r}")
        cur = ""
        for w in words:
            if cur and indent + len(cur) + 1 + len(w) > WIDTH:
                out.append(" " * indent + cur)
                cur = w
            else:
                cur = f"{cur} {w}" if cur else w
        out.append(" " * indent + cur)
    return out


def folded(key: str, text: str, indent: int) -> list[str]:
    return [" " * indent + f"{key}: >-"] + wrap(text, indent + 2)


def literal(key: str, text: str, indent: int) -> list[str]:
    out = [" " * indent + f"{key}: |-"]
    for line in text.split("\n"):
        out.append(" " * (indent + 2) + line if line else "")
    if text.split("\n")[0].startswith(" "):
        sys.exit("literal block would need an indentation indicator")
    return out


def scalar(key: str, value, indent: int, *, quote: bool = False, fold: bool = False) -> list[str]:
    pad = " " * indent
    if isinstance(value, int):
        return [f"{pad}{key}: {value}"]
    if quote:
        return [f"{pad}{key}: {dquote(value)}"]
    if not fold and plain_ok(value) and len(pad) + len(key) + 2 + len(value) <= WIDTH:
        return [f"{pad}{key}: {value}"]
    if (not fold and "\n" not in value and len(pad) + len(key) + 4 + len(value) <= WIDTH
            and "'" not in value):
        return [f"{pad}{key}: '{value}'"]
    if not fold and "\n" not in value and len(pad) + len(key) + 2 + len(dquote(value)) <= WIDTH:
        return [f"{pad}{key}: {dquote(value)}"]
    return folded(key, value, indent)


def list_entry(value: str, indent: int) -> list[str]:
    """One string in a block sequence: plain if it fits, else folded."""
    pad = " " * indent
    if plain_ok(value) and len(pad) + 2 + len(value) <= WIDTH:
        return [f"{pad}- {value}"]
    return [f"{pad}- >-"] + wrap(value, indent + 2)


def emit_notes(notes: list[dict], indent: int) -> list[str]:
    pad = " " * indent
    out = [f"{pad}notes:"]
    for n in notes:
        out.append(f"{pad}  - mark: {dquote(n['mark'])}")
        out += scalar("text", n["text"], indent + 4)
        if "at" in n:
            out.append(f"{pad}    at: {n['at']}")
    return out


def emit_law(law: dict) -> list[str]:
    out = [f"  - law: {law['law']}"]
    if "label" in law:
        out += scalar("label", law["label"], 4, quote=True)
    out += folded("text", law["text"], 4)
    if "display" in law:
        out += literal("display", law["display"], 4)
    if "items" in law:
        out.append("    items:")
        for it in law["items"]:
            out.append(f"      - item: {dquote(it['item']) if it['item'].isdigit() else it['item']}")
            out += scalar("label", it["label"], 8, quote=True)
            out += folded("text", it["text"], 8)
            if "text_after" in it:
                out += folded("text_after", it["text_after"], 8)
            if "notes" in it:
                out += emit_notes(it["notes"], 8)
    if "text_after" in law:
        out += folded("text_after", law["text_after"], 4)
    if "notes" in law:
        out += emit_notes(law["notes"], 4)
    if "refs" in law:
        out.append("    refs: [" + ", ".join(law["refs"]) + "]")
    out.append("    topics: [" + ", ".join(law["topics"]) + "]")
    if "annotations" in law:
        out.append("    annotations:")
        for a in law["annotations"]:
            first = True
            if "kind" in a:
                out.append(f"      - kind: {a['kind']}")
                first = False
            lines = folded("text", a["text"], 8)
            if first:
                lines[0] = "      - " + lines[0].lstrip()
            out += lines
    return out


def emit_heading(h: dict) -> str:
    out = [HEADING_SCHEMA]
    out += scalar("heading", h["heading"], 0)
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
    out += scalar("date", DATE, 0)
    out.append("source:")
    for key in ("book", "author", "publisher", "place", "year", "gutenberg", "file"):
        out += scalar(key, meta[key], 2)
    out += folded("transcription", meta["transcription"], 2)
    out += folded("extent", meta["extent"], 2)
    out.append("front_matter:")
    for para in front:
        out += list_entry(para, 2)
    out.append("footnotes: end")
    out.append("headings:")
    for h in headings:
        line = list_entry(h, 2)
        if len(line) != 1:
            sys.exit(f"heading does not fit on a line: {h!r}")
        out += line
    return "\n".join(out) + "\n"


def slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


# --------------------------------------------------------------------------
# verification (reads the written files only, plus the source)


def collapse(s: str) -> str:
    return " ".join(s.split())


def verify(out_dir: Path, parsed: dict, meta: dict, body: list[str]) -> list[str]:
    errors: list[str] = []
    code = yaml.safe_load((out_dir / "code.yaml").read_text(encoding="utf-8"))
    want_code = {
        "code": CODE_ID, "title": TITLE, "short_title": SHORT_TITLE, "issued_by": ISSUED_BY,
        "date": DATE, "source": meta, "front_matter": parsed["front_matter"], "footnotes": "end",
        "headings": [h["heading"] for h in parsed["headings"]],
    }
    if code != want_code:
        errors.append("code.yaml differs from what was meant to be written")
    files = sorted(p for p in out_dir.glob("[0-9][0-9]-*.yaml"))
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

    # exact round-trip of every value against the parse
    for d, h in zip(docs, parsed["headings"]):
        if d != h:
            errors.append(f"{d['heading']}: file content differs from the parsed source")

    # numbering: 1-97, and the lettered laws after the law they follow
    laws = [l["law"] for d in docs for l in d["laws"]]
    if [n for n in laws if isinstance(n, int)] != list(range(1, 98)):
        errors.append(f"laws are not 1-97 in order: {laws}")
    lettered = [l["label"] for d in docs for l in d["laws"] if "label" in l]
    if lettered != ["47_a_.", "50_a_.", "50_b_.", "50_c_.", "62_a_.", "70_a_."]:
        errors.append(f"lettered laws: {lettered}")
    src_lettered = [f"{m.group(1)}_{m.group(2)}_." for line in body
                    for m in [LAW_RE.match(line)] if m and m.group(2)]
    if src_lettered != lettered:
        errors.append(f"lettered laws in the source {src_lettered} != corpus {lettered}")
    if len([line for line in body if LAW_RE.match(line) and not LAW_RE.match(line).group(2)]) != 97:
        errors.append("the source does not print 97 plain law numbers")

    # display kept line for line (the source block, its common indentation removed)
    for d in docs:
        for l in d["laws"]:
            if "display" in l:
                for line in l["display"].split("\n"):
                    if line and line not in body:
                        errors.append(f"law {l['law']}: display line not in source: {line!r}")

    # every footnote once, in order
    notes = [n for d in docs for l in d["laws"] for n in all_notes(l)]
    if [n["mark"] for n in notes] != [str(i) for i in range(1, 23)]:
        errors.append(f"notes are not [1]-[22] in order: {[n['mark'] for n in notes]}")

    # whitespace-collapsed reconstruction, printed as lawkit.printed does
    parts = [code["title"], *code["front_matter"]]
    for d in docs:
        heading_marks = [n["mark"] for l in d["laws"][:1] for n in l.get("notes", [])
                         if n.get("at") == "heading"]
        parts.append(d["heading"] + "".join(f"[{m}]" for m in heading_marks))
        for l in d["laws"]:
            parts.append(f"{l.get('label', str(l['law']) + '.')} {l['text']}")
            if "display" in l:
                parts.append(l["display"])
            for it in l.get("items", []):
                parts.append(f"{it['label']} {it['text']}")
                if "text_after" in it:
                    parts.append(it["text_after"])
            if "text_after" in l:
                parts.append(l["text_after"])
    parts += [f"[{n['mark']}] {n['text']}" for n in notes]
    got = collapse(" ".join(parts))
    want = collapse("\n".join(body))
    if got != want:
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        errors.append(
            "collapsed text differs at char %d:\n  corpus: %r\n  source: %r"
            % (i, got[max(0, i - 60):i + 60], want[max(0, i - 60):i + 60])
        )
    print(f"{len(files)} heading files, {len(laws)} laws ({len(lettered)} of them lettered), "
          f"{len(notes)} footnotes, collapsed text {len(got)} chars "
          f"{'==' if got == want else '!='} source {len(want)} chars")
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--out", type=Path, default=ROOT / "laws" / CODE_ID)
    args = ap.parse_args()

    header, body = read_source(args.source)
    parsed = parse(body)
    add_editorial(parsed["headings"])
    meta = source_meta(header, args.source)

    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("[0-9][0-9]-*.yaml"):
        old.unlink()
    names = [h["heading"] for h in parsed["headings"]]
    (args.out / "code.yaml").write_text(emit_code(meta, parsed["front_matter"], names), encoding="utf-8")
    written = ["code.yaml"]
    for n, h in enumerate(parsed["headings"], 1):
        name = f"{n:02d}-{slug(h['heading'])}.yaml"
        (args.out / name).write_text(emit_heading(h), encoding="utf-8")
        written.append(name)
    for w in written:
        print(args.out / w)

    errors = verify(args.out, parsed, meta, body)
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    print("verification:", "FAILED" if errors else "OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
