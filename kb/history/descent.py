"""A rule's line of descent — the id it has in each release, followed from each release to the next
by their pairing (`ReleaseDiff.mapping`) — and whether two texts of it read the same the way the
history compares them: loosely (`kb.history.text.loose`), as written or once the older text's
references are renumbered to the newer release's numbers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.history.text import loose, renumbered
from kb.refs import find_references


class Descent:
    """Lines of descent across `releases` (oldest first), given each release's pairing with the next:
    `mappings[i]` maps the ids of `releases[i]` to those of `releases[i + 1]`."""

    def __init__(self, releases: Sequence[str], mappings: Sequence[dict[str, str]]):
        if len(mappings) != max(len(releases) - 1, 0):
            raise ValueError(f"{len(releases)} releases need {max(len(releases) - 1, 0)} pairings, not {len(mappings)}")
        self.releases = list(releases)
        self.forward = list(mappings)
        self.backward = [{new: old for old, new in mapping.items()} for mapping in mappings]
        self._at = {release: i for i, release in enumerate(self.releases)}

    def trace(self, rule_id: str, release: str) -> dict[str, str | None]:
        """The id rule `rule_id` of `release` has in every release (None where the line is broken)."""
        return follow(self.releases, self.forward, self.backward, rule_id, self._at[release])

    def carry(self, rule_id: str, release: str, to: str) -> str | None:
        """The id rule `rule_id` of `release` has in release `to`, or None (walking only between the two)."""
        at, end = self._at[release], self._at[to]
        steps = ((self.forward[i] for i in range(at, end)) if end >= at
                 else (self.backward[i] for i in range(at - 1, end - 1, -1)))
        current: str | None = rule_id
        for links in steps:
            current = links.get(current)
            if current is None:
                break  # the line breaks here
        return current


def follow(releases: Sequence[str], forward: Sequence[dict[str, str]], backward: Sequence[dict[str, str]],
           rule_id: str, at: int) -> dict[str, str | None]:
    """The ids of rule `rule_id` of `releases[at]` in every release: back through `backward[i]` (ids of
    `releases[i + 1]` to those of `releases[i]`), forward through `forward[i]`, until the line breaks."""
    ids: list[str | None] = [None] * len(releases)
    ids[at] = rule_id
    current: str | None = rule_id
    for i in range(at - 1, -1, -1):
        current = backward[i].get(current)
        if current is None:
            break
        ids[i] = current
    current = rule_id
    for i in range(at, len(forward)):
        current = forward[i].get(current)
        if current is None:
            break
        ids[i + 1] = current
    return dict(zip(releases, ids))


def reads_the_same(text: str, other: str, renumber: Callable[[str], str | None]) -> str | None:
    """Whether `text` reads as `other` the way the history compares texts: "same" when they are
    loosely equal as written, "renumbered" when they are once each reference of `text` is rewritten
    to `renumber(target)` (the number it has where `other` stands), else None."""
    key = loose(other)
    if loose(text) == key:
        return "same"
    refs = find_references(text, "en")
    if not refs:
        return None
    mapping = {ref.target: new for ref in refs if (new := renumber(ref.target)) is not None}
    if mapping and loose(renumbered(text, refs, mapping)) == key:
        return "renumbered"
    return None
