/* The search box's ranking, over the index kb.site.ranking writes (kb-rank/LANG/): every word of
   a query counts, a rule's name far above its first sentence, its first sentence above the rest,
   words that follow each other in the query count more where they follow each other in the text,
   a query joining two concepts lands where they meet (a rule under the one, holding the other), and
   a word no rule of the page's language uses is said, never dropped. The same script runs in
   the page (window.KbRank) and in node (the evaluation in bench/), so the figures the benchmark
   reports are the box's own. No DOM, no network but the `fetch` it is given. */
(function (global) {
  "use strict";

  // name, first sentence, rest of the text, examples, context (the section's and parent's names),
  // body (a titled rule's subrules), cites (the names of the rules its text cites: "haste
  // summoning sickness" is 702.10b, which says "See rule 302.6").
  var FIELD_WEIGHT = [8, 2.5, 1, 0.3, 1, 0.4, 2];
  var FIELD_B = [0.6, 0.5, 0.75, 0.75, 0.3, 0.9, 0.3];
  var K1 = 1.2;
  // A word in the first words of a rule's first sentence is what the rule defines ("A chapter
  // symbol is ...", "Protection is a static ability").
  var LEAD_WORDS = 3;
  var LEAD_BONUS = 2;
  var NAME_BONUS = 6;
  var PHRASE_BONUS = 0.6;
  var RUN_BONUS = 0.5;
  var KIND_PRIOR = { r: 1, s: 1, p: 0.8, g: 0.25 };
  var SUBRULE_PRIOR = 0.8;
  var NAMED_COVERAGE = 0.5;
  var GIVEN_NAME = 0.9;
  // A rule where a concept the query names (its parent's or section's name) meets the query's
  // other words, in the rule's own text, says the whole query: "2HG poison" is 810.10.
  var MEETING = 0.9;
  var CITED_MEETING = 0.6;
  // Where two concepts meet, the narrower holds the other ("create tokens" meets in 701.7 Create,
  // not in 111 Tokens): by the rarity of the words naming it, and by how few rules it spans.
  var SPECIFIC = 0.4;
  var NARROW = 0.3;
  // What a word naming another concept counts for in the share of the query a concept's rule says,
  // when only the rule's subrules say it.
  var FOREIGN_BODY = 0.5;
  // What a player's everyday word ("kill", "tapeada") counts for in a rule that says the rules' own
  // word for it ("destroy", "girada") instead: the rules' word is what the player means, but not
  // surely, and a rule saying the player's word says the query more.
  var EVERYDAY_WEIGHT = 0.6;
  // The words a question starts with, and the light verbs that follow them only to ask.
  var QUESTION_WORDS = set("what who whom whose when where which why how que quien quienes cuando como cual cuales donde");
  var LIGHT_VERBS = set("get gets got hace hacen");
  // Words that ask for a kind of page rather than a content.
  var KIND_WORDS = { glossary: "g", glosario: "g", example: "x", examples: "x", ejemplo: "x", ejemplos: "x" };
  var RULE_QUERY = new RegExp("^(?:(?:cr|comp\\.?\\s*rules?|rules?|reglas?|r|§|secci[oó]n|section|part[e]?)\\s*\\.?\\s*)?" +
    "(\\d{1,3})(?:\\s*[.,]\\s*(\\d{1,3})(?:\\s*[.,]?\\s*([a-z]))?)?\\s*\\.?$", "i");
  // A rule's number among the query's words ("702.19c trample"): a name of that rule.
  var NUMBER_IN_QUERY = /(^|[^\d.])(\d{3})\.(\d{1,3})([a-z])?(?![\da-z])/gi;
  var SENTENCE_END = /([.!?:])\s+(?=[A-Z¿¡“"(ÁÉÍÓÚÑ0-9])/g;
  var MAX_COMPLETIONS = 12;

  function set(list) {
    var out = {};
    list.split(" ").forEach(function (w) { out[w] = true; });
    return out;
  }

  function fold(text) {
    return String(text).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[\u2019']/g, "");
  }

  function words(text) {
    return fold(text).match(/[a-z0-9]+/g) || [];
  }

  function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev = [], cur, prev2 = [], j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
        if (v < best) best = v;
      }
      if (best > limit) return limit + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }

  // The variants of a word an index may hold instead: plurals and verb forms cut back.
  function variants(word) {
    var out = [];
    // "priorities" -> "priority", "veces" -> "vez".
    if (/ies$/.test(word) && word.length > 4) out.push(word.slice(0, -3) + "y");
    if (/ces$/.test(word) && word.length > 4) out.push(word.slice(0, -3) + "z");
    if (/es$/.test(word) && word.length > 4) out.push(word.slice(0, -2));
    if (/s$/.test(word) && word.length > 3) out.push(word.slice(0, -1));
    else out.push(word + "s");
    return out;
  }

  // Other forms of a word the index does not hold, tried before it is corrected: a Spanish word's
  // other gender or person ("girada" for "girado", "robo" for "roba"), an infinitive without the
  // pronoun attached to it ("equiparse" for "equipar").
  function forms(word) {
    var out = [], stem = word.replace(/(os|as|o|a|e)$/, "");
    // An infinitive with its pronoun attached ("encantarse", "girarla") is the infinitive.
    var bare = /^(.{3,}[aei]r)(se|lo|la|los|las|le|les|me|te|nos)$/.exec(word);
    if (bare) out.push(bare[1]);
    if (word.length < 4 || stem === word) return out;
    var plural = /s$/.test(word) ? "s" : "";
    ["o", "a", "e"].forEach(function (v) {
      var form = stem + v + plural;
      if (form !== word) out.push(form);
      if (plural) out.push(stem + v);
    });
    return out;
  }

  // A number written in words or in digits: the rules write "0 or less life" and "ten or more
  // poison counters"; a query may say either.
  var NUMBERS = {};
  ["zero cero", "one uno", "two dos", "three tres", "four cuatro", "five cinco", "six seis", "seven siete",
    "eight ocho", "nine nueve", "ten diez"].forEach(function (names, n) {
    var all = names.split(" ").concat(String(n));
    all.forEach(function (w) { NUMBERS[w] = all.filter(function (o) { return o !== w; }); });
  });

  function Ranker(core, fetch) {
    this.core = core;
    this.fetch = fetch;
    this.stop = {};
    this.shardKeys = {};
    this.shards = {};
    this.texts = {};
    this.decoded = {};
    this.docs = [];
    this.byId = {};
    var self = this;
    core.stop.forEach(function (w) { self.stop[w] = true; });
    core.shards.forEach(function (k) { self.shardKeys[k] = true; });
    core.docs.split("\n").forEach(function (row, number) {
      var cells = row.split(" ");
      var lengths = cells[2].split(",").map(function (n) { return n ? parseInt(n, 36) : 0; });
      while (lengths.length < core.fields.length) lengths.push(0);
      var doc = {
        n: number, id: cells[0], kind: cells[1],
        lengths: lengths,
        names: cells[3] ? cells[3].split(",").map(function (n) { return Math.abs(Number(n)); }) : [],
        given: cells[3] ? cells[3].split(",").map(function (n) { return n.charAt(0) === "-"; }) : [],
        title: cells.slice(4).join(" ")
      };
      self.docs.push(doc);
      self.byId[doc.id] = doc;
    });
    // The concepts a rule belongs to: the rule above it and its section (702.19c: 702.19, 702).
    this.docs.forEach(function (doc) {
      doc.up = [];
      if (doc.kind !== "r") return;
      var id = doc.id;
      while (/[.a-z]/.test(id)) {
        id = /[a-z]$/.test(id) ? id.slice(0, -1) : id.replace(/\.\d+$/, "");
        if (self.byId[id]) doc.up.push(self.byId[id]);
      }
    });
    this.docs.forEach(function (doc) { doc.size = 1; });
    this.docs.forEach(function (doc) { doc.up.forEach(function (above) { above.size++; }); });
  }

  Ranker.prototype.shardKey = function (word) {
    if (this.shardKeys[word.slice(0, 3)]) return word.slice(0, 3);
    if (this.shardKeys[word.slice(0, 2)]) return word.slice(0, 2);
    return null;
  };

  Ranker.prototype.loadShards = function (list) {
    var self = this;
    var keys = {};
    list.forEach(function (w) { var k = self.shardKey(w); if (k && !self.shards[k]) keys[k] = true; });
    return Promise.all(Object.keys(keys).map(function (k) {
      if (!self.shards[k]) {
        self.shards[k] = Promise.resolve(self.fetch("w/" + k + ".json")).then(function (s) {
          self.shards[k] = s || { w: {}, p: {} };
          return self.shards[k];
        });
      }
      return self.shards[k];
    }));
  };

  Ranker.prototype.shardOf = function (word) {
    var k = this.shardKey(word);
    var s = k && this.shards[k];
    return s && !s.then ? s : null;
  };

  Ranker.prototype.entry = function (word) {
    var s = this.shardOf(word);
    return s && Object.prototype.hasOwnProperty.call(s.w, word) ? s.w[word] : null;
  };

  // The stems of the rules' own words for a player's everyday word ("kill": destroy, die), or null.
  Ranker.prototype.everyday = function (word) {
    var s = this.shardOf(word);
    return s && s.e && Object.prototype.hasOwnProperty.call(s.e, word) ? s.e[word] : null;
  };

  Ranker.prototype.postings = function (stem) {
    if (this.decoded[stem]) return this.decoded[stem];
    var s = this.shardOf(stem.charAt(0) === "=" ? stem.slice(1) : stem);
    var flat = s && Object.prototype.hasOwnProperty.call(s.p, stem) ? s.p[stem] : [];
    var out = {};
    for (var i = 0; i < flat.length;) {
      var doc = flat[i], field = flat[i + 1], count = flat[i + 2];
      var fields = out[doc] || (out[doc] = []);
      fields[field] = flat.slice(i + 3, i + 3 + count);
      i += 3 + count;
    }
    this.decoded[stem] = out;
    return out;
  };

  // What a query's words are: each word no stop word, with the stems it stands for, or unknown.
  Ranker.prototype.understandWords = function (query) {
    var self = this;
    var all = words(query);
    var kinds = {};
    var terms = [], seen = {};
    var asking = false;
    all.forEach(function (w) {
      if (KIND_WORDS[w]) { kinds[KIND_WORDS[w]] = true; return; }
      // The light verb a question is asked with ("who gets ...", "¿qué hace ...?") asks, as "does"
      // does; elsewhere it is a word of the query ("a creature gets +1/+1").
      var light = asking && LIGHT_VERBS[w];
      asking = !!QUESTION_WORDS[w];
      if (light || self.stop[w] || seen[w]) return;
      seen[w] = true;
      terms.push({ word: w });
    });
    // A query of kind words alone ("glossary") searches for them.
    if (!terms.length && Object.keys(kinds).length) {
      kinds = {};
      all.forEach(function (w) { if (!self.stop[w]) terms.push({ word: w }); });
    }
    var typing = !/\s$/.test(query);
    var wanted = [];
    terms.forEach(function (t) {
      wanted.push(t.word);
      wanted.push.apply(wanted, variants(t.word));
      wanted.push.apply(wanted, forms(t.word));
      wanted.push.apply(wanted, NUMBERS[t.word] || []);
    });
    // The word being typed, one or two letters yet, is no word to search nor to call unknown.
    if (typing && terms.length && terms[terms.length - 1].word.length < 3) terms[terms.length - 1].pending = true;
    return this.loadShards(wanted).then(function () {
      // The stems' shards (a stem may start otherwise than its word, rarely).
      var stems = [];
      terms.forEach(function (t, i) {
        var tries = [t.word].concat(variants(t.word), forms(t.word));
        for (var j = 0; j < tries.length; j++) {
          var e = self.entry(tries[j]);
          if (e) { t.stems = [e[0]]; t.own = e[1] === 1; t.matched = tries[j]; break; }
        }
        (NUMBERS[t.word] || []).forEach(function (other) {
          var e = self.entry(other);
          if (!e) return;
          if (!t.stems) { t.stems = []; t.own = e[1] === 1; t.matched = other; }
          if (t.stems.indexOf(e[0]) < 0) t.stems.push(e[0]);
        });
        if (!t.stems && typing && i === terms.length - 1 && t.word.length >= 2) {
          var shard = self.shardOf(t.word);
          if (shard) {
            var found = Object.keys(shard.w).filter(function (w) { return w.indexOf(t.word) === 0 && shard.w[w][1] === 1; });
            found.sort(function (a, b) { return a.length - b.length || (a < b ? -1 : 1); });
            if (found.length) {
              var st = {};
              found.slice(0, MAX_COMPLETIONS).forEach(function (w) { st[shard.w[w][0]] = true; });
              t.stems = Object.keys(st);
              t.own = true;
              t.prefix = true;
            }
          }
        }
        // A player's everyday word stands for the rules' own words too, where a rule does not say it.
        for (j = 0; j < tries.length && !t.prefix; j++) {
          var alt = self.everyday(tries[j]);
          if (!alt) continue;
          t.alt = alt.filter(function (stem) { return !t.stems || t.stems.indexOf(stem) < 0; });
          if (!t.stems) { t.stems = []; t.own = true; }
          stems.push.apply(stems, t.alt);
          break;
        }
        if (t.stems) stems.push.apply(stems, t.stems);
      });
      return self.loadShards(stems);
    }).then(function () {
      var missing = terms.filter(function (t) { return !t.stems && !t.pending && t.word.length >= 4 && !/\d/.test(t.word); });
      if (!missing.length) return terms;
      return self.correct(missing).then(function () { return terms; });
    }).then(function (list) { return { terms: list, kinds: kinds }; });
  };

  // Words the index does not hold, corrected to the nearest word of the page's language only
  // ("priorty" -> "priority"), among the words of its shard (the same first letters, or the first
  // two swapped): no word list beyond the index is read. A word too far from every word stays
  // unknown.
  Ranker.prototype.correct = function (missing) {
    var self = this;
    function swapped(w) { return w.charAt(1) + w.charAt(0) + w.slice(2); }
    var wanted = [];
    missing.forEach(function (t) { wanted.push(t.word, swapped(t.word)); });
    return this.loadShards(wanted).then(function () {
      var fixes = [];
      missing.forEach(function (t) {
        var w = t.word;
        var limit = w.length > 7 ? 2 : 1, best = null, bestDistance = limit + 1;
        var seen = {};
        [w, swapped(w)].forEach(function (key) {
          var shard = self.shardOf(key);
          if (!shard || seen[self.shardKey(key)]) return;
          seen[self.shardKey(key)] = true;
          for (var word in shard.w) {
            if (shard.w[word][1] !== 1 || word.length < 3) continue;
            var dist = editDistance(w, word, limit);
            if (dist < bestDistance || (dist === bestDistance && best !== null && word < best)) { best = word; bestDistance = dist; }
          }
        });
        if (best) { t.corrected = best; fixes.push(best); }
      });
      var stems = [];
      missing.forEach(function (t) {
        var e = t.corrected && self.entry(t.corrected);
        if (e && e[1] === 1) { t.stems = [e[0]]; t.own = true; stems.push(e[0]); }
        else delete t.corrected;
      });
      return self.loadShards(stems);
    });
  };

  function inName(doc, field, gap) {
    // The name phrase each position of the name field falls in.
    return Math.floor(field / gap);
  }

  Ranker.prototype.score = function (terms, kinds) {
    var self = this, docs = this.docs, avg = this.core.avg, gap = this.core.gap, N = docs.length;
    var known = terms.filter(function (t) { return t.stems; });
    if (!known.length) return [];
    var maps = known.map(function (t) {
      var merged = {};
      function merge(stem, where) {
        var p = self.postings(stem);
        for (var d in p) {
          if (where && !where(d)) continue;
          var into = merged[d] || (merged[d] = []);
          p[d].forEach(function (positions, f) {
            if (positions) into[f] = into[f] ? into[f].concat(positions) : positions;
          });
        }
      }
      t.stems.forEach(function (stem) { merge(stem); });
      // The rules' words for an everyday word, in the rules that do not say the word itself.
      t.weak = {};
      (t.alt || []).forEach(function (stem) {
        merge(stem, function (d) {
          if (merged[d] && !t.weak[d]) return false;
          t.weak[d] = true;
          return true;
        });
      });
      var df = Object.keys(merged).length;
      t.idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
      return merged;
    });
    // The names holding each word as it was typed (or corrected), not only its stem.
    var exact = known.map(function (t) {
      return t.prefix ? {} : self.postings("=" + (t.corrected || t.matched || t.word));
    });
    // The names each word says whole: a word that is itself a word of some name, as written or
    // as its plural ("enchantment", "encantamiento"), names only the names holding it so, not
    // those sharing its stem alone ("Enchant", "Encantar"); any other word names by its stem.
    var nameMaps = known.map(function (t, k) {
      if (t.prefix) return maps[k];
      var typed = t.corrected || t.matched || t.word, merged = {}, found = false;
      [typed].concat(variants(typed)).forEach(function (w) {
        var p = self.postings("=" + w);
        for (var d in p) {
          if (!p[d][0]) continue;
          found = true;
          merged[d] = [(merged[d] && merged[d][0] || []).concat(p[d][0])];
        }
      });
      return found ? merged : maps[k];
    });
    // Every word of the query counts: the unknown ones too, for the share of the query a rule holds.
    var totalIdf = 0;
    known.forEach(function (t) { totalIdf += t.idf; });
    var unknownWeight = terms.length > known.length ? (terms.length - known.length) * Math.log(N) : 0;
    var candidates = {};
    maps.forEach(function (m) { for (var d in m) candidates[d] = true; });
    var out = [];
    var weights = FIELD_WEIGHT.slice();
    // Whether some name is the whole query (then the query is one concept, not two that meet).
    var wholeName = false;
    if (kinds.x) weights[3] = FIELD_WEIGHT[1];
    var wholeNames = {};
    // The part of a word's weight in a rule that its own text gives (first sentence, rest, examples).
    function ownText(doc, fields, f) {
      var pos = fields[f];
      if (!pos || !doc.lengths[f]) return 0;
      var tf = pos.length;
      if (f === 1) tf += LEAD_BONUS * pos.filter(function (p) { return p < LEAD_WORDS; }).length;
      return weights[f] * tf / (1 - FIELD_B[f] + FIELD_B[f] * doc.lengths[f] / avg[f]);
    }
    // The words naming a concept a rule belongs to ("saga" in "saga chapter", under Saga Cards)
    // say the concept, which every rule under it shares: each rule under it is given what the
    // concept's rule that says them most gives, so that the other words choose the rule (714.2,
    // "A chapter symbol is ...", not 714.2d, which says "Saga" once more).
    var naming = {}, conceptBest = {};
    if (known.length > 1) {
      for (var key in candidates) {
        var by = this.namingAbove(docs[key], known, nameMaps, wholeNames);
        if (!by) continue;
        naming[key] = by;
        for (var i = 0; i < known.length; i++) {
          var fields = maps[i][key];
          if (!by[i] || !fields) continue;
          var own = ownText(docs[key], fields, 1) + ownText(docs[key], fields, 2) + ownText(docs[key], fields, 3);
          by[i].forEach(function (concept) {
            var slot = concept + ":" + i;
            if (!(conceptBest[slot] >= own)) conceptBest[slot] = own;
          });
        }
      }
    }
    // A query joining two concepts ("trample deathtouch"): some of its words name one rule or
    // section whole, others another. The rule that is the one concept holds the other only in its
    // subrules' text (its body), which says where they meet, not the rule itself: there the other
    // concept's words count for little, and the subrule that says both is found instead.
    var conceptMasks = known.length > 1 ? this.conceptMasks(candidates, known, nameMaps, wholeNames) : [];
    for (key in candidates) {
      var doc = docs[key];
      var s = 0, matched = 0;
      var foreign = conceptMasks.length ? this.foreignWords(doc, known, nameMaps, wholeNames, conceptMasks) : 0;
      for (i = 0; i < known.length; i++) {
        fields = maps[i][key];
        if (!fields) continue;
        var tfn = 0, shared = naming[key] && naming[key][i];
        if (shared) shared.forEach(function (concept) { tfn = Math.max(tfn, conceptBest[concept + ":" + i]); });
        var bodyOnly = (foreign >> i) & 1 && !fields[0] && !fields[1] && !fields[2] && !fields[3] && !fields[4];
        for (var f = 0; f < weights.length; f++) {
          if (shared && f >= 1 && f <= 3) continue;
          if (f === 5 && (foreign >> i) & 1) continue;
          var pos = fields[f];
          if (!pos || !doc.lengths[f]) continue;
          tfn += f >= 1 && f <= 3 ? ownText(doc, fields, f) :
            weights[f] * pos.length / (1 - FIELD_B[f] + FIELD_B[f] * doc.lengths[f] / avg[f]);
        }
        var everyday = known[i].weak[key] ? EVERYDAY_WEIGHT : 1;
        s += everyday * known[i].idf * tfn / (K1 + tfn);
        matched += everyday * (bodyOnly ? FOREIGN_BODY * known[i].idf : known[i].idf);
      }
      var coverage = matched / (totalIdf + unknownWeight);
      // The name the query says best: the share of the name it covers times the share of the query.
      var nameBonus = 0, nameShare = 0, fullName = false;
      for (var j = 0; j < doc.names.length; j++) {
        if (!doc.names[j]) continue;
        var share = 0;
        [maps, exact].forEach(function (which) {
          var covered = {}, hits = 0;
          for (var k = 0; k < known.length; k++) {
            var np = which[k][key] && which[k][key][0];
            var hit = false;
            if (np) np.forEach(function (p) { if (inName(doc, p, gap) === j) { covered[p] = true; hit = true; } });
            if (hit) hits++;
          }
          // Half for the stems, half for the words as written.
          share += (Object.keys(covered).length / doc.names[j]) * (hits / terms.length) / 2;
          if (which === maps && Object.keys(covered).length === doc.names[j]) {
            fullName = true;
            if (hits === terms.length) wholeName = true;
          }
        });
        if (share > nameShare) nameShare = share;
        // A rule's own names above those a glossary entry citing it gives it.
        if (doc.given[j]) share *= GIVEN_NAME;
        if (share > nameBonus) nameBonus = share;
      }
      // Words next to each other in the query, next to each other in a sentence.
      var near = 0;
      for (i = 0; i + 1 < known.length; i++) {
        var a = maps[i][key], b = maps[i + 1][key];
        if (!a || !b) continue;
        var best = 0;
        for (f = 1; f <= 3; f++) {
          if (!a[f] || !b[f]) continue;
          for (var x = 0; x < a[f].length && best < 1; x++) {
            for (var y = 0; y < b[f].length; y++) {
              var dist = Math.abs(b[f][y] - a[f][x]);
              if (dist === 1) { best = 1; break; }
              if (dist <= 3 && best < 0.5) best = 0.5;
            }
          }
        }
        near += best * Math.min(known[i].idf, known[i + 1].idf);
      }
      // Three or more of the query's words in its order, word after word, in one sentence of the
      // rule: the query says what the rule says ("what happens if an aura enchants an object").
      if (known.length > 3) near += RUN_BONUS * this.longestRun(known, maps, key);
      var prior = KIND_PRIOR[doc.kind] || 1;
      if (kinds.g && doc.kind === "g") prior = 2;
      // A subrule details the rule above it; the rules of a titled rule ("701.7a" under Create) are
      // that concept's rules, as a section's numbered rules are its own ("111.2" under Tokens).
      if (doc.kind === "r" && /[a-z]$/.test(doc.id) && !(doc.up[0] && doc.up[0].title)) prior *= SUBRULE_PRIOR;
      // A rule the query names outright ("protection" in "protection from red") is what the query
      // is about: the other words qualify it and cost it less where it lacks them. So is a rule
      // under a concept the query names whole (702.12b under Indestructible): it lacks the query's
      // other words no more than the concept's own rule does.
      var named = fullName || naming[key] ? NAMED_COVERAGE : 2;
      var base = (s + PHRASE_BONUS * near) * Math.pow(coverage, named) * prior;
      out.push({ doc: doc, base: base, bonus: nameBonus, coverage: coverage, name: nameShare, prior: prior });
    }
    out.forEach(function (r) {
      if (!wholeName && known.length > 1 && r.doc.kind !== "g") {
        r.meeting = self.meeting(r.doc, known, maps, terms.length, wholeNames, nameMaps);
        if (r.meeting > r.bonus) r.bonus = r.meeting;
      }
      r.score = r.base * (1 + NAME_BONUS * r.bonus * r.bonus);
    });
    // A glossary entry the query names better than it names any rule is what the query asks for
    // ("casting cost", an obsolete term no rule uses): it keeps no discount.
    var bestRuleName = 0;
    out.forEach(function (r) { if (r.doc.kind !== "g" && r.name > bestRuleName) bestRuleName = r.name; });
    out.forEach(function (r) {
      if (r.doc.kind === "g" && !kinds.g && r.name > 0.999 && r.name > bestRuleName + 1e-9) r.score /= r.prior;
    });
    out.sort(function (p, q) { return q.score - p.score || p.doc.n - q.doc.n; });
    return out;
  };

  // The groups of the query's words (bit masks) that each name some rule, section or part whole
  // without being the whole query: "trample" and "deathtouch" in "trample deathtouch".
  Ranker.prototype.conceptMasks = function (candidates, known, nameMaps, named) {
    var masks = {};
    for (var key in candidates) {
      var doc = this.docs[key];
      if (doc.kind === "g" || !doc.names.length) continue;
      var whole = named[doc.n] || (named[doc.n] = this.namedWhole(doc, known, nameMaps));
      for (var w = 0; w < whole.length; w++) {
        var mask = maskOf(whole[w].naming);
        if (mask !== (1 << known.length) - 1) masks[mask] = true;
      }
    }
    return Object.keys(masks).map(Number);
  };

  // The words of the query that name another concept than the one `doc` is (a mask): words outside
  // every name of `doc` the query says whole, inside a concept's name that shares no word with it.
  Ranker.prototype.foreignWords = function (doc, known, nameMaps, named, masks) {
    if (doc.kind === "g" || !doc.names.length) return 0;
    var whole = named[doc.n] || (named[doc.n] = this.namedWhole(doc, known, nameMaps));
    var own = 0, out = 0;
    for (var w = 0; w < whole.length; w++) own |= maskOf(whole[w].naming);
    if (!own || own === (1 << known.length) - 1) return 0;
    masks.forEach(function (mask) { if (!(mask & own)) out |= mask; });
    return out;
  };

  function maskOf(flags) {
    var mask = 0;
    for (var k = 0; k < flags.length; k++) if (flags[k]) mask |= 1 << k;
    return mask;
  }

  // The weight (idf) of the longest run of three or more of the query's words found in the query's
  // order at consecutive positions of one field of the rule's own text; 0 when none.
  Ranker.prototype.longestRun = function (known, maps, key) {
    var best = 0;
    for (var f = 1; f <= 3; f++) {
      for (var i = 0; i + 2 < known.length; i++) {
        var start = maps[i][key] && maps[i][key][f];
        if (!start) continue;
        for (var x = 0; x < start.length; x++) {
          var j = i + 1, weight = known[i].idf;
          while (j < known.length) {
            var next = maps[j][key] && maps[j][key][f];
            if (!next || next.indexOf(start[x] + (j - i)) < 0) break;
            weight += known[j].idf;
            j++;
          }
          if (j - i >= 3 && weight > best) best = weight;
        }
      }
    }
    return best;
  };

  // The share of the query a rule says where a concept (the rule itself, or one above it), named
  // whole by some of the query's words, meets the query's other words in the rule's own names or
  // text: 0 when none. "layers continuous effects" meets in 613 itself, "2HG poison" in 810.10.
  // A word the rule does not say only lowers that share: every word counts, so the subrule saying
  // two words of "how many copies does storm make" (702.40a) meets the query better than the rule
  // named Storm, though no rule says "make".
  Ranker.prototype.meeting = function (doc, known, maps, count, named, nameMaps) {
    var gap = this.core.gap, best = 0, k;
    var concepts = [doc].concat(doc.up);
    for (var u = 0; u < concepts.length; u++) {
      var above = concepts[u];
      var whole = named[above.n] || (named[above.n] = this.namedWhole(above, known, nameMaps));
      for (var w = 0; w < whole.length; w++) {
        var j = whole[w].name, says = whole[w].naming;
        var rest = 0, namingIdf = 0, restIdf = 0, inNames = above === doc, cited = false;
        for (k = 0; k < known.length; k++) {
          if (says[k]) { namingIdf += known[k].idf; continue; }
          var fields = maps[k][doc.n];
          if (fields && (fields[0] || fields[1] || fields[2])) { rest++; restIdf += known[k].idf; }
          else if (fields && fields[6] && CITED_MEETING) { rest++; restIdf += known[k].idf; cited = true; }
          // In a name of its own, not one a glossary entry citing it gives it.
          if (!fields || !fields[0] || !fields[0].some(function (p) { return !doc.given[Math.floor(p / gap)]; })) inNames = false;
        }
        if (!rest) continue;
        if (above.given[j]) inNames = false;
        var share = (says.filter(Boolean).length + rest) / count;
        // A rule whose names hold every word ("layers" and "continuous effects" name 613) is named
        // by the query; elsewhere the narrower concept holds the other.
        if (!inNames) {
          share *= MEETING * (1 - SPECIFIC + SPECIFIC * namingIdf / (namingIdf + restIdf)) *
            (1 - NARROW + NARROW / (1 + Math.log(above.size)));
        }
        if (above.given[j]) share *= GIVEN_NAME;
        // The other concept cited (or its words shared), not said: they meet, a step away.
        if (cited) share *= CITED_MEETING;
        if (share > best) best = share;
      }
    }
    return best;
  };

  // Which of the query's words name, whole, a concept above `doc` (the rule it belongs to or its
  // section) while the query's other words are not all in that name: for each word, the concepts
  // (their document numbers) it names; null when none.
  Ranker.prototype.namingAbove = function (doc, known, maps, named) {
    var out = null;
    for (var u = 0; u < doc.up.length; u++) {
      var above = doc.up[u];
      var whole = named[above.n] || (named[above.n] = this.namedWhole(above, known, maps));
      for (var w = 0; w < whole.length; w++) {
        var naming = whole[w].naming;
        if (naming.every(Boolean)) continue;
        out = out || [];
        for (var k = 0; k < naming.length; k++) if (naming[k]) (out[k] = out[k] || []).push(above.n);
      }
    }
    return out;
  };

  // The names of `doc` the query's words cover whole: [{name: its index, naming: which words}].
  Ranker.prototype.namedWhole = function (doc, known, maps) {
    var gap = this.core.gap, out = [];
    for (var j = 0; j < doc.names.length; j++) {
      if (!doc.names[j]) continue;
      var covered = {}, naming = [];
      for (var k = 0; k < known.length; k++) {
        var np = maps[k][doc.n] && maps[k][doc.n][0];
        var hit = false;
        if (np) np.forEach(function (p) { if (Math.floor(p / gap) === j) { covered[p] = true; hit = true; } });
        naming.push(hit);
      }
      if (Object.keys(covered).length >= doc.names[j]) out.push({ name: j, naming: naming });
    }
    return out;
  };

  // A query answered: {number} for a rule number, else the ranked documents, the words it took
  // (`terms`: word, corrected, stems), and the words no rule of the language uses (`unknown`).
  Ranker.prototype.search = function (query) {
    var self = this;
    var number = RULE_QUERY.exec(String(query).trim());
    if (number) {
      var id = number[1] + (number[2] ? "." + number[2] + (number[3] || "").toLowerCase() : "");
      var doc = this.byId[id];
      return Promise.resolve({ query: query, number: id, known: !!doc, results: doc ? [{ doc: doc, score: 1 }] : [], terms: [], unknown: [] });
    }
    // The rules the query names by number come first, in the query's order; a number that is no
    // rule is a word no rule uses. The query's other words rank the rest.
    var named = [], unknownNumbers = [];
    var rest = String(query).replace(NUMBER_IN_QUERY, function (all, before, section, rule, letter) {
      var ruleId = section + "." + Number(rule) + (letter || "").toLowerCase();
      if (!self.byId[ruleId]) unknownNumbers.push(ruleId);
      else if (named.indexOf(self.byId[ruleId]) < 0) named.push(self.byId[ruleId]);
      return before + " ";
    });
    if (named.length || unknownNumbers.length) rest = /\s$/.test(query) ? rest : rest.replace(/\s+$/, "");
    return this.understandWords(rest).then(function (got) {
      var results = named.map(function (doc) { return { doc: doc, score: Infinity }; }).concat(
        self.score(got.terms, got.kinds).filter(function (r) { return named.indexOf(r.doc) < 0; }));
      return {
        query: query, results: results, terms: got.terms,
        unknown: unknownNumbers.concat(got.terms.filter(function (t) { return !t.stems && !t.pending; }).map(function (t) { return t.word; })),
        corrected: got.terms.filter(function (t) { return t.corrected; }).map(function (t) { return [t.word, t.corrected]; })
      };
    });
  };

  // The text of documents, a chunk of them at a time.
  Ranker.prototype.text = function (doc) {
    var self = this, chunk = Math.floor(doc.n / this.core.chunk);
    if (!this.texts[chunk]) this.texts[chunk] = Promise.resolve(this.fetch("t/" + chunk + ".json")).then(function (t) { return t || []; });
    return this.texts[chunk].then(function (list) { return list[doc.n - chunk * self.core.chunk] || ""; });
  };

  // The sentence of `text` that holds most of the query's words, as pieces [text, marked].
  Ranker.prototype.excerpt = function (text, terms) {
    var self = this;
    var stems = {};
    terms.forEach(function (t) { (t.stems || []).concat(t.alt || []).forEach(function (s) { stems[s] = true; }); });
    var sentences = String(text).replace(SENTENCE_END, "$1\u0000").split("\u0000");
    function marks(sentence) {
      var pieces = [], last = 0, count = 0, seen = {};
      sentence.replace(/[\p{L}\p{N}\u2019']+/gu, function (word, at) {
        var w = fold(word), e = self.entry(w);
        var stem = e ? e[0] : null;
        var hit = stem ? stems[stem] : Object.keys(stems).some(function (s) { return s.length > 3 && w.indexOf(s) === 0; });
        if (hit) {
          if (at > last) pieces.push([sentence.slice(last, at), false]);
          pieces.push([word, true]);
          last = at + word.length;
          if (!seen[stem || w]) { seen[stem || w] = true; count++; }
        }
        return word;
      });
      if (last < sentence.length) pieces.push([sentence.slice(last), false]);
      return { pieces: pieces, count: count };
    }
    var best = null;
    sentences.forEach(function (sentence) {
      var m = marks(sentence);
      if (!best || m.count > best.count) best = m;
    });
    return best ? best.pieces : [];
  };

  var api = { Ranker: Ranker, fold: fold, words: words, RULE_QUERY: RULE_QUERY };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else global.KbRank = api;
})(typeof window !== "undefined" ? window : this);
