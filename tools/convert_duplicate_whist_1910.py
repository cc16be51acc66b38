#!/usr/bin/env python3
"""Convert the verified transcription of the Laws of Duplicate Whist (American
Whist League, as amended to 1910) into the lawkit YAML corpus (see
docs/corpus-format.md).

    python tools/convert_duplicate_whist_1910.py [SOURCE] [--out laws/duplicate-whist-1910]

The source (``#`` header lines give the provenance) prints one paragraph a
line: the title, an italic paragraph of amendments (front matter), the
DEFINITIONS (a preamble and (a)-(i)), then Laws I-XI, each "LAW I.--Title."
with sections "Sec. 1. ..." that may carry items "(a) ..." and a second
paragraph, and a closing pointer line (back matter). It prints no heading
over the laws: the editors supply one, THE LAWS (``supplied: true``).

Page numbers: the verified source has dropped the book's page markers. The
book's pages (119-126) are restored from the page anchors of the file the
source was read from (53881-h.htm): PAGE_STARTS below names, for every page,
the words it begins with, and the converter checks that each anchor occurs
exactly once and at a paragraph start or inside a law, as the HTML shows.

Topics and the editors' annotations are kept in tables below, so that a
re-run reproduces the YAML byte for byte. The written files are read back
with ``yaml.safe_load`` and checked against the parse, the numbering and the
whitespace-collapsed source text. Exits non-zero on any mismatch.

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
DEFAULT_SOURCE = Path("/work/shared/sources/duplicate-whist-1910.txt")
SHARED = Path("/work/shared")
CODE_ID = "duplicate-whist-1910"

CODE_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json"
HEADING_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json"

TITLE = "THE LAWS OF DUPLICATE WHIST."
SHORT_TITLE = "Duplicate Whist, 1910"
ISSUED_BY = "The American Whist League"
DATE = "July 1910"
DEFINITIONS = "DEFINITIONS."
LAWS_HEADING = "THE LAWS"  # not printed: supplied by the editors
BACK_MATTER = "For the Rules of Etiquette of Duplicate Whist, see page 85."

WIDTH = 79

LAW_RE = re.compile(r"^LAW ([IVXLC]+)\.\u2014(.+)\.$")
SEC_RE = re.compile(r"^(Sec\.? (\d+)\.) (.*)$")
ITEM_RE = re.compile(r"^(\(([a-z])\)) (.*)$")

# The first words printed on each page of the book (from the page anchors
# of 53881-h.htm; the title, p. 119, is the first line of the source).
PAGE_STARTS = [
    (119, "THE LAWS OF DUPLICATE WHIST."),
    (120, "(d) The player who is entitled to the trump card"),
    (121, "Sec. 2. There must be a new deal"),
    (122, "players at that table shall take the average score"),
    (123, "Sec. 5. If a player names a card of a trick"),
    (124, "Until the penalty has been exacted, waived or forfeited"),
    (125, "from the revoking side to their adversaries."),
    (126, "committing any irregularity, and for that purpose"),
]

TOPICS = {
    "definitions/a": ["definitions", "dealing"],
    "definitions/b": ["definitions", "dealing"],
    "definitions/c": ["definitions", "duplicate-play"],
    "definitions/d": ["definitions", "dealing", "trump-card"],
    "definitions/e": ["definitions", "duplicate-play"],
    "definitions/f": ["definitions", "duplicate-play"],
    "definitions/g": ["definitions", "revoke"],
    "definitions/h": ["definitions", "tricks-and-play"],
    "definitions/i": ["definitions", "tricks-and-play"],
    "I": ["shuffling"],
    "II": ["cutting-the-pack"],
    "III": ["dealing", "new-deal"],
    "IV": ["trump-card", "duplicate-play", "new-deal"],
    "V": ["irregular-hands", "duplicate-play", "new-deal"],
    "VI": ["tricks-and-play"],
    "VII": ["exposed-cards", "penalties"],
    "VIII": ["leads-out-of-turn", "penalties"],
    "IX": ["leads-out-of-turn", "penalties"],
    "X": ["revoke", "duplicate-play"],
    "XI": ["penalties", "tricks-and-play"],
}

ANNOTATIONS = {
    "definitions/f": [
        {
            "kind": "erratum",
            "text": (
                "The source prints \u201cthe play of teams, pairs of individuals\u201d: "
                "the list evidently means \u201cteams, pairs or individuals\u201d, the three "
                "kinds of duplicate match (team, pair and individual)."
            ),
        },
    ],
    "VII": [
        {
            "kind": "erratum",
            "item": "2",
            "text": (
                "The source prints \u201cIf a player says.\u201d before the quoted words "
                "(\u201cI can win the rest,\u201d ...): the period after \u201csays\u201d is "
                "evidently a misprint for a comma or a colon."
            ),
        },
    ],
    "XI": [
        {
            "kind": "erratum",
            "item": "2",
            "text": (
                "The source prints the label of Sec. 2 as \u201cSec 2.\u201d, without the "
                "period after \u201cSec\u201d that every other section label has; the label "
                "is kept as printed."
            ),
        },
    ],
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
        if line != line.rstrip() or line != line.lstrip():
            sys.exit(f"leading/trailing whitespace in body line {n}: {line!r}")
        if "\t" in line or "\r" in line or "  " in line:
            sys.exit(f"tab, CR or double space in body line {n}: {line!r}")
    return header, body


def paragraphs(body: list[str]) -> list[str]:
    """The source prints one paragraph a line, paragraphs apart by blank lines."""
    out: list[str] = []
    prev_blank = True
    for line in body:
        if not line:
            prev_blank = True
            continue
        if not prev_blank:
            sys.exit(f"paragraph of more than one line: {line!r}")
        out.append(line)
        prev_blank = False
    return out


def page_of(paras: list[str]) -> list[tuple[int, int, str]]:
    """For each page start: (page, paragraph index, text before it in that paragraph)."""
    found = []
    for page, words in PAGE_STARTS:
        hits = [(i, p.index(words)) for i, p in enumerate(paras) if words in p]
        if len(hits) != 1 or paras[hits[0][0]].count(words) != 1:
            sys.exit(f"page {page}: anchor {words!r} found {len(hits)} times")
        i, at = hits[0]
        found.append((page, i, paras[i][:at]))
    return found


def parse(paras: list[str]) -> dict:
    if paras[0] != TITLE:
        sys.exit(f"first paragraph is not the title: {paras[0]!r}")
    if paras[-1] != BACK_MATTER:
        sys.exit(f"last paragraph is not the closing pointer: {paras[-1]!r}")
    front_matter = [paras[1]]
    if not paras[1].startswith("_") or not paras[1].endswith("_"):
        sys.exit(f"front matter is not the italic paragraph: {paras[1]!r}")
    if paras[2] != DEFINITIONS:
        sys.exit(f"third paragraph is not {DEFINITIONS!r}: {paras[2]!r}")
    definitions = {"heading": DEFINITIONS, "part": "definitions", "preamble": paras[3], "laws": []}
    laws_heading = {"heading": LAWS_HEADING, "supplied": True, "laws": []}

    owner: dict[int, dict] = {}  # paragraph index -> the law it belongs to
    first: set[int] = set()       # paragraphs that begin a law or definition
    law: dict | None = None
    section: dict | None = None
    for i in range(4, len(paras) - 1):
        p = paras[i]
        lm = LAW_RE.match(p)
        sm = SEC_RE.match(p)
        im = ITEM_RE.match(p)
        if lm:
            law = {"law": lm.group(1), "title": lm.group(2), "label": p, "sections": []}
            section = None
            laws_heading["laws"].append(law)
            first.add(i)
        elif law is None and im:
            definition = {"law": im.group(2), "label": im.group(1), "text": im.group(3)}
            definitions["laws"].append(definition)
            owner[i] = definition
            first.add(i)
            continue
        elif law is None:
            sys.exit(f"cannot place paragraph before Law I: {p!r}")
        elif sm:
            section = {"section": int(sm.group(2)), "label": sm.group(1), "text": sm.group(3)}
            law["sections"].append(section)
        elif im:
            if section is None or "text_after" in section:
                sys.exit(f"item outside a section: {p!r}")
            section.setdefault("items", []).append(
                {"item": im.group(2), "label": im.group(1), "text": im.group(3)})
        else:
            # a further paragraph of the section
            if section is None:
                sys.exit(f"paragraph outside a section: {p!r}")
            if "items" in section:
                if "text_after" in section:
                    sys.exit(f"two paragraphs after the items: {p!r}")
                section["text_after"] = p
            else:
                section["text"] += "\n" + p
        owner[i] = law

    # pages: the page in effect at each paragraph's start, and page breaks
    page_at: list[int | None] = []
    page = None
    starts = page_of(paras)
    for i in range(len(paras)):
        for p, at, before in starts:
            if at == i and not before:
                page = p
        page_at.append(page)
        for p, at, before in starts:
            if at == i and before:
                page = p
    definitions["page"] = page_at[2]
    for i, l in owner.items():
        if i in first:
            l["page"] = page_at[i]
    for p, at, before in starts:
        if at in owner and (before or at not in first):
            owner[at].setdefault("page_breaks", []).append(p)
        elif at not in owner and at not in (0, 2):
            sys.exit(f"page {p} begins outside any law or heading")

    for law in definitions["laws"] + laws_heading["laws"]:
        key = law["law"] if "sections" in law else f"definitions/{law['law']}"
        law["topics"] = TOPICS[key]
        if key in ANNOTATIONS:
            law["annotations"] = ANNOTATIONS[key]
    keys = {l["law"] for l in laws_heading["laws"]} | {f"definitions/{l['law']}" for l in definitions["laws"]}
    if set(TOPICS) != keys or not set(ANNOTATIONS) <= keys:
        sys.exit(f"topics/annotations tables do not match the laws: {sorted(set(TOPICS) ^ keys)}")
    return {"front_matter": front_matter, "back_matter": [BACK_MATTER],
            "headings": [definitions, laws_heading]}


def source_meta(header: dict[str, str], source: Path) -> dict:
    sb = header["Source book"]
    m = re.match(
        r'^(?P<book>.+?), by (?P<author>.+?)\. (?P<edition>"[^"]+") '
        r"\((?P<place>[^:]+): (?P<publisher>[^;]+); copyright (?P<years>[\d, ]+)\), (?P<pages>pp\. [\d-]+)$",
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
        "Page numbers: the book's pages (119-126) are not in the cleaned text; "
        "the page and page_breaks values are taken from the page anchors of the "
        "same HTML file."
    )
    try:
        rel = str(source.resolve().relative_to(SHARED))
    except ValueError:
        rel = f"sources/{source.name}"
    return {
        "book": f"{m['book']} ({m['edition'].strip(chr(34))})",
        "author": m["author"],
        "publisher": m["publisher"],
        "place": m["place"],
        "year": int(m["years"].split(",")[-1]),
        "gutenberg": int(g.group(1)),
        "file": rel,
        "transcription": transcription,
        "extent": f"{header['Extent']} Book {m['pages']}.",
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


def folded_body(text: str, indent: int) -> list[str]:
    """Paragraphs (split at newlines) wrapped, a blank line between them."""
    out: list[str] = []
    for n, para in enumerate(text.split("\n")):
        if n:
            out.append("")
        out += wrap(para, indent)
    return out


def folded(key: str, text: str, indent: int) -> list[str]:
    return [" " * indent + f"{key}: >-"] + folded_body(text, indent + 2)


def scalar(key: str, value, indent: int, *, quote: bool = False) -> list[str]:
    pad = " " * indent
    if value is None:
        return [f"{pad}{key}: null"]
    if isinstance(value, bool):
        return [f"{pad}{key}: {'true' if value else 'false'}"]
    if isinstance(value, int):
        return [f"{pad}{key}: {value}"]
    if quote:
        return [f"{pad}{key}: {dquote(value)}"]
    if plain_ok(value) and len(pad) + len(key) + 2 + len(value) <= WIDTH:
        return [f"{pad}{key}: {value}"]
    return folded(key, value, indent)


def string_list(key: str, values: list[str], indent: int) -> list[str]:
    pad = " " * indent
    out = [f"{pad}{key}:"]
    for v in values:
        if plain_ok(v) and len(pad) + 4 + len(v) <= WIDTH:
            out.append(f"{pad}  - {v}")
        else:
            out.append(f"{pad}  - >-")
            out += folded_body(v, indent + 4)
    return out


def emit_items(items: list[dict], indent: int) -> list[str]:
    pad = " " * indent
    out = [f"{pad}items:"]
    for it in items:
        out.append(f"{pad}  - item: {it['item']}")
        out += scalar("label", it["label"], indent + 4, quote=True)
        out += folded("text", it["text"], indent + 4)
    return out


def emit_annotations(annotations: list[dict], indent: int) -> list[str]:
    pad = " " * indent
    out = [f"{pad}annotations:"]
    for a in annotations:
        out.append(f"{pad}  - kind: {a['kind']}")
        if "item" in a:
            out.append(f"{pad}    item: {dquote(a['item'])}")
        out += folded("text", a["text"], indent + 4)
    return out


def emit_law(law: dict) -> list[str]:
    out = [f"  - law: {law['law']}"]
    if "title" in law:
        out += scalar("title", law["title"], 4)
    out += scalar("label", law["label"], 4, quote=True)
    out += scalar("page", law["page"], 4)
    if "page_breaks" in law:
        out.append(f"    page_breaks: [{', '.join(str(p) for p in law['page_breaks'])}]")
    if "text" in law:
        out += folded("text", law["text"], 4)
    if "sections" in law:
        out.append("    sections:")
        for s in law["sections"]:
            out.append(f"      - section: {s['section']}")
            out += scalar("label", s["label"], 8, quote=True)
            out += folded("text", s["text"], 8)
            if "items" in s:
                out += emit_items(s["items"], 8)
            if "text_after" in s:
                out += folded("text_after", s["text_after"], 8)
    out.append(f"    topics: [{', '.join(law['topics'])}]")
    if "annotations" in law:
        out += emit_annotations(law["annotations"], 4)
    return out


def emit_heading(h: dict) -> str:
    out = [HEADING_SCHEMA]
    out += scalar("heading", h["heading"], 0)
    if h.get("supplied"):
        out.append("supplied: true")
    if "part" in h:
        out += scalar("part", h["part"], 0)
    if "page" in h:
        out += scalar("page", h["page"], 0)
    if "preamble" in h:
        out += folded("preamble", h["preamble"], 0)
    out.append("laws:")
    for law in h["laws"]:
        out += emit_law(law)
    return "\n".join(out) + "\n"


def emit_code(meta: dict, parsed: dict) -> str:
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
    out += string_list("front_matter", parsed["front_matter"], 0)
    out += string_list("back_matter", parsed["back_matter"], 0)
    out += string_list("headings", [h["heading"] for h in parsed["headings"]], 0)
    return "\n".join(out) + "\n"


def slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


# --------------------------------------------------------------------------
# verification (reads the written files only, plus the source)


def collapse(s: str) -> str:
    return " ".join(s.split())


def roman(n: int) -> str:
    out = ""
    for amount, numeral in [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]:
        while n >= amount:
            out, n = out + numeral, n - amount
    return out


def verify(out_dir: Path, parsed: dict, body: list[str], meta: dict) -> list[str]:
    errors: list[str] = []
    code = yaml.safe_load((out_dir / "code.yaml").read_text(encoding="utf-8"))
    for key in ("front_matter", "back_matter"):
        if code[key] != parsed[key]:
            errors.append(f"code.yaml {key} differs from the source")
    if code["source"] != meta:
        errors.append("code.yaml source differs from the parsed header")
    files = sorted(out_dir.glob("[0-9][0-9]-*.yaml"))
    if len(files) != len(code["headings"]):
        errors.append(f"{len(files)} heading files for {len(code['headings'])} headings")
    docs = []
    for n, (p, name) in enumerate(zip(files, code["headings"]), 1):
        d = yaml.safe_load(p.read_text(encoding="utf-8"))
        if p.name != f"{n:02d}-{slug(name)}.yaml":
            errors.append(f"file {p.name} does not match heading {n} {name!r}")
        docs.append(d)
    for d, h in zip(docs, parsed["headings"]):
        if d != h:
            errors.append(f"{d['heading']}: file content differs from the parsed source")

    defs = [l["law"] for l in docs[0]["laws"]]
    laws = [l["law"] for l in docs[1]["laws"]]
    if defs != list("abcdefghi"):
        errors.append(f"definitions are not (a)-(i): {defs}")
    if laws != [roman(n) for n in range(1, 12)]:
        errors.append(f"laws are not I-XI: {laws}")
    for l in docs[1]["laws"]:
        nums = [s["section"] for s in l["sections"]]
        if nums != list(range(1, len(nums) + 1)):
            errors.append(f"Law {l['law']}: sections {nums}")

    # whitespace-collapsed reconstruction, in printed order
    parts = [code["title"], *code["front_matter"]]
    for d in docs:
        if not d.get("supplied"):
            parts.append(d["heading"])
        if "preamble" in d:
            parts.append(d["preamble"])
        for l in d["laws"]:
            parts += [l["label"], l.get("text", "")]
            for s in l.get("sections", []):
                parts += [s["label"], s["text"]]
                for it in s.get("items", []):
                    parts += [it["label"], it["text"]]
                parts.append(s.get("text_after", ""))
    parts += code["back_matter"]
    got = collapse(" ".join(parts))
    want = collapse("\n".join(body))
    if got != want:
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        errors.append("collapsed text differs at char %d:\n  corpus: %r\n  source: %r"
                      % (i, got[max(0, i - 60):i + 60], want[max(0, i - 60):i + 60]))
    sections = sum(len(l["sections"]) for l in docs[1]["laws"])
    print(f"{len(files)} heading files, {len(defs)} definitions, {len(laws)} laws, "
          f"{sections} sections, collapsed text {len(got)} chars "
          f"{'==' if got == want else '!='} source {len(want)} chars")
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--out", type=Path, default=ROOT / "laws" / CODE_ID)
    args = ap.parse_args()

    header, body = read_source(args.source)
    parsed = parse(paragraphs(body))
    meta = source_meta(header, args.source)

    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("[0-9][0-9]-*.yaml"):
        old.unlink()
    (args.out / "code.yaml").write_text(emit_code(meta, parsed), encoding="utf-8")
    written = ["code.yaml"]
    for n, h in enumerate(parsed["headings"], 1):
        name = f"{n:02d}-{slug(h['heading'])}.yaml"
        (args.out / name).write_text(emit_heading(h), encoding="utf-8")
        written.append(name)
    for w in written:
        print(args.out / w)

    errors = verify(args.out, parsed, body, meta)
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    print("verification:", "FAILED" if errors else "OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
