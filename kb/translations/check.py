"""Reading a filled catalog and checking it against the English it claims to translate.

Every problem names its line. Errors make an entry unusable:
- the file is not a PO catalog, or its release or language is not one the corpus has;
- an entry has no msgctxt, or one no record of the release has (unknown id);
- an id appears twice;
- the msgid is not the English of the release any more (the rules changed since the export, or the
  msgid was edited);
- the translation breaks a placeholder: it cites other rules than the English ("see rule 702.1b"),
  or other symbols ("{T}", "{2}{W}").
Warnings do not: a fuzzy entry (kept, but not taken as a current translation), a number written in
digits that the translation does not state, an obsolete entry, an example translated without its rule.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from kb.align.signals import stated_numbers
from kb.model import CRDocument, GlossaryEntry, Rule
from kb.refs import find_references
from kb.translations.catalog import LANGS, CatalogError, acted_on, english_texts
from kb.translations.pofile import PoEntry, PoFile, PoSyntaxError, read_po_file

_SYMBOL = re.compile(r"\{[^{}\s]{1,8}\}")


@dataclass(frozen=True)
class Problem:
    source: str
    line: int
    level: Literal["error", "warning"]
    message: str
    context: str | None = None

    def __str__(self) -> str:
        where = f" [{self.context}]" if self.context else ""
        return f"{self.source}:{self.line}: {self.level}:{where} {self.message}"


@dataclass
class Entry:
    """One usable translation: `target` is the English record (a Rule, an Example's rule with
    `example` set, a GlossaryEntry, or the English text of a document heading)."""

    context: str
    message: PoEntry
    target: Rule | GlossaryEntry | str
    example: int | None = None
    fuzzy: bool = False
    previous: str | None = None

    @property
    def text(self) -> str:
        return self.message.msgstr

    @property
    def english(self) -> str:
        return self.message.msgid

    @property
    def line(self) -> int:
        return self.message.line

    @property
    def state(self) -> str:
        return self.message.state


@dataclass
class CheckedCatalog:
    source: str
    release: str | None
    locale: str | None
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    messages: int = 0
    untranslated: int = 0
    po: PoFile | None = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "warning"]

    @property
    def readable(self) -> bool:
        """Whether the file parsed as a PO catalog at all."""
        return self.po is not None

    @property
    def translated(self) -> int:
        return sum(1 for e in self.entries if not e.fuzzy)

    @property
    def reviewed(self) -> int:
        return sum(1 for e in self.entries if e.state == "reviewed")

    @property
    def fuzzy(self) -> int:
        return sum(1 for e in self.entries if e.fuzzy)


def read_catalog(path: str | Path) -> Catalog:
    """Parse a PO file as a babel Catalog (for editing it); a malformed one raises `CatalogError`
    naming the file and line. The file is validated by the strict reader first: babel alone accepts
    an unterminated string by dropping its last character."""
    path = Path(path)
    po = read_po_text(path)
    with path.open("rb") as handle:
        catalog = read_po(handle)
    catalog.version = po.release or catalog.version
    return catalog


def read_po_text(path: str | Path) -> PoFile:
    """The strict reading of a PO file; `CatalogError` (with its line) for a malformed one."""
    try:
        return read_po_file(path)
    except PoSyntaxError as err:
        reason = f"not a valid PO catalog: {err.reason}"
        raise CatalogError(f"{path}:{err.line}: {reason}", err.line, reason) from None


def previous_msgid(message) -> str | None:
    """The previous msgid (#| msgid) of a strict-reader entry or of a babel message."""
    if isinstance(message, PoEntry):
        return message.previous
    pieces: list[str] = []
    for comment in message.user_comments:
        if not comment.startswith("|"):
            continue
        text = comment[1:].strip()
        if text.startswith("msgid "):
            pieces = [text[len("msgid "):].strip()]
        elif pieces and text.startswith('"'):
            pieces.append(text)
    if not pieces:
        ids = [message.previous_id] if isinstance(message.previous_id, str) else list(message.previous_id or ())
        return ids[0] if ids and ids[0] else None
    from babel.messages.pofile import denormalize

    return denormalize("\n".join(pieces))


def check_catalog(path: str | Path, documents: dict[str, CRDocument], po: PoFile | None = None,
                  advice: bool = True) -> CheckedCatalog:
    """Read (unless given) and check the catalog at `path` against the English `documents`. Without
    `advice`, the warnings that only help a translator (a number the translation does not state) are
    not looked for: the knowledge base, which reads every stored catalog at each build, skips them."""
    source = str(path)
    if po is None:
        try:
            po = read_po_file(path)
        except PoSyntaxError as err:
            return CheckedCatalog(source, None, None,
                                  problems=[Problem(source, err.line, "error", f"not a valid PO catalog: {err.reason}")])
        except OSError as err:
            return CheckedCatalog(source, None, None,
                                  problems=[Problem(source, 1, "error", f"cannot be read: {err.strerror or err}")])
    release = po.release
    locale = po.locale
    checked = CheckedCatalog(source, release, locale, po=po)
    if locale in LANGS:
        from kb.translations.header import header_problems

        for line, reason in header_problems(po, locale):
            checked.problems.append(Problem(source, line, "error", reason))
    if locale not in LANGS:
        checked.problems.append(Problem(source, 1, "error", f"the catalog's language is {locale!r}, expected es"))
        return checked
    if release not in documents:
        checked.problems.append(
            Problem(source, 1, "error", f"the catalog is for release {release!r}, which is not in the corpus "
                                        f"({', '.join(sorted(documents))})")
        )
        return checked
    known = english_texts(documents[release])
    counts = Counter(entry.context for entry in po.entries if entry.context)
    for context, count in sorted(counts.items()):
        if count > 1:
            first = next(e.line for e in po.entries if e.context == context)
            checked.problems.append(Problem(source, first, "error", f"msgctxt {context!r} appears {count} times",
                                            context))
    for message in po.entries:
        checked.messages += 1
        line = message.line
        context = message.context
        if not context:
            checked.problems.append(Problem(source, line, "error", "entry without msgctxt: no id to place it"))
            continue
        if counts[context] > 1:
            continue
        found = known.get(context)
        if found is None:
            checked.problems.append(Problem(source, line, "error", f"unknown id: release {release} has no {context}",
                                            context))
            continue
        target, example, english = found
        if _even(message.msgid) != _even(english):
            checked.problems.append(
                Problem(source, line, "error", f"msgid no longer matches the English of {release}", context)
            )
            continue
        if not message.msgstr:
            checked.untranslated += 1
            continue
        named = acted_on(message.msgstr)
        if named:
            checked.problems.append(Problem(source, line, "error", f"the translation holds {named}, a control "
                                            "character a terminal would act on", context))
            continue
        fuzzy = message.fuzzy
        broken = _placeholder_problems(message.msgid, message.msgstr)
        for problem in broken:
            level = "warning" if fuzzy else "error"
            checked.problems.append(Problem(source, line, level, problem, context))
        if broken and not fuzzy:
            continue
        if advice:
            for problem in _number_problems(message.msgid, message.msgstr):
                checked.problems.append(Problem(source, line, "warning", problem, context))
        if isinstance(target, GlossaryEntry) and "\n" not in message.msgstr.strip():
            checked.problems.append(
                Problem(source, line, "error", "a glossary translation needs its heading line and a definition",
                        context)
            )
            continue
        if fuzzy:
            checked.problems.append(
                Problem(source, line, "warning", "fuzzy: kept, not taken as a translation of the current English",
                        context)
            )
        checked.entries.append(Entry(context, message, target, example, fuzzy, message.previous))
    for message in po.obsolete:
        checked.problems.append(Problem(source, message.line, "warning", "obsolete entry (#~): ignored",
                                        message.context))
    translated_rules = {e.context for e in checked.entries if e.example is None}
    for entry in checked.entries:
        if entry.example is not None and entry.target.id not in translated_rules:
            checked.problems.append(
                Problem(source, entry.line, "warning", f"example translated without its rule {entry.target.id}: "
                                                       "kept in the file, not used", entry.context)
            )
    return checked


def _placeholder_problems(english: str, spanish: str) -> list[str]:
    return [message for _kind, message in placeholder_problems(english, spanish)]


def placeholder_problems(english: str, spanish: str) -> list[tuple[str, str]]:
    """("references", message) when the translation cites other rules than the English, ("symbols",
    message) when it has other symbols."""
    problems = []
    cited_en = sorted({r.target for r in find_references(english, "en")})
    cited_es = sorted({r.target for r in find_references(spanish, "es")})
    if cited_en != cited_es:
        problems.append(("references", f"placeholder: the English cites {', '.join(cited_en) or 'no rule'}, "
                                       f"the translation {', '.join(cited_es) or 'no rule'}"))
    symbols_en, symbols_es = sorted(_SYMBOL.findall(english)), sorted(_SYMBOL.findall(spanish))
    if symbols_en != symbols_es:
        problems.append(("symbols", f"placeholder: the English has symbols {' '.join(symbols_en) or 'none'}, "
                                    f"the translation {' '.join(symbols_es) or 'none'}"))
    return problems


def _number_problems(english: str, spanish: str) -> list[str]:
    skip_en = [(r.start, r.end) for r in find_references(english, "en")]
    skip_es = [(r.start, r.end) for r in find_references(spanish, "es")]
    digits = stated_numbers(english, None, skip_en)
    stated = stated_numbers(spanish, "es", skip_es)
    missing = sorted(digits - stated)
    if missing:
        return [f"the English states {', '.join(missing)}, the translation does not"]
    return []


def _even(text: str) -> str:
    return " ".join(text.split())
