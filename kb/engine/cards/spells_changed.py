"""Cards whose effects change a spell on the stack, and keep changing the permanent it becomes
(112.4, 400.7a)."""

from __future__ import annotations

from typing import Any

from kb.engine.layers import INDEFINITE, set_colors
from kb.engine.objects import CardDefinition
from kb.engine.stack import Spell


class Purelace(CardDefinition):
    name = "Purelace"
    mana_cost = "{W}"
    types = ("Instant",)
    spell_target = "spell or permanent"
    oracle = "Target spell or permanent becomes white. (Its mana symbols remain unchanged.)"

    def resolve(self, game: Any, spell: Any) -> None:
        target = spell.targets[0]
        card = target.card if isinstance(target, Spell) else target
        game.add_effect(set_colors("W", affected=[card], duration=INDEFINITE, source=spell.card, text="becomes white"))
