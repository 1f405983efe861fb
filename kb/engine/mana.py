"""Mana costs: their symbols, colours, mana value, devotion and the ways hybrid and Phyrexian
symbols can be paid (rules 107.4, 202.1–202.3, 700.5)."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^{}]+)\}")


class ManaCostError(ValueError):
    """A mana cost that is not a sequence of mana symbols such as ``{2}{W/U}{B/P}``."""


@dataclass(frozen=True)
class ManaSymbol:
    """One mana symbol: generic (``{3}``), coloured (``{U}``), colourless (``{C}``), variable
    (``{X}``), snow (``{S}``), hybrid (``{W/U}``, ``{2/B}``) or Phyrexian (``{W/P}``, ``{G/W/P}``)."""

    text: str

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.text.split("/"))

    @property
    def phyrexian(self) -> bool:
        return self.parts[-1] == "P"

    @property
    def hybrid(self) -> bool:
        return len([p for p in self.parts if p != "P"]) > 1

    @property
    def colors(self) -> frozenset[str]:
        return frozenset(p for p in self.parts if p in COLORS)

    @property
    def mana_value(self) -> int:
        """Rule 202.3: X counts as 0; a hybrid symbol counts its largest component; a Phyrexian
        symbol counts 1."""
        values = []
        for part in self.parts:
            if part == "P":
                continue
            if part.isdigit():
                values.append(int(part))
            elif part in ("X", "Y", "Z"):
                values.append(0)
            else:
                values.append(1)
        return max(values) if values else 0

    def ways_to_pay(self) -> tuple[tuple[str, int], ...]:
        """Each way to pay this symbol alone, as (mana paid, life paid) (rules 107.4e–f)."""
        ways = []
        for part in self.parts:
            if part == "P":
                ways.append(("", 2))
            elif part.isdigit():
                ways.append(("{%s}" % part, 0))
            else:
                ways.append(("{%s}" % part, 0))
        return tuple(ways)

    def __str__(self) -> str:
        return "{%s}" % self.text


_VALID_PART = re.compile(r"^(\d+|[WUBRGCSXYZP])$")


class ManaCost:
    """A mana cost, read from its symbols.

    >>> ManaCost('{3}{U}{U}').mana_value
    5
    >>> ManaCost('{2}{W}{B}').colors
    ('W', 'B')
    """

    def __init__(self, text: str = ""):
        self.text = text
        parts = [part.strip() for part in text.split("//")]
        if len(parts) > 1:
            # Rule 709.4b: a split card's mana cost is its halves' costs combined; its symbols
            # stay separate.
            self.halves: tuple[ManaCost, ...] = tuple(ManaCost(part) for part in parts)
            self.symbols: tuple[ManaSymbol, ...] = tuple(s for half in self.halves for s in half.symbols)
            return
        self.halves = ()
        rest = _SYMBOL.sub("", text)
        if rest.strip():
            raise ManaCostError(f"{text!r}: {rest.strip()!r} is not a mana symbol")
        symbols = []
        for match in _SYMBOL.finditer(text):
            parts = match.group(1).split("/")
            if not all(_VALID_PART.match(p) for p in parts) or parts.count("P") > 1 or parts[0] == "P":
                raise ManaCostError(f"{text!r}: {{{match.group(1)}}} is not a mana symbol")
            symbols.append(ManaSymbol(match.group(1)))
        self.symbols: tuple[ManaSymbol, ...] = tuple(symbols)

    def __repr__(self) -> str:
        return f"ManaCost({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def _total(self) -> tuple[int, tuple[str, ...]]:
        generic = sum(int(s.text) for s in self.symbols if s.text.isdigit())
        return generic, tuple(sorted(s.text for s in self.symbols if not s.text.isdigit()))

    def __eq__(self, other: object) -> bool:
        """Two costs are the same mana cost when they total the same: a split card's combined
        {1}{R} // {1}{U} is the same mana cost as {2}{U}{R} (709.4b)."""
        return isinstance(other, ManaCost) and self._total() == other._total()

    def __hash__(self) -> int:
        return hash(self._total())

    def repeated_symbols(self) -> list[str]:
        """The mana symbols that appear more than once in this cost, as an effect that looks at
        the symbols themselves sees them (709.4b): ``{1}`` in {1}{R} // {1}{U}.

        >>> ManaCost('{1}{R} // {1}{U}').repeated_symbols(), ManaCost('{2}{U}{R}').repeated_symbols()
        (['{1}'], [])
        """
        counts = Counter(str(s) for s in self.symbols)
        return [symbol for symbol, count in counts.items() if count > 1]

    @property
    def mana_value(self) -> int:
        return sum(symbol.mana_value for symbol in self.symbols)

    @property
    def colors(self) -> tuple[str, ...]:
        """Rule 202.2: an object is the colour or colours of the mana symbols in its cost, here
        in the order white, blue, black, red, green; none means colourless (202.2b)."""
        present = set().union(*(s.colors for s in self.symbols)) if self.symbols else set()
        return tuple(c for c in COLORS if c in present)

    @property
    def color_names(self) -> tuple[str, ...]:
        return tuple(COLOR_NAMES[c] for c in self.colors) or ("colorless",)

    def devotion(self, *colors: str) -> int:
        """Rule 700.5: the mana symbols of this cost that are any of `colors`."""
        wanted = set(colors)
        return sum(1 for s in self.symbols if s.colors & wanted)

    def payments(self) -> list[str]:
        """Every distinct way to pay this cost, each as the mana spent and any life paid
        (rules 107.4e–f): ``'{G}{W}'``, ``'{W} and 2 life'``, ``'4 life'``."""
        outcomes = set()
        for choice in itertools.product(*(s.ways_to_pay() for s in self.symbols)):
            mana = Counter(m for m, _ in choice if m)
            life = sum(life for _, life in choice)
            outcomes.add((tuple(sorted(mana.elements(), key=_symbol_order)), life))
        described = []
        for mana, life in sorted(outcomes, key=lambda o: (o[1], [_symbol_order(m) for m in o[0]])):
            parts = ["".join(mana)] if mana else []
            if life:
                parts.append(f"{life} life")
            described.append(" and ".join(parts))
        return described


def _symbol_order(symbol: str) -> tuple[int, str]:
    inner = symbol.strip("{}")
    if inner.isdigit():
        return (0, inner.zfill(3))
    order = "XYZ" + "".join(COLORS) + "CS"
    return (1, str(order.index(inner)) if inner in order else inner)
