"""Winning, losing, conceding and leaving the game (rules 104, 800.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.errors import GameOverError, IllegalActionError
from kb.engine.part import GamePart
from kb.engine.phasing import leave_with_owner
from kb.engine.players import Player, Team

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Unit


class Outcome(GamePart):
    """Winning, losing, conceding and leaving the game (rules 104, 800.4)."""

    # ----- winning and losing

    def lose(self, player: Player, reason: str = "effect", rule: str = "104.3") -> None:
        """`player` loses the game (if an effect doesn't say they can't)."""
        unit = self.game.unit_of(player)
        if not self.game.sba._unit_can_lose(unit, reason):
            self.game.emit("loss_prevented", rule, unit=unit, reason=reason, by=self.game.sba._preventer(unit, "lose", reason))
            return
        self.game._lose_all([(unit, reason, rule)])

    def concede(self, player: Player) -> None:
        """Rule 104.3a: a player may concede at any time; they leave the game and lose. With
        shared team turns, their team does (810.8b)."""
        if self.game.over:
            raise GameOverError("the game is over")
        if player.left_game or player.game is not self.game:
            raise IllegalActionError(f"{player.name} is not in this game")
        unit = self.game.unit_of(player)
        self.game.emit("concedes", "104.3a", player=player)
        self.game._lose_all([(unit, "concession", "104.3a")])
        if not self.game.over and self.game.priority is unit:
            self.game.priority_and_stack._give_priority(unit)

    def win(self, player: Player, source: Card | None = None) -> None:
        """`player` (and their team) wins the game unless an effect says they can't (104.2b)."""
        unit = self.game.unit_of(player)
        if not all(self.game.can_win(p) for p in self.game.members(unit)):
            self.game.emit("win_prevented", "104.2b", unit=unit, by=self.game.sba._preventer(unit, "win"), source=source)
            return
        if self.game.range_of_influence is not None and isinstance(unit, Player):
            beaten = self.game.affected_opponents(player)
            self.game.emit("win_in_range", "801.14", unit=unit, losers=beaten, source=source)
            self.game._lose_all([(self.game.unit_of(o), "opponent won", "801.14") for o in beaten])
            return
        side = self._side(unit)
        self.game.emit("wins", "104.2b", unit=side, source=source)
        others = [u for u in self.game.units() if self._side(u) is not side]
        for other in others:
            self._leave(other, "opponent won", "104.2b")
        self._finish([side])

    def _side(self, unit: Unit) -> Unit:
        """Who wins together: a player's team when players on a team take their own turns."""
        if isinstance(unit, Player) and unit.team is not None:
            return unit.team
        return unit

    def _replace_loss(self, unit: Unit, reasons: list[str]) -> bool:
        found = self.game.sba._replacers.get(id(unit)) or self.game.sba._find_loss_replacer(unit)
        if found is None:
            return False
        card, player = found
        self.game.emit("loss_replaced", "614.1a", unit=unit, reasons=reasons, card=card)
        card.definition.replace_loss(self.game, card, player)
        return True

    def _lose_all(self, losses: list[tuple[Unit, str, str]]) -> None:
        handled: list[Unit] = []
        seen: list[Unit] = []
        for unit, reason, rule in losses:
            if unit in handled:
                continue
            handled.append(unit)
            if reason != "concession" and self._replace_loss(unit, [r for u, r, _ in losses if u is unit]):
                continue
            seen.append(unit)
            self.game.emit("loses", rule, unit=unit, reason=reason)
        if not seen:
            return
        for unit in seen:
            self._leave(unit, "lost", None)
        remaining = self.game.units()
        sides = list(dict.fromkeys(self._side(u) for u in remaining))
        if not remaining:
            self.game.draw_game = True
            self.game.emit("game_drawn", "104.4a")
            self._finish([])
        elif len(sides) == 1:
            winner = sides[0]
            if all(self.game.can_win(p) for p in self.game.members(winner)):
                self.game.emit("wins", "104.2a", unit=winner, source=None)
                self._finish([winner])
            else:
                self.game.emit("win_prevented", "104.2a", unit=winner, by=self.game.sba._preventer(winner, "win"), source=None)

    def _leave(self, unit: Unit, why: str, rule: str | None) -> None:
        if unit in self.game.losers:
            return
        self.game.losers.append(unit)
        for player in self.game.members(unit):
            player.left_game = True
        if isinstance(unit, Team):
            unit.left_game = True
        if len(self.game.units()) >= 2 or not self.game.units():
            self._remove_objects_of(unit)

    def _remove_objects_of(self, unit: Unit) -> None:
        """Rule 800.4a: when a player leaves a multiplayer game, the objects they own leave too."""
        gone = set(map(id, self.game.members(unit)))
        for card in [c for c in self.game.battlefield if id(c.owner) in gone]:
            self.game.battlefield.remove(card)
            card.zone = None
        leave_with_owner(self.game, gone)  # 702.26k
        # Then effects that give them control of objects end, and what they still control is
        # exiled (800.4a).
        ending = [e for e in self.game.effects if e.gives_control_to is not None and id(e.gives_control_to) in gone]
        for effect in ending:
            self.game.end_effect(effect)
        for obj in [o for o in self.game.stack if id(o.controller) in gone]:
            self.game.stack.remove(obj)
        self.game.triggers._pending = [a for a in self.game.triggers._pending if id(a.controller) not in gone]
        still = [c for c in self.game.battlefield if id(c.controller) in gone]
        if still:
            self.game.exile_cards(still, rule="800.4a")

    def _finish(self, winners: list[Unit]) -> None:
        self.game.winners = winners
        self.game.over = True
        self.game.priority = None
        self.game.emit("game_over", "104.1", winners=winners)
