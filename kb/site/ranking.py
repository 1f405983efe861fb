"""The search box's own ranking: a field-weighted index of each language, made at build time and
scored in the browser by site/assets/rank.js (the same script scores the evaluation in `bench/`).

`kb-rank/LANG/` holds, for the rules, sections, parts and glossary entries of the newest release:

- `core.json`: the documents in order, a line each (`702.16a r ,c,u,,9 1`: id, kind, the length
  of each field in base 36, the length of each name, negative for a name a glossary entry citing
  the rule gives it, the title if it has one), each field's mean
  length, the stop words, and the shard of each word prefix;
- `w/PREFIX.json` (PREFIX: a word's first two letters): the words of that prefix with their stem,
  whether the page's language uses the word (`1`) or only names a rule in the other language (`0`),
  and the postings of every stem of that prefix: `stem → [document, field, count, positions…, …]`
  (and of every word of a name as written, under `=word`);
- `t/N.json`: the text of documents N×TEXT_CHUNK… (for the sentence a result shows).

A query's first keystroke reads `core.json` and one shard. The fields, from the strongest:

- `name`: what the document is called in the page's language (a titled rule's title, a section's,
  a glossary term, the synonyms and term base phrases that lead to it, the glossary terms citing it
  first); each name its own phrase, positions `NAME_GAP` apart;
- `alias`: what it is called in the other language (a Spanish term typed on the English site finds
  its rule, but is never a word the English site corrects to);
- `first`: the first sentence of its text; `rest`: the rest; `examples`;
- `context`: the names of its section and of the rule it belongs to (702.16a belongs to
  "Protection"; 810.10 to "Two-Headed Giant", "2HG"), so two concepts meet in a subrule;
- `body`: a titled rule's subrules' text;
- `cites`: the names of the rules and sections its text cites (702.10b, "See rule 302.6", is
  where Haste meets summoning sickness), or, for a cited rule without a name, its section's; and
  of the titled rules whose subrules' rare words it says (702.2c, of Deathtouch, says "lethal"
  and "excess damage" as Trample's 702.19b does: where the two meet though no rule names both).
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import snowballstemmer

from kb.site.anchors import entry_key, glossary_anchors
from kb.site.locale import LANGS
from kb.site.synonyms import EverydayWord, EverydayWordError
from kb.site.views import SiteData, section_title

RANK_DIR = "kb-rank"
FIELDS = ("name", "first", "rest", "examples", "context", "body", "cites")
NAME_GAP = 50
# The postings of a word of a name as written (not stemmed) are kept under this mark and the word.
EXACT = "="
TEXT_CHUNK = 10
# A shard of a two-letter prefix larger than this is cut by the words' first three letters.
SHARD_BYTES = 16_000
STEMMERS = {"en": "english", "es": "spanish"}

# Words that say nothing of what is sought: function words, and the words a question is asked with
# ("what happens when…", "¿qué pasa si…?"). A stop word is never "unknown".
_STOP_TEXT = {
    "en": """a about after again all also am an and any are as at be been before being both but by can
        could did do does doing done during each either for from had has have having how i if in into is
        it its me my of on once only or other our out over own same should so some such than that
        the their them then there these they this those through to too under until up very was we were
        against toward towards upon onto within
        what when where which while who whom why will with would you your vs versus happen happens
        happened work works mean means meaning explain explained rule rules cr comprehensive whats
        many much mine yours per""",
    "es": """a al algo algun alguna algunas alguno algunos antes como con contra cual cuales cuando
        de del desde donde durante e el ella ellas ellos en entre era eran es esa esas ese eso esos esta
        estas este esto estos fue fueron ha han hay la las le les lo los mas me mi muy ni nos o os
        para pero por porque que quien quienes se sea sean ser si sobre son su sus tambien te tiene
        tienen u un una unas uno unos y ya vs versus pasa pasan ocurre ocurren sucede funciona funcionan
        significa significan regla reglas explica explicame hacia hasta tras segun mediante
        puedo puedes puede podemos pueden pueda puedan cuanto cuanta cuantos cuantas mis yo""",
}
# One list for both languages: the other language's names are indexed too, and "fase de combate"
# typed on the English site drops its "de" as the Spanish site does.
STOP_WORDS = sorted({w for text in _STOP_TEXT.values() for w in text.split()})

_WORD = re.compile(r"[a-z0-9]+")
_OBSOLETE = re.compile(r"\s*\((?:obsolete|obsoleto|obsoleta)\)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z¿¡“\"(ÁÉÍÓÚÑ0-9])")


_ACCENTS = re.compile("[\u0300-\u036f’']")


def fold_text(text: str) -> str:
    """Lower case, no accents, apostrophes dropped: as rank.js folds a query."""
    return _ACCENTS.sub("", unicodedata.normalize("NFD", text.lower()))


def words_of(text: str) -> list[str]:
    return _WORD.findall(fold_text(text))


def first_sentence(text: str) -> tuple[str, str]:
    parts = _SENTENCE_END.split(text.strip(), maxsplit=1)
    return parts[0], (parts[1] if len(parts) > 1 else "")


class _Analyzer:
    def __init__(self, lang: str):
        self.stop = set(STOP_WORDS)
        self.stemmer = snowballstemmer.stemmer(STEMMERS[lang])
        self.stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        found = self.stems.get(word)
        if found is None:
            found = word if word.isdigit() or len(word) < 3 else self.stemmer.stemWord(word)
            self.stems[word] = found
        return found

    def terms(self, text: str) -> list[tuple[str, str]]:
        """(word, stem) of each word that is no stop word, in order."""
        stem = self.stem
        return [(w, stem(w)) for w in words_of(text) if w not in self.stop] if text else []


def _names(data: SiteData) -> tuple[dict[str, dict[str, list[str]]], set[tuple[str, str]]]:
    """rule/section/part id → language → the phrases naming it (its own title first); and the
    (id, folded phrase) of the names it is given by a glossary entry citing it, which name it less
    than its own ("Exiliar" is 701.13's title, and a name 406 is given)."""
    from kb.site.query import _glossary_targets, _known, rule_labels

    known = _known(data)
    names: dict[str, dict[str, list[str]]] = {}
    borrowed: set[tuple[str, str]] = set()

    def add(target: str, lang: str, phrase: str, given: bool = False) -> None:
        phrase = phrase.strip()
        if target in known and phrase:
            listed = names.setdefault(target, {}).setdefault(lang, [])
            if fold_text(phrase) not in (fold_text(p) for p in listed):
                listed.append(phrase)
                if given:
                    borrowed.add((target, fold_text(phrase)))

    for lang in LANGS:
        for rule_id, title in rule_labels(data, lang).items():
            add(rule_id, lang, title)
        for section in [*data.parts, *data.sections]:
            add(section.id, lang, section_title(data, section, lang)[0])
    for synonym in data.synonyms:
        for lang in (LANGS if synonym.lang == "both" else (synonym.lang,)):
            add(synonym.target, lang, synonym.phrase)
    glossary = _glossary_targets(data)
    for lang in LANGS:
        for entry in data.glossary.get(lang, []):
            rule = glossary.get(fold_text(entry.term).strip(), ("", ""))[0] or \
                glossary.get(" ".join(words_of(entry.term)), ("", ""))[0]
            if rule:
                add(rule, lang, _OBSOLETE.sub("", entry.term), given=True)
    by_english = {fold_text(p): target for target, langs in names.items() for p in langs.get("en", [])}
    for term in data.term_base:
        target = by_english.get(fold_text(term.en))
        if target:
            for phrase in (term.es, *term.variants):
                add(target, "es", phrase)
    return names, borrowed


def _rule_texts(data: SiteData, rule_id: str, lang: str) -> tuple[str, list[str]]:
    rule = data.rules[rule_id]
    if lang == "es" and rule.spanish is not None:
        return rule.spanish.text, list(rule.spanish.examples)
    return rule.text, list(rule.examples)


def _documents(data: SiteData, lang: str) -> list[dict[str, Any]]:
    """Every document of `lang`: id, kind, title, the text of each field (lists of phrases for the
    names and the context; `other` the names in the other language), and its text."""
    other = "en" if lang == "es" else "es"
    names, borrowed = _names(data)
    given: dict[str, set[str]] = {}
    for target, phrase in borrowed:
        given.setdefault(target, set()).add(phrase)
    docs = []

    def names_of(target: str, which: str) -> list[str]:
        return names.get(target, {}).get(which, [])

    def both(target: str) -> list[str]:
        return [*names_of(target, lang), *names_of(target, other)]

    for section in [*data.parts, *data.sections]:
        part = data.section_part.get(section.id, "")
        docs.append({"id": section.id, "kind": "section" if part else "part",
                     "title": section_title(data, section, lang)[0], "name": names_of(section.id, lang),
                     "given": given.get(section.id, set()),
                     "other": names_of(section.id, other), "first": "", "rest": "", "examples": "",
                     "context": both(part) if part else [], "body": "", "text": ""})
    children: dict[str, list[str]] = {}
    for rule_id in data.order:
        parent = data.rules[rule_id].parent
        while parent and parent in data.rules:
            children.setdefault(parent, []).append(rule_id)
            parent = data.rules[parent].parent

    def cited(rule_id: str) -> list[str]:
        """The names of what the rule's English text cites (both languages' names), each once: its
        references as the site's data holds them, read once for both languages' indexes."""
        out: list[str] = []
        for ref in data.rules[rule_id].references:
            target = ref.target
            if target == rule_id or target not in names and target not in data.rules:
                continue
            phrases = both(target) or (both(data.rules[target].section) if target in data.rules else [])
            out += [p for p in phrases if p not in out]
        return out

    for rule_id in data.order:
        rule = data.rules[rule_id]
        text, examples = _rule_texts(data, rule_id, lang)
        own = names_of(rule_id, lang)
        first, rest = first_sentence(text)
        title = text.strip() if own and fold_text(own[0]) == fold_text(text.strip()) else ""
        if title:
            first, rest = "", ""  # a titled rule's text is its name
        context = both(rule.section)
        parent = rule.parent
        while parent and parent in data.rules:
            context += both(parent)
            parent = data.rules[parent].parent
        # A titled rule ("Protection") stands for the rules under it: their text is its body, so
        # that "protection from red" finds the concept, not a rule that mentions the phrase.
        body = " ".join(" ".join([texts[0], *texts[1]]) for texts in
                        (_rule_texts(data, child, lang) for child in children.get(rule_id, []))) if title else ""
        docs.append({"id": rule_id, "kind": "rule", "title": title, "name": own, "given": given.get(rule_id, set()),
                     "other": names_of(rule_id, other),
                     "first": first, "rest": rest, "examples": " ".join(examples), "context": context,
                     "body": body, "cites": cited(rule_id), "text": text})
    rules = [doc for doc in docs if doc["kind"] == "rule"]
    for doc, concepts in zip(rules, _kindred_concepts(rules, children, lang)):
        doc["cites"] += [name for target in concepts for name in both(target) if name not in doc["cites"]]
    anchors = glossary_anchors(data)
    for entry in data.glossary.get(lang, []):
        senses = " ".join(entry.senses)
        first, rest = first_sentence(senses)
        docs.append({"id": "g:" + anchors[lang][entry_key(entry)], "kind": "glossary", "title": entry.term,
                     "name": [_OBSOLETE.sub("", entry.term)], "other": [], "first": first, "rest": rest, "examples": "",
                     "context": [], "body": "", "text": senses})
    return docs


# A word is a rare word of the rules when this few rules or fewer say it; a rule shares a titled
# rule's vocabulary when it says this many of the rare words of that rule's subrules.
RARE_RULES = 30
SHARED_RARE = 3
KINDRED_MAX = 2


def _kindred_concepts(rules: list[dict[str, Any]], children: dict[str, list[str]], lang: str) -> list[list[str]]:
    """For each rule (in order), the titled rules ("Trample") whose subrules' rare words it says
    (702.2c, of Deathtouch, says "lethal" and "excess damage" as 702.19b does), at most
    KINDRED_MAX, the most shared first: where two concepts meet though no rule names both."""
    analyzer = _Analyzer(lang)
    own = [{stem for _, stem in analyzer.terms(doc["first"] + " " + doc["rest"])} for doc in rules]
    rule_count: dict[str, int] = {}
    for stems in own:
        for stem in stems:
            rule_count[stem] = rule_count.get(stem, 0) + 1
    number = {doc["id"]: n for n, doc in enumerate(rules)}
    rare_of: dict[str, list[str]] = {}  # rare stem -> titled rules whose subrules say it
    for doc in rules:
        if not doc["title"]:
            continue
        named = {stem for phrase in [*doc["name"], *doc["other"]] for _, stem in analyzer.terms(phrase)}
        vocabulary = set().union(*(own[number[c]] for c in children.get(doc["id"], []) if c in number))
        for stem in sorted(vocabulary - named):
            if rule_count.get(stem, 0) <= RARE_RULES:
                rare_of.setdefault(stem, []).append(doc["id"])
    out = []
    for n, doc in enumerate(rules):
        above = {doc["id"]}
        rule_id = doc["id"]
        while re.search(r"[.a-z]", rule_id):
            rule_id = rule_id[:-1] if rule_id[-1].isalpha() else rule_id.rsplit(".", 1)[0]
            above.add(rule_id)
        shared: dict[str, int] = {}
        for stem in own[n]:
            for target in rare_of.get(stem, ()):
                if target not in above and doc["id"] not in children.get(target, ()):
                    shared[target] = shared.get(target, 0) + 1
        ranked = sorted((t for t, k in shared.items() if k >= SHARED_RARE), key=lambda t: (-shared[t], number[t]))
        out.append(ranked[:KINDRED_MAX])
    return out


KIND_CODES = {"part": "p", "section": "s", "rule": "r", "glossary": "g"}


def rank_index(data: SiteData, lang: str) -> dict[str, Any]:
    """The index of `lang`: {"core": core.json, "shards": {prefix: shard}, "texts": [chunk, ...]}."""
    everyday = [entry for entry in getattr(data, "everyday", []) if entry.lang == lang]
    return index_documents(_documents(data, lang), lang, data.newest, everyday)


def index_documents(docs: list[dict[str, Any]], lang: str, release: str,
                    everyday: list[EverydayWord] | tuple[EverydayWord, ...] = ()) -> dict[str, Any]:
    """The index of documents as `_documents` gives them (id, kind, title, name, given, other,
    first, rest, examples, context, body, text; cites if any), in their order, with the everyday
    words of `lang` (an `EverydayWordError` if the rules of `lang` do not say one of their rules
    words)."""
    analyzer = _Analyzer(lang)
    postings: dict[str, dict[int, dict[int, list[int]]]] = {}
    own_words: set[str] = set()
    other_words: set[str] = set()
    rows, totals, counted = [], [0] * len(FIELDS), [0] * len(FIELDS)
    for number, doc in enumerate(docs):
        lengths, name_lengths = [], []
        for field_number, field in enumerate(FIELDS):
            if field == "name":
                phrases = [(p, True) for p in doc["name"]] + [(p, False) for p in doc["other"]]
            elif field in ("context", "cites"):
                phrases = [(p, False) for p in doc.get(field, [])]
            else:
                phrases = [(doc[field], True)]
            length = 0
            for index, (phrase, own) in enumerate(phrases):
                position = index * NAME_GAP
                terms = analyzer.terms(phrase)
                if field == "name":
                    # A name given by a glossary entry is written as a negative length.
                    given = fold_text(phrase) in doc.get("given", ())
                    name_lengths.append(-len(terms) if given else len(terms))
                for word, stem in terms:
                    (own_words if own else other_words).add(word)
                    postings.setdefault(stem, {}).setdefault(number, {}).setdefault(field_number, []).append(position)
                    if field == "name":
                        # The word as written too: "equipment" names 301, "equip" 702.6, one stem.
                        postings.setdefault(EXACT + word, {}).setdefault(number, {}).setdefault(0, []).append(position)
                    position += 1
                length += len(terms)
            lengths.append(length)
            totals[field_number] += length
            counted[field_number] += 1 if length else 0
        # "702.16a r ,c,u,,9 1,1": id, kind, field lengths in base 36 (0 left empty, trailing zeros
        # left out), name lengths (the title, if any, after).
        while lengths and not lengths[-1]:
            lengths.pop()
        row = (f"{doc['id']} {KIND_CODES[doc['kind']]} {','.join(_base36(n) for n in lengths)} "
               f"{','.join(map(str, name_lengths))}")
        rows.append(row + (f" {doc['title']}" if doc["title"] else ""))
    shards: dict[str, dict[str, Any]] = {}
    for word in sorted(own_words | other_words):
        shards.setdefault(word[:2], {"w": {}, "p": {}})["w"][word] = [analyzer.stem(word), 1 if word in own_words else 0]
    for stem in sorted(postings):
        flat: list[int] = []
        for doc_number in sorted(postings[stem]):
            for field_number in sorted(postings[stem][doc_number]):
                positions = postings[stem][doc_number][field_number]
                flat += [doc_number, field_number, len(positions), *positions]
        shards.setdefault(stem.lstrip(EXACT)[:2], {"w": {}, "p": {}})["p"][stem] = flat
    for word, stems in _everyday_stems(everyday, own_words, analyzer, lang).items():
        shards.setdefault(word[:2], {"w": {}, "p": {}}).setdefault("e", {})[word] = stems
    for prefix in sorted(shards):
        if len(prefix) == 2 and len(_dump(shards[prefix])) > SHARD_BYTES:
            whole = shards.pop(prefix)
            for part in whole:
                for key, value in whole[part].items():
                    shards.setdefault(key.lstrip(EXACT)[:3], {"w": {}, "p": {}}).setdefault(part, {})[key] = value
    core = {
        "lang": lang,
        "release": release,
        "fields": list(FIELDS),
        "gap": NAME_GAP,
        "chunk": TEXT_CHUNK,
        "docs": "\n".join(rows),
        "avg": [round(total / max(1, n), 3) for total, n in zip(totals, counted)],
        "stop": STOP_WORDS,
        "shards": sorted(shards),
    }
    texts = [doc["text"] or "" for doc in docs]
    chunks = [texts[start:start + TEXT_CHUNK] for start in range(0, len(texts), TEXT_CHUNK)]
    return {"core": core, "shards": dict(sorted(shards.items())), "texts": chunks}


def _everyday_stems(everyday: list[EverydayWord] | tuple[EverydayWord, ...], own_words: set[str],
                    analyzer: _Analyzer, lang: str) -> dict[str, list[str]]:
    """Each everyday word (every form of it, no stop word) → the stems of the rules' words for it,
    each a word the rules of `lang` say."""
    out: dict[str, list[str]] = {}
    for entry in everyday:
        for word in entry.rules:
            if word not in own_words:
                raise EverydayWordError(f"{entry.where()}: no rule in {lang!r} says {word!r}")
        stems = list(dict.fromkeys(analyzer.stem(word) for word in entry.rules))
        for word in entry.words:
            if word not in analyzer.stop:
                out[word] = stems
    return dict(sorted(out.items()))


def _base36(number: int) -> str:
    digits = ""
    while number:
        number, digit = divmod(number, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
    return digits


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write_rank_indexes(data: SiteData, site_dir: Path) -> None:
    for lang in LANGS:
        write_index(rank_index(data, lang), Path(site_dir) / RANK_DIR / lang)


def write_index(index: dict[str, Any], folder: Path) -> None:
    """An index as `rank_index` gives it, as the files rank.js reads in `folder`."""
    (folder / "w").mkdir(parents=True, exist_ok=True)
    (folder / "t").mkdir(parents=True, exist_ok=True)
    (folder / "core.json").write_text(_dump(index["core"]), encoding="utf-8")
    for prefix, shard in index["shards"].items():
        (folder / "w" / f"{prefix}.json").write_text(_dump(shard), encoding="utf-8")
    for number, chunk in enumerate(index["texts"]):
        (folder / "t" / f"{number}.json").write_text(_dump(chunk), encoding="utf-8")
