"""The third held-out set of the search evaluation, `bench/search_queries_third.jsonl`: queries made
from the rules of the newest release by fixed procedures, none from a query the ranking is known to
miss, and never tuned on (all of it held out). Each procedure reads the rule text of the language
itself (the English rules for English queries, the Spanish for Spanish ones), and decides the
target from that text:

- `condition` (a question): a rule whose text opens with a condition ("If a Vehicle becomes a
  creature, ...", "Si ..."; "When ...", "Cuando ...") of two to six words that are no stop words
  is asked about as a judge asks: "what happens if a vehicle becomes a creature", "¿qué pasa si un
  vehículo se convierte en una criatura?". Its targets: every rule opening with that condition.
- `subrule` (a concept and a qualifier): a titled rule or a section (the concept) and a word of one
  of its own rules found in none of the concept's other rules; the word is the rarest (in all the
  rules of the language) of those that are words of some rule's or section's name, else the rarest
  ("trample lethal"). Its targets: that rule and the rules under it holding the word.
- `mentioned pair` (two concepts that meet): a rule of one concept (the titled rule it is or belongs
  to, else its section) whose text names another titled rule by its name's words, in order (stop
  words aside, as the index stems them), both names in the language: "deathtouch trample". Its
  targets: every rule of the one concept naming the other, and of the other naming the one (a
  query's words have no order). No pair of which one name holds the other's words.
- `paraphrased title`: a titled rule's or a section's title with its head noun in the other
  number (English: the last word, Spanish: the first, unless an infinitive) and asked in one of
  three ways ("how do casting spell work", "reglas de pasos de enderezar"). Its target: that rule
  or section.

A name borne by more than one rule or section ("General") names none of them here.

A query already in `bench/search_queries.jsonl` or `bench/search_queries_second.jsonl` is left out.
Each procedure gives at most `PER_SOURCE` queries per language, chosen by a hash of the query (the
same every run, blind to the ranking).

    PYTHONPATH=. python3 bench/search_queries_third.py   # write bench/search_queries_third.jsonl
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_queries import OUTPUT, SECOND, _concept, fold, load_written, write  # noqa: E402

THIRD = Path(__file__).resolve().parent / "search_queries_third.jsonl"
PER_SOURCE = 150
CONDITION = {
    "en": (re.compile(r"^(If|When|Whenever) ([^,.;:]+),"), {"if": "what happens if {}", "when": "what happens when {}",
                                                            "whenever": "what happens when {}"}),
    "es": (re.compile(r"^(Si|Cuando|Siempre que) ([^,.;:]+),"), {"si": "¿qué pasa si {}?", "cuando": "¿qué pasa cuando {}?",
                                                                 "siempre que": "¿qué pasa cuando {}?"}),
}
ASKED = {
    "en": ("how do {} work", "what are the rules for {}", "{}"),
    "es": ("¿cómo funcionan {}?", "¿cuáles son las reglas de {}?", "reglas de {}"),
}


def _digest(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16)


def other_number(word: str, lang: str) -> str:
    """`word` in the other grammatical number, by the plain rules of each language."""
    if lang == "en":
        if word.endswith("ies") and len(word) > 4:
            return word[:-3] + "y"
        if word.endswith(("ches", "shes", "sses", "xes")):
            return word[:-2]
        if word.endswith("s") and not word.endswith("ss"):
            return word[:-1]
        if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
            return word[:-1] + "ies"
        return word + ("es" if word.endswith(("ch", "sh", "ss", "x")) else "s")
    bare = fold(word)
    if bare.endswith("es") and len(bare) > 4 and bare[-3] not in "aeiou":
        return word[:-2]
    if bare.endswith("s") and len(bare) > 3 and bare[-2] in "aeiou":
        return word[:-1]
    if bare[-1:] in ("a", "e", "i", "o", "u"):
        return word + "s"
    return word + "es"


def generate_third(data: Any) -> list[dict[str, Any]]:
    from kb.site.query import rule_labels
    from kb.site.ranking import STOP_WORDS, _Analyzer, _rule_texts
    from kb.site.views import section_title

    stop = set(STOP_WORDS)
    labels = {lang: rule_labels(data, lang) for lang in ("en", "es")}
    sections = {s.id: s for s in data.sections}
    seen = {(q["lang"], fold(q["query"])) for path in (OUTPUT, SECOND) for q in load_written(path)}
    queries: list[dict[str, Any]] = []

    def add(lang: str, form: str, source: str, query: str, targets: list[str]) -> None:
        key = (lang, fold(query))
        if key not in seen and targets:
            seen.add(key)
            queries.append({"lang": lang, "form": form, "source": source, "query": query, "targets": targets,
                            "split": "third"})

    for lang in ("en", "es"):
        analyzer = _Analyzer(lang)
        texts = {rule_id: _rule_texts(data, rule_id, lang)[0] for rule_id in data.order}
        stems = {rule_id: [stem for _, stem in analyzer.terms(text)] for rule_id, text in texts.items()}
        stem_sets = {rule_id: set(found) for rule_id, found in stems.items()}
        df = Counter(stem for found in stem_sets.values() for stem in found)

        def section_name(section_id: str) -> str | None:
            title, in_lang = section_title(data, sections[section_id], lang)
            return title if in_lang else None

        names = {**{s: section_name(s) for s in sections}, **labels[lang]}
        names = {target: name for target, name in names.items() if name and analyzer.terms(name)}
        # A name borne by more than one rule or section ("General") names no one concept.
        borne = Counter(fold(name) for name in names.values())
        names = {target: name for target, name in names.items() if borne[fold(name)] == 1}
        name_stems = {target: [stem for _, stem in analyzer.terms(name)] for target, name in names.items()}
        naming_words = {stem for found in name_stems.values() for stem in found}

        # Questions from the conditions rules open with.
        pattern, asked = CONDITION[lang]
        conditions: dict[str, tuple[str, list[str]]] = {}
        for rule_id in data.order:
            found = pattern.match(texts[rule_id].strip())
            if not found:
                continue
            condition = found.group(2).strip()
            if not 2 <= len(analyzer.terms(condition)) <= 6 or "[" in condition or "“" in condition:
                continue
            key = fold(found.group(1)) + " " + fold(condition)
            opener = asked[fold(found.group(1))]
            typed = condition[0].lower() + condition[1:]
            conditions.setdefault(key, (opener.format(typed), []))[1].append(rule_id)
        for query, targets in conditions.values():
            add(lang, "question", "condition", query, targets)

        # A concept, and a word of one of its rules that none of its other rules holds.
        members: dict[str, list[str]] = {}
        for rule_id in data.order:
            rule = data.rules[rule_id]
            if rule.parent in names and rule.parent in labels[lang]:
                members.setdefault(rule.parent, []).append(rule_id)
            elif not rule.parent and rule.section in names:
                members.setdefault(rule.section, []).append(rule_id)
        under = {rule_id: [r for r in data.order if r.startswith(rule_id) and r != rule_id
                           and not r[len(rule_id):][:1].isdigit()] for rule_id in data.order}
        for concept, rules in members.items():
            if len(rules) < 2:
                continue
            own = set(name_stems[concept])
            for rule_id in rules:
                others = set().union(*(stem_sets[r] | {s for u in under[r] for s in stem_sets[u]}
                                       for r in rules if r != rule_id))
                if rule_id in labels[lang]:
                    continue  # a title names a concept of its own
                candidates = [(w, s) for w, s in analyzer.terms(texts[rule_id])
                              if len(w) >= 4 and not w.isdigit() and s not in own and s not in others]
                if not candidates:
                    continue
                concepts = [c for c in candidates if c[1] in naming_words]
                order = [c[0] for c in candidates]
                word, stem = min(concepts or candidates, key=lambda c: (df[c[1]], order.index(c[0])))
                targets = [rule_id, *(r for r in under[rule_id] if stem in stem_sets[r])]
                add(lang, "qualified", "subrule", f"{names[concept]} {word}".lower(), targets)

        # Two concepts that meet: a rule of the one naming the other.
        titled = {t: name_stems[t] for t in labels[lang] if t in name_stems}
        meets: dict[tuple[str, str], list[str]] = {}
        for rule_id in data.order:
            first = _concept(data, rule_id, labels["en"])
            if first not in names:
                continue
            found = stems[rule_id]
            for other, words in titled.items():
                if other == first or rule_id.startswith(other) or first.startswith(other):
                    continue
                if not any(found[i:i + len(words)] == words for i in range(len(found) - len(words) + 1)):
                    continue
                one, two = set(name_stems[first]), set(words)
                if one <= two or two <= one:
                    continue
                listed = meets.setdefault((first, other), [])
                if rule_id not in listed:
                    listed.append(rule_id)
        position = {rule_id: number for number, rule_id in enumerate(data.order)}
        for (first, other), targets in sorted(meets.items()):
            if len(names[first].split()) + len(names[other].split()) > 6:
                continue
            both = sorted({*targets, *meets.get((other, first), [])}, key=position.__getitem__)
            add(lang, "pair", "mentioned pair", f"{names[first]} {names[other]}".lower(), both)

        # Titles with the head noun in the other number, asked three ways.
        for number, (target, name) in enumerate(sorted(names.items(), key=lambda item: position.get(item[0], -1))):
            words = name.split()
            head = len(words) - 1 if lang == "en" else 0
            if words[head].lower() in stop or not words[head].isalpha():
                continue
            # A Spanish infinitive ("Crear") has no number.
            if lang == "es" and fold(words[head]).endswith(("ar", "er", "ir")):
                continue
            words[head] = other_number(words[head], lang)
            typed = " ".join(words)
            typed = typed if typed.isupper() else typed.lower() if lang == "en" else typed[0].lower() + typed[1:]
            add(lang, "question" if number % 3 < 2 else "term", "paraphrased title",
                ASKED[lang][number % 3].format(typed), [target])

    chosen = []
    for key in sorted({(q["lang"], q["source"]) for q in queries}):
        group = [q for q in queries if (q["lang"], q["source"]) == key]
        group.sort(key=lambda q: _digest(q["lang"] + " " + q["query"]))
        chosen += group[:PER_SOURCE]
    chosen.sort(key=lambda q: (q["lang"], q["source"], q["query"]))
    return chosen


def main() -> int:
    from kb.knowledge import KnowledgeBase
    from kb.site.views import SiteData

    queries = generate_third(SiteData.collect(KnowledgeBase.load()))
    write(queries, THIRD)
    counts = Counter((q["lang"], q["source"]) for q in queries)
    print(f"{THIRD.name}: " + ", ".join(f"{lang} {source} {n}" for (lang, source), n in sorted(counts.items())),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
