"""Replacement and prevention effects (rules 614, 615) and how several apply to one event (616).

An effect watches one kind of event: ``"damage"`` (source, target, amount, combat), ``"gain_life"``
(player, amount), ``"draw"`` (player: one card), ``"zone_change"`` (card, from, to, destroyed: a
card going to a graveyard, with ``to`` changed by "exile it instead" and the like, and whether
it is being destroyed, for regeneration), ``"enter"`` (card,
controller, tapped, counters: a permanent entering the battlefield, 614.1c–d) or
``"enter_control"`` (card, controller: under whose control it enters, decided before the
choices made as it enters). Its ``apply``
returns the modified event, or None when the event is replaced by something else entirely
(614.6). Each effect gets one chance at an event (614.5); when several could apply, the affected
player (or the affected object's controller) chooses one, self-replacement effects first
(616.1a), and the process repeats with those that still apply (616.1f).

Effects come from the static abilities of permanents (`CardDefinition.replacements`) or from
resolving spells and abilities (`Game.add_replacement`), and may be shields that run out
(615.7).

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
from typing import TYPE_CHECKING, Any

from kb.engine.decisions import Decision
from kb.engine.objects import Card, Zone
from kb.engine.players import Player

if TYPE_CHECKING:
    from kb.engine.game import Game

KINDS = ("damage", "gain_life", "draw", "zone_change", "enter", "enter_control")
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

    def applies(game: "Game", event: dict) -> bool:
        if to is not None and event["target"] is not to:
            return False
        return where is None or where(game, event)

    effect: Replacement

    def apply(game: "Game", event: dict) -> dict | None:
        if effect.shield is None:
            prevented = event["amount"]
        else:
            prevented = min(effect.shield, event["amount"])
            effect.shield -= prevented
            if effect.shield <= 0:
                game.end_replacement(effect)
        game.emit("damage_prevented", "615.1a", source=event["source"], target=event["target"], amount=prevented)
        return {**event, "amount": event["amount"] - prevented}

    effect = Replacement(text or (f"prevent the next {amount} damage" if amount is not None else "prevent all damage"), "damage", applies, apply, prevention=True, shield=amount, **kwargs)
    return effect


class ReplacementMixin:
    """Applying replacement and prevention effects to events (614–616)."""

    def add_replacement(self, effect: Replacement) -> Replacement:
        """Start a replacement or prevention effect from a resolving spell or ability."""
        effect.timestamp = self._next_timestamp()
        self.replacements.append(effect)
        return effect

    def end_replacement(self, effect: Replacement) -> None:
        if effect in self.replacements:
            self.replacements.remove(effect)

    def _end_of_turn_replacements(self) -> None:
        self.replacements = [r for r in self.replacements if r.duration != UNTIL_END_OF_TURN]

    def _active_replacements(self, kind: str, event: dict | None = None) -> list[Replacement]:
        """Those of permanents, those of resolved spells and abilities, and, for a card changing
        zones, the card's own ("If <this> would be put into a graveyard from anywhere")."""
        found = []
        watchers = list(self.battlefield)
        if kind == "zone_change" and event is not None and not any(c is event["card"] for c in watchers):
            watchers.append(event["card"])
        for card in watchers:
            for effect in card.definition.replacements(self, card):
                if effect.kind == kind:
                    effect.source = effect.source or card
                    effect.timestamp = card.timestamp
                    found.append(effect)
        return found + [r for r in self.replacements if r.kind == kind]

    def _affected_player(self, kind: str, event: dict) -> Player:
        """Rule 616.1: the affected player, or the affected object's controller (or owner)."""
        thing = event.get("target") if kind == "damage" else event.get("card") if kind in ("zone_change", "enter", "enter_control") else event.get("player")
        if isinstance(thing, Player):
            return thing
        if isinstance(thing, Card):
            return thing.controller or thing.owner
        return self.active_player

    def replace(self, kind: str, event: dict) -> dict | None:
        """The event as replacement and prevention effects leave it (616.1), or None if it was
        replaced by something else."""
        applied: set[int] = set()
        for _ in range(100):
            candidates = [
                r for r in self._active_replacements(kind, event)
                if id(r) not in applied and self._same_effect_not_applied(r, applied) and r.applies(self, event) and self._within_range(r, event)
            ]
            if not candidates:
                return event
            pool = [r for r in candidates if r.self_replacement] or candidates  # 616.1a
            chooser = self._affected_player(kind, event)
            chosen = pool[0] if len(pool) == 1 else self.decide(Decision(chooser, "order_replacements", tuple(pool), rule="616.1", context={"source": pool[0].source}))
            applied.add(id(chosen))
            applied.add(self._key(chosen))
            self.emit("replaced", "614.1", effect=chosen, text=chosen.text, source=chosen.source)
            event = chosen.apply(self, event)
            if event is None:
                return None
        return event

    def _within_range(self, effect: Replacement, event: dict) -> bool:
        """Rule 801.13b: with limited range of influence, a prevention effect affects only
        sources, recipients, or (when it names neither) both, within its controller's range."""
        if not effect.prevention or effect.controller is None or self.range_of_influence is None or "source" not in event:
            return True
        reach = self.in_range(effect.controller)
        source, target = event["source"], event["target"]
        source_in = source is None or (source.controller or source.owner) in reach
        target_in = (target if isinstance(target, Player) else (target.controller or target.owner)) in reach
        if effect.prevents == "source":
            return source_in
        if effect.prevents == "recipient":
            return target_in
        return source_in and target_in

    @staticmethod
    def _effect_key(effect: Replacement) -> int:
        # Static abilities make their effect objects anew each time; the key is the ability.
        return hash((id(effect.source), effect.text)) if effect.source is not None else id(effect)

    def _same_effect_not_applied(self, effect: Replacement, applied: set[int]) -> bool:
        return self._key(effect) not in applied

    def _key(self, effect: Replacement) -> int:
        return id(effect) if any(r is effect for r in self.replacements) else self._effect_key(effect)
