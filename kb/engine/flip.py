"""Flip cards (rule 710) and the flipped status (110.5).

A flip card is a `FlipCardDefinition`: its own characteristics are the top half's, and
``flipped_half`` is a `CardDefinition` subclass for the bottom half (710.1a–b). A permanent's
flipped status is ``card.flipped``; a flipped permanent has the bottom half's name, text, type
line, power and toughness, and keeps the top half's color and mana cost (710.1c, 710.2). Off
the battlefield, and before it flips, a flip card has only its top half's characteristics.

Copying a flip card copies both halves, and which applies depends on the copy's own flipped
status (707.3), which it keeps whatever it becomes (110.5c). `Game.flip` flips a permanent; it
does nothing to one that isn't a flip card, and flipping is one way (710.4).

What a flip card is and which half applies live here; `kb.engine.flipping`, the game's part, flips
permanents.
"""

from __future__ import annotations

from typing import Any, ClassVar

from kb.engine.objects import Card, CardDefinition, Characteristics, Zone, printed_half  # noqa: F401


class FlipCardDefinition(CardDefinition):
    """A flip card (710): the class's characteristics are its top half's; ``flipped_half`` is
    the bottom half, a `CardDefinition` subclass whose ``name`` is empty and whose
    ``half_name`` is the alternative name (never registered by name)."""

    flipped_half: ClassVar[type[CardDefinition]]

    def half(self, flipped: bool) -> CardDefinition:
        """The half that applies: the top (this definition) or the bottom, with the top's
        mana cost and color (710.1c)."""
        if not flipped:
            return self
        bottom = self.flipped_half()
        bottom.name = bottom.half_name
        bottom.mana_cost = self.mana_cost
        bottom.colors = self.colors
        bottom.whole = self
        return bottom


def flip_definition(definition: CardDefinition) -> FlipCardDefinition | None:
    """The flip card `definition` is, or is a half of."""
    if isinstance(definition, FlipCardDefinition):
        return definition
    original = getattr(definition, "original", None)  # a copy's definition (707)
    if original is not None:
        return flip_definition(original)
    return getattr(definition, "whole", None)


def copy_of_flip_card(chars: Characteristics, whole: FlipCardDefinition, copier: Card, make_definition: Any) -> None:
    """Layer 1 for a copy of a flip card (707.3): the half that the copier's own flipped status
    selects."""
    half = whole.half(copier.flipped and copier.zone is Zone.BATTLEFIELD)
    chars.name = half.name
    chars.types, chars.subtypes, chars.supertypes = half.types, half.subtypes, half.supertypes
    chars.keywords = half.keywords
    chars.power, chars.toughness = half.power_of(copier), half.toughness_of(copier)
    chars.mana_cost = whole.mana_cost
    chars.colors = tuple(whole.colors) if whole.colors is not None else chars.colors
    chars.definition = make_definition(half)


def flipped(card: Card) -> Card:
    """`card`, flipped: for setting up a scenario with a flipped permanent."""
    card.flipped = True
    return card
