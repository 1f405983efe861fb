/* The site's behaviour: the search box (the query understood first, then Pagefind's index read
   through its JavaScript API), a rule's details on demand, a language switch that keeps the rule
   being read, the release compare and the reference graph. No network access beyond the site's own
   files. */
(function () {
  "use strict";

  // A rule, section or part number as a reader types it: "702.19c", "702.19C", "CR 702.19c",
  // "rule 702.19", "regla 702.19", "702,19c", "702.19.c", "702", "sección 702", "parte 7".
  var RULE_QUERY = new RegExp("^(?:(?:cr|comp\\.?\\s*rules?|rules?|reglas?|r|§|secci[oó]n|section|part[e]?)\\s*\\.?\\s*)?" +
    "(\\d{1,3})(?:\\s*[.,]\\s*(\\d{1,3})(?:\\s*[.,]?\\s*([a-z]))?)?\\s*\\.?$", "i");
  // Words a query may open with that say nothing of what is sought.
  var LEADING = /^(?:the|a|an|el|la|los|las|un|una|what is|que es|qué es|rule of|regla de)\s+/;
  // How much each kind of page counts for a query: the rules come first.
  var KIND_WEIGHT = { rule: 4, glossary: 1.2, terms: 0.8, example: 0.5, wiki: 0.35, other: 0.6 };
  // A section page holds many rules, so a long page says little about relevance.
  var RANKING = { pageLength: 0.1, termFrequency: 1.0 };
  var PAGE_SIZE = 10;
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

  function fetchJson(url, fallback) {
    return fetch(url).then(function (r) { return r.ok ? r.json() : fallback; }).catch(function () { return fallback; });
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

  // A phrase as the query index keeps it (kb.site.query.fold): folded, apostrophes dropped, words
  // of letters and digits (and "/") separated by single spaces.
  function phraseKey(text) {
    return fold(text).replace(/[\u2019']/g, "").replace(/[^\p{L}\p{N}_/]+/gu, " ").trim();
  }

  // What the query index understands of a query: a rule number (known or not), or a phrase of
  // either language that names a rule or a glossary entry.
  function understand(index, query) {
    var number = RULE_QUERY.exec(query.trim());
    if (number) {
      var id = number[1] + (number[2] ? "." + number[2] + (number[3] || "").toLowerCase() : "");
      return { kind: "number", id: id, known: !!index.where[id] };
    }
    var key = phraseKey(query);
    var keys = [key, key.replace(LEADING, "")];
    keys.slice().forEach(function (k) {
      if (/es$/.test(k)) keys.push(k.slice(0, -2));
      if (/s$/.test(k)) keys.push(k.slice(0, -1));
      else keys.push(k + "s");
    });
    for (var i = 0; i < keys.length; i++) {
      var found = keys[i] && index.terms[keys[i]];
      if (found && (!found[0] || index.where[found[0]])) return { kind: "term", id: found[0], anchor: found[1], phrase: query.trim() };
    }
    return null;
  }

  function setupSearch() {
    var box = document.getElementById("kb-search");
    if (!box) return;
    var d = box.dataset;
    var root = siteRoot();
    var bundle = new URL(d.bundle || "pagefind/", location.href);
    var lang = document.documentElement.getAttribute("lang") || "es";
    var otherLang = lang === "es" ? "en" : "es";
    var pagefind = null, index = null, vocabularies = {}, terms = null;
    var counter = 0;
    var current = null;  // the search shown: {query, mine, promise}

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

    // The query index of the page's language, with each id's page worked out once.
    function queryIndex() {
      if (!index) {
        index = fetchJson(new URL(d.query, root).href, null).then(function (data) {
          data = data || { pages: {}, sections: {}, labels: {}, terms: {}, release: "" };
          data.where = {};
          data.section = {};
          Object.keys(data.pages).forEach(function (pageUrl) {
            var ids = data.pages[pageUrl], head = ids[0].split("#")[0];
            ids.forEach(function (entry) {
              var parts = entry.split("#"), id = parts[0];
              var fragment = parts.length > 1 ? parts[1] : id;
              data.where[id] = new URL(pageUrl + (fragment ? "#" + fragment : ""), root).href;
              data.section[id] = head;
            });
          });
          return data;
        });
      }
      return index;
    }

    function vocabulary(which) {
      if (!vocabularies[which]) vocabularies[which] = fetchJson(new URL(d.words.replace("." + lang + ".", "." + which + "."), root).href, []);
      return vocabularies[which];
    }

    function termMap() {
      if (!terms) terms = fetchJson(new URL(d.words.replace("kb-words", "kb-terms"), root).href, {});
      return terms;
    }

    // A rule's name in a result: "702.19 Arrollar · Habilidades de palabra clave", "101.4 · Reglas
    // de oro de Magic", "702. Habilidades de palabra clave".
    function ruleTitle(data, id) {
      if (data.sections[id] !== undefined) return id + ". " + data.sections[id];
      var label = data.labels[id], section = data.sections[data.section[id]];
      return id + (label ? " " + label : "") + (section ? " · " + section : "");
    }

    // The text of a rule, from its short address (where a numbered rule keeps its subrules' text).
    function ruleText(id) {
      var tries = [id];
      if (/[a-z]$/.test(id)) tries.push(id.slice(0, -1));
      function attempt(i) {
        if (i >= tries.length) return Promise.resolve("");
        var url = new URL((d.langPrefix || "") + "r/" + tries[i] + "/", root).href;
        return fetch(url).then(function (r) { return r.ok ? r.text() : ""; }).then(function (html) {
          var doc = new DOMParser().parseFromString(html || "", "text/html");
          var heading = doc.getElementById(id);
          var text = heading && heading.nextElementSibling && heading.nextElementSibling.tagName === "P" ? heading.nextElementSibling.textContent : "";
          return text || attempt(i + 1);
        }).catch(function () { return attempt(i + 1); });
      }
      return attempt(0);
    }

    // The result an understood query leads to, and its glossary entry after it.
    function understood(data, meaning) {
      if (!meaning || (meaning.kind === "number" && !meaning.known)) return Promise.resolve([]);
      var out = [];
      var glossary = meaning.anchor ? {
        url: new URL((d.langPrefix || "") + "glossary/#" + meaning.anchor, root).href,
        title: d.glossaryEntry + ": " + (data.labels[meaning.id] || meaning.phrase), text: "", kind: "glossary"
      } : null;
      if (!meaning.id) return Promise.resolve(glossary ? [glossary] : []);
      var isSection = data.sections[meaning.id] !== undefined;
      return (isSection ? Promise.resolve("") : ruleText(meaning.id)).then(function (text) {
        out.push({ url: data.where[meaning.id], title: ruleTitle(data, meaning.id), text: text, kind: "rule", id: meaning.id });
        if (glossary) out.push(glossary);
        return out;
      });
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

    // Pagefind's results of one query: all of them (ids and scores), their data loaded as shown.
    function pagefindSearch(api, query) {
      return api.search(query).then(function (search) {
        return { query: query, results: (search && search.results) || [] };
      });
    }

    function loadData(found, data, start, end) {
      var words = fold(found.query).split(/\s+/).filter(function (w) { return w.length > 2; });
      var slice = found.results.slice(start, end);
      return Promise.all(slice.map(function (r) { return r.data(); })).then(function (datas) {
        return datas.map(function (info, i) {
          info.query = found.query;
          info.id = slice[i].id;
          info.kind = kindOf(info.meta && info.meta.url ? new URL(info.meta.url, root).href : info.url);
          info.rank = slice[i].score * (KIND_WEIGHT[info.kind] || 1);
          // A section or part whose own title is the query comes first ("Two-Headed Giant").
          var name = fold(info.meta.title || "");
          if (info.kind === "rule" && /^\d+\. /.test(name) && words.length &&
              words.every(function (w) { return name.indexOf(w) >= 0; })) info.rank *= 3;
          info.subs = bestSubs(info);
          info.firstUrl = place(info.subs.length ? info.subs[0].url : (info.meta.url || info.url));
          info.item = pagefindItem(data, info);
          return info;
        });
      });
    }

    function pagefindItem(data, info) {
      var first = info.subs[0];
      var title = info.meta.title || info.url;
      if (first) {
        var id = (first.title || "").trim();
        if (info.kind === "rule" && data.where[id]) title = ruleTitle(data, id);
        else if (first.title && first.title !== info.meta.title) title = first.title + " · " + info.meta.title;
      }
      return {
        url: info.firstUrl, title: title, excerpt: first ? first.excerpt : info.excerpt, kind: info.kind,
        subs: info.subs.slice(1).map(function (s) {
          var sid = (s.title || "").trim();
          return { url: place(s.url), title: info.kind === "rule" && data.where[sid] ? ruleTitle(data, sid) : s.title, excerpt: s.excerpt };
        })
      };
    }

    // Everything a query finds: what it is understood to name first, then the ranked results of the
    // query (and of its other-language twin) with their true count. `shown` says how many to load.
    function gather(query, mine) {
      return Promise.all([load(), queryIndex(), termMap()]).then(function (got) {
        var api = got[0], data = got[1], twins = got[2];
        var meaning = understand(data, query);
        if (meaning && meaning.kind === "number") {
          return understood(data, meaning).then(function (lead) {
            return { query: query, data: data, meaning: meaning, lead: lead, searches: [], ranked: [], total: lead.length };
          });
        }
        var queries = [query];
        var twin = twins[fold(query)];
        if (twin) queries.push(twin);
        return Promise.all([understood(data, meaning)].concat(queries.map(function (q) { return pagefindSearch(api, q); })))
          .then(function (all) {
            var lead = all[0], searches = all.slice(1);
            var ids = {};
            searches.forEach(function (s) { s.results.forEach(function (r) { ids[r.id] = true; }); });
            var result = { query: query, data: data, meaning: meaning, lead: lead, searches: searches, ranked: [], loaded: 0,
                           total: lead.length + Object.keys(ids).length, seen: {} };
            return more(result, mine);
          });
      });
    }

    // The next page of results: each search's next results loaded, merged by rank, the ones already
    // listed (or leading) left out, and the count told again without them.
    function more(result, mine) {
      var start = result.loaded, end = start + 2 * PAGE_SIZE;
      result.loaded = end;
      var leadUrls = {};
      result.lead.forEach(function (item) { leadUrls[item.url] = true; });
      return Promise.all(result.searches.map(function (s) { return loadData(s, result.data, start, end); })).then(function (lists) {
        if (mine !== counter) return result;
        var batch = [].concat.apply([], lists);
        batch.sort(function (a, b) { return b.rank - a.rank; });
        batch.forEach(function (info) {
          if (result.seen[info.id]) return;
          result.seen[info.id] = true;
          if (leadUrls[info.firstUrl]) { result.total--; return; }
          result.ranked.push(info.item);
        });
        return result;
      });
    }

    // Words the page's language does not know, corrected to the nearest word it does ("priorty" ->
    // "priority"); a word of the other language, or of a term either language names, is left as it
    // is: a Spanish query on the English site is never made into English lookalikes.
    function correct(query) {
      return Promise.all([vocabulary(lang), vocabulary(otherLang), queryIndex()]).then(function (got) {
        var data = got[2];
        // The page's words, and the one-word names of rules and terms in either language
        // ("deatouch" -> "deathtouch", which leads to 702.2 on either site).
        var list = got[0].concat(Object.keys(data.terms).filter(function (k) { return k.indexOf(" ") < 0 && k.length > 3; }));
        var other = got[1];
        var mine = {}, theirs = {};
        list.forEach(function (w) { mine[w] = true; });
        other.forEach(function (w) { theirs[w] = true; });
        var changed = false;
        var fixed = query.split(/\s+/).map(function (word) {
          var w = fold(word);
          if (w.length < 4 || mine[w] || theirs[w] || data.terms[w]) return word;
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

    // The query understood and searched; only when it is not understood, and a word of it is a
    // word of neither language, is it corrected, and the correction searched the same way (shown
    // when it finds anything).
    function resolve(query, mine) {
      return gather(query, mine).then(function (result) {
        if (mine !== counter) return null;
        if (result.meaning) return result;
        return correct(query).then(function (fixed) {
          if (!fixed || mine !== counter) return result;
          return gather(fixed, mine).then(function (second) {
            if (!second.total) return result;
            second.corrected = fixed;
            second.query = query;
            return second;
          });
        });
      });
    }

    function excerptNode(html) {
      // Pagefind's excerpt is the page's own (escaped) text with <mark> around the matches.
      var p = el("p", { "class": "pagefind-ui__result-excerpt kb-search__excerpt" });
      p.innerHTML = html;
      return p;
    }

    function item(entry, lead) {
      var li = el("li", { "class": "pagefind-ui__result kb-search__result" + (lead ? " kb-search__result--" + entry.kind : "") });
      var title = el("p", { "class": "pagefind-ui__result-title" });
      var a = el("a", { "class": "pagefind-ui__result-link kb-search__link", href: entry.url }, entry.title);
      if (lead && entry.id) a.setAttribute("aria-label", d.gotoRule.replace("[RULE]", entry.id) + ": " + entry.title);
      title.appendChild(a);
      li.appendChild(title);
      if (lead) {
        if (entry.text) li.appendChild(el("p", { "class": "pagefind-ui__result-excerpt kb-search__excerpt" },
          entry.text.length > 260 ? entry.text.slice(0, 257) + "…" : entry.text));
      } else {
        li.appendChild(excerptNode(entry.excerpt || ""));
        if (entry.subs.length) {
          var nested = el("ul", { "class": "kb-search__subs" });
          entry.subs.forEach(function (s) {
            var sub = el("li", { "class": "pagefind-ui__result-nested" });
            sub.appendChild(el("a", { "class": "pagefind-ui__result-link kb-search__sublink", href: s.url }, s.title));
            sub.appendChild(excerptNode(s.excerpt || ""));
            nested.appendChild(sub);
          });
          li.appendChild(nested);
        }
      }
      return li;
    }

    function render(result) {
      list.textContent = "";
      drawer.setAttribute("data-query", result.query);
      var shown = result.lead.length + result.ranked.length;
      var term = result.corrected || result.query;
      var message;
      if (result.meaning && result.meaning.kind === "number" && !result.meaning.known) {
        message = d.noRule.replace("[RULE]", result.meaning.id).replace("[RELEASE]", result.data.release);
        drawer.setAttribute("data-no-rule", result.meaning.id);
      } else {
        drawer.removeAttribute("data-no-rule");
        var template = result.total === 0 ? d.zero : result.total === 1 ? d.one : shown < result.total ? d.shown : d.many;
        message = template.replace("[COUNT]", String(result.total)).replace("[SHOWN]", String(shown)).replace("[SEARCH_TERM]", term);
        if (result.corrected) message = d.corrected.replace("[SEARCH_TERM]", result.corrected) + " · " + message;
      }
      status.textContent = message;
      result.lead.forEach(function (entry) { list.appendChild(item(entry, true)); });
      result.ranked.forEach(function (entry) { list.appendChild(item(entry, false)); });
      if (shown < result.total && result.searches.length) {
        var li = el("li", { "class": "kb-search__more-item" });
        var button = el("button", { type: "button", "class": "md-button kb-search__more" }, d.more);
        button.addEventListener("click", function () {
          var mine = counter;
          var before = list.querySelectorAll("a.kb-search__link").length;
          more(result, mine).then(function (r) {
            if (mine !== counter) return;
            render(r);
            var next = list.querySelectorAll("a.kb-search__link")[before];
            if (next) next.focus();
          });
        });
        li.appendChild(button);
        list.appendChild(li);
      }
      drawer.hidden = false;
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
      var promise = resolve(query, mine).then(function (result) {
        if (!result || mine !== counter) return null;
        render(result);
        return result;
      });
      current = { query: query, promise: promise };
      return promise;
    }

    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(search, 120);
    });
    input.addEventListener("focus", function () { load(); queryIndex(); });
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
      // is no rule (or a query that finds nothing) leaves the page where it is.
      clearTimeout(timer);
      var pending = current && current.query === query ? current.promise : search();
      pending.then(function (result) {
        if (!result || input.value.trim() !== query) return;
        var first = list.querySelector("a.kb-search__link");
        if (first) location.href = first.href;
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
    setupDetails();
    setupLanguageSwitch();
    setupCompare();
    setupGraph();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
