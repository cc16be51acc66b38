"""The "Ask a question" page: lawkit's search (words and meaning fused) in the browser.

``assets/lawkit-ask.js`` runs the search as lawkit.retrieval.fulltext does in Python,
from three files under ``api/search/``:

- ``model.bin``: all-MiniLM-L6-v2, each weight matrix quantized to 8 bits a
  row with the row's scale (23 MB instead of 90; cosines with the full model
  above 0.999), the other tensors as float32, after a JSON header that
  locates them;
- ``vocab.txt``: its WordPiece vocabulary;
- ``index.json``: each law's name, heading, address and searched text (the
  columns of the FTS5 index, for lunr, the engine behind Material's search,
  which stands in for FTS5 in the browser), the passages with their
  embeddings (8 bits, a scale each), and the fusion's constants.

The page appears when the model package is installed (scripts/site installs it).
"""

from __future__ import annotations

import base64
import html
import json
import posixpath
import struct
from typing import Any, Iterator

from .. import cache
from ..retrieval import fulltext, semantic
from ..rules.words import placeholders
from .context import Site
from .kept import Kept
from .previews import stored
from .urls import ASSET_DIR

MODEL, VOCABULARY, INDEX = "api/search/model.bin", "api/search/vocab.txt", "api/search/index.json"
LUNR = "lunr.min.js"  # lunr 2.3.9 (MIT), as in Material's search; served with the plugin's assets
WORKER = "lawkit-ask-worker.js"  # the search itself, in a Web Worker: the page stays responsive while it encodes
RULINGS_SHOWN = 2  # a result shows at most this many of its law's ruling sentences


def available() -> bool:
    return semantic.available()


def missing() -> str | None:
    """Why the Ask page is off (None: it is on)."""
    return semantic.missing()


def model_key() -> str | None:
    """Which model files are installed (None: none): the Ask page's files depend on them."""
    directory = semantic.model_dir()
    if directory is None:
        return None
    stat = (directory / "model.safetensors").stat()
    return f"{stat.st_size}-{stat.st_mtime_ns}"


def _quantized(matrix: Any) -> tuple[Any, Any]:
    """int8 rows and each row's scale (largest magnitude / 127)."""
    import numpy as np

    scale = np.abs(matrix).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    return np.round(matrix / scale[:, None]).astype(np.int8), scale.astype(np.float32)


def model_file() -> bytes:
    """model.bin: a little-endian uint32 header length, the JSON header, then the tensors."""
    import numpy as np

    weights = semantic.weights()
    header: dict[str, Any] = {"config": {"hidden": 384, "heads": semantic.HEADS, "layers": semantic.LAYERS},
                              "tensors": {}}
    chunks: list[bytes] = []
    offset = 0

    def add(data: bytes) -> int:
        nonlocal offset
        start = offset
        chunks.append(data)
        offset += len(data)
        pad = (-offset) % 4  # float32 views want 4-byte offsets
        chunks.append(b"\0" * pad)
        offset += pad
        return start

    for name, tensor in weights.items():
        if name == "embeddings.position_ids":
            continue
        if name == "embeddings.position_embeddings.weight":
            tensor = tensor[:semantic.MAX_TOKENS]  # the model never reads further
        if tensor.ndim == 2 and name != "embeddings.token_type_embeddings.weight" and "position" not in name:
            rows, scale = _quantized(np.asarray(tensor, dtype=np.float32))
            header["tensors"][name] = {"dtype": "int8", "shape": list(rows.shape), "offset": add(rows.tobytes()),
                                       "scale_offset": add(scale.astype("<f4").tobytes())}
        else:
            header["tensors"][name] = {"dtype": "float32", "shape": list(tensor.shape),
                                       "offset": add(np.asarray(tensor, dtype="<f4").tobytes())}
    head = json.dumps(header, separators=(",", ":")).encode("utf-8")
    head += b" " * ((-(4 + len(head))) % 4)
    return struct.pack("<I", len(head)) + head + b"".join(chunks)


def vocabulary_path() -> str:
    directory = semantic.model_dir()
    assert directory is not None
    return str(directory / "vocab.txt")


# model.bin as this process last read it, by the model's key: 23 MB, read and its signature checked once
# (under `mkdocs serve`, not again on every rebuild; the same bytes, which the dirty reload sees unchanged).
_read: dict[str, bytes] = {}


def cached_model_file(laws_path: str) -> bytes:
    """model.bin, kept in lawkit's cache: it depends on the model alone."""
    key = model_key()
    assert key is not None
    if key in _read:
        return _read[key]
    kept = cache.load_bytes(laws_path, "browser-model", key)
    if kept is None:
        kept = model_file()
        cache.store_bytes(laws_path, "browser-model", key, kept)
    _read.clear()
    _read[key] = kept
    return kept


def index_file(site: Site, laws_path: str, kept: Kept | None = None) -> str:
    """``index.json``. ``kept`` (under `mkdocs serve`): each law's entry and the passages with their
    embeddings are the last build's text when their data is the same (the embeddings are those of the
    passages' text), put together as the whole would be written."""
    corpus, urls = site.corpus, site.urls
    laws: list[dict[str, Any]] = []
    position: dict[str, int] = {}
    rulings = _ruling_sentences(site)
    for law, document in fulltext.documents(corpus) if kept is None else _documents(site, kept):
        position[law.id] = len(laws)
        laws.append({"id": law.id, "name": law.name, "heading": law.heading.rstrip(".").title(),
                     "code": site.code_name(law.code),
                     "url": urls.url(urls.code(law.code)) + "#" + law.id.split("/", 1)[1],
                     "text": stored(site, law.id)["text"], "rulings": rulings.get(law.id, []),
                     "words": [document[column] for column in fulltext.COLUMNS]})
    head = {
        "max_tokens": semantic.MAX_TOKENS,
        "no_answer_below": semantic.NO_ANSWER_BELOW,
        "fusion": {"offset": fulltext.RANK_OFFSET, "words": fulltext.WORDS_WEIGHT,
                   "meaning": fulltext.MEANING_WEIGHT, "depth": fulltext.FUSION_DEPTH},
        "stopwords": sorted(fulltext.STOPWORDS),
        "variants": [list(pair) for pair in fulltext.VARIANTS],
        "words": {"fields": [{"name": c, "boost": w} for c, w in zip(fulltext.COLUMNS, fulltext.WEIGHTS)]},
    }
    if kept is None:
        passages = _passages(semantic.open_index(corpus, laws_path), position)  # only new text is embedded
        return _json({**head, "laws": laws, "passages": passages}) + "\n"
    said = [(position[p.law], p.kind, p.text) for law in corpus.laws()
            for p in _law_passages(kept, law)]
    passages_text = kept.made(f"{INDEX} (the passages)", lambda: said,
                              lambda: _json(_passages(semantic.open_index(corpus, laws_path), position)))
    entries = ",".join(kept.made(f"{INDEX} ({law['id']})", lambda: law, lambda: _json(law)) for law in laws)
    return _json(head)[:-1] + f',"laws":[{entries}],"passages":{passages_text}}}\n'


def _documents(site: Site, kept: Kept) -> Iterator[tuple[Any, dict[str, str]]]:
    """``fulltext.documents``, each law's kept by what it reads (the law, its terms, the topics, outcomes
    and facts: ``fulltext.document``)."""
    corpus = site.corpus
    terms = fulltext.law_terms(corpus)
    shared = kept.stable(f"{INDEX} (the topics, outcomes, facts)", [corpus.topics, corpus.outcomes, corpus.facts],
                         exactly=True)
    for law in corpus.laws():  # its rules' values are read as words (str(1.0) is not str(1)): compared exactly
        yield law, kept.made(f"{INDEX} ({law.id}: its words)", lambda: (law, terms.get(law.id), shared),
                             lambda: fulltext.document(corpus, law, terms), exactly=True)


def _law_passages(kept: Kept, law: Any) -> list[Any]:
    """``semantic.law_passages``, kept by the law they are made from."""
    return kept.made(f"{INDEX} ({law.id}: its passages)", lambda: law, lambda: semantic.law_passages(law))


def _passages(index: Any, position: dict[str, int]) -> dict[str, Any]:
    """The passages (each by its law's place in the index) and their embeddings, quantized."""
    import numpy as np

    vectors, scale = _quantized(index.vectors)
    return {
        "law": [position[p.law] for p in index.passages],
        "kind": [p.kind for p in index.passages],
        "text": [p.text for p in index.passages],
        "scale": [float(s) for s in np.asarray(scale, dtype=np.float64)],
        "vectors": base64.b64encode(vectors.tobytes()).decode("ascii"),
    }


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _ruling_sentences(site: Site) -> dict[str, list[str]]:
    """Each law's rulings in players' words, as its rules say them: the sentences that stand alone
    (a sentence with a {value} to fill in needs a situation, which a search result does not have)."""
    found: dict[str, list[str]] = {}
    for book in site.corpus.rulebooks.values():
        for rule in book.rules:
            sentences = found.setdefault(rule.law, [])
            if rule.says and not placeholders(rule.says) and rule.says not in sentences \
                    and len(sentences) < RULINGS_SHOWN:
                sentences.append(rule.says)
    return {law: sentences for law, sentences in found.items() if sentences}


def invitation(site: Site, src_uri: str) -> str:
    """A paragraph inviting questions, linked from the page at ``src_uri`` (none without the page)."""
    if not site.ask:
        return ""
    link = posixpath.relpath(site.urls.ask(), posixpath.dirname(src_uri) or ".")
    return (f'[Ask a question]({link}) in your own words ("can a spectator say something about the '
            'play?"): lawkit\'s search runs in your browser and finds the laws by meaning as well as '
            "by their words.")


def page(site: Site) -> str:
    """The page's Markdown: a form the script answers (it reads ?ask= and ?code= too)."""
    urls = site.urls
    root = "../" * urls.url(urls.ask()).count("/")  # from this page to the site's root
    base = root + INDEX.rsplit("/", 1)[0] + "/"
    lunr = urls.href(urls.ask(), f"{ASSET_DIR}/{LUNR}")
    worker = urls.href(urls.ask(), f"{ASSET_DIR}/{WORKER}")
    script = urls.href(urls.ask(), f"{ASSET_DIR}/lawkit-ask.js")
    options = "".join(f'<option value="{html.escape(code.id)}">{html.escape(site.code_name(code.id))}</option>'
                      for code in site.corpus.codes.values())
    return f"""# Ask a question

Ask as you would ask a player or a tournament director ("can my partner
deal for me?", "what if the trump card turned differs from the trump
slip?"). The laws are ranked by the words they share with your question
and by how close they are in meaning to each law's text and to the
questions listed under it, measured by a small language model
(all-MiniLM-L6-v2) that runs here, in your browser: nothing leaves the page.
The first question loads the model (23 MB), then answers take a moment.
When no law comes close enough to the question, the page says so.
The same search is `lawkit search` on the command line.

<form class="lk-ask" data-lk-ask="{html.escape(base)}" data-lk-root="{html.escape(root)}"
 data-lk-worker="{html.escape(worker)}" data-lk-lunr="{html.escape(lunr)}" role="search" aria-label="Ask the laws">
<input type="search" name="ask" aria-label="Your question" placeholder="Who deals after a misdeal?" required>
<select name="code" aria-label="Which laws"><option value="">Every code</option>{options}</select>
<button type="submit" class="md-button md-button--primary">Ask</button>
</form>
<p id="lk-ask-status" class="lk-ask__status" role="status" aria-live="polite"></p>
<ol id="lk-ask-results" class="lk-ask__results"></ol>

<script src="{html.escape(script)}"></script>
"""
