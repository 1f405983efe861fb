"""Banding (702.22) on the attack: as attackers are declared, creatures with banding and up to
one without are declared in a band (702.22c), all attacking the same player, planeswalker or
battle (702.22d); the band lasts for the rest of combat (702.22e), less any member removed from
combat (702.22f). When a member becomes blocked by a creature, every other member becomes
blocked by that creature (702.22h).

The assignment of combat damage with bands (702.22j–k: the other player chooses how damage is
divided), creatures with banding blocking, "bands with other" (702.22b) and effects that block
(702.22i) raise `NotModelledError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.decisions import Decision, option_name
from kb.engine.errors import NotModelledError
from kb.engine.objects import Card, Zone
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Player

# Above this many ways to form bands, the engine would rather stop than guess.
MAX_BAND_DECLARATIONS = 5000


class BandDeclaration(list):
    """The bands a player declares as they attack (702.22c): a list of bands, each a tuple of
    attacking creatures. A scripted answer gives a list of bands, each a list of cards or names;
    an empty list declares none."""

    def matches(self, answer: Any) -> bool:
        if not isinstance(answer, (list, tuple)) or not all(isinstance(b, (list, tuple)) for b in answer):
            return False
        if len(answer) != len(self):
            return False
        remaining = [list(band) for band in self]
        for given in answer:
            for band in remaining:
                if len(band) == len(given) and _same_members(band, given):
                    remaining.remove(band)
                    break
            else:
                return False
        return not remaining

    def __repr__(self) -> str:
        return "[" + ", ".join("(" + ", ".join(repr(c.name) for c in band) + ")" for band in self) + "]"


def _same_members(band: Sequence[Card], given: Sequence[Any]) -> bool:
    pool = list(band)
    for item in given:
        found = next((c for c in pool if c is item or (isinstance(item, str) and option_name(c) == item)), None)
        if found is None:
            return False
        pool.remove(found)
    return not pool


def _legal_band(members: Sequence[Card]) -> bool:
    """702.22c–d: one or more with banding, at most one without, all attacking the same thing."""
    with_banding = [c for c in members if "Banding" in c.keywords]
    return len(members) >= 2 and bool(with_banding) and len(members) - len(with_banding) <= 1 and len({id(c.attacking) for c in members}) == 1


def band_declarations(attackers: Sequence[Card]) -> list[BandDeclaration]:
    """Every way to declare bands among `attackers`: no band first."""
    declarations = [BandDeclaration()]

    def extend(chosen: list[tuple[Card, ...]], left: list[Card]) -> None:
        if len(declarations) > MAX_BAND_DECLARATIONS:
            raise NotModelledError(f"too many ways to form bands to weigh (over {MAX_BAND_DECLARATIONS})", rules=())
        if not left:
            return
        first, rest = left[0], left[1:]
        extend(chosen, rest)  # `first` in no band
        for size in range(1, len(rest) + 1):
            for others in itertools.combinations(rest, size):
                band = (first, *others)
                if _legal_band(band):
                    declarations.append(BandDeclaration([*chosen, band]))
                    extend([*chosen, band], [c for c in rest if not any(c is o for o in others)])

    extend([], list(attackers))
    return declarations


def declare_bands(game: "Game", player: "Player", attackers: Sequence[Card]) -> None:
    """Rule 702.22c: as `player` declares `attackers`, they may declare bands."""
    if not any("Banding" in c.keywords for c in attackers):
        return
    declarations = band_declarations(attackers)
    if len(declarations) == 1:
        return
    chosen = game.decide(Decision(player, "bands", tuple(declarations), rule="702.22c"))
    for band in chosen:
        game.__dict__.setdefault("_bands", []).append(list(band))
        game.emit("band", "702.22c", player=player, cards=list(band))


def band_of(game: "Game", card: Card) -> list[Card]:
    """The other members of `card`'s band still in combat (702.22e–f); none if it is in none."""
    if card.attacking is None:
        return []
    for band in game.__dict__.get("_bands", ()):
        if any(c is card for c in band):
            return [c for c in band if c is not card and c.attacking is not None and c.zone is Zone.BATTLEFIELD]
    return []


def block_the_band(game: "Game", blocks: Sequence[tuple[Card, Card]]) -> list[tuple[Card, Card]]:
    """Rule 702.22h: the blocks declared, with each other member of a blocked creature's band
    blocked by the same creature too."""
    result = list(blocks)
    for blocker, attacker in blocks:
        for member in band_of(game, attacker):
            if not any(b is blocker and a is member for b, a in result):
                result.append((blocker, member))
    return result


def refuse_banding_damage(attackers: Sequence[Card]) -> None:
    """Rule 702.22k: who divides a blocking creature's damage among a band is not modelled."""
    if len(attackers) > 1 and any("Banding" in a.keywords for a in attackers):
        raise NotModelledError("a creature blocking creatures with banding: the active player dividing its damage (702.22k) is not modelled")
