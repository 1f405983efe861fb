"""Spells with several targets handled as they resolve (608.2f): one at a time in an order the
player chooses, or all at the same time."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.layers import INDEFINITE, gain_control
from kb.engine.objects import CardDefinition, TargetSpec


class SoulfireEruption(CardDefinition):
    name = "Soulfire Eruption"
    mana_cost = "{6}{R}{R}{R}"
    types = ("Sorcery",)
    in_part = True
    spell_targets = (TargetSpec("any", count=(0, 100)),)
    oracle = (
        "Choose any number of target creatures, planeswalkers, and/or players. For each of them, exile the top card "
        "of your library, then Soulfire Eruption deals damage equal to that card's mana value to that permanent or player."
    )

    def resolve(self, game: Any, spell: Any) -> None:
        you = spell.controller
        # 608.2b: illegal targets are left alone; 608.2f: the player takes the others one at a
        # time, exiling a card for each, since a library's top card can't be exiled twice at once.
        remaining = [t for t in spell.targets if game.casting._target_is_legal(t, "any", you)]
        while remaining:
            target = game.decide(Decision(you, "next_target", tuple(remaining), rule="608.2f", context={"source": spell.card}))
            remaining = [t for t in remaining if t is not target]
            if not you.library:
                continue
            top = you.library[0]
            game.exile_cards([top], rule="608.2f")
            if game.casting._target_is_legal(target, "any", you):
                game.deal_damage(spell, target, top.mana_value)


class BlatantThievery(CardDefinition):
    name = "Blatant Thievery"
    mana_cost = "{4}{U}{U}{U}"
    types = ("Sorcery",)
    oracle = "For each opponent, gain control of target permanent that player controls."

    def target_specs(self, game: Any, player: Any) -> list[TargetSpec]:
        """One word "target" for each opponent (601.2c), each a permanent that player controls."""
        return [TargetSpec(f"permanent controlled by {opponent.name}") for opponent in game.opponents(player)]

    def resolve(self, game: Any, spell: Any) -> None:
        you = spell.controller
        specs = getattr(spell, "target_specs", ())
        stolen = [t for spec, group in zip(specs, spell.target_groups) for t in group if game.casting._target_is_legal(t, spec.kind, you)]
        if stolen:
            # 608.2f: one effect, so control of all of them changes at the same time.
            game.add_effect(gain_control(you, affected=stolen, duration=INDEFINITE, source=spell.card))
