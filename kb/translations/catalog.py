"""A release of the rules as a gettext catalog (PO), for translating it into Spanish.

One entry per part, section, rule and subrule (msgctxt: its id, "101.4"), per example
("101.4#ex1"), per glossary entry ("glossary:Active Player"; its msgid is the heading line, then
the definition), and per heading and paragraph the site shows from the document itself
("document:Introduction", "document:intro#1", "document:Contents", "document:Glossary"). The msgid
is the English of the release; the msgstr is the Spanish the corpus already has for it: a text whose
English is identical (evened out as the history compares texts) wherever it stands, else a wiki
quote or catalog entry aligned with an earlier form of the rule (fuzzy), or, for a section title, a
navigation box.

A catalog can be written whole, or split by part (`part-1.po` … `part-9.po`, and `glossary.po` for
the glossary): the document's front matter goes with part 1, its glossary heading with the glossary.

A Spanish text made from an English text other than the release's — an older release, or the same
words numbered otherwise — is marked fuzzy, with that English as the previous msgid (#| msgid), so a
translator sees what changed. Translator comments say the release and where the Spanish comes from
and why it was paired. The same knowledge base gives the same bytes: the header dates are the
release's date.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import normalize, unescape, write_po

from kb.align.records import Alignment
from kb.history import even_out
from kb.model import CRDocument, GlossaryEntry, Rule
from kb.translations.pofile import PoEntry
from kb.translations.precedence import preference, relative_to

PROJECT = "Magic: The Gathering Comprehensive Rules"
_CONTEXT = re.compile(r'^msgctxt ("(?:[^"\\]|\\.)*")$')
LANGS = ("es",)
WIDTH = 76
HEADER_COMMENT = (
    "# Spanish translation of the Comprehensive Rules, release {release}.\n"
    "# msgctxt is the id of each text: a rule (\"101.4\"), an example\n"
    "# (\"101.4#ex1\") or a glossary entry (\"glossary:Active Player\",\n"
    "# whose text is the heading line, then the definition).\n"
    "#"
)


class CatalogError(ValueError):
    """A catalog that cannot be made or read: unknown release or language, or a file that is no PO.
    `line` and `reason` say where and what, when a file is at fault."""

    def __init__(self, message: str, line: int | None = None, reason: str | None = None):
        super().__init__(message)
        self.line = line
        self.reason = reason or message


@dataclass(frozen=True)
class ExportSummary:
    release: str
    entries: int
    translated: int
    fuzzy: int

    @property
    def untranslated(self) -> int:
        return self.entries - self.translated - self.fuzzy


@dataclass(frozen=True)
class CatalogEntry:
    """One entry of a catalog: its id (msgctxt), the English, the Spanish known for it ("" if none),
    where the English is, and, for counting, the section it belongs to ("glossary" for the glossary),
    what it is ("rule", "example" or "glossary") and where its Spanish comes from (the alignment's
    origin, "po" for an imported catalog; "navigation box" for a title; None without Spanish)."""

    context: str
    english: str
    spanish: str
    source: str
    line: int
    comments: tuple[str, ...]
    fuzzy: bool = False
    previous: str | None = None
    section: str = ""
    kind: str = "rule"
    origin: str | None = None
    flags: tuple[str, ...] | None = None  # as a stored catalog has them; None: "fuzzy" when fuzzy
    references: tuple[str, ...] | None = None  # as a stored catalog has them; None: source and line

    @property
    def state(self) -> str:
        """"translated", "fuzzy" or "untranslated", as gettext counts a message."""
        if not self.spanish:
            return "untranslated"
        return "fuzzy" if self.fuzzy else "translated"


DOCUMENT = "document"
DOCUMENT_HEADINGS = ("Introduction", "Contents")
GLOSSARY_HEADING = "Glossary"
GLOSSARY_GROUP = "glossary"


def document_context(name: str) -> str:
    return f"{DOCUMENT}:{name}"


def document_texts(doc: CRDocument) -> list[tuple[str, str, str]]:
    """(msgctxt, English, group) of the headings and paragraphs the site shows from the document:
    its title, the introduction's heading and paragraphs, the contents' heading (with part 1), the
    glossary's heading (with the glossary)."""
    out = [(document_context("title"), PROJECT, "1"), (document_context("Introduction"), "Introduction", "1")]
    out.extend((document_context(f"intro#{n}"), text, "1") for n, text in enumerate(doc.intro or [], 1) if text)
    out.append((document_context("Contents"), "Contents", "1"))
    if doc.glossary:
        out.append((document_context(GLOSSARY_HEADING), GLOSSARY_HEADING, GLOSSARY_GROUP))
    return out


CREDITS_HEADING = "Credits"


def back_matter_texts(doc: CRDocument) -> list[tuple[str, str, str]]:
    """(msgctxt, English, group) of the document's back matter, which goes with the glossary: the
    credits' heading, each line of credits ("document:credits#1", …) and each publisher's,
    trademark or contact notice ("document:notice#1", …), in the file's order."""
    from kb.parse.cr.credits import NOTICE_REASON

    if not doc.credits and not any(s.reason == NOTICE_REASON for s in doc.skipped):
        return []
    out = [(document_context(CREDITS_HEADING), CREDITS_HEADING, GLOSSARY_GROUP)]
    out.extend((document_context(f"credits#{n}"), text, GLOSSARY_GROUP) for n, text in enumerate(doc.credits, 1) if text)
    notices = [s.text for s in sorted(doc.skipped, key=lambda s: s.line) if s.reason == NOTICE_REASON and s.text.strip()]
    out.extend((document_context(f"notice#{n}"), text, GLOSSARY_GROUP) for n, text in enumerate(notices, 1))
    return out


def english_texts(doc: CRDocument) -> dict[str, tuple[object, int | None, str]]:
    """Every msgctxt a catalog of `doc` can hold: (the English record, or the text for a document
    heading; the example's number or None; the English text)."""
    known: dict[str, tuple[object, int | None, str]] = {}
    for context, text, _group in [*document_texts(doc), *back_matter_texts(doc)]:
        known[context] = (text, None, text)
    for rule in doc.rules:
        known[rule.id] = (rule, None, rule.text)
        for example in rule.examples:
            known[example_context(rule.id, example.number)] = (rule, example.number, example.text)
    for entry in doc.glossary:
        known[glossary_context(entry.term)] = (entry, None, glossary_text(entry))
    return known


def group_of(context: str) -> str:
    """The catalog an entry goes to when split: "1" … "9" for the parts, "glossary" for the glossary
    (the document's front matter goes with part 1)."""
    if context.startswith("glossary:") or context == document_context(GLOSSARY_HEADING):
        return GLOSSARY_GROUP
    if context == document_context(CREDITS_HEADING) or context.startswith((document_context("credits#"),
                                                                             document_context("notice#"))):
        return GLOSSARY_GROUP
    if context.startswith(DOCUMENT + ":"):
        return "1"
    return context[:1]


def group_file(group: str) -> str:
    return f"{group}.po" if group == GLOSSARY_GROUP else f"part-{group}.po"


def example_context(rule_id: str, number: int) -> str:
    return f"{rule_id}#ex{number}"


def glossary_context(term: str) -> str:
    return f"glossary:{term}"


def glossary_text(entry: GlossaryEntry) -> str:
    """A glossary entry as one text: its heading, then its definition."""
    return "\n".join([entry.term, *entry.senses])


def catalog_release(kb, release: str | None, lang: str) -> str:
    """The release a catalog of `lang` is made of (default: the newest); CatalogError if there is none."""
    if lang not in LANGS:
        raise CatalogError(f"no catalogs for language {lang!r}: only {', '.join(LANGS)}")
    release = release or kb.newest
    if release not in kb.releases:
        raise CatalogError(f"no release {release}; the corpus has {', '.join(kb.releases)}")
    return release


def release_date(release: str) -> datetime:
    return datetime.fromisoformat(release).replace(tzinfo=timezone.utc)


PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);"}
"""The plural rule each target language's catalogs state: gettext's, which every PO tool knows. (Babel
2.19 derives a three-form rule for Spanish from CLDR 46, which gettext and the catalogs do not use.)"""


def new_catalog(release: str, lang: str = "es") -> Catalog:
    """An empty catalog of `release`, with the header every catalog of the project has: the release's
    date as its dates, and gettext's plural rule for `lang`."""
    when = release_date(release)
    catalog = Catalog(locale=lang, header_comment=HEADER_COMMENT.format(release=release), project=PROJECT,
                      version=release, creation_date=when, revision_date=when, language_team=lang, fuzzy=False)
    # No person has translated an exported catalog yet, and the project takes no reports by mail:
    # the header leaves both empty rather than keep babel's placeholders, which gettext warns about.
    catalog.last_translator = ""
    catalog.msgid_bugs_address = ""
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    return catalog


def build_catalog(kb, release: str | None = None, lang: str = "es", group: str | None = None,
                  entries: list[CatalogEntry] | None = None) -> Catalog:
    """The catalog of `release` (default: the newest) of `kb`, with the Spanish the corpus has; only
    the entries of `group` ("1" … "9", "glossary") if given."""
    release = catalog_release(kb, release, lang)
    catalog = new_catalog(release, lang)
    if entries is None:
        entries = export_entries(kb, release)
    for entry in entries:
        if group is not None and group_of(entry.context) != group:
            continue
        catalog.add(
            entry.english,
            entry.spanish,
            locations=[(entry.source, entry.line)] if entry.references is None else po_locations(entry.references),
            flags=(["fuzzy"] if entry.fuzzy else []) if entry.flags is None else list(entry.flags),
            user_comments=list(entry.comments),
            previous_id=entry.previous,
            context=entry.context,
        )
    return catalog


# Characters a terminal or an editor acts on rather than shows: C0 and C1 controls (a tab and a
# line break aside), and the bidirectional overrides and isolates that reorder what is shown.
_ACTED_ON = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


class ControlCharacter(CatalogError):
    """A text holds a character a terminal would act on; the message names file and line."""


def acted_on(text: str) -> str | None:
    """The first character of `text` a terminal would act on, named ("U+001B"), or None."""
    found = _ACTED_ON.search(text)
    return f"U+{ord(found[0]):04X}" if found else None


def check_english(doc, source: str | None = None) -> None:
    """`ControlCharacter` (file:line: which entry, which character) when an English text of `doc`
    holds a character a terminal would act on: such a text is never written into a catalog."""
    where = source or doc.source
    for rule in doc.rules:
        texts = [(rule.id, rule.text, rule.line)] + [(example_context(rule.id, e.number), e.text, e.line)
                                                      for e in rule.examples]
        for context, text, line in texts:
            named = acted_on(text or "")
            if named:
                raise ControlCharacter(f"{where}:{line}: the English of {context} holds {named}, a control "
                                       "character a terminal would act on")
    for entry in doc.glossary:
        named = acted_on(glossary_text(entry))
        if named:
            raise ControlCharacter(f"{where}:{entry.line}: the English of glossary entry {entry.term!r} holds "
                                   f"{named}, a control character a terminal would act on")


def catalog_entries(kb, release: str, traces: dict | None = None,
                    memory: dict[str, list[Alignment]] | None = None) -> list[CatalogEntry]:
    """The entries of the catalog of `release`, in the catalog's order: every rule with a text (its
    examples after it), then the glossary. What `build_catalog` writes and `catalog_stats` counts."""
    doc = kb.documents[release]
    source = _relative(kb, doc.source)
    check_english(doc)
    spanish = spanish_by_rule(kb, release, traces)
    memory = translation_memory(kb) if memory is None else memory
    titles = _titles_for(kb, release)
    headings = catalog_headings(kb)
    entries: list[CatalogEntry] = []
    entries.extend(_document_entries(document_texts(doc), headings, release, source))
    for rule in doc.rules:
        if not rule.text:
            continue
        section = section_of(rule)
        alignment = _remembered(memory, rule) or spanish.get(rule.id)
        if alignment is not None:
            entries.extend(_translated_entries(kb, release, rule, alignment, source, section))
        elif rule.kind in ("part", "section") and rule.id in titles:
            entries.append(_title_entry(kb, release, rule, titles[rule.id], source, section))
        else:
            entries.append(CatalogEntry(rule.id, rule.text, "", source, rule.line, (f"release {release}",),
                                        section=section, kind="rule"))
            for example in rule.examples:
                entries.append(CatalogEntry(example_context(rule.id, example.number), example.text, "", source,
                                            example.line, (f"release {release}",), section=section,
                                            kind="example"))
    glossary = spanish_glossary(kb)
    for entry in doc.glossary:
        entries.append(_glossary_entry(kb, release, entry, glossary.get(entry.term), source))
    entries.extend(_document_entries(back_matter_texts(doc), headings, release, source))
    return entries


def _document_entries(texts: list[tuple[str, str, str]], headings: dict, release: str, source: str) -> list[CatalogEntry]:
    """A catalog entry for each of the document's own texts, with the Spanish the team's catalogs
    give that very English."""
    entries = []
    for context, text, _group in texts:
        found = headings.get(context)
        translation, state, where = found[:3] if found and even_out(found[3]) == even_out(text) else ("", None, None)
        entries.append(CatalogEntry(context, text, translation, source, 1,
                                    (f"release {release}",) + ((f"Spanish: {where}",) if where else ()),
                                    fuzzy=state == "fuzzy", section=DOCUMENT, kind="document",
                                    origin="po" if translation else None))
    return entries


def export_entries(kb, release: str) -> list[CatalogEntry]:
    """The entries an export writes: `catalog_entries`, each as the team's catalog of `release` keeps
    it where it has it (see `_as_stored`); an entry of another release whose Spanish is that of a
    reviewed stored entry of the same English keeps its review mark (see `_review_carried`)."""
    same, reviewed = stored_entries(kb, release)
    out = []
    for entry in catalog_entries(kb, release):
        kept = same.get(entry.context)
        out.append(_as_stored(entry, kept) if kept is not None else _review_carried(entry, reviewed))
    return out


def stored_entries(kb, release: str) -> tuple[dict[str, PoEntry], dict[tuple[str, str], PoEntry]]:
    """The entries of the corpus's catalogs (`po/`): those of `release` by msgctxt, and the reviewed
    ones of any release by their English (evened out) and Spanish. Where two catalogs have one, the
    file whose name sorts first; a catalog that cannot be read gives nothing here."""
    from kb.translations.pofile import PoSyntaxError, read_po_file

    same: dict[str, PoEntry] = {}
    reviewed: dict[tuple[str, str], PoEntry] = {}
    for path in sorted((c.source for c in getattr(kb, "catalogs", None) or []), key=lambda p: (Path(p).name, p)):
        try:
            po = read_po_file(path)
        except (OSError, PoSyntaxError):
            continue
        for entry in po.entries:
            if entry.context and po.release == release:
                same.setdefault(entry.context, entry)
            if entry.state == "reviewed":
                reviewed.setdefault((even_out(entry.msgid), entry.msgstr), entry)
    return same, reviewed


def _as_stored(entry: CatalogEntry, stored: PoEntry) -> CatalogEntry:
    """The entry as the team's catalog of its release keeps it, when it translates the same English:
    its Spanish, flags, translator comments (the review mark among them), references and previous
    msgid, so that exporting and importing again changes no byte. A text the corpus has elsewhere
    still fills an entry the catalog leaves empty."""
    if _differs(stored.msgid, entry.english) or (entry.spanish and not stored.msgstr):
        return entry
    return replace(entry, english=stored.msgid, spanish=stored.msgstr, comments=tuple(stored.comments),
                   fuzzy=stored.fuzzy, previous=stored.previous, flags=tuple(stored.flags),
                   references=tuple(stored.references), origin="po" if stored.msgstr else None)


def _review_carried(entry: CatalogEntry, reviewed: dict[tuple[str, str], PoEntry]) -> CatalogEntry:
    """`entry` with the review marks of a reviewed stored entry whose English and Spanish are its own
    (the same words reviewed once are reviewed in every release that has them)."""
    if entry.fuzzy or not entry.spanish:
        return entry
    found = reviewed.get((even_out(entry.english), entry.spanish))
    if found is None:
        return entry
    from kb.translations.pofile import REVIEWED

    marks = tuple(c for c in found.comments if c.lower().startswith(REVIEWED) and c not in entry.comments)
    return replace(entry, comments=entry.comments + marks)


def po_locations(references) -> list[tuple[str, int | None]]:
    """PO references ("cr/MagicCompRules-2026-01-16.txt:181") as babel's (file, line) pairs."""
    out = []
    for reference in references:
        where, _, line = reference.rpartition(":")
        out.append((where, int(line)) if where and line.isdigit() else (reference, None))
    return out


def section_of(rule: Rule) -> str:
    """The section a rule's entries are counted under: its own number for a part, else the number
    before the dot ("101" for 101.4a)."""
    return rule.id if rule.kind == "part" else rule.id.split(".", 1)[0]


def write_catalog(catalog: Catalog, path: str | Path) -> Path:
    """Write `catalog` as a PO file (UTF-8, previous msgids kept, lines wrapped at 76), atomically: an
    interrupted write leaves the file as it was, never half of it."""
    path = Path(path)
    from kb.atomic import write_atomic

    write_atomic(path, catalog_bytes(catalog))
    return path


def catalog_bytes(catalog: Catalog) -> bytes:
    """The PO text of `catalog`. Previous msgids are written here rather than by `write_po`, which
    wraps a long one as comment text and so breaks its quoting; each goes just before its entry's
    msgctxt, as gettext places it."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, include_previous=False)
    charset = catalog.charset or "utf-8"
    previous = {}
    for message in catalog:
        ids = [message.previous_id] if isinstance(message.previous_id, str) else list(message.previous_id or ())
        if message.context and ids and ids[0]:
            previous[message.context] = ids[0]
    if not previous:
        return buffer.getvalue()
    out = []
    for line in buffer.getvalue().decode(charset).split("\n"):
        match = _CONTEXT.match(line)
        if match:
            context = unescape(match.group(1))
            if context in previous:
                out.append(f"#| msgid {normalize(previous[context], prefix='#| ', width=WIDTH)}")
        out.append(line)
    return "\n".join(out).encode(charset)


def export_catalog(kb, path: str | Path, release: str | None = None, lang: str = "es") -> ExportSummary:
    """Build the catalog of `release` and write it to `path`; what it holds, counted."""
    catalog = build_catalog(kb, release, lang)
    write_catalog(catalog, path)
    return summarize(catalog)


def export_catalogs(kb, out_dir: str | Path, release: str | None = None, lang: str = "es",
                    groups: list[str] | None = None) -> list[tuple[Path, ExportSummary]]:
    """Write the catalog of `release` split by part into `out_dir`: `part-1.po` … `part-9.po` and
    `glossary.po` (only those of `groups` if given); each file with what it holds, counted."""
    release = catalog_release(kb, release, lang)
    entries = export_entries(kb, release)
    present = []
    for entry in entries:
        group = group_of(entry.context)
        if group not in present:
            present.append(group)
    present.sort(key=lambda g: (g == GLOSSARY_GROUP, g))
    wanted = present if groups is None else [g for g in present if g in groups]
    missing = sorted(set(groups or ()) - set(present))
    if missing:
        raise CatalogError(f"release {release} has no part {', '.join(missing)}; it has "
                           f"{', '.join(present)}")
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    out = []
    for group in wanted:
        catalog = build_catalog(kb, release, lang, group=group, entries=entries)
        path = write_catalog(catalog, Path(out_dir) / group_file(group))
        out.append((path, summarize(catalog)))
    return out


def summarize(catalog: Catalog) -> ExportSummary:
    entries = translated = fuzzy = 0
    for message in catalog:
        if not message.id:
            continue
        entries += 1
        if message.string and message.fuzzy:
            fuzzy += 1
        elif message.string:
            translated += 1
    return ExportSummary(catalog.version or "", entries, translated, fuzzy)


# -- the Spanish for each English record ------------------------------------------------------------


def spanish_by_rule(kb, release: str, traces: dict | None = None) -> dict[str, Alignment]:
    """The best Spanish rule text for each rule id of `release` (the English it translates, followed
    through the history to `release`). `traces` keeps the rules' traces for the next call."""
    traces = {} if traces is None else traces
    candidates: dict[str, list[Alignment]] = {}
    for alignment in kb.alignment:
        if alignment.kind != "rule" or alignment.en is None or alignment.english_release is None:
            continue
        if alignment.english_release == release:
            target = alignment.en_id
        elif release == kb.newest:
            target = alignment.newest_id
        else:
            key = (alignment.en_id, alignment.english_release)
            if key not in traces:
                traces[key] = kb.trace(*key)
            target = traces[key].get(release)
        if target is not None:
            candidates.setdefault(target, []).append(alignment)
    return {rule_id: best for rule_id, found in candidates.items() if (best := for_export(found, rule_id)) is not None}


def for_export(alignments, record_id: str) -> Alignment | None:
    """The Spanish an exported entry carries: the team's own catalog entry first (so that exporting
    and importing again changes nothing), one filed under the same id first, then as a reader would
    see them (`kb.translations.precedence`)."""
    found = [a for a in alignments if a.status != "unmatched"]
    if not found:
        return None
    return min(found, key=lambda a: (a.origin != "po", a.en_id != record_id, preference(a)))


def translation_memory(kb) -> dict[str, list[Alignment]]:
    """Every Spanish text known to translate an English text (a catalog's entry that is not fuzzy, a
    wiki quote with the English of the release it quotes), by that English evened out: a rule of any
    release whose English is identical takes it. Uncertain pairings and fuzzy entries are left out."""
    memory: dict[str, list[Alignment]] = {}
    for alignment in kb.alignment:
        if alignment.kind != "rule" or alignment.en is None or alignment.status in ("nearest", "unmatched"):
            continue
        if alignment.origin == "po" and alignment.status == "drifted":
            continue
        memory.setdefault(even_out(alignment.en.text), []).append(alignment)
    return memory


def _remembered(memory: dict[str, list[Alignment]], rule: Rule) -> Alignment | None:
    found = memory.get(even_out(rule.text))
    if not found:
        return None
    return for_export(found, rule.id)


def catalog_headings(kb) -> dict[str, tuple[str, str, str, str]]:
    """The document headings the imported catalogs translate: msgctxt → (Spanish, state, where,
    English)."""
    found: dict[str, tuple[str, str, str, str]] = {}
    for catalog in getattr(kb, "catalogs", []) or []:
        for context, (text, state, line, english) in sorted((getattr(catalog, "headings", None) or {}).items()):
            found.setdefault(context, (text, state, f"{_relative(kb, catalog.source)}:{line}", english))
    return found


def spanish_glossary(kb) -> dict[str, Alignment]:
    """The best Spanish glossary entry for each English term."""
    candidates: dict[str, list[Alignment]] = {}
    for alignment in kb.alignment:
        if alignment.kind == "glossary" and alignment.en is not None:
            candidates.setdefault(alignment.en.term, []).append(alignment)
    return {term: best for term, found in candidates.items() if (best := for_export(found, term)) is not None}


def _titles_for(kb, release: str) -> dict:
    """Navigation-box titles by the section's number in `release`."""
    if release == kb.newest:
        return kb.section_titles_es()
    found = {}
    for title in sorted(kb.section_titles(), key=lambda t: t.box_release or ""):
        if not title.box_release or not title.box_section:
            continue
        if len(title.box_section) == 1:
            found[title.box_section] = title
            continue
        try:
            target = kb.trace(title.box_section, title.box_release).get(release)
        except LookupError:
            continue
        if target is not None:
            found[target] = title
    return found


# -- entries ------------------------------------------------------------------------------------------


def _translated_entries(kb, release: str, rule: Rule, alignment: Alignment, source: str,
                        section: str) -> list[CatalogEntry]:
    english = alignment.en
    spanish = alignment.es
    # A fuzzy catalog entry stays fuzzy, even when the English it was filed under is today's.
    differs = _differs(english.text, rule.text)
    fuzzy = differs or (alignment.origin == "po" and alignment.status == "drifted")
    entries = [
        CatalogEntry(
            rule.id,
            rule.text,
            spanish.text,
            source,
            rule.line,
            (f"release {release}", *_provenance(kb, alignment)),
            fuzzy=fuzzy,
            previous=english.text if differs else None,
            section=section,
            kind="rule",
            origin=alignment.origin if spanish.text else None,
        )
    ]
    old_examples = {e.number: e.text for e in english.examples}
    new_examples = {e.number: e.text for e in spanish.examples}
    for example in rule.examples:
        translation = new_examples.get(example.number, "")
        before = old_examples.get(example.number)
        example_fuzzy = bool(translation) and (before is None or _differs(before, example.text))
        entries.append(
            CatalogEntry(
                example_context(rule.id, example.number),
                example.text,
                translation,
                source,
                example.line,
                (f"release {release}", f"example {example.number} of {rule.id}")
                + ((f"Spanish: example {example.number} of {alignment.es_id}",) if translation else ()),
                fuzzy=example_fuzzy,
                previous=before if example_fuzzy and before else None,
                section=section,
                kind="example",
                origin=alignment.origin if translation else None,
            )
        )
    return entries


def _title_entry(kb, release: str, rule: Rule, title, source: str, section: str) -> CatalogEntry:
    fuzzy = bool(title.title_en) and _differs(title.title_en, rule.text)
    comments = (
        f"release {release}",
        f"Spanish: navigation box of {title.box_release} ({_relative(kb, title.source)}:{title.line}), "
        f"where it titles {title.box_section} {title.title_en!r}",
    )
    return CatalogEntry(
        rule.id,
        rule.text,
        title.title_es,
        source,
        rule.line,
        comments,
        fuzzy=fuzzy,
        previous=title.title_en if fuzzy else None,
        section=section,
        kind="rule",
        origin="navigation box" if title.title_es else None,
    )


def _glossary_entry(kb, release: str, entry: GlossaryEntry, alignment: Alignment | None,
                    source: str) -> CatalogEntry:
    text = glossary_text(entry)
    context = glossary_context(entry.term)
    if alignment is None:
        return CatalogEntry(context, text, "", source, entry.line, (f"release {release}",), section="glossary",
                            kind="glossary")
    before = glossary_text(alignment.en)
    differs = _differs(before, text)
    fuzzy = differs or (alignment.origin == "po" and alignment.status == "drifted")
    translation = glossary_text(alignment.es)
    return CatalogEntry(
        context,
        text,
        translation,
        source,
        entry.line,
        (f"release {release}", *_provenance(kb, alignment)),
        fuzzy=fuzzy,
        previous=before if differs else None,
        section="glossary",
        kind="glossary",
        origin=alignment.origin if translation else None,
    )


def _provenance(kb, alignment: Alignment) -> list[str]:
    where = f"{_relative(kb, alignment.source)}:{alignment.line}"
    if alignment.page_title:
        where += f" ({alignment.page_title})"
    lines = [
        f"Spanish: {alignment.origin} {where}, numbered {alignment.es_id}",
        f"status {alignment.status}: translates {alignment.en_id} of {alignment.english_release}",
    ]
    lines.extend(f"evidence: {line}" for line in alignment.evidence)
    return lines


def _differs(a: str, b: str) -> bool:
    return " ".join(a.split()) != " ".join(b.split())


def _relative(kb, path: str) -> str:
    """`path` from the corpus folder; a file outside it (a release read from `$KB_RELEASES` or
    `../shared/cr/`) as `cr/NAME`, where the corpus looks for releases: no path of this machine goes
    into a catalog, and the same corpus gives the same bytes wherever its releases are."""
    relative = relative_to(kb.corpus_root)(path)
    return f"cr/{Path(relative).name}" if Path(relative).is_absolute() else relative
