/* The site's behaviour: the search box (ranked by assets/rank.js over the site's own index, the
   query's words stepped through on the rule page it opens), a rule's details on demand, a language switch that keeps the rule
   being read, the release compare and the reference graph. No network access beyond the site's own
   files. */
(function () {
  "use strict";

  // Pagefind's ranking for whoever reads its index directly: a section page holds many rules, so a
  // long page says little about relevance. The search box ranks with its own index (assets/rank.js).
  var RANKING = { pageLength: 0.1, termFrequency: 1.0 };
  var PAGE_SIZE = 10;
  window.kbSearchRanking = RANKING;

  function el(name, attrs, text) {
    var node = document.createElement(name);
    if (attrs) for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function siteRoot() {
    var box = document.getElementById("kb-search") || document.querySelector("[data-root]");
    var root = box ? box.getAttribute("data-root") : null;
    return new URL(root || "./", location.href);
  }

  function fetchJson(url, fallback) {
    return fetch(url).then(function (r) { return r.ok ? r.json() : fallback; }).catch(function () { return fallback; });
  }

  // -------------------------------------------------------------------------------------------
  // Search

  // The ranking script (assets/rank.js), loaded on the box's first use.
  function loadScript(src) {
    if (window.KbRank) return Promise.resolve(window.KbRank);
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () { resolve(window.KbRank); };
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }

  // What the box remembers of the query a result was opened from, for the rule page to step
  // through the query's words in that section.
  var HITS_KEY = "kb-search-hits";

  function setupSearch() {
    var box = document.getElementById("kb-search");
    if (!box) return;
    var d = box.dataset;
    var root = siteRoot();
    var lang = document.documentElement.getAttribute("lang") || "es";
    var prefix = d.langPrefix || "";
    var ranker = null;
    var counter = 0;
    var current = null;  // the search shown: {query, promise}

    box.textContent = "";
    var form = el("form", { "class": "pagefind-ui__form kb-search__form" });
    var input = el("input", {
      "class": "pagefind-ui__search-input kb-search__input", type: "search", autocomplete: "off",
      spellcheck: "false", placeholder: d.placeholder, "aria-label": d.placeholder,
      "aria-keyshortcuts": "/ Control+K", enterkeyhint: "go", "aria-describedby": "kb-search-help",
      "aria-controls": "kb-search-drawer"
    });
    var clear = el("button", { "class": "pagefind-ui__search-clear kb-search__clear", type: "button" }, d.clear);
    var help = el("span", { id: "kb-search-help", "class": "kb-search__help" }, d.help);
    var drawer = el("div", { "class": "pagefind-ui__drawer kb-search__drawer", id: "kb-search-drawer" });
    var status = el("p", { "class": "pagefind-ui__message kb-search__message", role: "status" });
    var list = el("ol", { "class": "pagefind-ui__results kb-search__results" });
    drawer.hidden = true;
    form.appendChild(input);
    form.appendChild(clear);
    form.appendChild(help);
    box.appendChild(form);
    drawer.appendChild(status);
    drawer.appendChild(list);
    box.appendChild(drawer);

    // The index of the page's language: its core on first use, its shards as words need them.
    function load() {
      if (!ranker) {
        var folder = new URL(d.rank || "kb-rank/" + lang + "/", root);
        ranker = loadScript(new URL("assets/rank.js", root).href).then(function (api) {
          return fetchJson(new URL("core.json", folder).href, null).then(function (core) {
            if (!core) throw new Error("the search index is missing");
            return new api.Ranker(core, function (name) {
              return fetchJson(new URL(name, folder).href, null);
            });
          });
        });
      }
      return ranker;
    }

    function sectionTitle(index, id) {
      var doc = index.byId[id];
      return doc ? doc.title : "";
    }

    // Where a result opens, and its name: "702.19 Arrollar · Habilidades de palabra clave",
    // "101.4 · Reglas de oro de Magic", "702. Habilidades de palabra clave", "Glosario: Arrollar".
    function describe(index, doc) {
      var url, title, kind = "rule";
      if (doc.kind === "g") {
        url = prefix + "glossary/#" + doc.id.slice(2);
        title = d.glossaryEntry + ": " + doc.title;
        kind = "glossary";
      } else if (doc.kind === "p") {
        url = prefix + "cr/#part-" + doc.id;
        title = doc.id + ". " + doc.title;
      } else if (doc.kind === "s") {
        url = prefix + "cr/" + doc.id + "/";
        title = doc.id + ". " + doc.title;
      } else {
        var section = doc.id.split(".")[0];
        url = prefix + "cr/" + section + "/#" + doc.id;
        var name = sectionTitle(index, section);
        // A subrule is named by the rule it belongs to: "702.18a · Shroud · Keyword Abilities".
        var parent = !doc.title && /[a-z]$/.test(doc.id) ? index.byId[doc.id.slice(0, -1)] : null;
        title = doc.id + (doc.title ? " " + doc.title : "") + (parent && parent.title ? " · " + parent.title : "") +
          (name ? " · " + name : "");
      }
      return { url: new URL(url, root).href, title: title, kind: kind, id: doc.id, doc: doc };
    }

    function search() {
      var query = input.value.trim();
      var mine = ++counter;
      if (!query) {
        current = null;
        drawer.hidden = true;
        list.textContent = "";
        status.textContent = "";
        return null;
      }
      var promise = load().then(function (index) {
        return index.search(input.value).then(function (found) {
          if (mine !== counter) return null;
          found.index = index;
          found.entries = found.results.map(function (r) { return describe(index, r.doc); });
          found.shown = Math.min(PAGE_SIZE, found.entries.length);
          render(found);
          return found;
        });
      }).catch(function () { return null; });
      current = { query: query, promise: promise };
      return promise;
    }

    function quote(word) {
      return lang === "es" ? "«" + word + "»" : "“" + word + "”";
    }

    // The sentence of a result that holds the query's words, the words marked (as text: nothing
    // of the corpus is read as markup).
    function fillExcerpt(found, entry, p) {
      if (entry.doc.kind === "s" || entry.doc.kind === "p" || (entry.doc.title && entry.doc.kind === "r")) return;
      found.index.text(entry.doc).then(function (text) {
        p.textContent = "";
        found.index.excerpt(text, found.terms).forEach(function (piece) {
          p.appendChild(piece[1] ? el("mark", null, piece[0]) : document.createTextNode(piece[0]));
        });
      });
    }

    function item(found, entry) {
      var li = el("li", { "class": "pagefind-ui__result kb-search__result kb-search__result--" + entry.kind });
      var title = el("p", { "class": "pagefind-ui__result-title" });
      var a = el("a", { "class": "pagefind-ui__result-link kb-search__link", href: entry.url }, entry.title);
      if (entry.kind === "rule") a.setAttribute("aria-label", d.gotoRule.replace("[RULE]", entry.id) + ": " + entry.title);
      a.addEventListener("click", function () { remember(found, entry); });
      title.appendChild(a);
      li.appendChild(title);
      var p = el("p", { "class": "pagefind-ui__result-excerpt kb-search__excerpt" });
      li.appendChild(p);
      fillExcerpt(found, entry, p);
      return li;
    }

    // The query's words, kept for the rule page the result opens.
    function remember(found, entry) {
      var stems = [], words = [];
      found.terms.forEach(function (t) {
        // The rules' own words for an everyday word too: the page marks "destroy" for "kill".
        if (t.stems) stems.push.apply(stems, t.stems.concat(t.alt || []));
        words.push(t.corrected || t.matched || t.word);
      });
      try {
        sessionStorage.setItem(HITS_KEY, JSON.stringify({
          page: new URL(entry.url).pathname, query: found.query.trim(), stems: stems, words: words
        }));
      } catch (err) { /* private browsing: no stepping through hits */ }
    }

    function render(found) {
      list.textContent = "";
      var query = found.query.trim();
      drawer.setAttribute("data-query", query);
      var total = found.entries.length;
      var message;
      drawer.removeAttribute("data-no-rule");
      drawer.removeAttribute("data-unknown");
      if (found.number && !found.known) {
        message = d.noRule.replace("[RULE]", found.number).replace("[RELEASE]", found.index.core.release);
        drawer.setAttribute("data-no-rule", found.number);
      } else {
        var template = total === 0 ? d.zero : total === 1 ? d.one : found.shown < total ? d.shown : d.many;
        var fixed = query;
        (found.corrected || []).forEach(function (pair) { fixed = fixed.replace(new RegExp(pair[0], "i"), pair[1]); });
        message = template.replace("[COUNT]", String(total)).replace("[SHOWN]", String(found.shown)).replace("[SEARCH_TERM]", fixed);
        if (found.corrected && found.corrected.length) message = d.corrected.replace("[SEARCH_TERM]", fixed) + " · " + message;
        if (found.unknown.length) {
          drawer.setAttribute("data-unknown", found.unknown.join(" "));
          message = d.unknown.replace("[WORDS]", found.unknown.map(quote).join(", ")) +
            (total ? " · " + d.nearest + " " + message : "");
        }
      }
      status.textContent = message;
      found.entries.slice(0, found.shown).forEach(function (entry) { list.appendChild(item(found, entry)); });
      if (found.shown < total) {
        var li = el("li", { "class": "kb-search__more-item" });
        var button = el("button", { type: "button", "class": "md-button kb-search__more" }, d.more);
        button.addEventListener("click", function () {
          var before = found.shown;
          found.shown = Math.min(total, found.shown + PAGE_SIZE);
          render(found);
          var next = list.querySelectorAll("a.kb-search__link")[before];
          if (next) next.focus();
        });
        li.appendChild(button);
        list.appendChild(li);
      }
      drawer.hidden = false;
    }

    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      // The index answers in milliseconds once loaded: only the typing is waited for.
      timer = setTimeout(search, 40);
    });
    input.addEventListener("focus", function () { load(); });
    clear.addEventListener("click", function () {
      input.value = "";
      search();
      input.focus();
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var query = input.value.trim();
      if (!query) return;
      // Enter takes the first result, waiting for it if the search is still running; a number that
      // is no rule, a query with a word no rule uses, or one that finds nothing leaves the page.
      clearTimeout(timer);
      var pending = current && current.query === query ? current.promise : search();
      pending.then(function (found) {
        if (!found || input.value.trim() !== query || found.unknown.length || !found.entries.length) return;
        remember(found, found.entries[0]);
        location.href = found.entries[0].url;
      });
    });

    // The keyboard alone: arrows move from the box through the results and back, Escape closes.
    function focusables() {
      return Array.prototype.slice.call(drawer.querySelectorAll("a.kb-search__link, a.kb-search__sublink, button.kb-search__more"));
    }
    box.addEventListener("keydown", function (event) {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      if (drawer.hidden) return;
      var items = focusables();
      if (!items.length) return;
      var at = items.indexOf(document.activeElement);
      var next = event.key === "ArrowDown" ? at + 1 : at - 1;
      event.preventDefault();
      if (next < 0) input.focus();
      else items[Math.min(next, items.length - 1)].focus();
    });
    document.addEventListener("keydown", function (event) {
      var typing = /^(INPUT|TEXTAREA|SELECT)$/.test((event.target && event.target.tagName) || "") ||
        (event.target && event.target.isContentEditable);
      if ((event.key === "/" && !typing) || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k")) {
        event.preventDefault();
        input.focus();
        input.select();
      } else if (event.key === "Escape" && box.contains(document.activeElement)) {
        drawer.hidden = true;
        input.focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (!box.contains(event.target)) drawer.hidden = true;
    });
    input.addEventListener("focus", function () {
      if (list.childNodes.length || status.textContent) drawer.hidden = false;
    });
  }

  // -------------------------------------------------------------------------------------------
  // The query's words in the section a result opened: marked, and stepped through (next / previous)

  function setupHits() {
    var box = document.getElementById("kb-search");
    var rules = document.querySelector(".kb-rules");
    if (!box || !rules) return;
    var saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(HITS_KEY) || "null"); } catch (err) { saved = null; }
    if (!saved || saved.page !== location.pathname || !saved.stems || !saved.stems.length) return;
    var d = box.dataset;
    var stems = saved.stems.filter(function (s) { return s.length >= 2; });
    var exact = {};
    (saved.words || []).forEach(function (w) { exact[w] = true; });
    function hit(word) {
      var w = word.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[\u2019']/g, "");
      if (exact[w]) return true;
      for (var i = 0; i < stems.length; i++) {
        if (w === stems[i] || (stems[i].length >= 3 && w.indexOf(stems[i]) === 0 && w.length - stems[i].length <= 4)) return true;
      }
      return false;
    }
    // Text nodes of the rules' own text only: not the permalink marks nor the details.
    var walker = document.createTreeWalker(rules, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        var parent = node.parentElement;
        if (!parent || parent.closest(".headerlink, .kb-more, .kb-rule__meta, script, style, button")) return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    var marks = [];
    nodes.forEach(function (node) {
      var text = node.nodeValue, pieces = [], last = 0;
      text.replace(/[\p{L}\p{N}\u2019']+/gu, function (word, at) {
        if (hit(word)) {
          pieces.push(document.createTextNode(text.slice(last, at)));
          var mark = el("mark", { "class": "kb-hit" }, word);
          pieces.push(mark);
          marks.push(mark);
          last = at + word.length;
        }
        return word;
      });
      if (!pieces.length) return;
      pieces.push(document.createTextNode(text.slice(last)));
      var fragment = document.createDocumentFragment();
      pieces.forEach(function (p) { fragment.appendChild(p); });
      node.parentNode.replaceChild(fragment, node);
    });
    if (!marks.length) return;
    var bar = el("div", { "class": "kb-hits", role: "region", "aria-label": d.hits.replace("[SEARCH_TERM]", saved.query) });
    var label = el("span", { "class": "kb-hits__label" }, d.hits.replace("[SEARCH_TERM]", saved.query));
    var where = el("span", { "class": "kb-hits__count", "aria-live": "polite" });
    var previous = el("button", { type: "button", "class": "md-button kb-hits__previous" }, d.hitPrevious);
    var next = el("button", { type: "button", "class": "md-button kb-hits__next" }, d.hitNext);
    var close = el("button", { type: "button", "class": "kb-hits__close", "aria-label": d.clear }, "×");
    [label, where, previous, next, close].forEach(function (node) { bar.appendChild(node); });
    rules.parentNode.insertBefore(bar, rules);
    // The first hit at or after the rule the page opened at.
    var at = -1;
    var target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) {
      for (var i = 0; i < marks.length; i++) {
        if (target.compareDocumentPosition(marks[i]) & Node.DOCUMENT_POSITION_FOLLOWING) { at = i - 1; break; }
      }
    }
    function go(step) {
      if (at >= 0) marks[at].classList.remove("kb-hit--current");
      at = (at + step + marks.length) % marks.length;
      marks[at].classList.add("kb-hit--current");
      marks[at].scrollIntoView({ block: "center" });
      where.textContent = (at + 1) + " / " + marks.length;
    }
    where.textContent = marks.length + "";
    next.addEventListener("click", function () { go(1); });
    previous.addEventListener("click", function () { go(-1); });
    close.addEventListener("click", function () {
      marks.forEach(function (m) { m.replaceWith(document.createTextNode(m.textContent)); });
      bar.remove();
      try { sessionStorage.removeItem(HITS_KEY); } catch (err) { /* nothing kept */ }
    });
  }

  // -------------------------------------------------------------------------------------------
  // A rule's details, read on demand from the section's details file

  function setupDetails() {
    var section = document.querySelector(".kb-section[data-details]");
    if (!section) return;
    // The details of a rule, a file each (kb.site.generate.details_file).
    var details = {};
    function load(id) {
      if (!details[id]) details[id] = fetchJson(new URL(section.dataset.details + encodeURIComponent(id) + ".json", location.href).href, {});
      return details[id];
    }
    function show(id, toggle) {
      var heading = document.getElementById(id);
      if (!heading || !heading.parentElement.parentElement || !heading.parentElement.parentElement.classList.contains("kb-rules")) return;
      var rule = heading.parentElement;
      var open = rule.querySelector(":scope > .kb-more");
      if (open) {
        if (toggle) open.remove();
        return;
      }
      // A rule reached by its address on a phone shows the rule first: its details stay folded
      // under one line; on a wider screen, or when its number is pressed, they open.
      var panel = el("details", { "class": "kb-more" });
      panel.appendChild(el("summary", null, section.dataset.more.replace("{id}", id)));
      var body = el("div", { "class": "kb-more__body" }, section.dataset.loading);
      panel.appendChild(body);
      panel.open = toggle || !window.matchMedia("(max-width: 44.9375em)").matches;
      // The label most of the section's Spanish shares is said once at the top of the page; the
      // rule reached by its address says it too, where the reader is.
      if (section.dataset.label && !rule.querySelector(":scope > .kb-trust")) {
        var label = el("p", { "class": "kb-trust kb-trust--project kb-trust--section" }, section.dataset.label);
        rule.insertBefore(label, heading.nextSibling);
      }
      rule.appendChild(panel);
      load(id).then(function (all) {
        // The details are the site's own HTML, escaped when the site was built.
        body.innerHTML = all[id] || "";
      });
    }
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest(".kb-rules > section > :is(h2, h3) > a") : null;
      if (!link) return;
      var id = decodeURIComponent(link.getAttribute("href").slice(1));
      if (location.hash === "#" + id || decodeURIComponent(location.hash.slice(1)) === id) {
        event.preventDefault();
        show(id, true);
      }
      try {
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link.href).catch(function () {});
      } catch (err) { /* copying is a convenience */ }
    });
    function fromHash() {
      var id = decodeURIComponent(location.hash.slice(1));
      if (id) show(id, false);
    }
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }

  // -------------------------------------------------------------------------------------------
  // The language switch keeps the place: the rule (or glossary entry, or line) at the top of the
  // window, not only the address's anchor.

  function currentPlace() {
    var marks = document.querySelectorAll(".kb-rules > section > [id], .kb-glossary__list > dt[id], .kb-diff__entry[id]");
    var header = document.querySelector(".md-header");
    var top = header ? header.getBoundingClientRect().bottom + 4 : 60;
    var best = null;
    for (var i = 0; i < marks.length; i++) {
      var rect = marks[i].getBoundingClientRect();
      if (rect.top <= top + 8) best = marks[i];
      else {
        if (!best) best = marks[i];
        break;
      }
    }
    var hashed = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (hashed) {
      // The rule in the address, while it is still in view, is the one being read.
      var where = hashed.getBoundingClientRect().top;
      if (where >= -8 && where < window.innerHeight / 2) return hashed.id;
    }
    if (!best) return "";
    return best.id;
  }

  function setupLanguageSwitch() {
    function carry(event) {
      var link = event.target.closest ? event.target.closest("a.md-select__link[hreflang], a.kb-other[hreflang]") : null;
      if (!link) return;
      var inPanel = link.closest(".kb-rules > section");
      var place = inPanel ? inPanel.querySelector(":scope > [id]").id : currentPlace();
      if (!place) return;
      var href = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", href + "#" + encodeURIComponent(place).replace(/%2E/g, "."));
    }
    document.addEventListener("click", carry, true);
    document.addEventListener("auxclick", carry, true);
    document.addEventListener("keydown", function (event) { if (event.key === "Enter") carry(event); }, true);
  }

  // -------------------------------------------------------------------------------------------
  // Compare any two releases, from the per-release text tables

  function setupCompare() {
    var root = document.getElementById("kb-compare");
    if (!root) return;
    var form = root.querySelector("form");
    var view = root.querySelector(".kb-compare__view");
    var lang = root.getAttribute("lang");
    var base = new URL(root.dataset.data, location.href);
    var cache = {};
    function get(name) {
      if (!cache[name]) cache[name] = fetch(new URL(name, base).href).then(function (r) { return r.json(); });
      return cache[name];
    }
    // Words (with the spaces between them) that changed, common ends set aside first: a long rule
    // with one word added costs as little as a short one.
    function wordsDiff(a, b) {
      var x = a.split(/(\s+)/), y = b.split(/(\s+)/);
      var head = 0;
      while (head < x.length && head < y.length && x[head] === y[head]) head++;
      var tail = 0;
      while (tail < x.length - head && tail < y.length - head &&
             x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
      var out = [];
      if (head) out.push(["", x.slice(0, head).join("")]);
      var xs = x.slice(head, x.length - tail), ys = y.slice(head, y.length - tail);
      var n = xs.length, m = ys.length;
      if (n * m > 4000000) {
        if (n) out.push(["del", xs.join("")]);
        if (m) out.push(["ins", ys.join("")]);
      } else {
        var table = [];
        for (var i = 0; i <= n; i++) { table.push(new Uint16Array(m + 1)); }
        for (i = n - 1; i >= 0; i--) for (var j = m - 1; j >= 0; j--)
          table[i][j] = xs[i] === ys[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
        i = 0; j = 0;
        while (i < n && j < m) {
          if (xs[i] === ys[j]) { out.push(["", xs[i]]); i++; j++; }
          else if (table[i + 1][j] >= table[i][j + 1]) out.push(["del", xs[i++]]);
          else out.push(["ins", ys[j++]]);
        }
        while (i < n) out.push(["del", xs[i++]]);
        while (j < m) out.push(["ins", ys[j++]]);
      }
      if (tail) out.push(["", x.slice(x.length - tail).join("")]);
      return out;
    }
    // The rules of a release by line of descent: the same key in two releases is the same rule,
    // whatever its number in each.
    function byDescent(table) {
      var found = {};
      Object.keys(table).forEach(function (id) {
        found[table[id][1]] = { id: id, text: table[id][0] };
      });
      return found;
    }
    // The page's word for a status: `named("label", "moved")` reads data-label-moved.
    function named(kind, status) { return root.dataset[kind + status[0].toUpperCase() + status.slice(1)]; }
    function note(text) { view.appendChild(el("p", { "class": "kb-compare__note", lang: lang }, text)); }
    function show(oldName, newName, swapped) {
      view.textContent = root.dataset.loading;
      var rows = [], chunk = Number(root.dataset.textChunk) || 50, loaded = {};
      // The texts of the rows shown, read from the files that hold them (kb.site.extras.TEXT_CHUNK).
      function texts(numbers) {
        var files = {};
        numbers.forEach(function (n) { files[Math.floor(n / chunk)] = true; });
        return Promise.all(Object.keys(files).map(function (f) {
          return get("texts/" + f + ".json").then(function (list) {
            list.forEach(function (text, i) { loaded[Number(f) * chunk + i] = text; });
          });
        })).then(function () { return loaded; });
      }
      Promise.all([get(oldName + ".json"), get(newName + ".json")]).then(function (all) {
        var a = byDescent(all[0]), b = byDescent(all[1]);
        Object.keys(a).forEach(function (key) {
          var before = a[key], after = b[key];
          if (!after) rows.push({ status: "removed", before: before, sort: before.id });
          else if (before.id !== after.id) rows.push({ status: "moved", before: before, after: after, sort: after.id });
          else if (before.text !== after.text) rows.push({ status: "changed", before: before, after: after, sort: after.id });
        });
        Object.keys(b).forEach(function (key) {
          if (!a[key]) rows.push({ status: "added", after: b[key], sort: b[key].id });
        });
        rows.sort(function (p, q) { return p.sort.localeCompare(q.sort, "en", { numeric: true }) || (p.status < q.status ? -1 : 1); });
        var numbers = [];
        rows.forEach(function (row) {
          if (row.before) numbers.push(row.before.text);
          if (row.after) numbers.push(row.after.text);
        });
        return texts(numbers);
      }).then(function (texts) {
        view.textContent = "";
        if (swapped) note(root.dataset.swapped);
        if (oldName === newName) note(root.dataset.same);
        var statuses = ["added", "removed", "changed", "moved"];
        var counts = { added: 0, removed: 0, changed: 0, moved: 0 };
        function entryOf(row) {
          var status = row.status;
          var entry = el("div", { "class": "kb-diff__entry kb-diff__entry--" + status });
          var ids = el("p", { "class": "kb-diff__ids" },
            status === "moved" ? row.before.id + " \u2192 " + row.after.id : (row.after || row.before).id);
          ids.appendChild(document.createTextNode(" \u00b7 "));
          ids.appendChild(el("span", { lang: lang }, named("event", status)));
          entry.appendChild(ids);
          var p = el("p", { "class": "kb-diff__text" });
          if (row.before && row.after && row.before.text !== row.after.text) {
            wordsDiff(texts[row.before.text], texts[row.after.text]).forEach(function (part) {
              p.appendChild(part[0] ? el(part[0], {}, part[1]) : document.createTextNode(part[1]));
            });
          } else {
            p.textContent = texts[(row.after || row.before).text];
          }
          entry.appendChild(p);
          return entry;
        }
        // By section, the counts first: a long comparison (years apart) is one folded line per
        // section, each drawn when it is opened; a short one is shown whole.
        var sections = [], bySection = {};
        rows.forEach(function (row) {
          counts[row.status]++;
          var section = row.sort.split(".")[0];
          if (!bySection[section]) { bySection[section] = []; sections.push(section); }
          bySection[section].push(row);
        });
        view.appendChild(el("p", { "class": "kb-diff__summary", lang: lang },
          statuses.map(function (s) { return named("label", s) + ": " + counts[s]; }).join(" \u00b7 ")));
        var list = el("div", { "class": "kb-compare__list" });
        var whole = rows.length <= 80;
        sections.forEach(function (section) {
          var mine = bySection[section];
          var fold = el("details", { "class": "kb-compare__section" });
          var tally = {};
          mine.forEach(function (row) { tally[row.status] = (tally[row.status] || 0) + 1; });
          fold.appendChild(el("summary", { lang: lang }, (root.dataset.section || "{id}").replace("{id}", section) + " \u00b7 " +
            statuses.filter(function (s) { return tally[s]; }).map(function (s) { return named("label", s) + ": " + tally[s]; }).join(", ")));
          function draw() {
            if (fold.dataset.drawn) return;
            fold.dataset.drawn = "1";
            mine.forEach(function (row) { fold.appendChild(entryOf(row)); });
          }
          fold.addEventListener("toggle", function () { if (fold.open) draw(); });
          if (whole) { fold.open = true; draw(); }
          list.appendChild(fold);
        });
        view.appendChild(list);
      }).catch(function () { view.textContent = root.dataset.error; });
    }
    // Two releases in the order they were published, whichever way they were picked.
    function compare(oldName, newName) {
      var swapped = oldName > newName;
      if (swapped) { var first = newName; newName = oldName; oldName = first; }
      form.elements.old.value = oldName;
      form.elements["new"].value = newName;
      history.replaceState(null, "", "?old=" + oldName + "&new=" + newName);
      show(oldName, newName, swapped);
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      compare(form.elements.old.value, form.elements["new"].value);
    });
    var params = new URLSearchParams(location.search);
    var known = function (name) { return !!form.querySelector('select[name=old] option[value="' + CSS.escape(name) + '"]'); };
    if (params.get("old") && params.get("new")) {
      if (known(params.get("old")) && known(params.get("new"))) compare(params.get("old"), params.get("new"));
      else view.textContent = root.dataset.error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // The reference graph

  var SVG = "http://www.w3.org/2000/svg";

  function svgEl(name, attrs, text) {
    var node = document.createElementNS(SVG, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function setupGraph() {
    var root = document.getElementById("kb-graph");
    if (!root || !root.dataset.nodes) return;
    var folder = new URL(root.dataset.nodes, location.href);
    // The nodes of each section drawn, read as needed (kb.site.generate.graph_file).
    var nodes = {}, files = {};
    function section(id) {
      var name = id.split(".")[0];
      if (!files[name]) {
        files[name] = fetchJson(new URL(name + ".json", folder).href, {}).then(function (part) {
          Object.keys(part).forEach(function (key) { nodes[key] = part[key]; });
        });
      }
      return files[name];
    }
    var view = root.querySelector(".kb-graph__view");
    var input = root.querySelector("input[name=rule]");
    var list = document.createElement("datalist");
    list.id = "kb-graph-ids";
    root.appendChild(list);
    var listed = false;
    // Every rule's number, offered as the reader types one.
    function offer() {
      if (listed) return;
      listed = true;
      fetchJson(new URL("ids.json", folder).href, []).then(function (ids) {
        ids.forEach(function (id) { list.appendChild(el("option", { value: id })); });
      });
    }
    if (input) {
      input.addEventListener("focus", offer);
      input.addEventListener("input", offer);
    }

    function column(ids, x, label, height, rowHeight) {
      var group = svgEl("g", {});
      group.appendChild(svgEl("text", { x: x, y: 16, "class": "kb-graph__heading", "text-anchor": "middle" }, label));
      ids.forEach(function (id, i) {
        var y = 40 + i * rowHeight;
        var node = nodes[id];
        var a = svgEl("a", { href: "?rule=" + encodeURIComponent(id), "class": "kb-graph__node" });
        a.appendChild(svgEl("title", {}, id + " — " + (node ? node.t : "")));
        a.appendChild(svgEl("rect", { x: x - 60, y: y, width: 120, height: rowHeight - 8, rx: 6 }));
        a.appendChild(svgEl("text", { x: x, y: y + (rowHeight - 8) / 2 + 5, "text-anchor": "middle" }, id));
        group.appendChild(a);
      });
      return group;
    }

    function show(id) {
      view.textContent = "";
      var node = nodes[id];
      if (!node) {
        if (id) view.appendChild(el("p", {}, root.dataset.labelUnknown));
        return;
      }
      var ins = node.i.filter(function (x) { return nodes[x]; });
      var outs = node.o.filter(function (x) { return nodes[x]; });
      var rowHeight = 34;
      var rows = Math.max(ins.length, outs.length, 1);
      var height = 50 + rows * rowHeight;
      var width = 720;
      var svg = svgEl("svg", { viewBox: "0 0 " + width + " " + height, width: "100%", role: "group", "aria-label": id, "class": "kb-graph__svg" });
      svg.appendChild(svgEl("title", {}, id));
      var cx = width / 2, cy = 40 + (rows * rowHeight) / 2 - rowHeight / 2;
      ins.forEach(function (x, i) {
        svg.appendChild(svgEl("line", { x1: 160, y1: 40 + i * rowHeight + 13, x2: cx - 70, y2: cy + 13, "class": "kb-graph__edge" }));
      });
      outs.forEach(function (x, i) {
        svg.appendChild(svgEl("line", { x1: cx + 70, y1: cy + 13, x2: width - 160, y2: 40 + i * rowHeight + 13, "class": "kb-graph__edge" }));
      });
      svg.appendChild(column(ins, 100, root.dataset.labelIn + " (" + ins.length + ")", height, rowHeight));
      svg.appendChild(column(outs, width - 100, root.dataset.labelOut + " (" + outs.length + ")", height, rowHeight));
      var centre = svgEl("a", { href: node.u, "class": "kb-graph__centre" });
      centre.appendChild(svgEl("rect", { x: cx - 70, y: cy, width: 140, height: 26, rx: 6 }));
      centre.appendChild(svgEl("text", { x: cx, y: cy + 18, "text-anchor": "middle" }, id));
      svg.appendChild(centre);
      view.appendChild(svg);
      var caption = el("p");
      var link = el("a", { href: node.u }, id);
      caption.appendChild(link);
      caption.appendChild(document.createTextNode(" — " + node.t));
      view.appendChild(caption);
    }

    var params = new URLSearchParams(location.search);
    var current = (params.get("rule") || "").trim();
    if (input) input.value = current;
    if (!current) return;
    section(current).then(function () {
      var node = nodes[current];
      var near = node ? node.i.concat(node.o) : [];
      return Promise.all(near.map(section));
    }).then(function () { show(current); });
  }

  // The colour scheme follows the reader's system: the theme's radio inputs that carry each scheme
  // are hidden from assistive technology, so they are kept out of the keyboard's way too.
  function setupPalette() {
    var hidden = document.querySelectorAll('input.md-option[aria-hidden="true"]');
    for (var i = 0; i < hidden.length; i++) hidden[i].setAttribute("tabindex", "-1");
  }

  function start() {
    setupPalette();
    setupSearch();
    setupHits();
    setupDetails();
    setupLanguageSwitch();
    setupCompare();
    setupGraph();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
