/* The Ask page: a question asked of lawkit's search, which runs in a Web Worker
 * (lawkit-ask-worker.js) so the page stays responsive while the model encodes. The page says how
 * far the model's download is, lets a failed download be tried again, keeps the question and the
 * chosen code in its address (?ask=…&code=…; not "q": Material opens its own search for that), and
 * when no law comes close enough in meaning it says so and offers the site's search instead.
 * Every string is put in the page as text (textContent), never as markup.
 */
(function () {
  "use strict";

  var worker = null, ready = null, threshold = null, asked = 0, waiting = {};
  var progressShown = null;

  function megabytes(bytes) { return (bytes / 1048576).toFixed(1); }

  // The worker, started (once) and loaded; a failure ends it, so the next question tries again.
  function load(form) {
    if (ready) return ready;
    worker = new Worker(form.getAttribute("data-lk-worker"));
    ready = new Promise(function (resolve, reject) {
      worker.onmessage = function (event) {
        var m = event.data;
        if (m.type === "progress") {
          if (progressShown) progressShown(m.total ? "Loading the language model: " + megabytes(m.loaded) + " of " +
            megabytes(m.total) + " MB (" + Math.floor(100 * m.loaded / m.total) + "%)\u2026"
            : "Loading the language model: " + megabytes(m.loaded) + " MB\u2026");
        } else if (m.type === "ready") {
          threshold = m.no_answer_below;
          resolve();
        } else if (m.type === "answer" && waiting[m.id]) {
          waiting[m.id].resolve(m);
          delete waiting[m.id];
        } else if (m.type === "failed") {
          if (m.id !== undefined && waiting[m.id]) { waiting[m.id].reject(new Error(m.message)); delete waiting[m.id]; }
          else { forget(); reject(new Error(m.message)); }
        }
      };
      worker.onerror = function (event) { forget(); reject(new Error(event.message || "the search could not start")); };
    });
    var base = new URL(form.getAttribute("data-lk-ask"), location.href).href;
    var lunr = new URL(form.getAttribute("data-lk-lunr"), location.href).href;
    worker.postMessage({ type: "load", base: base, lunr: lunr });
    return ready;
  }
  function forget() {  // a failed load is not kept: the next question starts again
    if (worker) worker.terminate();
    worker = null;
    ready = null;
  }

  // The answer to a question: {best, answered, results}; ``answered`` is false when no law is close enough.
  function ask(form, text, limit, code) {
    return load(form).then(function () {
      var id = ++asked;
      return new Promise(function (resolve, reject) {
        waiting[id] = { resolve: resolve, reject: reject };
        worker.postMessage({ type: "ask", id: id, text: text, limit: limit || 10, code: code || null });
      });
    }).then(function (m) {
      return { best: m.best, answered: m.results.length > 0 && m.best >= threshold, results: m.results };
    });
  }
  // For the tests and the console: the laws for a question, as before (whatever the threshold says).
  window.lawkitAsk = function (text, limit, code) {
    return ask(document.querySelector("[data-lk-ask]"), text, limit, code).then(function (a) { return a.results; });
  };
  window.lawkitAnswer = function (text, limit, code) {
    return ask(document.querySelector("[data-lk-ask]"), text, limit, code);
  };

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function render(list, results, root) {
    list.textContent = "";
    var previews = {};
    results.forEach(function (hit) {
      var item = element("li");
      var link = element("a", "lk-ask__law lk-ref", hit.name + " \u2014 " + hit.heading);
      link.href = root + hit.url;
      link.setAttribute("data-law", hit.id);
      previews[hit.id] = { name: hit.name, code: hit.code, heading: hit.heading, text: hit.text };
      item.appendChild(link);
      item.appendChild(element("span", "lk-ask__code", hit.code));
      var says = (hit.text || []).join(" ").split(/\s+/);
      item.appendChild(element("p", "lk-ask__text", says.slice(0, 45).join(" ") + (says.length > 45 ? " \u2026" : "")));
      if (hit.rulings && hit.rulings.length) {
        var rulings = element("ul", "lk-ask__rulings");
        rulings.setAttribute("aria-label", "Rulings under this law");
        hit.rulings.forEach(function (sentence) { rulings.appendChild(element("li", null, sentence)); });
        item.appendChild(rulings);
      }
      if (hit.passage && hit.passage.kind === "question") {
        item.appendChild(element("p", "lk-ask__why", "Answers \u201c" + hit.passage.text + "\u201d"));
      }
      list.appendChild(item);
    });
    if (window.lawkitPreviews) window.lawkitPreviews.add(previews);
  }

  function noAnswer(list, text, root) {
    list.textContent = "";
    var item = element("li", "lk-ask__none");
    item.appendChild(document.createTextNode("Try the site's search for the words themselves: "));
    var link = element("a", null, "search for \u201c" + text + "\u201d");
    link.href = root + "?q=" + encodeURIComponent(text);
    item.appendChild(link);
    list.appendChild(item);
  }

  function setUp() {
    var form = document.querySelector("[data-lk-ask]");
    if (!form || form.dataset.lkReady) return;
    form.dataset.lkReady = "1";
    var input = form.querySelector("input"), select = form.querySelector("select");
    var list = document.getElementById("lk-ask-results"), status = document.getElementById("lk-ask-status");
    var root = form.getAttribute("data-lk-root"), button = form.querySelector("button");
    progressShown = function (text) { status.textContent = text; };
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = input.value.trim(), code = select.value;
      if (!text) return;
      var address = new URL(location.href);
      address.searchParams.set("ask", text);
      if (code) address.searchParams.set("code", code); else address.searchParams.delete("code");
      history.replaceState(history.state, "", address.href);
      status.textContent = ready ? "Searching\u2026" : "Loading the search\u2026";
      button.disabled = true;
      ask(form, text, 10, code).then(function (answer) {
        var codeName = code ? select.options[select.selectedIndex].text : "";
        if (answer.answered) {
          render(list, answer.results, root);
          status.textContent = answer.results.length + " laws for \u201c" + text + "\u201d" + (codeName ? " in " + codeName : "");
        } else {
          noAnswer(list, text, root);
          status.textContent = "No law" + (codeName ? " of " + codeName : "") + " answers \u201c" + text + "\u201d closely enough.";
        }
      }, function (error) {
        list.textContent = "";
        status.textContent = "The search could not load: " + error.message + ". Ask again to retry.";
      }).then(function () { button.disabled = false; });
    });
    var params = new URLSearchParams(window.location.search);
    if (params.get("code")) select.value = params.get("code");
    if (params.get("ask")) { input.value = params.get("ask"); form.requestSubmit(); }
  }
  if (window.document$) window.document$.subscribe(setUp);  // Material's instant navigation
  else document.addEventListener("DOMContentLoaded", setUp);
})();
