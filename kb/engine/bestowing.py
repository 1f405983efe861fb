"""The part of the game that makes a spell cast bestowed a bestowed Aura spell, and ends its being
bestowed when its target is illegal or it becomes unattached (702.103)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.bestow import BestowCreatureDefinition
from kb.engine.errors import NotModelledError
from kb.engine.layers import INDEFINITE, ContinuousEffect
from kb.engine.objects import Card, Characteristics, TargetSpec
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.stack import Spell


def _become_bestowed_aura(chars: Characteristics) -> None:
    # 205.1a: becoming an Aura enchantment replaces its card types and their subtypes.
    chars.types = ("Enchantment",)
    chars.subtypes = ("Aura",)


def _no_power_or_toughness(chars: Characteristics) -> None:
    chars.power = chars.toughness = None


class Bestow(GamePart):
    """Spells cast bestowed and the bestowed Auras they become (702.103)."""

    def is_bestowed(self, card: Card) -> bool:
        """Whether `card` is a bestowed Aura spell or a bestowed Aura (702.103b)."""
        effect = self._bestow_effects().get(id(card))
        return effect is not None and effect in self.game.effects and effect.selects(self.game, card, card.printed())

    def _bestow_effects(self) -> dict[int, ContinuousEffect]:
        return self.game.__dict__.setdefault("_bestowing", {})

    def _bestow(self, spell: "Spell") -> None:
        """Rule 702.103b: as the spell is put onto the stack it becomes a bestowed Aura spell."""
        card = spell.card
        if not isinstance(card.printed_definition, BestowCreatureDefinition):
            raise NotModelledError(f"{card.name} has bestow, but the engine doesn't know it as a bestow creature", rules="702.103b")
        effect = ContinuousEffect(
            {"4": _become_bestowed_aura, "7b": _no_power_or_toughness},
            text="bestowed: an Aura enchantment with enchant creature",
            source=card,
            affected=[card],
            duration=INDEFINITE,
        )
        self._bestow_effects()[id(card)] = effect
        self.game.add_effect(effect)
        spell.target_specs = (TargetSpec("creature"),)
        self.game.emit("bestowed", "702.103b", card=card, target=spell.targets[0])

    def _cease_to_be_bestowed(self, card: Card, rule: str) -> None:
        effect = self._bestow_effects().pop(id(card), None)
        if effect is not None:
            self.game.end_effect(effect)
        self.game.emit("bestow_ends", rule, card=card)

    def _resolve_bestowed_spell(self, spell: Any) -> None:
        """Rule 702.103e: as a bestowed Aura spell begins resolving with an illegal target, it
        ceases to be bestowed and goes on resolving as a creature spell (608.3b)."""
        if not self.is_bestowed(spell.card):
            return
        if spell.targets and self.game.casting._target_is_legal(spell.targets[0], "creature", spell.controller, spell.card):
            return
        self._cease_to_be_bestowed(spell.card, "702.103e")
        spell.targets, spell.target_groups, spell.target_specs = [], [[]], ()

    def _bestowed_auras_ceasing(self) -> list[Card]:
        """Rule 702.103f, as a state-based action: the bestowed Auras unattached, or attached to
        an illegal object; each becomes unattached and ceases to be bestowed, staying on the
        battlefield (an exception to 704.5m)."""
        return [c for c in self.game.battlefield if self.is_bestowed(c) and not self.game.aura_is_legal(c)]
