"""Who makes a choice that an effect gives to another player: "an opponent" chooses (700.2e,
700.3), within the range of influence of the effect's controller, or the nearest opponent to
its left when none is (801.5a, 801.5c)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Player


def opponent_to_choose(game: "Game", you: "Player", *, rule: str = "700.3", source: object = None) -> "Player | None":
    """The opponent who makes a choice an effect of `you`'s gives "an opponent": one `you`
    choose within your range of influence (801.5a), or, if there is none, the nearest opponent
    to your left (801.5c). None when `you` have no opponent left."""
    opponents = game.affected_opponents(you)
    if opponents:
        context = {"source": source} if source is not None else {}
        return game.decide(Decision(you, "choose_opponent", tuple(opponents), rule=rule, context=context))
    seated = game.players
    start = seated.index(you)
    for player in seated[start + 1:] + seated[:start]:
        if player in game.opponents(you):
            game.emit("nearest_opponent_chooses", "801.5c", player=player, controller=you)
            return player
    return None
