"""Full-text search over the laws: SQLite FTS5 ranked by bm25.

One document per law: its heading, its printed text (items, sections), its
notes, its annotations, the glossary terms it uses, and its topics, each a
column with its own weight. Queries are read the way a player writes them:
question words are dropped, any remaining word may match (ranked by bm25),
and the period's spellings are tolerated — honours/honors, knave/jack,
re-deal/redeal, reëntry/re-entry — by expanding each word to its variants
(the documents keep their spelling, so snippets quote the text as printed).
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .model import Corpus, Law
from .printed import law_lines

# Column order matters: weights below follow it.
COLUMNS = ("heading", "body", "notes", "annotations", "terms", "topics", "explained")
WEIGHTS = (3.0, 4.0, 1.0, 0.6, 1.5, 1.5, 1.0)
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
_VARIANTS = [
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


def _document(corpus: Corpus, law: Law, terms: dict[str, list[str]]) -> dict[str, str]:
    body = "\n".join(law_lines(law, notes=False))
    if law.title:
        body = f"{law.title}\n{body}"
    topics = " ".join(
        f"{corpus.topics[t].title} {corpus.topics[t].description or ''}" if t in corpus.topics else t
        for t in law.topics)
    # The law's rules, said plainly: what each decides and the questions its facts ask.
    explained = []
    for rule in law.rules:
        explained.append(str(rule.get("description") or ""))
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


def build(corpus: Corpus, path: str | Path = ":memory:") -> sqlite3.Connection:
    """An FTS5 index of every law of the corpus (at ``path``, or in memory)."""
    db = sqlite3.connect(str(path))
    db.execute("DROP TABLE IF EXISTS laws")
    db.execute(
        "CREATE VIRTUAL TABLE laws USING fts5(id UNINDEXED, code UNINDEXED, topic_ids UNINDEXED, "
        + ", ".join(COLUMNS) + ", tokenize = 'porter unicode61 remove_diacritics 2')")
    terms: dict[str, list[str]] = {}
    for term in corpus.glossary:
        for law_id in term.used_by:
            terms.setdefault(law_id, []).append(term.term)
    rows = []
    for law in corpus.laws():
        document = _document(corpus, law, terms)
        rows.append((law.id, law.code, " ".join(law.topics), *(document[c] for c in COLUMNS)))
    db.executemany(f"INSERT INTO laws VALUES ({', '.join('?' * (3 + len(COLUMNS)))})", rows)
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
    for old, new in _VARIANTS:
        for a, b in ((old, new), (new, old)):
            if joined == a.replace("-", "").replace(" ", "") or word == a:
                forms.add(b)
    return sorted(forms)


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
    weights = ", ".join(["0", "0", "0", *(str(w) for w in WEIGHTS)])
    rows = db.execute(
        f"SELECT id, bm25(laws, {weights}) AS rank, "
        f"snippet(laws, {3 + COLUMNS.index('body')}, '{MARK_OPEN}', '{MARK_CLOSE}', '…', 16) "
        f"FROM laws WHERE {' AND '.join(where)} ORDER BY rank LIMIT ?", (*params, limit)).fetchall()
    return [Hit(law_id, -rank, snippet) for law_id, rank, snippet in rows]


def open_index(corpus: Corpus, root: str | Path | None, key: str | None) -> sqlite3.Connection:
    """The index for this corpus: the cached file when it exists, else built (and cached)."""
    if root is None or key is None:
        return build(corpus)
    from . import cache

    path = cache.path_for(root, "search", key + ".sqlite")
    if path.exists():
        try:
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            db.execute("SELECT count(*) FROM laws").fetchone()
            return db
        except sqlite3.DatabaseError:
            pass
    try:
        path.parent.mkdir(exist_ok=True)
        for old in path.parent.glob("search-*.sqlite"):
            old.unlink()
        temporary = path.with_name(path.name + ".tmp")
        build(corpus, temporary).close()
        temporary.replace(path)
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except (OSError, sqlite3.DatabaseError):
        return build(corpus)


def search(corpus: Corpus, text: str, *, code: str | None = None, topic: str | None = None, limit: int = 10,
           root: str | Path | None = None, key: str | None = None) -> list[Hit]:
    """Ranked laws for a query (see module docstring)."""
    return query(open_index(corpus, root, key), text, code=code, topic=topic, limit=limit)


def hits_json(text: str, hits: Iterable[Hit]) -> dict[str, Any]:
    return {"query": text, "results": [hit.as_json() for hit in hits]}
