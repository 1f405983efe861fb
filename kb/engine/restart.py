"""Restarting the game (rule 726) and bringing cards into it from outside (400.11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.errors import GameOverError, IllegalActionError, NotModelledError
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart
from kb.engine.stack import Spell, Stack
from kb.engine.turns import Step

if TYPE_CHECKING:
    from kb.engine.players import Player


class Restart(GamePart):
    """Rule 726: a restarted game ends with no winner, loser or draw, and the players in it start
    a new game (103) with every card involved in the old one, owned as before (726.2), the
    player who restarted it going first (726.1a). Only a game among individual players with
    no variant is restarted here; others raise `NotModelledError`."""

    def bring_into_game(self, player: "Player", card: Card, zone: Zone = Zone.HAND) -> None:
        """Put a card `player` owns from outside the game into `zone` (400.11): it is then
        involved in the game (726.2)."""
        if not any(card is c for c in player.sideboard):
            raise IllegalActionError(f"{card.name} is not a card {player.name} owns outside the game")
        player.sideboard.remove(card)
        card.zone = None
        self._put_into(card, zone)
        self.game.emit("brought_into_game", "400.11", player=player, card=card)

    def _put_into(self, card: Card, zone: Zone) -> None:
        card.zone = zone
        target = self.game.zones._zone_list(card)
        if target is not None:
            target.append(card)

    def restart(self, by: "Player") -> None:
        """Restart the game (726.1): it ends, and a new one begins with `by` as its starting
        player, each player's cards shuffled into their library and seven drawn (103)."""
        if not type(self.game)._restarts:
            raise NotModelledError(f"restarting a {type(self.game).__name__} game (726) is not modelled")
        if self.game.over:
            raise GameOverError("the game is over")
        players = self.game.players
        cards = self._cards_involved()
        self.game.emit("game_restarts", "726.1", player=by)
        for player in players:
            player.library, player.hand, player.graveyard, player._battlefield = [], [], [], []
        for card in cards:
            if card.zone is Zone.BATTLEFIELD:
                card._leave_battlefield_state()
            # A new object with none of its old status, counters or choices (400.7).
            incarnation, owner = card.incarnation, card.owner_before_restart
            card.__init__(card.printed_definition.name, definition=card.printed_definition)
            card.incarnation = incarnation + 1
            card.owner = card.controller = owner
            card.zone = Zone.LIBRARY
            card.owner.library.append(card)
        self._reset_for_new_game(players)
        self.game.starting_unit = self.game.unit_of(by)
        for player in players:
            self.game.random.shuffle(player.library)
        self.game.start(at=Step.UNTAP, turn=1, opening_hands=True)
        self.game.priority_and_stack._flow_changed = True  # 726.4: whatever was resolving finished with the old game

    def _cards_involved(self) -> list[Card]:
        """Every card in the game (726.2), phased out or on the stack too; tokens and copies of
        spells, which aren't cards, are left behind."""
        found: list[Card] = []
        for player in self.game.players:
            found += player.library + player.hand + player.graveyard
        found += self.game.battlefield + self.game.exile + list(self.game.phased_out)
        found += [o.card for o in self.game.stack if isinstance(o, Spell)]
        cards = []
        for card in dict.fromkeys(found):
            if card.is_token or card.owner is None or card.owner.left_game:
                continue
            card.owner_before_restart = card.owner
            cards.append(card)
        return cards

    def _reset_for_new_game(self, players: list["Player"]) -> None:
        self.game.effects, self.game.replacements, self.game.delayed_triggers = [], [], []
        self.game.battlefield, self.game.exile, self.game.phased_out, self.game.zones.exiled_until = [], [], [], []
        self.game.__dict__.pop("_phasing", None)
        self.game.stack = Stack()
        self.game.turn_effects, self.game.casting.lands_played = [], {}
        self.game.triggers._pending, self.game.turns._extra_phases, self.game.turns._extra_steps = [], [], []
        self.game.player_control._player_controls = []
        self.game.turn, self.game.step, self.game.active_unit, self.game.priority = 0, None, None, None
        self.game.priority_and_stack._resolving = None
        for player in players:
            player._life, player._poison = None, 0
            player.counters = {}
            player.drew_from_empty_library = False
            player.life_gained = player.life_lost = 0
            player.mana_pool.empty()
        self.game._init_life()
