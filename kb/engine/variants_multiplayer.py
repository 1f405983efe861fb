"""Multiplayer variants seated around one table with a limited range of influence: Grand Melee
(807) and Emperor (809). Each is a `Game` subclass overriding the hooks its rules change."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.errors import NotModelledError, SetupError
from kb.engine.game import Game
from kb.engine.players import Player, Team, Unit
from kb.engine.turns import Step


def seat_distance(seats: Sequence[Player], first: Player, second: Player) -> int:
    """How many seats apart two players sit around the table, the short way."""
    i, j = seats.index(first), seats.index(second)
    return min((i - j) % len(seats), (j - i) % len(seats))


class GrandMelee(Game):
    """The Grand Melee variant (rule 807): Free-for-All for ten or more players, each with a
    range of influence of 1 (807.2a), in which several players take turns at the same time,
    each turn marker one active player's turn (807.4).

    The number of turn markers and who holds them as the game begins are modelled (807.4a–b);
    simultaneous turns and their several stacks (807.4c–807.5) are not, and starting the game
    raises `NotModelledError`.

    >>> game = GrandMelee(players=[Player(f'P{i}') for i in range(1, 11)])
    >>> game.turn_markers, [p.name for p in game.turn_marker_holders()]
    (2, ['P1', 'P5'])
    """

    def __init__(self, players: Sequence[Player], *, range_of_influence: int | dict[str, int] | None = 1, **options: Any):
        super().__init__(players, range_of_influence=range_of_influence, **options)

    @property
    def turn_markers(self) -> int:
        """Rule 807.4a: one turn marker for each full four players in the game."""
        return len(self.players) // 4

    def turn_marker_holders(self) -> list[Player]:
        """Rule 807.4b: the starting player holds the first marker, the player four seats to their
        left the second, and so on until every marker is handed out."""
        seated = self.players
        start = seated.index(self.starting_unit) if self.starting_unit in seated else 0
        return [seated[(start + 4 * n) % len(seated)] for n in range(self.turn_markers)]

    def start(self, at: Step = Step.UNTAP, *, turn: int = 1, opening_hands: bool = False) -> None:
        raise NotModelledError("simultaneous turns and stacks of Grand Melee (807.4c–807.5) are not modelled")


class Emperor(Game):
    """The Emperor variant (rule 809): teams of three or more players, each seated together
    around one emperor with generals at either side (809.2). Ranges of influence are set so that
    each general begins with one opposing general within range and each emperor with two, and
    no emperor within another's (809.3a, 809.6a); a player may attack only an opponent seated
    immediately next to them (809.3c). A team loses when its emperor loses (809.5b) and wins
    when its emperor wins (809.5a).

    `emperors` names each team's emperor; by default it is the middle player of a team with an
    odd number of players. Teams are seated in the order given, each in its players' order.
    ``range_of_influence`` may set other ranges than those of 809.6a.
    The deploy creatures option (809.3b, 804) is not offered.

    >>> teams = [Team(t, [Player(f'{t}{i}') for i in (1, 2, 3)]) for t in 'AB']
    >>> game = Emperor(teams=teams)
    >>> [(p.name, game.influence_of(p)) for p in game.seats]
    [('A1', 1), ('A2', 2), ('A3', 1), ('B1', 1), ('B2', 2), ('B3', 1)]
    """

    def __init__(self, teams: Sequence[Team], *, emperors: dict[str, str] | None = None, **options: Any):
        self.teams = list(teams)
        if len(self.teams) < 2:
            raise SetupError("the Emperor variant is played by two or more teams (rule 809.1)")
        sizes = {len(t.players) for t in self.teams}
        if len(sizes) != 1 or min(sizes) < 3:
            raise SetupError("Emperor teams have the same number of players, three or more (rules 809.1, 809.6)")
        self.emperors: dict[str, Player] = {}
        for team in self.teams:
            self.emperors[team.name] = self._emperor_of(team, (emperors or {}).get(team.name))
        seats = [p for team in self.teams for p in team.players]
        # 809.3a, 809.6a say what ranges "should" be; a game may agree on others (801.1).
        ranges = options.pop("range_of_influence", None)
        if ranges is None:
            ranges = self.ranges(self.teams, seats, self.emperors)
        super().__init__(seats, range_of_influence=ranges, **options)

    @staticmethod
    def _emperor_of(team: Team, name: str | None) -> Player:
        if name is None:
            if len(team.players) % 2 == 0:
                raise SetupError(f"team {team.name} has an even number of players: name its emperor")
            return team.players[len(team.players) // 2]
        emperor = next((p for p in team.players if p.name == name), None)
        if emperor is None:
            raise SetupError(f"{name} is not on team {team.name}")
        if emperor in (team.players[0], team.players[-1]):
            raise SetupError(f"the emperor sits in the middle of the team, between generals (rule 809.2): not {name}")
        return emperor

    @staticmethod
    def ranges(teams: Sequence[Team], seats: Sequence[Player], emperors: dict[str, Player]) -> dict[str, int]:
        """Rule 809.6a: each general's range is the least that reaches one opposing general,
        each emperor's the least that reaches two; no emperor may begin within another's."""
        rulers = set(map(id, emperors.values()))
        ranges = {}
        for team in teams:
            for player in team.players:
                distances = sorted(
                    seat_distance(seats, player, other) for other in seats if other.team is not team and id(other) not in rulers
                )
                ranges[player.name] = distances[1] if id(player) in rulers else distances[0]
        for emperor in emperors.values():
            for other in emperors.values():
                if other is not emperor and seat_distance(seats, emperor, other) <= ranges[emperor.name]:
                    raise SetupError(f"{other.name} begins within the range of influence of {emperor.name} (rule 809.6a)")
        return ranges

    def __repr__(self) -> str:
        return f"Emperor(teams={self.teams!r})"

    def is_emperor(self, player: Player) -> bool:
        return player.team is not None and self.emperors.get(player.team.name) is player

    def attackable_players(self, player: Player) -> list[Player]:
        """Rule 809.3c: only an opponent seated immediately next to the player (and within
        their range of influence, 801.3)."""
        seated = self.players
        within = super().attackable_players(player)
        return [p for p in within if seat_distance(seated, player, p) == 1]

    def _lose_all(self, losses: list[tuple[Unit, str, str]]) -> None:
        """Rule 809.5b: a team loses the game if its emperor loses."""
        expanded = list(losses)
        for unit, reason, rule in losses:
            if isinstance(unit, Player) and self.is_emperor(unit):
                expanded += [(p, "emperor lost", "809.5b") for p in self.members(unit.team) if p is not unit]
        super()._lose_all(expanded)

    def win(self, player: Player, source: Any = None) -> None:
        """Rule 809.5a: a team wins the game if its emperor wins."""
        if not self.is_emperor(player):
            raise NotModelledError("a general winning the game in the Emperor variant (801.14, 809.5) is not modelled")
        side = player.team
        if not all(self.can_win(p) for p in self.members(side)):
            self.emit("win_prevented", "104.2b", unit=side, by=self.sba._preventer(side, "win"), source=source)
            return
        self.emit("wins", "809.5a", unit=side, source=source)
        for other in [u for u in self.units() if u.team is not side]:
            self.outcome._leave(other, "opponent won", "809.5a")
        self._finish([side])
