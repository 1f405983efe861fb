"""Permanents known by their activated abilities (602), other than mana abilities."""

from __future__ import annotations

import math

from kb.engine.layers import add_types, modify
from kb.engine.define import card
from kb.engine.game import AbilityDefinition, ActivatedAbility, Card, CardDefinition, Game, Zone


class Millstone(CardDefinition):
    name, mana_cost, type_line = "Millstone", "{2}", "Artifact"
    oracle = "{2}, {T}: Target player mills two cards."

    @staticmethod
    def _mill(game: Game, ability: ActivatedAbility) -> None:
        game.mill(ability.targets[0], 2)

    activated = (AbilityDefinition("{2}, {T}: Target player mills two cards.", _mill, mana="{2}", tap=True, target="player"),)


class LurkingEvil(CardDefinition):
    name, name_es, mana_cost, type_line = "Lurking Evil", "Mal furtivo", "{B}{B}{B}", "Enchantment"
    oracle = "Pay half your life, rounded up: Lurking Evil becomes a 4/4 Horror creature with flying."

    @staticmethod
    def _become(game: Game, ability: ActivatedAbility) -> None:
        card = ability.source
        if card.zone is not Zone.BATTLEFIELD:
            return
        card.becomes.update(types=("Creature",), subtypes=("Horror",), power=4, toughness=4, keywords=("Flying",))
        game.emit("becomes_creature", "613", card=card, power=4, toughness=4)

    activated = (
        AbilityDefinition(
            "Pay half your life, rounded up: Lurking Evil becomes a 4/4 Horror creature with flying.",
            _become,
            life=lambda game, player: math.ceil(game.life_of(player) / 2),
        ),
    )


def _colossus_pump(game: Game, ability: ActivatedAbility) -> None:
    card = ability.source
    if card.zone is not Zone.BATTLEFIELD:
        return
    # Rule 107.1b: a calculation that gives a negative number uses zero instead.
    x = max(0, card.power or 0)
    game.add_effect(modify(x, x, affected=[card], text=f"+{x}/+{x} until end of turn"))


ChameleonColossus = card(
    "Chameleon Colossus", mana_cost="{2}{G}{G}", type_line="Creature — Shapeshifter", power=4, toughness=4,
    # Its keywords too: left out, a black spell could target it (702.16b).
    keywords=("Changeling", "Protection from black"),
    in_part=True, oracle="{2}{G}{G}: This creature gets +X/+X until end of turn, where X is its power.",
    activated=(AbilityDefinition("", _colossus_pump, mana="{2}{G}{G}"),),
)


def _saproling(game: Game, ability: ActivatedAbility) -> None:
    game.create_tokens(ability.controller, Card.token(power=1, toughness=1, colors="G", subtypes=("Saproling",)))


JadeMage = card(
    "Jade Mage", mana_cost="{1}{G}", type_line="Creature — Human Shaman", power=2, toughness=1,
    oracle="{2}{G}: Create a 1/1 green Saproling creature token.",
    activated=(AbilityDefinition("", _saproling, mana="{2}{G}"),),
)


def _chimeric(game: Game, ability: ActivatedAbility) -> None:
    card, x = ability.source, ability.data["x"]
    if card.zone is Zone.BATTLEFIELD:
        game.add_effect(add_types("Artifact", "Creature", subtypes=("Construct",), power=x, toughness=x, affected=[card]))


ChimericStaff = card(
    "Chimeric Staff", mana_cost="{4}", type_line="Artifact",
    oracle="{X}: This artifact becomes an X/X Construct artifact creature until end of turn.",
    activated=(AbilityDefinition("", _chimeric, mana="{X}"),),
)


DrudgeSkeletons = card(
    "Drudge Skeletons", mana_cost="{1}{B}", type_line="Creature — Skeleton", power=1, toughness=1,
    oracle="{B}: Regenerate this creature.",
    activated=(AbilityDefinition("", lambda game, ability: game.regenerate(ability.source), mana="{B}"),),
)


def _reassemble(game: Game, ability: ActivatedAbility) -> None:
    card = ability.source
    if card.zone is Zone.GRAVEYARD:
        game._put_onto_battlefield(card, card.owner)
        card.tapped = True  # it enters tapped: it does not become tapped (603.2e)


ReassemblingSkeleton = card(
    "Reassembling Skeleton", mana_cost="{1}{B}", type_line="Creature — Skeleton Warrior", power=1,
    toughness=1, oracle="{1}{B}: Return this card from your graveyard to the battlefield tapped.",
    activated=(AbilityDefinition("", _reassemble, mana="{1}{B}", zone="graveyard"),),
)


FountainOfYouth = card(
    "Fountain of Youth", mana_cost="{0}", type_line="Artifact", oracle="{2}, {T}: You gain 1 life.",
    activated=(AbilityDefinition("", lambda game, ability: game.gain_life(ability.controller, 1), mana="{2}", tap=True),),
)
