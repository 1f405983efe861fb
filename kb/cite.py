"""Citations of the rules that survive renumbering: "CR 716.1 (2019-08-23)" is 717.1 of 2019-10-04.

A citation names a rule and, optionally, the release it was written against ("717.1",
"CR 717.1 (2019-10-04)", "505.5a as of 2010-06-18", "rule 702.19c", "702.19c, October 4, 2019").
`resolve` follows the rule's line of descent (the history's pairing of each release's rules with the
next's, `kb.history.descent`) to any other release and says what happened on the way: each
renumbering, each change of its words, and where the line ends if the rule was removed (or, going
back, where it was added). `check_text` finds every rules citation in a text (an article, a
program's comments) and reports those that the release they were written against does not have, or
that point elsewhere in the release asked for, with the number they have there.

A release is named by the date it takes effect or the date it was published (ISO, "October 4,
2019", "20191004", or its file name, "MagicCompRules 20191004.txt"); a date that is no release's
names the release in force that day. Bad input raises `CitationError` (a `ValueError`).

The lines of descent come from a `Lineage`: `IndexLineage` reads them from the store's lookup table
(`kb.lookup`), `KnowledgeLineage` from a loaded knowledge base.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from kb.refs import find_references, kind_of

__all__ = [
    "Citation", "CitationError", "Finding", "IndexLineage", "KnowledgeLineage", "Lineage", "ReleaseChoice", "Resolution", "Step",
    "UnknownCitedRelease", "check_text", "find_citations", "parse_citation", "resolve", "resolve_release",
]


class CitationError(ValueError):
    """A citation, a release or a text that cannot be read: said in one line."""


class UnknownCitedRelease(CitationError):
    """A release name or date that names no release of the corpus."""


# -- releases ---------------------------------------------------------------------------------------

_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_COMPACT = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)")
_MONTHS = ("january february march april may june july august september october november december").split()
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?" \
         r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
# "October 4, 2019", "Oct. 4 2019", "4 October 2019".
_WRITTEN = re.compile(rf"\b(?:(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}}),?\s+(?P<y1>\d{{4}})"
                      rf"|(?P<d2>\d{{1,2}})\s+(?P<m2>{_MONTH}),?\s+(?P<y2>\d{{4}}))\b", re.IGNORECASE)
_FILE_NAME = re.compile(r"MagicCompRules[\s_-]*(?P<date>\d{4}-?\d{2}-?\d{2})(?:\.txt)?", re.IGNORECASE)


@dataclass(frozen=True)
class ReleaseChoice:
    """The release a name was taken to mean: `release` (named by the date it takes effect), and
    `note` when the name was a date of no release (the release in force that day)."""

    release: str
    note: str | None = None


def _date(year: str, month: str, day: str, written: str) -> str:
    try:
        return dt.date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        raise UnknownCitedRelease(f"{written!r} is no date") from None


def _month(name: str) -> int:
    key = name.rstrip(".").lower()[:3]
    return next(i for i, month in enumerate(_MONTHS, 1) if month.startswith(key))


def _find_date(text: str) -> tuple[str, re.Match[str]] | None:
    """The first date `text` writes in a form a release is named by, as ISO, with its match."""
    for pattern in (_FILE_NAME, _ISO, _WRITTEN, _COMPACT):
        match = pattern.search(text)
        if match is None:
            continue
        if pattern is _FILE_NAME:
            digits = match["date"].replace("-", "")
            return _date(digits[:4], digits[4:6], digits[6:], match.group()), match
        if pattern is _WRITTEN:
            if match["m1"]:
                return _date(match["y1"], str(_month(match["m1"])), match["d1"], match.group()), match
            return _date(match["y2"], str(_month(match["m2"])), match["d2"], match.group()), match
        return _date(*match.groups(), match.group()), match
    return None


def resolve_release(name: str, releases: Sequence[str], aliases: dict[str, str] | None = None,
                    today: dt.date | None = None) -> ReleaseChoice:
    """The release `name` means, among `releases` (effective dates, oldest first; `aliases` maps
    other names, such as publication dates, to them). A date that names no release means the release
    in force that day: the newest that took effect by then. Raises `UnknownCitedRelease` for a name
    that is no date, a date before the first release or after `today`."""
    aliases = aliases or {}
    written = name.strip()
    found = _find_date(written)
    if found is None or found[1].group().strip() != written.rstrip(".").strip():
        raise UnknownCitedRelease(f"{written!r} names no release: give the date it takes effect or was published "
                                  f"(e.g. {releases[-1] if releases else '2026-01-16'})")
    iso = found[0]
    if iso in releases:
        return ReleaseChoice(iso)
    if iso in aliases and aliases[iso] in releases:
        return ReleaseChoice(aliases[iso], f"{iso}, the date release {aliases[iso]} was published")
    if not releases:
        raise UnknownCitedRelease("the corpus has no release of the rules")
    if iso < releases[0]:
        raise UnknownCitedRelease(f"no release was in force on {iso}: the oldest release of the corpus is {releases[0]}")
    today = today or dt.date.today()
    if iso > today.isoformat():
        raise UnknownCitedRelease(f"{iso} is in the future: no release is known to be in force then")
    in_force = [r for r in releases if r <= iso][-1]
    return ReleaseChoice(in_force, f"{iso} is no release date; the release in force that day: {in_force}")


# -- citations --------------------------------------------------------------------------------------

# Words a citation may wrap a rule id in: "CR 717.1", "rule 702.19c", "Comprehensive Rules § 505.5a",
# "505.5a as of 2010-06-18", "717.1 (2019-10-04)", "717.1 in the 2019-10-04 rules".
_WRAPPING = re.compile(
    r"\b(?:comprehensive|rules?|subrules?|sections?|cr|mtg|magic|as|of|in|on|at|effective|since|from|the|release|"
    r"version|edition|dated|regla|reglas|según|de|del|en|la|las)\b|[()\[\],;:§@#]|\s+",
    re.IGNORECASE)
_RULE_ID = re.compile(r"(\d+)(?:(\.\d+)([A-Za-z])?)?\.?", re.ASCII)


@dataclass(frozen=True)
class Citation:
    """A rule id and, if the citation names one, the release it was written against (as written)."""

    rule: str
    release: str | None = None
    text: str = ""


def parse_citation(text: str) -> Citation:
    """The rule and the release a citation names. Raises `CitationError` when it names no rule id
    (or more than one thing besides a release)."""
    written = " ".join(str(text).split())
    if not written:
        raise CitationError("an empty citation: give a rule id, e.g. 717.1 or \"CR 717.1 (2019-10-04)\"")
    release = None
    rest = written
    found = _find_date(written)
    if found is not None:
        release = found[0]
        rest = written[:found[1].start()] + " " + written[found[1].end():]
    left = _WRAPPING.sub(" ", rest).split()
    if len(left) != 1 or (match := _RULE_ID.fullmatch(left[0])) is None:
        raise CitationError(f"{_short(written)!r} is no citation of a rule: expected a rule id such as 717.1, "
                            "702.19c or \"CR 717.1 (2019-10-04)\"")
    number, rule, letter = match.groups()
    rule_id = f"{number}{rule or ''}{(letter or '').lower()}"
    if kind_of(rule_id) is None:
        raise CitationError(f"{left[0]!r} is no rule id: rules are numbered like 100, 100.1 or 100.1a")
    return Citation(rule_id, release, written)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


# -- lines of descent ---------------------------------------------------------------------------------


class Lineage(Protocol):
    """What `resolve` needs to know of the releases and the rules' lines of descent."""

    releases: list[str]  # effective dates, oldest first
    aliases: dict[str, str]  # other names of releases (publication dates) to their effective dates

    def has(self, release: str, rule_id: str) -> bool: ...

    def text(self, release: str, rule_id: str) -> str: ...

    def events(self, rule_id: str, release: str) -> list:
        """`kb.history.HistoryEvent`s of the rule's line, oldest first (see `KnowledgeBase.history`)."""
        ...

    def trace(self, rule_id: str, release: str) -> dict[str, str | None]: ...


class KnowledgeLineage:
    """A `Lineage` over a loaded `kb.knowledge.KnowledgeBase`; `aliases` gives the publication date
    of each release that differs from its effective date (`kb.history.corpus_releases`)."""

    def __init__(self, kb, aliases: dict[str, str] | None = None):
        self.kb = kb
        self.releases = list(kb.releases)
        self.aliases = dict(aliases or {})
        self._ids: dict[str, set[str]] = {}

    @classmethod
    def of_corpus(cls, kb) -> KnowledgeLineage:
        from kb.history import corpus_releases

        aliases = {r.published: r.effective for r in corpus_releases(kb.corpus_root)
                   if r.published and r.effective and r.published != r.effective}
        return cls(kb, aliases)

    def has(self, release: str, rule_id: str) -> bool:
        if release not in self._ids:
            self._ids[release] = {rule.id for rule in self.kb.rules(release)}
        return rule_id in self._ids[release]

    def text(self, release: str, rule_id: str) -> str:
        return self.kb.rule(rule_id, release).text

    def events(self, rule_id: str, release: str) -> list:
        return self.kb.history(rule_id, release)

    def trace(self, rule_id: str, release: str) -> dict[str, str | None]:
        return self.kb.trace(rule_id, release)


class IndexLineage:
    """A `Lineage` over the store's lookup table (`kb.lookup.IndexReader`): one rule's rows and its
    line of descent step by step, without loading the knowledge base. Its events are those of
    `KnowledgeBase.history` (`kb.history.timeline.History.rule_history`), made from the stored
    history's rows the way `kb.store` rebuilds the diffs."""

    def __init__(self, reader, releases: Sequence[str], aliases: dict[str, str] | None = None):
        self.reader = reader
        self.releases = list(releases)
        self.aliases = dict(aliases or {})
        self._descent = reader.descent(self.releases)
        self._renumbering: dict[tuple[str, str], bool] | None = None

    def _record(self, release: str, rule_id: str) -> dict | None:
        found = self.reader.rows("records", ["release", "id", "lang", "page_title", "text"], release=release,
                                 id=rule_id, lang="en", page_title=None)
        return found[0] if found else None

    def has(self, release: str, rule_id: str) -> bool:
        return self._record(release, rule_id) is not None

    def text(self, release: str, rule_id: str) -> str:
        found = self._record(release, rule_id)
        if found is None:
            raise KeyError(f"release {release} has no rule {rule_id}")
        return found["text"]

    def trace(self, rule_id: str, release: str) -> dict[str, str | None]:
        return self._descent.trace(rule_id, release)

    def _renumbered(self, old: str, new: str) -> bool:
        from kb.history.model import RENUMBERING_SHARE

        if self._renumbering is None:
            self._renumbering = {
                (old_release, new_release): paired > 0 and moved > RENUMBERING_SHARE * paired
                for old_release, new_release, paired, moved in self.reader.pair_counts()
            }
        return self._renumbering.get((old, new), False)

    def events(self, rule_id: str, release: str) -> list:
        import json

        from kb.history.model import ExampleChange, WordChange
        from kb.history.timeline import line_events

        def change(older: str, newer: str, old_id: str):
            entries = [row for row in self.reader.rows(
                "history", ["old_release", "new_release", "position", "status", "old_id", "words", "example_changes"],
                old_release=older, new_release=newer, old_id=old_id) if row["status"] != "unchanged"]
            if not entries:
                return None
            entry = min(entries, key=lambda row: row["position"])
            words = tuple(WordChange(*w) for w in json.loads(entry["words"]))
            examples = tuple(
                ExampleChange(op, old_number, new_number, old_text, new_text, tuple(WordChange(*w) for w in changes))
                for op, old_number, new_number, old_text, new_text, changes in json.loads(entry["example_changes"]))
            return entry["status"], words, examples

        return line_events(self.releases, self.trace(rule_id, release), self._renumbered, change)


# -- resolving one citation ---------------------------------------------------------------------------

Outcome = Literal["unchanged", "changed", "renumbered", "removed", "not-yet", "missing"]


@dataclass(frozen=True)
class Step:
    """One release on the way where the rule did not stay as it was: renumbered ("moved"), its
    words changed ("changed", `words` and `examples` saying how), "removed" or "added"."""

    release: str
    status: str
    old_id: str | None
    new_id: str | None
    words: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.status == "removed":
            return f"{self.release}: {self.old_id} removed"
        if self.status == "added":
            return f"{self.release}: {self.new_id} added"
        what = f"{self.old_id} -> {self.new_id}" if self.old_id != self.new_id else f"{self.new_id}"
        label = "renumbered" if self.old_id != self.new_id else "changed"
        changes = "; ".join([*self.words, *self.examples])
        if self.old_id != self.new_id and changes:
            label += ", words changed"
        return f"{self.release}: {label} {what}" + (f": {changes}" if changes else "")


@dataclass
class Resolution:
    """Rule `rule` of `release`, followed to release `to`: `id` is its number there (None when its
    line does not reach `to`). `outcome`: "unchanged" (same number, same words), "changed" (same
    number, other words), "renumbered" (another number, words the same or not: `text_changed`),
    "removed" (the line ends before `to`, at `ended`), "not-yet" (`to` is older than the rule's
    first release, `ended`), "missing" (`release` has no rule `rule`: see `last_seen`)."""

    rule: str
    release: str
    to: str
    id: str | None
    outcome: Outcome
    text_changed: bool = False
    renumberings: list[Step] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    ended: str | None = None
    text: str | None = None
    to_text: str | None = None
    release_note: str | None = None
    to_note: str | None = None
    last_seen: str | None = None
    last_seen_id_to: str | None = None

    @property
    def stale(self) -> bool:
        """Whether a citation of `rule` written against `release` no longer points at this rule in `to`."""
        return self.outcome in ("renumbered", "removed", "not-yet", "missing")

    def summary(self) -> str:
        """One line: what the citation is in `to`."""
        cited = f"{self.rule} ({self.release})"
        if self.outcome == "missing":
            where = ""
            if self.last_seen:
                now = f", which is {self.last_seen_id_to} in {self.to}" if self.last_seen_id_to else \
                    f", whose line does not reach {self.to}"
                where = f"; the last release with a rule {self.rule} is {self.last_seen}{now}"
            return f"no rule {self.rule} in release {self.release}{where}"
        if self.outcome == "removed":
            return f"{cited}: removed in {self.ended}; no rule of {self.to} descends from it"
        if self.outcome == "not-yet":
            return f"{cited}: added in {self.ended}; no rule of {self.to} is its ancestor"
        words = "words changed" if self.text_changed else "same words"
        if self.outcome == "renumbered":
            return f"{cited} is {self.id} in {self.to} (renumbered; {words})"
        if self.release == self.to:
            return f"{cited} is {self.id} in {self.to}"
        return f"{cited} is {self.id} in {self.to} (same number; {words})"


def _step(event) -> Step:
    return Step(event.release, event.status, event.old_id, event.new_id, tuple(str(w) for w in event.words),
                tuple(str(x) for x in event.examples))


def resolve(lineage: Lineage, citation: str | Citation, to: str | None = None, as_of: str | None = None,
            today: dt.date | None = None) -> Resolution:
    """Citation `citation` followed to release `to` (a release name or date; default the newest).
    The release it was written against is the one it names, else `as_of`, else the newest. Raises
    `CitationError` for a citation that is no rule id, `UnknownCitedRelease` for a release that is
    none of the corpus."""
    cited = citation if isinstance(citation, Citation) else parse_citation(citation)
    releases = lineage.releases
    named = cited.release or as_of
    source = resolve_release(named, releases, lineage.aliases, today) if named else ReleaseChoice(releases[-1])
    target = resolve_release(to, releases, lineage.aliases, today) if to else ReleaseChoice(releases[-1])
    return _resolve(lineage, cited.rule, source, target)


def _resolve(lineage: Lineage, rule: str, source: ReleaseChoice, target: ReleaseChoice) -> Resolution:
    release, to = source.release, target.release
    found = Resolution(rule, release, to, None, "missing", release_note=source.note, to_note=target.note)
    if not lineage.has(release, rule):
        earlier = [r for r in lineage.releases if r < release and lineage.has(r, rule)]
        if earlier:
            found.last_seen = earlier[-1]
            found.last_seen_id_to = lineage.trace(rule, earlier[-1]).get(to)
        return found
    found.text = lineage.text(release, rule)
    low, high = sorted((release, to))
    events = [e for e in lineage.events(rule, release) if low < e.release <= high]
    found.steps = [_step(e) for e in events if e.status != "unchanged"]
    found.renumberings = [s for s in found.steps if s.old_id and s.new_id and s.old_id != s.new_id]
    found.id = lineage.trace(rule, release).get(to)
    if found.id is None:
        ends = [s for s in found.steps if s.status in ("removed", "added")]
        # Forward, the line ends at the first removal; back, at the last addition.
        end = ends[0] if to > release else ends[-1]
        found.ended = end.release if ends else None
        found.outcome = "removed" if to > release else "not-yet"
        return found
    found.to_text = lineage.text(to, found.id)
    found.text_changed = any(s.words or s.examples for s in found.steps)
    if found.id != rule:
        found.outcome = "renumbered"
    else:
        found.outcome = "changed" if found.text_changed else "unchanged"
    return found


# -- citations in a text --------------------------------------------------------------------------------

# "CR 717" names a section, as "section 717" does.
_CR_SECTION = re.compile(r"\bCR\s+([1-9]\d\d)(?![\d.]\d)", re.IGNORECASE)
# A number shaped like a rule is a citation wherever it stands, a quoted title included.
_RULE_SHAPED = re.compile(r"(?<![\w.])([1-9]\d\d\.\d+[a-km-np-z]?)(?!\w|\.\d)")


@dataclass(frozen=True)
class Found:
    """A citation of one rule in a text: `target` cited by `surface` at `start`..`end` (offsets in
    characters), at `line` and `column` (both from 1)."""

    target: str
    surface: str
    start: int
    end: int
    line: int
    column: int


class _Spans:
    """Spans of a text (start, end), merged, asked whether they hold an offset in logarithmic time:
    a text of n citations is checked in n log n, never n² (a list of 30,000 rules is one line)."""

    def __init__(self, spans) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in sorted(spans):
            if self.ends and start <= self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
            else:
                self.starts.append(start)
                self.ends.append(end)

    def holds(self, offset: int) -> bool:
        import bisect

        n = bisect.bisect_right(self.starts, offset) - 1
        return n >= 0 and offset < self.ends[n]


def find_citations(text: str) -> list[Found]:
    """Every rules citation of `text`, in order: rule-shaped numbers anywhere ("702.19c", "(see
    704.5k)"), sections and parts after a word that cites them ("rule 601", "section 5", "CR 717"),
    lists ("rules 118.8 and 118.9") and ranges ("603.7d–f", one citation for each rule it covers)."""
    from kb.refs import _collector_paused

    with _collector_paused():
        return _find_citations(text)


def _find_citations(text: str) -> list[Found]:
    refs = [(r.target, r.surface, r.start, r.end) for r in find_references(text, "en")]
    covered = _Spans((start, end) for _, _, start, end in refs)
    for pattern in (_CR_SECTION, _RULE_SHAPED):
        refs += [(m[1], m[1], m.start(1), m.end(1)) for m in pattern.finditer(text) if not covered.holds(m.start(1))]
    refs.sort(key=lambda r: (r[2], r[0]))
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]
    found = []
    line = 0
    for target, surface, start, end in refs:
        while line + 1 < len(starts) and starts[line + 1] <= start:
            line += 1
        found.append(Found(target, surface, start, end, line + 1, start - starts[line] + 1))
    return found


@dataclass
class Finding:
    """A citation found in a text, resolved: `resolution.stale` when the release it was written
    against has no such rule, or when that rule has another number (or none) in the target release."""

    source: str
    line: int
    column: int
    surface: str
    cited: str
    resolution: Resolution

    @property
    def stale(self) -> bool:
        return self.resolution.stale

    def message(self) -> str:
        r = self.resolution
        if r.outcome == "missing":
            return r.summary()
        if r.outcome == "renumbered":
            words = ", words changed" if r.text_changed else ""
            via = ", ".join(f"{s.old_id} -> {s.new_id} in {s.release}" for s in r.renumberings)
            return f"{self.cited} is now {r.id} in {r.to} ({via}{words})"
        if r.outcome in ("removed", "not-yet"):
            return r.summary().split(": ", 1)[1]
        return f"{self.cited} is {r.id} in {r.to}" + (" (words changed)" if r.text_changed else "")


# What may follow a citation to name the release it was written against: "(2019-10-04)", "(CR of
# October 4, 2019)", "as of 2010-06-18".
_ATTACHED = re.compile(r"\s*(?:\(([^()\n]{4,40})\)|as of\s+([^,;()\n]{4,30}))")


def _attached_release(text: str, end: int, releases: Sequence[str], aliases: dict[str, str] | None,
                      today: dt.date | None) -> ReleaseChoice | None:
    """The release a citation ending at `end` names right after it, if it names one that is known."""
    match = _ATTACHED.match(text, end)
    found = _find_date(match[1] or match[2]) if match else None
    if found is None:
        return None
    try:
        return resolve_release(found[0], releases, aliases, today)
    except UnknownCitedRelease:
        return None


def check_text(lineage: Lineage, text: str, source: str = "<text>", as_of: str | None = None,
               to: str | None = None, today: dt.date | None = None,
               progress: Callable[[str], None] | None = None) -> list[Finding]:
    """Every rules citation of `text` (see `find_citations`), each resolved from release `as_of`
    (default the newest) to release `to` (default the newest). Raises `UnknownCitedRelease`."""
    releases = lineage.releases
    source_release = resolve_release(as_of, releases, lineage.aliases, today) if as_of else ReleaseChoice(releases[-1])
    target = resolve_release(to, releases, lineage.aliases, today) if to else ReleaseChoice(releases[-1])
    done: dict[tuple[str, str], Resolution] = {}
    findings = []
    for citation in find_citations(text):
        # A citation that names its own release ("CR 717.1 (2019-10-04)", "505.5a as of 2010-06-18")
        # is followed from that release, as `resolve` follows it; the others from `as_of`.
        written = _attached_release(text, citation.end, releases, lineage.aliases, today) or source_release
        key = (citation.target, written.release)
        if key not in done:
            done[key] = _resolve(lineage, citation.target, written, target)
        findings.append(Finding(source, citation.line, citation.column, citation.surface, citation.target,
                                done[key]))
    if progress is not None:
        progress(f"{source}: {len(findings)} citations, {sum(f.stale for f in findings)} stale")
    return findings


# -- reading a text -------------------------------------------------------------------------------------


def read_citing_text(path: str, max_bytes: int, stdin=None) -> tuple[str, str]:
    """The name and the text of the file at `path` ("-": the binary stream `stdin`), read to at most
    `max_bytes`. Only a regular file is read (a folder, a FIFO or a device such as /dev/zero is
    refused before any byte is read); bytes that are no text (a NUL byte, neither UTF-8 nor
    Windows-1252) are refused. Raises `CitationError` naming the file."""
    import os
    import stat

    from kb.decode import DecodeError, InputTooLarge, decode_bytes, file_kind, read_limited

    try:
        if path == "-":
            if stdin is None:
                raise CitationError("-: no standard input to read")
            return "<stdin>", decode_bytes(read_limited(stdin, "<stdin>", max_bytes), "<stdin>")[0]
        # Opened without waiting (a FIFO with no writer would hang), then asked what it is.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            mode = os.fstat(handle).st_mode
            if not stat.S_ISREG(mode):
                raise CitationError(f"{path}: {file_kind(mode) or 'not a regular file'}, not a text file")
            with os.fdopen(handle, "rb", closefd=False) as stream:
                data = read_limited(stream, path, max_bytes)
        finally:
            os.close(handle)
        return path, decode_bytes(data, path)[0]
    except IsADirectoryError:
        raise CitationError(f"{path}: a folder, not a text file") from None
    except OSError as err:
        raise CitationError(f"{path}: {err.strerror or err}") from None
    except InputTooLarge as err:
        raise CitationError(str(err)) from None
    except DecodeError as err:
        raise CitationError(f"{err.source}: not a text file ({err.reason}, line {err.line})") from None
