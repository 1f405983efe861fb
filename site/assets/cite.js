/* The citation box: "717.1", "CR 717.1 (2019-10-04)", "505.5a as of 2010-06-18" followed along the
   rule's line of descent to the newest release (or a chosen one), in the browser, from the JSON API's
   releases.json and traces.json. It answers as `kb cite` does (kb/cite.py: the same reading of a
   citation, the same release in force on a date, the same outcomes and summary); tests hold the two
   together. Text from the corpus is set as text, never as markup. */
(function () {
  "use strict";

  var MONTHS = "january february march april may june july august september october november december".split(" ");
  var MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?" +
    "|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
  var FILE_NAME = /MagicCompRules[\s_-]*(\d{4}-?\d{2}-?\d{2})(?:\.txt)?/i;
  var ISO = /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/;
  var COMPACT = /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/;
  var WRITTEN = new RegExp("\\b(?:(" + MONTH + ")\\s+(\\d{1,2}),?\\s+(\\d{4})|(\\d{1,2})\\s+(" + MONTH + "),?\\s+(\\d{4}))\\b", "i");
  var WRAPPING = new RegExp("(?<![\\p{L}\\p{N}_])(?:comprehensive|rules?|subrules?|sections?|cr|mtg|magic|as|of|in|on|at|" +
    "effective|since|from|the|release|version|edition|dated|regla|reglas|según|de|del|en|la|las)(?![\\p{L}\\p{N}_])" +
    "|[()\\[\\],;:§@#]|\\s+", "giu");
  var RULE_ID = /^(\d+)(?:(\.\d+)([A-Za-z])?)?\.?$/;
  var KIND_RULE = /^[1-9]\d\d(?:\.(?:[1-9]\d*|0)[a-km-np-z]?)?$/;
  var KIND_PART = /^[1-9]$/;

  function CitationError(message) {
    this.message = message;
  }

  // A string as Python's repr() writes it: the messages are those of kb cite, word for word.
  function repr(text) {
    var quote = text.indexOf("'") >= 0 && text.indexOf('"') < 0 ? '"' : "'";
    var body = text.replace(/\\/g, "\\\\");
    if (quote === "'") body = body.replace(/'/g, "\\'");
    return quote + body + quote;
  }

  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function isoDate(year, month, day, written) {
    var y = +year, m = +month, d = +day;
    var date = new Date(Date.UTC(y, m - 1, d));
    if (y < 1 || m < 1 || m > 12 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
      throw new CitationError(repr(written) + " is no date");
    }
    return ("000" + y).slice(-4) + "-" + pad(m) + "-" + pad(d);
  }

  function monthNumber(name) {
    var key = name.replace(/\.+$/, "").toLowerCase().slice(0, 3);
    for (var i = 0; i < MONTHS.length; i++) if (MONTHS[i].indexOf(key) === 0) return i + 1;
    return 0;
  }

  // The first date `text` writes in a form a release is named by: [iso, start, end, matched text].
  function findDate(text) {
    var patterns = [FILE_NAME, ISO, WRITTEN, COMPACT];
    for (var i = 0; i < patterns.length; i++) {
      var m = patterns[i].exec(text);
      if (!m) continue;
      var iso;
      if (patterns[i] === FILE_NAME) {
        var digits = m[1].replace(/-/g, "");
        iso = isoDate(digits.slice(0, 4), digits.slice(4, 6), digits.slice(6), m[0]);
      } else if (patterns[i] === WRITTEN) {
        iso = m[1] ? isoDate(m[3], monthNumber(m[1]), m[2], m[0]) : isoDate(m[6], monthNumber(m[5]), m[4], m[0]);
      } else {
        iso = isoDate(m[1], m[2], m[3], m[0]);
      }
      return [iso, m.index, m.index + m[0].length, m[0]];
    }
    return null;
  }

  function today() {
    var now = new Date();
    return now.getFullYear() + "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate());
  }

  function strip(text) {
    return text.replace(/^\s+|\s+$/g, "");
  }

  // The release `name` means (see kb.cite.resolve_release): {release, note}.
  function resolveRelease(name, releases, aliases) {
    var written = strip(name);
    var found = findDate(written);
    if (!found || strip(found[3]) !== strip(written.replace(/\.+$/, ""))) {
      throw new CitationError(repr(written) + " names no release: give the date it takes effect or was published (e.g. " +
        releases[releases.length - 1] + ")");
    }
    var iso = found[0];
    if (releases.indexOf(iso) >= 0) return { release: iso, note: null };
    if (aliases[iso] && releases.indexOf(aliases[iso]) >= 0) {
      return { release: aliases[iso], note: iso + ", the date release " + aliases[iso] + " was published" };
    }
    if (iso < releases[0]) {
      throw new CitationError("no release was in force on " + iso + ": the oldest release of the corpus is " + releases[0]);
    }
    if (iso > today()) throw new CitationError(iso + " is in the future: no release is known to be in force then");
    var inForce = releases.filter(function (r) { return r <= iso; }).pop();
    return { release: inForce, note: iso + " is no release date; the release in force that day: " + inForce };
  }

  function short(text) {
    return text.length <= 60 ? text : text.slice(0, 60) + "…";
  }

  // The rule and the release a citation names (see kb.cite.parse_citation): {rule, release}.
  function parseCitation(text) {
    var written = String(text).split(/\s+/).filter(Boolean).join(" ");
    if (!written) throw new CitationError('an empty citation: give a rule id, e.g. 717.1 or "CR 717.1 (2019-10-04)"');
    var release = null, rest = written;
    var found = findDate(written);
    if (found) {
      release = found[0];
      rest = written.slice(0, found[1]) + " " + written.slice(found[2]);
    }
    var left = rest.replace(WRAPPING, " ").split(" ").filter(Boolean);
    var m = left.length === 1 ? RULE_ID.exec(left[0]) : null;
    if (!m) {
      throw new CitationError(repr(short(written)) + ' is no citation of a rule: expected a rule id such as 717.1, 702.19c or "CR 717.1 (2019-10-04)"');
    }
    var ruleId = m[1] + (m[2] || "") + (m[3] || "").toLowerCase();
    if (!KIND_RULE.test(ruleId) && !KIND_PART.test(ruleId)) {
      throw new CitationError(repr(left[0]) + " is no rule id: rules are numbered like 100, 100.1 or 100.1a");
    }
    return { rule: ruleId, release: release };
  }

  // The lines of descent of traces.json, with each release's numbers.
  function Lineage(traces, aliases) {
    this.releases = traces.releases;
    this.aliases = aliases;
    this.lines = traces.lines;
    this.byRelease = this.releases.map(function () { return new Map(); });
    var self = this;
    traces.lines.forEach(function (line, n) {
      line.runs.forEach(function (run) {
        for (var i = run[0]; i <= run[1]; i++) self.byRelease[i].set(run[2], n);
      });
    });
  }

  Lineage.prototype.ids = function (line) {
    var ids = this.releases.map(function () { return null; });
    line.runs.forEach(function (run) {
      for (var i = run[0]; i <= run[1]; i++) ids[i] = run[2];
    });
    return ids;
  };

  Lineage.prototype.lineOf = function (release, rule) {
    var n = this.byRelease[this.releases.indexOf(release)].get(rule);
    return n === undefined ? null : this.lines[n];
  };

  // What happened to the line in each release after the first (see kb.cite.IndexLineage.events).
  Lineage.prototype.events = function (line) {
    var ids = this.ids(line), events = [];
    for (var i = 1; i < ids.length; i++) {
      var now = ids[i], before = ids[i - 1], release = this.releases[i];
      var words = line.changed.indexOf(i) >= 0;
      if (now === null) {
        if (before !== null) events.push({ release: release, status: "removed", old_id: before, new_id: null, text_changed: false });
      } else if (before === null) {
        events.push({ release: release, status: "added", old_id: null, new_id: now, text_changed: false });
      } else if (before !== now) {
        events.push({ release: release, status: "moved", old_id: before, new_id: now, text_changed: words });
      } else {
        events.push({ release: release, status: words ? "changed" : "unchanged", old_id: before, new_id: now, text_changed: words });
      }
    }
    return events;
  };

  function summary(found) {
    var cited = found.rule + " (" + found.release + ")";
    if (found.outcome === "missing") {
      var where = "";
      if (found.last_seen) {
        where = "; the last release with a rule " + found.rule + " is " + found.last_seen +
          (found.last_seen_id_to ? ", which is " + found.last_seen_id_to + " in " + found.to : ", whose line does not reach " + found.to);
      }
      return "no rule " + found.rule + " in release " + found.release + where;
    }
    if (found.outcome === "removed") return cited + ": removed in " + found.ended + "; no rule of " + found.to + " descends from it";
    if (found.outcome === "not-yet") return cited + ": added in " + found.ended + "; no rule of " + found.to + " is its ancestor";
    var words = found.text_changed ? "words changed" : "same words";
    if (found.outcome === "renumbered") return cited + " is " + found.id + " in " + found.to + " (renumbered; " + words + ")";
    if (found.release === found.to) return cited + " is " + found.id + " in " + found.to;
    return cited + " is " + found.id + " in " + found.to + " (same number; " + words + ")";
  }

  // Citation `text` followed to release `to` (default the newest): the fields of `kb cite --json`,
  // or {error} with kb cite's one line.
  function resolve(lineage, text, to) {
    try {
      var cited = parseCitation(text);
      var releases = lineage.releases;
      var source = cited.release ? resolveRelease(cited.release, releases, lineage.aliases) : { release: releases[releases.length - 1], note: null };
      var target = to ? resolveRelease(to, releases, lineage.aliases) : { release: releases[releases.length - 1], note: null };
      var found = resolveFrom(lineage, cited.rule, source, target);
      found.citation = text;
      found.summary = summary(found);
      return found;
    } catch (err) {
      if (err instanceof CitationError) return { error: err.message };
      throw err;
    }
  }

  function resolveFrom(lineage, rule, source, target) {
    var release = source.release, to = target.release, releases = lineage.releases;
    var found = {
      rule: rule, release: release, to: to, id: null, outcome: "missing", text_changed: false, renumberings: [],
      steps: [], ended: null, release_note: source.note, to_note: target.note, last_seen: null, last_seen_id_to: null,
      newest_id: null,
    };
    var line = lineage.lineOf(release, rule);
    if (!line) {
      var earlier = releases.filter(function (r) { return r < release && lineage.lineOf(r, rule); });
      if (earlier.length) {
        found.last_seen = earlier[earlier.length - 1];
        found.last_seen_id_to = lineage.ids(lineage.lineOf(found.last_seen, rule))[releases.indexOf(to)];
      }
      found.stale = true;
      return found;
    }
    var low = release < to ? release : to, high = release < to ? to : release;
    found.steps = lineage.events(line).filter(function (e) { return low < e.release && e.release <= high && e.status !== "unchanged"; });
    found.renumberings = found.steps.filter(function (s) { return s.old_id && s.new_id && s.old_id !== s.new_id; });
    found.id = lineage.ids(line)[releases.indexOf(to)];
    found.newest_id = line.newest;
    if (found.id === null) {
      var ends = found.steps.filter(function (s) { return s.status === "removed" || s.status === "added"; });
      var end = to > release ? ends[0] : ends[ends.length - 1];
      found.ended = end ? end.release : null;
      found.outcome = to > release ? "removed" : "not-yet";
    } else {
      found.text_changed = found.steps.some(function (s) { return s.text_changed; });
      found.outcome = found.id !== rule ? "renumbered" : found.text_changed ? "changed" : "unchanged";
    }
    found.stale = ["renumbered", "removed", "not-yet", "missing"].indexOf(found.outcome) >= 0;
    return found;
  }

  // -- the box ------------------------------------------------------------------------------------

  var WORDS = {
    en: {
      loading: "Reading the lines of descent…",
      unavailable: "The lines of descent could not be read.",
      renumbered: "renumbered", changed: "words changed", added: "added", removed: "removed",
      same: "Same words as in the release cited.", differ: "Its words changed on the way.",
      link: "Read rule %s", steps: "On the way:", note: "Note: ", text: "%s in %r:",
      spanish: { project: "Spanish (the project's translation)", wiki: "Spanish (official quote)" },
    },
    es: {
      loading: "Leyendo las líneas de descendencia…",
      unavailable: "No se pudieron leer las líneas de descendencia.",
      renumbered: "renumerada", changed: "cambió su texto", added: "añadida", removed: "eliminada",
      same: "El mismo texto que en la versión citada.", differ: "Su texto cambió por el camino.",
      link: "Leer la regla %s", steps: "Por el camino:", note: "Nota: ", text: "%s en %r:",
      spanish: { project: "En español (traducción del proyecto)", wiki: "En español (cita oficial)" },
    },
  };

  function el(name, attrs, text) {
    var node = document.createElement(name);
    if (attrs) for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A resolution in the page's language: the summary line, then each step on the way.
  function spanishSummary(found) {
    var cited = found.rule + " (" + found.release + ")";
    if (found.outcome === "missing") {
      var where = "";
      if (found.last_seen) {
        where = "; la última versión con una regla " + found.rule + " es " + found.last_seen +
          (found.last_seen_id_to ? ", que es la " + found.last_seen_id_to + " en " + found.to : ", cuya línea no llega a " + found.to);
      }
      return "no hay regla " + found.rule + " en la versión " + found.release + where;
    }
    if (found.outcome === "removed") return cited + ": eliminada en " + found.ended + "; ninguna regla de " + found.to + " desciende de ella";
    if (found.outcome === "not-yet") return cited + ": añadida en " + found.ended + "; ninguna regla de " + found.to + " es su antecesora";
    var words = found.text_changed ? "texto cambiado" : "mismo texto";
    if (found.outcome === "renumbered") return cited + " es la " + found.id + " en " + found.to + " (renumerada; " + words + ")";
    if (found.release === found.to) return cited + " es la " + found.id + " en " + found.to;
    return cited + " es la " + found.id + " en " + found.to + " (mismo número; " + words + ")";
  }

  function spanishError(message) {
    var m;
    if ((m = /^(.*) is no citation of a rule: /.exec(message))) return m[1] + " no es una cita de una regla: se espera un número de regla como 717.1, 702.19c o \"CR 717.1 (2019-10-04)\"";
    if ((m = /^(.*) is no rule id: /.exec(message))) return m[1] + " no es un número de regla: las reglas se numeran como 100, 100.1 o 100.1a";
    if ((m = /^(.*) is no date$/.exec(message))) return m[1] + " no es una fecha";
    if ((m = /^no release was in force on (\S+): the oldest release of the corpus is (\S+)$/.exec(message))) return "ninguna versión estaba en vigor el " + m[1] + ": la más antigua es la " + m[2];
    if ((m = /^(\S+) is in the future: /.exec(message))) return m[1] + " está en el futuro: no se sabe qué versión estará en vigor";
    if (/^an empty citation/.test(message)) return "una cita vacía: escribe un número de regla, p. ej. 717.1 o \"CR 717.1 (2019-10-04)\"";
    return message;
  }

  function spanishNote(note) {
    var m;
    if ((m = /^(\S+) is no release date; the release in force that day: (\S+)$/.exec(note))) return m[1] + " no es fecha de ninguna versión; la que estaba en vigor ese día: " + m[2];
    if ((m = /^(\S+), the date release (\S+) was published$/.exec(note))) return m[1] + ", la fecha en que se publicó la versión " + m[2];
    return note;
  }

  function show(box, lineage, words, lang) {
    var out = box.querySelector(".kb-cite__result");
    var input = box.querySelector("input[name=citation]");
    var to = box.querySelector("select[name=to]").value;
    var found = resolve(lineage, input.value, to || null);
    out.textContent = "";
    box.dataset.result = JSON.stringify(found);
    if (found.error) {
      out.appendChild(el("p", { "class": "kb-cite__error" }, lang === "es" ? spanishError(found.error) : found.error));
      input.setAttribute("aria-invalid", "true");
      return;
    }
    input.removeAttribute("aria-invalid");
    [found.release_note, found.to_note].forEach(function (note) {
      if (note) out.appendChild(el("p", { "class": "kb-cite__note" }, words.note + (lang === "es" ? spanishNote(note) : note)));
    });
    out.appendChild(el("p", { "class": "kb-cite__summary" }, lang === "es" ? spanishSummary(found) : found.summary));
    if (found.id !== null && found.release !== found.to) {
      out.appendChild(el("p", {}, found.text_changed ? words.differ : words.same));
    }
    if (found.steps.length) {
      out.appendChild(el("p", {}, words.steps));
      var list = el("ul", { "class": "kb-cite__steps" });
      found.steps.forEach(function (s) {
        var what = s.status === "removed" ? s.old_id + " " + words.removed
          : s.status === "added" ? s.new_id + " " + words.added
          : s.status === "moved" ? s.old_id + " → " + s.new_id + " (" + words.renumbered + (s.text_changed ? ", " + words.changed : "") + ")"
          : s.new_id + " (" + words.changed + ")";
        list.appendChild(el("li", {}, s.release + ": " + what));
      });
      out.appendChild(list);
    }
    // The texts, as kb cite prints them: the rule cited, and what it is in the release asked for.
    var texts = el("div", { "class": "kb-cite__texts" });
    out.appendChild(texts);
    if (found.id !== null && found.release !== found.to) quote(box, texts, words, lang, found.release, found.rule);
    if (found.id !== null) quote(box, texts, words, lang, found.to, found.id);
    else if (found.outcome !== "missing") quote(box, texts, words, lang, found.release, found.rule);
    // The rule's page: that of the rule it is in the newest release, where its line reaches it.
    var page = found.newest_id && found.outcome !== "missing" && found.newest_id.indexOf(".") > 0 ? found.newest_id : null;
    if (page) {
      var href = box.dataset.rulePage.replace("SECTION", page.split(".")[0]) + "#" + encodeURIComponent(page);
      var p = el("p");
      p.appendChild(el("a", { href: href, "class": "kb-cite__link" }, words.link.replace("%s", page)));
      out.appendChild(p);
    }
  }

  function fetchJson(url) {
    return fetch(url).then(function (answer) {
      if (!answer.ok) throw new Error("HTTP " + answer.status);
      return answer.json();
    });
  }

  // Rule `id` of `release` from the API (its section's file, then its text's shard), set as text
  // into a place kept in `into` now, so that the texts come in order whatever the network does.
  function quote(box, into, words, lang, release, id) {
    var place = el("blockquote", { "class": "kb-cite__text" });
    into.appendChild(place);
    var api = box.dataset.api.replace(/\/?$/, "/");
    fetchJson(api + "releases/" + release + "/sections/" + id.split(".")[0] + ".json").then(function (section) {
      var key = section.rules[id];
      if (!key) return;
      return fetchJson(api + "texts/" + key.slice(0, key.lastIndexOf("/")) + ".json").then(function (shard) {
        var text = shard[key];
        if (!text) return;
        place.appendChild(el("p", { "class": "kb-cite__label" }, words.text.replace("%s", id).replace("%r", release)));
        place.appendChild(el("p", { lang: "en" }, text.en.text));
        if (lang === "es" && text.es && text.es.current) {
          place.appendChild(el("p", { "class": "kb-cite__label" }, words.spanish[text.es.provenance] || words.spanish.project));
          place.appendChild(el("p", { lang: "es" }, text.es.text));
        }
      });
    }).catch(function () {
      place.remove();
    });
  }

  // The lines of descent are read when the box is first used (or a citation comes in the address):
  // a reader who only passes by fetches nothing.
  function start(box) {
    var lang = box.getAttribute("lang") === "es" ? "es" : "en";
    var words = WORDS[lang];
    var out = box.querySelector(".kb-cite__result");
    var form = box.querySelector("form");
    var input = box.querySelector("input[name=citation]");
    var api = box.dataset.api.replace(/\/?$/, "/");
    var loading = null;

    function load() {
      if (loading) return loading;
      out.textContent = words.loading;
      loading = Promise.all([fetch(api + "releases.json"), fetch(api + "traces.json")]).then(function (answers) {
        if (!answers[0].ok || !answers[1].ok) throw new Error("HTTP");
        return Promise.all([answers[0].json(), answers[1].json()]);
      }).then(function (docs) {
        var aliases = {};
        docs[0].releases.forEach(function (r) { if (r.published && r.published !== r.id) aliases[r.published] = r.id; });
        var lineage = new Lineage(docs[1], aliases);
        window.kbCiteResolve = function (text, to) { return resolve(lineage, text, to); };
        out.textContent = "";
        box.dataset.ready = "true";
        return lineage;
      }).catch(function () {
        out.textContent = words.unavailable;
        loading = null;
        return null;
      });
      return loading;
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      load().then(function (lineage) { if (lineage) show(box, lineage, words, lang); });
    });
    input.addEventListener("focus", load);
    var params = new URLSearchParams(location.search);
    var query = params.get("cita") || params.get("cite");
    if (query) {
      input.value = query;
      load().then(function (lineage) { if (lineage) show(box, lineage, words, lang); });
    }
  }

  function init() {
    var box = document.getElementById("kb-cite");
    if (box) start(box);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
