"""The English side of the alignment: every release's records by id, their fingerprints, and where
each id went in the other releases."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from datetime import date
from typing import Any

from kb.align.signals import Fingerprint
from kb.model import CRDocument, GlossaryEntry, Rule

# trace(rule_id, release) -> {release: id in that release, or None where the rule is absent}
Tracer = Callable[[str, str], dict[str, "str | None"]]
# history(rule_id, release) -> [(release, status, words changed?)] for the releases after `release`
Changes = Callable[[str, str], list[tuple[str, str, bool]]]


def _content(rule: Rule | None) -> str | None:
    if rule is None:
        return None
    return "\n".join([rule.text, *(e.text for e in rule.examples)])


def days_between(a: str, b: str) -> int:
    return abs((date.fromisoformat(a) - date.fromisoformat(b)).days)


def section_of(rule_id: str) -> str:
    """"717.1a" -> "717"; parts ("7") stay as they are."""
    return rule_id.split(".", 1)[0]


def renumber(rule_id: str, old_section: str, new_section: str) -> str:
    """The id `rule_id` takes when its section `old_section` is numbered `new_section`."""
    if old_section == new_section:
        return rule_id
    if rule_id == old_section:
        return new_section
    if rule_id.startswith(old_section + "."):
        return new_section + rule_id[len(old_section) :]
    return rule_id


class ReleaseIndex:
    """Records of every English release by id, with cached fingerprints and traces."""

    def __init__(
        self, documents: dict[str, CRDocument], tracer: Tracer | None = None, changes: Changes | None = None
    ):
        self.documents = documents
        self._changes = changes
        self.releases = sorted(documents)
        self.rules: dict[str, dict[str, Rule]] = {
            release: {rule.id: rule for rule in doc.rules} for release, doc in documents.items()
        }
        self.glossary: dict[str, dict[str, GlossaryEntry]] = {
            release: {entry.term: entry for entry in doc.glossary} for release, doc in documents.items()
        }
        self._tracer = tracer
        self._fingerprints: dict[tuple[str, str], Fingerprint] = {}
        self._by_content: dict[tuple[str, tuple[str, ...]], Fingerprint] = {}
        self._traces: dict[tuple[str, str], dict[str, str | None]] = {}
        # Figures worked out from a release's records by the matchers, kept by (what, release).
        self.derived: dict[tuple[str, str], Any] = {}

    @classmethod
    def from_history(cls, documents: dict[str, CRDocument], history) -> ReleaseIndex:
        """An index that follows rules through a `kb.history.History` of the same documents."""

        def changes(rule_id: str, release: str) -> list[tuple[str, str, bool]]:
            return [(e.release, e.status, e.text_changed) for e in history.rule_history(rule_id, release)]

        return cls(documents, tracer=history.trace, changes=changes)

    @property
    def newest(self) -> str | None:
        return self.releases[-1] if self.releases else None

    def rule(self, release: str, rule_id: str) -> Rule | None:
        return self.rules.get(release, {}).get(rule_id)

    def fingerprint(self, release: str, rule_id: str) -> Fingerprint | None:
        key = (release, rule_id)
        if key not in self._fingerprints:
            rule = self.rule(release, rule_id)
            if rule is None:
                return None
            self._fingerprints[key] = self._fingerprint_of(rule.text, tuple(e.text for e in rule.examples))
        return self._fingerprints[key]

    def _fingerprint_of(self, text: str, examples: tuple[str, ...]) -> Fingerprint:
        """The fingerprint of an English text with its examples, made once for each: most rules read
        the same in release after release."""
        content = (text, examples)
        found = self._by_content.get(content)
        if found is None:
            found = self._by_content[content] = Fingerprint.of(text, examples, "en")
        return found

    def glossary_fingerprint(self, release: str, term: str) -> Fingerprint | None:
        key = (release, "glossary:" + term)
        if key not in self._fingerprints:
            entry = self.glossary.get(release, {}).get(term)
            if entry is None:
                return None
            self._fingerprints[key] = self._fingerprint_of(entry.text, ())
        return self._fingerprints[key]

    def trace(self, rule_id: str, release: str) -> dict[str, str | None]:
        """Where `rule_id` of `release` stands in every release (None where it is absent)."""
        key = (rule_id, release)
        if key not in self._traces:
            if self._tracer is None or self.rule(release, rule_id) is None:
                self._traces[key] = {
                    r: (rule_id if self.rule(r, rule_id) is not None else None) for r in self.releases
                }
                self._traces[key][release] = rule_id if self.rule(release, rule_id) else None
            else:
                self._traces[key] = dict(self._tracer(rule_id, release))
        return self._traces[key]

    def traced(self, rule_id: str, release: str, target: str) -> str | None:
        return self.trace(rule_id, release).get(target)

    def changed_in(self, rule_id: str, release: str) -> str | None:
        """The first release after `release` in which the English of `rule_id` changed (its words, not
        only its numbers) or was removed; None if it stayed as it was to the newest release."""
        if self._changes is not None and self.rule(release, rule_id) is not None:
            for later, status, words in self._changes(rule_id, release):
                if later > release and (status in ("changed", "removed") or (status == "moved" and words)):
                    return later
            return None
        text = _content(self.rule(release, rule_id))
        for later in self.later(release):
            other = self.traced(rule_id, release, later)
            if other is None or _content(self.rule(later, other)) != text:
                return later
        return None

    def map_refs(self, refs: frozenset[str], source: str, target: str) -> frozenset[str]:
        """Reference targets of release `source` as `target` numbers them (kept as they are where the
        history cannot follow them)."""
        if source == target:
            return refs
        mapped = set()
        for ref in refs:
            moved = self.traced(ref, source, target) if self.rule(source, ref) is not None else None
            mapped.add(moved or ref)
        return frozenset(mapped)

    def nearest_earlier(self, day: str) -> str | None:
        """The newest release on or before `day`."""
        i = bisect.bisect_right(self.releases, day)
        return self.releases[i - 1] if i else None

    def first_after(self, day: str) -> str | None:
        """The oldest release strictly after `day`."""
        i = bisect.bisect_right(self.releases, day)
        return self.releases[i] if i < len(self.releases) else None

    def later(self, release: str) -> list[str]:
        return [r for r in self.releases if r > release]
