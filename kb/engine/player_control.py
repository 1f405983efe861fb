"""Controlling another player (rule 722): who makes a player's choices and decisions, and who
sees what that player sees."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.errors import IllegalActionError
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart
from kb.engine.players import Player
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Unit


@dataclass(eq=False)
class PlayerControl:
    """An effect giving `controller` control of `controlled` during `controlled`'s next turn
    (722.1); `turn` is the number of that turn once it has begun."""

    controller: Player
    controlled: Player
    source: Card | None = None
    turn: int | None = None


class ControlOfPlayers(GamePart):
    """Rule 722: a player controlling another player makes all the choices and decisions the
    controlled player is allowed or told to make (722.5), using only that player's resources
    (722.5a), while still making their own (722.8). Only control of the player changes: objects
    keep their controllers, and the controlled player is still the active player (722.3).

    The engine asks every decision of the controlled player of their controller: the decision
    keeps the player it is for (``decision.player``) and names who makes it
    (``decision.decided_by``). Actions taken during the turn (casting, activating, passing) are
    the controlled player's own actions, chosen by their controller. A controlled player may
    still concede (722.6): the engine never asks anyone else about it."""

    def __init__(self, game: Game):
        super().__init__(game)
        self._player_controls: list[PlayerControl] = []

    def control_player(self, controller: Player, controlled: Player, *, source: Card | None = None) -> PlayerControl:
        """`controller` controls `controlled` during the next turn `controlled` actually takes
        (722.1, 722.1b); an earlier such effect on the same player is overwritten (722.1a)."""
        for player in (controller, controlled):
            if player.game is not self.game or player.left_game:
                raise IllegalActionError(f"{player.name} is not in this game")
        control = PlayerControl(controller, controlled, source)
        self._player_controls = [c for c in self._controls() if c.controlled is not controlled or c.turn is not None]
        self._player_controls.append(control)
        return control

    def _controls(self) -> list[PlayerControl]:
        return self._player_controls

    def controller_of_player(self, player: Player) -> Player:
        """Who makes `player`'s decisions now: their controller during a turn they are
        controlled (722.5), else themselves (722.9: a player given control of themselves too)."""
        for control in reversed(self._controls()):
            if control.controlled is player and control.turn == self.game.turn and not control.controller.left_game:
                return control.controller
        return player

    def sees(self, viewer: Player, card: Card) -> bool:
        """Whether information about `card` is visible to `viewer`: cards in public zones to
        everyone, a card in a hand to its owner and to whoever controls that owner (722.4),
        the face of a face-down spell or permanent to its controller (708.5) and to whoever
        controls that player (722.4), a card in a library to no one."""
        if card.face_down and card.zone in (Zone.BATTLEFIELD, Zone.STACK):
            return viewer is card.controller or viewer is self.controller_of_player(card.controller)
        if card.zone in (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE, Zone.STACK):
            return True
        if card.zone is Zone.HAND:
            return viewer is card.owner or viewer is self.controller_of_player(card.owner)
        return False

    def _turn_begins(self, unit: Unit) -> None:
        # 722.1: a pending effect applies to the turn its player actually takes, for all of it,
        # and ends as the next turn begins.
        ending = [c for c in self._controls() if c.turn is not None]
        self._player_controls = [c for c in self._controls() if c.turn is None]
        for control in ending:
            self.game.emit("player_control_ends", "722.1", controller=control.controller, player=control.controlled)
        for control in self._controls():
            if control.controlled in self.game.members(unit):
                control.turn = self.game.turn + 1
                self.game.emit("player_controlled", "722.1", controller=control.controller, player=control.controlled)

    def _decided_by(self, decision: Any) -> Player | None:
        decider = self.controller_of_player(decision.player)
        return decider if decider is not decision.player else None
