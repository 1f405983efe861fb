"""Navigation boxes: the footer the Spanish wiki puts on rules pages, listing every section title
of the rules in Spanish, one row per part:

    Reglas completas |
    100. Conceptos de juego |
    1 Las Reglas de oro de Magic · 2 Jugadores · … · 23 Pegatinas |

Some boxes drop the numbers of the first nine items ("Las Reglas de oro de Magic ·Jugadores ·…
· 10 Permanentes"); an item without a number takes the one after the item before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.parse.wiki.text import clean, fold, is_table_rule, strip_table_bars

_PART_ROW = re.compile(r"(?P<part>[1-9])00\.[ ]+(?P<title>[^\d\s·|].{0,99})")
_NUMBERED_ITEM = re.compile(r"(?P<number>\d{1,3})[ ]+(?P<title>\S.*)")
_BOX_TITLES = frozenset(fold(t) for t in ("Reglas completas", "Comprehensive Rules", "Reglas Completas"))


@dataclass(frozen=True)
class NavItem:
    section: str
    title: str
    numbered: bool


def part_row(raw: str) -> tuple[str, str] | None:
    """("1", "Conceptos de juego") from "100. Conceptos de juego |"."""
    text = strip_table_bars(clean(raw))
    match = _PART_ROW.fullmatch(text)
    if match is None or "·" in text:
        return None
    return match["part"], match["title"].strip()


def is_box_title(raw: str) -> bool:
    return len(raw) <= 60 and fold(strip_table_bars(clean(raw))) in _BOX_TITLES


def looks_like_item_row(raw: str) -> bool:
    text = strip_table_bars(clean(raw))
    return "·" in text or _NUMBERED_ITEM.fullmatch(text) is not None


def item_row(raw: str, part: str) -> tuple[list[NavItem], list[str]]:
    """The sections a row lists, and a note for each item that does not fit the numbering."""
    items: list[NavItem] = []
    problems: list[str] = []
    base = int(part) * 100
    previous = 0
    for piece in strip_table_bars(clean(raw)).split("·"):
        piece = piece.strip()
        if not piece:
            continue
        match = _NUMBERED_ITEM.fullmatch(piece)
        if match is not None:
            number, title, numbered = int(match["number"]), match["title"].strip(), True
            if number != previous + 1:
                problems.append(f"item {piece!r} is numbered {number} after {previous}")
        else:
            number, title, numbered = previous + 1, piece, False
        previous = number
        if not 1 <= number <= 99:
            problems.append(f"item {piece!r}: number {number} is no section of part {part}")
            continue
        items.append(NavItem(str(base + number), title, numbered))
    return items, problems


def next_part_row(lines, index: int) -> int | None:
    """The part row at or after line `index` of a `PageLines`, looking past blank lines and
    table rules; None if another line comes first."""
    while index < len(lines):
        text = lines.text(index)
        if text and not is_table_rule(text):
            return index if part_row(text) is not None else None
        index += 1
    return None


def items_follow(lines, index: int) -> bool:
    """Whether the next line that is not blank or a table rule lists a part's sections."""
    while index < len(lines):
        text = lines.text(index)
        if text and not is_table_rule(text):
            return looks_like_item_row(text) and part_row(text) is None
        index += 1
    return False


def opens_box(lines, index: int) -> bool:
    """Whether line `index` is a box's title or a part row with its sections below it (a quoted
    section "100. General" followed by rule 100.1 is neither)."""
    text = lines.text(index)
    if is_box_title(text):
        return next_part_row(lines, index + 1) is not None
    return part_row(text) is not None and items_follow(lines, index + 1)
