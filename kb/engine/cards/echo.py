"""Echo (702.30): "At the beginning of your upkeep, if this permanent came under your control
since the beginning of your last upkeep, sacrifice it unless you pay [cost]." A cost set by a
number is counted as the ability resolves (702.1b)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.engine.decisions import Decision
from kb.engine.errors import NotModelledError
from kb.engine.mana import ManaCost
from kb.engine.pool import ManaUse
from kb.engine.objects import Card, CardDefinition, Zone
from kb.engine.stack import TriggeredAbility
from kb.engine.turns import Step


def _came_under_your_control_since_your_last_upkeep(game: Any, card: Card) -> bool:
    """Whether `card` entered the battlefield since the beginning of its controller's upkeep
    before this one; a permanent whose control changed raises `NotModelledError`."""
    if any(e.gives_control_to is not None and e.selects(game, card, card.printed()) for e in game.effects):
        raise NotModelledError("echo on a permanent whose control changed (702.30a) is not modelled")
    you = card.controller
    turn, previous = 0, None
    upkeeps = []
    for event in game.events:
        if event.kind == "turn_begins":
            turn = event["turn"]
        elif event.kind == "beginning_of" and event["step"] is Step.UPKEEP and you in game.members(event["active"]):
            upkeeps.append(turn)
    previous = upkeeps[-2] if len(upkeeps) >= 2 else None
    return card.entered_turn is not None and (previous is None or card.entered_turn >= previous)


class EchoCard(CardDefinition):
    """Base of permanents with echo: ``echo_cost(game, card)`` says the cost as it is paid."""

    echo_cost: Callable[[Any, Card], str] = staticmethod(lambda game, card: card.mana_cost.text)

    def triggers(self, game: Any, card: Card, event: Any):
        yield from super().triggers(game, card, event)
        if event.kind == "beginning_of" and event["step"] is Step.UPKEEP and card.controller in game.active_players:
            if _came_under_your_control_since_your_last_upkeep(game, card):
                incarnation = card.incarnation

                def resolve(game: Any, ability: TriggeredAbility) -> None:
                    permanent, you = ability.source, ability.controller
                    if permanent.zone is not Zone.BATTLEFIELD or permanent.incarnation != incarnation:
                        return
                    cost = type(self).echo_cost(game, permanent)  # counted now (702.1b)
                    if game.decide(Decision(you, "echo", (cost, False), rule="702.30a", context={"source": permanent})) is False:
                        game.sacrifice([permanent], rule="702.30a")
                        return
                    game.mana._pay_mana(you, ManaCost(cost), None, ManaUse("activate", permanent), f"echo {cost}")
                    game.emit("echo_paid", "702.30a", card=permanent, cost=cost)

                yield TriggeredAbility(card, card.controller, f"Echo ({self.oracle_echo})", resolve)

    oracle_echo = "At the beginning of your upkeep, if this came under your control since the beginning of your last upkeep, sacrifice it unless you pay its echo cost."


def _your_life_total(game: Any, card: Card) -> str:
    return "{%d}" % max(0, game.life_of(card.controller))


class VolcanoHellion(EchoCard):
    name = "Volcano Hellion"
    mana_cost = "{2}{R}{R}"
    types = ("Creature",)
    subtypes = ("Hellion",)
    power, toughness = 6, 5
    oracle = (
        "Volcano Hellion has echo {X}, where X is your life total. When Volcano Hellion enters, it deals an amount of "
        "damage of your choice to you and target creature. The damage can't be prevented."
    )
    echo_cost = staticmethod(_your_life_total)

    def triggers(self, game: Any, card: Card, event: Any):
        if event.kind == "enters" and event["card"] is card:
            raise NotModelledError("Volcano Hellion's damage of an amount of your choice (601.2d) is not modelled")
        yield from super().triggers(game, card, event)
