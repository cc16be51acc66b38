#!/usr/bin/env python3
"""Convert the verified transcription of the English Whist Laws (the
English club code of short whist, as printed in Foster's Complete Hoyle,
1914) into the lawkit YAML corpus (see docs/corpus-format.md).

    python tools/convert_english_whist.py [SOURCE] [--out laws/english-whist]

Reads the source (``#`` header lines give the provenance, the rest is the
printed text), writes ``code.yaml`` and one ``NN-slug.yaml`` per printed
heading, then reads every written file back with ``yaml.safe_load`` and
checks it against the source:

* Laws 1-91 in order; etiquette paragraphs 1-9; Dummy Laws I-III; the one
  Double Dummy law;
* every written file loads back to exactly the data that was emitted;
* the whole corpus, re-joined in printed order with whitespace collapsed,
  equals the source body with whitespace collapsed, character for character.

The text is never altered: hard line wraps are joined with one space, and
that is all.  What the plain text cannot give (the page numbers, the topics,
the editors' annotations) is kept in tables below.  Exits non-zero on any
mismatch.

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
DEFAULT_SOURCE = Path("/work/shared/sources/english-whist.txt")
SHARED = Path("/work/shared")
CODE_ID = "english-whist"

CODE_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json"
HEADING_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json"

TITLE = "ENGLISH WHIST LAWS."
SHORT_TITLE = "English Whist"
ISSUED_BY = "The English whist clubs (the club code of short whist)"
DATE = "Undated in the book (printed in its 1914 revision)"

WIDTH = 79  # total line width for folded text

# The parts after Law 91: heading -> part id.
PARTS = {
    "ETIQUETTE OF WHIST.": "etiquette",
    "DUMMY.": "dummy",
    "DOUBLE DUMMY.": "double-dummy",
}
# Dummy: the introduction runs up to and including this paragraph.
DUMMY_PREAMBLE_END = "The laws are the same as those of Whist, with the following exceptions:"
# Double Dummy: one paragraph; the introduction ends with this, the law follows.
DOUBLE_DUMMY_SPLIT = "except in the following special Law: "

HEADING_RE = re.compile(r"^[A-Z][A-Z ,.\-]*[A-Z.]$")
LAW_RE = re.compile(r"^(\d+)\. (.*)$")
ROMAN_RE = re.compile(r"^([IVX]+)\. (.*)$")
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}

# --------------------------------------------------------------------------
# What the plain text does not say.

# Pages.  The plain text carries no page markers; these are the page anchors
# of the same eBook's HTML edition (53881-h/53881-h.htm, pp. 196-206).  Each
# entry says where a page begins: before the title, before a law, before a
# heading, or inside a law (the words around the break are given, to check).
PAGE_STARTS = [
    (196, ("title", TITLE)),
    (197, ("law", "4")),
    (198, ("heading", "CUTTING CARDS OF EQUAL VALUE.")),
    (199, ("law", "31")),
    (200, ("law", "44")),
    (201, ("law", "51")),
    (202, ("inside", "59", "show that the game might have been saved")),
    (203, ("inside", "70", "to which it does not properly belong, and")),
    (204, ("inside", "76", "any player or players who have played")),
    (205, ("law", "87")),
    (206, ("heading", "DUMMY.")),
]

# Topics (ids from laws/topics.yaml), chosen by reading each law.
TOPICS = {
    "1": ["rubber-and-game"],
    "2": ["rubber-and-game", "scoring"],
    "3": ["honours", "scoring"],
    "4": ["honours", "scoring"],
    "5": ["scoring", "revoke", "honours"],
    "6": ["honours"],
    "7": ["honours"],
    "8": ["scoring", "rubber-and-game"],
    "9": ["scoring", "rubber-and-game"],
    "10": ["scoring", "rubber-and-game"],
    "11": ["correcting-the-score"],
    "12": ["correcting-the-score"],
    "13": ["cutting"],
    "14": ["cutting"],
    "15": ["cutting"],
    "16": ["forming-tables", "cutting"],
    "17": ["forming-tables"],
    "18": ["cutting", "forming-tables"],
    "19": ["cutting", "forming-tables"],
    "20": ["cutting-out"],
    "21": ["entry"],
    "22": ["entry", "forming-tables"],
    "23": ["entry"],
    "24": ["entry"],
    "25": ["entry"],
    "26": ["shuffling"],
    "27": ["shuffling"],
    "28": ["shuffling"],
    "29": ["shuffling"],
    "30": ["shuffling"],
    "31": ["shuffling"],
    "32": ["shuffling"],
    "33": ["dealing"],
    "34": ["cutting-the-pack"],
    "35": ["cutting-the-pack"],
    "36": ["shuffling", "cutting-the-pack"],
    "37": ["new-deal"],
    "38": ["new-deal", "exposed-cards"],
    "39": ["new-deal"],
    "40": ["new-deal", "exposed-cards"],
    "41": ["new-deal", "trump-card"],
    "42": ["new-deal", "irregular-hands"],
    "43": ["new-deal"],
    "44": ["new-deal", "dealing"],
    "45": ["new-deal"],
    "46": ["irregular-hands", "revoke"],
    "47": ["new-deal"],
    "48": ["dealing"],
    "49": ["dealing", "shuffling", "cutting-the-pack"],
    "50": ["new-deal", "dealing"],
    "51": ["new-deal", "dealing"],
    "52": ["trump-card", "penalties"],
    "53": ["trump-card", "penalties"],
    "54": ["trump-card", "penalties"],
    "55": ["trump-card", "penalties"],
    "56": ["exposed-cards"],
    "57": ["exposed-cards", "tricks-and-play"],
    "58": ["exposed-cards", "tricks-and-play"],
    "59": ["tricks-and-play", "revoke"],
    "60": ["exposed-cards", "penalties"],
    "61": ["penalties", "revoke"],
    "62": ["leads-out-of-turn", "penalties"],
    "63": ["leads-out-of-turn"],
    "64": ["penalties", "revoke"],
    "65": ["penalties"],
    "66": ["penalties"],
    "67": ["leads-out-of-turn"],
    "68": ["leads-out-of-turn", "penalties"],
    "69": ["cards-played-in-error", "new-deal"],
    "70": ["cards-played-in-error", "revoke"],
    "71": ["revoke"],
    "72": ["revoke", "scoring"],
    "73": ["revoke"],
    "74": ["revoke"],
    "75": ["revoke"],
    "76": ["revoke", "penalties"],
    "77": ["revoke"],
    "78": ["revoke"],
    "79": ["revoke"],
    "80": ["revoke", "scoring"],
    "81": ["revoke", "rubber-and-game"],
    "82": ["revoke", "rubber-and-game"],
    "83": ["new-cards"],
    "84": ["penalties"],
    "85": ["tricks-and-play"],
    "86": ["tricks-and-play", "penalties"],
    "87": ["penalties"],
    "88": ["bystanders"],
    "89": ["bystanders"],
    "90": ["new-cards"],
    "91": ["tricks-and-play"],
    "etiquette/1": ["etiquette", "new-cards"],
    "etiquette/2": ["etiquette", "tricks-and-play"],
    "etiquette/3": ["etiquette"],
    "etiquette/4": ["etiquette", "tricks-and-play"],
    "etiquette/5": ["etiquette", "bystanders"],
    "etiquette/6": ["etiquette", "revoke"],
    "etiquette/7": ["etiquette", "bystanders"],
    "etiquette/8": ["etiquette", "bystanders"],
    "etiquette/9": ["etiquette", "bystanders"],
    "dummy/I": ["dummy", "dealing"],
    "dummy/II": ["dummy", "revoke"],
    "dummy/III": ["dummy", "penalties"],
    "double-dummy/1": ["dummy", "new-deal"],
}

ETIQUETTE_UNNUMBERED = (
    "The source prints the etiquette as unnumbered paragraphs; the editors "
    "number them 1 to 9 in printed order."
)
ANNOTATIONS = {
    "26": [{
        "kind": "erratum",
        "text": "The heading above this law is printed 'SHUFFLING' without the "
                "period that ends every other heading of the code (so in the "
                "book's HTML edition as well as the plain text).",
    }],
    **{f"etiquette/{n}": [{"text": ETIQUETTE_UNNUMBERED}] for n in range(1, 10)},
    "double-dummy/1": [{
        "text": "The source prints no number: this sentence ends the one "
                "paragraph printed under DOUBLE DUMMY, after 'except in the "
                "following special Law:'. The editors set it apart as the "
                "part's one law and number it 1.",
    }],
}


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
        if re.search(r"\{\d+\}", line):
            sys.exit(f"unexpected page marker in body line {n}: {line!r}")
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


def is_heading(b: list[str]) -> bool:
    return len(b) == 1 and not b[0].startswith(" ") and bool(HEADING_RE.match(b[0]))


def parse(body: list[str]) -> list[dict]:
    """Parse the body into headings with their laws (raw: no pages, topics)."""
    bl = blocks(body)
    if bl[0] != [TITLE]:
        sys.exit(f"first block is not the title: {bl[0]!r}")
    headings: list[dict] = []
    law: dict | None = None
    for b in bl[1:]:
        first = b[0]
        if is_heading(b):
            law = None
            h = {"heading": first, "laws": []}
            if first in PARTS:
                h["part"] = PARTS[first]
            headings.append(h)
            continue
        if not headings:
            sys.exit(f"text before the first heading: {b!r}")
        h = headings[-1]
        part = h.get("part")

        if part is None:
            lm = LAW_RE.match(first)
            if lm and not first.startswith(" "):
                law = {"law": int(lm.group(1)), "text": join(lm.group(2), b[1:], 0)}
                h["laws"].append(law)
                continue
            if law is None:
                sys.exit(f"paragraph outside a law: {b!r}")
            if first.startswith("    "):
                im = ROMAN_RE.match(first[4:])
                if not im:
                    sys.exit(f"indented block is not an item: {b!r}")
                items = law.setdefault("items", [])
                number = ROMAN[im.group(1)]
                if number != len(items) + 1:
                    sys.exit(f"item {im.group(1)} out of order in law {law['law']}")
                items.append({"item": str(number), "label": f"{im.group(1)}.",
                              "text": join(im.group(2), b[1:], 4)})
                continue
            if "items" in law:
                sys.exit(f"paragraph after items in law {law['law']}: {b!r}")
            # a further paragraph of the law's own text
            law["text"] += "\n" + join(first, b[1:], 0)
            continue

        if first.startswith(" "):
            sys.exit(f"indented block in part {part}: {b!r}")
        para = join(first, b[1:], 0)
        if part == "etiquette":
            if "preamble" not in h:
                h["preamble"] = para
            else:
                h["laws"].append({"law": len(h["laws"]) + 1, "unnumbered": True, "text": para})
        elif part == "dummy":
            rm = ROMAN_RE.match(para)
            if not h["laws"] and not rm:
                h["preamble"] = h["preamble"] + "\n" + para if "preamble" in h else para
                continue
            if not rm or h.get("preamble", "").split("\n")[-1] != DUMMY_PREAMBLE_END:
                sys.exit(f"unexpected paragraph in DUMMY: {para!r}")
            if ROMAN[rm.group(1)] != len(h["laws"]) + 1:
                sys.exit(f"Dummy law {rm.group(1)} out of order")
            h["laws"].append({"law": rm.group(1), "label": f"{rm.group(1)}.", "text": rm.group(2)})
        elif part == "double-dummy":
            if "preamble" in h:
                sys.exit(f"more than one paragraph under DOUBLE DUMMY: {para!r}")
            pre, sep, rule = para.partition(DOUBLE_DUMMY_SPLIT)
            if not sep or not rule:
                sys.exit(f"DOUBLE DUMMY paragraph does not split: {para!r}")
            h["preamble"] = pre + sep.rstrip()
            h["laws"].append({"law": 1, "unnumbered": True, "text": rule})
        else:
            sys.exit(f"unknown part {part}")
    return headings


def law_key(h: dict, law: dict) -> str:
    return f"{h['part']}/{law['law']}" if "part" in h else str(law["law"])


def add_pages(headings: list[dict]) -> None:
    """Give each heading and law its page, and page_breaks, from PAGE_STARTS."""
    starts = list(PAGE_STARTS)
    page, where = starts.pop(0)
    if where != ("title", TITLE):
        sys.exit("the first page must begin before the title")

    def begins(kind: str, name: str) -> int | None:
        if starts and starts[0][1][:2] == (kind, name):
            return starts.pop(0)[0]
        return None

    for h in headings:
        page = begins("heading", h["heading"]) or page
        h["page"] = page
        for law in h["laws"]:
            key = law_key(h, law)
            page = begins("law", key) or page
            law["page"] = page
            while starts and starts[0][1][:2] == ("inside", key):
                new, (_, _, words) = starts.pop(0)
                flat = " ".join(law["text"].split()) + " " + " ".join(
                    it["text"] for it in law.get("items", []))
                if words not in flat:
                    sys.exit(f"page {new}: words {words!r} not in law {key}")
                law.setdefault("page_breaks", []).append(new)
                page = new
    if starts:
        sys.exit(f"page starts not placed: {starts}")


def add_editorial(headings: list[dict]) -> None:
    seen = set()
    for h in headings:
        for law in h["laws"]:
            key = law_key(h, law)
            seen.add(key)
            if key not in TOPICS:
                sys.exit(f"no topics for {key}")
            law["topics"] = TOPICS[key]
            if key in ANNOTATIONS:
                law["annotations"] = ANNOTATIONS[key]
            if law.get("unnumbered") and key not in ANNOTATIONS:
                sys.exit(f"unnumbered law {key} has no annotation saying why")
    for table in (TOPICS, ANNOTATIONS):
        extra = set(table) - seen
        if extra:
            sys.exit(f"table names laws that do not exist: {sorted(extra)}")


def source_meta(header: dict[str, str], source: Path) -> dict:
    sb = header["Source book"]
    m = re.match(
        r'^(?P<book>.+?), by (?P<author>.+?)\. "(?P<edition>[^"]+)" '
        r"\((?P<place>[^:]+): (?P<publisher>[^;]+); copyright (?P<years>[\d, ]+)\)$",
        sb,
    )
    if not m:
        sys.exit(f"cannot parse Source book header: {sb!r}")
    year = int(m["years"].split(",")[-1])
    pg_line = next(k for k in header if k.startswith("Project Gutenberg eBook #"))
    g = re.match(r"^Project Gutenberg eBook #(\d+) \((.+)\)$", pg_line)
    if not g:
        sys.exit(f"cannot parse Gutenberg header: {pg_line!r}")
    lines = next(k for k in header if k.startswith("Lines "))
    lm = re.match(r"^Lines (\d+-\d+) of (\S+)\. Cleaning", lines)
    if not lm:
        sys.exit(f"cannot parse Lines header: {lines!r}")
    transcription = (
        f"Project Gutenberg eBook #{g.group(1)} ({g.group(2)}) of the edition "
        f"\"{m['edition']}\" (copyright {m['years'].strip()}). "
        f"Read from {header['Read from']}, lines {lm.group(1)}. "
        f"Cleaning: {header[lines].strip()} "
        "The plain text has no page markers: the page numbers (pp. 196-206) "
        "are taken from the page anchors of the same eBook's HTML edition "
        "(53881-h/53881-h.htm in the same repository), which prints the code "
        "with the same words, headings (SHUFFLING without its period "
        "included) and paragraphs. Saved as the nearest complete whist code "
        "in the seed books; it is not the source of seed 002 (same family, "
        "different text)."
    )
    try:
        rel = str(source.resolve().relative_to(SHARED))
    except ValueError:
        rel = f"sources/{source.name}"
    return {
        "book": m["book"],
        "author": m["author"],
        "publisher": m["publisher"].strip(),
        "place": m["place"],
        "year": year,
        "gutenberg": int(g.group(1)),
        "file": rel,
        "transcription": transcription,
        "extent": (
            "From the heading \"ENGLISH WHIST LAWS.\" through Law 91, then the "
            "\"Etiquette of Whist\" (a preamble and nine unnumbered paragraphs), "
            "\"Dummy\" (three introductory paragraphs and Laws I-III) and "
            "\"Double Dummy\" (one paragraph ending in its special law), which "
            "follow it in the book (pp. 196-206). Not included: what precedes it "
            "in the book (another whist code with its etiquette, and notes on "
            "erroneous scores and on bidding in Boston and Solo Whist) and "
            "\"The Poker Family\", which follows."
        ),
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


def scalar(key: str, value, indent: int, *, quote: bool = False, fold: bool = False) -> list[str]:
    pad = " " * indent
    if isinstance(value, bool):
        return [f"{pad}{key}: {'true' if value else 'false'}"]
    if isinstance(value, int):
        return [f"{pad}{key}: {value}"]
    if quote:
        return [f"{pad}{key}: {dquote(value)}"]
    if not fold and plain_ok(value) and len(pad) + len(key) + 2 + len(value) <= WIDTH:
        return [f"{pad}{key}: {value}"]
    if not fold and "\n" not in value and len(pad) + len(key) + 4 + len(value) <= WIDTH and "'" not in value:
        return [f"{pad}{key}: '{value}'"]
    if not fold and "\n" not in value and len(pad) + len(key) + 4 + len(value) <= WIDTH and '"' not in value:
        return [f"{pad}{key}: {dquote(value)}"]
    return folded(key, value, indent)


def flow_list(values: list) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def emit_law(law: dict) -> list[str]:
    number = law["law"]
    out = [f"  - law: {number if isinstance(number, int) else number}"]
    if "label" in law:
        out += scalar("label", law["label"], 4, quote=True)
    if law.get("unnumbered"):
        out.append("    unnumbered: true")
    out.append(f"    page: {law['page']}")
    if "page_breaks" in law:
        out.append(f"    page_breaks: {flow_list(law['page_breaks'])}")
    out += folded("text", law["text"], 4)
    if "items" in law:
        out.append("    items:")
        for it in law["items"]:
            out.append(f"      - item: {dquote(it['item'])}")
            out += scalar("label", it["label"], 8, quote=True)
            out += folded("text", it["text"], 8)
    out.append(f"    topics: {flow_list(law['topics'])}")
    if "annotations" in law:
        out.append("    annotations:")
        for a in law["annotations"]:
            first = True
            for key in ("kind", "text"):
                if key not in a:
                    continue
                lines = scalar(key, a[key], 8, fold=(key == "text"))
                if first:
                    lines[0] = "      - " + lines[0][8:]
                    first = False
                out += lines
    return out


def emit_heading(h: dict) -> str:
    out = [HEADING_SCHEMA]
    out += scalar("heading", h["heading"], 0)
    if "part" in h:
        out += scalar("part", h["part"], 0)
    out.append(f"page: {h['page']}")
    if "preamble" in h:
        out += folded("preamble", h["preamble"], 0)
    out.append("laws:")
    for law in h["laws"]:
        out += emit_law(law)
    return "\n".join(out) + "\n"


def emit_code(meta: dict, headings: list[str]) -> str:
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


def verify(out_dir: Path, headings: list[dict], body: list[str]) -> list[str]:
    errors: list[str] = []
    code = yaml.safe_load((out_dir / "code.yaml").read_text(encoding="utf-8"))
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

    # exact round-trip of every value
    for d, h in zip(docs, headings):
        if d != h:
            errors.append(f"{d['heading']}: file content differs from the parsed source")

    # numbering
    def numbers(part):
        return [l["law"] for d in docs if d.get("part") == part for l in d["laws"]]

    counts = {
        None: (numbers(None), list(range(1, 92))),
        "etiquette": (numbers("etiquette"), list(range(1, 10))),
        "dummy": (numbers("dummy"), ["I", "II", "III"]),
        "double-dummy": (numbers("double-dummy"), [1]),
    }
    for part, (got_n, want_n) in counts.items():
        if got_n != want_n:
            errors.append(f"{part or 'laws'}: numbers {got_n} are not {want_n}")

    # whitespace-collapsed reconstruction, printed as the book prints it
    parts = [code["title"]]
    for d in docs:
        parts.append(d["heading"])
        if "preamble" in d:
            parts.append(d["preamble"])
        for l in d["laws"]:
            lead = "" if l.get("unnumbered") else l.get("label", f"{l['law']}.")
            parts.append(f"{lead} {l['text']}")
            for it in l.get("items", []):
                parts += [it["label"], it["text"]]
    got = collapse(" ".join(parts))
    want = collapse("\n".join(body))
    if got != want:
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        errors.append(
            "collapsed text differs at char %d:\n  corpus: %r\n  source: %r"
            % (i, got[max(0, i - 60):i + 60], want[max(0, i - 60):i + 60])
        )
    print(f"{len(files)} heading files; laws {len(counts[None][0])}, "
          f"etiquette {len(counts['etiquette'][0])}, dummy {len(counts['dummy'][0])}, "
          f"double dummy {len(counts['double-dummy'][0])}; collapsed text {len(got)} chars "
          f"{'==' if got == want else '!='} source {len(want)} chars")
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--out", type=Path, default=ROOT / "laws" / CODE_ID)
    args = ap.parse_args()

    header, body = read_source(args.source)
    headings = parse(body)
    add_pages(headings)
    add_editorial(headings)
    meta = source_meta(header, args.source)

    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("[0-9][0-9]-*.yaml"):
        old.unlink()
    names = [h["heading"] for h in headings]
    (args.out / "code.yaml").write_text(emit_code(meta, names), encoding="utf-8")
    written = ["code.yaml"]
    for n, h in enumerate(headings, 1):
        name = f"{n:02d}-{slug(h['heading'])}.yaml"
        (args.out / name).write_text(emit_heading(h), encoding="utf-8")
        written.append(name)
    for w in written:
        print(args.out / w)

    errors = verify(args.out, headings, body)
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    print("verification:", "FAILED" if errors else "OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
