"""Protection (702.16): the qualities a permanent has protection from, and whether a source has
one. What protection does is where it acts: targeting (702.16b, `kb.engine.casting`), Auras and
Equipment (702.16c-d, the state-based actions), damage (702.16e, `kb.engine.life` and combat)
and blocking (702.16f, `kb.engine.combat`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.creature_types import CREATURE_TYPES
from kb.engine.errors import NotModelledError
from kb.engine.typeline import ARTIFACT_TYPES, CARD_TYPES, ENCHANTMENT_TYPES, LAND_TYPES, PLANESWALKER_TYPES, SPELL_TYPES

if TYPE_CHECKING:
    from kb.engine.objects import Card

_COLOR_QUALITIES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SUBTYPES = CREATURE_TYPES + tuple(ARTIFACT_TYPES | ENCHANTMENT_TYPES | LAND_TYPES | PLANESWALKER_TYPES | SPELL_TYPES)


def _singulars(word: str) -> list[str]:
    """What a plural quality may name: "sorceries", "Elves", "Zombies", "Goblins", "Merfolk"."""
    found = [word]
    for plural, singular in (("ies", "y"), ("ves", "f"), ("s", "")):
        if word.endswith(plural):
            found.append(word[: -len(plural)] + singular)
    return found


def protection_qualities(card: Card) -> list[str]:
    """The qualities `card` has protection from (702.16a), one per protection ability: "from
    A and from B" is two (702.16g)."""
    found = []
    for keyword in card.keywords:
        if keyword.startswith("Protection from "):
            for part in keyword[len("Protection "):].split(" and "):
                found.append(part.strip().removeprefix("from ").strip())
    return found


def _has_quality(source: Card, quality: str) -> bool:
    words = quality.lower()
    if words == "everything":
        return True  # 702.16j
    if words in _COLOR_QUALITIES:
        return _COLOR_QUALITIES[words] in source.colors
    if words in ("all colors", "each color"):
        return bool(source.colors)  # 702.16h
    if words == "multicolored":
        return len(source.colors) > 1
    if words == "monocolored":
        return len(source.colors) == 1
    # 702.16a: a card type or subtype, of the source (on the battlefield or not).
    for named in _singulars(quality):
        if named.capitalize() in CARD_TYPES:
            return named.capitalize() in source.types
        if named in _SUBTYPES:
            return named in source.subtypes
    raise NotModelledError(f"protection from {quality} (702.16a, 702.16i, 702.16k) is not modelled")


def protected_from(card: Card, source: Card) -> bool:
    """Rule 702.16: whether `card` has protection from `source`: from a color, from all colors,
    from multicolored or monocolored, from a card type or subtype (702.16a), "from A and from
    B" (702.16g), or from everything (702.16j). A quality it can't read is refused."""
    return any(_has_quality(source, quality) for quality in protection_qualities(card))
