"""An ability that names the object it was printed on, had by another object (201.5b)."""

from __future__ import annotations

from typing import Any

from kb.engine.errors import NotModelledError
from kb.engine.objects import AbilityDefinition, CardDefinition, Zone

_DANE = "{1}, Sacrifice another creature: The Ever-Changing 'Dane becomes a copy of the sacrificed creature, except it has this ability."


def _become_the_sacrificed(game: Any, ability: Any) -> None:
    dane = ability.source  # "The Ever-Changing 'Dane": the object that has this ability (201.5b)
    sacrificed = ability.data["sacrificed"][0]
    if any("1" in e.parts and any(c is sacrificed for c in e.affected or ()) for e in game.effects):
        # Its copiable values as it last existed would be those a copy effect gave it (707.2, 608.2h).
        raise NotModelledError("becoming a copy of a sacrificed creature that was itself a copy is not modelled")
    if dane.zone is not Zone.BATTLEFIELD or dane.incarnation != ability.data["incarnation"]:
        return
    game.become_copy(dane, sacrificed, keeps=TheEverChangingDane())


class TheEverChangingDane(CardDefinition):
    name, mana_cost, type_line = "The Ever-Changing 'Dane", "{W}{U}{B}", "Legendary Creature — Shapeshifter"
    power, toughness = 3, 3
    oracle = _DANE
    activated = (AbilityDefinition(_DANE, _become_the_sacrificed, mana="{1}", sacrifice="another creature"),)
