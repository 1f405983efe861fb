"""Where every line of a parsed release went: the check that nothing was lost or taken twice."""

from __future__ import annotations

from kb.model import CRDocument

_LISTS = ("intro", "contents", "credits")


def line_owners(doc: CRDocument) -> dict[int, list[str]]:
    """For each line number, what holds it: "rule 100.1", "glossary Ability", "intro",
    "contents", "credits" or "skipped: <reason>". A line held twice shows two owners."""
    owners: dict[int, list[str]] = {}
    for rule in doc.rules:
        for number in range(rule.line, max(rule.end_line, rule.line) + 1):
            owners.setdefault(number, []).append(f"rule {rule.id}")
    for entry in doc.glossary:
        for number in range(entry.line, entry.line + len(entry.senses) + 1):
            owners.setdefault(number, []).append(f"glossary {entry.term}")
    skipped = {}
    for item in doc.skipped:
        skipped.setdefault(item.line, []).append(f"skipped: {item.reason}")
    for name, first, last in doc.regions:
        if name in _LISTS:
            for number in range(first, last + 1):
                if number not in skipped and number not in owners:
                    owners[number] = [name]
    for number, reasons in skipped.items():
        held = owners.setdefault(number, [])
        # A blank line between a rule and its example paragraph is inside the rule and blank.
        if not (held and reasons == ["skipped: blank"]):
            held.extend(reasons)
    return owners


def check_accounting(doc: CRDocument) -> list[str]:
    """Problems with the account of lines; empty when every line 1..line_count is held exactly once
    and intro, contents and credits hold as many entries as their regions have unskipped lines."""
    problems = []
    owners = line_owners(doc)
    for number in range(1, doc.line_count + 1):
        held = owners.get(number, [])
        if not held:
            problems.append(f"line {number}: in no record and not skipped")
        elif len(held) > 1:
            problems.append(f"line {number}: held by {', '.join(held)}")
    extra = sorted(n for n in owners if not 1 <= n <= doc.line_count)
    if extra:
        problems.append(f"lines outside the file: {extra[:5]}")
    skipped_lines = {item.line for item in doc.skipped}
    for name, first, last in doc.regions:
        if name not in _LISTS:
            continue
        lines = sum(1 for n in range(first, last + 1) if n not in skipped_lines)
        entries = len(getattr(doc, name))
        if entries < lines or (name != "contents" and entries != lines):
            problems.append(f"{name}: {entries} entries for {lines} lines")
    covered = sum(last - first + 1 for _, first, last in doc.regions)
    if covered != doc.line_count or any(
        a[2] + 1 != b[1] for a, b in zip(doc.regions, doc.regions[1:])
    ):
        problems.append(f"regions {doc.regions} do not tile lines 1..{doc.line_count}")
    return problems
