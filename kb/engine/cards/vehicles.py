"""Vehicles (301.7) and the creatures that crew them (702.122)."""

from __future__ import annotations

from collections.abc import Iterable

from kb.engine.define import card
from kb.engine.game import Card, CardDefinition, Event, Game, TriggeredAbility, Zone
from kb.engine.layers import modify
from kb.engine.cards.templates import triggered_ability

SkySkiff = card(
    "Sky Skiff", mana_cost="{2}", type_line="Artifact — Vehicle", power=2, toughness=3,
    keywords=("Flying", "Crew 1"),
    oracle="Flying. Crew 1 (Tap any number of creatures you control with total power 1 or more: This Vehicle becomes an artifact creature until end of turn.)",
)

_MOTORIST_CREWS = "Whenever this creature crews a Vehicle, that Vehicle gets +1/+1 until end of turn."


def _scry_2(game: Game, ability: TriggeredAbility) -> None:
    game.scry(ability.controller, 2)


def _vehicle_gets_plus_one(game: Game, ability: TriggeredAbility) -> None:
    # 208.3a: created even while the Vehicle isn't a creature; it applies once it is one.
    vehicle = ability.data["vehicle"]
    if vehicle.zone is not Zone.BATTLEFIELD or vehicle.incarnation != ability.data["incarnation"]:
        return  # "that Vehicle" is gone: a new object isn't it (400.7)
    game.add_effect(modify(1, 1, affected=[vehicle], text=_MOTORIST_CREWS))


class VeteranMotorist(CardDefinition):
    name, mana_cost, type_line = "Veteran Motorist", "{R}{W}", "Creature — Dwarf Pilot"
    power, toughness = 3, 2
    oracle = f"When this creature enters, scry 2. {_MOTORIST_CREWS}"

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "enters" and event["card"] is card:
            yield triggered_ability(card, "When this creature enters, scry 2.", _scry_2)
        if event.kind == "crews" and event["card"] is card:
            yield triggered_ability(card, _MOTORIST_CREWS, _vehicle_gets_plus_one, data={"vehicle": event["vehicle"], "incarnation": event["vehicle"].incarnation})
