"""Linked abilities (607): choices made as a permanent enters (614.12), and cards exiled with it."""

from __future__ import annotations

from kb.engine.layers import INDEFINITE, ContinuousEffect, add_types, grant, modify
from kb.engine.manapool import basic_land_ability
from kb.engine.objects import COLOR_ORDER
from kb.engine.game import AbilityDefinition, ActivatedAbility, Card, CardDefinition, Decision
from kb.engine.game import Event, Game, Step, TriggeredAbility, Zone
from kb.engine.cards.templates import triggered_ability
from kb.engine.typeline import CREATURE_TYPES
from kb.engine.define import Trigger, at_beginning_of


def _add_chosen_color(game: Game, ability: ActivatedAbility) -> None:
    # 607.2a: "the chosen color" is the one chosen for this object by the linked "as enters"
    # ability; if none was (607.5a), the mana's type is undefined and none is added (106.5).
    game.add_mana(ability.controller, [game.chosen(ability.source, "color")], source=ability.source)


def _chosen_color_mana(game: Game, card: Card) -> frozenset[str]:
    color = game.chosen(card, "color")
    return frozenset((color,)) if color else frozenset()


class QuirionElves(CardDefinition):
    name, mana_cost, type_line = "Quirion Elves", "{1}{G}", "Creature — Elf Druid"
    power, toughness = 1, 1
    oracle = "As this creature enters, choose a color. {T}: Add {G}. {T}: Add one mana of the chosen color."
    activated = (
        basic_land_ability("G"),
        AbilityDefinition("{T}: Add one mana of the chosen color.", _add_chosen_color, tap=True, adds_mana=True, produces=_chosen_color_mana),
    )

    def as_enters(self, game: Game, card: Card) -> None:
        game.choose_as_enters(card, "color", COLOR_ORDER)


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _protection_from_chosen_color(game: Game, card: Card) -> ContinuousEffect:
    color = game.chosen(card, "color")
    keywords = (f"Protection from {COLOR_WORDS[color]}",) if color else ()
    return grant(*keywords, affected=[card], text="This creature has protection from the chosen color.")


class VoiceOfAll(CardDefinition):
    name, mana_cost, type_line = "Voice of All", "{2}{W}{W}", "Creature — Angel"
    power, toughness = 2, 2
    keywords = ("Flying",)
    oracle = "Flying. As this creature enters, choose a color. This creature has protection from the chosen color."
    static = (_protection_from_chosen_color,)

    def as_enters(self, game: Game, card: Card) -> None:
        game.choose_as_enters(card, "color", COLOR_ORDER)


def _automaton_type(game: Game, card: Card) -> ContinuousEffect:
    chosen = game.chosen(card, "creature_type")
    return add_types(subtypes=(chosen,) if chosen else (), affected=[card], text="This creature is the chosen type in addition to its other types.")


def _automaton_lord(game: Game, card: Card) -> ContinuousEffect:
    chosen = game.chosen(card, "creature_type")

    def applies(g: Game, other: Card, chars) -> bool:
        return other is not card and chosen is not None and "Creature" in chars.types and chosen in chars.subtypes and chars.controller is card.controller

    return modify(1, 1, applies_to=applies, text="Other creatures you control of the chosen type get +1/+1.")


class AdaptiveAutomaton(CardDefinition):
    name, mana_cost, type_line = "Adaptive Automaton", "{3}", "Artifact Creature — Construct"
    power, toughness = 2, 2
    oracle = (
        "As this creature enters, choose a creature type. This creature is the chosen type in addition to its "
        "other types. Other creatures you control of the chosen type get +1/+1."
    )
    static = (_automaton_type, _automaton_lord)

    def as_enters(self, game: Game, card: Card) -> None:
        game.choose_as_enters(card, "creature_type", sorted(CREATURE_TYPES))


def _plume_gains_life(game: Game, ability: TriggeredAbility) -> None:
    if game.decide(Decision(ability.controller, "may_gain_life", (False, True), rule="608.2d", context={"source": ability.source})):
        game.gain_life(ability.controller, 1)


class ParadisePlume(CardDefinition):
    name, mana_cost, type_line = "Paradise Plume", "{4}", "Artifact"
    oracle = (
        "As this artifact enters, choose a color. Whenever a player casts a spell of the chosen color, you may "
        "gain 1 life. {T}: Add one mana of the chosen color."
    )
    activated = (AbilityDefinition("{T}: Add one mana of the chosen color.", _add_chosen_color, tap=True, adds_mana=True, produces=_chosen_color_mana),)

    def as_enters(self, game: Game, card: Card) -> None:
        game.choose_as_enters(card, "color", COLOR_ORDER)

    def triggers(self, game: Game, card: Card, event: Event):
        color = game.chosen(card, "color")
        if event.kind == "cast" and color is not None and color in event["card"].colors:
            yield triggered_ability(card, "Whenever a player casts a spell of the chosen color, you may gain 1 life.", _plume_gains_life)


class BanisherPriest(CardDefinition):
    name, mana_cost, type_line = "Banisher Priest", "{1}{W}{W}", "Creature — Human Cleric"
    power, toughness = 2, 2
    oracle = "When this creature enters, exile target creature an opponent controls until this creature leaves the battlefield."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            incarnation = card.incarnation

            def banish(game: Game, ability: TriggeredAbility, incarnation=incarnation) -> None:
                target = ability.targets[0]
                if game.casting._target_is_legal(target, "creature an opponent controls", ability.controller):
                    game.exile_until_leaves(target, ability.source, incarnation)

            yield triggered_ability(card, self.oracle, banish, target="creature an opponent controls")


def _exiled_with(game: Game, card: Card) -> list[Card]:
    """The cards exiled with `card` by its linked ability that are still in exile (607.2a)."""
    kept = card.choices.get((card.definition, "exiled_with"), [])
    return [c for c, incarnation in kept if c.zone is Zone.EXILE and c.incarnation == incarnation]


def _imprint(game: Game, ability: TriggeredAbility) -> None:
    vat, dead = ability.source, ability.data["dead"]
    if vat.zone is not Zone.BATTLEFIELD or dead.zone is not Zone.GRAVEYARD or dead.incarnation != ability.data["incarnation"]:
        return
    if not game.decide(Decision(ability.controller, "may_exile", (False, True), rule="608.2d", context={"source": vat})):
        return
    others = _exiled_with(game, vat)
    # 712.21c: "that card", of a melded permanent, is both of its cards: one choice for both.
    found = game.new_objects(dead, ability.data["incarnation"])
    game.exile_cards(found)
    vat.choices[(vat.definition, "exiled_with")] = [(card, card.incarnation) for card in found]
    for other in others:
        game._move(other, Zone.GRAVEYARD)
    if others:
        game.emit("put_into_graveyard_from_exile", "607.2a", cards=list(others))


def _exile_token_at_end(game: Game, ability: TriggeredAbility) -> None:
    token, incarnation = ability.data["object"], ability.data["incarnation"]
    if token.zone is Zone.BATTLEFIELD and token.incarnation == incarnation:
        game.exile_cards([token])


def _vat_token(game: Game, ability: ActivatedAbility) -> None:
    vat = ability.source
    exiled = _exiled_with(game, vat)
    if not exiled:
        # 111.12: with no card exiled with it, no token is created.
        game.emit("no_token", "111.12", source=vat)
        return
    original = exiled[0] if len(exiled) == 1 else game.decide(Decision(ability.controller, "choose_card", tuple(exiled), rule="607.2a"))
    # With its creation replaced (Parallel Lives), "it" is each token the effect created.
    for token in game.create_token_copies(ability.controller, original):
        game.add_effect(grant("Haste", affected=[token], duration=INDEFINITE, text="It gains haste."))
        game.add_delayed_trigger(Trigger("Exile it at the beginning of the next end step.", at_beginning_of(Step.END, "any"), _exile_token_at_end), vat, ability.controller, object=token, incarnation=token.incarnation)


class MimicVat(CardDefinition):
    name, mana_cost, type_line = "Mimic Vat", "{3}", "Artifact"
    oracle = (
        "Imprint — Whenever a nontoken creature dies, you may exile that card. If you do, return each other card "
        "exiled with Mimic Vat to its owner's graveyard. {3}, {T}: Create a token that's a copy of a card exiled "
        "with Mimic Vat. It gains haste. Exile it at the beginning of the next end step."
    )
    activated = (AbilityDefinition("{3}, {T}: Create a token that's a copy of a card exiled with Mimic Vat. It gains haste. Exile it at the beginning of the next end step.", _vat_token, mana="{3}", tap=True),)

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "dies":
            for dead in event["cards"]:
                if not dead.is_token:
                    yield triggered_ability(card, "Whenever a nontoken creature dies, you may exile that card. If you do, return each other card exiled with Mimic Vat to its owner's graveyard.", _imprint, data={"dead": dead, "incarnation": dead.incarnation})
