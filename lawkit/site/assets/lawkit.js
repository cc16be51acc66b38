/* lawkit: previews of laws and glossary terms, without leaving the page.
 *
 * A link to a law (a[data-law]) shows the law's text in a tooltip on hover
 * and on keyboard focus; a glossary term in law text (abbr.lk-term) shows its
 * definition on hover, focus or tap. Escape hides the tooltip. The laws' text
 * comes from the page itself: <script type="application/json"
 * id="lawkit-previews">, written by the lawkit MkDocs plugin, or the file it
 * names (data-src). Every string of them is put in the page as text
 * (textContent), never as markup. A law's folded parts (.lk-more-on details:
 * its rules, questions, parallels) are fetched from api/folds/ when first
 * opened; their markup is lawkit's, escaped when the site was built. The
 * developer switch (button.lk-devswitch) shows the rules as written.
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
      }, function () { /* no previews: the links still lead to the laws */ });
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

  function place(trigger) {
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
    if (!law && !isTerm) return;
    ensureTip();
    if (owner && owner !== trigger) owner.removeAttribute("aria-describedby");
    tip.textContent = "";
    tip.classList.toggle("lk-tip--term", isTerm);
    if (law) fillLaw(tip, law); else fillTerm(tip, trigger);
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
    var trigger = target.closest("a[data-law], abbr.lk-term");
    if (!trigger) return null;
    if (trigger.hasAttribute("data-law") && !data[trigger.getAttribute("data-law")]) return null;
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

  function setup() {
    hide();
    nameSearch();
    readData();
    prepareTerms();
    addCopyLinks();
    showDeveloper(developer());
    watchFolds();
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

  // Material's instant navigation swaps the page content: set up again on each page.
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
