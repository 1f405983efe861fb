"""Requirements and costs on attacking and blocking (508.1c–d, 508.1g–h, 509.1b–d).

A permanent states them through optional hooks of its definition, each called with the game
and the permanent:

- ``attack_requirement(game, card, attacker)``: `attacker` attacks each combat if able;
- ``block_requirement(game, card, blocker, attacker)``: `blocker` blocks `attacker` if able
  (Lure: "All creatures able to block enchanted creature do so.");
- ``attack_cost(game, card, attacker, target)``: the mana `attacker`'s controller pays for it
  to attack `target` (Ghostly Prison, Propaganda), ``""`` for none.

A creature's own ``"Attacks each combat if able"`` and ``"Blocks each combat if able"`` keywords
are requirements too. The most requirements that can be obeyed are counted among the
declarations that cost nothing: a player never has to pay a cost to obey a requirement (508.1d,
509.1c). Costs to block (509.1d) are not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.errors import NotModelledError
from kb.engine.mana import ManaCost
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.objects import Card

ATTACKS_IF_ABLE = "Attacks each combat if able"
BLOCKS_IF_ABLE = "Blocks each combat if able"


def _hooked(game: "Game", hook: str) -> list[tuple["Card", Any]]:
    return [(p, getattr(p.definition, hook)) for p in game.battlefield if callable(getattr(p.definition, hook, None))]


def has_attack_costs(game: "Game") -> bool:
    return bool(_hooked(game, "attack_cost"))


def has_attack_requirements(game: "Game", able: list["Card"]) -> bool:
    return any(ATTACKS_IF_ABLE in c.keywords for c in able) or bool(_hooked(game, "attack_requirement"))


def attack_requirements(game: "Game", attacker: "Card") -> int:
    """How many requirements say `attacker` attacks if able (508.1d)."""
    count = attacker.keywords.count(ATTACKS_IF_ABLE)
    return count + sum(1 for card, hook in _hooked(game, "attack_requirement") if hook(game, card, attacker))


def attack_cost(game: "Game", attacker: "Card", target: Any) -> ManaCost:
    """Rule 508.1h: the mana to pay for `attacker` to attack `target`, every cost added up."""
    generic, others = 0, []
    for card, hook in _hooked(game, "attack_cost"):
        for symbol in ManaCost(hook(game, card, attacker, target) or "").symbols:
            if symbol.text.isdigit():
                generic += int(symbol.text)
            else:
                others.append(str(symbol))
    return ManaCost(("{%d}" % generic if generic else "") + "".join(others))


def total_attack_cost(game: "Game", assignment: list[tuple["Card", Any]]) -> ManaCost:
    generic, others = 0, []
    for attacker, target in assignment:
        for symbol in attack_cost(game, attacker, target).symbols:
            if symbol.text.isdigit():
                generic += int(symbol.text)
            else:
                others.append(str(symbol))
    return ManaCost(("{%d}" % generic if generic else "") + "".join(others))


def has_block_rules(game: "Game", able: list["Card"]) -> bool:
    if _hooked(game, "block_cost"):
        raise NotModelledError("costs to block (509.1d) are not modelled")
    return any(BLOCKS_IF_ABLE in c.keywords for c in able) or bool(_hooked(game, "block_requirement"))


def block_requirements_obeyed(game: "Game", able: list["Card"], against: list["Card"], blocks: list[tuple["Card", "Card"]]) -> int:
    """How many blocking requirements a declaration obeys (509.1c): "blocks each combat if
    able" is obeyed by blocking anything; "blocks <that attacker> if able" by blocking it."""
    hooks = _hooked(game, "block_requirement")
    obeyed = 0
    for blocker in able:
        blocked = [a for b, a in blocks if b is blocker]
        if blocked:
            obeyed += blocker.keywords.count(BLOCKS_IF_ABLE)
        for card, hook in hooks:
            obeyed += sum(1 for attacker in against if hook(game, card, blocker, attacker) and any(a is attacker for a in blocked))
    return obeyed
