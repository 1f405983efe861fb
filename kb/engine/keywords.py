"""The keyword abilities (702) the engine reads. A keyword it doesn't read would be silently
ignored, a wrong answer: a card, token or effect that has one is refused instead."""

from __future__ import annotations

import re
from collections.abc import Iterable

from kb.engine.errors import NotModelledError

# Read by the rules modules, or refused by them where they would matter (banding, horsemanship,
# skulk and daunt in combat; reconfigure as it attaches).
_READ = frozenset({
    "Flying", "Reach", "Trample", "Trample over planeswalkers", "Deathtouch", "Lifelink", "Infect",
    "Wither", "First strike", "Double strike", "Vigilance", "Haste", "Defender", "Menace",
    "Indestructible", "Fear", "Intimidate", "Shadow", "Changeling", "Convoke", "Flash", "Phasing",
    "Undying", "Haunt", "Banding", "Horsemanship", "Skulk", "Reconfigure",
    "Can't block", "Can't attack alone", "Attacks each combat if able", "Blocks each combat if able",
    "Can block an additional creature each combat",
})
_READ_WITH_A_PARAMETER = re.compile(
    r"(Protection from |Toxic \d|Morph |Cumulative upkeep|Multikicker |Kicker |Flashback |"
    r"Bestow |Crew \d|Splice onto |Aura swap |Modular|Bands with other|Daunt)"
)
_LANDWALK = re.compile(r"(?:[a-z]+ )*[a-z]*walk", re.IGNORECASE)
_CYCLING = re.compile(r"(?:[a-z]+ )*[a-z]*cycling \{", re.IGNORECASE)  # typecycling is refused as it's used


def is_read(keyword: str) -> bool:
    """Whether the engine reads `keyword`: ``is_read('Flying')``, not ``is_read('Hexproof')``."""
    return keyword in _READ or any((_READ_WITH_A_PARAMETER.match(keyword), _LANDWALK.fullmatch(keyword), _CYCLING.match(keyword)))


def refuse_unread(keywords: Iterable[str], holder: str) -> None:
    """Raise `NotModelledError` if any of `keywords` (of `holder`) isn't one the engine reads."""
    for keyword in keywords:
        if not is_read(keyword):
            raise NotModelledError(f"{keyword} ({holder}) is a keyword ability the engine doesn't model (702.1)", rules=("702.1",))
