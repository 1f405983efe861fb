"""What every part of the game is: one concern of the rules, made with the game it serves and
held by it (`game.zones`, `game.combat`, ...), owning that concern's methods and the state only
it reads, and reaching the rest of the game through it (`self.game`)."""

from __future__ import annotations

from kb.engine.protocols import Game


class GamePart:
    """One concern of the rules of a game.

    >>> from kb.engine import Game, Player
    >>> game = Game(players=[Player('Ana'), Player('Bruno')])
    >>> game.zones
    Zones(Game(players=[Player('Ana'), Player('Bruno')]))
    >>> game.zones.game is game
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"
