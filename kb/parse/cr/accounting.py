"""Where every line of a parsed release went: the check that nothing was lost or taken twice."""

from __future__ import annotations

from kb.model import CRDocument, GlossaryEntry

_LISTS = ("intro", "contents", "credits")


def _last_line(entry: GlossaryEntry) -> int:
    # A definition is a line per sense unless its lines were joined (`end_line` then says).
    return entry.end_line or entry.line + len(entry.senses)


def line_owners(doc: CRDocument) -> dict[int, list[str]]:
    """For each line number, what holds it: "rule 100.1", "glossary Ability", "intro",
    "contents", "credits" or "skipped: <reason>". A line held twice shows two owners."""
    owners: dict[int, list[str]] = {}
    for rule in doc.rules:
        for number in range(rule.line, max(rule.end_line, rule.line) + 1):
            owners.setdefault(number, []).append(f"rule {rule.id}")
    for entry in doc.glossary:
        for number in range(entry.line, _last_line(entry) + 1):
            owners.setdefault(number, []).append(f"glossary {entry.term}")
    skipped: dict[int, list[str]] = {}
    for item in doc.skipped:
        for number in range(item.line, max(item.end_line, item.line) + 1):
            skipped.setdefault(number, []).append(f"skipped: {item.reason}")
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
    and intro, contents and credits hold as many entries as their regions have unskipped lines.
    Works line by line in one byte per line, so it checks a file of millions of lines too."""
    problems: list[str] = []
    count = doc.line_count
    in_record = bytearray(count + 2)
    held = bytearray(count + 2)
    outside: list[int] = []

    def hold(first: int, last: int, marks: bytearray | None = None) -> None:
        for number in range(first, last + 1):
            if not 1 <= number <= count:
                outside.append(number)
                continue
            held[number] = min(held[number] + 1, 2)
            if marks is not None:
                marks[number] = 1

    for rule in doc.rules:
        hold(rule.line, max(rule.end_line, rule.line), in_record)
    for entry in doc.glossary:
        hold(entry.line, _last_line(entry), in_record)
    skipped = bytearray(count + 2)
    for item in doc.skipped:
        for number in range(item.line, max(item.end_line, item.line) + 1):
            if 1 <= number <= count:
                skipped[number] = 1
                # A blank line between a rule and its example paragraph is inside the rule and blank.
                if item.reason == "blank" and in_record[number]:
                    continue
            hold(number, number)
    for name, first, last in doc.regions:
        if name in _LISTS:
            for number in range(max(first, 1), min(last, count) + 1):
                if not held[number] and not skipped[number]:
                    held[number] = 1
    for number in range(1, count + 1):
        if held[number] != 1:
            owners = line_owners(doc).get(number, []) if held[number] else []
            state = f"held by {', '.join(owners)}" if owners else "in no record and not skipped"
            problems.append(f"line {number}: {state}")
            if len(problems) >= 20:
                problems.append("... (more)")
                break
    if outside:
        problems.append(f"lines outside the file: {sorted(set(outside))[:5]}")
    for name, first, last in doc.regions:
        if name not in _LISTS:
            continue
        lines = sum(1 for n in range(first, last + 1) if not skipped[n])
        entries = len(getattr(doc, name))
        if entries < lines or (name != "contents" and entries != lines):
            problems.append(f"{name}: {entries} entries for {lines} lines")
    covered = sum(last - first + 1 for _, first, last in doc.regions)
    if covered != doc.line_count or any(
        a[2] + 1 != b[1] for a, b in zip(doc.regions, doc.regions[1:])
    ):
        problems.append(f"regions {doc.regions} do not tile lines 1..{doc.line_count}")
    return problems
