"""The part of the game that keeps continuous effects, gives them timestamps, ends them when they
last no longer, and computes characteristics through the layers in timestamp and dependency order
(rules 611, 613)."""

from __future__ import annotations

import copy
from typing import Any

from kb.engine.facedown import apply_face_down
from kb.engine.layers import ContinuousEffect, LAYERS, STATIC, UNTIL_END_OF_TURN
from kb.engine.objects import Card, Characteristics, Zone
from kb.engine.part import GamePart
from kb.engine.protocols import Game


def _abilities_lost(chars: Characteristics) -> bool:
    return chars.no_abilities or chars.text_abilities_lost


def _source_lost_abilities(effect: ContinuousEffect, view: dict[int, Characteristics]) -> bool:
    """Whether `effect` comes from a static ability its source no longer has (613.1f, 305.7)."""
    if effect.duration != STATIC or effect.source is None or id(effect.source) not in view:
        return False
    return _abilities_lost(view[id(effect.source)])


class Layers(GamePart):
    """Keeping continuous effects and computing characteristics through the layers (613)."""

    def __init__(self, game: Game):
        super().__init__(game)
        self._clock = 0
        self._layer_view: dict[int, Any] | None = None

    def add_effect(self, effect: ContinuousEffect) -> ContinuousEffect:
        """Start a continuous effect from a resolving spell or ability; it gets a timestamp now
        (613.7b) and, unless selected continuously, affects only the objects given (611.2c)."""
        if effect.affected is None and effect.applies_to is None:
            raise ValueError(f"{effect!r} says neither which objects it affects nor how to select them")
        if effect.lasts_while is not None and not self._still_lasts(effect):
            self.game.emit("effect_does_nothing", "611.2b", effect=effect, text=effect.text)
            return effect
        effect.timestamp = self._next_timestamp()
        self.game.effects.append(effect)
        self.game.emit("effect_begins", "611.2", effect=effect, text=effect.text)
        return effect

    def may_remove_abilities(self) -> bool:
        """Whether any effect now could remove abilities: a quick test before computing them."""
        return any(getattr(e, "removes_abilities", False) for e in self.game.effects) or any(
            getattr(p.definition, "removes_abilities", False) for p in self.game.battlefield
        )

    def abilities_removed(self, card: Card) -> bool:
        """Whether `card`, on the battlefield, has lost its abilities (613.1f) or those of its
        rules text (305.7)."""
        if card.zone is not Zone.BATTLEFIELD or not self.may_remove_abilities():
            return False
        return _abilities_lost(self.characteristics(card))
    def spell_characteristics(self, card: Card) -> Characteristics:
        """The characteristics of a spell on the stack (112.4): its printed values changed by the
        effects of spells and abilities that affect that spell itself, layer by layer in
        timestamp order. Effects that select what they apply to ("creatures you control") apply
        to permanents, not spells, and are left out."""
        chars = card.printed()
        mine = [e for e in self.game.effects if (e.affected is not None or e.changes_name_only) and e.selects(self.game, card, chars)]
        for layer in LAYERS:
            if layer == "2" and card.face_down:
                apply_face_down(chars)  # 708.4
            for effect in sorted((e for e in mine if layer in e.parts), key=lambda e: e.timestamp):
                effect.parts[layer](chars)
        return chars

    def _follow_spell_to_permanent(self, card: Card, on_stack: int) -> None:
        """Rules 400.7a and 112.4: an effect of a spell or ability that changed the
        characteristics or controller of a permanent spell keeps applying to the permanent it
        becomes, for as long as the effect lasts."""
        if card.zone is not Zone.BATTLEFIELD:
            return
        for effect in self.game.effects:
            if effect.affected is not None and any(c is card for c in effect.affected) and effect._incarnations.get(id(card)) == on_stack:
                effect._incarnations[id(card)] = card.incarnation

    def end_effect(self, effect: ContinuousEffect) -> None:
        if effect in self.game.effects:
            self.game.effects.remove(effect)
            self.game.emit("effect_ends", "611.2", effect=effect, text=effect.text)

    def _next_timestamp(self) -> int:
        self._clock += 1
        return self._clock

    def _end_of_turn_effects(self) -> None:
        """Rule 514.2: "until end of turn" and "this turn" effects end in the cleanup step."""
        self.game.effects = [e for e in self.game.effects if e.duration != UNTIL_END_OF_TURN]

    def static_effects(self) -> list[ContinuousEffect]:
        """The effects the static abilities of permanents generate now (611.3), with their
        source's timestamp (613.7a)."""
        found = []
        for card in sorted(list(self.game.battlefield) + self.game.command, key=lambda c: c.timestamp):
            for effect in card.definition.static_effects(self.game, card):
                effect.source = effect.source or card
                effect.duration = STATIC
                # 613.7a: an ability granted by an effect later than the object has that
                # effect's timestamp, and keeps its place after the object's own abilities.
                granted = getattr(effect, "granted_to", None)
                effect.timestamp = max(card.timestamp, granted.timestamp) + 0.5 if granted is not None else card.timestamp
                found.append(effect)
        return found

    def all_effects(self) -> list[ContinuousEffect]:
        self._expire_effects()
        return self.static_effects() + list(self.game.effects)

    def _still_lasts(self, effect: ContinuousEffect) -> bool:
        self.game._checking_durations = True
        try:
            return bool(effect.lasts_while(self.game))
        finally:
            self.game._checking_durations = False

    def _expire_effects(self) -> None:
        """End the "for as long as" effects whose condition no longer holds (611.2b)."""
        if getattr(self.game, "_checking_durations", False):
            return
        for effect in [e for e in self.game.effects if e.lasts_while is not None]:
            if not self._still_lasts(effect):
                self.game.effects.remove(effect)
                self.game.emit("effect_ends", "611.2b", effect=effect, text=effect.text)

    def has_control_effects(self) -> bool:
        if self._layer_view is not None:
            return True
        return any("2" in e.parts for e in self.all_effects())

    def characteristics(self, card: Card) -> Characteristics:
        """The values of `card`'s characteristics now (rule 613.1): its printed values, then every
        applicable continuous effect, layer by layer. Called while the layers are being applied,
        it answers with the values as of the layer being applied."""
        if self._layer_view is not None:
            view = self._layer_view.get(id(card))
            if view is not None:
                return view
            return card.printed()
        effects = self.all_effects()
        if not effects and not card.counters and not card.face_down:
            return card.printed()
        return self._apply_layers(effects, card)[id(card)]

    def _apply_layers(self, effects: list[ContinuousEffect], card: Card | None = None) -> dict[int, Characteristics]:
        cards = [c for c in self.game.battlefield if c.zone is Zone.BATTLEFIELD]
        if card is not None and not any(c is card for c in cards):
            cards.append(card)  # leaving the battlefield right now
        view: dict[int, Characteristics] = {}
        self._layer_view = view  # from here on, characteristics asked for are those being computed
        try:
            for card in cards:
                view[id(card)] = card.printed()
            # Rule 613.6: an effect's later parts apply to the objects its first part applied to.
            chosen: dict[int, list[Card]] = {}
            for layer in LAYERS:
                if layer == "2":
                    for card in cards:  # layer 1b: face-down status (613.2b, 708.2)
                        if card.face_down:
                            apply_face_down(view[id(card)])
                if layer == "7c":
                    for card in cards:  # counters that modify power and toughness (613.4c)
                        self._apply_counters(card, view[id(card)])
                remaining = sorted((e for e in effects if layer in e.parts), key=lambda e: (not e.characteristic_defining, e.timestamp))
                while remaining:
                    effect = self._next_effect(remaining, layer, cards, view, chosen)
                    remaining.remove(effect)
                    targets = chosen.get(id(effect))
                    if targets is None and _source_lost_abilities(effect, view):
                        continue  # 613.6: a removed static ability doesn't begin to apply
                    if targets is None:
                        targets = [c for c in cards if effect.selects(self.game, c, view[id(c)])]
                        chosen[id(effect)] = targets
                    for card in targets:
                        effect.parts[layer](view[id(card)])
            return view
        finally:
            self._layer_view = None

    @staticmethod
    def _apply_counters(card: Card, chars: Characteristics) -> None:
        plus, minus = card.counters.get("+1/+1", 0), card.counters.get("-1/-1", 0)
        if plus == minus:
            return  # nothing to add, and a power defined by an ability needn't be worked out
        if chars.power is not None:
            chars.power += plus - minus
        if chars.toughness is not None:
            chars.toughness += plus - minus

    def _next_effect(self, remaining: list[ContinuousEffect], layer: str, cards: list[Card], view: dict[int, Characteristics], chosen: dict[int, list[Card]]) -> ContinuousEffect:
        """Rules 613.7 and 613.8b: the earliest effect (characteristic-defining ones first,
        613.3) that depends on no other still to apply; in a loop of dependencies, the earliest."""
        if len(remaining) == 1:
            return remaining[0]
        for effect in remaining:
            if not any(self._depends(effect, other, layer, cards, view, chosen) for other in remaining if other is not effect):
                return effect
        return remaining[0]

    def _depends(self, effect: ContinuousEffect, other: ContinuousEffect, layer: str, cards: list[Card], view: dict[int, Characteristics], chosen: dict[int, list[Card]]) -> bool:
        """Rule 613.8a: `effect` depends on `other` if applying `other` would change what `effect`
        applies to (what it does to each thing is fixed by the engine's effects, and no effect
        here changes another's existence or text)."""
        if effect.characteristic_defining != other.characteristic_defining:
            return False
        if id(effect) not in chosen and effect.duration == STATIC and effect.source is not None and id(effect.source) in view:
            # Applying `other` would take away the ability that generates `effect`: its existence.
            source_now = view[id(effect.source)]
            if not _abilities_lost(source_now):
                targets = chosen.get(id(other)) or [c for c in cards if other.selects(self.game, c, view[id(c)])]
                if any(c is effect.source for c in targets):
                    after = copy.copy(source_now)
                    other.parts[layer](after)
                    if _abilities_lost(after):
                        return True
        if effect.applies_to is None or id(effect) in chosen:
            return False
        before = [c for c in cards if effect.selects(self.game, c, view[id(c)])]
        scratch = {key: copy.copy(chars) for key, chars in view.items()}
        other_targets = chosen.get(id(other)) or [c for c in cards if other.selects(self.game, c, view[id(c)])]
        for card in other_targets:
            other.parts[layer](scratch[id(card)])
        self._layer_view = scratch
        try:
            after = [c for c in cards if effect.selects(self.game, c, scratch[id(c)])]
        finally:
            self._layer_view = view
        return [id(c) for c in before] != [id(c) for c in after]
