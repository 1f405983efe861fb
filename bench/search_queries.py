"""The search evaluation: queries made from the rules themselves, each with the rules it must land
on, in both languages, written to `bench/search_queries.jsonl` (one JSON object a line, sorted, the
same bytes from the same corpus).

Every keyword action (701) and keyword ability (702), every titled rule, every section and part,
every glossary term and every designation a rule names ("The monarch is a designation …") is a
query; so is each phrase of the judges' jargon in `bench/search_jargon.tsv`, whose targets were read
from the rule text. Each comes in three forms:

- the term as a reader types it ("deathtouch", "toque mortal");
- the term with a qualifier: the rarest word of the text that defines it, so that the query names
  two things and lands where both meet ("deathtouch destroy"); its targets are the defining rule
  and every rule under it whose text holds the qualifier;
- a question ("what is deathtouch", "¿qué es toque mortal?").

The Spanish forms are the Spanish of the same rule as the corpus's catalogs give it (a titled
rule's title, a section's title) or the Spanish glossary's term: never a translation made here.
A fifth of the terms (by a hash of the English term) are held out: the ranking is tuned on the
others, and the benchmark reports both.

A second set, `bench/search_queries_second.jsonl`, is made otherwise and is never tuned on (all of it
held out): every keyword ability and action named in the other language (the alias the other
site's readers type), and every pair of concepts a rule joins by citing another: the name of the
titled rule or section a rule belongs to, then the name of the titled rule or section its text
cites ("deathtouch state-based actions"), whose targets are the rules where the two meet: those of a
concept the one names citing a concept the other names, in either order (a query's words have no
order), and no pair of which one name holds the other's words (it names one concept).

    PYTHONPATH=. python3 bench/search_queries.py           # write bench/search_queries.jsonl
    PYTHONPATH=. python3 bench/search_queries.py --second  # write bench/search_queries_second.jsonl
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
OUTPUT = HERE / "search_queries.jsonl"
SECOND = HERE / "search_queries_second.jsonl"
JARGON = HERE / "search_jargon.tsv"
QUESTIONS = {
    "en": ("what is {}", "how does {} work", "what does {} mean"),
    "es": ("¿qué es {}?", "¿cómo funciona {}?", "¿qué significa {}?"),
}
DESIGNATION = [
    re.compile(r"(?:^|\. )(?:The |An? )?“?([A-Za-z][\w’\- ]{2,40}?)”? (?:is|are) (?:a |the )?designations?\b"),
    re.compile(r"designations? (?:of |called |known as )?“([^”]+)”"),
]


def held_out(term: str) -> bool:
    return int(hashlib.sha256(term.casefold().encode("utf-8")).hexdigest(), 16) % 5 == 0


def _texts(data: Any, lang: str) -> dict[str, str]:
    from kb.site.ranking import _rule_texts

    return {rule_id: _rule_texts(data, rule_id, lang)[0] for rule_id in data.order}


def _qualifier(data: Any, target: str, term: str, texts: dict[str, str], df: Counter, named: set[str]) -> str | None:
    """The rarest word (in the rules of the language) of the text defining `target` (its own text,
    or the first subrule's for a titled rule or a section) that names a concept somewhere (a word
    of a title or a glossary term), else its rarest word."""
    from kb.site.ranking import STOP_WORDS, words_of

    stop = set(STOP_WORDS)
    own = set(words_of(term))
    text = texts.get(target, "")
    children = [r for r in data.order if data.rules[r].parent == target]
    if (len(words_of(text)) <= len(own) + 1 or target not in data.rules) and children:
        text = texts[children[0]]
    elif target not in data.rules:
        first = next((r for r in data.order if data.rules[r].section == target), None)
        text = texts.get(first, "") if first else ""
    candidates = [w for w in words_of(text) if len(w) >= 4 and w not in stop and w not in own and not w.isdigit()
                  and not any(w[:4] == o[:4] for o in own)]
    if not candidates:
        return None
    concepts = [w for w in candidates if w in named]
    return min(concepts or candidates, key=lambda w: (df[w], candidates.index(w)))


def _meeting(data: Any, target: str, word: str, texts: dict[str, str], lang: str) -> list[str]:
    """`target` and every rule under it (or in it, for a section) whose text holds `word` (as the
    index stems it: "discard" is in "discards")."""
    from kb.site.ranking import _Analyzer, words_of

    analyzer = _Analyzer(lang)
    stem = analyzer.stem(word)
    under = [r for r in data.order
             if r != target and (r.startswith(target + ".") or (r.startswith(target) and r[len(target):].isalpha()))]
    return [target, *(r for r in under if stem in {analyzer.stem(w) for w in words_of(texts[r])})]


def _items(data: Any) -> list[dict[str, Any]]:
    """Every term of the evaluation: {source, en, es, target}."""
    from kb.site.query import _glossary_targets, rule_labels
    from kb.site.views import section_title

    items = []
    labels = {lang: rule_labels(data, lang) for lang in ("en", "es")}
    for rule_id, title in labels["en"].items():
        source = {"701": "keyword action", "702": "keyword ability"}.get(data.rules[rule_id].section, "rule title")
        items.append({"source": source, "en": title, "es": labels["es"].get(rule_id), "target": rule_id})
    for section in [*data.parts, *data.sections]:
        items.append({"source": "section", "en": section_title(data, section, "en")[0],
                      "es": section_title(data, section, "es")[0], "target": section.id})
    glossary = _glossary_targets(data)
    from kb.site.anchors import entry_key, glossary_anchors

    anchors = glossary_anchors(data)
    spanish = {anchors["es"][entry_key(e)]: e.term for e in data.glossary.get("es", [])}
    for entry in data.glossary.get("en", []):
        anchor = anchors["en"][entry_key(entry)]
        rule = glossary.get(" ".join(re.sub(r"[^\w/]+", " ", entry.term.casefold().replace("’", "")).split()), ("", ""))[0]
        term = re.sub(r"\s*\(Obsolete\)", "", entry.term)
        items.append({"source": "glossary", "en": term, "es": spanish.get(anchor), "target": rule or f"g:{anchor}"})
    seen = set()
    for rule_id in data.order:
        for pattern in DESIGNATION:
            for found in pattern.finditer(data.rules[rule_id].text):
                name = re.sub(r"\s+designation$", "", found.group(1)).strip()
                if name.casefold() not in seen:
                    seen.add(name.casefold())
                    parent = data.rules[rule_id].parent
                    also = [parent] if parent in labels["en"] else []
                    items.append({"source": "designation", "en": name, "es": None, "target": rule_id, "also": also})
    # One query per phrase, its source the first to give it, its targets what every source gives.
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key = item["en"].casefold()
        if not item["target"]:
            continue
        if key in out:
            if item["target"] not in out[key]["also"] and item["target"] != out[key]["target"]:
                out[key]["also"].append(item["target"])
        else:
            out[key] = {"also": [], **item}
    return list(out.values())


def _jargon() -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate(JARGON.read_text(encoding="utf-8").splitlines()[1:], 2):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 6:
            raise ValueError(f"{JARGON}:{number}: {len(cells)} columns, expected 6")
        rows.append({"source": "jargon", "en": cells[0], "es": cells[1] or None, "targets": cells[2].split(),
                     "en_question": cells[3], "es_question": cells[4], "qualified": cells[5]})
    return rows


def generate(data: Any) -> list[dict[str, Any]]:
    from kb.site.ranking import STOP_WORDS, words_of

    texts = {lang: _texts(data, lang) for lang in ("en", "es")}
    df = {lang: Counter(w for text in texts[lang].values() for w in set(words_of(text))) for lang in ("en", "es")}
    named = {lang: {w for item in _items(data) if item[lang] for w in words_of(item[lang])} for lang in ("en", "es")}
    queries = []

    def add(lang: str, form: str, source: str, query: str, targets: list[str], term: str) -> None:
        queries.append({"lang": lang, "form": form, "source": source, "query": query, "targets": targets,
                        "split": "held-out" if held_out(term) else "dev"})

    stop = set(STOP_WORDS)
    jargon = {row["en"].casefold(): row["targets"] for row in _jargon()}
    for number, item in enumerate(_items(data)):
        targets = [item["target"], *item["also"], *(t for t in jargon.get(item["en"].casefold(), [])
                                                    if t != item["target"] and t not in item["also"])]
        for lang in ("en", "es"):
            term = item[lang]
            # A term of stop words alone ("If") is no query.
            if not term or all(w in stop for w in words_of(term)):
                continue
            term = re.sub(r"\s*\((?:obsolete|obsoleto|obsoleta)\)", "", term, flags=re.IGNORECASE)
            # As a reader types it: lower case, but for an abbreviation ("EDH").
            typed = term if term.isupper() else term.lower() if lang == "en" else term[0].lower() + term[1:]
            add(lang, "term", item["source"], typed, targets, item["en"])
            if not item["target"].startswith("g:"):
                word = _qualifier(data, item["target"], term, texts[lang], df[lang], named[lang])
                if word:
                    add(lang, "qualified", item["source"], f"{typed} {word}",
                        _meeting(data, item["target"], word, texts[lang], lang), item["en"])
            add(lang, "question", item["source"], QUESTIONS[lang][number % 3].format(typed), targets, item["en"])
    for row in _jargon():
        for lang in ("en", "es"):
            term = row[lang]
            if not term:
                continue
            add(lang, "term", "jargon", term, row["targets"], row["en"])
            if row[f"{lang}_question"]:
                add(lang, "question", "jargon", row[f"{lang}_question"], row["targets"], row["en"])
        if row["qualified"]:
            lang = "es" if re.search(r"[áéíóúñ¿]| de | del ", row["qualified"]) else "en"
            add(lang, "qualified", "jargon", row["qualified"], row["targets"], row["en"])
    queries.sort(key=lambda q: (q["lang"], q["source"], q["query"], q["form"]))
    return _first_of_each_query(queries)


def _first_of_each_query(queries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The queries in their order, each text (ignoring case) kept once per language: the first."""
    unique, seen = [], set()
    for q in queries:
        key = (q["lang"], q["query"].casefold())
        if key not in seen:
            seen.add(key)
            unique.append(q)
    return unique


def _concept(data: Any, rule_id: str, labels: dict[str, str]) -> str:
    """The titled rule `rule_id` is or belongs to, else its section."""
    current = rule_id
    while current in data.rules:
        if current in labels:
            return current
        current = data.rules[current].parent
    return data.rules[rule_id].section


def generate_second(data: Any) -> list[dict[str, Any]]:
    """The second held-out set: keyword names in the other language, and cited pairs of concepts."""
    from kb.refs import find_references
    from kb.site.query import rule_labels
    from kb.site.views import section_title

    labels = {lang: rule_labels(data, lang) for lang in ("en", "es")}
    sections = {s.id: s for s in [*data.parts, *data.sections]}

    def name(target: str, lang: str) -> str | None:
        if target in labels[lang]:
            return labels[lang][target]
        if target in sections:
            title, in_lang = section_title(data, sections[target], lang)
            return title if in_lang else None
        return None

    queries: list[dict[str, Any]] = []

    def add(lang: str, source: str, query: str, targets: list[str]) -> None:
        queries.append({"lang": lang, "form": "alias" if source == "other language" else "pair",
                        "source": source, "query": query, "targets": targets, "split": "second"})

    for rule_id in labels["en"]:
        if data.rules[rule_id].section in ("701", "702"):
            for lang, other in (("en", "es"), ("es", "en")):
                typed = labels[other].get(rule_id)
                if typed and fold(typed) != fold(labels[lang].get(rule_id, "")):
                    add(lang, "other language", typed.lower(), [rule_id])
    # (first concept, cited concept) -> the rules of the first citing the second
    pairs: dict[tuple[str, str], list[str]] = {}
    for rule_id in data.order:
        first = _concept(data, rule_id, labels["en"])
        for ref in find_references(data.rules[rule_id].text, "en"):
            cited = ref.target
            if cited in data.rules:
                cited = cited if cited in labels["en"] else None
            elif cited not in sections:
                cited = None
            if not cited or cited == first or data.rules.get(cited) is None and cited == data.rules[rule_id].section:
                continue
            cited_section = data.rules[cited].section if cited in data.rules else cited
            if cited_section == data.rules[rule_id].section or first.startswith(cited) or cited.startswith(first):
                continue
            listed = pairs.setdefault((first, cited), [])
            if rule_id not in listed:
                listed.append(rule_id)
    # A pair is its two names, in either order and whichever concept bears them ("General" is the
    # title of many sections): its targets are every rule of a concept named by the one citing a
    # concept named by the other. Two names of which one holds the other's words ("effects" and
    # "replacement effects", "enchant" and "enchantments") name one concept, not two.
    from kb.site.ranking import _Analyzer

    met: dict[tuple[str, frozenset[str]], list[str]] = {}
    named: list[tuple[str, str, frozenset[str]]] = []
    for lang in ("en", "es"):
        analyzer = _Analyzer(lang)
        for (first, cited), targets in sorted(pairs.items()):
            one, two = name(first, lang), name(cited, lang)
            if not one or not two or len(one.split()) + len(two.split()) > 6:
                continue
            stems = [{stem for _, stem in analyzer.terms(n)} for n in (one, two)]
            if stems[0] <= stems[1] or stems[1] <= stems[0]:
                continue
            key = frozenset((fold(one), fold(two)))
            listed = met.setdefault((lang, key), [])
            listed += [t for t in targets if t not in listed]
            named.append((lang, f"{one} {two}".lower(), key))
    position = {rule_id: number for number, rule_id in enumerate(data.order)}
    for lang, query, key in named:
        add(lang, "cited pair", query, sorted(met[(lang, key)], key=position.__getitem__))
    queries.sort(key=lambda q: (q["lang"], q["source"], q["query"]))
    return _first_of_each_query(queries)


def fold(text: str) -> str:
    from kb.site.ranking import fold_text

    return " ".join(fold_text(text).split())


def load_written(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write(queries: list[dict[str, Any]], path: Path = OUTPUT) -> None:
    text = "".join(json.dumps(q, ensure_ascii=False, sort_keys=True) + "\n" for q in queries)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def main() -> int:
    from kb.knowledge import KnowledgeBase
    from kb.site.views import SiteData

    data = SiteData.collect(KnowledgeBase.load())
    second = "--second" in sys.argv[1:]
    queries = generate_second(data) if second else generate(data)
    output = SECOND if second else OUTPUT
    write(queries, output)
    counts = Counter(q["lang"] for q in queries)
    print(f"{output.name}: " + ", ".join(f"{lang} {n}" for lang, n in sorted(counts.items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
