"""Face-down spells and permanents (rule 708) and morph (702.37): a face-down object is a 2/2
creature with no name, no mana cost, no types but creature, no subtypes, no color and no
abilities (708.2a). Its face-down status modifies its characteristics in layer 1b, after copy
effects (613.2b), so those characteristics are its copiable values (708.2, 707.2): a copy of it
is a face-up 2/2 with nothing else (707.2), and a face-down permanent that becomes a copy of
something stays a face-down 2/2 until it is turned face up (708.10).

A card is made face down with ``face_down(Card(...))`` for a scenario, or cast face down with
`Game.cast_face_down` (its morph ability, 702.37c). `Game.turn_face_up` turns it face up: as a
special action by paying its morph cost (702.37e, 116.2b), or for an effect (``by_effect=True``).
Other ways of being face down (manifest, cloak, disguise, foretell) are not modelled.

What a face-down object is and shows lives here; `kb.engine.turning_face_up`, the game's part, casts
cards face down and turns them face up.
"""

from __future__ import annotations

import re

from kb.engine.objects import _FACE_DOWN, Card, CardDefinition, Characteristics, FaceDownDefinition, Zone  # noqa: F401

_MORPH = re.compile(r"Morph (\{.*\})$")


# What a face-down spell or permanent is (708.2a) lives with the objects, which show it.
FACE_DOWN = _FACE_DOWN


def face_down(card: Card) -> Card:
    """`card`, face down: for setting up a scenario with a face-down permanent."""
    card.face_down = True
    return card


def is_face_down(card: Card) -> bool:
    return getattr(card, "face_down", False) and card.zone in (Zone.BATTLEFIELD, Zone.STACK)


def apply_face_down(chars: Characteristics) -> None:
    """Layer 1b (613.2b, 708.2a): the characteristics a face-down object has."""
    chars.name = ""
    chars.mana_cost = ""
    chars.mana_value_from = None
    chars.types = ("Creature",)
    chars.subtypes = ()
    chars.supertypes = ()
    chars.colors = ()
    chars.keywords = ()
    chars.power, chars.toughness = 2, 2
    chars.definition = FACE_DOWN


def morph_cost(definition: CardDefinition) -> str | None:
    for keyword in definition.keywords:
        found = _MORPH.match(keyword)
        if found:
            return found.group(1)
    return None
