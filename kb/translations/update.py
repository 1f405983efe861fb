"""Bringing the team's catalogs (`po/`) from the release they translate to a newer one.

The rules of the two releases are paired as the history pairs them (`kb diff OLD NEW`: each release
with the next, across renumberings), and every entry of the catalogs goes where its text went:

- a rule whose English reads the same (as the history compares texts: written alike, or alike once
  references are renumbered) keeps its Spanish, under its new number if it was renumbered; the
  references of the Spanish follow the renumbering as the English's do;
- a rule whose English changed keeps its Spanish, made fuzzy (`#, fuzzy`), with the English that
  Spanish translates kept as the previous msgid (`#| msgid`, and `#| msgctxt` when its number
  changed too); a fuzzy entry whose previous msgid reads as the new English is a translation again;
- a new rule comes in untranslated; a removed rule's translation is kept as an obsolete entry (`#~`)
  at the end of its catalog, never deleted (an untranslated one has nothing to keep);
- examples (`101.4#ex1`) follow their rule, paired as the history pairs a rule's examples; glossary
  entries are paired by their term, or, for a term renamed, by the definition they keep; the
  document's headings and paragraphs by their id.

Every entry keeps its translator comments and its flags; a review mark of an entry made fuzzy is kept
as a review of the older English (`# earlier reviewed: …`), no longer counting as a review, and
counts again if a later release comes back to that English. Its reference
and its "release" comment name the new release. Obsolete entries already there keep their bytes.
The catalogs are written as an import writes them: under the corpus's lock, all or nothing through
the journal (`kb.corpus_write`). Catalogs already of the new release are the identity: nothing is
written.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path

from kb.corpus_write import corpus_lock, recover, replace_files
from kb.history import reads_the_same
from kb.history.text import loose, word_changes
from kb.refs import find_references
from kb.translations.catalog import (
    GLOSSARY_GROUP, english_texts, example_context, glossary_context, group_file, group_of,
)
from kb.translations.files import PO_DIR, po_files
from kb.translations.pofile import REVIEWED, PoEntry, PoSyntaxError
from kb.translations.stored import StoredCatalog, catalog_text, read_stored, render_entries

ACTIONS = ("unchanged", "renumbered", "changed", "new", "removed")
KINDS = ("rule", "example", "glossary", "document")


class UpdateRefused(ValueError):
    """An update that cannot be made: no catalogs, catalogs of several releases, an unknown or older
    release, a catalog that does not parse."""


@dataclass(frozen=True)
class EntryChange:
    """What the update does to one entry: `action` one of `ACTIONS` ("renumbered" whether or not its
    English changed too, as `kb diff` counts a rule moved); `old_context`/`new_context` its id in each
    release (None where it has none); `state` the entry's state afterwards ("fuzzy" where its English
    changed, "obsolete" for a removed one kept)."""

    action: str
    kind: str
    old_context: str | None
    new_context: str | None
    state: str
    catalog: str

    def to_data(self) -> dict:
        return dict(vars(self))


@dataclass
class UpdateReport:
    old: str
    new: str
    rules: dict[str, int]  # every rule of the two releases, as `kb diff OLD NEW` sorts them
    changes: list[EntryChange] = field(default_factory=list)
    written: bool = False
    changed: list[Path] = field(default_factory=list)  # catalogs written (or, checked only, that would be)
    recovered: str | None = None

    def entries(self) -> dict[str, dict[str, int]]:
        """The entries of the catalogs, per kind, by action."""
        out = {kind: dict.fromkeys(ACTIONS, 0) for kind in KINDS}
        for change in self.changes:
            out[change.kind][change.action] += 1
        return out

    @property
    def fuzzy(self) -> int:
        """The entries the update makes fuzzy (its English changed; one fuzzy before and left as it
        was is not counted)."""
        return sum(1 for c in self.changes if c.state == "fuzzy" and c.action in ("changed", "renumbered"))

    def to_data(self) -> dict:
        return {"old": self.old, "new": self.new, "rules": self.rules, "entries": self.entries(),
                "fuzzy": self.fuzzy, "written": [str(p) for p in self.changed] if self.written else [],
                "would_write": [] if self.written else [str(p) for p in self.changed],
                "changes": [c.to_data() for c in self.changes if c.action != "unchanged"]}


def catalogs_release(root: Path | str) -> tuple[str | None, dict[str, StoredCatalog]]:
    """The release the corpus's catalogs translate, and each catalog as stored, by file name.
    `UpdateRefused` when one does not parse or they are of several releases."""
    stored: dict[str, StoredCatalog] = {}
    for path in po_files(root):
        try:
            stored[path.name] = read_stored(path)
        except PoSyntaxError as err:
            raise UpdateRefused(f"{err.path}:{err.line}: {err.reason}; repair it before updating") from None
    releases = sorted({c.po.release or "" for c in stored.values()})
    if len(releases) > 1:
        raise UpdateRefused(f"the catalogs are of several releases ({', '.join(r or '?' for r in releases)}); "
                            "bring them to one release first")
    return (releases[0] or None) if releases else None, stored


def update_catalogs(kb, release: str, corpus_root: Path | str | None = None,
                    dry_run: bool = False) -> UpdateReport:
    """Bring the catalogs of the corpus to `release` (see the module's documentation); with `dry_run`,
    say what would be done and write nothing."""
    root = Path(corpus_root) if corpus_root else Path(kb.corpus_root)
    if release not in kb.documents:
        raise UpdateRefused(f"no release {release}; the corpus has {', '.join(kb.releases)}")
    from kb.translations.catalog import ControlCharacter, check_english

    try:
        check_english(kb.documents[release])
    except ControlCharacter as err:
        raise UpdateRefused(str(err)) from None
    if dry_run:
        return _update(kb, release, root, dry_run=True)
    with corpus_lock(root):
        recovered = recover(root / PO_DIR)
        report = _update(kb, release, root, dry_run=False)
    report.recovered = recovered
    return report


def _update(kb, release: str, root: Path, dry_run: bool) -> UpdateReport:
    old, stored = catalogs_release(root)
    if old is None:
        raise UpdateRefused(f"{root / PO_DIR}: no catalogs to update")
    if old not in kb.documents:
        raise UpdateRefused(f"the catalogs translate release {old}, which the corpus does not have")
    if kb.releases.index(old) > kb.releases.index(release):
        raise UpdateRefused(f"the catalogs translate {old}, newer than {release}; update brings them forward only")
    diff = kb.diff(old, release)
    report = UpdateReport(old, release, rule_counts(diff))
    if old == release:
        return report  # the catalogs are of this release already: nothing to do, nothing written
    plan = _Plan(kb, old, release, diff)
    outputs = plan.catalogs(stored, report)
    report.changed = [root / PO_DIR / name for name in outputs]
    if not dry_run and outputs:
        replace_files(root / PO_DIR, outputs)
        report.written = True
    return report


def rule_counts(diff) -> dict[str, int]:
    """Every rule of the diff's two releases, sorted as the diff sorts it: unchanged, renumbered
    (and of those, changed too), changed, new, removed."""
    counts = diff.counts()
    return {"unchanged": counts["unchanged"], "renumbered": counts["moved"],
            "renumbered_and_changed": counts["moved_and_changed"], "changed": counts["changed"],
            "new": counts["added"], "removed": counts["removed"]}


_RELEASE_COMMENT = re.compile(r"^release \d{4}-\d{2}-\d{2}$")


class _Plan:
    """Where each entry of the old release's catalogs goes in the new release."""

    def __init__(self, kb, old: str, new: str, diff):
        self.old, self.new = old, new
        self.old_doc, self.new_doc = kb.documents[old], kb.documents[new]
        self.mapping = dict(diff.mapping)
        self.diff = diff
        self.known = english_texts(self.new_doc)
        self.reference = f"cr/{Path(self.new_doc.source).name}"
        self.terms = self._glossary_pairs()
        self.old_rules = {r.id: r for r in self.old_doc.rules}
        self.new_rules = {r.id: r for r in self.new_doc.rules}

    # -- pairing -------------------------------------------------------------------------------

    def _glossary_pairs(self) -> dict[str, str]:
        """Old glossary term → new term: the same term, else the one new term whose definition reads
        the same (a term renamed)."""
        new_terms = {e.term: e for e in self.new_doc.glossary}
        pairs = {e.term: e.term for e in self.old_doc.glossary if e.term in new_terms}
        taken = set(pairs.values())
        by_senses: dict[str, list[str]] = {}
        for entry in self.new_doc.glossary:
            if entry.term not in taken:
                by_senses.setdefault(loose("\n".join(entry.senses)), []).append(entry.term)
        for entry in self.old_doc.glossary:
            if entry.term in pairs:
                continue
            found = by_senses.get(loose("\n".join(entry.senses)), [])
            if len(found) == 1 and found[0] not in taken:
                pairs[entry.term] = found[0]
                taken.add(found[0])
        return pairs

    def _examples(self, old_id: str, new_id: str) -> dict[int, int]:
        """Old example number → new one, as the history pairs them: the changes the diff lists, and
        the examples between them, equal, in order."""
        entry = self.diff.entry_for(old_id=old_id)
        old_rule = self.old_rules.get(old_id)
        new_rule = self.new_rules.get(new_id)
        olds = [e.number for e in old_rule.examples] if old_rule else []
        news = [e.number for e in new_rule.examples] if new_rule else []
        pairs: dict[int, int] = {}
        gone_old, gone_new = set(), set()
        for change in entry.examples if entry else ():
            if change.old_number is not None:
                gone_old.add(change.old_number)
            if change.new_number is not None:
                gone_new.add(change.new_number)
            if change.op == "changed":
                pairs[change.old_number] = change.new_number
        rest_old = [n for n in olds if n not in gone_old]
        rest_new = [n for n in news if n not in gone_new]
        pairs.update(zip(rest_old, rest_new))
        return pairs

    def target(self, context: str) -> str | None:
        """The id in the new release of the old entry `context`, or None (removed)."""
        if context.startswith("document:"):
            return context if context in self.known else None
        if context.startswith("glossary:"):
            term = self.terms.get(context.split(":", 1)[1])
            return glossary_context(term) if term else None
        rule_id, _, example = context.partition("#ex")
        new_id = self.mapping.get(rule_id)
        if new_id is None:
            return None
        if not example:
            return new_id
        number = self._examples(rule_id, new_id).get(int(example)) if example.isdigit() else None
        return example_context(new_id, number) if number is not None else None

    # -- the catalogs ------------------------------------------------------------------------------

    def catalogs(self, stored: dict[str, StoredCatalog], report: UpdateReport) -> dict[str, bytes]:
        """The new bytes of every catalog, and the report's changes."""
        old_entries: dict[str, tuple[PoEntry, str]] = {}
        for name, catalog in sorted(stored.items()):
            for entry in catalog.po.entries:
                if entry.context:
                    old_entries.setdefault(entry.context, (entry, name))
        arriving: dict[str, tuple[PoEntry, str]] = {}
        for context, (entry, name) in old_entries.items():
            target = self.target(context)
            if target is not None and self.known.get(target, (None, None, ""))[2]:
                arriving[target] = (entry, name)
        groups: dict[str, list[PoEntry]] = {}
        for context, (record, _example, english) in self.known.items():
            if not english:
                continue  # a rule without a text of its own has no entry
            group = group_file(group_of(context))
            kind = _kind(context)
            line = getattr(record, "line", 1) if not isinstance(record, str) else 1
            if _example is not None:
                line = next((e.line for e in record.examples if e.number == _example), line)
            found = arriving.get(context)
            if found is None:
                entry = PoEntry(english, "", context, references=[f"{self.reference}:{line}"],
                                comments=[f"release {self.new}"])
                report.changes.append(EntryChange("new", kind, None, context, "untranslated", group))
            else:
                entry, action = self._carried(found[0], context, english, line)
                report.changes.append(EntryChange(action, kind, found[0].context, context, entry.state, group))
            groups.setdefault(group, []).append(entry)
        obsolete: dict[str, list[PoEntry]] = {}
        arrived = {entry.context for entry, _ in arriving.values()}
        for context, (entry, name) in old_entries.items():
            if context in arrived:
                continue
            if entry.msgstr:
                obsolete.setdefault(name, []).append(entry)
            report.changes.append(EntryChange("removed", _kind(context), context, None,
                                              "obsolete" if entry.msgstr else "untranslated", name))
        outputs: dict[str, bytes] = {}
        for name in sorted(set(groups) | set(stored) | set(obsolete)):
            header = _header(stored[name].header if name in stored else None, self.old, self.new, name)
            texts = _render(self.new, groups.get(name, []))
            texts += [_obsolete_text(t) for t in _render(self.new, obsolete.get(name, []))]
            kept = stored[name].others if name in stored else []
            data = catalog_text(header, texts + kept)
            if name not in stored or stored_bytes(stored[name]) != data:
                outputs[name] = data
        return outputs

    def _carried(self, old: PoEntry, context: str, english: str, line: int) -> tuple[PoEntry, str]:
        """The old entry under `context`, with the new English; and what happened to it."""
        renumber = self.mapping.get  # a glossary entry's references are to rules too
        moved = old.context != context and not context.startswith("document:")
        comments = [f"release {self.new}" if _RELEASE_COMMENT.match(c) else c for c in old.comments]
        entry = dataclasses.replace(old, msgid=english, context=context, comments=comments,
                                    references=[f"{self.reference}:{line}"], line=0, start=0)
        same = reads_the_same(old.msgid, english, renumber)
        if same:
            if old.msgstr and same == "renumbered":
                entry.msgstr = _renumbered_spanish(old.msgstr, self.mapping)
            return entry, "renumbered" if moved else "unchanged"
        if old.fuzzy and old.previous and reads_the_same(old.previous, english, renumber):
            # The Spanish translates the English this release came back to: current again.
            entry.flags = [f for f in old.flags if f != "fuzzy"]
            entry.previous = entry.previous_context = None
            entry.comments = [_review_restored(c) for c in entry.comments]
            return entry, "renumbered" if moved else "changed"
        if old.msgstr:
            if not old.fuzzy:
                entry.flags = ["fuzzy", *old.flags]
                # A review of the older English is kept, as such: clearing the fuzzy flag of a Spanish
                # nobody has read against the new English must not make it read as reviewed.
                entry.comments = [_review_of_older(c) for c in entry.comments]
                entry.previous = old.msgid
                entry.previous_context = old.context if moved else None
            # Fuzzy already: its previous msgid (if it has one) is still the English it translates.
            elif old.previous and moved and not old.previous_context:
                entry.previous_context = old.context
        return entry, "renumbered" if moved else "changed"


EARLIER_REVIEW = "earlier "
"""The prefix of a review mark whose review was of an older English (`# earlier reviewed: Ana, …`)."""


def _review_of_older(comment: str) -> str:
    return EARLIER_REVIEW + comment if comment.startswith(REVIEWED) else comment


def _review_restored(comment: str) -> str:
    older = comment.startswith(EARLIER_REVIEW) and comment[len(EARLIER_REVIEW):].startswith(REVIEWED)
    return comment[len(EARLIER_REVIEW):] if older else comment


def stored_bytes(catalog: StoredCatalog) -> bytes:
    return catalog_text(catalog.header, [*catalog.texts.values(), *catalog.others])


def _kind(context: str) -> str:
    if context.startswith("glossary:"):
        return "glossary"
    if context.startswith("document:"):
        return "document"
    return "example" if "#ex" in context else "rule"


def _renumbered_spanish(text: str, mapping: dict[str, str]) -> str:
    """The Spanish with each reference to a renumbered rule rewritten to its new number."""
    from kb.history.text import renumbered

    refs = find_references(text, "es")
    return renumbered(text, refs, mapping) if refs else text


def _header(text: str | None, old: str, new: str, name: str) -> str:
    """The stored header with the new release: its comment, Project-Id-Version and POT-Creation-Date
    (the English's date); every other field as the team left it."""
    if text is None:
        from kb.translations.catalog import catalog_bytes
        from kb.translations.stored import entries_catalog

        return catalog_bytes(entries_catalog(new, [])).decode("utf-8").split("\n\n")[0]
    text = text.replace(f"release {old}.", f"release {new}.", 1)
    text = re.sub(r'("Project-Id-Version: [^"\n]*?)' + re.escape(old), lambda m: m.group(1) + new, text, count=1)
    return re.sub(r'("POT-Creation-Date: )' + re.escape(old), lambda m: m.group(1) + new, text, count=1)


def _render(release: str, entries: list[PoEntry]) -> list[str]:
    """The entries' texts as a catalog writes them, with `#| msgctxt` before `#| msgid` where an
    entry's previous id differs from its id."""
    from babel.messages.pofile import normalize

    texts = render_entries(release, entries)
    out = []
    for entry, text in zip(entries, texts):
        if entry.previous_context:
            line = f"#| msgctxt {normalize(entry.previous_context, prefix='#| ', width=76)}"
            at = text.find("#| msgid ")
            text = text[:at] + line + "\n" + text[at:] if at >= 0 else text
        out.append(text)
    return out


def _obsolete_text(text: str) -> str:
    """An entry's text as an obsolete entry: its keywords and strings behind `#~`, its previous id
    behind `#~|`, its translator comments kept, its references dropped (as gettext does)."""
    out = []
    for line in text.split("\n"):
        if line.startswith("#:"):
            continue
        if line.startswith("#|"):
            out.append("#~|" + line[2:])
        elif line.startswith("#"):
            out.append(line)
        else:
            out.append("#~ " + line)
    return "\n".join(out)




@dataclass(frozen=True)
class TodoItem:
    """An entry of the catalogs that needs a translator: fuzzy (its Spanish translates `previous`,
    an older English; `words` the word diff from that English to today's, `hunks` the same changes
    in their sentence, see `kb.translations.desk.word_diff`) or untranslated; `suggestion` the
    closest English already translated, with its Spanish (None when nothing is close enough)."""

    catalog: str
    line: int
    context: str
    state: str
    english: str
    spanish: str = ""
    previous: str | None = None
    previous_context: str | None = None
    words: tuple = ()
    hunks: tuple = ()
    suggestion: object = None

    def to_data(self) -> dict:
        data = {k: v for k, v in vars(self).items() if k not in ("hunks", "suggestion")}
        data["words"] = [{"op": w.op, "old": w.old, "new": w.new} for w in self.words]
        data["hunks"] = [h.to_data() for h in self.hunks]
        data["suggestion"] = self.suggestion.to_data() if self.suggestion else None
        return data


def todo(root: Path | str, suggest: bool = True) -> list[TodoItem]:
    """Every fuzzy or untranslated entry of the corpus's catalogs, in catalog order (the parts, then
    the glossary; each in the order of its entries), each with a suggestion from the translation
    memory unless `suggest` is false. `PoSyntaxError` for a catalog that does not parse."""
    from kb.translations.desk import Memory, word_diff
    from kb.translations.pofile import read_po_file

    paths = sorted(po_files(root), key=lambda p: (p.name == group_file(GLOSSARY_GROUP), p.name))
    memory = Memory.of_catalogs(paths) if suggest else None
    items = []
    for path in paths:
        po = read_po_file(path)
        for entry in po.entries:
            if not entry.context or entry.state not in ("fuzzy", "untranslated"):
                continue
            changed = entry.state == "fuzzy" and entry.previous
            words = word_changes(entry.previous, entry.msgid) if changed else ()
            hunks = tuple(word_diff(entry.previous, entry.msgid)) if changed else ()
            suggestion = memory.suggest(entry.context, entry.msgid) if memory else None
            items.append(TodoItem(f"{PO_DIR}/{path.name}", entry.line, entry.context, entry.state, entry.msgid,
                                  entry.msgstr, entry.previous if entry.state == "fuzzy" else None,
                                  entry.previous_context if entry.state == "fuzzy" else None, words, hunks,
                                  suggestion))
    return items
