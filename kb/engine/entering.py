"""Effects that stop a permanent from entering the battlefield ("Lands can't enter the
battlefield"), and what becomes of a permanent spell that can't (608.3e).

A permanent with such a static ability has a definition with ``forbids_entering(game, source,
card)``: whether `card`, with the characteristics it would have on the battlefield (after the
replacement effects that modify how it enters, such as entering as a copy, 614.12), can't enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import Card


def entering_forbidden_by(game: "Game", card: "Card") -> "Card | None":
    """The permanent whose effect says `card` can't enter the battlefield, if there is one."""
    for source in list(game.battlefield):
        forbids = getattr(source.definition, "forbids_entering", None)
        if forbids is not None and not game.abilities_removed(source) and forbids(game, source, card):
            return source
    return None
