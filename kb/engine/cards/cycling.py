"""Cards with cycling (702.29), and cards whose abilities trigger on cycling: each its Oracle
text and the lines that differ."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import Trigger, at_beginning_of, card, whenever
from kb.engine.objects import CardDefinition, Zone
from kb.engine.turns import Step


class MoaningWall(CardDefinition):
    name = "Moaning Wall"
    mana_cost, type_line = "{2}{B}", "Creature — Zombie Wall"
    power, toughness = 0, 5
    keywords = ("Defender", "Cycling {2}")
    oracle = "Defender\nCycling {2} ({2}, Discard this card: Draw a card.)"


def _return_at_end(game: Any, ability: Any) -> None:
    """"Return that creature to the battlefield under its owner's control": only the card
    exiled, if it is still in exile (603.7c, 400.7)."""
    exiled, incarnation = ability.data["object"], ability.data["incarnation"]
    if exiled.zone is Zone.EXILE and exiled.incarnation == incarnation:
        game.put_onto_battlefield(exiled, exiled.owner)


def _may_exile_until_end_step(game: Any, ability: Any) -> None:
    creature = ability.targets[0] if ability.targets else None
    if creature is None or creature.zone is not Zone.BATTLEFIELD:
        return
    if not game.decide(Decision(ability.controller, "may_exile", (False, True), rule="603.5", context={"source": ability.source})):
        return
    game.exile_cards([creature])
    if creature.zone is Zone.EXILE:  # "If you do"
        returning = Trigger("Return that creature to the battlefield under its owner's control at the beginning of the next end step.", at_beginning_of(Step.END, "any"), _return_at_end)
        game.add_delayed_trigger(returning, ability.source, ability.controller, object=creature, incarnation=creature.incarnation)


AstralSlide = card(
    "Astral Slide",
    mana_cost="{2}{W}",
    type_line="Enchantment",
    oracle="Whenever a player cycles a card, you may exile target creature. If you do, return that creature to the battlefield under its owner's control at the beginning of the next end step.",
    triggered=(Trigger("", whenever("cycle"), _may_exile_until_end_step, target="creature"),),
)
