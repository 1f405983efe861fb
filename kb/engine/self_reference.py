"""How an ability names the object that has it (201.5, 201.5b): an ability that refers to the
object it came from by name, once another object has it (gained, or kept by a copy as "except it
has this ability"), refers to that other object by its own name. The engine's abilities act on the
object that has them (``ability.source``) whatever it is called; this is how their text reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.objects import Card, CardDefinition
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.objects import AbilityDefinition


def _origin(definition: CardDefinition, ability: "AbilityDefinition") -> CardDefinition | None:
    """The definition the ability was printed on, following copies' exceptions (707.9a)."""
    keeps = getattr(definition, "keeps", None)
    if keeps is not None and any(a is ability for a in keeps.activated):
        return _origin(keeps, ability) or keeps
    original = getattr(definition, "original", None)
    if original is not None:
        return _origin(original, ability)
    printed_here = any(a is ability for a in getattr(type(definition), "activated", ())) or any(a is ability for a in definition.activated)
    return definition if printed_here else None


class SelfReference(GamePart):
    """The text of an object's activated abilities as that object has them (201.5b)."""

    def ability_text(self, card: Card, index: int = 0) -> str:
        """Rule 201.5b: the text of activated ability number `index` (from 0) of `card`, each
        instance of the name of the object it came from read as `card`'s name."""
        ability = self.game.activated_abilities(card)[index]
        origin = self._ability_origin(card, ability)
        name = origin.name if origin is not None else None
        if not name or name == card.name:
            return ability.text
        return ability.text.replace(name, card.name)

    def _ability_origin(self, card: Card, ability: Any) -> CardDefinition | None:
        return self.game.gained_origin(card, ability) or _origin(card.definition, ability)
