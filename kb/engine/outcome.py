"""Winning, losing, conceding and leaving the game (rules 104, 800.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.errors import GameOverError, IllegalActionError
from kb.engine.players import Player, Team

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Unit


class OutcomeMixin:
    """Winning, losing, conceding and leaving the game (rules 104, 800.4)."""

    # ----- winning and losing

    def lose(self, player: Player, reason: str = "effect", rule: str = "104.3") -> None:
        """`player` loses the game (if an effect doesn't say they can't)."""
        unit = self.unit_of(player)
        if not self.sba._unit_can_lose(unit, reason):
            self.emit("loss_prevented", rule, unit=unit, reason=reason, by=self.sba._preventer(unit, "lose", reason))
            return
        self._lose_all([(unit, reason, rule)])

    def concede(self, player: Player) -> None:
        """Rule 104.3a: a player may concede at any time; they leave the game and lose. With
        shared team turns, their team does (810.8b)."""
        if self.over:
            raise GameOverError("the game is over")
        if player.left_game or player.game is not self:
            raise IllegalActionError(f"{player.name} is not in this game")
        unit = self.unit_of(player)
        self.emit("concedes", "104.3a", player=player)
        self._lose_all([(unit, "concession", "104.3a")])
        if not self.over and self.priority is unit:
            self.priority_and_stack._give_priority(unit)

    def win(self, player: Player, source: Card | None = None) -> None:
        """`player` (and their team) wins the game unless an effect says they can't (104.2b)."""
        unit = self.unit_of(player)
        if not all(self.can_win(p) for p in self.members(unit)):
            self.emit("win_prevented", "104.2b", unit=unit, by=self.sba._preventer(unit, "win"), source=source)
            return
        if self.range_of_influence is not None and isinstance(unit, Player):
            beaten = self.affected_opponents(player)
            self.emit("win_in_range", "801.14", unit=unit, losers=beaten, source=source)
            self._lose_all([(self.unit_of(o), "opponent won", "801.14") for o in beaten])
            return
        side = self._side(unit)
        self.emit("wins", "104.2b", unit=side, source=source)
        others = [u for u in self.units() if self._side(u) is not side]
        for other in others:
            self._leave(other, "opponent won", "104.2b")
        self._finish([side])

    def _side(self, unit: Unit) -> Unit:
        """Who wins together: a player's team when players on a team take their own turns."""
        if isinstance(unit, Player) and unit.team is not None:
            return unit.team
        return unit

    def _replace_loss(self, unit: Unit, reasons: list[str]) -> bool:
        found = self._replacers.get(id(unit)) or self.sba._find_loss_replacer(unit)
        if found is None:
            return False
        card, player = found
        self.emit("loss_replaced", "614.1a", unit=unit, reasons=reasons, card=card)
        card.definition.replace_loss(self, card, player)
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
            self.emit("loses", rule, unit=unit, reason=reason)
        if not seen:
            return
        for unit in seen:
            self._leave(unit, "lost", None)
        remaining = self.units()
        sides = list(dict.fromkeys(self._side(u) for u in remaining))
        if not remaining:
            self.draw_game = True
            self.emit("game_drawn", "104.4a")
            self._finish([])
        elif len(sides) == 1:
            winner = sides[0]
            if all(self.can_win(p) for p in self.members(winner)):
                self.emit("wins", "104.2a", unit=winner, source=None)
                self._finish([winner])
            else:
                self.emit("win_prevented", "104.2a", unit=winner, by=self.sba._preventer(winner, "win"), source=None)

    def _leave(self, unit: Unit, why: str, rule: str | None) -> None:
        if unit in self.losers:
            return
        self.losers.append(unit)
        for player in self.members(unit):
            player.left_game = True
        if isinstance(unit, Team):
            unit.left_game = True
        if len(self.units()) >= 2 or not self.units():
            self._remove_objects_of(unit)

    def _remove_objects_of(self, unit: Unit) -> None:
        """Rule 800.4a: when a player leaves a multiplayer game, the objects they own leave too."""
        gone = set(map(id, self.members(unit)))
        for card in [c for c in self.battlefield if id(c.owner) in gone]:
            self.battlefield.remove(card)
            card.zone = None
        # Then effects that give them control of objects end, and what they still control is
        # exiled (800.4a).
        ending = [e for e in self.effects if e.gives_control_to is not None and id(e.gives_control_to) in gone]
        for effect in ending:
            self.end_effect(effect)
        for obj in [o for o in self.stack if id(o.controller) in gone]:
            self.stack.remove(obj)
        self._pending = [a for a in self._pending if id(a.controller) not in gone]
        still = [c for c in self.battlefield if id(c.controller) in gone]
        if still:
            self.exile_cards(still, rule="800.4a")

    def _finish(self, winners: list[Unit]) -> None:
        self.winners = winners
        self.over = True
        self.priority = None
        self.emit("game_over", "104.1", winners=winners)
