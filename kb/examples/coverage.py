"""Which of the rules' own examples run on the engine, and, for each one that doesn't, why."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path

from kb.examples.catalog import ExecutableExample, catalog

# Why an example can't run: what it needs that the engine does not model. The most specific
# rule number that prefixes the example's rule wins; a section not listed falls back to its
# title in the rules themselves.
REASONS: dict[str, str] = {
    "101.2": "needs effects that allow and forbid the same action (101.2)",
    "104": "needs draws and game-ending replacement effects (104)",
    "106": "needs mana abilities and mana pools (106)",
    "107.1": "needs mana abilities and the mana pool (106, 605)",
    "107.4": "needs mana payment (107.4)",
    "110": "needs permanents changing their characteristics (110, 707)",
    "111": "needs tokens of named cards and cards exiled with a permanent (111.11, 111.12, 607)",
    "112": "needs effects that change the characteristics of spells on the stack (112.4)",
    "115": "needs cycling and abilities that trigger on it (702.29, 115.1a)",
    "118": "needs costs paid in cards and replacement of costs (118)",
    "122": "needs counters on permanents (122)",
    "201": "needs card names chosen by effects (201)",
    "202.3b": "needs copy effects and double-faced cards (707, 712)",
    "205": "needs type-changing effects (205, 613)",
    "302": "needs type lines read into types and subtypes (205.3)",
    "305": "needs type lines read into types and subtypes (205.3)",
    "400": "needs replacement effects on losing the game (614)",
    "500": "needs extra phases and steps (500.8–500.11)",
    "508": "needs attack requirements, restrictions and triggers (508)",
    "509": "needs blocking (509)",
    "510": "needs combat damage assignment among blockers (510.1)",
    "602": "needs mana payment for activation costs (602.2)",
    "603.2": "needs the tapped status changing as an event (603.2e)",
    "603.6": "needs effects that remove all abilities (613.1f)",
    "603.7": "needs delayed triggered abilities (603.7)",
    "603.8": "needs state triggers (603.8)",
    "603.10": "needs leaves-the-battlefield abilities that look back in time (603.10)",
    "603.11": "needs linked static and triggered abilities (603.11, 607)",
    "603.12": "needs reflexive triggered abilities (603.12)",
    "605": "needs mana abilities (605)",
    "606": "needs loyalty abilities (606)",
    "608": "needs partial resolution and effects that refer to changed objects (608.2)",
    "609.4": "needs casting from other zones (609.4)",
    "610": "needs one-shot effects that return exiled cards (610)",
    "611": "needs effects that apply as a permanent is put onto the battlefield (611.2e, 614.12)",
    "613": "needs Auras, Equipment and lands with abilities that become creatures (613.6, 613.7)",
    "614": "needs replacement effects that modify how a permanent enters (614.12, 614.13)",
    "614.13b": "needs devour and the abilities of plane cards (614.13b, 702.82, 901)",
    "615": "needs prevention effects (615)",
    "700": "needs piles, devotion modifiers and mana spent (700.3, 700.5, 700.14)",
    "701": "needs keyword actions of their own (701)",
    "702": "needs keyword abilities with costs, zones or objects of their own (702)",
    "702.177": "needs exhaust abilities (702.177)",
    "702.184": "needs station (702.184)",
    "704.4": "needs characteristic-defining abilities (704.4)",
    "704.7": "needs replacement effects on losing the game (704.7, 614)",
    "704.8": "needs +1/+1 and -1/-1 counters and undying (704.5q, 702.93)",
    "709": "needs split cards (709)",
    "710": "needs flip cards (710)",
    "712": "needs double-faced spells entering as copies of other objects, transformed (712.13a)",
    "722": "needs controlling another player (722)",
    "722.5b": "needs decisions outside the game, those of the tournament rules (722.5b)",
    "726": "needs restarting the game (726)",
    "728": "needs subgames (728)",
    "800.4a": "needs control-changing effects and Auras when a player leaves the game (800.4a)",
    "801.5": "needs choices limited by range of influence (801.5)",
    "801.7": "needs trigger events limited by range of influence (801.7)",
    "801.11": "needs static abilities that count objects within range of influence (801.11, 613)",
    "801.13": "needs prevention effects limited by range of influence (801.13)",
    "802": "needs attacking several players with landwalk (802)",
    "807": "needs the simultaneous turns and turn markers of Grand Melee (807.4)",
    "809": "needs the Emperor variant (809)",
    "810.7": "needs Two-Headed Giant combat (810.7)",
    "811": "needs the Alternating Teams variant (811)",
    "903": "needs commanders as objects and double-faced cards (903.3, 903.4d)",
}


@dataclass(frozen=True)
class CoverageEntry:
    """One example of the rules: whether an executable example runs it, and if not, why."""

    id: str
    rule: str
    executable: bool
    examples: tuple[str, ...]
    reason: str | None
    text: str


@dataclass
class CoverageReport:
    """All examples of one release of the rules, executable or not."""

    release: str
    source: str
    entries: list[CoverageEntry] = field(default_factory=list)
    unknown_ids: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.entries)

    @property
    def executable(self) -> list[CoverageEntry]:
        return [e for e in self.entries if e.executable]

    @property
    def not_executable(self) -> list[CoverageEntry]:
        return [e for e in self.entries if not e.executable]

    @property
    def percent(self) -> float:
        return round(100 * len(self.executable) / self.total, 1) if self.total else 0.0

    def by_reason(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for entry in self.not_executable:
            counts[entry.reason or ""] = counts.get(entry.reason or "", 0) + 1
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def figures(self) -> dict[str, object]:
        return {
            "release": self.release,
            "source": self.source,
            "examples": self.total,
            "executable": len(self.executable),
            "not_executable": len(self.not_executable),
            "percent_executable": self.percent,
        }


def reason_for(rule: str, titles: dict[str, str]) -> str:
    """The reason an example of `rule` can't run: the most specific entry of `REASONS` that
    prefixes the rule, else the title of its section."""
    candidates = [rule]
    base = rule.rstrip("abcdefghijkmnpqrstuvwxyz")
    while "." in base:
        candidates.append(base)
        base = base.rsplit(".", 1)[0]
    candidates.append(base[:3])
    for candidate in candidates:
        if candidate in REASONS:
            return REASONS[candidate]
    section = rule[:3]
    title = titles.get(section)
    return f"needs more of rule {section} ({title})" if title else f"needs more of rule {section}"


def newest_release_path() -> Path:
    """The newest official release of the rules in the corpus manifest."""
    from kb.corpus import load_manifest

    releases = [f for f in load_manifest() if f.kind == "cr"]
    if not releases:
        raise FileNotFoundError("the corpus manifest lists no release of the rules")

    def when(entry) -> datetime.date:
        for value in (entry.published, entry.release):
            for fmt in ("%Y-%m-%d", "%B %d, %Y"):
                try:
                    return datetime.datetime.strptime(value, fmt).date()
                except (TypeError, ValueError):
                    continue
        return datetime.date.min

    return max(releases, key=when).path


def coverage(path: Path | str | None = None, examples: list[ExecutableExample] | None = None) -> CoverageReport:
    """Every example of the rules release at `path` (default: the newest in the corpus), and
    whether an executable example runs it."""
    from kb.parse.cr import parse_cr

    path = Path(path) if path else newest_release_path()
    document = parse_cr(path)
    examples = catalog() if examples is None else examples
    runs: dict[str, list[str]] = {}
    for example in examples:
        for example_id in example.example_ids:
            runs.setdefault(example_id, []).append(example.name)
    titles = {r.id: r.text for r in document.rules if r.kind == "section"}
    report = CoverageReport(release=document.release, source=str(path))
    seen = set()
    for rule in document.rules:
        for record in rule.examples:
            seen.add(record.id)
            names = tuple(sorted(runs.get(record.id, ())))
            report.entries.append(
                CoverageEntry(
                    id=record.id,
                    rule=record.rule,
                    executable=bool(names),
                    examples=names,
                    reason=None if names else reason_for(record.rule, titles),
                    text=record.text,
                )
            )
    report.unknown_ids = sorted(set(runs) - seen)
    return report
