"""Crewing Vehicles (702.122): "Crew N" means "Tap any number of other untapped creatures you
control with total power N or greater: This permanent becomes an artifact creature until end of
turn." A creature crews a Vehicle when it is tapped to pay that cost (702.122b)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.errors import CannotPayError, IllegalActionError, NotModelledError
from kb.engine.layers import add_types
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart
from kb.engine.stack import ActivatedAbility

if TYPE_CHECKING:
    from kb.engine.players import Player

_CREW = re.compile(r"Crew (\d+)$")


def crew_numbers(vehicle: Card) -> list[int]:
    """The N of each crew ability the permanent has now ("Crew 3")."""
    return [int(m.group(1)) for m in map(_CREW.match, vehicle.keywords) if m]


def _becomes_artifact_creature(game, ability: ActivatedAbility) -> None:
    vehicle = ability.source
    if vehicle.zone is not Zone.BATTLEFIELD or vehicle.incarnation != ability.data["incarnation"]:
        return  # a new object, or gone (400.7)
    game.add_effect(add_types("Artifact", "Creature", affected=[vehicle], text="This Vehicle becomes an artifact creature until end of turn."))
    game.emit("crewed", "702.122d", vehicle=vehicle, crew=ability.data["crew"])


class Crew(GamePart):
    """Activating crew abilities (702.122)."""

    def crew(self, player: Player, vehicle: Card, creatures: Sequence[Card]) -> ActivatedAbility:
        """`player` activates the crew ability of `vehicle`, tapping `creatures` to pay its cost
        (702.122a): other untapped creatures they control, with total power N or more (they may
        tap more than needed). Each of them crews the Vehicle (702.122b); the ability goes on the
        stack, and as it resolves the Vehicle becomes an artifact creature until end of turn."""
        self.game.priority_and_stack._check_priority(player)
        if vehicle.zone is not Zone.BATTLEFIELD or vehicle.controller is not player:
            raise IllegalActionError(f"{player.name} controls no {vehicle.name} on the battlefield")
        numbers = crew_numbers(vehicle)
        if not numbers:
            raise IllegalActionError(f"{vehicle.name} has no crew ability")
        if len(numbers) > 1:
            raise IllegalActionError(f"{vehicle.name} has {len(numbers)} crew abilities: choosing one is not modelled")
        needed = numbers[0]
        creatures = list(dict.fromkeys(creatures))
        for creature in creatures:
            if creature is vehicle:
                raise CannotPayError(f"{vehicle.name} can't crew itself: crew taps other creatures (702.122a)")
            if creature.zone is not Zone.BATTLEFIELD or not creature.is_creature or creature.controller is not player:
                raise CannotPayError(f"{creature.name} is not a creature {player.name} controls")
            if creature.tapped:
                raise CannotPayError(f"{creature.name} is already tapped")
        if any((c.power or 0) < 0 for c in creatures):
            raise NotModelledError("a creature with negative power tapped to pay a crew cost is not modelled", rules="702.122a")
        total = sum(c.power or 0 for c in creatures)
        if total < needed:
            raise CannotPayError(f"the creatures tapped have total power {total}, less than {needed}: they can't crew {vehicle.name} (702.122a)")
        ability = ActivatedAbility(
            vehicle, player, f"Crew {needed}", _becomes_artifact_creature,
            data={"incarnation": vehicle.incarnation, "crew": list(creatures)},
        )
        self.game.emit("activate", "602.2", player=player, card=vehicle)
        self.game.tap(creatures)
        for creature in creatures:
            self.game.emit("crews", "702.122b", card=creature, vehicle=vehicle)
        self.game.stack.push(ability)
        self.game.priority_and_stack._passes = 0
        self.game.priority_and_stack._give_priority(self.game.priority_and_stack._priority_unit_for(player))
        return ability
