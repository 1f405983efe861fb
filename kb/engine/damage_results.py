"""A damage event processed into its results before it happens (120.4b–c): the life each player
would lose and gain from it, and the replacement effects that modify those results, such as
"damage that would reduce your life total to less than 1 reduces it to 1 instead" (Worship).

Such an effect is a `Replacement` of kind ``"damage_results"``: its event holds the ``player``,
the ``loss`` the damage would cause them and the ``gain`` the same event would give them
(lifelink, 120.3f, or a prevention effect that gives life, 120.4a); its ``apply`` returns the
event with the loss changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.errors import NotModelledError
from kb.engine.players import Player
from kb.engine.protocols import Game


class LifeLosses:
    """The life each player loses from one damage event, handed out to its parts in order."""

    def __init__(self, totals: dict[int, int]) -> None:
        self._left = dict(totals)

    def take(self, player: Player, amount: int) -> int:
        """The life `player` loses from one part (`amount` damage) of the event."""
        if id(player) not in self._left:
            return amount
        lost = min(amount, self._left[id(player)])
        self._left[id(player)] -= lost
        return lost


def damage_life_losses(game: "Game", dealt: Sequence[tuple[Any, Any, int]], extra_gains: Sequence[tuple[Player, int]]) -> LifeLosses:
    """Rule 120.4b–c: the life each player would lose from `dealt` (source, recipient, amount),
    with the life the same event gives them, then the effects that modify those results."""
    if not any(r.kind == "damage_results" for r in game.replacements) and not any(
        effect.kind == "damage_results" for card in game.battlefield for effect in card.definition.replacements(game, card)
    ):
        return LifeLosses({})
    losses: dict[int, tuple[Player, int]] = {}
    gains: dict[int, int] = {}
    for source, recipient, amount in dealt:
        keywords = game.life_and_damage._damage_keywords(source)
        if isinstance(recipient, Player) and "Infect" not in keywords:
            losses[id(recipient)] = (recipient, losses.get(id(recipient), (recipient, 0))[1] + amount)
        if "Lifelink" in keywords and source is not None:
            gainer = source.controller or source.owner
            gains[id(gainer)] = gains.get(id(gainer), 0) + amount
    for player, amount in extra_gains:
        gains[id(player)] = gains.get(id(player), 0) + amount
    totals = {}
    for key, (player, loss) in losses.items():
        gain = gains.get(key, 0)
        event = game.replace("damage_results", {"player": player, "loss": loss, "gain": gain})
        changed = event is None or event["loss"] != loss
        if changed and gain and any(r.applies(game, {"player": player, "amount": gain}) for r in game.replacement._active_replacements("gain_life", {"player": player, "amount": gain})):
            # 120.4c, 616.1: both modify the results; the order the player would choose is not modelled.
            raise NotModelledError("effects that modify both the life lost and the life gained from one damage event (120.4c) are not modelled together")
        totals[key] = loss if event is None else max(0, event["loss"])
    return LifeLosses(totals)


def at_least_one_life(game: "Game", event: dict) -> dict:
    """Worship's result: damage that would reduce the life total below 1 reduces it to 1 (the
    life the same event gives counts, 120.4c)."""
    life = game.life_of(event["player"])
    return {**event, "loss": max(0, life + event["gain"] - 1)}


def would_go_below_one(game: "Game", event: dict) -> bool:
    return game.life_of(event["player"]) - event["loss"] + event["gain"] < 1
