"""Replacement and prevention effects (rules 614, 615) and how several apply to one event (616).

An effect watches one kind of event: ``"damage"`` (source, target, amount, combat), ``"gain_life"``
(player, amount), ``"draw"`` (player: one card), ``"zone_change"`` (card, from, to, destroyed: a
card going to a graveyard, with ``to`` changed by "exile it instead" and the like, and whether
it is being destroyed, for regeneration), ``"enter"`` (card,
controller, tapped, counters: a permanent entering the battlefield, 614.1c–d), ``"enter_control"``
(card, controller: under whose control it enters, decided before the choices made as it
enters), ``"counters"``
(target, counter, amount, cost, entering: counters being put on a permanent or player, as a cost
or not, or given as it enters, 122.6; see `kb.engine.doubling`) or ``"tokens"``
(player, tokens: tokens an effect would create, 111.1, 701.7a) or ``"damage_results"`` (player,
loss, gain: what one damage event, once processed into its results, would do to a player's life
total, 120.4c; see `kb.engine.damage_results`) or ``"search"`` (player, owner, top: a search of a
library, ``top`` the number of cards from the top it is limited to, None for all, 701.23f) or
``"pay_life"`` (player, amount: a payment of life, 119.4). Its ``apply``
returns the modified event, or None when the event is replaced by something else entirely
(614.6). Each effect gets one chance at an event (614.5); when several could apply, the affected
player (or the affected object's controller) chooses one, self-replacement effects first
(616.1a), and the process repeats with those that still apply (616.1f).

Effects come from the static abilities of permanents (`CardDefinition.replacements`) or from
resolving spells and abilities (`Game.add_replacement`), and may be shields that run out
(615.7). The effects and the functions that make them live here; the game's `kb.engine.replacing`
applies them.

>>> from kb.engine import Game, Player, Step
>>> from kb.engine.replacement import prevent_damage
>>> ana, bruno = Player('Ana'), Player('Bruno')
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> _ = game.add_replacement(prevent_damage(3, to=ana))
>>> game.deal_damage(None, ana, 5)
>>> ana.life
18
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kb.engine.objects import Card
from kb.engine.players import Player
from kb.engine.protocols import Game


KINDS = ("damage", "gain_life", "draw", "zone_change", "enter", "enter_control", "counters", "tokens", "damage_results", "search", "pay_life")
UNTIL_END_OF_TURN = "until end of turn"


@dataclass(eq=False)
class Replacement:
    """A replacement or prevention effect (614, 615).

    ``applies(game, event)`` says whether it would modify the event (a dict); ``apply(game,
    event)`` returns the modified event or None. ``prevention`` marks prevention effects (615);
    ``self_replacement`` those of a resolving spell on its own effect (614.15); ``shield`` the
    amount of damage a prevention shield has left (615.7)."""

    text: str
    kind: str
    applies: Callable[["Game", dict], bool]
    apply: Callable[["Game", dict], dict | None]
    source: Card | None = None
    prevention: bool = False
    self_replacement: bool = False
    duration: str = UNTIL_END_OF_TURN
    shield: int | None = None
    # For range of influence (801.13b): the player whose spell or ability made the effect, and
    # what the prevention names: the damage's "source", its "recipient", or neither ("any").
    controller: Player | None = None
    prevents: str = "any"
    timestamp: int = 0
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"no kind of event {self.kind!r} for a replacement effect (kinds: {', '.join(KINDS)})")

    def __repr__(self) -> str:
        return f"Replacement({self.text!r})"


# ----- effects for common patterns


def prevent_damage(amount: int | None = None, *, to: Any = None, where: Callable[["Game", dict], bool] | None = None, text: str | None = None, **kwargs: Any) -> Replacement:
    kwargs.setdefault("prevents", "recipient" if to is not None else "any")
    """"Prevent the next N damage that would be dealt to <it> this turn" (a shield, 615.7), or,
    with no amount, "prevent all damage" that `where` selects (615.1a)."""

    # 400.7: a permanent that changes zones is a new object the shield doesn't protect.
    incarnation = getattr(to, "incarnation", None)

    def applies(game: "Game", event: dict) -> bool:
        if to is not None and (event["target"] is not to or getattr(to, "incarnation", None) != incarnation):
            return False
        if event.get("shields", {}).get(id(effect)) == 0:
            return False  # 615.7: its player chose to have it prevent other damage
        return where is None or where(game, event)

    effect: Replacement

    def apply(game: "Game", event: dict) -> dict | None:
        if effect.shield is None:
            prevented = event["amount"]
        else:
            prevented = min(effect.shield, event["amount"], event.get("shields", {}).get(id(effect), event["amount"]))
            effect.shield -= prevented
            if effect.shield <= 0:
                game.end_replacement(effect)
        game.emit("damage_prevented", "615.1a", source=event["source"], target=event["target"], amount=prevented)
        return {**event, "amount": event["amount"] - prevented}

    effect = Replacement(text or (f"prevent the next {amount} damage" if amount is not None else "prevent all damage"), "damage", applies, apply, prevention=True, shield=amount, **kwargs)
    return effect


class ShieldDivision(list):
    """Which damage a prevention shield prevents when two or more sources would deal damage to
    what it shields at the same time (615.7): (source, amount) pairs, one per damage event. A
    scripted answer may give a dict {source: amount} or pairs, by object or name; a source
    left out prevents none of its damage."""

    def matches(self, answer: Any) -> bool:
        pairs = list(answer.items()) if isinstance(answer, dict) else [tuple(p) for p in answer] if isinstance(answer, (list, tuple)) else None
        if pairs is None:
            return False
        given: dict[int, int] = {}
        for source, amount in pairs:
            found = [s for s, _ in self if s is source or (isinstance(source, str) and s is not None and s.name == source)]
            if not found:
                return False
            given[id(found[0])] = given.get(id(found[0]), 0) + amount
        return all(given.get(id(s), 0) == a for s, a in self)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{s.name if s is not None else None!r}: {a}" for s, a in self) + "}"
