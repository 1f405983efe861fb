"""The part of the game that applies replacement and prevention effects to events: it keeps the
effects made by resolving spells and abilities, finds those that apply, has the affected player
choose their order, and divides prevention shields (rules 614–616)."""

from __future__ import annotations

from kb.engine.decisions import Decision
from kb.engine.errors import NotModelledError
from kb.engine.objects import Card
from kb.engine.part import GamePart
from kb.engine.players import Player
from kb.engine.replacement import Replacement, ShieldDivision, UNTIL_END_OF_TURN


# The most ways to divide a shield the engine lists before it says it doesn't model the choice.
MAX_SHIELD_DIVISIONS = 200


def _divisions(total: int, limits: list[int]) -> list[tuple[int, ...]]:
    """Every way to split `total` into parts, each at most its limit."""
    if not limits:
        return [()] if total == 0 else []
    found = []
    for first in range(min(total, limits[0]), -1, -1):
        for rest in _divisions(total - first, limits[1:]):
            found.append((first,) + rest)
            if len(found) > MAX_SHIELD_DIVISIONS:
                return found
    return found


class Replacements(GamePart):
    """Applying replacement and prevention effects to events (614–616)."""

    def divide_shields(self, events: list[dict]) -> None:
        """Rule 615.7: when two or more sources would deal damage at the same time to what a
        shield ("prevent the next N damage") protects, and the shield can't prevent it all, the
        player, or the controller of the permanent, chooses which damage it prevents. The
        choice is written in each damage event (``shields``: how much of it each shield
        prevents); a shield that prevents none of an event doesn't apply to it."""
        shields = [r for r in self._active_replacements("damage") if r.prevention and r.shield is not None and r.shield > 0]
        for shield in shields:
            hits = [e for e in events if self._left(e) > 0 and shield.applies(self.game, e) and self._within_range(shield, e)]
            left = [self._left(e) for e in hits]
            if len({id(e["source"]) for e in hits}) < 2 or sum(left) <= shield.shield:
                continue
            choosers = {id(self._affected_player("damage", e)): self._affected_player("damage", e) for e in hits}
            # Other shields take their share in turn; any other effect on this damage could
            # change it before the shield applies (616.1).
            others = [r for r in self._active_replacements("damage") if r.shield is None and any(r.applies(self.game, e) for e in hits)]
            if len(choosers) > 1 or others:
                raise NotModelledError("choosing which damage a shield prevents among several recipients, or along with other replacement effects on that damage (615.7, 616.1), is not modelled")
            splits = _divisions(shield.shield, left)
            if len(splits) > MAX_SHIELD_DIVISIONS:
                raise NotModelledError(f"too many ways to choose which damage a shield of {shield.shield} prevents (615.7)")
            options = tuple(ShieldDivision((e["source"], a) for e, a in zip(hits, split)) for split in splits)
            chooser = next(iter(choosers.values()))
            context = {"source": shield.source} if shield.source is not None else {}
            chosen = self.game.decide(Decision(chooser, "shield_prevents", options, rule="615.7", context=context))
            for event, (_, amount) in zip(hits, chosen):
                event.setdefault("shields", {})[id(shield)] = amount

    @staticmethod
    def _left(event: dict) -> int:
        """The damage of an event no shield has been chosen to prevent yet."""
        return event["amount"] - sum(event.get("shields", {}).values())

    def add_replacement(self, effect: Replacement) -> Replacement:
        """Start a replacement or prevention effect from a resolving spell or ability."""
        effect.timestamp = self.game.layers._next_timestamp()
        self.game.replacements.append(effect)
        return effect

    def end_replacement(self, effect: Replacement) -> None:
        if effect in self.game.replacements:
            self.game.replacements.remove(effect)

    def _end_of_turn_replacements(self) -> None:
        self.game.replacements = [r for r in self.game.replacements if r.duration != UNTIL_END_OF_TURN]

    def _active_replacements(self, kind: str, event: dict | None = None) -> list[Replacement]:
        """Those of permanents, those of resolved spells and abilities, and, for a card changing
        zones, the card's own ("If <this> would be put into a graveyard from anywhere")."""
        found = []
        watchers = list(self.game.battlefield) + self.game.command  # emblems' abilities work there (114.4)
        if kind == "zone_change" and event is not None and not any(c is event["card"] for c in watchers):
            watchers.append(event["card"])
        for card in watchers:
            if self.game.abilities_removed(card):
                continue  # a permanent that lost its abilities has no replacement effects
            for effect in card.definition.replacements(self.game, card):
                if effect.kind == kind:
                    effect.source = effect.source or card
                    effect.timestamp = card.timestamp
                    found.append(effect)
        return found + [r for r in self.game.replacements if r.kind == kind]

    def _affected_player(self, kind: str, event: dict) -> Player:
        """Rule 616.1: the affected player, or the affected object's controller (or owner)."""
        thing = event.get("target") if kind in ("damage", "counters") else event.get("card") if kind in ("zone_change", "enter", "enter_control") else event.get("player")
        if isinstance(thing, Player):
            return thing
        if isinstance(thing, Card):
            return thing.controller or thing.owner
        return self.game.active_player

    def replace(self, kind: str, event: dict) -> dict | None:
        """The event as replacement and prevention effects leave it (616.1), or None if it was
        replaced by something else."""
        applied: set[int] = set()
        for _ in range(100):
            candidates = [
                r for r in self._active_replacements(kind, event)
                if id(r) not in applied and self._same_effect_not_applied(r, applied) and r.applies(self.game, event) and self._within_range(r, event)
            ]
            if not candidates:
                return event
            pool = [r for r in candidates if r.self_replacement] or candidates  # 616.1a
            chooser = self._affected_player(kind, event)
            chosen = pool[0] if len(pool) == 1 else self.game.decide(Decision(chooser, "order_replacements", tuple(pool), rule="616.1", context={"source": pool[0].source}))
            applied.add(id(chosen))
            applied.add(self._key(chosen))
            self.game.emit("replaced", "614.1", effect=chosen, text=chosen.text, source=chosen.source)
            event = chosen.apply(self.game, event)
            if event is None:
                return None
        return event

    def _within_range(self, effect: Replacement, event: dict) -> bool:
        """Rule 801.13b: with limited range of influence, a prevention effect affects only
        sources, recipients, or (when it names neither) both, within its controller's range."""
        if not effect.prevention or effect.controller is None or self.game.range_of_influence is None or "source" not in event:
            return True
        reach = self.game.in_range(effect.controller)
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
        return id(effect) if any(r is effect for r in self.game.replacements) else self._effect_key(effect)
