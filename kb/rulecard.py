"""One rule's card, what `kb rule` shows: its text and examples in one release, its references
both ways and, in Spanish, its best Spanish text with the status and evidence of its alignment.

The card is assembled in one place (`_assemble`) from the facts of one rule, whether a loaded
knowledge base gives them (`card_of`) or the store's rows (`card_from_store`, which reads only the
rows of that rule); `rule_card` takes the quickest of the two that is up to date with the corpus.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.align.records import Alignment
from kb.knowledge import (
    KnowledgeBase, SpanishReference, SpanishText, UnknownReleaseError, UnknownRuleError,
    corpus_release_names, spanish_references_of, tell, translation_reads_as,
)
from kb.store_manifest import CHECKSUMS
from kb.translations.precedence import SpanishSource, best_spanish, relative_to


@dataclass
class RuleCard:
    """What `kb rule` shows: a rule's text and examples in one release, its references both ways, and
    (for Spanish) the best Spanish text with the status and evidence of its alignment, its source
    given relative to the corpus root ("wiki/es-jugador.txt", "po/equipo.po"). `notice` says why
    there is no Spanish text."""

    id: str
    release: str
    kind: str
    text: str
    examples: list[str]
    refs_out: list[str]
    refs_in: list[str]
    lang: str = "en"
    spanish: SpanishText | None = None
    notice: str | None = None
    texts: list[SpanishSource] | None = None
    # The references of the first Spanish text, each to the rule it names in this release.
    spanish_references: list[SpanishReference] | None = None


NO_TRANSLATION = "sin traducción"


def _named(release: str | None, root: Path, manifest: dict[str, Any] | None = None) -> str | None:
    """The release named `release`, by the date it takes effect or the date it was published: as a
    store's manifest (`manifest`) keeps the names, else as the corpus gives them. A date that names
    no release is left for the lookup to refuse."""
    if not release:
        return release
    names = manifest.get("release_names") if isinstance(manifest, dict) else None
    if not isinstance(names, dict):
        names = corpus_release_names(root) or {}
    named = names.get(release, release)
    return named if isinstance(named, str) else release


def rule_card(
    rule_id: str,
    release: str | None = None,
    lang: str = "en",
    corpus_root: Path | str | None = None,
    store: Path | str | None = None,
    progress: Callable[[str], None] | None = None,
    warn: Callable[[str], None] | None = None,
) -> RuleCard:
    """The card of `rule_id` in `release` (the date it takes effect or the date it was published;
    default the newest). From an up-to-date store only the rows it needs are read (no pandas, no
    graph); otherwise the knowledge base is built and stored first. Raises `UnknownRuleError`,
    `UnknownReleaseError`."""
    from kb import store as stored
    from kb.corpus import corpus_dir, read_corpus

    if lang not in ("en", "es"):
        raise ValueError(f"unknown language {lang!r}: expected 'en' or 'es'")
    root = Path(corpus_root) if corpus_root else corpus_dir()
    path = Path(store) if store else stored.store_dir()
    corpus = read_corpus(root, checksums=path / CHECKSUMS)
    fingerprint = stored.corpus_fingerprint(root, corpus)
    # The store's lookup table, when it is the one written for this corpus and code: no pyarrow.
    import sqlite3

    from kb.lookup import open_index

    index = open_index(path, fingerprint)
    told = False  # each release the corpus cannot read is told once, before any answer or error
    if index is not None:
        tell([u.line for u in corpus.unavailable], warn)
        told = True
        try:
            return card_from_store(path, rule_id, _named(release, root, index.manifest), lang, root, reader=index)
        except (stored.StoreError, sqlite3.DatabaseError):
            pass  # a damaged lookup table: the Parquet tables answer, checked whole
    if stored.is_current(path, root, fingerprint):
        if not told:
            tell([u.line for u in corpus.unavailable], warn)
        return card_from_store(path, rule_id, _named(release, root, stored.read_manifest(path)), lang, root)
    kb = KnowledgeBase.load(root, path, progress=progress, warn=warn)
    return card_of(kb, rule_id, _named(release, root), lang)


def card_of(kb: KnowledgeBase, rule_id: str, release: str | None = None, lang: str = "en") -> RuleCard:
    """The card of `rule_id` read through a loaded knowledge base."""
    release = kb._release(release)
    rule = kb.rule(rule_id, release)
    card = RuleCard(
        id=rule.id,
        release=release,
        kind=rule.kind,
        text=rule.text,
        examples=[e.text for e in rule.examples],
        # What the rule refers to, in its text and in its examples.
        refs_out=_unique(ref.target for source in [rule.id, *(e.id for e in rule.examples)]
                         for ref in kb.refs_out(source, release)),
        refs_in=kb.refs_in(rule.id, release),
        lang=lang,
    )
    if lang == "es":
        texts = kb.spanish_texts(rule.id, release)
        first = (_alignment_of(kb.alignment, texts[0], kb.corpus_root) if texts
                 else _spanish_for(kb.alignment, rule.id, release, release == kb.newest))
        _add_spanish(card, texts, first, kb._carry, set(kb._by_id[release]), kb.corpus_root)
    return card


def card_from_store(
    path: Path | str, rule_id: str, release: str | None = None, lang: str = "en", corpus_root: Path | None = None,
    reader=None,
) -> RuleCard:
    """`card_of`, answered from the store's tables alone (the rows of one rule); `reader`, if given,
    reads them instead (`kb.lookup.IndexReader`, the store's lookup table)."""
    from kb import store as stored
    from kb.corpus import corpus_dir

    path = Path(path)
    reader = reader or stored.StoreReader(path)
    paths = stored.Paths(corpus_root or corpus_dir())
    manifest = getattr(reader, "manifest", None) or stored.read_manifest(path)
    releases = (manifest or {}).get("releases", [])
    if not releases:
        raise UnknownReleaseError("the store holds no release of the rules")
    release = release or releases[-1]
    if release not in releases:
        raise UnknownReleaseError(f"no release {release}; the corpus has {', '.join(releases)}")
    found = reader.rows("records", None, release=release, id=rule_id, lang="en")
    if not found:
        raise UnknownRuleError(f"release {release} has no rule {rule_id}")
    row = found[0]
    examples = reader.rows("examples", ["release", "rule", "lang", "source", "number", "text"],
                           release=release, rule=rule_id, lang="en")
    examples = [e for e in examples if e["source"] == row["source"]]
    columns = ["release", "lang", "source_id", "target", "position"]
    outgoing = reader.rows("references", columns, release=release, source_id=rule_id, lang="en")
    # What the rule's examples cite is the rule's reference too, after its text's own.
    for example in sorted(examples, key=lambda e: e["number"]):
        cited = reader.rows("references", columns, release=release, source_id=f"{rule_id}#ex{example['number']}",
                            lang="en")
        outgoing += [dict(r, position=(1 + example["number"], r["position"])) for r in cited]
    outgoing = [r if isinstance(r["position"], tuple) else dict(r, position=(0, r["position"])) for r in outgoing]
    incoming = reader.rows("references", columns, release=release, target=rule_id, lang="en")
    refs_in = []
    for ref in sorted(incoming, key=lambda r: r["position"]):
        citing = ref["source_id"].split("#", 1)[0]
        if not citing.startswith("glossary:") and citing != rule_id and citing not in refs_in:
            refs_in.append(citing)
    card = RuleCard(
        id=rule_id,
        release=release,
        kind=row["kind"],
        text=row["text"],
        examples=[e["text"] for e in sorted(examples, key=lambda e: e["number"])],
        refs_out=_unique(r["target"] for r in sorted(outgoing, key=lambda r: r["position"])),
        refs_in=refs_in,
        lang=lang,
    )
    if lang == "es":
        _spanish_from_store(card, reader, releases, row["text"], paths)
    return card


def _spanish_from_store(card: RuleCard, reader, releases: list[str], english: str, paths) -> None:
    """The card's Spanish from the store's rows: those of the alignments of the rule's English (of the
    newest release's rule, or of any rule along its line of descent, for an older release)."""
    from kb import store as stored
    from kb.model import Rule
    from kb.translations.precedence import descent_texts, rule_texts

    rule_id, release = card.id, card.release
    relative = relative_to(paths.root)
    newest = release == releases[-1]
    descent = None
    # Read only when a question needs it: the newest release's own numbers need no carrying.
    lines = functools.cache(lambda: reader.descent(releases) if hasattr(reader, "descent")
                            else stored.stored_descent(reader, releases))

    def carry(other_id: str, other: str, to: str) -> str | None:
        if other == to:
            return other_id
        try:
            return lines().carry(other_id, other, to)
        except KeyError:
            return None  # a release the corpus does not have

    if newest:
        rows = reader.rows("alignment", None, kind="rule", newest_id=rule_id)
    else:
        descent = lines().trace(rule_id, release)
        # The rows translating the English of the rule anywhere along its line of descent.
        along = sorted((other, other_id) for other, other_id in descent.items() if other_id is not None)
        rows = reader.rows_among("alignment", None, ("english_release", "en_id"), along, kind="rule")
    english_texts: dict[tuple[str, str], str | None] = {}

    def english_of(other: str, other_id: str) -> str | None:
        if (other, other_id) not in english_texts:
            found = [r for r in reader.rows("records", ["lang", "release", "id", "text", "page_title"],
                                            release=other, id=other_id, lang="en") if r["page_title"] is None]
            english_texts[(other, other_id)] = found[0]["text"] if found else None
        return english_texts[(other, other_id)]

    alignments = []
    for a in rows:
        # The English record is read only where the comparison of texts needs it (older releases).
        text = "" if newest or a["en_id"] is None else (a["en_text"] or english_of(a["english_release"], a["en_id"]) or "")
        en = Rule(id=a["en_id"], kind="rule", parent=None, text=text, release=a["english_release"], lang="en",
                  source="", line=0) if a["en_id"] else None
        alignments.append(stored.alignment_of_row(a, paths, en))
    if newest:
        texts = rule_texts(alignments, rule_id, relative)
    else:
        texts = descent_texts(
            alignments, rule_id, release, descent,
            lambda alignment: translation_reads_as(alignment, english, release, english_of, carry),
            relative)
    first = None
    if texts:
        first = next((a for a in alignments if a.es.line == texts[0].line and relative(a.es.source) == texts[0].source),
                     None)
    known = _RuleIds(reader, release) if getattr(reader, "indexed", False) else \
        {r["id"] for r in reader.rows("records", ["lang", "release", "id", "page_title"], release=release,
                                      lang="en") if r["page_title"] is None}
    _add_spanish(card, texts, first, carry, known, paths.root)


def _add_spanish(card: RuleCard, texts: list[SpanishSource], first: Alignment | None, carry, known,
                 corpus_root: Path | str) -> None:
    """The card's Spanish, however its facts were read: its `texts` in the order shown, the first
    told as a `SpanishText` from its alignment `first`, the references of the first carried by
    `carry(id, from_release, to_release)` to the card's release (whose rule ids are `known`), and the
    notice when none translates the English shown."""
    card.texts = texts
    card.spanish = card_spanish(first, corpus_root)
    if texts:
        card.spanish_references = spanish_references_of(texts[0], card.id, card.release, carry, known)
    settle_spanish(card)


class _RuleIds:
    """Whether a rule id is one of a release's rules, asked of an indexed reader one id at a time:
    a card's Spanish references name a few rules, a release has thousands."""

    def __init__(self, reader, release: str):
        self.reader, self.release = reader, release

    def __contains__(self, rule_id: object) -> bool:
        return isinstance(rule_id, str) and any(
            r["page_title"] is None for r in self.reader.rows(
                "records", ["lang", "release", "id", "page_title"], release=self.release, id=rule_id, lang="en"))


def settle_spanish(card: RuleCard) -> None:
    """The card's first Spanish text told as its `texts` tell it (for an older release, whether it
    translates that release's English), and the notice when none translates the English shown."""
    first = card.texts[0] if card.texts else None
    if card.spanish is not None and first is not None and first.shown_release is not None:
        card.spanish.current = first.current
        card.spanish.english_release = first.english_release
        card.spanish.evidence = list(first.evidence)
        card.spanish.changed_since = not first.current
    if card.spanish is None:
        card.notice = f"{NO_TRANSLATION}: the corpus has no Spanish text for {card.id} of {card.release}"
    elif first is not None and first.shown_release is not None and not first.current:
        card.notice = (f"{NO_TRANSLATION}: no Spanish text translates the English of {card.id} of {card.release}; "
                       f"the Spanish shown translates another English text, as each says")


def card_spanish(alignment: Alignment | None, corpus_root: Path | str) -> SpanishText | None:
    """The Spanish text of a card: its source as a path relative to the corpus root, the same
    wherever the corpus lies (a source outside the corpus keeps its path)."""
    from kb.store import Paths

    if alignment is None:
        return None
    spanish = SpanishText.of(alignment)
    spanish.source = Paths(Path(corpus_root)).rel(spanish.source)
    return spanish


def _alignment_of(alignments, text: SpanishSource, corpus_root) -> Alignment | None:
    """The alignment a `SpanishSource` was made from (by its source and line)."""
    relative = relative_to(corpus_root)
    for alignment in alignments:
        if alignment.kind == "rule" and alignment.es.line == text.line and relative(alignment.es.source) == text.source:
            return alignment
    return None


def _spanish_for(alignments, rule_id: str, release: str, newest: bool) -> Alignment | None:
    """The best Spanish for a rule: by its newest number for the newest release, else the Spanish
    paired with exactly that release's rule."""
    return best_spanish(
        a
        for a in alignments
        if a.kind == "rule"
        and ((a.newest_id == rule_id) if newest else (a.english_release == release and a.en_id == rule_id))
    )


def _unique(values) -> list[str]:
    out: list[str] = []
    for value in values:
        if value not in out:
            out.append(value)
    return out
