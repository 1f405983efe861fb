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

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
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


def _replaced_lines(lines: list[str], first: int, english: str, spanish: str) -> dict[int, str] | None:
    """The lines (index → new line) that put `spanish` in place of `english`, which begins after a
    number on line index `first` and may run on over the next lines (a rule of several paragraphs,
    each on its own line): the first after its number, each further one after its indent. None where
    the Spanish has not as many paragraphs as the English, or the lines do not hold that English."""
    english_parts, spanish_parts = english.split("\n"), spanish.split("\n")
    if len(english_parts) != len(spanish_parts) or first + len(english_parts) > len(lines):
        return None
    head = _replace_after_prefix(lines[first], english_parts[0], spanish_parts[0])
    if head is None:
        return None
    out = {first: head}
    for offset, (en, es) in enumerate(zip(english_parts[1:], spanish_parts[1:]), 1):
        line = lines[first + offset]
        if line.strip() != en.strip() or not en.strip():
            return None
        indent = line[: len(line) - len(line.lstrip())]
        out[first + offset] = indent + es.strip()
    return out


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
        replaced = _replaced_lines(lines, rule.line - 1, rule.text, text)
        if replaced is None:
            continue
        # The examples in Spanish only if each has its own lines and the counts agree.
        example_lines = [e.line for e in rule.examples]
        if len(examples) == len(rule.examples) and len(set(example_lines)) == len(example_lines) and rule.line not in example_lines:
            new_examples: dict[int, str] = {}
            for example, es in zip(rule.examples, examples):
                line = lines[example.line - 1] if 0 < example.line <= len(lines) else ""
                swapped = _replaced_lines(lines, example.line - 1, example.text, es) if line.lstrip().startswith(EXAMPLE_EN) else None
                if swapped is None:
                    break
                swapped[example.line - 1] = swapped[example.line - 1].replace(EXAMPLE_EN, EXAMPLE_ES, 1)
                new_examples.update(swapped)
            else:
                for at, line in new_examples.items():
                    lines[at] = line
        for at, line in replaced.items():
            lines[at] = line
    return lines


_EFFECTIVE = re.compile(r"^(?P<indent>\s*)These rules are (?P<kind>effective|current) as of (?P<date>[A-Z][a-z]+ \d{1,2}, \d{4})\.(?P<rest>\s*)$")
_CONTENTS_ENTRY = re.compile(r"^(?P<indent>\s*)(?P<id>\d{1,3})\.\s+(?P<title>\S.*?)\s*$")


def spanish_effective_line(line: str) -> str | None:
    """The document's line of the date its rules take effect, in Spanish ("These rules are effective
    as of January 16, 2026." → "Estas reglas entran en vigor el 16 de enero de 2026."); None for any
    other line."""
    found = _EFFECTIVE.match(line)
    if found is None:
        return None
    from babel.dates import format_date

    try:
        when = datetime.strptime(found["date"], "%B %d, %Y").date()
    except ValueError:
        return None
    day = format_date(when, "d 'de' MMMM 'de' y", locale="es")
    said = f"Estas reglas entran en vigor el {day}." if found["kind"] == "effective" else f"Estas reglas están vigentes a {day}."
    return found["indent"] + said + found["rest"]


# A heading the parser skips ("heading: Credits") or a contents line naming one ("contents entry:
# Glossary") → the catalog entry of its text.
_HEADING_REASONS = ("heading: ", "contents entry: ")


def matter_lines(english_lines: list[str], doc: Any, document_es: dict[str, tuple[str, str]],
                 title_for: Callable[[str, str], str | None]) -> dict[int, str]:
    """The document's own lines in Spanish (line index → Spanish line): its title, the dates it takes
    effect, the headings, the introduction's paragraphs, the table of contents (each part and
    section title that `title_for(id, English title)` gives), the credits and the publisher's
    notices. Each only where `document_es` (msgctxt → (Spanish, the English it translates)) holds a
    Spanish made from that very English line; any other line stays English."""
    from kb.parse.cr.credits import NOTICE_REASON

    def of(context: str, english: str) -> str | None:
        found = document_es.get(f"document:{context}")
        if found is None or " ".join(found[1].split()) != " ".join(english.split()):
            return None
        return found[0]

    out: dict[int, str] = {}

    def put(index: int, spanish: str | None) -> None:
        if spanish and 0 <= index < len(english_lines):
            line = english_lines[index]
            indent = line[: len(line) - len(line.lstrip())]
            out[index] = indent + spanish.strip() + line[len(line.rstrip()):]

    skipped = {s.line: s for s in doc.skipped}
    counters = {"intro": 0, "credits": 0, "notice": 0}
    for name, first, last in doc.regions:
        for number in range(first, min(last, len(english_lines)) + 1):
            index, line = number - 1, english_lines[number - 1]
            if not line.strip():
                continue
            skip = skipped.get(number)
            reason = skip.reason if skip is not None else None
            effective = spanish_effective_line(line) if reason is not None and reason.startswith("effective date") else None
            if effective is not None:
                out[index] = effective
            elif reason == "document title":
                put(index, of("title", line))
            elif reason is not None and reason.startswith(_HEADING_REASONS):
                heading = reason.split(": ", 1)[1]
                put(index, of(heading, line))
            elif reason == NOTICE_REASON:
                counters["notice"] += 1
                put(index, of(f"notice#{counters['notice']}", line))
            elif reason is None and name == "intro":
                counters["intro"] += 1
                put(index, of(f"intro#{counters['intro']}", line))
            elif reason is None and name == "credits":
                counters["credits"] += 1
                put(index, of(f"credits#{counters['credits']}", line))
            elif reason is None and name == "contents":
                entry = _CONTENTS_ENTRY.match(line)
                title = title_for(entry["id"], entry["title"]) if entry is not None else None
                if title:
                    out[index] = f"{entry['indent']}{entry['id']}. {title.strip()}"
    return out


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


@dataclass(frozen=True)
class SpanishDocument:
    """A release's Spanish document (`text`) and how many of its `rules` (rules and subrules) it
    gives `in_spanish`; the others stand in the official English."""

    release: str
    rules: int
    in_spanish: int
    text: str

    def note(self) -> str:
        """The line the document opens with to say what it holds ("1.730 reglas: 476 en español, …")."""
        from babel.numbers import format_decimal

        def n(value: int) -> str:
            return format_decimal(value, locale="es")

        if self.in_spanish == self.rules:
            return (f"[{n(self.rules)} reglas, todas en español: traducción de este proyecto, no oficial, "
                    f"hecha del texto inglés de esta versión.]")
        return (f"[{n(self.rules)} reglas: {n(self.in_spanish)} en español, el resto en el inglés oficial. "
                "La traducción de este proyecto, no oficial, solo figura donde traduce este mismo texto "
                "inglés; una regla cuyo inglés es otro en esta versión queda en inglés.]")


def _note_line(lines: list[str], doc: Any) -> int | None:
    """The blank line after the document's title where its Spanish says what it holds; None where
    the file has none before its first rule."""
    first_rule = min((r.line for r in doc.rules), default=len(lines) + 1)
    for index in range(1, min(first_rule - 1, len(lines))):
        if not lines[index].strip():
            return index
    return None


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
        self._chosen: dict[tuple[int, str], Any] = {}
        self._documents: dict[str, SpanishDocument | None] = {}
        self._shares: dict[str, tuple[int, int]] = {}
        # What `rule` found for each rule of each release: counting a release's share and making its
        # document ask for the same ~2,500 rules (the build counts the shares before its worker
        # makes the files, which so finds them here).
        # Kept by the rule's identity, with the rule itself: while it is kept, no other takes its id.
        self._rules: dict[tuple[str, int], tuple[Any, tuple[str, list[str]] | None]] = {}

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
        key = (release, id(rule))
        kept = self._rules.get(key)
        if kept is not None and kept[0] is rule:
            found = kept[1]
        else:
            found = self._rule(release, rule)
            self._rules[key] = (rule, found)
        # A list of examples of its own for each caller, as a fresh answer has.
        return None if found is None else (found[0], list(found[1]))

    def _rule(self, release: str, rule: Any) -> tuple[str, list[str]] | None:
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
        # The same English of the same line of descent has the same Spanish in every release that
        # holds it: most of the 110 releases repeat most of their rules word for word.
        key = (number, english)
        if key not in self._chosen:
            spanish = getattr(self.data.rules.get(newest_id), "spanish", None)
            candidates = [spanish, *getattr(spanish, "others", [])] if spanish is not None else []
            self._chosen[key] = next((c for c in candidates if c.text.strip()
                                      and english == self._translated(c, number, newest_id)), None)
        return self._chosen[key]

    def _translated(self, spanish: Any, number: int, newest_id: str) -> str | None:
        """The English text `spanish` translates; without the release it translates, the newest
        English if the text is not stale (`kb.translations.precedence.is_stale`), else none."""
        release = getattr(spanish, "english_release", None)
        if release in self.data.release_texts:
            return self._text(release, self._id_in(release, number))
        from kb.translations.precedence import is_stale

        current = spanish.text.strip() and not is_stale(spanish)
        return self._text(self.data.newest, newest_id) if current else None

    def glossary(self, release: str, entry: Any) -> tuple[str, list[str]] | None:
        """(term, senses) of the Spanish of the glossary entry `entry` of `release`, where the
        English it translates is `entry`'s definition."""
        es = self._glossary_es.get(entry.term)
        if es is None:
            return None
        translated = self._english_glossary(self._release_at_hand(es.release)).get(entry.term)
        if translated is None or list(translated.senses) != list(entry.senses):
            return None
        return es.term, list(es.senses)

    def _release_at_hand(self, release: str) -> str:
        """`release` if the corpus has it, else the newest earlier release it has: a quote stamped
        with a release the corpus lacks translates the English in force then."""
        if release in self.documents:
            return release
        earlier = [r for r in self.documents if r <= release]
        return max(earlier) if earlier else release

    def _english_glossary(self, release: str) -> dict[str, Any]:
        if release not in self._glossaries:
            doc = self.documents.get(release)
            self._glossaries[release] = {g.term: g for g in (doc.glossary if doc is not None else [])}
        return self._glossaries[release]

    def text(self, kb: Any, release: str) -> str | None:
        """The Spanish document of `release` (LF line ends, UTF-8 when encoded), its English file
        read from `kb`'s corpus; None if that file is not at hand."""
        document = self.document(kb, release)
        return document.text if document is not None else None

    def document(self, kb: Any, release: str) -> SpanishDocument | None:
        """The Spanish document of `release` with how much of it is in Spanish (made once, then
        kept); None if the English file is not at hand."""
        if release not in self._documents:
            self._documents[release] = self._made(kb, release)
        return self._documents[release]

    def _made(self, kb: Any, release: str) -> SpanishDocument | None:
        lines = english_lines(kb, release)
        if lines is None:
            return None
        lines = [line.rstrip("\r\n") for line in lines]
        doc = self.documents[release]
        text = spanish_lines(lines, doc, lambda rule: self.rule(release, rule),
                             lambda entry: self.glossary(release, entry))
        for index, line in self.matter(release, lines).items():
            text[index] = line
        rules, in_spanish = self.share(release)
        note_at = _note_line(lines, doc)
        if note_at is not None:
            text[note_at] = SpanishDocument(release, rules, in_spanish, "").note()
        return SpanishDocument(release, rules, in_spanish, "\n".join(text) + "\n")

    def share(self, release: str) -> tuple[int, int]:
        """(rules and subrules, how many of them the Spanish document of `release` gives in Spanish),
        without making the document: the rules whose Spanish translates their very English and fits
        their lines (as many paragraphs as the English, each on a line of its own). Counted once
        for each release: the page that lists the downloads and the file's first lines both say it."""
        if release not in self._shares:
            self._shares[release] = self._share(release)
        return self._shares[release]

    def _share(self, release: str) -> tuple[int, int]:
        doc = self.documents[release]
        numbered = [r for r in doc.rules if r.kind in ("rule", "subrule") and r.line > 0]
        def own_lines(rule: Any) -> int:
            """The lines from the rule's number to its first example (a blank line before it
            included), else to its last line."""
            last = min((e.line for e in rule.examples if e.line > rule.line), default=(rule.end_line or rule.line) + 1) - 1
            return last - rule.line + 1

        # A hard-wrapped file runs a paragraph over several lines; elsewhere each paragraph has one,
        # and an example may stand after a blank line.
        wrapped = any(not r.examples and own_lines(r) > r.text.count("\n") + 1 for r in numbered)
        placed = 0
        for rule in numbered:
            found = self.rule(release, rule)
            paragraphs = rule.text.count("\n") + 1
            fits = own_lines(rule) == paragraphs or (not wrapped and rule.examples and own_lines(rule) == paragraphs + 1)
            if found is not None and found[0].count("\n") + 1 == paragraphs and fits:
                placed += 1
        return len(numbered), placed

    def matter(self, release: str, english_lines: list[str]) -> dict[int, str]:
        """The document's own lines of `release` in Spanish (see `matter_lines`): line index → line."""
        doc = self.documents[release]
        titles = {r.id: r for r in doc.rules if r.kind in ("part", "section")}

        def title_for(rule_id: str, english: str) -> str | None:
            rule = titles.get(rule_id)
            if rule is None or " ".join(rule.text.split()) != " ".join(english.split()):
                return None
            found = self.rule(release, rule)
            return found[0] if found else None

        return matter_lines(english_lines, doc, getattr(self.data, "document_es", {}) or {}, title_for)


def spanish_release_text(kb: Any, api: Any, release: str) -> str | None:
    """The Spanish document of `release` as text (LF line ends), from `kb` and the site's data of it
    (`api.data`, as a `kb.site.api.ReleaseApi` holds it); None if the English file is not at hand."""
    return ReleaseSpanish(api.data).text(kb, release)
