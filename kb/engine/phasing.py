"""Phasing (702.26): permanents treated as though they don't exist, without changing zones.

A permanent that phases out takes along the Auras, Equipment and Fortifications attached to it,
which phase out "indirectly" and phase in only with it (702.26g-h); one that phased out directly
phases in attached to what it was attached to, if that is still the same object in the same zone
(702.26i). Phasing out removes a creature from combat (702.26b, 506.4). In each player's untap
step, their permanents with phasing phase out while those that phased out under their control
phase in, at the same time (702.26a).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.errors import NotModelledError
from kb.engine.objects import Card, Zone
from kb.engine.players import Player
from kb.engine.protocols import Game


_CARRIED = ("Aura", "Equipment", "Fortification")


def _state(game: "Game") -> dict[int, Any]:
    """Who each phased-out permanent phased out under, and the permanent an indirectly phased
    one phases in with (None when it phased out directly)."""
    return game.__dict__.setdefault("_phasing", {})


def _carried(game: "Game", hosts: Sequence[Card]) -> list[Card]:
    """The Auras, Equipment and Fortifications attached to `hosts`, and to those, and so on."""
    found: list[Card] = []
    frontier = list(hosts)
    while frontier:
        host = frontier.pop()
        for card in game.battlefield:
            if card.attached_to is host and any(k in card.subtypes for k in _CARRIED) and not any(card is f for f in found):
                found.append(card)
                frontier.append(card)
    return found


def _leave_combat(game: "Game", card: Card) -> bool:
    if card.attacking is None and not card.blocking:
        return False
    for other in game.battlefield:
        other.blocked_by = [b for b in other.blocked_by if b is not card]
        other.blocking = [a for a in other.blocking if a is not card]
    card.attacking = None
    card.defending_player = card.attacked_incarnation = None
    card.blocking, card.blocked_by, card.was_blocked = [], [], False
    return True


def phase_out(game: "Game", cards: Sequence[Card]) -> list[Card]:
    """Rules 702.26b, 702.26g-h: `cards` phase out directly, what is attached to them
    indirectly (an object both ways, indirectly only). Returns every permanent that phased out."""
    direct = [c for c in cards if c.zone is Zone.BATTLEFIELD and any(c is b for b in game.battlefield)]
    carried = _carried(game, direct)
    direct = [c for c in direct if not any(c is k for k in carried)]
    state = _state(game)
    for card in direct:
        state[id(card)] = (card.controller, None)
    for card in carried:
        state[id(card)] = (card.controller, card.attached_to)
    going = direct + carried
    left_combat = [c for c in going if _leave_combat(game, c)]
    for card in going:
        game.battlefield.remove(card)
        game.phased_out.append(card)
    if going:
        game.emit("phase_out", "702.26b", cards=going)
    if left_combat:
        game.emit("removed_from_combat", "702.26b", cards=left_combat)
    return going


def phase_in(game: "Game", cards: Sequence[Card]) -> list[Card]:
    """Rules 702.26c, 702.26g, 702.26i: `cards` that phased out directly phase in, each with
    what phased out indirectly along with it; one that phased out indirectly doesn't phase in
    by itself. Returns every permanent that phased in."""
    state = _state(game)
    direct = [c for c in cards if any(c is p for p in game.phased_out) and state.get(id(c), (None, None))[1] is None]
    coming = list(direct)
    frontier = list(direct)
    while frontier:
        host = frontier.pop()
        for card in game.phased_out:
            if state.get(id(card), (None, None))[1] is host and not any(card is c for c in coming):
                coming.append(card)
                frontier.append(card)
    for card in coming:
        game.phased_out.remove(card)
        game.battlefield.append(card)
        state.pop(id(card), None)
    for card in direct:
        attached = card.attached_to
        if attached is None:
            continue
        # 702.26i: still the same object in the same zone, or a player still in the game.
        gone = attached.left_game if isinstance(attached, Player) else (
            attached.zone is not Zone.BATTLEFIELD or attached.incarnation != card.attached_incarnation
        )
        if gone:
            card.attached_to, card.attached_incarnation = None, None
    if coming:
        game.emit("phase_in", "702.26c", cards=coming)
    return coming


def phased_out_under(game: "Game", card: Card) -> Player | None:
    """The player under whose control `card` phased out (702.26a)."""
    return _state(game).get(id(card), (card.controller, None))[0]


def untap_step_phasing(game: "Game", players: Sequence[Player]) -> None:
    """Rule 702.26a: during the untap step of `players`, before they untap, their phased-in
    permanents with phasing phase out and, at the same time, the permanents that phased out
    under their control phase in."""
    ours = [p for p in players]
    phasing = [c for c in game.battlefield if c.controller in ours and "Phasing" in c.keywords]
    returning = [c for c in game.phased_out if phased_out_under(game, c) in ours]
    if any(p.left_game for c in game.phased_out if (p := phased_out_under(game, c)) is not None):
        raise NotModelledError("702.26n: a permanent that phased out under a player who has left the game is not modelled")
    phase_in(game, returning)
    phase_out(game, phasing)


def leave_with_owner(game: "Game", gone: set[int]) -> None:
    """Rule 702.26k: phased-out permanents owned by a player who leaves the game leave too."""
    for card in [c for c in game.phased_out if id(c.owner) in gone]:
        game.phased_out.remove(card)
        _state(game).pop(id(card), None)
        card.zone = None
