"""Variants of the game, each a `Game` subclass that overrides the hooks its rules change:
the shared team turns option (805), Two-Headed Giant (810) and Vanguard (902)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.game import (
    CannotPayError,
    Card,
    ChoiceRequest,
    Decision,
    DecisionMaker,
    Game,
    Player,
    SetupError,
    Team,
    TriggeredAbility,
    Unit,
)


class SharedTeamTurns(Game):
    """The shared team turns option (rule 805): teams take turns and hold priority; each team
    sits together, in the order given."""

    def __init__(
        self,
        teams: Sequence[Team],
        *,
        starting_team: Team | None = None,
        decisions: DecisionMaker | None = None,
        seed: int = 0,
    ):
        self.teams = list(teams)
        if len(self.teams) < 2:
            raise SetupError("a game with shared team turns needs at least two teams")
        names = [t.name for t in self.teams]
        if len(set(names)) != len(names):
            raise SetupError("two teams share a name")
        players = [p for team in self.teams for p in team.players]
        super().__init__(players, starting_player=(starting_team or self.teams[0]).primary, decisions=decisions, seed=seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(teams={self.teams!r})"

    def units(self) -> list[Unit]:
        return [t for t in self.teams if not t.left_game]

    def unit_of(self, player: Player) -> Unit:
        return player.team

    @property
    def active_team(self) -> Team | None:
        return self.active_unit

    def team_of(self, player: Player) -> Team:
        return player.team

    def _choice_groups(self) -> list[list[Player]]:
        """Rule 805.6: the active team's players, then each nonactive team's in turn order."""
        return [self.members(team) for team in self.turn_order_from(self.active_unit or self.starting_unit)]

    def _order_within(self, group: list[Player], waiting: list[Player]) -> list[Player]:
        """Rule 805.6: a team's players make their choices in whatever order they like; the
        team decides when its turn to choose comes."""
        if len(waiting) < 2:
            return waiting
        team = waiting[0].team
        return self.decide(Decision(team.primary, "order_players", tuple(waiting), order=True, rule="805.6", team=team))

    def _drawing_order(self, players: list[Player]) -> list[Player]:
        """Rule 805.6a: the active team's players draw in whatever order that team likes."""
        if len(players) > 1:
            team = players[0].team
            return self.decide(Decision(team.primary, "order_players", tuple(players), order=True, rule="805.6a", team=team))
        return players

    def _trigger_groups(self, pending: list[TriggeredAbility]) -> list[tuple[list[TriggeredAbility], Player, Team | None]]:
        """Rule 805.7: each team, in APNAP order, puts all the triggered abilities its members
        control on the stack in any order it chooses."""
        groups = []
        for team in self.turn_order_from(self.active_unit or self.starting_unit):
            mine = [a for a in pending if a.controller.team is team]
            if mine:
                groups.append((mine, team.primary, team))
        return groups

    def first_turn_skips_draw(self, unit: Unit) -> bool:
        return False


class TwoHeadedGiant(SharedTeamTurns):
    """The Two-Headed Giant variant (rule 810): two teams of equal size, a shared life total and
    shared poison counters; teams win and lose together.

    >>> ana, bea, carlos, dani = Player('Ana'), Player('Bea'), Player('Carlos'), Player('Dani')
    >>> game = TwoHeadedGiant(teams=[Team('A', [ana, bea]), Team('B', [carlos, dani])])
    >>> game.teams[0].life, game.poison_threshold(ana)
    (30, 15)
    """

    def __init__(self, teams: Sequence[Team], **options: Any):
        teams = list(teams)
        if len(teams) != 2:
            raise SetupError("Two-Headed Giant is played by two teams (rule 810.1)")
        sizes = {len(t.players) for t in teams}
        if len(sizes) != 1 or min(sizes) < 2:
            raise SetupError("Two-Headed Giant teams have the same number of players, two or more (810.1, 810.11)")
        super().__init__(teams, **options)

    def _init_life(self) -> None:
        for team in self.teams:
            team.starting_life = self.team_starting_life(team)
            if team.life is None:
                team.life = team.starting_life

    def team_starting_life(self, team: Team) -> int:
        """Rules 810.4 and 810.11: 30, plus 15 for each player beyond the second."""
        return 30 + 15 * (len(team.players) - 2)

    def starting_life(self, player: Player) -> int:
        return self.team_starting_life(player.team)

    def life_of(self, player: Player) -> int:
        """Rule 810.9a: an individual player's life total is the team's."""
        return player.team.life

    def _adjust_life(self, player: Player, delta: int) -> None:
        """Rule 810.9: it happens to the player; the result is applied to the team's total."""
        player.team.life += delta

    def _life_unit(self, player: Player) -> Unit:
        return player.team

    def _poison_unit(self, player: Player) -> Unit:
        return player.team

    def poison_of(self, player: Player) -> int:
        """Rule 810.10a: a player has as many poison counters as their team."""
        return player.team.poison

    def _adjust_poison(self, player: Player, delta: int) -> None:
        """Rules 810.10 and 810.10b: poison counters are shared by the team."""
        player.team.poison += delta

    def poison_threshold(self, player: Player) -> int:
        """Rules 810.8d and 810.11: fifteen, plus five for each player beyond the second."""
        return 15 + 5 * (len(player.team.players) - 2)

    def first_turn_skips_draw(self, unit: Unit) -> bool:
        """Rules 103.8b and 810.6: the team who plays first skips its first draw step."""
        return unit is self.starting_unit

    def _skip_draw_rule(self) -> str:
        return "810.6"

    def forbidden(self, player: Player, action: str) -> bool:
        """Rules 810.8a, 810.9g, 810.9h, 810.10c: an effect that says a player can't win, lose,
        gain life, lose life or get poison counters applies to the whole team."""
        return any(Game.forbidden(self, member, action) for member in player.team.players)

    def state_based_losses(self) -> list[tuple[Unit, str, str]]:
        """Rules 704.6a and 704.6b replace 704.5a and 704.5c; a player who drew from an empty
        library loses, and so their team loses (810.8a)."""
        losses = []
        for team in self.units():
            if team.life <= 0:
                losses.append((team, "life", "704.6a"))
            if any(p.drew_from_empty_library for p in team.players):
                losses.append((team, "draw", "704.5b"))
            if team.poison >= self.poison_threshold(team.players[0]):
                losses.append((team, "poison", "704.6b"))
        return losses

    def pay_life_together(self, payments: dict[Player, int]) -> None:
        """Rule 810.9b: teammates paying life at the same time pay no more than their team's
        life total between them."""
        by_team: dict[int, int] = {}
        for player, amount in payments.items():
            by_team[id(player.team)] = by_team.get(id(player.team), 0) + amount
        for player, amount in payments.items():
            total = by_team[id(player.team)]
            if total > player.team.life and total > 0:
                raise CannotPayError(
                    f"team {player.team.name} can't pay {total} life with a life total of {player.team.life} (810.9b)"
                )
        super().pay_life_together(payments)

    def set_each_life(self, value: int, source: Card | None = None) -> None:
        """Rule 810.9d: each team chooses one of its members; only that player is affected."""
        requests = [
            ChoiceRequest(Decision(team.primary, "choose_member", tuple(self.members(team)), rule="810.9d", team=team))
            for team in self.turn_order_from(self.active_unit or self.starting_unit)
        ]
        answers = self.choose_simultaneously(requests)
        for request in requests:
            self.set_life(answers[id(request)], value)

    def exchange_life(self, first: Player, second: Player) -> bool:
        """Rule 810.9e: teammates can't exchange life totals; the exchange doesn't happen."""
        if first.team is second.team:
            self.emit("no_exchange", "810.9e", first=first, second=second)
            return False
        return super().exchange_life(first, second)

    def summary(self) -> dict[str, Any]:
        data = super().summary()
        data["teams"] = {
            t.name: {"life": t.life, "poison": t.poison, "players": [p.name for p in t.players]}
            for t in self.teams
        }
        return data


class AlternatingTeams(Game):
    """The Alternating Teams variant (rule 811): two or more teams of equal size, seated so that
    no one sits next to a teammate and each team is equally spaced out (811.3). Each player takes
    their own turn; teammates win together. The recommended range of influence, 2, is the
    default (811.2a); a player may attack only the opponents seated next to them (811.4)."""

    def __init__(self, teams: Sequence[Team], *, range_of_influence: int | dict[str, int] | None = 2, **options: Any):
        self.teams = list(teams)
        if len(self.teams) < 2:
            raise SetupError("Alternating Teams is played by two or more teams (rule 811.1)")
        if len({len(t.players) for t in self.teams}) != 1:
            raise SetupError("Alternating Teams teams have the same number of players (rule 811.1)")
        super().__init__(self.seating(self.teams), range_of_influence=range_of_influence, **options)

    @staticmethod
    def seating(teams: Sequence[Team]) -> list[Player]:
        """Rule 811.3: the first player of each team, then the second of each, and so on."""
        size = len(teams[0].players)
        return [team.players[i] for i in range(size) for team in teams]

    def __repr__(self) -> str:
        return f"AlternatingTeams(teams={self.teams!r})"

    def attackable_players(self, player: Player) -> list[Player]:
        """Rule 811.4: only the opponents seated next to the player."""
        seated = self.players
        i = seated.index(player)
        neighbours = {id(seated[(i - 1) % len(seated)]), id(seated[(i + 1) % len(seated)])}
        return [p for p in self.opponents(player) if id(p) in neighbours]


class VanguardCard:
    """A vanguard card's modifiers (rule 902.2): hand and life.

    >>> VanguardCard(hand=+2, life=-3)
    VanguardCard(hand=+2, life=-3)
    """

    def __init__(self, *, hand: int = 0, life: int = 0):
        self.hand = hand
        self.life = life

    def __repr__(self) -> str:
        return f"VanguardCard(hand={self.hand:+d}, life={self.life:+d})"


class Vanguard(Game):
    """The Vanguard variant (rule 902): each player's vanguard card modifies their starting life
    total, starting hand size and maximum hand size."""

    def __init__(self, players: Sequence[Player], *, vanguards: dict[str, VanguardCard], **options: Any):
        self.vanguards = dict(vanguards)
        names = {p.name for p in players}
        unknown = sorted(set(self.vanguards) - names)
        if unknown:
            raise SetupError(f"a vanguard card is given for {unknown[0]!r}, who is not playing")
        missing = sorted(names - set(self.vanguards))
        if missing:
            raise SetupError(f"{missing[0]} has no vanguard card (rule 902.2)")
        super().__init__(players, **options)

    def __repr__(self) -> str:
        return f"Vanguard(players={self.seats!r}, vanguards={self.vanguards!r})"

    def starting_life(self, player: Player) -> int:
        """Rules 103.4b and 902.4: 20 plus or minus the life modifier."""
        return 20 + self.vanguards[player.name].life

    def starting_hand_size(self, player: Player) -> int:
        """Rules 103.5a and 902.5a: seven plus or minus the hand modifier."""
        return 7 + self.vanguards[player.name].hand

    def max_hand_size(self, player: Player) -> int:
        """Rule 902.5b: the hand modifier also changes the maximum hand size."""
        return 7 + self.vanguards[player.name].hand
