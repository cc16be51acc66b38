"""The ``lawkit`` command line (docs/contract.md, "The command line").

Exit codes: 0 fine, 1 the corpus or input is wrong, 2 usage. With ``--json``
a command prints one JSON document on stdout; errors go to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from pathlib import Path
from typing import Any, NoReturn, Sequence, TextIO

from typing import TYPE_CHECKING

import lawkit
from .corpus.problems import did_you_mean

if TYPE_CHECKING:
    from .corpus.model import Corpus, Item, Law, Section

# Each command imports what it needs when it runs: `lawkit show` should not pay for
# the CEL library, jsonschema or the YAML parser when the corpus comes from the cache.


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # usage errors: exit 2, one line plus usage
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> _Parser:
    common = _Parser(add_help=False)  # only a parent: its arguments are copied into each command
    common.add_argument("--laws", default="laws", metavar="DIR", help="the corpus directory (default: ./laws)")
    common.add_argument("--json", action="store_true", help="print one JSON document on stdout")

    parser = _Parser(prog="lawkit", description="Read, check and query the laws of Whist, Bridge and Auction Bridge.")
    parser.add_argument("--version", action="version", version=f"lawkit {lawkit.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    check = commands.add_parser("check", parents=[common], help="validate the corpus and the scenario files",
                                description="Validate the corpus, and the scenario files (tests/scenarios beside "
                                            "--laws when present): one line per problem, "
                                            "path:line:col: error[kind]: message.")
    check.add_argument("--scenarios", metavar="DIR", action="append",
                       help="scenario files or folders to validate (default: tests/scenarios beside --laws, if any)")
    show = commands.add_parser("show", parents=[common], help="one law with its notes and references",
                               description="Show one law (or section, or item) by its citation id.")
    show.add_argument("id", metavar="ID", help="a citation id, e.g. auction-bridge-1912/21")
    search = commands.add_parser("search", parents=[common], help="laws ranked for a question",
                                 description="Search the laws: full text (law text, headings, notes, "
                                             "annotations, glossary terms; bm25) fused with closeness in "
                                             "meaning to each law's passages and the questions it answers, "
                                             "with highlighted snippets.")
    search.add_argument("query", metavar="QUERY", help="words or a question, e.g. 'who deals after a misdeal?'")
    search.add_argument("--code", metavar="C", help="only this code")
    search.add_argument("--topic", metavar="T", help="only laws of this topic")
    search.add_argument("--limit", metavar="N", type=int, default=10, help="at most N results (default 10)")
    search.add_argument("--words-only", action="store_true",
                        help="rank by shared words alone (bm25), without the model of meaning")
    refs = commands.add_parser("refs", parents=[common], help="what a law cites and what cites it",
                               description="References out of and into a law, transitively with --depth, "
                                           "or the citation graph as Graphviz (--dot) or Mermaid (--mermaid).")
    refs.add_argument("id", metavar="ID", help="a citation id, e.g. auction-bridge-1912/73")
    refs.add_argument("--depth", metavar="N", type=int, default=1, help="steps to follow (0: all; default 1)")
    graph = refs.add_mutually_exclusive_group()
    graph.add_argument("--dot", action="store_true", help="print the graph in Graphviz dot")
    graph.add_argument("--mermaid", action="store_true", help="print the graph as a Mermaid flowchart")
    commands.add_parser("export", parents=[common], help="the whole corpus as JSON",
                        description="Print the whole corpus as one JSON document.")
    diff = commands.add_parser("diff", parents=[common], help="what changed between two editions",
                               description="The law-by-law map from one edition to the next, "
                                           "with word-level differences of changed laws.")
    diff.add_argument("earlier", metavar="FROM", help="the earlier edition's code id")
    diff.add_argument("later", metavar="TO", help="the later edition's code id")
    diff.add_argument("--rulings", action="store_true",
                      help="what changed in behaviour: every scenario ruled under both editions, the changed listed")
    diff.add_argument("--scenarios", metavar="DIR", action="append",
                      help="scenario files or folders for --rulings (default: tests/scenarios beside --laws)")
    commands.add_parser("stats", parents=[common], help="corpus statistics",
                        description="Laws per code, citations, parallels, glossary, topics and annotations.")
    ruling = commands.add_parser("ruling", parents=[common], help="the rulings of one code on a situation",
                                 description="Put a situation (a YAML or JSON file of facts) to one code's rules: "
                                             "every ruling that applies, citing its law, and the facts still missing.")
    ruling.add_argument("--code", required=True, metavar="C", help="the code id")
    ruling.add_argument("--facts", required=True, metavar="FILE", help="the situation: fact names and values")
    compare = commands.add_parser("compare", parents=[common], help="the same situation put to every code",
                                  description="Put one situation to every code and show their rulings side by side.")
    compare.add_argument("--facts", required=True, metavar="FILE", help="the situation: fact names and values")
    score = commands.add_parser(
        "score", parents=[common], help="a hand's or a rubber's score under one code or every code",
        description="Score a hand or a rubber by the scoring rules: FILE is a hand (a record of the table, "
                    "as for `ruling`, or a short form: declaration, by, tricks, ...) or a rubber (hands: [...]); "
                    "without FILE the options below give one hand in the short form. Every code that scores, "
                    "side by side, unless --code.")
    score.add_argument("file", nargs="?", metavar="FILE", help="a YAML or JSON file: a hand or a rubber")
    score.add_argument("--code", metavar="C", action="append", help="only this code (repeatable)")
    score.add_argument("--declaration", metavar="BID", help="the final declaration, e.g. 4H, 3NT, 2RS")
    score.add_argument("--by", metavar="SEAT", help="the declarer: north, east, south or west")
    score.add_argument("--doubled", action="store_true", help="the declaration was doubled")
    score.add_argument("--redoubled", action="store_true", help="the declaration was redoubled")
    score.add_argument("--tricks", metavar="N", type=int, help="the tricks the declaring side won")
    score.add_argument("--honours", metavar="SEAT=CARDS", action="append", default=[],
                       help="the honours a player was dealt, e.g. north=AH,KH (repeatable)")
    score.add_argument("--void", metavar="SEAT", action="append", default=[],
                       help="a player dealt no trump (chicane; repeatable)")
    score.add_argument("--honours-called", metavar="SIDE", action="append",
                       help="a side that called its honours at the end of the hand (Whist; repeatable)")
    score.add_argument("--error", metavar="HAND:SCORE",
                       help="a proven error in hand HAND's trick or honour score (e.g. 2:trick): whether the "
                            "code's laws on correcting the score still allow it, read from the sheet")
    score.add_argument("--agreed", action="store_true",
                       help="with --error: the score of the finished rubber has been made up and agreed")
    coverage = commands.add_parser("coverage", parents=[common], help="how much of each code is executable",
                                   description="Per code: laws formalized, unformalized with a reason, untouched.")
    coverage.add_argument("--code", metavar="C", action="append", help="only this code (repeatable)")
    fmt = commands.add_parser("fmt", parents=[common], help="rewrite the corpus YAML in its canonical layout",
                              description="Rewrite every YAML file under --laws (or only FILES) in one canonical "
                                          "layout, keeping comments and data; print each changed path.")
    fmt.add_argument("--check", action="store_true",
                     help="change nothing; list the files that would change and exit 1 if any")
    fmt.add_argument("files", nargs="*", metavar="FILES",
                     help="only these files or folders (default: every YAML file under --laws)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    handler = {"check": _check, "show": _show, "export": _export, "diff": _diff, "stats": _stats,
               "ruling": _ruling, "compare": _compare, "coverage": _coverage, "score": _score,
               "search": _search, "refs": _refs, "fmt": _fmt}[args.command]
    try:
        return handler(args, sys.stdout, sys.stderr)
    except BrokenPipeError:  # `lawkit export --json | head`
        return 0
    except Exception as exc:  # a bug in lawkit, not in the input: one line, the traceback on request
        if os.environ.get("LAWKIT_DEBUG"):
            raise
        sys.stderr.write(f"lawkit: internal error: {type(exc).__name__}: {exc} "
                         "(a bug in lawkit; LAWKIT_DEBUG=1 shows the traceback)\n")
        return 70


def _count(number: int, noun: str) -> str:
    """``1 error``, ``2 errors``: the noun's plural is an s."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _emit_json(data: Any, out: TextIO) -> None:
    json.dump(data, out, ensure_ascii=False, indent=2)
    out.write("\n")


def _check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .cache import checked
    from .corpus import stored

    corpus, _ = checked(args.laws, lawkit.check, stored)
    scenario_files = _scenario_files(args, err, quiet_default=True)
    if scenario_files is None:
        return 1
    problems = list(corpus.problems)
    from .corpus.files import rel

    for path in scenario_files:  # each checked against the scenario schema, its problems at file:line:col
        try:
            lawkit.load_scenarios(rel(path))
        except lawkit.ScenarioFileError as exc:
            problems.extend(exc.problems)
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    if args.json:
        _emit_json({"ok": errors == 0, "errors": errors, "warnings": warnings,
                    "problems": [p.as_json() for p in problems]}, out)
    else:
        for problem in problems:
            out.write(f"{problem}\n")
        laws = sum(len(code.laws) for code in corpus.codes.values())
        err.write(f"lawkit: {_count(len(corpus.codes), 'code')}, {_count(laws, 'law')}: {_count(errors, 'error')}, "
                  f"{_count(warnings, 'warning')}\n")
    return 1 if errors else 0


def _load(args: argparse.Namespace, err: TextIO, *, rules: bool = False) -> Corpus | None:
    """The checked corpus, or None after printing its errors.

    From the cache (.lawkit-cache beside laws/) when no file changed, unless the
    command evaluates rules (``rules=True``), which need the compiled rulebooks.
    """
    if rules:
        corpus = lawkit.check(args.laws)
    else:
        from .cache import checked
        from .corpus import stored

        corpus, args.cache_key = checked(args.laws, lawkit.check, stored)
    if corpus.errors:
        for problem in corpus.errors:
            err.write(f"{problem}\n")
        err.write(f"lawkit: the corpus has {_count(len(corpus.errors), 'error')}; run 'lawkit check'\n")
        return None
    return corpus


def _export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    corpus = _load(args, err, rules=True)
    if corpus is None:
        return 1
    # The export is JSON either way; --json is accepted for the common contract.
    _emit_json(lawkit.export(corpus), out)
    return 0


def _diff(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .corpus import editions

    corpus = _load(args, err)
    if corpus is None:
        return 1
    for code in (args.earlier, args.later):
        if code not in corpus.codes:
            err.write(f"lawkit: no code '{code}'{did_you_mean(code, corpus.codes)}\n")
            return 1
    edition = editions.find_map(corpus, args.earlier, args.later)
    if edition is None:
        known = ", ".join(f"{e.earlier} {e.later}" for e in corpus.editions) or "none"
        err.write(f"lawkit: no edition map from {args.earlier} to {args.later} in editions.yaml (maps: {known})\n")
        return 1
    if args.rulings:
        return _ruling_changes(args, corpus, edition, out, err)
    diffs = editions.differences(corpus, edition)
    if args.json:
        _emit_json(editions.as_json(edition, diffs), out)
    else:
        out.write(editions.as_text(corpus, edition, diffs))
    return 0


def _scenario_files(args: argparse.Namespace, err: TextIO, *, quiet_default: bool = False) -> list[Path] | None:
    """The scenario files of ``--scenarios`` (files or folders), by default tests/scenarios beside
    --laws; None after saying a place named does not exist. ``quiet_default``: a default folder
    that is absent is no scenarios, not an error (a corpus need not have any)."""
    from .rules.scenarios import files as scenario_files

    default = Path(args.laws).resolve().parent / "tests" / "scenarios"
    if not args.scenarios and quiet_default and not default.is_dir():
        return []
    files: list[Path] = []
    for place in args.scenarios or [str(default)]:
        path = Path(place)
        if path.is_dir():
            files.extend(Path(f) for f in scenario_files(path))
        elif path.is_file():
            files.append(path)
        else:
            err.write(f"lawkit: no scenarios at {place} (give --scenarios DIR)\n")
            return None
    return files


def _ruling_changes(args: argparse.Namespace, corpus: Corpus, edition: Any, out: TextIO, err: TextIO) -> int:
    from .rules import changes

    files = _scenario_files(args, err)
    if files is None:
        return 1
    loaded: list[tuple[str, Any]] = []
    for path in files:
        try:
            loaded.extend((str(path), s) for s in lawkit.load_scenarios(path))
        except lawkit.ScenarioFileError as exc:
            err.write(f"{exc}\n")
            return 1
    engine = lawkit.Engine(corpus)
    found = changes.ruling_changes(engine, edition, loaded)
    if args.json:
        _emit_json({**found.as_json(), "files": len(files)}, out)
    else:
        out.write(f"{len(files)} scenario files\n")
        out.write(changes.as_text(found, lambda citation: corpus.law_of(citation).name))
    return 0


def _stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .corpus import stats

    corpus = _load(args, err)
    if corpus is None:
        return 1
    from .rules import situation_stats, situation_stats_text  # the root composes the corpus and the rules

    data = stats.stats(corpus)
    data["situations"] = situation_stats(corpus)
    if args.json:
        _emit_json(data, out)
    else:
        out.write(stats.as_text(data) + situation_stats_text(data["situations"]))
    return 0


def _situation(args: argparse.Namespace, err: TextIO) -> tuple[Any, Any] | None:
    from .rules.engine import Engine
    from .rules.situation import SituationError, read_facts

    corpus = _load(args, err, rules=True)
    if corpus is None:
        return None
    engine = Engine(corpus)
    try:
        return engine, read_facts(args.facts, engine)
    except SituationError as exc:
        err.write(f"{exc.problem}\n")
        return None


def _ruling(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .rules.engine import RulingError

    loaded = _situation(args, err)
    if loaded is None:
        return 1
    engine, facts = loaded
    if args.code not in engine.corpus.codes:
        err.write(f"lawkit: no code '{args.code}'{did_you_mean(args.code, engine.corpus.codes)}\n")
        return 1
    try:
        result = engine.ruling(args.code, facts, checked=True)
    except RulingError as exc:
        err.write(f"lawkit: {exc}\n")
        return 1
    if args.json:
        _emit_json(result.as_json(), out)
    else:
        out.write(_ruling_text(engine.corpus, result))
    return 0


def _compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .rules.engine import RulingError

    loaded = _situation(args, err)
    if loaded is None:
        return 1
    engine, facts = loaded
    try:
        results = engine.compare(facts, checked=True)
    except RulingError as exc:
        err.write(f"lawkit: {exc}\n")
        return 1
    if args.json:
        _emit_json({"facts": facts.facts, "views": facts.views, "answers": facts.answers,
                    "codes": [r.as_json() for r in results]}, out)
    else:
        out.write("\n".join(_ruling_text(engine.corpus, r) for r in results))
    return 0


def _score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .corpus.problems import Position
    from .rules.engine import Engine, RulingError
    from .rules.situation import SituationError, read_document
    from .rules.scoring import ScoreError, Scorer, as_text, correction, read_hands, side_by_side

    short = {name: value for name, value in (("declaration", args.declaration), ("by", args.by),
                                               ("tricks", args.tricks)) if value is not None}
    if args.file and (short or args.honours or args.void or args.doubled or args.redoubled):
        err.write("lawkit score: give a FILE or the short form's options (--declaration ...), not both\n")
        return 2
    if args.file:
        shown = args.file
        try:
            data: Any = read_document(shown, "score file", "a hand or a rubber (hands: [...])")
        except SituationError as exc:
            err.write(f"{exc.problem}\n")
            return 1
        if not data:
            err.write(f"{shown}:1:1: error[score]: a score file is a mapping: a hand or a rubber (hands: [...])\n")
            return 1
    else:
        if "declaration" not in short:
            err.write("lawkit score: give a FILE, or --declaration, --by and --tricks\n")
            return 2
        shown = "<options>"
        data = {**short, "doubled": args.doubled or args.redoubled, "redoubled": args.redoubled}
        honours: dict[str, list[str]] = {}
        for given in args.honours:
            seat, _, cards = given.partition("=")
            honours.setdefault(seat.strip().lower(), []).extend(c.strip() for c in cards.split(",") if c.strip())
        if honours:
            data["honours"] = honours
        if args.void:
            data["void"] = [v.lower() for v in args.void]
        if args.honours_called:
            data["honours_called"] = args.honours_called
    corpus = _load(args, err, rules=True)
    if corpus is None:
        return 1
    scorer = Scorer(Engine(corpus))
    try:
        hands, file_code = read_hands(data)
        codes = args.code or ([file_code] if file_code else scorer.codes())
        for code in codes:
            if code not in scorer.codes():
                known = scorer.codes()
                err.write(f"lawkit: no code '{code}' scores hands{did_you_mean(code, known)} "
                          f"(codes that score: {', '.join(known)})\n")
                return 1
        sheets = [scorer.rubber(code, hands, path=shown) for code in codes]
        corrections = []
        if args.error:
            number, _, kind = args.error.partition(":")
            if not number.isdigit():
                raise ScoreError(f"--error {args.error!r}: give the hand's number and the score, e.g. 2:trick")
            corrections = [correction(scorer, sheet, int(number), kind.strip().lower(), args.agreed)
                           for sheet in sheets]
    except (ScoreError, RulingError) as exc:
        position = getattr(exc, "position", None)
        if shown == "<options>":
            err.write(f"lawkit score: {exc}\n")
        else:
            err.write(f"{position or Position(shown, 1, 1)}: error[score]: {exc}\n")
        return 1
    if args.json:
        documents = [sheet.as_json() for sheet in sheets]
        for document, fix in zip(documents, corrections):
            document["correction"] = fix.as_json()
        _emit_json({"codes": documents}, out)
        return 0
    texts = [as_text(sheet, lambda law: corpus.law_of(law).name) for sheet in sheets]
    for index, fix in enumerate(corrections):
        said = [f"    {r.says}  [{corpus.law_of(r.law).name}]" for r in fix.rulings]
        said += [f"    ? {m['fact']}: {m['question']}" for m in fix.missing_facts]
        texts[index] += f"  An error in hand {args.error.split(':')[0]}'s {args.error.split(':')[-1]} score:\n" + (
            "\n".join(said) if said else "    no law of this code speaks to it") + "\n"
    out.write("\n".join(texts))
    if len(sheets) > 1:
        out.write("\n" + side_by_side(sheets))
    return 0


def _ruling_text(corpus: Corpus, result) -> str:
    code = corpus.codes[result.code]
    lines = [f"{code.short_title or code.title} ({result.code}): "
             f"{len(result.rulings)} ruling{'s' if len(result.rulings) != 1 else ''}"]
    for ruling in result.rulings:
        law = corpus.law_of(ruling.law)
        lines.append(f"  {law.name} — {ruling.outcome}  [{ruling.rule.split('#', 1)[1]}]")
        if ruling.says:
            lines.append(f"      {ruling.says}")
        for name, value in ruling.values.items():
            lines.append(f"      {name}: {json.dumps(value, ensure_ascii=False)}")
        lines.append("      cites: " + ", ".join(ruling.cites))
        for step in ruling.trace:
            if step["step"] == "event":
                lines.append(f"      because of {step['what']}" + (f" at {step['at']}" if step["at"] else ""))
    for missing in result.missing_facts:
        lines.append(f"  ? {missing['fact']}: {missing['question']}")
    return "\n".join(lines) + "\n"


def _coverage(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .rules import coverage

    corpus = _load(args, err)
    if corpus is None:
        return 1
    for code in args.code or []:
        if code not in corpus.codes:
            err.write(f"lawkit: no code '{code}'{did_you_mean(code, corpus.codes)}\n")
            return 1
    data = coverage.coverage(corpus, args.code)
    if args.json:
        _emit_json(data, out)
    else:
        out.write(coverage.as_text(data))
    return 0


def _fmt(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .corpus.fmt import main_fmt

    return main_fmt(args, out, err)


def _search(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.limit < 1:
        err.write("lawkit: --limit must be at least 1\n")
        return 2
    from .retrieval import fulltext
    from .cache import fingerprint

    # Unchanged files: the indexes kept for them answer without loading the corpus.
    searcher = fulltext.Searcher.cached(args.laws, fingerprint(args.laws), meaning=not args.words_only)
    if searcher is None:
        corpus = _load(args, err)
        if corpus is None:
            return 1
        searcher = fulltext.Searcher.open(corpus, args.laws, getattr(args, "cache_key", None),
                                          meaning=not args.words_only)
    codes, topics = searcher.codes(), searcher.topics()
    if args.code and args.code not in codes:
        err.write(f"lawkit: no code '{args.code}'{did_you_mean(args.code, codes)}\n")
        return 1
    if args.topic and args.topic not in topics:
        err.write(f"lawkit: no topic '{args.topic}'{did_you_mean(args.topic, topics)}\n")
        return 1
    hits = searcher(args.query, code=args.code, topic=args.topic, limit=args.limit)
    meaning: dict[str, Any] = {"used": searcher.meaning is not None and bool(fulltext.words(args.query))}
    if searcher.meaning is None:  # (a query of no meaningful words is ranked by words, as it has to be)
        from .retrieval import semantic

        meaning["why"] = "--words-only" if args.words_only else semantic.missing()
        if not args.words_only:  # said, not silently dropped: the ranking is not the usual one
            err.write(f"lawkit: search by meaning is off: {meaning['why']}; the laws are ranked by their "
                      "words alone\n")
    if args.json:
        _emit_json(fulltext.hits_json(args.query, hits, meaning), out)
        return 0
    if not hits:
        out.write(f"no law matches {args.query!r}\n")
    names = searcher.names([hit.id for hit in hits])
    bold, plain = ("\033[1m", "\033[0m") if out.isatty() else ("[", "]")
    for rank, hit in enumerate(hits, 1):
        out.write(f"{rank:>2}. {hit.id}  ({names[hit.id]})  score {hit.score:.2f}\n")
        snippet = " ".join(hit.snippet.split()).replace(fulltext.MARK_OPEN, bold).replace(fulltext.MARK_CLOSE, plain)
        out.write(textwrap.fill(snippet, 78, initial_indent="    ", subsequent_indent="    ") + "\n")
    return 0


def _citation(raw: str, corpus: Corpus, err: TextIO) -> str | None:
    """The citation id the user named, or None after saying there is no such unit."""
    wanted = raw.strip().strip("/")
    if wanted not in corpus.units:
        err.write(f"lawkit: no law, section or item '{wanted}'{did_you_mean(wanted, corpus.units)}\n")
        return None
    return wanted


def _refs(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    corpus = _load(args, err)
    if corpus is None:
        return 1
    wanted = _citation(args.id, corpus, err)
    if wanted is None:
        return 1
    if args.depth < 0:
        err.write("lawkit: --depth must be 0 (all) or more\n")
        return 2
    from .corpus import refs

    data = refs.walk(corpus, wanted, args.depth)
    if args.dot:
        out.write(refs.as_dot(corpus, data))
    elif args.mermaid:
        out.write(refs.as_mermaid(corpus, data))
    elif args.json:
        _emit_json(data, out)
    else:
        out.write(refs.as_text(corpus, data))
    return 0


def _show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    corpus = _load(args, err)
    if corpus is None:
        return 1
    wanted = _citation(args.id, corpus, err)
    if wanted is None:
        return 1
    unit = corpus.get(wanted)
    law = corpus.law_of(wanted)
    if args.json:
        from .corpus.export import law_data

        data = law_data(law)
        data["unit"] = None if unit is law else _unit_data(unit)  # a law is its own unit
        _emit_json(data, out)
        return 0
    out.write(_show_text(corpus, law, unit))
    return 0


def _unit_data(unit: Law | Section | Item) -> dict[str, Any]:
    return {"id": unit.id, "label": unit.label, "text": unit.text}


def _show_text(corpus: Corpus, law: Law, unit: Law | Section | Item) -> str:
    from .corpus.printed import law_lines, note_line

    code = corpus.codes[law.code]
    lines = [f"{unit.id}", f"{code.short_title or code.title} — {law.name}, under {law.heading}", ""]
    if unit is law:
        lines.extend(_wrap_paragraphs(law_lines(law, notes=False), keep=law.display))
        if law.all_notes():
            lines.append("")
            lines.extend(_wrap_paragraphs([note_line(note) for note in law.all_notes()]))
    else:
        lines.append(f"(part of {law.name})")
        lines.extend(_wrap_paragraphs([f"{unit.label} {unit.text}"]))
    lines.append("")
    whose = "" if unit is law else f"{law.name} "
    lines.append(f"{whose}Cites:     ".capitalize() + (", ".join(law.cites) or "—"))
    lines.append(f"{whose}Cited by:  ".capitalize() + (", ".join(law.cited_by) or "—"))
    if not law.parallels:
        lines.append("Parallels: —")
    for index, parallel in enumerate(law.parallels):
        about = "; ".join(x for x in (parallel.subject, parallel.note) if x)
        lines.append(f"{'Parallels:' if index == 0 else '':<11}{parallel.id} ({parallel.relation})"
                     + (f" — {about}" if about else ""))
    if law.topics:
        lines.append("Topics:    " + ", ".join(law.topics))
    for constant in law.constants:
        lines.append(f"Constant:  {constant.get('name')}" + (f" — {constant['description']}" if constant.get("description") else ""))
    for definition in law.definitions:
        lines.append(f"Definition: {definition.get('name')}"
                     + (f" — {definition['description']}" if definition.get("description") else ""))
    for rule in law.rules:
        then = rule.get("then") or {}
        lines.append(f"Rule:      {rule.get('id')} → {then.get('outcome')}" + (f" when {rule['when']}" if rule.get("when") else ""))
    if law.unformalized:
        lines.append(f"Unformalized: {law.unformalized}")
    for annotation in law.annotations:
        kind = f" ({annotation.kind})" if annotation.kind else ""
        lines.extend(textwrap.wrap(f"Annotation{kind}: {annotation.text}", 78, subsequent_indent="    "))
    lines.append(f"Source:    {law.position.path}:{law.position.line}")
    return "\n".join(lines) + "\n"


def _wrap_paragraphs(paragraphs: list[str], keep: str | None = None) -> list[str]:
    """Paragraphs wrapped for a terminal; ``keep`` (a display block) keeps its lines."""
    lines: list[str] = []
    for paragraph in paragraphs:
        if paragraph == keep:
            lines.extend("    " + line for line in paragraph.splitlines())
        else:
            lines.extend(textwrap.wrap(paragraph, 78) or [""])
    return lines


if __name__ == "__main__":
    sys.exit(main())
