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


def english_lines(kb: Any, release: str) -> list[str] | None:
    """The lines of the English file of `release`, decoded; None if the file is not at hand."""
    from kb.decode import read_text, split_lines

    source = Path(kb.documents[release].source)
    if not source.is_absolute():
        source = Path(getattr(kb, "corpus_root", ".")) / source
    if not source.is_file():
        return None
    text, _ = read_text(source)
    return split_lines(text)


def spanish_release_text(kb: Any, api: Any, release: str) -> str | None:
    """The Spanish document of `release` as text (LF line ends), from `kb` and the Spanish that
    `api` (a `kb.site.api.ReleaseApi`) gives each rule; None if the English file is not at hand."""
    lines = english_lines(kb, release)
    if lines is None:
        return None
    titles = api.data.titles_es if release == api.data.newest else {}

    def spanish_for(rule: Any) -> tuple[str, list[str]] | None:
        if rule.kind in ("part", "section"):
            title = titles.get(rule.id)
            return (title, []) if title else None
        spanish = api.spanish(release, rule.id)
        if spanish is None or not spanish["current"]:
            return None
        return spanish["text"], spanish["examples"]

    def glossary_for(entry: Any) -> tuple[str, list[str]] | None:
        spanish = api.spanish_term(entry, release)
        if spanish is None or not spanish["current"]:
            return None
        return spanish["term"], spanish["senses"]

    doc = kb.documents[release]
    text = spanish_lines(lines, doc, spanish_for, glossary_for)
    return "\n".join(line.rstrip("\r\n") for line in text) + "\n"
