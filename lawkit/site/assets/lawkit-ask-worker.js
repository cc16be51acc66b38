/* lawkit's search in the browser, in a Web Worker (the page stays responsive while the model
 * encodes): the laws ranked for a question by the words they share (lunr, the engine behind
 * Material's search) fused with closeness in meaning, which all-MiniLM-L6-v2 measures here as
 * lawkit.semantic does in Python: the same WordPiece tokenizer, the same six-layer encoder (weights
 * quantized to 8 bits a row), mean pooling, cosine against every law's passages, fused by
 * reciprocal rank with the same constants. Everything comes from the site itself (api/search/).
 *
 * Messages: {type: "load", base, lunr} -> "progress" {loaded, total} ..., then "ready" or "failed"
 * {message}; {type: "ask", id, text, limit, code} -> "answer" {id, best, results} or "failed".
 */
"use strict";

// ---------- WordPiece (BERT uncased), as lawkit/_minilm.py ----------
function isPunctuation(ch) {
  var c = ch.codePointAt(0);
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) return true;
  return /\p{P}/u.test(ch);
}
function isCJK(c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
    (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
    (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}
function basicWords(text) {
  var out = "";
  for (var ch of text) {
    var c = ch.codePointAt(0);
    if (c === 0 || c === 0xFFFD || (/[\p{Cc}\p{Cf}]/u.test(ch) && "\t\n\r".indexOf(ch) < 0)) continue;
    if (" \t\n\r".indexOf(ch) >= 0 || /\p{Zs}/u.test(ch)) out += " ";
    else if (isCJK(c)) out += " " + ch + " ";
    else out += ch;
  }
  out = out.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "");
  var words = [];
  out.split(/[ \t\n\r]+/).forEach(function (chunk) {
    var current = "";
    for (var ch of chunk) {
      if (isPunctuation(ch)) {
        if (current) { words.push(current); current = ""; }
        words.push(ch);
      } else current += ch;
    }
    if (current) words.push(current);
  });
  return words;
}
function WordPiece(vocabText) {
  this.ids = new Map();
  var lines = vocabText.split("\n");
  for (var i = 0; i < lines.length; i++) if (lines[i] !== "" || i < lines.length - 1) this.ids.set(lines[i], i);
  this.unknown = this.ids.get("[UNK]"); this.cls = this.ids.get("[CLS]"); this.sep = this.ids.get("[SEP]");
}
WordPiece.prototype.pieces = function (word) {
  var chars = Array.from(word);
  if (chars.length > 100) return [this.unknown];
  var pieces = [], start = 0;
  while (start < chars.length) {
    var end = chars.length, found = -1;
    while (start < end) {
      var piece = chars.slice(start, end).join("");
      if (start > 0) piece = "##" + piece;
      if (this.ids.has(piece)) { found = this.ids.get(piece); break; }
      end -= 1;
    }
    if (found < 0) return [this.unknown];
    pieces.push(found);
    start = end;
  }
  return pieces;
};
WordPiece.prototype.encode = function (text, maxTokens) {
  var self = this, ids = [];
  basicWords(text).forEach(function (w) { ids.push.apply(ids, self.pieces(w)); });
  return [this.cls].concat(ids.slice(0, maxTokens - 2), [this.sep]);
};

// ---------- the encoder ----------
function Model(buffer) {
  var view = new DataView(buffer);
  var size = view.getUint32(0, true);
  var header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, size)));
  var base = 4 + size;
  this.config = header.config;
  this.t = {};
  for (var name in header.tensors) {
    var m = header.tensors[name];
    var count = m.shape.reduce(function (a, b) { return a * b; }, 1);
    if (m.dtype === "int8") {
      this.t[name] = { shape: m.shape, q: new Int8Array(buffer, base + m.offset, count),
                       scale: new Float32Array(buffer.slice(base + m.scale_offset, base + m.scale_offset + 4 * m.shape[0])) };
    } else {
      this.t[name] = { shape: m.shape, f: new Float32Array(buffer.slice(base + m.offset, base + m.offset + 4 * count)) };
    }
  }
}
// y[L][out] = x[L][in] W^T + b, W int8 [out][in] with a scale per output row
Model.prototype.linear = function (x, L, name) {
  var W = this.t[name + ".weight"], b = this.t[name + ".bias"].f;
  var out = W.shape[0], inn = W.shape[1], q = W.q, s = W.scale;
  var y = new Float32Array(L * out);
  for (var j = 0; j < out; j++) {
    var row = j * inn, sj = s[j], bj = b[j];
    for (var i = 0; i < L; i++) {
      var xi = i * inn, acc = 0;
      for (var k = 0; k < inn; k++) acc += x[xi + k] * q[row + k];
      y[i * out + j] = acc * sj + bj;
    }
  }
  return y;
};
Model.prototype.layerNorm = function (x, L, name) {
  var g = this.t[name + ".weight"].f, b = this.t[name + ".bias"].f, H = g.length;
  for (var i = 0; i < L; i++) {
    var o = i * H, mean = 0, v = 0;
    for (var k = 0; k < H; k++) mean += x[o + k];
    mean /= H;
    for (k = 0; k < H; k++) { var d = x[o + k] - mean; v += d * d; }
    var inv = 1 / Math.sqrt(v / H + 1e-12);
    for (k = 0; k < H; k++) x[o + k] = (x[o + k] - mean) * inv * g[k] + b[k];
  }
  return x;
};
function erf(x) {  // Numerical Recipes' erfc, as lawkit/_minilm.py
  var z = Math.abs(x), t = 1 / (1 + 0.5 * z);
  var r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
    -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? 1 - r : r - 1;
}
Model.prototype.embed = function (ids) {
  var H = this.config.hidden, heads = this.config.heads, size = H / heads, L = ids.length;
  var word = this.t["embeddings.word_embeddings.weight"], pos = this.t["embeddings.position_embeddings.weight"].f;
  var type0 = this.t["embeddings.token_type_embeddings.weight"].f;
  var x = new Float32Array(L * H);
  for (var i = 0; i < L; i++) {
    var row = ids[i] * H, sc = word.scale[ids[i]];
    for (var k = 0; k < H; k++) x[i * H + k] = word.q[row + k] * sc + pos[i * H + k] + type0[k];
  }
  this.layerNorm(x, L, "embeddings.LayerNorm");
  var scale = 1 / Math.sqrt(size);
  for (var layer = 0; layer < this.config.layers; layer++) {
    var p = "encoder.layer." + layer + ".";
    var q = this.linear(x, L, p + "attention.self.query"), kk = this.linear(x, L, p + "attention.self.key");
    var v = this.linear(x, L, p + "attention.self.value");
    var context = new Float32Array(L * H), scores = new Float32Array(L);
    for (var h = 0; h < heads; h++) {
      var ho = h * size;
      for (i = 0; i < L; i++) {
        var max = -Infinity;
        for (var j = 0; j < L; j++) {
          var acc = 0;
          for (k = 0; k < size; k++) acc += q[i * H + ho + k] * kk[j * H + ho + k];
          scores[j] = acc * scale;
          if (scores[j] > max) max = scores[j];
        }
        var sum = 0;
        for (j = 0; j < L; j++) { scores[j] = Math.exp(scores[j] - max); sum += scores[j]; }
        for (j = 0; j < L; j++) {
          var wgt = scores[j] / sum;
          for (k = 0; k < size; k++) context[i * H + ho + k] += wgt * v[j * H + ho + k];
        }
      }
    }
    var attended = this.linear(context, L, p + "attention.output.dense");
    for (k = 0; k < L * H; k++) attended[k] += x[k];
    x = this.layerNorm(attended, L, p + "attention.output.LayerNorm");
    var inner = this.linear(x, L, p + "intermediate.dense");
    for (k = 0; k < inner.length; k++) inner[k] = 0.5 * inner[k] * (1 + erf(inner[k] / Math.SQRT2));
    var out = this.linear(inner, L, p + "output.dense");
    for (k = 0; k < L * H; k++) out[k] += x[k];
    x = this.layerNorm(out, L, p + "output.LayerNorm");
  }
  var pooled = new Float32Array(H), norm = 0;
  for (i = 0; i < L; i++) for (k = 0; k < H; k++) pooled[k] += x[i * H + k] / L;
  for (k = 0; k < H; k++) norm += pooled[k] * pooled[k];
  norm = Math.max(Math.sqrt(norm), 1e-12);
  for (k = 0; k < H; k++) pooled[k] /= norm;
  return pooled;
};

// ---------- the index and the fused ranking, as lawkit/fulltext.py ----------
function b64bytes(text) {
  var raw = atob(text), out = new Int8Array(raw.length);
  for (var i = 0; i < raw.length; i++) out[i] = (raw.charCodeAt(i) << 24) >> 24;
  return out;
}
function Search(index, vocab, modelBuffer) {
  this.index = index;
  this.tokenizer = new WordPiece(vocab);
  this.model = new Model(modelBuffer);
  this.vectors = b64bytes(index.passages.vectors);
  var laws = index.laws, fields = index.words.fields;
  this.words = lunr(function () {
    this.ref("i");
    var builder = this;
    fields.forEach(function (f) { builder.field(f.name, { boost: f.boost }); });
    laws.forEach(function (law, i) {
      var doc = { i: String(i) };
      fields.forEach(function (f, n) { doc[f.name] = law.words[n]; });
      builder.add(doc);
    });
  });
}
Search.prototype.oneSpelling = function (text) {
  var variants = this.index.variants;
  return text.replace(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu, function (word) {
    var joined = word.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").replace(/-/g, "");
    for (var i = 0; i < variants.length; i++) {
      if (variants[i][0] === "trumps") continue;
      var a = variants[i][0].replace(/[- ]/g, ""), b = variants[i][1].replace(/[- ]/g, "");
      if (joined === a || joined === b) return variants[i][0];
    }
    return word;
  });
};
Search.prototype.queryWords = function (text) {
  var stop = this.index.stopwords;
  return (text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").match(/[\p{L}\p{N}]+/gu) || [])
    .filter(function (w) { return stop.indexOf(w) < 0; });
};
Search.prototype.byWords = function (text) {
  var found = this.queryWords(this.oneSpelling(text));
  if (!found.length) return [];
  try {
    return this.words.query(function (q) {
      found.forEach(function (w) { q.term(w, { presence: lunr.Query.presence.OPTIONAL }); });
    }).map(function (hit) { return Number(hit.ref); });
  } catch (e) { return []; }
};
Search.prototype.embed = function (text) {  // the last question's embedding is kept: it may rank twice
  if (this.lastText !== text) {
    this.lastVector = this.model.embed(this.tokenizer.encode(this.oneSpelling(text), this.index.max_tokens));
    this.lastText = text;
  }
  return this.lastVector;
};
Search.prototype.byMeaning = function (text, depth, allowed) {
  var query = this.embed(text);
  var P = this.index.passages, H = query.length, n = P.law.length, sims = new Float32Array(n);
  for (var r = 0; r < n; r++) {
    var acc = 0, o = r * H;
    for (var k = 0; k < H; k++) acc += this.vectors[o + k] * query[k];
    sims[r] = acc * P.scale[r];
  }
  var order = Array.from(sims.keys()).sort(function (a, b) { return sims[b] - sims[a] || a - b; });
  var seen = new Map();
  for (var i = 0; i < order.length && seen.size < depth; i++) {
    var law = P.law[order[i]];
    if (!seen.has(law) && (!allowed || allowed(law))) seen.set(law, order[i]);
  }
  var found = Array.from(seen.entries());  // [law index, best passage]
  found.best = found.length ? sims[found[0][1]] : -1;  // the closest passage's cosine
  return found;
};
// The codes a question names by the words of their ids, as Searcher.named_codes.
Search.prototype.namedCodes = function (text) {
  var asked = new Set(text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").match(/[\p{L}\p{N}]+/gu) || []);
  var codes = Array.from(new Set(this.index.laws.map(function (law) { return law.id.split("/")[0]; })));
  var counts = codes.map(function (code) {
    return code.split("-").filter(function (w) { return asked.has(w); }).length;
  });
  var best = Math.max.apply(null, counts.concat([0]));
  var named = codes.filter(function (code, i) { return counts[i] === best; });
  return best && named.length < codes.length ? new Set(named) : null;
};
Search.prototype.fused = function (text, allowed) {
  var f = this.index.fusion, scores = new Map(), passageOf = new Map();
  this.byWords(text).filter(function (law) { return !allowed || allowed(law); }).slice(0, f.depth)
    .forEach(function (law, rank) { scores.set(law, (scores.get(law) || 0) + f.words / (f.offset + rank + 1)); });
  var meaning = this.byMeaning(text, f.depth, allowed);
  this.best = Math.max(this.best, meaning.best);
  meaning.forEach(function (entry, rank) {
    scores.set(entry[0], (scores.get(entry[0]) || 0) + f.meaning / (f.offset + rank + 1));
    passageOf.set(entry[0], entry[1]);
  });
  return Array.from(scores.keys()).sort(function (a, b) { return scores.get(b) - scores.get(a) || a - b; })
    .map(function (i) { return { law: i, score: scores.get(i), passage: passageOf.get(i) }; });
};

// The laws for a question (of one code when ``code`` is given, as `lawkit search --code`), best
// first, and how close in meaning the closest passage came: below the index's no_answer_below,
// no law answers the question.
Search.prototype.ask = function (text, limit, code) {
  this.best = -1;
  if (!this.queryWords(text).length) return { best: -1, results: [] };
  var laws = this.index.laws, P = this.index.passages, ranked;
  var named = code ? new Set([code]) : this.namedCodes(text);
  var inNamed = function (i) { return named.has(laws[i].id.split("/")[0]); };
  if (code) ranked = this.fused(text, inNamed);
  else if (named) {  // a question naming a game is answered from its laws first
    var first = this.fused(text, inNamed);
    var chosen = new Set(first.map(function (hit) { return hit.law; }));
    ranked = first.concat(this.fused(text, null).filter(function (hit) { return !chosen.has(hit.law); }));
  } else ranked = this.fused(text, null);
  var results = ranked.slice(0, limit || 10).map(function (hit) {
    var law = laws[hit.law], p = hit.passage;
    return { id: law.id, score: hit.score, name: law.name, heading: law.heading, code: law.code, url: law.url,
             text: law.text, rulings: law.rulings,
             passage: p === undefined ? null : { kind: P.kind[p], text: P.text[p] } };
  });
  return { best: this.best, results: results };
};

// ---------- loading, with progress ----------
function fetched(url, what) {
  return fetch(url).then(function (response) {
    if (!response.ok) throw new Error(what + " could not be loaded (" + response.status + " " + response.statusText + ")");
    return response;
  });
}

// The model's bytes, read as they arrive so the page can say how far the download is.
function download(url) {
  return fetched(url, "the language model").then(function (response) {
    var total = Number(response.headers.get("Content-Length")) || 0;
    if (!response.body || !response.body.getReader) return response.arrayBuffer();
    var reader = response.body.getReader(), chunks = [], loaded = 0, last = 0;
    function pump() {
      return reader.read().then(function (step) {
        if (step.done) {
          var out = new Uint8Array(loaded), at = 0;
          chunks.forEach(function (chunk) { out.set(chunk, at); at += chunk.length; });
          return out.buffer;
        }
        chunks.push(step.value);
        loaded += step.value.length;
        if (loaded - last > 262144 || loaded === total) { last = loaded; postMessage({ type: "progress", loaded: loaded, total: total }); }
        return pump();
      });
    }
    return pump();
  });
}

var search = null;
onmessage = function (event) {
  var m = event.data;
  if (m.type === "load") {
    try { importScripts(m.lunr); } catch (error) { postMessage({ type: "failed", message: "lunr could not be loaded" }); return; }
    Promise.all([
      fetched(m.base + "index.json", "the index").then(function (r) { return r.json(); }),
      fetched(m.base + "vocab.txt", "the vocabulary").then(function (r) { return r.text(); }),
      download(m.base + "model.bin"),
    ]).then(function (parts) {
      search = new Search(parts[0], parts[1], parts[2]);
      postMessage({ type: "ready", no_answer_below: parts[0].no_answer_below });
    }, function (error) {
      postMessage({ type: "failed", message: String(error && error.message || error) });
    });
  } else if (m.type === "ask") {
    try {
      var answer = search.ask(m.text, m.limit, m.code || null);
      postMessage({ type: "answer", id: m.id, best: answer.best, results: answer.results });
    } catch (error) {
      postMessage({ type: "failed", id: m.id, message: String(error && error.message || error) });
    }
  }
};
