"""Which Spanish text of a rule to show first, and how to label each one honestly.

A rule can have several Spanish texts: official Spanish quoted by wiki pages (each from the release the
page quotes) and the team's translation in the catalogs (translated, fuzzy or reviewed). The order:

1. texts that translate the English shown (its `current` English): an official quote first, then the
   team's translation (reviewed before merely translated); within each, a surer pairing before a
   less sure one (an official quote paired through the nearest release still stands first);
2. then texts that translate an older English (a drifted quote, a fuzzy catalog entry), newest
   English first, each marked as the translation of an older text with the release it matches.

So where an official quote still translates the current English it stands; where the English has
moved on, the team's translation of the current text comes first and the official quote follows,
never presented as current.

For a rule of an older release (`descent_texts`), the texts are those of the same rule anywhere
along its line of descent, across renumberings: a text translates the English shown when the English
it translates reads the same as that release's (as the history compares texts); any other is marked
as the translation of another English, with that English's release and number.

`in_order` is the one place that order is decided: the knowledge base's first text (`kb.spanish`),
its list (`kb.spanish_texts`, what `kb rule --lang es` prints) and the site's rule pages, details and
search all take it from there. The first text is the main one; the others are shown folded under
their labels.

`SpanishSource` is what the knowledge base gives the site and `kb rule --lang es`, one per text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from kb.align.records import Alignment

_STATUS_RANK = {"exact": 0, "renumbered": 0, "nearest": 1, "drifted": 2}
_STATE_RANK = {"reviewed": 0, "translated": 1, "official": 0, "fuzzy": 2}
TEAM_LABEL = "traducción de este proyecto"
OFFICIAL_LABEL = "traducción oficial citada"
STATE_LABELS = {"translated": "traducida", "reviewed": "revisada", "fuzzy": "dudosa (fuzzy)"}


CATALOG_STATES = ("translated", "reviewed", "fuzzy")


def catalog_state(alignment: Alignment) -> str:
    """Whose a Spanish text is, as its label says: "official" for a wiki quote; for a catalog entry
    its state ("translated", "fuzzy" or "reviewed"), and where the catalog says none, "fuzzy" for an
    entry marked fuzzy (its alignment drifted) and "translated" for any other. `alignment` is an
    alignment or any Spanish text that keeps its `origin`, `status` and catalog `state`."""
    if alignment.origin != "po":
        return "official"
    state = getattr(alignment, "state", None)
    if state in CATALOG_STATES:
        return state
    return "fuzzy" if alignment.status == "drifted" else "translated"


def is_stale(spanish) -> bool:
    """Whether a Spanish text is shown as the translation of an older English than the rule's today:
    its English changed after the release it translates, it was paired with an older wording
    (drifted), or it is a catalog entry marked fuzzy (it translates its previous msgid). Every face
    of a text says this one judgement: the rule card (`is_current`, `kb rule --lang es`), the site's
    label and its warning, the API's `current`, the Spanish documents of the releases. `spanish` is
    an alignment or any text that keeps its `origin`, `status`, catalog `state` and `changed_since`."""
    return bool(spanish.changed_since) or spanish.status == "drifted" or catalog_state(spanish) == "fuzzy"


def is_current(alignment: Alignment) -> bool:
    """Whether the Spanish translates the English it stands beside today (in the newest release):
    paired with it, and not stale (`is_stale`)."""
    return alignment.status != "unmatched" and not is_stale(alignment)


def bound_release(alignment: Alignment) -> str | None:
    """The release whose English a Spanish text translates: its alignment's, but None for a fuzzy
    catalog entry that stands for its own release's English (no older release reads as its previous
    msgid, `kb.translations.source`): what it translates is in no release the corpus has."""
    unknown = alignment.origin == "po" and alignment.status == "drifted" and \
        alignment.english_release == alignment.stated_release
    return None if unknown else alignment.english_release


def preference(alignment: Alignment, current: bool | None = None) -> tuple:
    """Sort key of the Spanish texts of one rule (see the module's documentation)."""
    current = is_current(alignment) if current is None else current
    release = [-int(p) for p in (alignment.english_release or "0").split("-") if p.isdigit()]
    return (
        not current,
        (0 if alignment.origin == "wiki" else 1) if current else 0,
        _STATUS_RANK.get(alignment.status, 9),
        release,
        _STATE_RANK.get(catalog_state(alignment), 9),
        0 if alignment.origin == "po" else 1,
        alignment.es.source,
        alignment.es.line,
    )


def in_order(alignments, current_of=is_current) -> list[tuple[Alignment, bool]]:
    """The Spanish texts of one rule in the order to show them, each once (by its source and line),
    with whether it translates the English shown (`current_of`): the first is the main text, the
    others are shown folded beneath it. Unmatched texts are left out."""
    chosen = [(a, bool(current_of(a))) for a in alignments if a.status != "unmatched"]
    chosen.sort(key=lambda pair: preference(pair[0], pair[1]))
    out = []
    seen = set()
    for alignment, current in chosen:
        key = (str(alignment.es.source), alignment.es.line)
        if key not in seen:
            seen.add(key)
            out.append((alignment, current))
    return out


def best_spanish(alignments) -> Alignment | None:
    """Of several Spanish texts for one rule, the one to show first."""
    found = in_order(alignments)
    return found[0][0] if found else None


@dataclass
class SpanishSource:
    """One Spanish text of a rule, with where it comes from and whether it is current.

    kind            "wiki" (official Spanish quoted by a wiki page) or "catalog" (the team's own)
    source          the file, relative to the corpus root ("wiki/es-pila.txt", "po/part-6.po")
    title           the wiki page's title, or the catalog's file name
    release         the release the source names: the page's stamp, or the catalog's release
    state           "official" for a quote; "translated", "fuzzy" or "reviewed" for a catalog entry
    english_release the release whose English the text translates (None for a fuzzy catalog entry,
                    which translates its previous msgid)
    current         whether that English is the English shown (else it translates an older text)
    changed_in      for a text that is not current, the first release whose English differs (for a
                    rule of an older release: None)
    label           all that said in Spanish, for a reader
    shown_release   for a rule of an older release, that release (its English is the English shown);
                    None for the newest release
    english_id      the id the English the text translates has in `english_release`: the rule's id
                    there, along its line of descent
    """

    kind: Literal["wiki", "catalog"]
    id_es: str
    text: str
    examples: list[str]
    source: str
    line: int
    title: str
    release: str | None
    stamp: str | None
    state: str
    english_release: str | None
    current: bool
    changed_in: str | None
    status: str
    evidence: list[str] = field(default_factory=list)
    label: str = ""
    shown_release: str | None = None
    english_id: str | None = None

    def __post_init__(self) -> None:
        if not self.label:
            self.label = self._label()

    def _label(self) -> str:
        if self.kind == "wiki":
            stamp = (self.stamp or "").strip()
            if stamp.startswith("(") and stamp.endswith(")"):
                stamp = stamp[1:-1].strip()
            label = f"{OFFICIAL_LABEL}: página «{self.title}»" + (f", reglas de {stamp}" if stamp else "")
        else:
            label = f"{TEAM_LABEL} ({self.title}, {STATE_LABELS.get(self.state, self.state)})"
        if self.shown_release is not None:
            return label + self._older_release_label()
        if not self.current:
            if self.english_release:
                label += f"; traduce el texto anterior, el de {self.english_release}, no el actual"
            else:
                label += "; traduce un texto anterior (el msgid previo del catálogo), no el actual"
        return label

    def _older_release_label(self) -> str:
        """For a rule of an older release: which English the text translates, if not this one's."""
        where = f"el de {self.english_release} (regla {self.english_id})"
        if self.current:
            if self.english_release == self.shown_release:
                return ""
            return f"; traduce el mismo texto inglés, {where}"
        if self.english_release:
            return f"; traduce otro texto inglés, {where}, no el de {self.shown_release}"
        return f"; traduce un texto anterior (el msgid previo del catálogo), no el de {self.shown_release}"

    def to_data(self) -> dict:
        return dict(vars(self))


def spanish_sources(alignments, current_of, relative) -> list[SpanishSource]:
    """The Spanish texts of one rule, in the order to show them. `current_of(alignment)` says whether
    a text translates the English shown; `relative(path)` gives a source's corpus-relative path."""
    out = []
    for alignment, current in in_order(alignments, current_of):
        record = alignment.es
        catalog = alignment.origin == "po"
        english_release = bound_release(alignment)
        stamp = alignment.stamp
        out.append(
            SpanishSource(
                kind="catalog" if catalog else "wiki",
                id_es=alignment.es_id,
                text=record.text,
                examples=[e.text for e in getattr(record, "examples", [])],
                source=relative(record.source),
                line=record.line,
                title=alignment.page_title or Path(record.source).name,
                release=alignment.stated_release,
                stamp=getattr(stamp, "raw", None) if stamp else None,
                state=catalog_state(alignment),
                # A fuzzy catalog entry translates its previous msgid: the English of an older release
                # when one reads as it (kb.translations.source), else of no known release.
                english_release=english_release,
                current=current,
                changed_in=None if current or english_release is None else (alignment.changed_in or english_release),
                status=alignment.status,
                evidence=list(alignment.evidence),
            )
        )
    return out


def relative_to(root: str | Path):
    """A function giving paths relative to `root` (a path outside it is kept as it is)."""
    base = Path(root).resolve()

    def relative(path: str | Path) -> str:
        try:
            return Path(path).resolve().relative_to(base).as_posix()
        except ValueError:
            return str(path)

    return relative


def rule_texts(alignments, rule_id: str, relative) -> list[SpanishSource]:
    """The Spanish texts of rule `rule_id` of the newest release, in the order to show them: every
    text paired with the rule as it stands today (by its newest number), current unless its English
    changed since (or it is a fuzzy catalog entry). For an older release, see `descent_texts`."""
    chosen = [a for a in alignments if a.kind == "rule" and a.status != "unmatched" and a.newest_id == rule_id]
    return spanish_sources(chosen, is_current, relative)


def descent_texts(alignments, rule_id: str, release: str, descent: dict[str, str | None], reads_as,
                  relative) -> list[SpanishSource]:
    """The Spanish texts of rule `rule_id` of `release`, a release older than the newest, in the order
    to show them: every text paired with the same rule somewhere on its line of descent (`descent`:
    release -> the rule's id there, as `kb.history` pairs rules across renumberings).

    A text is current (it translates the English shown) when the English it translates reads as
    this release's English the way the history compares texts: `reads_as(alignment)` gives "same",
    "renumbered" (the same once references are renumbered) or None (another English, or one not
    known: a fuzzy catalog entry without its previous msgid). A text of another English is kept,
    labelled as the translation of that English with its release and id."""
    chosen = []
    for alignment in alignments:
        if alignment.kind != "rule" or alignment.status == "unmatched" or alignment.en_id is None:
            continue
        if alignment.english_release is None or descent.get(alignment.english_release) != alignment.en_id:
            continue
        chosen.append((alignment, reads_as(alignment)))
    flags = {id(a): bool(how) for a, how in chosen}
    texts = spanish_sources([a for a, _ in chosen], lambda a: flags[id(a)], relative)
    found = {(relative(a.es.source), a.es.line): (a, how) for a, how in reversed(chosen)}
    out = []
    for text in texts:
        alignment, how = found[(text.source, text.line)]
        english = f"{alignment.en_id} of {alignment.english_release}"
        if how == "same" and (alignment.english_release, alignment.en_id) == (release, rule_id):
            note = f"the English it translates is that of {rule_id} of {release}"
        elif how == "same":
            note = f"the English it translates, {english}, reads as {rule_id} of {release} (its line of descent)"
        elif how == "renumbered":
            note = (f"the English it translates, {english}, reads as {rule_id} of {release} once its references "
                    f"are renumbered (its line of descent); the Spanish keeps the numbers of {alignment.english_release}")
        elif text.english_release is None:
            note = f"a fuzzy catalog entry: the English it translates is not known to be that of {rule_id} of {release}"
        else:
            note = f"the English it translates, {english}, differs from that of {rule_id} of {release}"
        data = {**text.to_data(), "label": "", "changed_in": None, "current": bool(how),
                "evidence": [*text.evidence, note], "shown_release": release, "english_id": alignment.en_id}
        if how and text.english_release is None:
            # A fuzzy entry whose previous msgid is this release's English translates this release's.
            data["english_release"], data["english_id"] = release, rule_id
        out.append(SpanishSource(**data))
    return out
