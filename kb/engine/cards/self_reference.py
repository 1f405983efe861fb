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
        raise NotModelledError("becoming a copy of a sacrificed creature that was itself a copy is not modelled", rules=("707.2", "608.2h"))
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
        raise NotModelledError("spending blue mana as though it were any color for Quicksilver Elemental's abilities is not modelled", rules="609.4b")
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


# ----- linked abilities gained together (607.5)


def _two_damage(game: Any, ability: Any) -> None:
    for target in ability.targets:
        game.deal_damage(ability, target, 2)


class ArcSlogger(CardDefinition):
    name, mana_cost, type_line = "Arc-Slogger", "{3}{R}{R}", "Creature — Beast"
    power, toughness = 4, 5
    oracle = "{R}, Exile the top ten cards of your library: This creature deals 2 damage to any target."
    activated = (AbilityDefinition(oracle, _two_damage, mana="{R}", exile_from_library=10, target="any"),)


def _exile_blocking_or_blocked(game: Any, ability: Any) -> None:
    game.exile_linked(ability, [t for t in ability.targets if t.zone is Zone.BATTLEFIELD])


def _return_exiled_creature(game: Any, ability: Any) -> None:
    from kb.engine.decisions import Decision

    creatures = tuple(c for c in game.exiled_linked(ability) if "Creature" in c.types)
    if not creatures:
        return
    chosen = creatures[0] if len(creatures) == 1 else game.decide(Decision(ability.controller, "choose_card", creatures, rule="607.2a", context={"source": ability.source}))
    game.put_onto_battlefield(chosen, ability.controller)


class SistersOfStoneDeath(CardDefinition):
    name, mana_cost, type_line = "Sisters of Stone Death", "{4}{B}{B}{G}{G}", "Legendary Creature — Gorgon"
    power, toughness = 7, 5
    in_part = True  # "{G}: Target creature blocks Sisters of Stone Death this turn if able." is left out
    oracle = (
        "{B}{G}: Exile target creature blocking or blocked by Sisters of Stone Death. "
        "{2}{B}: Put a creature card exiled with Sisters of Stone Death onto the battlefield under your control."
    )
    activated = (
        AbilityDefinition("{B}{G}: Exile target creature blocking or blocked by Sisters of Stone Death.", _exile_blocking_or_blocked, mana="{B}{G}", target="creature blocking or blocked by this"),
        AbilityDefinition("{2}{B}: Put a creature card exiled with Sisters of Stone Death onto the battlefield under your control.", _return_exiled_creature, mana="{2}{B}"),
    )
