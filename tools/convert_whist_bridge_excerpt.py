#!/usr/bin/env python3
"""Convert the seed excerpt 002_30aa92344cb4a9ec.txt, the only known text of
an unidentified code of the whist/bridge family, into the lawkit YAML corpus
(see docs/corpus-format.md).

    python tools/convert_whist_bridge_excerpt.py [SEED] [--out laws/whist-bridge-excerpt]

The excerpt has no header: it starts inside Law 19 (whose number is cut
off), runs through Laws 20-34 under the printed headings SHUFFLING., THE
DEAL. and A NEW DEAL., and breaks off inside Law 35 ("the adversarie"). The
heading above Law 19 is not in the excerpt: the editors supply it
(``supplied: true``) from the related codes, where the laws that match Laws
20 and 21 stand under ENTRY AND RE-ENTRY (bridge-1904 Laws 25-26,
english-whist Laws 24-25).

The code is a fragment: ``fragment: true`` (no title printed), Law 19
``incomplete: start``, Law 35 ``incomplete: end``; its book, author,
publisher and year are unknown (``year: null``, ``gutenberg: null``).

Topics and the editors' annotations are kept in tables below, so that a
re-run reproduces the YAML byte for byte. The written files are read back
with ``yaml.safe_load`` and checked against the parse, the numbering and the
whitespace-collapsed excerpt. Exits non-zero on any mismatch.

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
DEFAULT_SOURCE = SHARED / "seeds" / "002_30aa92344cb4a9ec.txt"
CODE_ID = "whist-bridge-excerpt"

CODE_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json"
HEADING_SCHEMA = "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json"

TITLE = "An unidentified code of Whist or Bridge (excerpt)"
SHORT_TITLE = "Whist or Bridge, unidentified (excerpt)"
FIRST_LAW = 19  # the excerpt starts inside it; its number is cut off
SUPPLIED_HEADING = "ENTRY AND RE-ENTRY."

SOURCE = {
    "book": "Unknown: the book the excerpt was taken from has not been identified.",
    "year": None,
    "gutenberg": None,
    "transcription": (
        "The text is the project's seed excerpt seeds/002_30aa92344cb4a9ec.txt, a "
        "plain-text excerpt with no header, no page numbers and no note of where "
        "it was copied from; it is taken as it stands, hard line wraps joined and "
        "nothing else changed. The code it comes from is unidentified: its book, "
        "author, publisher, place and year are unknown, and it has no Project "
        "Gutenberg number. What is known is its family. It is a code of the "
        "whist/bridge family: bridge-1904 (The Laws of Bridge, 1904, the English "
        "club code) is its closest complete relative, with mostly the same "
        "sentences numbered differently (the excerpt's Law 22 is Law 27 there, "
        "its Law 25 is Law 31, and it has no counterpart of that code's Law 29 on "
        "shuffling by dealing into packets); english-whist (the English club code "
        "of short whist) is of the same family but differently worded (its Laws "
        "24 and 26 are the excerpt's Laws 20 and 22, with \u201cwhilst\u201d, "
        "\u201cthat latter\u201d and \u201cbe seen\u201d for \u201cwhile\u201d, "
        "\u201cthe latter\u201d and \u201ccan be seen\u201d), and neither code has "
        "the excerpt's Law 19 on leaving a full table. Nothing in the excerpt "
        "(Laws 19-35: entry, shuffling, the deal, a new deal) settles whether it "
        "is a whist or a bridge code. The same text, with the same numbers, is "
        "also found on the web site playingcardgames.net (pages \u201cEntry And "
        "Re-entry\u201d, \u201cShuffling\u201d, \u201cThe Deal\u201d), which "
        "prints Law 19 complete; that copy was not used for the text and "
        "identifies no book in the parts seen."
    ),
    "extent": (
        "Only what the excerpt holds: the end of Law 19 (from \u201crubbers to "
        "which he is entitled\u201d), Laws 20-34, and the start of Law 35 (to "
        "\u201cthe adversarie\u201d), with the printed headings SHUFFLING., THE "
        "DEAL. and A NEW DEAL. The heading above Law 19 is not in the excerpt "
        "and is supplied by the editors. Everything before Law 19 and after the "
        "start of Law 35, and the code's title, date and issuing body, are "
        "unknown."
    ),
}

LAW_RE = re.compile(r"^(\d+)\. (.*)$")
HEADING_RE = re.compile(r"^[A-Z][A-Z -]*[A-Z]\.$")

WIDTH = 79

TOPICS = {
    19: ["entry", "cutting-out"],
    20: ["entry"],
    21: ["entry"],
    22: ["shuffling"],
    23: ["shuffling"],
    24: ["shuffling"],
    25: ["shuffling"],
    26: ["shuffling"],
    27: ["shuffling"],
    28: ["dealing"],
    29: ["cutting-the-pack"],
    30: ["cutting-the-pack"],
    31: ["shuffling", "dealing"],
    32: ["dealing"],
    33: ["new-deal"],
    34: ["new-deal"],
    35: ["new-deal", "exposed-cards"],
}

ANNOTATIONS = {
    19: [
        {
            "kind": "history",
            "text": (
                "The excerpt begins inside this law: its number and the heading above "
                "it are not printed. The number 19 follows from Law 20, the next law "
                "printed. The heading is supplied by the editors. No heading is printed "
                "between Laws 19, 20 and 21, so they stand under one; in both related "
                "codes the laws that match Laws 20 and 21 (cutting into another table, "
                "breaking up a table) stand under ENTRY AND RE-ENTRY (bridge-1904 Laws "
                "25-26, english-whist Laws 24-25), beside the law on substitutes, the "
                "nearest in subject to this one. CUTTING OUT, the heading before it in "
                "both codes, holds a single law, on who goes out when candidates claim "
                "admission at the end of a rubber. A web copy of the same text "
                "(playingcardgames.net) prints this law complete as Law 19, with Laws "
                "16-21, on a page titled \u201cEntry And Re-entry\u201d, and a Law 15 "
                "alone on a page titled \u201cCutting Out\u201d. The heading is given "
                "with a final period, as the excerpt prints its headings."
            ),
        },
    ],
}


# --------------------------------------------------------------------------
# reading the excerpt


def read_source(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[0].startswith("#"):
        sys.exit("the seed has no header lines; this one has")
    for n, line in enumerate(lines):
        if line != line.rstrip() or "\t" in line or "\r" in line:
            sys.exit(f"trailing whitespace, tab or CR in line {n}: {line!r}")
    return lines


def blocks(lines: list[str]) -> list[list[str]]:
    out: list[list[str]] = []
    cur: list[str] = []
    for line in lines:
        if line.strip():
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def join(lines: list[str]) -> str:
    for line in lines:
        if line != line.strip():
            sys.exit(f"unexpected indentation: {line!r}")
    text = " ".join(lines)
    if "  " in text:
        sys.exit(f"double space inside text: {text!r}")
    return text


def parse(lines: list[str]) -> dict:
    bl = blocks(lines)
    first = bl[0]
    if LAW_RE.match(first[0]) or HEADING_RE.match(first[0]):
        sys.exit(f"the excerpt was expected to start inside a law: {first[0]!r}")
    headings = [{"heading": SUPPLIED_HEADING, "supplied": True, "laws": [
        {"law": FIRST_LAW, "incomplete": "start", "text": join(first)}]}]
    for b in bl[1:]:
        if len(b) == 1 and HEADING_RE.match(b[0]):
            headings.append({"heading": b[0], "laws": []})
            continue
        m = LAW_RE.match(b[0])
        if not m:
            sys.exit(f"cannot place paragraph: {b!r}")
        headings[-1]["laws"].append({"law": int(m.group(1)), "text": join([m.group(2), *b[1:]])})
    last = headings[-1]["laws"][-1]
    if last["text"][-1] in ".;:":
        sys.exit(f"the last law was expected to break off: {last['text']!r}")
    last["incomplete"] = "end"
    numbers = [l["law"] for h in headings for l in h["laws"]]
    if set(TOPICS) != set(numbers) or not set(ANNOTATIONS) <= set(numbers):
        sys.exit(f"topics/annotations tables do not match the laws {numbers}")
    for h in headings:
        for law in h["laws"]:
            law["topics"] = TOPICS[law["law"]]
            if law["law"] in ANNOTATIONS:
                law["annotations"] = ANNOTATIONS[law["law"]]
    return {"headings": headings}


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
    if "\n" in text:
        sys.exit(f"unexpected paragraph break: {text!r}")
    return [" " * indent + f"{key}: >-"] + wrap(text, indent + 2)


def scalar(key: str, value, indent: int) -> list[str]:
    pad = " " * indent
    if value is None:
        return [f"{pad}{key}: null"]
    if isinstance(value, bool):
        return [f"{pad}{key}: {'true' if value else 'false'}"]
    if isinstance(value, int):
        return [f"{pad}{key}: {value}"]
    if plain_ok(value) and len(pad) + len(key) + 2 + len(value) <= WIDTH:
        return [f"{pad}{key}: {value}"]
    return folded(key, value, indent)


def emit_law(law: dict) -> list[str]:
    out = [f"  - law: {law['law']}"]
    if "incomplete" in law:
        out.append(f"    incomplete: {law['incomplete']}")
    out += folded("text", law["text"], 4)
    out.append(f"    topics: [{', '.join(law['topics'])}]")
    if "annotations" in law:
        out.append("    annotations:")
        for a in law["annotations"]:
            out.append(f"      - kind: {a['kind']}")
            out += folded("text", a["text"], 8)
    return out


def emit_heading(h: dict) -> str:
    out = [HEADING_SCHEMA]
    out += scalar("heading", h["heading"], 0)
    if h.get("supplied"):
        out.append("supplied: true")
    out.append("laws:")
    for law in h["laws"]:
        out += emit_law(law)
    return "\n".join(out) + "\n"


def emit_code(source: dict, headings: list[str]) -> str:
    out = [CODE_SCHEMA]
    out += scalar("code", CODE_ID, 0)
    out += scalar("title", TITLE, 0)
    out += scalar("short_title", SHORT_TITLE, 0)
    out.append("fragment: true")
    out.append("source:")
    for key in ("book", "year", "gutenberg", "file"):
        out += scalar(key, source[key], 2)
    out += folded("transcription", source["transcription"], 2)
    out += folded("extent", source["extent"], 2)
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
# verification (reads the written files only, plus the excerpt)


def collapse(s: str) -> str:
    return " ".join(s.split())


def verify(out_dir: Path, parsed: dict, lines: list[str], source: dict) -> list[str]:
    errors: list[str] = []
    code = yaml.safe_load((out_dir / "code.yaml").read_text(encoding="utf-8"))
    if code["source"] != source or code.get("fragment") is not True:
        errors.append("code.yaml source or fragment flag differs from what was meant")
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
            errors.append(f"{d['heading']}: file content differs from the parsed excerpt")
    laws = [l["law"] for d in docs for l in d["laws"]]
    if laws != list(range(FIRST_LAW, 36)):
        errors.append(f"laws are not {FIRST_LAW}-35 in order: {laws}")
    # whitespace-collapsed reconstruction: no title (fragment), no supplied heading,
    # no number for a law the excerpt enters in the middle
    parts = []
    for d in docs:
        if not d.get("supplied"):
            parts.append(d["heading"])
        for l in d["laws"]:
            lead = "" if l.get("incomplete") in ("start", "both") else f"{l['law']}."
            parts.append(f"{lead} {l['text']}")
    got = collapse(" ".join(parts))
    want = collapse("\n".join(lines))
    if got != want:
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        errors.append("collapsed text differs at char %d:\n  corpus: %r\n  source: %r"
                      % (i, got[max(0, i - 60):i + 60], want[max(0, i - 60):i + 60]))
    print(f"{len(files)} heading files, {len(laws)} laws ({laws[0]}-{laws[-1]}), collapsed text "
          f"{len(got)} chars {'==' if got == want else '!='} excerpt {len(want)} chars")
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--out", type=Path, default=ROOT / "laws" / CODE_ID)
    args = ap.parse_args()

    lines = read_source(args.source)
    parsed = parse(lines)
    try:
        rel = str(args.source.resolve().relative_to(SHARED))
    except ValueError:
        rel = f"seeds/{args.source.name}"
    source = {**SOURCE, "file": rel}

    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("[0-9][0-9]-*.yaml"):
        old.unlink()
    names = [h["heading"] for h in parsed["headings"]]
    (args.out / "code.yaml").write_text(emit_code(source, names), encoding="utf-8")
    written = ["code.yaml"]
    for n, h in enumerate(parsed["headings"], 1):
        name = f"{n:02d}-{slug(h['heading'])}.yaml"
        (args.out / name).write_text(emit_heading(h), encoding="utf-8")
        written.append(name)
    for w in written:
        print(args.out / w)

    errors = verify(args.out, parsed, lines, source)
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    print("verification:", "FAILED" if errors else "OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
