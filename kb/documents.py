"""The Spanish rules of a release as a plain-text document in the official layout: the English
release's file line for line (same numbering, same order, same blank lines), each rule, example,
section title and glossary entry in Spanish where the team's translation of that very English text
exists (or an official quote of it), and in English where not, so that the two files compare line
by line.

    spanish_lines(english_lines, doc, spanish_for, glossary_for)   ->  the lines of the Spanish document

A rule that runs over several lines of the English file (the hard-wrapped releases of 2003-2004)
stays in English: its Spanish would not keep the line structure.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

# (text, examples) of the Spanish of a rule, or None to keep the English.
SpanishFor = Callable[[Any], "tuple[str, list[str]] | None"]
# (term, senses) of the Spanish of a glossary entry, or None to keep the English.
GlossaryFor = Callable[[Any], "tuple[str, list[str]] | None"]
EXAMPLE_EN, EXAMPLE_ES = "Example:", "Ejemplo:"


def _replace_after_prefix(line: str, english: str, spanish: str) -> str | None:
    """`line` with the English `english` after its number replaced by `spanish`; None if the line does
    not end with that text (a line the parser read otherwise)."""
    stripped = line.rstrip()
    if not english or not stripped.endswith(english.strip()):
        return None
    prefix = stripped[: len(stripped) - len(english.strip())]
    return prefix + spanish.strip() + line[len(stripped):]


def spanish_lines(english_lines: list[str], doc: Any, spanish_for: SpanishFor,
                  glossary_for: GlossaryFor | None = None) -> list[str]:
    """The Spanish document's lines: `english_lines` (those of `doc`'s file, numbered from 1) with
    each rule and example `spanish_for` gives in Spanish, and each glossary entry `glossary_for`
    gives, replaced in place."""
    lines = list(english_lines)
    for entry in doc.glossary if glossary_for is not None else []:
        found = glossary_for(entry)
        if found is None or len(found[1]) != len(entry.senses):
            continue
        term, senses = found
        at = entry.line - 1
        # The term on its line and each sense on one of its own, as the English file has them.
        if not (0 <= at and at + len(senses) < len(lines)) or lines[at].strip() != entry.term.strip():
            continue
        if any(lines[at + 1 + i].strip() != sense.strip() for i, sense in enumerate(entry.senses)):
            continue
        if any("\n" in text for text in (term, *senses)):
            continue
        lines[at] = term
        for i, sense in enumerate(senses):
            lines[at + 1 + i] = sense
    for rule in doc.rules:
        found = spanish_for(rule)
        if found is None or not (0 < rule.line <= len(lines)):
            continue
        text, examples = found
        if "\n" in text or any("\n" in e for e in examples):
            continue
        replaced = _replace_after_prefix(lines[rule.line - 1], rule.text, text)
        if replaced is None:
            continue
        # The examples in Spanish only if each has its own line and the counts agree.
        example_lines = [e.line for e in rule.examples]
        if len(examples) == len(rule.examples) and len(set(example_lines)) == len(example_lines) and rule.line not in example_lines:
            new_examples = {}
            for example, es in zip(rule.examples, examples):
                line = lines[example.line - 1] if 0 < example.line <= len(lines) else ""
                if not line.lstrip().startswith(EXAMPLE_EN):
                    break
                swapped = _replace_after_prefix(line, example.text, es)
                if swapped is None:
                    break
                new_examples[example.line] = swapped.replace(EXAMPLE_EN, EXAMPLE_ES, 1)
            else:
                for number, line in new_examples.items():
                    lines[number - 1] = line
        lines[rule.line - 1] = replaced
    return lines


def english_file(kb: Any, release: str) -> Path | None:
    """The English file of `release` (a relative source is read from the corpus's root); None if
    the release is unknown or its file is not at hand."""
    doc = kb.documents.get(release)
    if doc is None:
        return None
    source = Path(doc.source)
    if not source.is_absolute():
        source = Path(getattr(kb, "corpus_root", ".")) / source
    return source if source.is_file() else None


def english_lines(kb: Any, release: str) -> list[str] | None:
    """The lines of the English file of `release`, decoded; None if the file is not at hand."""
    from kb.decode import read_text, split_lines

    source = english_file(kb, release)
    if source is None:
        return None
    text, _ = read_text(source)
    return split_lines(text)


class ReleaseSpanish:
    """Which Spanish applies to each rule, title and glossary entry of any release.

    The team's Spanish translates one English text: a rule's Spanish, that of the rule's English in
    the release it `translates` (the newest for a current translation, an older one for a fuzzy entry
    or a quote of an older release). It applies to a release's rule, followed along its line of
    descent, only where that release's English is that very text; a section or part title, and a
    glossary entry, likewise where its English is the English the Spanish translates.
    """

    def __init__(self, data: Any):
        self.data = data
        self.documents = data.documents
        self._ids: dict[str, dict[int, str]] = {}
        self._newest_parts = {r.id: r.text for r in data.parts}
        self._glossary_es = {en.term: es for es, en in data.glossary_pairs}
        self._glossaries: dict[str, dict[str, Any]] = {}

    def _id_in(self, release: str, number: int) -> str | None:
        """The id in `release` of the rule of line of descent `number` (None if it has none there)."""
        if release not in self._ids:
            self._ids[release] = {n: rule_id for rule_id, n in self.data.descent.get(release, {}).items()}
        return self._ids[release].get(number)

    def _text(self, release: str | None, rule_id: str | None) -> str | None:
        if release is None or rule_id is None:
            return None
        return self.data.release_texts.get(release, {}).get(rule_id)

    def _place(self, release: str, rule_id: str) -> tuple[int, str, str] | None:
        """(line of descent, id in the newest release, English text) of `rule_id` of `release`; None
        if the rule has no descendant in the newest release."""
        number = self.data.descent.get(release, {}).get(rule_id)
        newest_id = self._id_in(self.data.newest, number) if number is not None else None
        english = self._text(release, rule_id)
        if number is None or newest_id is None or english is None:
            return None
        return number, newest_id, english

    def rule(self, release: str, rule: Any) -> tuple[str, list[str]] | None:
        """(text, examples) of the Spanish of `rule` of `release` (a part's or section's title, a
        rule's or subrule's text), or None where no Spanish translates that English."""
        if rule.kind == "part":
            title = self.data.titles_es.get(rule.id)
            return (title, []) if title and self._newest_parts.get(rule.id) == rule.text else None
        if rule.kind == "section":
            place = self._place(release, rule.id)
            title = self.data.titles_es.get(place[1]) if place is not None else None
            return (title, []) if title and place[2] == self._text(self.data.newest, place[1]) else None
        chosen = self.translation(release, rule)
        return (chosen.text, list(chosen.examples)) if chosen is not None else None

    def translation(self, release: str, rule: Any) -> Any | None:
        """The Spanish text (`kb.site.sitedata.SpanishData`) that translates the English of the rule or
        subrule `rule` of `release`, or None."""
        place = self._place(release, rule.id)
        if place is None:
            return None
        number, newest_id, english = place
        spanish = getattr(self.data.rules.get(newest_id), "spanish", None)
        for candidate in [spanish, *getattr(spanish, "others", [])] if spanish is not None else []:
            if candidate.text.strip() and english == self._translated(candidate, number, newest_id):
                return candidate
        return None

    def _translated(self, spanish: Any, number: int, newest_id: str) -> str | None:
        """The English text `spanish` translates; without the release it translates, the newest
        English if the text is current (as `kb.site.api.spanish_of` tells it), else none."""
        release = getattr(spanish, "english_release", None)
        if release in self.data.release_texts:
            return self._text(release, self._id_in(release, number))
        from kb.site.api import spanish_of

        told = spanish_of(spanish)
        return self._text(self.data.newest, newest_id) if told is not None and told["current"] else None

    def glossary(self, release: str, entry: Any) -> tuple[str, list[str]] | None:
        """(term, senses) of the Spanish of the glossary entry `entry` of `release`, where the
        English it translates is `entry`'s definition."""
        es = self._glossary_es.get(entry.term)
        if es is None:
            return None
        translated = self._english_glossary(es.release).get(entry.term)
        if translated is None or list(translated.senses) != list(entry.senses):
            return None
        return es.term, list(es.senses)

    def _english_glossary(self, release: str) -> dict[str, Any]:
        if release not in self._glossaries:
            doc = self.documents.get(release)
            self._glossaries[release] = {g.term: g for g in (doc.glossary if doc is not None else [])}
        return self._glossaries[release]

    def text(self, kb: Any, release: str) -> str | None:
        """The Spanish document of `release` (LF line ends, UTF-8 when encoded), its English file
        read from `kb`'s corpus; None if that file is not at hand."""
        lines = english_lines(kb, release)
        if lines is None:
            return None
        doc = self.documents[release]
        text = spanish_lines(lines, doc, lambda rule: self.rule(release, rule),
                             lambda entry: self.glossary(release, entry))
        return "\n".join(line.rstrip("\r\n") for line in text) + "\n"


def spanish_release_text(kb: Any, api: Any, release: str) -> str | None:
    """The Spanish document of `release` as text (LF line ends), from `kb` and the site's data of it
    (`api.data`, as a `kb.site.api.ReleaseApi` holds it); None if the English file is not at hand."""
    return ReleaseSpanish(api.data).text(kb, release)


def release_text(kb: Any, release: str, lang: str = "es", progress: Callable[[str], None] | None = None) -> str | None:
    """The rules of `release` as UTF-8-ready text with LF line ends: in English the official file
    as it reads, in Spanish its document (`ReleaseSpanish.text`); None if the English file is not
    at hand. The Spanish reads every release's rules and translations first (`progress` is told)."""
    if lang == "en":
        lines = english_lines(kb, release)
        return None if lines is None else "\n".join(line.rstrip("\r\n") for line in lines) + "\n"
    from kb.site.sitedata import SiteData

    return ReleaseSpanish(SiteData.collect(kb, progress=progress)).text(kb, release)
