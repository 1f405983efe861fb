"""Activated abilities a permanent has because another object gives them (613.1f, layer 6):
"Enchanted creature has '{T}: ...'". A definition with ``grants_activated(game, source, card)``
returns the `AbilityDefinition`s its permanent `source` gives `card`.

With an effect that removes abilities also applying to the card, the order of the two in layer 6
(613.7, timestamps) is not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.errors import NotModelledError
from kb.engine.objects import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import AbilityDefinition, Card


def granted_activated_abilities(game: "Game", card: "Card") -> "tuple[AbilityDefinition, ...]":
    """The activated abilities permanents on the battlefield give `card`, in their order."""
    if card.zone is not Zone.BATTLEFIELD:
        return ()
    granted: list["AbilityDefinition"] = []
    for source in game.battlefield:
        grants = getattr(source.definition, "grants_activated", None)
        if grants is not None and not game.abilities_removed(source):
            granted.extend(grants(game, source, card))
    return tuple(granted)


def refuse_granted_with_removal(card: "Card", granted: "tuple[AbilityDefinition, ...]") -> None:
    if granted:
        raise NotModelledError(f"{card.name} is given activated abilities and has abilities removed: their order in layer 6 (613.7) is not modelled")
