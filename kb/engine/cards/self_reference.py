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


def _regenerate_this(game: Any, ability: Any) -> None:
    game.regenerate(ability.source, source=ability.source)


class SkithiryxTheBlightDragon(CardDefinition):
    name, mana_cost, type_line = "Skithiryx, the Blight Dragon", "{3}{B}{B}", "Legendary Creature — Phyrexian Dragon Skeleton"
    power, toughness = 4, 4
    keywords = ("Flying", "Infect")
    oracle = "Flying. Infect. {B}{B}: Regenerate Skithiryx, the Blight Dragon."
    activated = (AbilityDefinition("{B}{B}: Regenerate Skithiryx, the Blight Dragon.", _regenerate_this, mana="{B}{B}"),)


def _gain_all_activated(game: Any, ability: Any) -> None:
    if game.pay_mana:
        raise NotModelledError("spending blue mana as though it were any color for Quicksilver Elemental's abilities is not modelled")
    elemental = ability.source
    if elemental.zone is not Zone.BATTLEFIELD or elemental.incarnation != ability.data["incarnation"]:
        return
    for target in ability.targets:
        game.gain_activated_abilities(elemental, target, by=elemental)


class QuicksilverElemental(CardDefinition):
    name, mana_cost, type_line = "Quicksilver Elemental", "{3}{U}{U}", "Creature — Elemental"
    power, toughness = 3, 4
    oracle = (
        "{U}: This creature gains all activated abilities of target creature until end of turn. You may spend blue "
        "mana as though it were mana of any color to pay the activation costs of this creature's abilities."
    )
    activated = (AbilityDefinition("{U}: This creature gains all activated abilities of target creature until end of turn.", _gain_all_activated, mana="{U}", target="creature"),)
