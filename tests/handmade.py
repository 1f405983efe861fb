"""Helpers for tests that build rule records by hand."""

from __future__ import annotations


def kind_and_parent(rule_id: str) -> tuple[str, str | None]:
    """The kind and parent a rule id implies: "1" a part, "101" a section, "101.4" a rule, "101.4a" a subrule."""
    if len(rule_id) == 1:
        return "part", None
    if "." not in rule_id:
        return "section", rule_id[0]
    if rule_id[-1].isalpha():
        return "subrule", rule_id[:-1]
    return "rule", rule_id.split(".")[0]
