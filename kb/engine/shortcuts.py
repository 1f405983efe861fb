"""Shortcuts (731.2): the player with priority proposes a sequence of game choices; each other
player, in turn order, accepts it or shortens it by naming a place where they will choose
differently; then the game advances to the last proposed ending point, and a player whose
choice was shortened away must make a different one there.

The sequences modelled are those of passing: "all players pass priority at every opportunity"
until an ending point in the current turn, with no attackers declared if it crosses the
declare attackers step (the usual "Go"). A place (`Place`) is a turn, a step and the player
who has priority there with an empty stack.

>>> from kb.engine import Game, Player, ScriptedDecisions, Step
>>> from kb.engine.shortcuts import Place, propose_shortcut
>>> ana, bruno = Player('Ana', library=5), Player('Bruno', library=5)
>>> game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Bruno=['accept']))
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> propose_shortcut(game, ana, until=Place(3, Step.END, ana))
Place(3, Step.END, Player('Ana'))
>>> game.step, game.priority
(Step.END, Player('Ana'))

A loop that repeats a specified number of times (731.2a) is proposed with `propose_loop`: the
proposer's activations, then all players passing until the proposer has priority with the stack
empty, repeated, the last time ending just after the proposer's abilities resolve. The engine
takes it one repetition at a time, so it refuses more than `MAX_REPETITIONS`; a player shortening
a loop, shortcuts that cross turns and shortcuts that start with objects on the stack raise
`NotModelledError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kb.engine.decisions import Decision, DecisionMaker
from kb.engine.errors import EngineError, IllegalActionError, NotModelledError
from kb.engine.players import Player
from kb.engine.protocols import Game
from kb.engine.turns import STEPS, Step


# The engine takes a loop shortcut by playing each repetition.
MAX_REPETITIONS = 1000
# Steps in which no player normally receives priority (502.4, 514.3).
_NO_PRIORITY = (Step.UNTAP, Step.CLEANUP)
# Steps skipped when no creatures attack (508.8).
_NEED_ATTACKERS = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)


@dataclass(frozen=True)
class Place:
    """A place in the game where a player has priority (731.2a): `player` holds priority in
    `step` of turn `turn`."""

    turn: int
    step: Step
    player: Player

    def __repr__(self) -> str:
        return f"Place({self.turn}, {self.step!r}, {self.player!r})"


def places_ahead(game: "Game") -> list[Place]:
    """The places, from now to the end of the turn, where each player would receive priority if
    all players passed at every opportunity and no creature attacked: the one who now holds
    priority first."""
    if game.units() != game.players:
        raise NotModelledError("shortcuts with shared team turns are not modelled (731.2)")
    holder = game.priority
    if holder is None:
        raise IllegalActionError("nobody has priority: a shortcut starts from a player with priority (731.2a)")
    if game.stack:
        raise NotModelledError("shortcuts proposed with objects on the stack are not modelled (731.2a)")
    order = game.apnap_order()
    places = [Place(game.turn, game.step, p) for p in order[order.index(holder):]]
    attackers_declared = STEPS.index(game.step) >= STEPS.index(Step.DECLARE_ATTACKERS) and bool(getattr(game, "attackers", None))
    for step in STEPS[STEPS.index(game.step) + 1:]:
        if step in _NO_PRIORITY or (step in _NEED_ATTACKERS and not attackers_declared):
            continue
        places.extend(Place(game.turn, step, p) for p in order)
    return places


def propose_shortcut(game: "Game", player: Player, *, until: Place | None = None) -> Place:
    """Rule 731.2: `player`, who has priority, proposes that all players pass priority at every
    opportunity until `until` (by default the last place of the turn, as with "Go"). Each other
    player in turn order starting after `player` accepts (``"accept"``) or names an earlier place
    where they will choose differently, which becomes the ending point (731.2b). The shortcut is
    then taken (731.2c). Returns the place where it ended."""
    game.priority_and_stack._check_priority(player)
    places = places_ahead(game)
    if until is None:
        until = places[-1]
    if until.turn != game.turn:
        raise NotModelledError("shortcuts that cross turns are not modelled (731.2a)")
    if until not in places[1:]:
        raise IllegalActionError(f"{until!r} is not a place ahead in this turn where that player would have priority (731.2a)")
    original = until
    game.emit("shortcut_proposed", "731.2a", player=player, step=until.step, holder=until.player, turn=until.turn)
    seats = game.apnap_order()
    start = seats.index(player)
    for other in seats[start + 1:] + seats[:start]:
        theirs = tuple(p for p in places[1:places.index(until)] if p.player is other)
        answer = game.decide(Decision(other, "shortcut", ("accept",) + theirs, rule="731.2b", context={"proposer": player}))
        if answer != "accept":
            until = answer
            game.emit("shortcut_shortened", "731.2b", player=other, step=until.step, holder=until.player, turn=until.turn)
    _take(game, until)
    game.emit("shortcut_taken", "731.2c", step=until.step, holder=until.player, turn=until.turn)
    if until != original:
        # 731.2c: the player now holding priority must not do what the proposal had them do: pass.
        game.shortcut_obligation = (until.player, len(game.events))
    return until


class _NoAttackers(DecisionMaker):
    """The proposal's choices for turn-based actions: no attackers; any other decision is the
    players' own, as the sequence predicted."""

    def __init__(self, players: DecisionMaker) -> None:
        self.players = players

    def decide(self, game: "Game", decision: Decision) -> Any:
        if decision.kind == "attackers":
            return []
        return self.players.decide(game, decision)


def _take(game: "Game", until: Place) -> None:
    """Rule 731.2c: the game advances to the ending point, every player passing."""
    maker = game.decision_maker
    game.decision_maker = _NoAttackers(maker)
    try:
        for _ in range(10_000):
            if game.over:
                return
            if game.turn == until.turn and game.step is until.step and game.priority is until.player and not game.stack:
                return
            if game.turn > until.turn or STEPS.index(game.step) > STEPS.index(until.step) and game.turn == until.turn:
                raise EngineError(f"the shortcut passed its ending point {until!r}")
            game.pass_priority()
    finally:
        game.decision_maker = maker
    raise EngineError(f"the shortcut did not reach {until!r}")


def check_shortcut_obligation(game: "Game", player: Player) -> None:
    """Rule 731.2c: after a shortened shortcut, the player who has priority must make a game
    choice other than the one proposed for them (passing) before they may pass."""
    obligation = getattr(game, "shortcut_obligation", None)
    if obligation is None:
        return
    bound, mark = obligation
    if len(game.events) != mark:
        game.shortcut_obligation = None  # they have done something else
        return
    if player is bound:
        raise IllegalActionError(f"{player.name} shortened the shortcut here: they must make a different game choice than passing (731.2c)")


def propose_loop(game: "Game", player: Player, activations: Sequence[tuple[Any, int]], times: int) -> int:
    """Rule 731.2a: `player`, who has priority, proposes to repeat `times` times the sequence of
    activating the abilities in `activations` ((permanent, ability number) pairs, no targets),
    all players passing priority until each resolves and the abilities they trigger resolve,
    until `player` has priority again; the last repetition ends just after the last of
    `player`'s abilities resolves. Each other player, in turn order, accepts (731.2b); the loop
    is then taken (731.2c). Returns the number of repetitions taken."""
    game.priority_and_stack._check_priority(player)
    if game.stack:
        raise NotModelledError("shortcuts proposed with objects on the stack are not modelled (731.2a)")
    if times < 1:
        raise IllegalActionError("a loop is repeated at least once (731.2a)")
    if times > MAX_REPETITIONS:
        raise NotModelledError(f"the engine takes a loop shortcut one repetition at a time: {times} repetitions are more than it takes ({MAX_REPETITIONS})", rules=())
    game.emit("loop_proposed", "731.2a", player=player, count=times)
    seats = game.apnap_order()
    start = seats.index(player)
    for other in seats[start + 1:] + seats[:start]:
        answer = game.decide(Decision(other, "loop_shortcut", ("accept", "shorten"), rule="731.2b", context={"proposer": player}))
        if answer != "accept":
            raise NotModelledError("shortening a loop shortcut, naming the place of a different choice (731.2b), is not modelled")
    for repetition in range(1, times + 1):
        mine = [game.activate(player, permanent, index) for permanent, index in activations]
        last = repetition == times
        for _ in range(10_000):
            if game.over:
                return repetition
            pending = any(any(o is a for o in game.stack) for a in mine)
            if not pending and game.priority is player and (last or not game.stack):
                break
            game.pass_priority()
        else:
            raise EngineError("a repetition of the loop did not come back to its proposer")
    game.emit("loop_taken", "731.2c", player=player, count=times)
    return times
