/* lawkit: previews of laws and glossary terms, without leaving the page.
 *
 * A link to a law (a[data-law]) shows the law's text in a tooltip on hover
 * and on keyboard focus; a glossary term in law text (abbr.lk-term) shows its
 * definition on hover, focus or tap. Escape hides the tooltip. The laws' text
 * comes from the page itself: <script type="application/json"
 * id="lawkit-previews">, written by the lawkit MkDocs plugin, or the file it
 * names (data-src). Every string of them is put in the page as text
 * (textContent), never as markup. A footnote mark shows its note the same
 * way. On a phone the tip is a sheet at the bottom of the screen, and the line
 * it explains is scrolled above it. A law's folded parts (.lk-more-on details:
 * its rules, questions, parallels) are fetched from api/folds/ when first
 * opened; their markup is lawkit's, escaped when the site was built. The
 * developer switch (button.lk-devswitch) shows the rules as written.
 *
 * The go-to-law boxes (form.lk-goto: on code pages and the home page, and one
 * put in the header) read "84", "1913 84", "Law IV sec. 8", "etiquette 9"
 * against assets/lawkit/laws.json and jump to the law, or say that nothing
 * matches and what is near. A search result's address (?law=<id>) opens at
 * the law's anchor.
 */
(function () {
  "use strict";

  var TIP_ID = "lk-tip";
  var data = {};
  var tip = null;
  var owner = null;
  var showTimer = 0;
  var hideTimer = 0;

  function readJSON(id) {
    var element = document.getElementById(id);
    if (!element) return null;
    try {
      return JSON.parse(element.textContent) || {};
    } catch (error) {
      return {};
    }
  }

  function addPreviews(laws) {
    for (var id in laws) data[id] = laws[id];
  }

  function readData() {
    data = readJSON("lawkit-previews") || {};
    terms = readJSON("lawkit-terms") || {};
    // A page that links to many laws (a code page) names the file that holds their previews:
    // fetched once the page is up, so that the law text is painted first.
    var element = document.getElementById("lawkit-previews");
    var src = element && element.getAttribute("data-src");
    if (src) {
      fetch(new URL(src, location.href)).then(function (response) {
        if (!response.ok) throw new Error("previews: HTTP " + response.status);
        return response.json();
      }).then(function (file) {
        addPreviews(file.previews || {});
        terms = file.terms || {};
        prepareTerms();
        showWaiting();
      }, function () { /* no previews: the links still lead to the laws */ });
    }
  }

  // A reference pointed at or focused before its page's previews arrived gets its preview now,
  // as if the pointer had just come onto it (no second mouseover comes otherwise).
  function showWaiting() {
    var focused = triggerOf(document.activeElement);
    if (focused) { show(focused); return; }
    var pointed = document.querySelectorAll("a[data-law]:hover, abbr.lk-term:hover");
    var trigger = pointed.length ? triggerOf(pointed[pointed.length - 1]) : null;
    if (trigger && trigger !== owner) {
      clearTimeout(showTimer);
      showTimer = setTimeout(function () { show(trigger); }, 250);
    }
  }

  // The page's glossary definitions, once each (id="lawkit-terms"): each term gets its own for
  // the tooltip and for assistive technology.
  var terms = {};

  function prepareTerms() {
    var marked = document.querySelectorAll("abbr.lk-term[data-term]:not([data-definition])");
    for (var i = 0; i < marked.length; i++) {
      var definition = terms[marked[i].getAttribute("data-term")];
      if (!definition) continue;
      marked[i].setAttribute("data-definition", definition);
      marked[i].setAttribute("aria-description", definition);
    }
  }

  // -- folds: a law's rules, questions and parallels, fetched the first time one is opened --------

  var folds = {};  // file -> promise of its JSON

  function foldFile(src) {
    if (!folds[src]) {
      folds[src] = fetch(new URL(src, location.href)).then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      });
      folds[src].catch(function () { delete folds[src]; });  // opened again, it is tried again
    }
    return folds[src];
  }

  var PARTS = { "lk-clauses": "rules", "lk-questions": "questions", "lk-parallels": "parallels" };

  function partOf(details) {
    for (var name in PARTS) if (details.classList.contains(name)) return PARTS[name];
    return null;
  }

  // The law's file: the folder the page names once (data-lk-folds), and the law's id inside the code.
  function foldSource(details) {
    var base = document.querySelector("[data-lk-folds]");
    var law = details.closest(".lk-law");
    var heading = law && law.querySelector("h3[id]");
    if (!base || !heading) return null;
    return base.getAttribute("data-lk-folds") + heading.id + ".json";
  }

  function openFold(details) {
    if (!details.open || details.getAttribute("data-lk-loaded") === "yes") return;
    var src = foldSource(details);
    if (!src) return;
    var body = details.querySelector(".lk-fold__body");
    if (!body) {
      body = document.createElement("div");
      body.className = "lk-fold__body";
      details.appendChild(body);
    }
    if (!body.firstChild) {
      var wait = document.createElement("p");
      wait.className = "lk-fold__wait";
      wait.textContent = "Loading…";
      body.appendChild(wait);
    }
    details.setAttribute("aria-busy", "true");
    foldFile(src).then(function (file) {
      addPreviews(file.previews || {});
      body.innerHTML = (file.parts || {})[partOf(details)] || "";  // markup escaped by lawkit
      details.setAttribute("data-lk-loaded", "yes");
      details.removeAttribute("aria-busy");
      showDeveloper(developer());
    }, function () {
      details.removeAttribute("aria-busy");
      body.textContent = "";
      var p = document.createElement("p");
      p.className = "lk-fold__wait";
      p.textContent = "This part could not be loaded. Close it and open it again to try again.";
      body.appendChild(p);
    });
  }

  function watchFolds() {
    document.querySelectorAll(".lk-more-on > details, .lk-more-on > aside > details").forEach(function (details) {
      if (details.hasAttribute("data-lk-watched")) return;
      details.setAttribute("data-lk-watched", "");
      details.addEventListener("toggle", function () { openFold(details); });
      openFold(details);  // opened before the script ran (or by the browser's find-in-page)
    });
  }

  // -- the developer switch: CEL, facts as written, rule ids and files, remembered for every page ---

  var DEVELOPER = "lawkit.developer";

  function developer() {
    try { return localStorage.getItem(DEVELOPER) === "yes"; } catch (error) { return false; }
  }

  function showDeveloper(on) {
    document.documentElement.classList.toggle("lk-developer", on);
    document.querySelectorAll("button.lk-devswitch").forEach(function (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function switchDeveloper() {
    var on = !developer();
    try { localStorage.setItem(DEVELOPER, on ? "yes" : "no"); } catch (error) { /* kept for this page only */ }
    showDeveloper(on);
  }

  function ensureTip() {
    if (tip && document.body.contains(tip)) return tip;
    tip = document.createElement("div");
    tip.id = TIP_ID;
    tip.className = "lk-tip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    tip.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
    tip.addEventListener("mouseleave", function () { scheduleHide(); });
    document.body.appendChild(tip);
    return tip;
  }

  /* Text with the sources' _italics_ as <em>, built node by node. */
  function appendPrinted(parent, text) {
    var pattern = /_([^_\n]+?)_/g;
    var last = 0;
    var match;
    while ((match = pattern.exec(text)) !== null) {
      var before = match.index > 0 ? text.charAt(match.index - 1) : "";
      var after = text.charAt(match.index + match[0].length);
      var singleLetter = /^[a-z]$/.test(match[1]) && /\d/.test(before);
      if (!singleLetter && (/[\w]/.test(before) || /[A-Za-z]/.test(after))) continue;
      parent.appendChild(document.createTextNode(text.slice(last, match.index)));
      var em = document.createElement("em");
      em.textContent = match[1];
      parent.appendChild(em);
      last = match.index + match[0].length;
    }
    parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function fillLaw(box, law) {
    var head = document.createElement("p");
    head.className = "lk-tip__head";
    var name = document.createElement("strong");
    name.textContent = law.name;
    head.appendChild(name);
    var where = document.createElement("span");
    where.className = "lk-tip__where";
    where.textContent = [law.code, law.heading].filter(Boolean).join(" · ");
    head.appendChild(where);
    box.appendChild(head);
    (law.text || []).forEach(function (paragraph) {
      var p = document.createElement("p");
      appendPrinted(p, paragraph);
      box.appendChild(p);
    });
  }

  function fillTerm(box, trigger) {
    var head = document.createElement("p");
    head.className = "lk-tip__head";
    var name = document.createElement("strong");
    name.textContent = trigger.getAttribute("data-term") || trigger.textContent;
    head.appendChild(name);
    var where = document.createElement("span");
    where.className = "lk-tip__where";
    where.textContent = "glossary";
    head.appendChild(where);
    box.appendChild(head);
    var p = document.createElement("p");
    appendPrinted(p, trigger.getAttribute("data-definition") || "");
    box.appendChild(p);
  }

  // A footnote mark shows its note: the note's own text on this page (under the law).
  function noteOf(trigger) {
    var href = trigger.getAttribute("href") || "";
    if (!trigger.closest(".lk-mark") || href.charAt(0) !== "#") return null;
    var note = document.getElementById(decodeURIComponent(href.slice(1)));
    return note && note.querySelector(".lk-note__text") ? note : null;
  }

  function fillNote(box, trigger, note) {
    var head = document.createElement("p");
    head.className = "lk-tip__head";
    var name = document.createElement("strong");
    name.textContent = "Note " + trigger.textContent.trim();
    head.appendChild(name);
    var printedAt = note.parentNode.querySelector(".lk-notes__printed");
    var where = document.createElement("span");
    where.className = "lk-tip__where";
    where.textContent = printedAt ? "printed at the end of the code" : "footnote";
    head.appendChild(where);
    box.appendChild(head);
    var p = document.createElement("p");
    p.textContent = note.querySelector(".lk-note__text").textContent;
    box.appendChild(p);
  }

  // On a phone the tip is a sheet at the bottom of the screen; the line it explains is kept above it.
  var phone = window.matchMedia ? window.matchMedia("(max-width: 44.984375em)") : { matches: false };

  function placeSheet(trigger) {
    tip.classList.add("lk-tip--sheet");
    tip.style.left = "";
    tip.style.top = "";
    var sheetTop = window.innerHeight - tip.getBoundingClientRect().height;
    var rect = trigger.getBoundingClientRect();
    var gap = 12;
    if (rect.bottom + gap > sheetTop) {
      window.scrollBy(0, rect.bottom + gap - sheetTop);
    }
  }

  function place(trigger) {
    if (phone.matches) { placeSheet(trigger); return; }
    tip.classList.remove("lk-tip--sheet");
    var rect = trigger.getClientRects()[0] || trigger.getBoundingClientRect();
    var margin = 8;
    var width = document.documentElement.clientWidth;
    tip.style.left = "0px";
    tip.style.top = "0px";
    var box = tip.getBoundingClientRect();
    var left = Math.min(Math.max(rect.left, margin), Math.max(margin, width - box.width - margin));
    var below = rect.bottom + 6;
    var top = below;
    if (below + box.height > window.innerHeight - margin && rect.top - box.height - 6 > margin) {
      top = rect.top - box.height - 6;
    }
    tip.style.left = left + window.scrollX + "px";
    tip.style.top = top + window.scrollY + "px";
  }

  function show(trigger) {
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    var law = trigger.hasAttribute("data-law") ? data[trigger.getAttribute("data-law")] : null;
    var isTerm = trigger.classList.contains("lk-term");
    var note = law || isTerm ? null : noteOf(trigger);
    if (!law && !isTerm && !note) return;
    ensureTip();
    if (owner && owner !== trigger) owner.removeAttribute("aria-describedby");
    tip.textContent = "";
    tip.classList.toggle("lk-tip--term", isTerm || !!note);
    if (law) fillLaw(tip, law); else if (note) fillNote(tip, trigger, note); else fillTerm(tip, trigger);
    tip.hidden = false;
    owner = trigger;
    trigger.setAttribute("aria-describedby", TIP_ID);
    place(trigger);
  }

  function hide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    if (tip) tip.hidden = true;
    if (owner) owner.removeAttribute("aria-describedby");
    owner = null;
  }

  function scheduleHide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 200);
  }

  function triggerOf(target) {
    if (!target || !target.closest) return null;
    var trigger = target.closest("a[data-law], abbr.lk-term, .lk-mark > a");
    if (!trigger) return null;
    if (trigger.hasAttribute("data-law") && !data[trigger.getAttribute("data-law")]) return null;
    if (trigger.parentNode.classList.contains("lk-mark") && !noteOf(trigger)) return null;
    return trigger;
  }

  function onOver(event) {
    var trigger = triggerOf(event.target);
    if (!trigger) return;
    clearTimeout(hideTimer);
    if (trigger === owner) return;
    clearTimeout(showTimer);
    showTimer = setTimeout(function () { show(trigger); }, 250);
  }

  function onOut(event) {
    var trigger = triggerOf(event.target);
    if (!trigger) return;
    if (event.relatedTarget && (trigger.contains(event.relatedTarget) || (tip && tip.contains(event.relatedTarget)))) return;
    scheduleHide();
  }

  function onFocus(event) {
    var trigger = triggerOf(event.target);
    if (trigger) show(trigger);
  }

  function onBlur(event) {
    if (triggerOf(event.target)) scheduleHide();
  }

  function onKey(event) {
    if ((event.key === "Escape" || event.key === "Esc") && tip && !tip.hidden) {
      hide();
    }
  }

  // A "Copy link" button on each law's line of topics: the law's own address, page and anchor.
  function addCopyLinks() {
    document.querySelectorAll("h3.lk-law__title[id]").forEach(function (title) {
      var meta = title.nextElementSibling;
      if (!meta || !meta.classList.contains("lk-meta") || meta.querySelector(".lk-copylink")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "lk-copylink";
      button.dataset.anchor = title.id;
      button.setAttribute("aria-label", "Copy link to " + (title.firstChild ? title.firstChild.textContent : title.id).trim());
      button.textContent = "Copy link";
      button.setAttribute("aria-live", "polite");
      if (meta.childNodes.length) meta.appendChild(document.createTextNode(" · "));
      meta.appendChild(button);
      var laws = document.querySelector("[data-lk-laws]");
      if (laws) {  // the law as JSON: the developers' (api/<code>/<law>.json), behind the switch
        var json = document.createElement("span");
        json.className = "lk-dev-only lk-dev-inline";
        json.appendChild(document.createTextNode(" · "));
        var link = document.createElement("a");
        link.href = laws.getAttribute("data-lk-laws") + title.id + ".json";
        link.textContent = "JSON";
        link.setAttribute("aria-label", "This law as JSON");
        json.appendChild(link);
        meta.appendChild(json);
      }
    });
  }

  function copyLink(button) {
    var url = location.href.split("#")[0] + "#" + button.dataset.anchor;
    var label = button.getAttribute("aria-label");
    function done(ok) {
      button.textContent = ok ? "Link copied" : "Copy failed";
      button.setAttribute("aria-label", button.textContent);  // said by a screen reader (aria-live)
      setTimeout(function () { button.textContent = "Copy link"; button.setAttribute("aria-label", label); }, 2000);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(function () { done(true); }, function () { done(false); });
      return;
    }
    // Pages opened from a plain http address have no Clipboard API: copy through a selected field.
    var field = document.createElement("textarea");
    field.value = url;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    field.remove();
    done(ok);
  }

  function onClick(event) {
    var devswitch = event.target.closest ? event.target.closest("button.lk-devswitch") : null;
    if (devswitch) {
      switchDeveloper();
      return;
    }
    var copy = event.target.closest ? event.target.closest("button.lk-copylink") : null;
    if (copy) {
      copyLink(copy);
      return;
    }
    var term = event.target.closest ? event.target.closest("abbr.lk-term") : null;
    if (term) {
      if (owner === term && tip && !tip.hidden) hide(); else show(term);
      return;
    }
    if (tip && !tip.hidden && !tip.contains(event.target)) hide();
  }

  // Material's search is a dialog without a name (axe-core: aria-dialog-name).
  function nameSearch() {
    var search = document.querySelector(".md-search");
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search the laws");
  }

  // -- laws by number ---------------------------------------------------------------------

  // Material's __config names the site's root relative to this page.
  function siteRoot() {
    var config = document.getElementById("__config");
    var base = ".";
    try { base = JSON.parse(config.textContent).base || "."; } catch (error) { base = "."; }
    return new URL(base.replace(/\/?$/, "/"), location.href);
  }

  // A search result's address is its code page with ?law=<id>: open it at the law's anchor.
  function openLawOfAddress() {
    var params = new URLSearchParams(location.search);
    var law = params.get("law");
    if (!law) return;
    params.delete("law");
    var rest = params.toString();
    history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") + "#" + law);
    var target = document.getElementById(law);
    if (target) target.scrollIntoView();
  }

  var lawIndex = null;
  function laws() {
    if (!lawIndex) {
      lawIndex = fetch(new URL("assets/lawkit/laws.json", siteRoot())).then(function (response) {
        if (!response.ok) throw new Error("laws.json: " + response.status);
        return response.json();
      });
      lawIndex.catch(function () { lawIndex = null; });  // a failed fetch is tried again next time
    }
    return lawIndex;
  }

  var ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;
  function romanValue(text) {
    var values = { i: 1, v: 5, x: 10 };
    var total = 0;
    for (var i = 0; i < text.length; i++) {
      var value = values[text[i]], next = values[text[i + 1]] || 0;
      total += value < next ? -value : value;
    }
    return total;
  }

  /* "84", "1913 84", "Law IV sec. 8", "etiquette 9", "37 (c)": the code's words, a part, the law,
     its section and item. */
  function parse(query, index) {
    var text = " " + query.toLowerCase().replace(/[\u2019']/g, "").replace(/§/g, " sec ")
      .replace(/[(),.;:#\/\u2014\u2013-]/g, " ") + " ";
    var found = { codeWords: [], part: null, law: null, section: null, item: null };
    var parts = index.parts;
    Object.keys(parts).sort(function (a, b) { return b.length - a.length; }).forEach(function (part) {
      parts[part].forEach(function (name) {
        if (found.part) return;
        var at = text.indexOf(" " + name + " ");
        if (at >= 0) { found.part = part; text = text.slice(0, at) + " " + text.slice(at + name.length + 1); }
      });
    });
    var words = {};
    index.codes.forEach(function (code) { code.words.forEach(function (word) { words[word] = true; }); });
    var tokens = text.split(/\s+/).filter(Boolean);
    var wantSection = false;
    for (var i = 0; i < tokens.length; i++) {
      var token = tokens[i];
      if (/^(law|laws|no|number|the|of|rule|art|article)$/.test(token)) continue;
      if (/^(sec|secs|sect|section)$/.test(token)) { wantSection = true; continue; }
      if (/^1[89]\d\d$/.test(token)) {  // a year: no code has a thousand laws
        if (words[token]) found.codeWords.push(token); else found.noYear = token;
        continue;
      }
      if (wantSection && /^\d+$/.test(token)) { found.section = token; wantSection = false; continue; }
      if (found.law === null) {
        if (/^\d+[a-z]?$/.test(token)) { found.law = token; continue; }
        if (found.part === "definitions" && /^[a-z]$/.test(token)) { found.law = token; continue; }
        if (ROMAN.test(token)) { found.law = token.toUpperCase(); found.roman = romanValue(token); continue; }
      } else if (/^[a-z]$/.test(token) && found.item === null) { found.item = token; continue; }
      else if (/^\d+$/.test(token) && found.section === null) { found.section = token; continue; }
      if (words[token]) { found.codeWords.push(token); continue; }
      found.unknown = (found.unknown || []).concat([token]);
    }
    return found;
  }

  function unitsOf(code) {
    if (!code.byId) {
      code.byId = {};
      code.units.forEach(function (unit) { code.byId[unit[0]] = unit[1]; });
    }
    return code.byId;
  }

  // The ids the parsed query may name in a code, most likely first ("47a" is a law of 1913, else Law 47 (a)).
  function candidates(found) {
    var law = found.law;
    if (found.part) law = found.part + "/" + law;
    var ids = [];
    var withSection = found.section ? law + "/" + found.section : law;
    if (found.item) ids.push(withSection + "/" + found.item);
    else {
      ids.push(withSection);
      var lettered = /^(\d+)([a-z])$/.exec(found.law);
      if (lettered && !found.part) ids.push(lettered[1] + "/" + lettered[2]);
    }
    return ids;
  }

  function match(code, found) {
    var units = unitsOf(code);
    var ids = candidates(found);
    for (var i = 0; i < ids.length; i++) if (units[ids[i]]) return ids[i];
    return null;
  }

  function numberOf(id) {
    var last = id.split("/").pop();
    if (/^\d+/.test(last)) return parseInt(last, 10);
    if (ROMAN.test(last.toLowerCase())) return romanValue(last.toLowerCase());
    return null;
  }

  // Did you mean: the same law in another code, the law without its section or item, the nearest numbers.
  function suggestions(index, codes, found) {
    var out = [];
    function add(code, id) {
      if (out.some(function (s) { return s.code === code && s.id === id; })) return;
      out.push({ code: code, id: id });
    }
    if (found.law === null) return out;
    function elsewhere() {
      index.codes.forEach(function (code) {
        if (codes.indexOf(code) < 0) { var id = match(code, found); if (id) add(code, id); }
      });
    }
    var bare = { law: found.law, part: found.part, section: null, item: null };
    codes.forEach(function (code) { var id = match(code, bare); if (id && id !== candidates(found)[0]) add(code, id); });
    if (!found.codeWords.length) elsewhere();  // no code named: the page's code lacks it, another has it
    var wanted = found.roman || parseInt(found.law, 10);
    if (!isNaN(wanted)) {
      codes.forEach(function (code) {
        var prefix = found.part ? found.part + "/" : "";
        var near = code.units.filter(function (unit) {
          var id = unit[0];
          return id.indexOf(prefix) === 0 && id.slice(prefix.length).indexOf("/") < 0 && numberOf(id) !== null &&
            (prefix || !/\//.test(id));
        }).sort(function (a, b) {
          return Math.abs(numberOf(a[0]) - wanted) - Math.abs(numberOf(b[0]) - wanted);
        });
        near.slice(0, 2).forEach(function (unit) { add(code, unit[0]); });
      });
    }
    if (found.codeWords.length) elsewhere();
    return out.slice(0, 4);
  }

  function lawLink(code, id) {
    var link = document.createElement("a");
    link.href = new URL(code.page, siteRoot()).href + "#" + id;
    link.textContent = code.name + ", " + unitsOf(code)[id];
    return link;
  }

  function say(form, message, links) {
    var box = form.querySelector(".lk-goto__said");
    box.textContent = "";
    form.classList.toggle("lk-goto--said", !!message);
    if (!message) return;
    var p = document.createElement("p");
    p.textContent = message;
    box.appendChild(p);
    if (links && links.length) {
      var list = document.createElement("ul");
      links.forEach(function (link) {
        var li = document.createElement("li");
        li.appendChild(link);
        list.appendChild(li);
      });
      box.appendChild(list);
    }
  }

  function go(code, id) {
    var url = new URL(code.page, siteRoot());
    if (url.pathname === location.pathname) {
      location.hash = id;
      var target = document.getElementById(id);
      if (target) target.scrollIntoView();
    } else {
      location.href = url.href + "#" + id;
    }
  }

  function answer(form, index) {
    var query = form.querySelector(".lk-goto__input").value.trim();
    if (!query) { say(form, "Type a law's number: " + index.examples + "."); return; }
    var found = parse(query, index);
    if (found.law === null) {
      say(form, "“" + query + "” names no law. Type a law's number: " + index.examples + ".");
      return;
    }
    var codes = index.codes;
    if (found.noYear) {
      say(form, "No code is of " + found.noYear + ". The codes: " +
        index.codes.map(function (code) { return code.name; }).join("; ") + ".");
      return;
    }
    if (found.codeWords.length) {
      codes = codes.filter(function (code) {
        return found.codeWords.every(function (word) { return code.words.indexOf(word) >= 0; });
      });
      if (!codes.length) {
        say(form, "No code is called “" + found.codeWords.join(" ") + "”. The codes: " +
          index.codes.map(function (code) { return code.name; }).join("; ") + ".");
        return;
      }
    }
    var here = form.getAttribute("data-lk-code");
    if (!found.codeWords.length && here) {  // on a code's page a bare number is that code's law
      codes = codes.filter(function (code) { return code.id === here; });
    }
    var hits = [];
    codes.forEach(function (code) { var id = match(code, found); if (id) hits.push({ code: code, id: id }); });
    if (hits.length === 1) { say(form, null); go(hits[0].code, hits[0].id); return; }
    if (hits.length > 1) {
      say(form, "“" + query + "” is in " + hits.length + " codes: which one?",
        hits.map(function (hit) { return lawLink(hit.code, hit.id); }));
      return;
    }
    var where = codes.length === 1 ? codes[0].name : (codes.length === index.codes.length ? "any code" : "those codes");
    var near = suggestions(index, codes, found);
    say(form, "No law “" + query + "” in " + where + "." + (near.length ? " Did you mean:" : ""),
      near.map(function (s) { return lawLink(s.code, s.id); }));
  }

  function onGotoSubmit(event) {
    var form = event.target.closest ? event.target.closest("form.lk-goto") : null;
    if (!form) return;
    event.preventDefault();
    laws().then(function (index) { answer(form, index); },
      function () { say(form, "The list of laws did not load; try again."); });
  }

  var headerBoxes = 0;
  // The box in the header, on every page (it takes a code's number on that code's page).
  function addHeaderBox() {
    var search = document.querySelector(".md-header__inner .md-search");
    if (!search || document.querySelector(".md-header .lk-goto")) return;
    var own = document.querySelector(".md-content form.lk-goto[data-lk-code]");
    var form = document.createElement("form");
    form.className = "lk-goto lk-goto--header";
    form.setAttribute("role", "search");
    form.setAttribute("aria-label", "Go to a law by its number");
    if (own) form.setAttribute("data-lk-code", own.getAttribute("data-lk-code"));
    var id = "lk-goto-header" + (headerBoxes++ || "");
    var input = document.createElement("input");
    input.className = "lk-goto__input";
    input.id = id;
    input.type = "text";
    input.name = "law";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.placeholder = "Go to law: 84, 1913 84…";
    input.setAttribute("aria-label", "Go to law (its number, and its code: 84, 1913 84, Law IV sec. 8, etiquette 9)");
    input.setAttribute("aria-describedby", id + "-said");
    var said = document.createElement("div");
    said.className = "lk-goto__said";
    said.id = id + "-said";
    said.setAttribute("role", "status");
    said.setAttribute("aria-live", "polite");
    form.appendChild(input);
    form.appendChild(said);
    search.parentNode.insertBefore(form, search);
  }

  function setup() {
    hide();
    nameSearch();
    readData();
    prepareTerms();
    addCopyLinks();
    showDeveloper(developer());
    watchFolds();
    openLawOfAddress();
    addHeaderBox();
  }

  // Laws a script put on the page after it loaded (the Ask page's results) get previews too.
  window.lawkitPreviews = { add: addPreviews };

  document.addEventListener("mouseover", onOver);
  document.addEventListener("mouseout", onOut);
  document.addEventListener("focusin", onFocus);
  document.addEventListener("focusout", onBlur);
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);
  window.addEventListener("resize", function () { if (owner) place(owner); });
  document.addEventListener("submit", onGotoSubmit);
  document.addEventListener("keydown", function (event) {
    if ((event.key === "Escape" || event.key === "Esc") && event.target.classList &&
        event.target.classList.contains("lk-goto__input")) say(event.target.form, null);
  });

  // Material's instant navigation swaps the page content: set up again on each page.
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
