/* The site's behaviour: the search box (Pagefind's index, read through its JavaScript API), a
   rule's details on demand, a language switch that keeps the rule being read, the release compare
   and the reference graph. No network access beyond the site's own files. */
(function () {
  "use strict";

  // A rule, section or part number as a reader types it: "810.8a", "702.19", "810.8", "723".
  var RULE_NUMBER = /^\s*(?:(?:rule|regla|r\.?)\s*)?(\d{3}(?:\.\d+[a-z]?)?|\d{3}\.?)\s*\.?\s*$/i;
  // How much each kind of page counts for a query: the rules come first.
  var KIND_WEIGHT = { rule: 4, glossary: 1.2, terms: 0.8, example: 0.5, wiki: 0.35, other: 0.6 };
  // A section page holds many rules, so a long page says little about relevance.
  var RANKING = { pageLength: 0.1, termFrequency: 1.0 };
  window.kbSearchRanking = RANKING;

  function el(name, attrs, text) {
    var node = document.createElement(name);
    if (attrs) for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // An address from the search index as a full URL: Pagefind gives a page's address from the
  // server's root (with the site's sub-path), an overridden one as written (relative to the site's
  // root), and a heading of an overridden one from "/" (without the sub-path).
  function place(u) {
    var root = siteRoot();
    if (u.charAt(0) === "/") {
      if (root.pathname !== "/" && u.indexOf(root.pathname) === 0) return new URL(u, location.origin).href;
      return new URL(u.slice(1), root).href;
    }
    return new URL(u, root).href;
  }

  function siteRoot() {
    var box = document.getElementById("kb-search") || document.querySelector("[data-root]");
    var root = box ? box.getAttribute("data-root") : null;
    return new URL(root || "./", location.href);
  }

  // -------------------------------------------------------------------------------------------
  // Search

  function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev = [], cur = [], prev2 = [];
    for (var j = 0; j <= b.length; j++) prev[j] = j;
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
        if (v < best) best = v;
      }
      if (best > limit) return limit + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  function setupSearch() {
    var box = document.getElementById("kb-search");
    if (!box) return;
    var d = box.dataset;
    var root = siteRoot();
    var bundle = new URL(d.bundle || "pagefind/", location.href);
    var pagefind = null;
    var words = null;
    var counter = 0;

    box.textContent = "";
    var form = el("form", { "class": "pagefind-ui__form kb-search__form", role: "search" });
    var input = el("input", {
      "class": "pagefind-ui__search-input kb-search__input", type: "search", autocomplete: "off",
      spellcheck: "false", placeholder: d.placeholder, "aria-label": d.placeholder,
      "aria-keyshortcuts": "/ Control+K", enterkeyhint: "go"
    });
    var clear = el("button", { "class": "pagefind-ui__search-clear kb-search__clear", type: "button" }, d.clear);
    var drawer = el("div", { "class": "pagefind-ui__drawer kb-search__drawer", "aria-live": "polite" });
    drawer.hidden = true;
    form.appendChild(input);
    form.appendChild(clear);
    box.appendChild(form);
    box.appendChild(drawer);

    function load() {
      if (!pagefind) {
        pagefind = import(new URL("pagefind.js", bundle).href).then(function (api) {
          return api.options({ ranking: RANKING, baseUrl: root.pathname, excerptLength: 22 }).then(function () {
            api.init();
            return api;
          });
        });
      }
      return pagefind;
    }

    function vocabulary() {
      if (!words) {
        words = fetch(new URL(d.words, root).href).then(function (r) { return r.ok ? r.json() : []; })
          .catch(function () { return []; });
      }
      return words;
    }

    function correct(query) {
      return vocabulary().then(function (list) {
        var changed = false;
        var fixed = query.split(/\s+/).map(function (word) {
          var w = fold(word);
          if (w.length < 4 || list.indexOf(w) >= 0) return word;
          var limit = w.length > 7 ? 2 : 1, best = null, bestDistance = limit + 1;
          for (var i = 0; i < list.length; i++) {
            var dist = editDistance(w, list[i], limit);
            if (dist < bestDistance) { best = list[i]; bestDistance = dist; if (dist === 1) break; }
          }
          if (best) { changed = true; return best; }
          return word;
        }).join(" ");
        return changed ? fixed : null;
      });
    }

    var terms = null;
    function termMap() {
      if (!terms) {
        terms = fetch(new URL(d.words.replace("kb-words", "kb-terms"), root).href)
          .then(function (r) { return r.ok ? r.json() : {}; }).catch(function () { return {}; });
      }
      return terms;
    }

    function kindOf(url) {
      var path = new URL(url, location.href).pathname.slice(root.pathname.length).replace(/^en\//, "");
      if (/^cr\//.test(path)) return "rule";
      if (/^glossary\//.test(path)) return "glossary";
      if (/^terms\//.test(path)) return "terms";
      if (/^examples\//.test(path)) return "example";
      if (/^wiki\//.test(path)) return "wiki";
      return "other";
    }

    function ruleShortcut(query) {
      var m = RULE_NUMBER.exec(query);
      if (!m) return Promise.resolve(null);
      var id = m[1].replace(/\.$/, "").toLowerCase();
      var url = new URL((d.langPrefix || "") + "r/" + id + "/", siteRoot()).href;
      return fetch(url, { method: "GET" }).then(function (r) {
        if (!r.ok) return null;
        return r.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var target = doc.querySelector('link[rel="canonical"]');
          var href = target ? new URL(target.getAttribute("href"), url).href : url;
          var heading = doc.querySelector("h1");
          var text = doc.querySelector("main p");
          return { id: id, url: href, title: heading ? heading.textContent : id, text: text ? text.textContent : "" };
        });
      }).catch(function () { return null; });
    }

    function excerptNode(html) {
      // Pagefind's excerpt is the page's own (escaped) text with <mark> around the matches.
      var p = el("p", { "class": "pagefind-ui__result-excerpt kb-search__excerpt" });
      p.innerHTML = html;
      return p;
    }

    function bestSubs(data) {
      var subs = (data.sub_results || []).filter(function (s) {
        return (s.locations || []).length && (s.url !== data.url || data.sub_results.length === 1);
      });
      subs = subs.map(function (s) {
        var weight = 0;
        (s.weighted_locations || []).forEach(function (w) { weight += w.weight; });
        if (!s.weighted_locations) weight = (s.locations || []).length;
        return { sub: s, weight: weight };
      });
      subs.sort(function (a, b) { return b.weight - a.weight; });
      // A rule whose whole text is the query (a keyword's rule: "Deathtouch") leads its group.
      var q = fold(data.query || "");
      subs.sort(function (a, b) {
        var x = fold((a.sub.excerpt || "").replace(/<[^>]+>/g, "")).replace(/[.\s]+$/, "") === q;
        var y = fold((b.sub.excerpt || "").replace(/<[^>]+>/g, "")).replace(/[.\s]+$/, "") === q;
        return (y ? 1 : 0) - (x ? 1 : 0);
      });
      return subs.slice(0, 3).map(function (x) { return x.sub; });
    }

    function render(query, shortcut, results, corrected) {
      drawer.textContent = "";
      drawer.setAttribute("data-query", query);
      var list = el("ol", { "class": "pagefind-ui__results kb-search__results" });
      var count = results.length + (shortcut ? 1 : 0);
      var message = el("p", { "class": "pagefind-ui__message kb-search__message" });
      var template = count === 0 ? d.zero : count === 1 ? d.one : d.many;
      message.textContent = template.replace("[COUNT]", String(count)).replace("[SEARCH_TERM]", corrected || query);
      drawer.appendChild(message);
      if (corrected) {
        message.textContent = d.corrected.replace("[SEARCH_TERM]", corrected) + " · " + message.textContent;
      }
      if (shortcut) {
        var li = el("li", { "class": "pagefind-ui__result kb-search__result kb-search__result--rule" });
        var a = el("a", { "class": "pagefind-ui__result-link kb-search__link", href: shortcut.url });
        a.textContent = shortcut.title;
        a.setAttribute("aria-label", d.gotoRule.replace("[RULE]", shortcut.id));
        li.appendChild(el("p", { "class": "pagefind-ui__result-title" })).appendChild(a);
        var text = el("p", { "class": "pagefind-ui__result-excerpt kb-search__excerpt" });
        text.textContent = shortcut.text.length > 220 ? shortcut.text.slice(0, 217) + "…" : shortcut.text;
        li.appendChild(text);
        list.appendChild(li);
      }
      results.forEach(function (data) {
        if (shortcut && data.firstUrl === shortcut.url) return;
        var li = el("li", { "class": "pagefind-ui__result kb-search__result" });
        var title = el("p", { "class": "pagefind-ui__result-title" });
        // A rule's entry (its short address) leads to the rule on its section's page: the best
        // matching rule or subrule of it first, the others beneath.
        var own = data.meta && data.meta.url;
        var subs = bestSubs(data);
        var first = subs.length ? subs[0] : null;
        // Pagefind gives a rule's own address as written (relative to the site's root) and its
        // headings' addresses from the server's root.
        var resolve = place;
        var link = el("a", { "class": "pagefind-ui__result-link kb-search__link", href: resolve(first ? first.url : (own || data.url)) });
        var section = (data.meta.title || "").split(" · ")[1];
        link.textContent = first && own ? first.title + (section ? " · " + section : "") : (data.meta.title || data.url);
        title.appendChild(link);
        li.appendChild(title);
        li.appendChild(excerptNode(first ? first.excerpt : data.excerpt));
        var rest = subs.slice(1);
        if (rest.length) {
          var nested = el("ul", { "class": "kb-search__subs" });
          rest.forEach(function (s) {
            var item = el("li", { "class": "pagefind-ui__result-nested" });
            var sa = el("a", { "class": "pagefind-ui__result-link kb-search__sublink", href: resolve(s.url) }, s.title);
            item.appendChild(sa);
            item.appendChild(excerptNode(s.excerpt));
            nested.appendChild(item);
          });
          li.appendChild(nested);
        }
        list.appendChild(li);
      });
      drawer.appendChild(list);
      drawer.hidden = false;
    }

    function scored(api, query) {
      var words = fold(query).split(/\s+/).filter(function (w) { return w.length > 2; });
      return api.search(query).then(function (search) {
        var top = (search && search.results || []).slice(0, 24);
        return Promise.all(top.map(function (r) { return r.data(); })).then(function (datas) {
          datas.forEach(function (data, i) {
            data.query = query;
            data.kind = kindOf(data.meta && data.meta.url ? new URL(data.meta.url, siteRoot()).href : data.url);
            data.rank = top[i].score * (KIND_WEIGHT[data.kind] || 1);
            // A section or part whose own title is the query comes first ("Two-Headed Giant").
            var name = fold(data.meta.title || "");
            if (data.kind === "rule" && /^\d+\. /.test(name) && words.length &&
                words.every(function (w) { return name.indexOf(w) >= 0; })) data.rank *= 3;
            var subs = bestSubs(data), u = subs.length ? subs[0].url : (data.meta.url || data.url);
            data.firstUrl = place(u);
          });
          return datas;
        });
      });
    }

    function runSearch(query, mine) {
      return Promise.all([load(), termMap()]).then(function (got) {
        var api = got[0], map = got[1];
        // A term of the other language is searched with this language's term too ("APNAP", "JAJNA").
        var twin = map[fold(query)];
        var searches = [scored(api, query), ruleShortcut(query)];
        if (twin) searches.push(scored(api, twin));
        return Promise.all(searches).then(function (found) {
          if (mine !== counter) return null;
          var datas = found[0].concat(found[2] || []);
          var seen = {};
          datas.sort(function (a, b) { return b.rank - a.rank; });
          datas = datas.filter(function (data) {
            if (seen[data.url]) return false;
            seen[data.url] = true;
            return true;
          });
          return { shortcut: found[1], results: datas.slice(0, 10) };
        });
      });
    }

    // The results of a query, or of its correction when a word of it is in no rule and a word
    // that is lies one or two letters away ("priorty" -> "priority").
    function resolve(query, mine) {
      return correct(query).then(function (fixed) {
        if (!fixed) return runSearch(query, mine).then(function (out) { return out && { out: out, fixed: null }; });
        return runSearch(fixed, mine).then(function (out) {
          if (!out) return null;
          if (out.results.length || out.shortcut) return { out: out, fixed: fixed };
          return runSearch(query, mine).then(function (plain) { return plain && { out: plain, fixed: null }; });
        });
      });
    }

    function search() {
      var query = input.value.trim();
      var mine = ++counter;
      if (!query) {
        drawer.hidden = true;
        drawer.textContent = "";
        return;
      }
      resolve(query, mine).then(function (found) {
        if (!found || mine !== counter) return;
        render(query, found.out.shortcut, found.out.results, found.fixed);
      });
    }

    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(search, 120);
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
      // Enter goes to the first result, waiting for it if the search is still running.
      clearTimeout(timer);
      var mine = ++counter;
      resolve(query, mine).then(function (found) {
        if (!found) return;
        render(query, found.out.shortcut, found.out.results, found.fixed);
        var first = drawer.querySelector("a.kb-search__link");
        if (first) location.href = first.href;
      });
    });
    document.addEventListener("keydown", function (event) {
      var typing = /^(INPUT|TEXTAREA|SELECT)$/.test((event.target && event.target.tagName) || "") ||
        (event.target && event.target.isContentEditable);
      if ((event.key === "/" && !typing) || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k")) {
        event.preventDefault();
        input.focus();
        input.select();
      } else if (event.key === "Escape" && document.activeElement === input) {
        drawer.hidden = true;
        input.blur();
      }
    });
    document.addEventListener("click", function (event) {
      if (!box.contains(event.target)) drawer.hidden = true;
    });
    input.addEventListener("focus", function () { if (drawer.childNodes.length) drawer.hidden = false; });
  }

  // -------------------------------------------------------------------------------------------
  // A rule's details, read on demand from the section's details file

  function setupDetails() {
    var section = document.querySelector(".kb-section[data-details]");
    if (!section) return;
    var details = null;
    function load() {
      if (!details) {
        details = fetch(new URL(section.dataset.details, location.href).href)
          .then(function (r) { return r.ok ? r.json() : {}; })
          .catch(function () { return {}; });
      }
      return details;
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
      var panel = el("div", { "class": "kb-more" });
      panel.setAttribute("aria-label", section.dataset.more.replace("{id}", id));
      panel.setAttribute("role", "region");
      panel.textContent = section.dataset.loading;
      rule.appendChild(panel);
      load().then(function (all) {
        // The details are the site's own HTML, escaped when the site was built.
        panel.innerHTML = all[id] || "";
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
      Promise.all([get("texts.json"), get(oldName + ".json"), get(newName + ".json")]).then(function (all) {
        var texts = all[0], a = byDescent(all[1]), b = byDescent(all[2]);
        var rows = [];
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
        view.textContent = "";
        if (swapped) note(root.dataset.swapped);
        if (oldName === newName) note(root.dataset.same);
        var counts = { added: 0, removed: 0, changed: 0, moved: 0 };
        var list = el("div", { "class": "kb-compare__list" });
        rows.forEach(function (row) {
          var status = row.status;
          counts[status]++;
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
          list.appendChild(entry);
        });
        view.appendChild(el("p", { "class": "kb-diff__summary", lang: lang },
          ["added", "removed", "changed", "moved"].map(function (s) { return named("label", s) + ": " + counts[s]; }).join(" \u00b7 ")));
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
    var dataEl = document.getElementById("kb-graph-data");
    if (!root || !dataEl) return;
    var nodes = JSON.parse(dataEl.textContent);
    var view = root.querySelector(".kb-graph__view");
    var input = root.querySelector("input[name=rule]");
    var list = document.createElement("datalist");
    list.id = "kb-graph-ids";
    Object.keys(nodes).forEach(function (id) {
      var option = document.createElement("option");
      option.value = id;
      list.appendChild(option);
    });
    root.appendChild(list);

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
      var svg = svgEl("svg", { viewBox: "0 0 " + width + " " + height, width: "100%", role: "img", "class": "kb-graph__svg" });
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
    show(current);
  }

  function start() {
    setupSearch();
    setupDetails();
    setupLanguageSwitch();
    setupCompare();
    setupGraph();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
