"""Aura swap (702.65) and the Auras it exchanges."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.layers import ContinuousEffect, grant
from kb.engine.objects import AbilityDefinition, Card, CardDefinition, Zone


def can_enchant(game: Any, aura: Card, permanent: Any) -> bool:
    """Whether the Aura card `aura` could legally enchant `permanent` (303.4a, its enchant
    ability, read from what it may target as a spell)."""
    kind = aura.definition.spell_target
    return kind is not None and any(permanent is p for p in game.legal_targets(kind))


def aura_swap(cost: str) -> AbilityDefinition:
    """"Aura swap [cost]": "[Cost]: You may exchange this permanent with an Aura card in your
    hand." If either half of the exchange can't be completed, nothing happens (702.65b): the
    Aura must be on the battlefield and owned by you (it goes to your hand), and an Aura card in
    your hand must be able to enchant what it enchants."""

    def swap(game: Any, ability: Any) -> None:
        aura, you = ability.source, ability.controller
        enchanted = aura.attached_to
        candidates = ()
        if aura.zone is Zone.BATTLEFIELD and aura.owner is you and enchanted is not None:
            candidates = tuple(c for c in you.hand if "Aura" in c.subtypes and can_enchant(game, c, enchanted))
        if not candidates:
            game.emit("exchange_fails", "702.65b", card=aura)
            return
        chosen = game.decide(Decision(you, "aura_swap", candidates + (False,), rule="702.65a", context={"source": aura}))
        if chosen is False:
            return
        game._move(aura, Zone.HAND)
        game._put_onto_battlefield(chosen, you)
        chosen.attached_to = enchanted
        chosen.attached_incarnation = getattr(enchanted, "incarnation", None)
        game.emit("aura_swapped", "702.65a", card=aura, other=chosen, to=enchanted)

    return AbilityDefinition(f"Aura swap {cost} ({cost}: Exchange this Aura with an Aura card in your hand.)", swap, mana=cost)


class ArcanumWings(CardDefinition):
    name = "Arcanum Wings"
    mana_cost = "{1}{U}"
    type_line = "Enchantment — Aura"
    spell_target = "creature"
    keywords = ("Aura swap {2}{U}",)
    oracle = "Enchant creature. Enchanted creature has flying. Aura swap {2}{U}"
    activated = (aura_swap("{2}{U}"),)

    def static_effects(self, game: Any, card: Card):
        return [grant("Flying", applies_to=lambda game, c, chars: c is card.attached_to, text="Enchanted creature has flying.")]


class AnimateArtifact(CardDefinition):
    name = "Animate Artifact"
    mana_cost = "{3}{U}"
    type_line = "Enchantment — Aura"
    spell_target = "artifact"
    oracle = "Enchant artifact. As long as enchanted artifact isn't a creature, it's an artifact creature with power and toughness each equal to its mana value."

    def static_effects(self, game: Any, card: Card):
        state: dict[str, bool] = {}

        def types(chars: Any) -> None:  # layer 4
            state["was_creature"] = "Creature" in chars.types
            if not state["was_creature"]:
                chars.types = chars.types + ("Creature",)

        def size(chars: Any) -> None:  # layer 7b
            if not state.get("was_creature"):
                chars.power = chars.toughness = chars.card.mana_value

        return [ContinuousEffect({"4": types, "7b": size}, applies_to=lambda game, c, chars: c is card.attached_to, text=self.oracle)]
