"""Search over the laws: SQLite FTS5 ranked by bm25, fused with search by meaning.

One document per law: its heading, its printed text (items, sections), its
notes, its annotations, the glossary terms it uses, and its topics, each a
column with its own weight. Queries are read the way a player writes them:
question words are dropped, any remaining word may match (ranked by bm25),
and the period's spellings are tolerated — honours/honors, knave/jack,
re-deal/redeal, reëntry/re-entry — by expanding each word to its variants
(the documents keep their spelling, so snippets quote the text as printed).

Players seldom ask in the laws' words, so ``search`` also ranks the laws by
meaning (lawkit.retrieval.semantic: each law's passages and the questions the editors
list under it, embedded) and fuses the two rankings; ``query`` alone is the
word search.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

if TYPE_CHECKING:
    from ..corpus.model import Corpus, Law

# Column order matters: weights below follow it.
COLUMNS = ("heading", "body", "notes", "annotations", "terms", "topics", "explained")
WEIGHTS = (3.0, 4.0, 1.0, 0.6, 1.5, 1.5, 1.0)
_FIRST_COLUMN = 4  # id, code, topic_ids and name come first, not searched
MARK_OPEN, MARK_CLOSE = "\u00ab", "\u00bb"  # «…» around matched words in snippets

# Words that carry no meaning in a question ("who deals after a misdeal?").
STOPWORDS = frozenset("""
a about after again all also am an and any are as at be been before being between both but by can could did do
does doing during each either for from had has have having he her his how i if in into is it its may me might
must my no nor not of off on once only or other our out over own same shall she should so some such than that
the their them then there these they this those through to too under until up upon us very was we were what
when where whether which while who whom why will with would you your happens happen
""".split())

# The period's spellings and their modern forms, both ways.
VARIANTS = [
    ("honour", "honor"), ("honours", "honors"), ("knave", "jack"), ("knaves", "jacks"),
    ("trumps", "trump"), ("redeal", "re deal"), ("reshuffle", "re shuffle"), ("recut", "re cut"),
    ("reentry", "re entry"), ("reenter", "re enter"), ("misdeal", "mis deal"), ("no-trump", "no trump"),
    ("notrump", "no trump"), ("adversary", "opponent"), ("adversaries", "opponents"),
]
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


@dataclass
class Hit:
    id: str
    score: float
    snippet: str

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "score": round(self.score, 4), "snippet": self.snippet}


_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def document(corpus: Corpus, law: Law, terms: dict[str, list[str]]) -> dict[str, str]:
    """The text of each searched column of ``law`` (``terms``: each law's glossary terms, ``law_terms``).
    It reads the law, the titles and descriptions of its topics, the outcomes and facts its rules
    name, and its terms."""
    from ..corpus.printed import law_lines

    body = "\n".join(law_lines(law, notes=False))
    if law.title:
        body = f"{law.title}\n{body}"
    topics = " ".join(
        f"{corpus.topics[t].title} {corpus.topics[t].description or ''}" if t in corpus.topics else t
        for t in law.topics)
    # The law's rules, said plainly: what each decides (its sentence in players' words, the seats and
    # cards left out; the description where it has none) and the questions its facts ask.
    explained = []
    for rule in law.rules:
        says = (rule.get("then") or {}).get("says")
        explained.append(_PLACEHOLDER.sub(" ", str(says)) if says else str(rule.get("description") or ""))
        outcome_id = (rule.get("then") or {}).get("outcome")
        outcome = corpus.outcomes.get(outcome_id) if isinstance(outcome_id, str) else None
        if outcome is not None:
            explained.append(outcome.description)
        for text in [str(rule.get("when") or ""), *map(str, ((rule.get("then") or {}).get("values") or {}).values())]:
            for name in _WORD.findall(text):
                if name in corpus.facts:
                    explained.append(corpus.facts[name].question)
    return {
        "explained": "\n".join(dict.fromkeys(explained)),
        "heading": law.heading,
        "body": body,
        "notes": "\n".join([n.text for n in law.all_notes()] + law.editor_notes),
        "annotations": "\n".join(a.text for a in law.annotations),
        "terms": " ".join(terms.get(law.id, [])),
        "topics": topics,
    }


def law_terms(corpus: Corpus) -> dict[str, list[str]]:
    """Each law's glossary terms (the terms whose ``used_by`` names it), in the glossary's order."""
    terms: dict[str, list[str]] = {}
    for term in corpus.glossary:
        for law_id in term.used_by:
            terms.setdefault(law_id, []).append(term.term)
    return terms


def documents(corpus: Corpus) -> Iterator[tuple[Law, dict[str, str]]]:
    """Each law with the text of each searched column (also the site's Ask page's words)."""
    terms = law_terms(corpus)
    for law in corpus.laws():
        yield law, document(corpus, law, terms)


def build(corpus: Corpus, path: str | Path = ":memory:") -> sqlite3.Connection:
    """An FTS5 index of every law of the corpus (at ``path``, or in memory)."""
    db = sqlite3.connect(str(path))
    db.execute("DROP TABLE IF EXISTS laws")
    db.execute(
        "CREATE VIRTUAL TABLE laws USING fts5(id UNINDEXED, code UNINDEXED, topic_ids UNINDEXED, name UNINDEXED, "
        + ", ".join(COLUMNS) + ", tokenize = 'porter unicode61 remove_diacritics 2')")
    rows = [(law.id, law.code, " ".join(law.topics), law.name, *(document[c] for c in COLUMNS))
            for law, document in documents(corpus)]
    db.executemany(f"INSERT INTO laws VALUES ({', '.join('?' * (_FIRST_COLUMN + len(COLUMNS)))})", rows)
    db.commit()
    return db


def _plain_words(text: str) -> list[str]:
    """Every word of ``text``, lower case, accents gone."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(ch))
    return _WORD.findall(plain)


def words(query: str) -> list[str]:
    """The query's meaningful words, lower case, accents and question words gone."""
    return [w for w in _plain_words(query) if w not in STOPWORDS]


def _alternatives(word: str) -> list[str]:
    """The word and its period or modern variants, as FTS5 terms or phrases."""
    forms = {word}
    joined = word.replace("-", "")
    forms.add(joined)
    if "-" in word:
        forms.add(word.replace("-", " "))
    for old, new in VARIANTS:
        for a, b in ((old, new), (new, old)):
            if joined == a.replace("-", "").replace(" ", "") or word == a:
                forms.add(b)
    return sorted(forms)


def one_spelling(text: str) -> str:
    """``text`` with each word that has period and modern spellings written one way (the first
    of its pair): the meaning of "honors" and "honours", "jack" and "knave" is searched alike."""
    def respell(match: re.Match[str]) -> str:
        joined = "".join(_plain_words(match.group(0))).replace("-", "")
        for old, new in VARIANTS:
            if old != "trumps" and joined in (old.replace("-", "").replace(" ", ""), new.replace("-", "").replace(" ", "")):
                return old
        return match.group(0)
    return _WORD.sub(respell, text)


def match_expression(query: str) -> str | None:
    """The FTS5 MATCH expression for a player's query (None when nothing is left to look for):
    each word becomes a group of its spellings, and any group may match."""
    groups = [_alternatives(word) for word in words(query)]
    parts = [f"({' OR '.join(chr(34) + form + chr(34) for form in group)})" for group in groups]
    return " OR ".join(dict.fromkeys(parts)) if parts else None


def query(db: sqlite3.Connection, text: str, *, code: str | None = None, topic: str | None = None,
          limit: int = 10) -> list[Hit]:
    expression = match_expression(text)
    if expression is None:
        return []
    where, params = ["laws MATCH ?"], [expression]
    if code:
        where.append("code = ?")
        params.append(code)
    if topic:
        where.append("(' ' || topic_ids || ' ') LIKE ?")
        params.append(f"% {topic} %")
    weights = ", ".join(["0"] * _FIRST_COLUMN + [str(w) for w in WEIGHTS])
    rows = db.execute(
        f"SELECT id, bm25(laws, {weights}) AS rank, "
        f"snippet(laws, {_FIRST_COLUMN + COLUMNS.index('body')}, '{MARK_OPEN}', '{MARK_CLOSE}', '…', 16) "
        f"FROM laws WHERE {' AND '.join(where)} ORDER BY rank LIMIT ?", (*params, limit)).fetchall()
    return [Hit(law_id, -rank, snippet) for law_id, rank, snippet in rows]


def _dump_index(db: sqlite3.Connection) -> bytes:
    return db.serialize()


def _load_index(data: bytes) -> sqlite3.Connection:
    """The index ``_dump_index`` wrote, in memory (sqlite3.DatabaseError when it is not one)."""
    db = sqlite3.connect(":memory:")
    try:
        db.deserialize(data)
        db.execute("PRAGMA trusted_schema = OFF")  # no function a hostile schema names is run
        if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
            raise sqlite3.DatabaseError("the index is damaged")
        db.execute("SELECT id, code, topic_ids, name FROM laws LIMIT 1").fetchall()
    except BaseException:
        db.close()
        raise
    return db


def _codec() -> Any:
    from .. import cache

    return cache.Functions(_dump_index, _load_index)


def cached_index(root: str | Path | None, key: str | None) -> sqlite3.Connection | None:
    """The index kept for the corpus with cache key ``key``, when there is one (in lawkit.cache's
    checked entries: SQLite's bytes, read into memory)."""
    from .. import cache

    if root is None or key is None:
        return None
    db = cache.load(root, "search", key, _codec())
    return db if isinstance(db, sqlite3.Connection) else None


def open_index(corpus: Corpus, root: str | Path | None, key: str | None) -> sqlite3.Connection:
    """The index for this corpus: the cached one when it is kept, else built (and cached)."""
    from .. import cache

    db = cached_index(root, key)
    if db is not None:
        return db
    db = build(corpus)
    if root is not None and key is not None:
        cache.store(root, "search", key, db, _codec())
    return db


# Reciprocal rank fusion of the two rankings: a law's score is the sum over rankings of
# weight / (RANK_OFFSET + rank). Meaning weighs more than shared words: players rarely use
# the laws' words. Chosen on benchmarks/questions.yaml, checked on questions-heldout.yaml.
RANK_OFFSET = 10
WORDS_WEIGHT, MEANING_WEIGHT = 1.0, 4.0
FUSION_DEPTH = 50  # how far down each ranking counts


class Searcher:
    """Search over one corpus's indexes, opened once: the words (FTS5) and, when the model is
    installed, the meaning (lawkit.retrieval.semantic). Call it with a query (see ``search``)."""

    def __init__(self, words: sqlite3.Connection, meaning: Any = None) -> None:
        self.words = words
        self.meaning = meaning

    @classmethod
    def open(cls, corpus: Corpus, root: str | Path | None = None, key: str | None = None,
             meaning: bool = True) -> "Searcher":
        """The indexes of ``corpus``, from the cache beside ``root`` when kept under ``key``,
        else built (and kept)."""
        from . import semantic

        by_meaning = semantic.open_index(corpus, root, key) if meaning and semantic.available() else None
        return cls(open_index(corpus, root, key), by_meaning)

    @classmethod
    def cached(cls, root: str | Path, key: str, meaning: bool = True) -> "Searcher | None":
        """The indexes kept for cache key ``key`` without loading the corpus, or None."""
        from . import semantic

        words = cached_index(root, key)
        if words is None:
            return None
        if not meaning or not semantic.available():
            return cls(words)
        by_meaning = semantic.cached_index(root, key)
        return None if by_meaning is None else cls(words, by_meaning)

    def codes(self) -> list[str]:
        return [code for code, in self.words.execute("SELECT DISTINCT code FROM laws")]

    def topics(self) -> list[str]:
        found = {t for ids, in self.words.execute("SELECT topic_ids FROM laws") for t in ids.split()}
        return sorted(found)

    def names(self, law_ids: list[str]) -> dict[str, str]:
        """How a reader names each law: 'Law 14, Cutting'."""
        marks = ", ".join("?" * len(law_ids))
        return {law_id: f"{name}, {heading.rstrip('.').title()}" for law_id, name, heading in self.words.execute(
            f"SELECT id, name, heading FROM laws WHERE id IN ({marks})", law_ids)}

    def __call__(self, text: str, *, code: str | None = None, topic: str | None = None,
                 limit: int = 10) -> list[Hit]:
        if self.meaning is None or not words(text):
            return query(self.words, text, code=code, topic=topic, limit=limit)
        named = self.named_codes(text) if code is None else set()
        if not named:
            return self._fused(text, {code} if code else None, topic)[:limit]
        # A question that names a game ("in duplicate whist", "under the 1904 laws") is answered
        # from its laws first, as if asked with --code; the other codes' laws follow.
        first = self._fused(text, named, topic)
        chosen = {hit.id for hit in first}
        return (first + [hit for hit in self._fused(text, None, topic) if hit.id not in chosen])[:limit]

    def _fused(self, text: str, codes: set[str] | None, topic: str | None) -> list[Hit]:
        """Both rankings of the laws of ``codes`` (all when None) and ``topic``, fused."""
        by_words = [hit for one in (sorted(codes) if codes else [None])
                    for hit in query(self.words, text, code=one, topic=topic, limit=FUSION_DEPTH)]
        by_words.sort(key=lambda hit: -hit.score)
        allowed = None
        if codes or topic:
            allowed = [law_id for law_id, law_code, ids in self.words.execute("SELECT id, code, topic_ids FROM laws")
                       if (not codes or law_code in codes) and (topic is None or topic in ids.split())]
        by_meaning = self.meaning.closest(one_spelling(text), allowed, FUSION_DEPTH)
        scores: dict[str, float] = {}
        for rank, hit in enumerate(by_words[:FUSION_DEPTH]):
            scores[hit.id] = scores.get(hit.id, 0.0) + WORDS_WEIGHT / (RANK_OFFSET + rank + 1)
        for rank, (law_id, _, _) in enumerate(by_meaning):
            scores[law_id] = scores.get(law_id, 0.0) + MEANING_WEIGHT / (RANK_OFFSET + rank + 1)
        snippets = {hit.id: hit.snippet for hit in by_words}
        for law_id, _, passage in by_meaning:
            snippets.setdefault(law_id, _passage_snippet(passage, text))
        return [Hit(law_id, scores[law_id], snippets[law_id]) for law_id in sorted(scores, key=lambda i: -scores[i])]

    def named_codes(self, text: str) -> set[str]:
        """The codes a query names, by the words of their ids ("auction", "whist", "1904"):
        those naming the most; none when no code, or every code, is named."""
        asked = set(_plain_words(text))
        counts = {code: len(asked & set(code.split("-"))) for code in self.codes()}
        best = max(counts.values(), default=0)
        named = {code for code, count in counts.items() if count == best}
        return named if best and len(named) < len(counts) else set()


def search(corpus: Corpus, text: str, *, code: str | None = None, topic: str | None = None, limit: int = 10,
           root: str | Path | None = None, key: str | None = None, meaning: bool = True) -> list[Hit]:
    """Ranked laws for a query: bm25 over the words, fused with the laws' closeness in meaning
    (lawkit.retrieval.semantic) when the model is installed and ``meaning`` is true. ``root`` (the laws
    directory) and ``key`` (the corpus's cache key) let both indexes come from the cache."""
    return Searcher.open(corpus, root, key, meaning)(text, code=code, topic=topic, limit=limit)


def _passage_snippet(passage: Any, text: str, size: int = 24) -> str:
    """The passage that matched in meaning, shortened, with the query's words marked."""
    if passage.kind == "question":
        shown = f"answers “{passage.text}”"
    else:
        shown_words = passage.text.split()
        shown = " ".join(shown_words[:size]) + (" …" if len(shown_words) > size else "")
    wanted = set(words(text))

    def mark(match: re.Match[str]) -> str:
        word = match.group(0)
        return f"{MARK_OPEN}{word}{MARK_CLOSE}" if set(_plain_words(word)) & wanted else word
    return _WORD.sub(mark, shown)


def hits_json(text: str, hits: Iterable[Hit], meaning: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON of ``lawkit search``; ``meaning`` says whether closeness in meaning took part
    (``{"used": true}``, or ``{"used": false, "why": …}``)."""
    return {"query": text, **({"meaning": meaning} if meaning is not None else {}),
            "results": [hit.as_json() for hit in hits]}
