"""Costs whose payment a replacement effect changes (118.11): drawing cards as a cost, and an
effect that skips draws."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import Trigger, at_beginning_of
from kb.engine.objects import CardDefinition
from kb.engine.replacement import Replacement
from kb.engine.turns import Step


class ObstinateFamiliar(CardDefinition):
    name = "Obstinate Familiar"
    mana_cost = "{R}"
    types = ("Creature",)
    subtypes = ("Lizard",)
    power, toughness = 1, 1
    oracle = "If you would draw a card, you may skip that draw instead."

    def replacements(self, game: Any, card: Any):
        def applies(game: Any, event: dict) -> bool:
            return event["player"] is card.controller

        def apply(game: Any, event: dict) -> dict | None:
            skip = game.decide(Decision(card.controller, "may_skip_draw", (False, True), rule="614.1a", context={"source": card}))
            return None if skip else event

        return [Replacement(self.oracle, "draw", applies, apply, source=card)]


def _sacrifice_a_land_then_discard(game: Any, ability: Any) -> None:
    you = ability.controller
    lands = [c for c in you.battlefield if c.is_land]
    if lands:
        chosen = game.decide(Decision(you, "sacrifice", tuple(lands), rule="701.21"))
        game.sacrifice([chosen])
    if you.hand:
        game.discard(you, list(you.hand))


class PsychicVortex(CardDefinition):
    name = "Psychic Vortex"
    mana_cost = "{2}{U}{U}"
    types = ("Enchantment",)
    keywords = ("Cumulative upkeep—Draw a card",)
    oracle = "Cumulative upkeep—Draw a card. At the beginning of your end step, sacrifice a land, then discard your hand."
    triggered = (Trigger("At the beginning of your end step, sacrifice a land, then discard your hand.", at_beginning_of(Step.END), _sacrifice_a_land_then_discard),)
