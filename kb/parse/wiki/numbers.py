"""Rule numbers as wiki quotes write them: part "1", section "102", rule "102.1", subrule
"101.4a" (the same ids the official rules parser gives), and Tournament Rules items ("1.10")."""

from __future__ import annotations

import re
from dataclasses import dataclass

_ID = re.compile(r"(?P<section>[1-9]\d\d)(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?")


@dataclass(frozen=True)
class RuleId:
    """A rule number: its id, kind, parent id, and a key that sorts ids in document order."""

    id: str
    kind: str
    parent: str | None
    key: tuple[int, int, int, int]


def rule_id(section: str | None, rule: str | None, letter: str | None, part: str | None = None) -> RuleId:
    """The number from its matched parts: a part digit alone, or a section with rule and letter."""
    if part is not None:
        return RuleId(part, "part", None, (int(part), -1, -1, -1))
    number = int(section)
    key_part = number // 100
    if rule is None:
        return RuleId(section, "section", str(key_part), (key_part, number, -1, -1))
    letter_key = ord(letter) - ord("a") if letter else -1
    key = (key_part, number, int(rule), letter_key)
    if letter is None:
        return RuleId(f"{section}.{int(rule)}", "rule", section, key)
    return RuleId(f"{section}.{int(rule)}{letter}", "subrule", f"{section}.{int(rule)}", key)


def parse_rule_id(text: str) -> RuleId:
    match = _ID.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a rule number")
    return rule_id(match["section"], match["rule"], match["letter"])


def tournament_id(number: str) -> RuleId:
    """"1.10": an item of the Tournament Rules, whose parent is its chapter ("1")."""
    chapter, item = number.split(".")
    return RuleId(number, "rule", chapter, (int(chapter), int(item), -1, -1))
