"""Haunt (702.55): a card exiled haunting a creature, whose abilities trigger from exile when
"the creature it haunts" dies (113.6k)."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import Card, CardDefinition, Zone
from kb.engine.stack import TriggeredAbility


def _haunt(game: Any, ability: Any) -> None:
    card = ability.source
    target = ability.targets[0] if ability.targets else None
    if card.zone is not Zone.GRAVEYARD or card.incarnation != ability.data["incarnation"] or target is None:
        return
    game.exile_cards([card], rule="702.55a")
    card.haunting = (target, target.incarnation, card.incarnation)
    game.emit("haunts", "702.55b", card=card, target=target)


def _destroy_target_enchantment(game: Any, ability: Any) -> None:
    targets = [t for t in ability.targets if t.zone is Zone.BATTLEFIELD]
    if targets:
        game.destroy(targets)


class AbsolverThrull(CardDefinition):
    name = "Absolver Thrull"
    mana_cost = "{3}{W}"
    types = ("Creature",)
    subtypes = ("Thrull", "Cleric")
    power, toughness = 2, 3
    keywords = ("Haunt",)
    oracle = (
        "Haunt (When this creature dies, exile it haunting target creature.) When Absolver Thrull enters or the creature "
        "it haunts dies, destroy target enchantment."
    )
    _destroy = "When Absolver Thrull enters or the creature it haunts dies, destroy target enchantment."

    def triggers(self, game: Any, card: Card, event: Any):
        haunting = getattr(card, "haunting", None)
        if card.zone is Zone.BATTLEFIELD and event.kind == "enters" and event["card"] is card:
            yield TriggeredAbility(card, card.controller, self._destroy, _destroy_target_enchantment, target="enchantment")
        elif event.kind == "put_into_graveyard" and event["card"] is card and "Creature" in card.last_known.get("types", ()):
            yield TriggeredAbility(
                card, event["controller"], "Haunt (When this creature dies, exile it haunting target creature.)", _haunt,
                target="creature", data={"incarnation": card.incarnation},
            )
        elif card.zone is Zone.EXILE and haunting is not None and card.incarnation == haunting[2] and event.kind == "dies":
            haunted, incarnation, _ = haunting
            # "The creature it haunts": the object it targeted, as it was (702.55b).
            if any(c is haunted for c in event["cards"]) and haunted.incarnation == incarnation + 1:
                yield TriggeredAbility(card, card.owner, self._destroy, _destroy_target_enchantment, target="enchantment")
