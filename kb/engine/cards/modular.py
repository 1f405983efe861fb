"""Modular (702.43) and sunburst (702.44): counters from the colors of mana spent to cast a
permanent, moved to an artifact creature when it dies."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.errors import NotModelledError
from kb.engine.objects import Card, CardDefinition, Zone
from kb.engine.stack import TriggeredAbility


def colors_spent_to_cast(game: Any, card: Card) -> int:
    """The colors of mana spent to cast the spell that is resolving into `card` (702.44a); none
    if it wasn't cast. It needs mana paid from mana pools."""
    for event in reversed(game.events):
        if event.kind == "resolves" and getattr(event["object"], "card", None) is card:
            if not game.pay_mana:
                raise NotModelledError("sunburst (702.44) needs mana paid from mana pools: create the game with pay_mana=True")
            return len({m.type for m in event["object"].mana_spent if m.type in "WUBRG"})
    return 0


class ArcboundWanderer(CardDefinition):
    name = "Arcbound Wanderer"
    mana_cost = "{6}"
    types = ("Artifact", "Creature")
    subtypes = ("Golem",)
    power, toughness = 0, 0
    keywords = ("Modular—Sunburst",)
    oracle = (
        "Modular—Sunburst (This creature enters with a +1/+1 counter on it for each color of mana spent to cast it. "
        "When it dies, you may put its +1/+1 counters on target artifact creature.)"
    )

    def as_enters(self, game: Any, card: Card) -> None:
        # 702.44a and 702.43a: a creature gets +1/+1 counters.
        colors = colors_spent_to_cast(game, card)
        if colors:
            card.counters["+1/+1"] = card.counters.get("+1/+1", 0) + colors

    def triggers(self, game: Any, card: Card, event: Any):
        if event.kind == "put_into_graveyard" and event["card"] is card:
            moved = card.last_known.get("counters", {}).get("+1/+1", 0)  # as it last existed (603.10a)

            def move(game: Any, ability: TriggeredAbility, moved: int = moved) -> None:
                target = ability.targets[0] if ability.targets else None
                if target is None or target.zone is not Zone.BATTLEFIELD or not moved:
                    return
                if game.decide(Decision(ability.controller, "may_put_counters", (False, True), rule="702.43a", context={"source": card})):
                    game.add_counters(target, "+1/+1", moved)

            yield TriggeredAbility(
                card, event["controller"],
                "When this permanent is put into a graveyard from the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1 counter on this permanent.",
                move, target="artifact creature",
            )
