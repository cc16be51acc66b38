#!/usr/bin/env python3
"""Convert the verified transcription of the Laws of Auction Bridge (1912)
into the lawkit YAML corpus (see docs/corpus-format.md).

Kept as the record of how the first YAML was made. The YAML is the product
now and has been edited by hand since (topics, annotations): to re-run this
over laws/, write to another --out and compare.

    python tools/convert_auction_bridge_1912.py [SOURCE] [--out laws/auction-bridge-1912]

Reads the source (``#`` header lines give the provenance, the rest is the
printed text), writes ``code.yaml`` and one ``NN-slug.yaml`` per printed
heading, then reads every written file back with ``yaml.safe_load`` and
checks it against the source:

* laws 1-97 in order, etiquette items 1-12;
* every text scalar round-trips exactly (no folding accident);
* the ``display`` block equals the source lines minus the 4-space indent;
* the whole corpus, re-joined in printed order with whitespace collapsed,
  equals the source body with whitespace collapsed, character for character.

The text is never altered: hard line wraps are joined with one space, and
that is all.  Exits non-zero on any mismatch.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = Path("/work/shared/sources/auction-bridge-1912.txt")
CODE_ID = "auction-bridge-1912"

CODE_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json"
HEADING_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json"

TITLE = "THE LAWS OF AUCTION BRIDGE"
SHORT_TITLE = "Auction Bridge, 1912"
ISSUED_BY = "The Whist Club of New York"
DATE = "November 1912"
ETIQUETTE_HEADING = "ETIQUETTE OF AUCTION BRIDGE"

WIDTH = 79  # total line width for folded text (the format doc's example wraps so)

HEADING_RE = re.compile(r"^([A-Z][A-Z ]*[A-Z])(?:\[(\d+)\])?$")
LAW_RE = re.compile(r"^(\d+)\. (.*)$")
FOOTNOTE_RE = re.compile(r"^      \[(\d+)\] (.*)$")
MARK_RE = re.compile(r"\[(\d+)\]")
ITEM_RE = re.compile(r"^(_([a-z])_|\(_([a-z])_\)|(\d+)(?:st|d|th)\.) (.*)$")


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


def item_id(m: re.Match) -> str:
    return m.group(2) or m.group(3) or m.group(4)


def parse(body: list[str]) -> dict:
    """Parse the body into title, headings with their laws."""
    bl = blocks(body)
    if bl[0] != [TITLE]:
        sys.exit(f"first block is not the title: {bl[0]!r}")
    headings: list[dict] = []
    law: dict | None = None
    display: list[list[str]] = []

    def close_law() -> None:
        nonlocal law, display
        if law is not None and display:
            law["display"] = "\n\n".join("\n".join(l[4:] for l in b) for b in display)
        law = None
        display = []

    for b in bl[1:]:
        first = b[0]
        hm = HEADING_RE.match(first)
        if len(b) == 1 and hm and not first.startswith(" "):
            close_law()
            h = {"heading": hm.group(1), "laws": []}
            if hm.group(2):
                h["_mark"] = hm.group(2)  # footnote printed on the heading
            if h["heading"] == ETIQUETTE_HEADING:
                h["part"] = "etiquette"
            headings.append(h)
            continue
        if not headings:
            sys.exit(f"text before the first heading: {b!r}")
        h = headings[-1]
        lm = LAW_RE.match(first)
        if lm and not first.startswith(" "):
            close_law()
            law = {"law": int(lm.group(1)), "text": join(lm.group(2), b[1:], 0)}
            h["laws"].append(law)
            continue
        fm = FOOTNOTE_RE.match(first)
        if fm:
            if law is None:
                sys.exit(f"footnote outside a law: {b!r}")
            mark = fm.group(1)
            note = {"mark": mark, "text": join(fm.group(2), b[1:], 6)}
            if f"[{mark}]" not in law["text"] and h.get("_mark") == mark:
                note["at"] = "heading"
            elif f"[{mark}]" not in law["text"]:
                sys.exit(f"footnote [{mark}] has no mark in law {law['law']} or its heading")
            law.setdefault("notes", []).append(note)
            continue
        if first.startswith("    "):
            if law is None:
                sys.exit(f"indented block outside a law: {b!r}")
            im = ITEM_RE.match(first[4:])
            if im:
                if display or "text_after" in law:
                    sys.exit(f"item after display/text_after in law {law['law']}")
                # continuation lines carry the 4-space indent of the block
                text = join(im.group(5), b[1:], 4)
                law.setdefault("items", []).append(
                    {"item": item_id(im), "label": im.group(1), "text": text}
                )
            else:
                if "items" in law:
                    sys.exit(f"display after items in law {law['law']}")
                display.append(b)
            continue
        # an unnumbered, unindented paragraph
        if law is None and h.get("part") and not h["laws"] and "preamble" not in h:
            h["preamble"] = join(b[0], b[1:], 0)
            continue
        if law is not None and "items" in law and "text_after" not in law and "notes" not in law:
            law["text_after"] = join(b[0], b[1:], 0)
            continue
        sys.exit(f"cannot place paragraph: {b!r}")
    close_law()
    for h in headings:
        if "_mark" in h:
            marks = [n for l in h["laws"] for n in l.get("notes", []) if n.get("at") == "heading"]
            if [n["mark"] for n in marks] != [h["_mark"]]:
                sys.exit(f"heading mark [{h['_mark']}] not matched by one footnote")
            del h["_mark"]
    return {"headings": headings}


def source_meta(header: dict[str, str]) -> dict:
    sb = header["Source book"]
    m = re.match(
        r"^(?P<book>.+?), by (?P<author>.+?) \((?P<place>[^:]+): (?P<publisher>[^,;]+)"
        r"[^;]*; published \w+ (?P<year>\d{4});",
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
        f"Cleaning: {header['Cleaning']}"
    )
    return {
        "book": m["book"],
        "author": m["author"],
        "publisher": m["publisher"],
        "place": m["place"],
        "year": int(m["year"]),
        "gutenberg": int(g.group(1)),
        "file": DEFAULT_SOURCE.name,
        "transcription": transcription,
        "extent": header["Extent"],
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
    if not fold and len(pad) + len(key) + 4 + len(value) <= WIDTH and "'" not in value:
        return [f"{pad}{key}: '{value}'"]
    return folded(key, value, indent)


def emit_law(law: dict) -> list[str]:
    out = [f"  - law: {law['law']}"]
    out += folded("text", law["text"], 4)
    if "display" in law:
        out += literal("display", law["display"], 4)
    if "items" in law:
        out.append("    items:")
        for it in law["items"]:
            out.append(f"      - item: {dquote(it['item']) if it['item'].isdigit() else it['item']}")
            out += scalar("label", it["label"], 8, quote=True)
            out += folded("text", it["text"], 8)
    if "text_after" in law:
        out += folded("text_after", law["text_after"], 4)
    if "notes" in law:
        out.append("    notes:")
        for n in law["notes"]:
            out.append(f"      - mark: {dquote(n['mark'])}")
            out += scalar("text", n["text"], 8)
            if "at" in n:
                out.append(f"        at: {n['at']}")
    return out


def emit_heading(h: dict) -> str:
    out = [HEADING_SCHEMA]
    out += scalar("heading", h["heading"], 0)
    if "part" in h:
        out += scalar("part", h["part"], 0)
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


def verify(out_dir: Path, parsed: dict, body: list[str]) -> list[str]:
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

    # exact round-trip of every value against the parse
    for d, h in zip(docs, parsed["headings"]):
        if d != h:
            errors.append(f"{d['heading']}: file content differs from the parsed source")

    # numbering
    laws = [l["law"] for d in docs if "part" not in d for l in d["laws"]]
    etiq = [l["law"] for d in docs if d.get("part") == "etiquette" for l in d["laws"]]
    if laws != list(range(1, 98)):
        errors.append(f"laws are not 1-97 in order: {laws}")
    if etiq != list(range(1, 13)):
        errors.append(f"etiquette items are not 1-12 in order: {etiq}")

    # display kept line for line
    src_lines = body
    for d in docs:
        for l in d["laws"]:
            if "display" in l:
                for line in l["display"].split("\n"):
                    if line and "    " + line not in src_lines:
                        errors.append(f"law {l['law']}: display line not in source: {line!r}")

    # whitespace-collapsed reconstruction
    parts = [code["title"]]
    for d in docs:
        heading_marks = [n["mark"] for l in d["laws"] for n in l.get("notes", [])
                         if n.get("at") == "heading"]
        parts.append(d["heading"] + "".join(f"[{m}]" for m in heading_marks))
        if "preamble" in d:
            parts.append(d["preamble"])
        for l in d["laws"]:
            parts.append(f"{l['law']}. {l['text']}")
            if "display" in l:
                parts.append(l["display"])
            for it in l.get("items", []):
                parts += [it["label"], it["text"]]
            if "text_after" in l:
                parts.append(l["text_after"])
            for n in l.get("notes", []):
                parts.append(f"[{n['mark']}] {n['text']}")
    got = collapse(" ".join(parts))
    want = collapse("\n".join(body))
    if got != want:
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        errors.append(
            "collapsed text differs at char %d:\n  corpus: %r\n  source: %r"
            % (i, got[max(0, i - 60):i + 60], want[max(0, i - 60):i + 60])
        )
    stats = (f"{len(files)} heading files, {len(laws)} laws, {len(etiq)} etiquette items, "
             f"collapsed text {len(got)} chars {'==' if got == want else '!='} source {len(want)} chars")
    print(stats)
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--out", type=Path, default=ROOT / "laws" / CODE_ID)
    args = ap.parse_args()

    header, body = read_source(args.source)
    parsed = parse(body)
    meta = source_meta(header)
    meta["file"] = args.source.name

    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("[0-9][0-9]-*.yaml"):
        old.unlink()
    names = [h["heading"] for h in parsed["headings"]]
    (args.out / "code.yaml").write_text(emit_code(meta, names), encoding="utf-8")
    written = ["code.yaml"]
    for n, h in enumerate(parsed["headings"], 1):
        name = f"{n:02d}-{slug(h['heading'])}.yaml"
        (args.out / name).write_text(emit_heading(h), encoding="utf-8")
        written.append(name)
    for w in written:
        print(args.out / w)

    errors = verify(args.out, parsed, body)
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    print("verification:", "FAILED" if errors else "OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
