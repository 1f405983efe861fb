"""The mana in a pool: its types, mana and the restrictions on spending it, a player's pool, and
the ways mana from a pool pays a cost (rules 106, 305.6, 601.2h, 702.51a)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kb.engine.errors import NotModelledError
from kb.engine.mana import COLORS, ManaCost
from kb.engine.objects import Card

# Rule 106.1b: the six types of mana, in the order white, blue, black, red, green, colorless.
MANA_TYPES = COLORS + ("C",)

# Rule 305.6: the mana each basic land type's intrinsic ability adds.
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True)
class ManaUse:
    """What mana is being spent on: casting a spell (``kind="cast"``) or activating an ability
    (``kind="activate"``) of `card`."""

    kind: str
    card: Card


@dataclass(frozen=True)
class ManaRestriction:
    """A restriction on how mana can be spent (rule 106.6): its text and a test of a `ManaUse`."""

    text: str
    allows: Callable[[ManaUse], bool] = field(compare=False)

    def __repr__(self) -> str:
        return f"ManaRestriction({self.text!r})"


ONLY_CREATURE_SPELLS = ManaRestriction(
    "spend this mana only to cast creature spells",
    lambda use: use.kind == "cast" and use.card.is_creature,
)


@dataclass(frozen=True)
class Mana:
    """One mana in a pool: its type (``W U B R G C``), the object that produced it, and any
    restriction on spending it (106.6), which doesn't change its type."""

    type: str
    source: Any = field(default=None, compare=False)
    restriction: ManaRestriction | None = None

    def __str__(self) -> str:
        return "{%s}" % self.type

    def __repr__(self) -> str:
        extra = f", restriction={self.restriction!r}" if self.restriction is not None else ""
        return f"Mana({self.type!r}{extra})"

    def can_pay_for(self, use: ManaUse | None) -> bool:
        return self.restriction is None or (use is not None and self.restriction.allows(use))


def mana_order(mana: Mana) -> tuple[int, int]:
    """Where `mana` comes in a pool shown or listed: by type in the order of 106.1b, restricted
    mana after the rest of its type."""
    return (MANA_TYPES.index(mana.type), mana.restriction is not None)


class ManaPool:
    """A player's mana pool (rule 106.4): the mana they have and haven't spent, which empties at
    the end of each step and phase.

    >>> pool = ManaPool()
    >>> pool.add([Mana('G'), Mana('R'), Mana('G')])
    >>> pool, pool.amount('G'), len(pool)
    (ManaPool('{R}{G}{G}'), 2, 3)
    """

    def __init__(self, mana: Iterable[Mana] = ()):
        self._mana: list[Mana] = list(mana)

    def __repr__(self) -> str:
        return f"ManaPool({str(self)!r})"

    def __str__(self) -> str:
        return "".join(str(m) for m in sorted(self._mana, key=mana_order))

    def __iter__(self):
        return iter(sorted(self._mana, key=mana_order))

    def __len__(self) -> int:
        return len(self._mana)

    def __bool__(self) -> bool:
        return bool(self._mana)

    def amount(self, mana_type: str) -> int:
        return sum(1 for m in self._mana if m.type == mana_type)

    def restricted(self) -> str:
        """The mana whose spending is restricted (106.6), as symbols."""
        return "".join(str(m) for m in sorted(self._mana, key=mana_order) if m.restriction is not None)

    def add(self, mana: Iterable[Mana]) -> None:
        self._mana.extend(mana)

    def remove(self, mana: Iterable[Mana]) -> None:
        for unit in mana:
            self._mana.remove(unit)

    def empty(self) -> list[Mana]:
        lost, self._mana = self._mana, []
        return lost


def _symbol_needs(cost: ManaCost, x: int | None) -> list[frozenset[str] | None]:
    """Each mana a cost asks for: the set of mana types that can pay it, or None for generic
    mana (any type). Phyrexian and snow symbols are not paid from the pool by the engine."""
    needs: list[frozenset[str] | None] = []
    for symbol in cost.symbols:
        parts = symbol.parts
        if symbol.phyrexian or "S" in parts:
            raise NotModelledError(f"paying {symbol} from a mana pool is not modelled (107.4f, 107.4h)")
        if symbol.hybrid:
            if any(p.isdigit() for p in parts):
                raise NotModelledError(f"paying {symbol} from a mana pool is not modelled (107.4e)")
            needs.append(frozenset(parts))
        elif parts[0].isdigit():
            needs.extend([None] * int(parts[0]))
        elif parts[0] in ("X", "Y", "Z"):
            needs.extend([None] * (x or 0))
        else:
            needs.append(frozenset(parts))
    # Coloured and colourless symbols first: generic mana takes whatever is left.
    return sorted(needs, key=lambda need: (need is None, len(need or ())))


def payments(pool: Iterable[Mana], cost: ManaCost, use: ManaUse | None, x: int | None = None) -> list[tuple[Mana, ...]]:
    """Every distinct way to pay `cost` for `use` from the mana in `pool` (rule 601.2h): each
    is the mana spent. Restricted mana pays only for what its restriction allows (106.6)."""
    needs = _symbol_needs(cost, x)
    units = [m for m in pool if m.can_pay_for(use)]
    found: set[tuple[tuple[str, Any], ...]] = set()
    ways: list[tuple[Mana, ...]] = []

    def search(index: int, left: list[Mana], spent: list[Mana]) -> None:
        if index == len(needs):
            key = tuple(sorted(((m.type, m.restriction) for m in spent), key=repr))
            if key not in found:
                found.add(key)
                ways.append(tuple(spent))
            return
        need = needs[index]
        tried = set()
        for i, unit in enumerate(left):
            if (need is None or unit.type in need) and (unit.type, unit.restriction) not in tried:
                tried.add((unit.type, unit.restriction))
                search(index + 1, left[:i] + left[i + 1:], spent + [unit])

    if len(needs) <= len(units):
        search(0, units, [])
    return ways


def convoke_remainders(cost: ManaCost, colors_of_creatures: Sequence[frozenset[str]]) -> list[ManaCost]:
    """Rule 702.51a: each way creatures tapped for convoke can pay part of `cost`, each creature
    one mana: a coloured mana of one of its colours, or a generic mana. Returns what is left to
    pay, one cost per distinct way; none if there are more creatures than mana to pay."""
    needs = _symbol_needs(cost, None)
    found: dict[tuple, ManaCost] = {}

    def search(index: int, left: list) -> None:
        if index == len(colors_of_creatures):
            generic = sum(1 for n in left if n is None)
            others = sorted(("{%s}" % "/".join(sorted(n)) for n in left if n is not None), key=_symbol_sort_key)
            text = ("{%d}" % generic if generic else "") + "".join(others)
            key = (generic, tuple(others))
            found.setdefault(key, ManaCost(text))
            return
        colors = colors_of_creatures[index]
        tried = set()
        for i, need in enumerate(left):
            if need is None or (need & colors):
                key = need if need is None else tuple(sorted(need))
                if key in tried:
                    continue
                tried.add(key)
                search(index + 1, left[:i] + left[i + 1:])

    search(0, list(needs))
    return list(found.values())


def _symbol_sort_key(symbol: str) -> int:
    inner = symbol.strip("{}")
    return MANA_TYPES.index(inner) if inner in MANA_TYPES else len(MANA_TYPES)
