"""A two-player game in Ana's precombat main phase of turn 3, for the engine's tests."""

from __future__ import annotations

from typing import Any

from kb.engine import Game, Player, Step


def two_player_game(ana: dict[str, Any] | None = None, bruno: dict[str, Any] | None = None, **game: Any) -> tuple[Game, Player, Player]:
    """Ana and Bruno with the zones given (``battlefield``, ``hand``, ``graveyard``, lists of
    cards or names; a library may be a number of cards, ten by default); `game` are `Game`
    options."""
    first = Player("Ana", **_zones(ana))
    second = Player("Bruno", **_zones(bruno))
    played = Game(players=[first, second], **game)
    played.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return played, first, second


def _zones(given: dict[str, Any] | None) -> dict[str, Any]:
    zones: dict[str, Any] = {"library": 10}
    for zone, cards in (given or {}).items():
        zones[zone] = cards if isinstance(cards, int) else list(cards)
    return zones
