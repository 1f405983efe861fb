"""Spells that copy spells (707.10): each its Oracle text and the lines that differ."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import CardDefinition


class _CopyTargetSpell(CardDefinition):
    """"Copy target instant or sorcery spell[, except that the copy is <colors>]. You may choose
    new targets for the copy.\""""

    types = ("Instant",)
    spell_target = "instant or sorcery spell"
    copy_colors: tuple[str, ...] | None = None

    def resolve(self, game: Any, spell: Any) -> None:
        for target in game.targets_still_legal(spell):
            game.copy_spell(target, spell.controller, new_targets=True, colors=self.copy_colors, source=spell.card)


class Twincast(_CopyTargetSpell):
    name = "Twincast"
    mana_cost = "{U}{U}"
    oracle = "Copy target instant or sorcery spell. You may choose new targets for the copy."


class Reverberate(_CopyTargetSpell):
    name = "Reverberate"
    mana_cost = "{R}{R}"
    oracle = "Copy target instant or sorcery spell. You may choose new targets for the copy."


class Fork(_CopyTargetSpell):
    name = "Fork"
    mana_cost = "{R}{R}"
    oracle = "Copy target instant or sorcery spell, except that the copy is red. You may choose new targets for the copy."
    copy_colors = ("R",)


class Fling(CardDefinition):
    name = "Fling"
    mana_cost = "{1}{R}"
    types = ("Instant",)
    spell_target = "any"
    additional_cost = "sacrifice a creature"
    oracle = "As an additional cost to cast this spell, sacrifice a creature.\nFling deals damage equal to the sacrificed creature's power to any target."

    def resolve(self, game: Any, spell: Any) -> None:
        # The sacrificed creature's power as it last existed on the battlefield (608.2h).
        power = sum(max(0, c.last_known.get("power", c.power) or 0) for c in spell.paid_with)
        for target in game.targets_still_legal(spell):
            game.deal_damage(spell, target, power)


class DawnglowInfusion(CardDefinition):
    name = "Dawnglow Infusion"
    mana_cost = "{X}{G/W}"
    types = ("Sorcery",)
    oracle = "You gain X life if {G} was spent to cast this spell and X life if {W} was spent to cast it."

    def resolve(self, game: Any, spell: Any) -> None:
        spent = {mana.type for mana in getattr(spell, "mana_spent", ()) or ()}
        times = ("G" in spent) + ("W" in spent)
        if times:
            game.gain_life(spell.controller, times * (spell.x or 0))
