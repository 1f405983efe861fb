"""Bestow (702.103): a creature card cast bestowed, for its bestow cost, becomes an Aura
enchantment spell with enchant creature as it is put onto the stack (702.103b); only those
characteristics are evaluated to see whether it can be cast (702.103d). Its target illegal as it
begins to resolve, it resolves as a creature spell (702.103e); as a bestowed Aura that becomes
unattached, or is attached to an illegal object, it ceases to be bestowed and stays on the
battlefield as a creature (702.103f).

Being bestowed is one continuous effect (`ContinuousEffect`, layers 4 and 7b) on the spell that
follows it to the permanent it becomes (400.7a) and ends when it ceases to be bestowed. Copies of a
bestowed spell (702.103c) and phasing in unattached (702.103g) are not modelled.

What a bestow card is and the characteristics it is cast with live here; `kb.engine.bestowing`, the
game's part, makes and ends the bestowing.
"""

from __future__ import annotations

import copy
import re
from typing import ClassVar

from kb.engine.objects import CardDefinition

_BESTOW = re.compile(r"Bestow (\{.*\})$")


class BestowCreatureDefinition(CardDefinition):
    """A creature card with bestow: its keywords hold "Bestow {cost}". Bestowed, it has enchant
    creature (702.103b), which is what ``enchant`` says; as a creature it isn't an Aura, and the
    enchant ability is never read."""

    enchant: ClassVar[str | None] = "creature"


def bestow_cost(definition: CardDefinition) -> str | None:
    """The bestow cost in the keywords of `definition`, or None."""
    for keyword in definition.keywords:
        found = _BESTOW.match(keyword)
        if found:
            return found.group(1)
    return None


def bestowed_definition(definition: CardDefinition) -> CardDefinition:
    """The characteristics of `definition` cast bestowed (702.103b, 702.103d): an Aura
    enchantment with enchant creature, which targets a creature (601.2c, 303.4a); a noncreature
    object has no power or toughness (208.3)."""
    bestowed = copy.copy(definition)
    bestowed.types = ("Enchantment",)
    bestowed.subtypes = ("Aura",)
    bestowed.power = bestowed.toughness = None
    bestowed.spell_target = "creature"
    bestowed.enchant = "creature"
    return bestowed
