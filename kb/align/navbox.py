"""Navigation boxes: the list of every section title, in Spanish, that closes a wiki page.

A box is a snapshot of the table of contents of one release, but says not which. The release is
inferred from its shape: how many sections each part lists, compared with each release's contents
(parts gain sections over the years: 20 sections of "Additional Rules" in 2017, 30 in 2024). Once a
box's release is known, its numbers are that release's numbers, and each Spanish title pairs with the
English title of the same section, and through the history with the section's number in the newest
release.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.align.index import ReleaseIndex
from kb.model import NavEntry, WikiPage


@dataclass(frozen=True)
class NavBox:
    """The navigation entries of one box, in page order."""

    source: str
    entries: tuple[NavEntry, ...]

    @property
    def line(self) -> int:
        return self.entries[0].line if self.entries else 0

    def sections(self) -> list[NavEntry]:
        return [e for e in self.entries if part_of_entry(e) is None]

    def parts(self) -> list[NavEntry]:
        return [e for e in self.entries if part_of_entry(e) is not None]

    def counts(self) -> dict[str, int]:
        """Sections listed per part ("1".."9")."""
        counts: dict[str, int] = {}
        for entry in self.sections():
            part = entry.section[0]
            counts[part] = counts.get(part, 0) + 1
        return counts


@dataclass(frozen=True)
class BoxRelease:
    """The release a box reflects, how far its shape is from that release's contents, and why."""

    box: NavBox
    release: str | None
    distance: int
    tied: tuple[str, ...]
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class SectionTitle:
    """A Spanish section title: `section` is the number in the newest release (None if the section is
    gone), `box_section` its number in `box_release`, `title_en` that release's English title."""

    section: str | None
    title_es: str
    box_release: str | None
    source: str
    line: int = 0
    box_section: str = ""
    title_en: str = ""
    note: str = ""


def part_of_entry(entry: NavEntry) -> str | None:
    """The part a box heading names ("100. Game Concepts" heads part 1), or None for a section entry."""
    number = entry.section
    if len(number) == 1 and number.isdigit():
        return number
    if len(number) == 3 and number.endswith("00"):
        return number[0]
    return None


def boxes_of(page: WikiPage) -> list[NavBox]:
    """The page's navigation entries cut into boxes: a new box starts where a number repeats."""
    boxes: list[list[NavEntry]] = []
    seen: set[str] = set()
    for entry in page.nav:
        if not boxes or entry.section in seen:
            boxes.append([])
            seen = set()
        boxes[-1].append(entry)
        seen.add(entry.section)
    return [NavBox(page.source, tuple(b)) for b in boxes if b]


def release_counts(index: ReleaseIndex, release: str) -> dict[str, int]:
    """Sections per part in a release, leaving out each part's opening "general" section (n00), which
    boxes do not list. (Kept by the index: every box is weighed against every release.)"""
    counts = index.derived.get(("box section counts", release))
    if counts is None:
        counts = index.derived[("box section counts", release)] = {}
        for rule in index.rules[release].values():
            if rule.kind == "section" and not rule.id.endswith("00"):
                counts[rule.id[0]] = counts.get(rule.id[0], 0) + 1
    return counts


def infer_box_release(box: NavBox, index: ReleaseIndex, titles=None) -> BoxRelease:
    """The release whose contents the box matches best: first by shape (the sum over parts of the
    difference in section counts), then by titles, where `titles` (a `kb.align.rules.TitleKnowledge`)
    knows translations: a Spanish title known to translate the English title a release gives that
    number counts for the release, one known to translate something else counts against it. Ties
    left are all reported, and the newest of them is taken."""
    listed = box.counts()
    parts = sorted(set(listed))
    if not parts:
        return BoxRelease(box, None, 0, (), ("the box lists no sections",))
    scored = []
    for release in index.releases:
        have = release_counts(index, release)
        distance = sum(abs(listed.get(p, 0) - have.get(p, 0)) for p in parts)
        hits, misses = _title_votes(box, index, release, titles)
        scored.append(((distance, misses, -hits), release, have, hits, misses))
    best = min(key for key, *_ in scored)
    tied = tuple(release for key, release, *_ in scored if key == best)
    release = tied[-1]
    _, _, have, hits, misses = next(item for item in scored if item[1] == release)
    distance = best[0]
    shape = " ".join(f"{p}00s:{listed.get(p, 0)}" for p in parts)
    evidence = [f"the box lists {shape}"]
    if distance == 0:
        evidence.append(f"{release} has exactly these counts")
    else:
        off = ", ".join(f"{p}00s {have.get(p, 0)}" for p in parts if have.get(p, 0) != listed.get(p, 0))
        evidence.append(f"closest is {release} (off by {distance}: {off})")
    if hits or misses:
        evidence.append(f"titles known from elsewhere: {hits} name {release}'s sections, {misses} do not")
    same_shape = [r for key, r, *_ in scored if key[0] == distance and r != release]
    if same_shape and len(tied) == 1:
        evidence.append(f"same shape as {', '.join(same_shape)}; the titles decide")
    if len(tied) > 1:
        evidence.append(f"equally close: {', '.join(tied)}")
    return BoxRelease(box, release, distance, tied, tuple(evidence))


def _title_votes(box: NavBox, index: ReleaseIndex, release: str, titles) -> tuple[int, int]:
    if titles is None or not len(titles):
        return 0, 0
    hits = misses = 0
    for entry in box.entries:
        part = part_of_entry(entry)
        english = index.rule(release, part if part is not None else entry.section)
        if english is None:
            continue
        verdict = titles.agrees(entry.title, english.text)
        if verdict is True:
            hits += 1
        elif verdict is False:
            misses += 1
    return hits, misses


def box_releases(pages: list[WikiPage], index: ReleaseIndex, titles=None) -> list[BoxRelease]:
    return [infer_box_release(box, index, titles) for page in pages if page.lang == "es" for box in boxes_of(page)]


def section_titles(inferred: list[BoxRelease], index: ReleaseIndex) -> list[SectionTitle]:
    """Every titled entry of every box, paired with its English title and its newest number."""
    newest = index.newest
    out = []
    for found in inferred:
        release = found.release
        for entry in found.box.entries:
            part = part_of_entry(entry)
            number = part if part is not None else entry.section
            english = index.rule(release, number) if release else None
            newest_number, note = None, "no such section in the box's release"
            if english is not None and newest is not None:
                if part is not None:
                    newest_number, note = number, "part"
                else:
                    newest_number, note = follow_section(number, release, index)
            out.append(
                SectionTitle(
                    section=newest_number,
                    title_es=entry.title,
                    box_release=release,
                    source=entry.source,
                    line=entry.line,
                    box_section=number,
                    title_en=english.text if english is not None else "",
                    note=note,
                )
            )
    return out


def follow_section(section: str, release: str, index: ReleaseIndex) -> tuple[str | None, str]:
    """Where section `section` of `release` stands in the newest release, and how that was decided.

    A section is its title and its rules. The history's own pairing of the section is taken when the
    newest section has the same title, or when most of the section's rules went there too (a renamed
    section); a section whose rules mostly went to one section took that section's number even if
    the history lost the heading; otherwise the section is taken to be gone (merged or removed).
    """
    newest = index.newest
    title = _fold(index.rule(release, section).text)
    traced = index.traced(section, release, newest)
    if traced is not None and _fold(index.rule(newest, traced).text) == title:
        return traced, "same title"
    children = [rule_id for rule_id in index.rules[release] if rule_id.startswith(section + ".")]
    votes: dict[str, int] = {}
    for child in children:
        moved = index.traced(child, release, newest)
        if moved is not None:
            target = moved.split(".", 1)[0]
            votes[target] = votes.get(target, 0) + 1
    if votes:
        majority, count = max(sorted(votes.items()), key=lambda item: item[1])
        share = count / len(children)
        if traced is not None and majority == traced and share >= 0.5:
            return traced, f"renamed ({share:.0%} of its rules went with it)"
        if traced is None and share >= 2 / 3:
            return majority, f"renamed ({share:.0%} of its rules are there)"
    if traced is not None and not children:
        return traced, "title changed"
    return None, "gone: merged into other sections or removed"


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def title_pairs(titles: list[SectionTitle]) -> list[tuple[str, str]]:
    return [(t.title_es, t.title_en) for t in titles if t.title_en]
