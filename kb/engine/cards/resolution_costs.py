"""Cards with costs paid as their abilities resolve (118.12), "[do something]; if you do" abilities."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger, whenever
from kb.engine.objects import CardDefinition, Zone


def _sacrifice_this_if_you_do(then: Any) -> Any:
    """"Sacrifice this permanent. If you do, <then>": a cost paid on resolution (118.12), which
    can't be paid once the permanent has left the battlefield, and then nothing else happens."""

    def resolve(game: Any, ability: Any) -> None:
        permanent = ability.source
        if permanent.zone is not Zone.BATTLEFIELD or permanent.incarnation != ability.data["incarnation"]:
            game.emit("cost_not_paid", "118.12", card=permanent)
            return
        game.sacrifice([permanent], rule="118.12")
        then(game, ability)

    return resolve


def _opponents_of_caster_draw(count: int) -> Any:
    def effect(game: Any, ability: Any) -> None:
        caster = ability.data["event"]["player"]
        for opponent in game.apnap_order():
            if opponent in game.opponents(caster):
                game.draw(opponent, count)

    return effect


class Standstill(CardDefinition):
    name = "Standstill"
    mana_cost = "{1}{U}"
    types = ("Enchantment",)
    oracle = "When a player casts a spell, sacrifice this enchantment. If you do, each of that player's opponents draws three cards."
    triggered = (Trigger(oracle, whenever("cast"), _sacrifice_this_if_you_do(_opponents_of_caster_draw(3))),)

    def triggers(self, game: Any, card: Any, event: Any):
        for ability in super().triggers(game, card, event):
            ability.data["incarnation"] = card.incarnation
            yield ability
