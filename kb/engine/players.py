"""Players and teams."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Union

from kb.engine.errors import SetupError
from kb.engine.pool import ManaPool
from kb.engine.objects import _cards, Zone
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.objects import Card


class Player:
    """A player: a name, a life total and poison counters, and their own library, hand and
    graveyard. Zone contents may be given to set up a scenario; ``library`` may be a number of
    basic lands (Wastes). The top of the library is its first card. ``sideboard`` holds cards
    the player owns outside the game.

    >>> Player('Ana')
    Player('Ana')
    """

    def __init__(
        self,
        name: str,
        *,
        life: int | None = None,
        poison: int = 0,
        library: Iterable[Card | str] | int = (),
        hand: Iterable[Card | str] = (),
        battlefield: Iterable[Card | str] = (),
        graveyard: Iterable[Card | str] = (),
        sideboard: Iterable[Card | str] = (),
    ):
        if not name:
            raise SetupError("a player needs a name")
        self.name = name
        self._life = life
        self._poison = poison
        # Counters other than poison (energy, experience, ...), by kind (rule 122.1).
        self.counters: dict[str, int] = {}
        # The mana the player has and hasn't spent (rule 106.4).
        self.mana_pool = ManaPool()
        self.game: Game | None = None
        self.team: Team | None = None
        self.library: list[Card] = _cards(library)
        self.hand: list[Card] = _cards(hand)
        self.graveyard: list[Card] = _cards(graveyard)
        self._battlefield: list[Card] = _cards(battlefield)
        # Cards the player owns outside the game (400.11): what a "wish" may bring in.
        self.sideboard: list[Card] = _cards(sideboard)
        for card in self.sideboard:
            card.owner = card.controller = self
        self.drew_from_empty_library = False
        self.left_game = False
        self.life_gained = 0
        self.life_lost = 0
        for card, zone in itertools.chain(
            ((c, Zone.LIBRARY) for c in self.library),
            ((c, Zone.HAND) for c in self.hand),
            ((c, Zone.GRAVEYARD) for c in self.graveyard),
            ((c, Zone.BATTLEFIELD) for c in self._battlefield),
        ):
            card.owner = card.controller = self
            card.zone = zone

    def __repr__(self) -> str:
        return f"Player({self.name!r})"

    def __str__(self) -> str:
        return self.name

    @property
    def life(self) -> int:
        """The player's life total; in Two-Headed Giant, the team's (rule 810.9a)."""
        if self.game is None:
            return self._life if self._life is not None else 20
        return self.game.life_of(self)

    @property
    def poison(self) -> int:
        if self.game is None:
            return self._poison
        return self.game.poison_of(self)

    @property
    def battlefield(self) -> list[Card]:
        """The permanents this player controls."""
        if self.game is None:
            return list(self._battlefield)
        return [c for c in self.game.battlefield if c.controller is self]

    @property
    def creatures(self) -> list[Card]:
        return [c for c in self.battlefield if c.is_creature]


class Team:
    """A team of players; the first player listed is its primary player (rule 805.2).

    >>> Team('A', [Player('Ana'), Player('Bea')])
    Team('A', [Player('Ana'), Player('Bea')])
    """

    def __init__(self, name: str, players: Sequence[Player], *, life: int | None = None, poison: int = 0):
        if not players:
            raise SetupError(f"team {name!r} has no players")
        self.name = name
        self.players = list(players)
        self.life = life
        self.poison = poison
        self.starting_life: int | None = None
        self.left_game = False
        for player in self.players:
            if player.team is not None:
                raise SetupError(f"{player.name} is already on team {player.team.name}")
            player.team = self

    def __repr__(self) -> str:
        return f"Team({self.name!r}, {self.players!r})"

    def __str__(self) -> str:
        return self.name

    @property
    def primary(self) -> Player:
        return self.players[0]


Unit = Union[Player, Team]
