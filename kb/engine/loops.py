"""Fragmented loops (731.3): each player involved performs an independent action, and the same
game state is reached again. Then the active player (or, if the active player is not involved,
the first player in turn order who is) must make a different game choice so the loop does not
continue.

The actions watched are activations of activated abilities (602): each is recorded with the game
state in which it was taken (`game_state`). When a player would activate the same ability from a
game state the game has been in before, and the actions taken since then were taken by two or
more players, the player rule 731.3 names can't take it again.

A loop of mandatory actions (731.4, 104.4b) is watched too: when all players pass and the top
of the stack resolves, the game state that follows is recorded; when it recurs with no player
having taken an action or made an optional choice since, the loop contains only mandatory
actions and the game is a draw. No player is made to take an action that would end it, such as
sacrificing a permanent for its ability (731.5): passing stays legal, as always.

Loops made of casting spells, loops in games with limited range of influence (104.4f) and the
"[A] unless [B]" loops of 731.6 are not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.errors import IllegalActionError, NotModelledError
from kb.engine.objects import Card, Zone
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Player


@dataclass(frozen=True)
class LoopAction:
    """One watched action: who took it, which ability (its object and number), and the game
    state it was taken in."""

    player: "Player"
    ability: tuple[int, int, int]
    state: tuple


def _object_state(game: "Game", card: Card) -> tuple:
    chars = game.characteristics(card) if card.zone is Zone.BATTLEFIELD else None
    keywords = tuple(sorted(chars.keywords)) if chars is not None else tuple(sorted(card.keywords))
    attached = getattr(card, "attached_to", None)
    return (
        id(card), card.incarnation, card.name, card.controller.name if card.controller else None,
        card.tapped, tuple(sorted(card.counters.items())), card.damage, card.power, card.toughness,
        keywords, tuple(card.types), id(attached) if attached is not None else None,
    )


def game_state(game: "Game") -> tuple:
    """What the game looks like now, for telling whether it has been here before: the turn, step
    and priority, each player's life, counters, mana and cards, the stack, the shields and
    delayed triggers waiting, and each permanent's characteristics and status. The continuous effects that make them so are not part of it (731.3's example:
    gaining and then losing flying returns the game to the same state)."""
    players = tuple(
        (
            p.name, game.life_of(p), game.poison_of(p), tuple(sorted(p.counters.items())), str(p.mana_pool), p.left_game,
            tuple(id(c) for c in p.hand), tuple(id(c) for c in p.library), tuple(id(c) for c in p.graveyard),
        )
        for p in game.seats
    )
    # What is left of prevention shields and other effects waiting for their event.
    waiting = (tuple((id(r), r.shield) for r in game.replacements), tuple(id(d) for d in game.delayed_triggers))
    stack = tuple((type(o).__name__, id(getattr(o, "source", None) or getattr(o, "card", None))) for o in game.stack)
    holder = game.priority.name if game.priority is not None else None
    return (
        game.turn, game.step, holder, players, stack, waiting,
        tuple(_object_state(game, c) for c in game.battlefield), tuple(id(c) for c in game.exile),
    )


def check_activation(game: "Game", player: "Player", card: Card, index: int) -> tuple:
    """Rule 731.3: refuse the activation if it would continue a fragmented loop that `player`
    must break. Returns the game state it is taken in, for `record_activation`."""
    history: list[LoopAction] = game.__dict__.get("_loop_actions", [])
    state = game_state(game)
    ability = (id(card), card.incarnation, index)
    for start in range(len(history) - 1, -1, -1):
        if history[start].state != state:
            continue
        since = history[start:]
        involved = [p for p in game.apnap_order() if any(a.player is p for a in since)]
        if len(involved) < 2:
            break  # one player's own repetition is not a fragmented loop
        breaker = game.active_player if game.active_player in involved else involved[0]
        if player is breaker and history[start].player is player and history[start].ability == ability:
            raise IllegalActionError(
                f"the game has returned to a state it was in before through the actions of {' and '.join(p.name for p in involved)}: "
                f"{player.name} must make a different game choice than activating that ability again (731.3)"
            )
        break
    return state


def record_activation(game: "Game", player: "Player", card: Card, index: int, state: tuple) -> None:
    """Remember an activation that was taken, with the game state it was taken in."""
    game.__dict__.setdefault("_loop_actions", []).append(LoopAction(player, (id(card), card.incarnation, index), state))


# Events that are a player's own action or optional choice: a loop containing one isn't made
# only of mandatory actions (104.4b).
_VOLUNTARY = ("cast", "activate", "play_land", "cycle", "concedes")


def _optional(decision: Any) -> bool:
    """A "may" choice, which a loop of mandatory actions doesn't contain (104.4b); ordering
    triggered abilities or choosing their targets is part of mandatory actions."""
    return not decision.forced and (decision.kind.startswith("may") or any(o is False for o in decision.options))


def note_resolution(game: "Game") -> None:
    """Rule 731.4: after all players passed and the top of the stack resolved, record the state;
    if the game has been in it since the last voluntary action or choice, the game is a draw."""
    memory = game.__dict__.setdefault("_mandatory", {"seen": [], "index": 0})
    for event in game.events[memory["index"]:]:
        if event.kind in _VOLUNTARY or (event.kind == "decision" and _optional(event["decision"])):
            memory["seen"] = []
    memory["index"] = len(game.events)
    if game.over or not game.stack:
        memory["seen"] = []
        return
    state = game_state(game)
    if state not in memory["seen"]:
        memory["seen"].append(state)
        return
    if game.range_of_influence is not None:
        raise NotModelledError("a loop of mandatory actions with limited range of influence (104.4f) is not modelled")
    game.emit("mandatory_loop", "731.4")
    game.draw_game = True
    game.emit("game_drawn", "104.4b")
    game._finish([])


def loop_actions(game: "Game") -> list[LoopAction]:
    """The watched actions so far."""
    return list(game.__dict__.get("_loop_actions", []))
