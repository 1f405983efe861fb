"""Waterbend (701.67): "Waterbend [cost]" means "Pay [cost]. For each generic mana in that cost,
you may tap an untapped artifact or creature you control rather than pay that mana." As an
additional cost of a spell ("As an additional cost to cast this spell, waterbend {6}") it is added
to the total cost, and the permanents tapped pay only the generic mana of the waterbend cost,
never the spell's own mana cost (701.67b).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.errors import CannotPayError, IllegalActionError
from kb.engine.mana import ManaCost
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Player

_WATERBEND = re.compile(r"waterbend \{(\d+)\}")


def waterbend_amount(cost: str | None) -> int | None:
    """The generic mana of an additional cost "waterbend {N}", or None if it isn't one."""
    match = _WATERBEND.fullmatch(cost or "")
    return int(match.group(1)) if match else None


def choose_waterbenders(game: "Game", player: "Player", definition: Any, given: Sequence["Card | str"]) -> list["Card"]:
    """The untapped artifacts and creatures `player` controls that will be tapped for the
    waterbend cost: at most one for each generic mana in it (701.67a–b)."""
    amount = waterbend_amount(definition.additional_cost)
    if amount is None:
        if given:
            raise IllegalActionError(f"{definition.name} has no waterbend cost (701.67)")
        return []
    chosen: list["Card"] = []
    for item in given:
        untapped = [c for c in player.battlefield if not c.tapped and ({"Artifact", "Creature"} & set(c.types)) and not any(c is t for t in chosen)]
        chosen.append(game.casting._find(untapped, item, f"the untapped artifacts and creatures {player.name} controls"))
    if len(chosen) > amount:
        raise CannotPayError(f"tapping {len(chosen)} permanents pays more than the {{{amount}}} of the waterbend cost: they can't pay the rest of the cost of {definition.name} (701.67b)")
    return chosen


def pay_generic_by_tapping(total: ManaCost, count: int) -> ManaCost:
    """`total` with `count` of its generic mana paid by tapping permanents."""
    if not count:
        return total
    generic = sum(int(s.text) for s in total.symbols if s.text.isdigit())
    others = "".join(str(s) for s in total.symbols if not s.text.isdigit())
    left = max(0, generic - count)
    return ManaCost(("{%d}" % left if left or not others else "") + others)
