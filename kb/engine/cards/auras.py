"""Auras (303.4): what they may enchant, an object or a player, and what they do to it."""

from __future__ import annotations

from kb.engine.game import Card, CardDefinition, Game
from kb.engine.layers import modify


class CurseOfDeathsHold(CardDefinition):
    name, mana_cost, type_line = "Curse of Death's Hold", "{3}{B}{B}", "Enchantment — Aura Curse"
    spell_target = "player"
    oracle = "Enchant player. Creatures enchanted player controls get -1/-1."

    def static_effects(self, game: Game, card: Card):
        cursed = card.attached_to
        return [modify(-1, -1, applies_to=lambda g, c, chars: "Creature" in chars.types and chars.controller is cursed, text=self.oracle)]
