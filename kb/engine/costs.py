"""Costs of activated abilities other than mana, tapping, life and loyalty (602.1a, 118): to
sacrifice a permanent ("Sacrifice this creature", "Sacrifice a creature", 701.21) and to pay
energy ({E}: remove an energy counter from yourself, 107.14). They are checked before anything
is paid, and paid with the rest of the cost (601.2h, 602.2b): a player can't begin to activate
an ability whose cost they can't pay.

>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', battlefield=['Mogg Fanatic'])
>>> bruno = Player('Bruno')
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> _ = game.activate(ana, 'Mogg Fanatic', targets=[bruno])
>>> ana.battlefield, [c.name for c in ana.graveyard]
([], ['Mogg Fanatic'])
>>> game.resolve_stack()
>>> bruno.life
19
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.decisions import Decision
from kb.engine.errors import CannotPayError
from kb.engine.objects import AbilityDefinition, Card
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Player

ENERGY = "energy"


def choose_sacrifice(game: "Game", player: "Player", card: Card, ability: AbilityDefinition, given: Card | str | None) -> list[Card]:
    """The permanent sacrificed to pay the cost (602.2b): the source itself for "Sacrifice this
    <permanent>", else one `player` controls of the kind named, `given` or chosen."""
    kind = ability.sacrifice
    if kind is None:
        if given is not None:
            raise CannotPayError(f"{card.name}'s ability has no cost to sacrifice anything")
        return []
    if kind == "this":
        return [card]
    other = kind.startswith("another ")  # "Sacrifice another creature": not the source itself
    kind = kind[len("another "):] if other else kind
    candidates = [c for c in player.battlefield if (kind.capitalize() in c.types or kind == "permanent") and not (other and c is card)]
    if not candidates:
        raise CannotPayError(f"{player.name} controls no {kind} to sacrifice for {card.name}'s ability (602.2b)")
    if given is None:
        return [game.decide(Decision(player, "sacrifice", tuple(candidates), rule="602.2b", context={"source": card}))]
    return [game.casting._find(candidates, given, f"the {kind}s {player.name} controls")]


def check_energy(player: "Player", card: Card, ability: AbilityDefinition) -> None:
    if ability.exile_from_library and len(player.library) < ability.exile_from_library:
        # 118.3: a cost can't be paid without the resources to pay it fully.
        raise CannotPayError(f"{player.name} has {len(player.library)} cards in their library: {card.name}'s ability exiles the top {ability.exile_from_library}")
    if ability.energy and player.counters.get(ENERGY, 0) < ability.energy:
        raise CannotPayError(f"{player.name} has {player.counters.get(ENERGY, 0)} energy: {card.name}'s ability costs {'{E}' * ability.energy} (107.14)")


def pay_other_costs(game: "Game", player: "Player", ability: AbilityDefinition, sacrificed: list[Card]) -> None:
    """Pay energy (107.14), exile cards from the top of the library and sacrifice (701.21) as
    parts of the cost."""
    if ability.exile_from_library:
        game.exile_cards(player.library[: ability.exile_from_library], rule="602.2b")
    if ability.energy:
        game.remove_counters(player, ENERGY, ability.energy)
    if sacrificed:
        game.sacrifice(sacrificed, rule="602.2b")


def energy(player_counters: dict[str, Any]) -> int:
    return player_counters.get(ENERGY, 0)
