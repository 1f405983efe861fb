"""Activated abilities an object has because of another object (613.1f, layer 6).

A permanent's static ability may give them ("Enchanted creature has '{T}: ...'"): a definition
with ``grants_activated(game, source, card)`` returns the `AbilityDefinition`s its permanent
`source` gives `card`, for as long as it does (`Game.granted_activated`).

A one-shot effect may have an object gain them: "gains all activated abilities of target creature
until end of turn". Each gain is a continuous effect on the object
that gains them, ending as such effects do (514.2, 400.7); the abilities keep naming the object
they came from in their text, read as the new object's name (201.5b), and act on the object that
has them. Abilities gained by one effect form their own group (607.5): see
`Game.gained_group`.

An effect that removes all abilities at the same time as abilities are gained or given is not
modelled: the order of the two in layer 6 (613.7) would decide.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from kb.engine.errors import NotModelledError
from kb.engine.layers import UNTIL_END_OF_TURN, ContinuousEffect
from kb.engine.objects import AbilityDefinition, Card, CardDefinition, Zone
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.objects import Characteristics


def _no_characteristic_changes(chars: "Characteristics") -> None:
    """Gaining activated abilities changes none of the characteristics the engine lists."""


class GainedAbilities(GamePart):
    """Objects gaining the activated abilities of other objects (613.1f, 201.5b)."""

    def gain_activated_abilities(self, card: Card, source: Card, *, duration: str = UNTIL_END_OF_TURN, by: Card | None = None) -> ContinuousEffect:
        """`card` gains all activated abilities `source` has now (layer 6); returns the effect."""
        had = tuple(self.game.activated_abilities(source))
        origins = tuple(self.game.self_reference._ability_origin(source, a) for a in had)
        # Each gain has abilities of its own, linked among themselves only (607.5).
        abilities = tuple(dataclasses.replace(a) for a in had)
        effect = ContinuousEffect(
            {"6": _no_characteristic_changes},
            text=f"gains all activated abilities of {source.name}",
            source=by,
            affected=[card],
            duration=duration,
        )
        effect.gained_abilities = tuple(zip(abilities, origins))
        self.game.add_effect(effect)
        self.game.emit("gains_abilities", "613.1f", card=card, source=source, count=len(abilities))
        return effect

    def _gaining_effects(self, card: Card) -> list[ContinuousEffect]:
        return [e for e in self.game.effects if getattr(e, "gained_abilities", None) and e.selects(self.game, card, card.printed())]

    def gained_activated(self, card: Card) -> tuple[AbilityDefinition, ...]:
        """The activated abilities `card` has gained from other objects, in timestamp order."""
        found = tuple(a for e in self._gaining_effects(card) for a, _ in e.gained_abilities)
        if found and self.game.may_remove_abilities():
            raise NotModelledError("abilities gained and abilities removed on the same object (613.1f, 613.7) are not modelled")
        return found

    def granted_activated(self, card: Card) -> tuple[AbilityDefinition, ...]:
        """The activated abilities permanents on the battlefield give `card` with their static
        abilities, in their order."""
        if card.zone is not Zone.BATTLEFIELD:
            return ()
        granted: list[AbilityDefinition] = []
        for source in self.game.battlefield:
            grants = getattr(source.definition, "grants_activated", None)
            if grants is not None and not self.game.abilities_removed(source):
                granted.extend(grants(self.game, source, card))
        return tuple(granted)

    def _refuse_granted_with_removal(self, card: Card, granted: tuple[AbilityDefinition, ...]) -> None:
        """Rule 613.7: abilities given to an object that also has its abilities removed: the
        order of the two in layer 6 is not modelled."""
        if granted:
            raise NotModelledError(f"{card.name} is given activated abilities and has abilities removed: their order in layer 6 (613.7) is not modelled")

    def gained_origin(self, card: Card, ability: AbilityDefinition) -> CardDefinition | None:
        """The definition a gained ability was printed on (201.5b), or None if not gained."""
        for effect in self._gaining_effects(card):
            for gained, origin in effect.gained_abilities:
                if gained is ability:
                    return origin
        return None

    def gained_group(self, card: Card, ability: AbilityDefinition) -> Any:
        """Rule 607.5: what links an ability of `card` to others: the effect that gave it,
        for a gained ability (abilities gained by one effect are linked among themselves only),
        or None for its own."""
        for effect in self._gaining_effects(card):
            if any(gained is ability for gained, _ in effect.gained_abilities):
                return effect
        return None

    # ----- linked abilities (607.2a, 607.5): "exiled with <this>"

    def ability_link(self, card: Card, ability: AbilityDefinition) -> tuple[Any, str]:
        """What ability number `index` of `card` is linked through (607.2a, 607.5): the effect
        that gave it (or None for its own abilities) and the name of the object it was printed on.
        Abilities with the same link on the same object are linked to each other."""
        origin = self.game.self_reference._ability_origin(card, ability)
        return (self.gained_group(card, ability), origin.name if origin is not None else card.printed_definition.name)

    def exile_linked(self, ability: Any, cards: list[Card]) -> None:
        """Exile `cards` with the ability `ability` (on the stack), for the abilities linked to
        it to find them: "exiled with <this>" (607.2a)."""
        records = self.game.__dict__.setdefault("_exiled_by_link", [])
        self.game.exile_cards(cards)
        for card in cards:
            if card.zone is Zone.EXILE:
                records.append((card, card.incarnation, ability.source, ability.data.get("incarnation"), ability.data.get("link")))

    def exiled_linked(self, ability: Any) -> list[Card]:
        """The cards still in exile that an ability linked to `ability` exiled with the same
        object (607.2a, 607.5): none exiled any other way, or with abilities of another link."""
        return [
            card for card, incarnation, source, source_incarnation, link in self.game.__dict__.get("_exiled_by_link", [])
            if card.zone is Zone.EXILE and card.incarnation == incarnation and source is ability.source
            and source_incarnation == ability.data.get("incarnation") and link == ability.data.get("link")
        ]
