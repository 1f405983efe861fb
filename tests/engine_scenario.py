"""A two-player game in Ana's precombat main phase of turn 3, for the engine's tests."""

from __future__ import annotations

from typing import Any

from kb.engine import Game, Player, Step


def two_player_game(ana: dict[str, Any] | None = None, bruno: dict[str, Any] | None = None, **game: Any) -> tuple[Game, Player, Player]:
    """Ana and Bruno with the zones given (``battlefield``, ``hand``, ``graveyard``, lists of
    cards or names) and ten cards in each library; `game` are `Game` options."""
    first = Player("Ana", **{"library": 10, **{k: list(v) for k, v in (ana or {}).items()}})
    second = Player("Bruno", **{"library": 10, **{k: list(v) for k, v in (bruno or {}).items()}})
    played = Game(players=[first, second], **game)
    played.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return played, first, second
