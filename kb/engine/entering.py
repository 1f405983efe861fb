"""Effects that stop a permanent from entering the battlefield ("Lands can't enter the
battlefield"), and what becomes of a permanent spell that can't (608.3e); permanents entering
at the same time, which the effects that modify how one enters can't choose (614.13a).

A permanent with such a static ability has a definition with ``forbids_entering(game, source,
card)``: whether `card`, with the characteristics it would have on the battlefield (after the
replacement effects that modify how it enters, such as entering as a copy, 614.12), can't enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Player


def entering_forbidden_by(game: "Game", card: "Card") -> "Card | None":
    """The permanent whose effect says `card` can't enter the battlefield, if there is one."""
    for source in list(game.battlefield):
        forbids = getattr(source.definition, "forbids_entering", None)
        if forbids is not None and not game.abilities_removed(source) and forbids(game, source, card):
            return source
    return None


def put_onto_battlefield_together(game: "Game", cards: "list[Card]", controller: "Player") -> None:
    """Put `cards` onto the battlefield under `controller`'s control at the same time: while
    each applies the effects that modify how it enters, the others are entering too, and none
    of them can be chosen to change zones by those effects (614.13a)."""
    entering = list(cards)
    game.__dict__["_entering_together"] = entering
    try:
        for card in entering:
            game.put_onto_battlefield(card, controller)
    finally:
        game.__dict__["_entering_together"] = []
    # They entered at one moment, though each has its own timestamp (613.7m): how long each has
    # been on the battlefield is the same (the world rule's tie, 704.5k).
    arrived = [c for c in entering if c.zone is not None and c.zone.value == "battlefield"]
    if arrived:
        moments = game.__dict__.setdefault("_entry_moments", {})
        first = min(c.timestamp for c in arrived)
        for card in arrived:
            moments[id(card)] = (card.incarnation, first)


def entry_moment(game: "Game", card: "Card") -> float:
    """When `card` entered the battlefield: its timestamp, or the first of those of the
    permanents it entered together with."""
    incarnation, moment = game.__dict__.get("_entry_moments", {}).get(id(card), (None, None))
    return moment if incarnation == card.incarnation and moment is not None else card.timestamp


def entering_now(game: "Game") -> "list[Card]":
    """The objects entering the battlefield in the event now happening (614.13a)."""
    return list(game.__dict__.get("_entering_together", ()))


def lands_from_library_top(game: "Game", player: "Player") -> bool:
    """Whether an effect lets `player` play lands from the top of their library: a permanent
    whose definition has ``lets_play_lands_from_library_top(game, source, player)``."""
    for source in game.battlefield:
        lets = getattr(source.definition, "lets_play_lands_from_library_top", None)
        if lets is not None and not game.abilities_removed(source) and lets(game, source, player):
            return True
    return False


def entering_from(game: "Game") -> "tuple[Card, object] | None":
    """The permanent entering the battlefield now and the zone it comes from (614.13c)."""
    return game.__dict__.get("_entering_from")
