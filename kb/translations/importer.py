"""Importing filled catalogs into the corpus, entry by entry.

However the translators split their work (one file, one per part, part 7 in three), the corpus keeps
one catalog per part and one for the glossary: `po/part-1.po` … `po/part-9.po`, `po/glossary.po`.
An import checks every given catalog (`kb.translations.check`); if any has an error nothing is
written. Then each entry goes to its part's catalog, merged with what is stored there:

- an entry translated for the first time is added;
- an entry whose Spanish differs from the stored Spanish replaces it only with `replace`; without it
  the import is refused, listing each one ("would replace");
- an entry left empty where a Spanish text is stored keeps the stored text, whatever the options;
- where two of the given catalogs translate one entry differently, the import is refused; with
  `replace` the catalog given last wins, and each such entry is listed;
- an entry the catalogs do not carry stays as stored, with its marks, whatever the options. Taking
  translations out is its own action, `remove_missing`: each stored translation of the catalogs
  touched that the given catalogs do not translate is removed (the entry stays, untranslated), and
  listed ("removes");
- an import never changes a stored catalog's release (its header): only `kb translations update`
  does. A catalog of another release than the stored one is read against the stored release's
  English: an entry whose English is that English is imported as any other; one whose English
  differs is taken as a fuzzy suggestion (its English kept as the previous msgid, `#| msgid`), where
  the stored entry has no translation of the current English ("suggested"), and set aside where it
  has one, or where the stored release has no such entry ("set aside"), each listed.

- an entry given with the Spanish already stored keeps the stored translator comments (the review
  mark among them) and adds those given; its flags and previous msgid are those given ("annotated",
  or "state" when that changes it: fuzzy, translated, reviewed).

References are kept relative: a path of this machine (`/…/shared/cr/MagicCompRules-….txt:12`) is
stored as `cr/MagicCompRules-….txt:12`.

What the report lists is exactly what is written, and a catalog left unchanged keeps its bytes:
entries that did not change keep their text, and the header is the stored one. An import that
changes nothing writes nothing. Imports are all or nothing across the catalogs they touch, one at a
time: the stored catalogs are read again under the corpus's write lock, and every changed one is
replaced through a journal (`kb.corpus_write`), so a kill or a full disk leaves all the old catalogs
or all the new ones. The name and extension of a given file do not matter (a `.txt` catalog is read
like any other); the report names the catalogs each one was stored in.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from kb.corpus_write import corpus_lock, recover, replace_files
from kb.translations.catalog import catalog_bytes, english_texts, group_file, group_of
from kb.translations.check import CheckedCatalog, Problem, _even, check_catalog
from kb.translations.files import PO_DIR
from kb.translations.pofile import REVIEWED, PoEntry, PoSyntaxError
from kb.translations.stored import (
    StoredCatalog, catalog_text, entries_catalog, portable_reference, read_stored, render_entries,
)


class ImportRefused(ValueError):
    """An import that would lose something or break the corpus."""


@dataclass(frozen=True)
class Change:
    """What an import does to one entry of a stored catalog: "added", "replaced", "removed", "kept"
    (left empty by the catalog, the stored text kept), "state" (same text, new state), or "conflict"
    (two given catalogs disagree)."""

    action: str
    context: str
    stored_in: str
    source: str
    line: int
    old_text: str
    new_text: str
    old_state: str = ""
    new_state: str = ""
    done: bool = True  # False when the import was only checked, or refused
    note: str = ""  # why an entry was taken as a suggestion, or set aside

    def __str__(self) -> str:
        where = f"{self.source}:{self.line} [{self.context}]"
        verb = {"added": ("adds", "would add"), "replaced": ("replaces", "would replace"),
                "removed": ("removes", "would remove"), "state": ("changes", "would change"),
                "annotated": ("updates", "would update"), "suggested": ("takes", "would take"),
                "set aside": ("sets aside", "would set aside")}
        said = verb.get(self.action, ("", ""))[0 if self.done else 1]
        if self.action == "added":
            return f"{where}: {said} the Spanish of {self.context} to {self.stored_in}"
        if self.action == "replaced":
            return (f"{where}: {said} the Spanish of {self.context} in {self.stored_in}: "
                    f"{_short(self.old_text)!r} -> {_short(self.new_text)!r}")
        if self.action == "removed":
            return f"{where}: {said} the Spanish of {self.context} from {self.stored_in}: {_short(self.old_text)!r}"
        if self.action == "kept":
            return (f"{where}: leaves {self.context} empty; the Spanish stored in {self.stored_in} is kept: "
                    f"{_short(self.old_text)!r}")
        if self.action in ("suggested", "set aside"):
            return f"{where}: {said} {self.context} ({self.note})"
        if self.action == "annotated":
            return (f"{where}: {said} the comments, flags or references of {self.context} in {self.stored_in} "
                    "(the Spanish is the same)")
        if self.action == "state":
            return (f"{where}: {said} the state of {self.context} in {self.stored_in} from {self.old_state} "
                    f"to {self.new_state}")
        return f"{where}: {self.new_text}"

    def to_data(self) -> dict:
        return dict(vars(self))


@dataclass
class ImportReport:
    checks: list[CheckedCatalog]
    stored: list[Path] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    refused: str | None = None
    written: bool = False
    changed: list[Path] = field(default_factory=list)  # the catalogs written (or, checked only, that would be)
    recovered: str | None = None  # what was done with a write left unfinished, if one was
    destinations: dict[str, list[str]] = field(default_factory=dict)  # given file → stored catalogs

    @property
    def checked(self) -> CheckedCatalog:
        return self.checks[0]

    @property
    def problems(self) -> list[Problem]:
        return [p for c in self.checks for p in c.problems]

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors and self.refused is None

    def count(self, action: str) -> int:
        return sum(1 for c in self.changes if c.action == action)

    @property
    def replacements(self) -> list[Change]:
        return [c for c in self.changes if c.action in ("replaced", "removed")]

    @property
    def removals(self) -> list[Change]:
        return [c for c in self.changes if c.action == "removed"]


def import_catalog(path: str | Path, kb, corpus_root: Path | str | None = None, replace: bool = False,
                   dry_run: bool = False, remove_missing: bool = False) -> ImportReport:
    """`import_catalogs` of one file; raises `ImportRefused` when the import is refused."""
    report = import_catalogs([path], kb, corpus_root, replace, dry_run, remove_missing)
    if report.refused and not report.errors:
        raise ImportRefused(report.refused)
    return report


def import_catalogs(paths, kb, corpus_root: Path | str | None = None, replace: bool = False,
                    dry_run: bool = False, remove_missing: bool = False) -> ImportReport:
    """Check the catalogs at `paths` against `kb` and merge them into the corpus's `po/` catalogs
    (see the module's documentation). With `dry_run`, everything but the writing: the report says
    what the import would do, and refuses what it would refuse.
    Every change of a report that wrote nothing says "would".
    """
    report = _import(paths, kb, corpus_root, replace, dry_run, remove_missing)
    if not report.written:
        report.changes = [dataclasses.replace(c, done=False) for c in report.changes]
    return report


def _import(paths, kb, corpus_root: Path | str | None = None, replace: bool = False,
            dry_run: bool = False, remove_missing: bool = False) -> ImportReport:
    """The work of `import_catalogs`."""
    paths = [Path(p) for p in paths]
    root = Path(corpus_root) if corpus_root else Path(kb.corpus_root)
    checks = [check_catalog(path, kb.documents) for path in paths]
    report = ImportReport(checks)
    if report.errors:
        report.refused = "the catalogs have errors"
        return report
    releases = sorted({c.release for c in checks})
    if len(releases) > 1:
        report.refused = f"the catalogs are of different releases ({', '.join(releases)}); import them one release at a time"
        return report
    release = releases[0]
    known = english_texts(kb.documents[release])
    order = {context: n for n, context in enumerate(known)}

    # The entries given, by catalog: the last catalog given wins a disagreement when asked.
    incoming: dict[str, dict[str, tuple[PoEntry, str]]] = {}
    for checked in checks:
        usable = {e.context for e in checked.entries}
        for entry in checked.po.entries:
            if not entry.context or entry.context not in known:
                continue
            if entry.msgstr and entry.context not in usable:
                continue  # an entry the check set aside (an example without its rule is still usable)
            group = incoming.setdefault(group_of(entry.context), {})
            before = group.get(entry.context)
            if before is not None:
                if before[0].msgstr and entry.msgstr and _differs(before[0], entry):
                    report.changes.append(Change(
                        "conflict", entry.context, group_file(group_of(entry.context)), checked.source, entry.line,
                        before[0].msgstr, f"translated differently in {before[1]}:{before[0].line}"
                        + ("; this catalog, given later, wins" if replace else ""),
                    ))
                elif before[0].msgstr and not entry.msgstr:
                    continue  # an empty entry never undoes a translation given in the same import
            group[entry.context] = (entry, checked.source)
            report.destinations.setdefault(checked.source, [])
            target = f"{PO_DIR}/{group_file(group_of(entry.context))}"
            if target not in report.destinations[checked.source]:
                report.destinations[checked.source].append(target)
    if report.count("conflict") and not replace:
        report.refused = (f"{report.count('conflict')} entries are translated differently by the given catalogs; "
                          "give --replace to let the catalog given last win")
        return report

    merging = Merge(kb.documents, release, order, replace, dry_run, remove_missing)
    if dry_run:
        _merge(report, incoming, root, merging)
        return report
    # What is stored is read again once the lock is held: a writer that went first is never undone.
    with corpus_lock(root):
        report.recovered = recover(root / PO_DIR)
        outputs = _merge(report, incoming, root, merging)
        if report.refused:
            return report
        replace_files(root / PO_DIR, outputs)
    report.written = True
    report.changed = [root / PO_DIR / name for name in outputs]
    return report


@dataclass
class Merge:
    """What `_merge` is asked to do: the release of the given catalogs, the order of its entries, the
    options; the English of each release a stored catalog is of, read once."""

    documents: dict
    release: str
    order: dict[str, int]
    replace: bool
    dry_run: bool
    remove_missing: bool
    _english: dict[str, dict[str, str]] = field(default_factory=dict)

    def english(self, release: str) -> dict[str, str] | None:
        """Each entry's English in `release` (None: a release not at hand)."""
        if release not in self._english:
            doc = self.documents.get(release)
            if doc is None:
                return None
            self._english[release] = {context: known[2] for context, known in english_texts(doc).items()}
        return self._english[release]


def _corpus_release(folder: Path) -> str | None:
    """The release the stored catalogs are of (that of the first one read that names one)."""
    from kb.translations.catalog import GLOSSARY_GROUP

    for name in [*(group_file(str(n)) for n in range(1, 10)), group_file(GLOSSARY_GROUP)]:
        try:
            release = read_stored(folder / name).po.release
        except (OSError, PoSyntaxError, UnicodeDecodeError):
            continue
        if release:
            return release
    return None


def _merge(report: ImportReport, incoming, root: Path, merging: Merge) -> dict[str, bytes]:
    """Merge the `incoming` entries with the stored catalogs: the report's changes, and the new bytes
    of each catalog that changes (none when nothing does)."""
    outputs: dict[str, bytes] = {}
    replace, release = merging.replace, merging.release
    corpus_release: str | None = None
    for group, entries in sorted(incoming.items()):
        name = group_file(group)
        target = root / PO_DIR / name
        report.stored.append(target)
        stored: StoredCatalog | None = None
        if target.exists():
            try:
                stored = read_stored(target)
            except PoSyntaxError as err:
                if not replace:
                    report.refused = (f"{target}:{err.line}: the stored catalog does not parse ({err.reason}); "
                                      "repair it, or give --replace to write it anew")
                    return {}
        if stored is not None and stored.po.release:
            own_release = stored.po.release
        else:  # a catalog made anew is of the release the others are of
            corpus_release = corpus_release or _corpus_release(root / PO_DIR) or release
            own_release = corpus_release
        english = merging.english(own_release)
        if english is None:
            report.refused = (f"{target}: holds release {own_release}, which is not among the releases at hand; "
                              "an import never changes a catalog's release (kb translations update does)")
            return {}
        old_entries = {e.context: e for e in stored.po.entries if e.context} if stored else {}
        merged = dict(old_entries)
        carried = set()
        for context, (entry, source) in entries.items():
            entry = _portable(entry, root)
            old = old_entries.get(context)
            old_text = old.msgstr if old else ""
            current = english.get(context)
            if own_release != release and (current is None or _even(entry.msgid) != _even(current)):
                if not entry.msgstr:
                    continue
                where = (name, source, entry.line, old_text, entry.msgstr, old.state if old else "untranslated")
                if current is None:
                    report.changes.append(Change("set aside", context, *where, note=(
                        f"release {own_release}, the release of {name}, has no such entry")))
                    continue
                if old is not None and old_text and not old.fuzzy:
                    report.changes.append(Change("set aside", context, *where, note=(
                        f"it translates the English of release {release}, not that of release {own_release}, "
                        f"and {name} holds a translation of the current English")))
                    carried.add(context)
                    continue
                entry = dataclasses.replace(entry, msgid=current, previous=entry.msgid, previous_context=None,
                                            flags=sorted({*entry.flags, "fuzzy"}))
                report.changes.append(Change("suggested", context, *where, "fuzzy", note=(
                    f"as a fuzzy suggestion: it translates the English of release {release}, not that of "
                    f"release {own_release}, kept as its previous msgid")))
            if entry.msgstr:
                carried.add(context)
                new = _annotated(old, entry) if old is not None and old_text == entry.msgstr else entry
                if not old_text:
                    report.changes.append(Change("added", context, name, source, entry.line, "", entry.msgstr,
                                                 "untranslated", new.state))
                elif old_text != entry.msgstr:
                    report.changes.append(Change("replaced", context, name, source, entry.line, old_text,
                                                 entry.msgstr, old.state, new.state))
                elif old.state != new.state:
                    report.changes.append(Change("state", context, name, source, entry.line, old_text,
                                                 entry.msgstr, old.state, new.state))
                elif not _same(old, new):
                    report.changes.append(Change("annotated", context, name, source, entry.line, old_text,
                                                 entry.msgstr, old.state, new.state))
                merged[context] = new
            elif old_text:
                if not merging.remove_missing:
                    report.changes.append(Change("kept", context, name, source, entry.line, old_text, old_text,
                                                 old.state, old.state))
            elif old is None:
                merged[context] = entry
        if merging.remove_missing:
            for context, old in old_entries.items():
                if old.msgstr and context not in carried:
                    report.changes.append(Change("removed", context, name, str(target), old.line, old.msgstr, "",
                                                 old.state, "untranslated"))
                    merged[context] = _untranslated(old)
        if stored is not None and all(_same(old_entries.get(c), e) for c, e in merged.items()):
            continue  # this catalog stays as it is, byte for byte
        if merging.dry_run:
            outputs[name] = b""
            continue
        order = merging.order if own_release == release else {c: n for n, c in enumerate(english)}
        ordered = sorted(merged.values(), key=lambda e: order.get(e.context, len(order)))
        if stored is None:
            outputs[name] = catalog_bytes(entries_catalog(own_release, ordered))
            continue
        fresh = [e for e in ordered if not _same(old_entries.get(e.context), e)]
        texts = dict(zip((e.context for e in fresh), render_entries(own_release, fresh)))
        outputs[name] = catalog_text(stored.header, [texts.get(e.context) or stored.texts[e.context] for e in ordered]
                                     + stored.others)
    replaced = report.count("replaced")
    if replaced and not replace:
        report.refused = (f"{replaced} entries would replace a different Spanish text already stored; "
                          "give --replace to replace them")
        return {}
    report.changed = [root / PO_DIR / name for name in outputs]
    return outputs


def _untranslated(entry: PoEntry) -> PoEntry:
    """`entry` with its translation taken out, and with it what spoke of the translation: its fuzzy
    flag, its previous msgid, its review mark."""
    return dataclasses.replace(entry, msgstr="", flags=[f for f in entry.flags if f != "fuzzy"], previous=None,
                               previous_context=None,
                               comments=[c for c in entry.comments if not c.strip().startswith(REVIEWED)])


def _portable(entry: PoEntry, root: Path) -> PoEntry:
    """`entry` with every reference relative (`kb.translations.stored.portable_reference`)."""
    references = [portable_reference(r, root) for r in entry.references]
    return entry if references == entry.references else dataclasses.replace(entry, references=references)


def _annotated(old: PoEntry, new: PoEntry) -> PoEntry:
    """A stored entry given again with the same Spanish: its flags and previous msgid as given, its
    translator comments those stored (the review mark among them) and those added, its references as
    given, or as stored when none are. An import never takes a comment from a text it keeps."""
    comments = list(old.comments) + [c for c in new.comments if c not in old.comments]
    return dataclasses.replace(new, comments=comments, references=list(new.references or old.references))


_COMPARED = ("msgid", "msgstr", "flags", "comments", "auto_comments", "references", "previous", "plural", "plurals")


def _same(a: PoEntry | None, b: PoEntry | None) -> bool:
    """Whether two entries would be written alike (their lines in a file aside)."""
    if a is None or b is None:
        return a is b
    return all(getattr(a, name) == getattr(b, name) for name in _COMPARED)


def _differs(a: PoEntry, b: PoEntry) -> bool:
    return a.msgstr != b.msgstr or a.state != b.state


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
