"""The Commander variant's color identity (rules 903.4, 903.5c–d): which cards a deck with a
given commander may hold.

>>> from kb.engine import Card
>>> color_identity(Card('Bosh, Iron Golem'))
('R',)
>>> fits_commander_deck(Card('Mountain'), Card('Wort, the Raidmother')), fits_commander_deck(Card('Island'), Card('Wort, the Raidmother'))
(True, False)
"""

from __future__ import annotations

import re

from kb.engine.mana import COLORS, ManaCost, ManaCostError
from kb.engine.objects import Card, CardDefinition

# Rule 305.6: the mana each basic land type's intrinsic ability produces.
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_BRACES = re.compile(r"\{[^}]*\}")
_REMINDER = re.compile(r"\([^)]*\)")


def _definition(card: Card | CardDefinition) -> CardDefinition:
    return card.printed_definition if isinstance(card, Card) else card


def color_identity(card: Card | CardDefinition) -> tuple[str, ...]:
    """Rule 903.4: the colours of the mana symbols in the card's mana cost and rules text
    (reminder text left out, 903.4c), with those of its color indicator; as letters W, U, B, R, G."""
    definition = _definition(card)
    found: set[str] = set(ManaCost(definition.mana_cost).colors)
    if type(definition).colors is not None and "colors" in type(definition).__dict__:
        found |= set(definition.colors)  # a color indicator (204)
    for symbol in _BRACES.findall(_REMINDER.sub("", definition.oracle)):
        try:
            found |= set(ManaCost(symbol).colors)
        except ManaCostError:
            continue  # {T}, {Q}, {E} and the like are not mana symbols
    if getattr(definition, "back_face", None) is not None:
        found |= set(color_identity(definition.back_face))  # 903.4d
    return tuple(c for c in COLORS if c in found)


def fits_commander_deck(card: Card | CardDefinition, commander: Card | CardDefinition) -> bool:
    """Rules 903.5c–d: every colour of the card's color identity is in the commander's, and a
    card with a basic land type produces only mana of those colours."""
    allowed = set(color_identity(commander))
    definition = _definition(card)
    if not set(color_identity(definition)) <= allowed:
        return False
    produced = {BASIC_LAND_MANA[s] for s in definition.subtypes if s in BASIC_LAND_MANA}
    return produced <= allowed
