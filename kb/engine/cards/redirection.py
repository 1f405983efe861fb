"""Cards that redirect damage (614.9), and what limited range of influence does to them (801.13a)."""

from __future__ import annotations

from typing import Any

from kb.engine.define import card
from kb.engine.objects import CardDefinition, TargetSpec
from kb.engine.players import Player
from kb.engine.replacement import Replacement


def _deal_five(game: Any, spell: Any) -> None:
    game.deal_damage(spell, spell.targets[0], 5)


LavaAxe = card(
    "Lava Axe",
    mana_cost="{4}{R}",
    types=("Sorcery",),
    spell_target="player or planeswalker",
    oracle="Lava Axe deals 5 damage to target player or planeswalker.",
    spell_effect=_deal_five,
)


def redirect_next(amount: int, from_: Any, to: Any, *, source: Any = None) -> Replacement:
    """"The next N damage that would be dealt to <from_> this turn is dealt to <to> instead": a
    shield that sends up to N damage elsewhere (614.9). The redirected part does nothing if
    `to` is outside the range of influence of the player controlling the damage's source
    (801.13a)."""
    replacement: Replacement

    def applies(game: Any, event: dict) -> bool:
        return event["target"] is from_ and replacement.shield > 0

    def apply(game: Any, event: dict) -> dict:
        moved = min(replacement.shield, event["amount"])
        replacement.shield -= moved
        if replacement.shield <= 0:
            game.end_replacement(replacement)
        damage_source = event["source"]
        whose = (damage_source.controller or damage_source.owner) if damage_source is not None else None
        redirected = list(event.get("redirected", ()))
        affected = to if isinstance(to, Player) else to.controller
        if whose is not None and game.range_of_influence is not None and affected not in game.in_range(whose):
            game.emit("redirect_out_of_range", "801.13a", source=damage_source, target=to, amount=moved)
        else:
            redirected.append((damage_source, to, moved))
        return {**event, "amount": event["amount"] - moved, "redirected": redirected}

    replacement = Replacement(f"the next {amount} damage is dealt to another target instead", "damage", applies, apply, source=source, shield=amount)
    return replacement


class CaptainsManeuver(CardDefinition):
    name = "Captain's Maneuver"
    mana_cost = "{X}{R}{W}"
    types = ("Instant",)
    spell_targets = (TargetSpec("any"), TargetSpec("any", other=True))
    oracle = (
        "The next X damage that would be dealt to target creature, planeswalker, or player this turn is dealt to "
        "another target creature, planeswalker, or player instead."
    )

    def resolve(self, game: Any, spell: Any) -> None:
        first, second = (group[0] if group else None for group in spell.target_groups)
        if first is None or second is None or not spell.x:
            return
        game.add_replacement(redirect_next(spell.x, first, second, source=spell.card))
