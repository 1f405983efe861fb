"""Meld cards (701.42, 712.4) and the cards the rules use to show a melded permanent leaving the
battlefield (712.21): each finds both cards of the melded permanent where it went."""

from __future__ import annotations

from collections.abc import Iterable

from kb.engine.decisions import Decision
from kb.engine.define import Trigger, at_beginning_of, spell_card
from kb.engine.game import Card, CardDefinition, Event, Game, Step, TriggeredAbility, Zone
from kb.engine.layers import ContinuousEffect, grant, modify
from kb.engine.meld import MeldCardDefinition
from kb.engine.replacement import Replacement
from kb.engine.cards.templates import at_beginning_of_your, triggered_ability


# ----- the meld pair Midnight Scavengers and Graf Rats (712.5a)


def _chittering_host_enters(game: Game, ability: TriggeredAbility) -> None:
    host, controller = ability.source, ability.controller
    others = [c for c in game.battlefield if c.is_creature and c.controller is controller and c is not host]
    text = "other creatures you control get +1/+0 and gain menace until end of turn"
    game.add_effect(modify(1, 0, affected=others, text=text))
    game.add_effect(grant("Menace", affected=others, text=text))


class _ChitteringHost(CardDefinition):
    face_name, type_line = "Chittering Host", "Creature — Eldrazi Horror"
    power, toughness = 5, 6
    colors = ("B",)
    keywords = ("Menace",)
    oracle = "Menace. When this creature enters, other creatures you control get +1/+0 and gain menace until end of turn."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "enters" and event["card"] is card:
            yield triggered_ability(card, "When this creature enters, other creatures you control get +1/+0 and gain menace until end of turn.", _chittering_host_enters)


class _MidnightScavengers(CardDefinition):
    face_name, mana_cost, type_line = "Midnight Scavengers", "{4}{B}", "Creature — Human Rogue"
    power, toughness = 3, 3
    in_part = True
    oracle = "(Melds with Graf Rats.)"


class MidnightScavengers(MeldCardDefinition):
    front, back = _MidnightScavengers, _ChitteringHost
    melds_with = "Graf Rats"


_GRAF_RATS_MELDS = (
    "At the beginning of combat on your turn, if you both own and control this creature and a creature named "
    "Midnight Scavengers, exile them, then meld them into Chittering Host."
)


def _scavengers_you_own_and_control(game: Game, rats: Card) -> list[Card]:
    you = rats.controller
    return [c for c in game.battlefield if c.name == "Midnight Scavengers" and c.is_creature and c.owner is you and c.controller is you]


def _can_meld(game: Game, ability: TriggeredAbility) -> bool:
    rats = ability.source
    owns_and_controls = rats.zone is Zone.BATTLEFIELD and rats.owner is rats.controller is ability.controller
    return owns_and_controls and bool(_scavengers_you_own_and_control(game, rats))


def _exile_and_meld(game: Game, ability: TriggeredAbility) -> None:
    rats = ability.source
    candidates = _scavengers_you_own_and_control(game, rats)
    scavengers = candidates[0] if len(candidates) == 1 else game.decide(Decision(ability.controller, "choose_card", tuple(candidates), rule="608.2d"))
    game.exile_cards([rats, scavengers])
    if rats.zone is Zone.EXILE and scavengers.zone is Zone.EXILE:
        game.meld(rats, scavengers, ability.controller)


class _GrafRats(CardDefinition):
    face_name, mana_cost, type_line = "Graf Rats", "{1}{B}", "Creature — Rat"
    power, toughness = 2, 1
    oracle = f"{_GRAF_RATS_MELDS} (Melds with Midnight Scavengers.)"

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if at_beginning_of_your(Step.BEGINNING_OF_COMBAT, game, card, event):
            ability = triggered_ability(card, _GRAF_RATS_MELDS, _exile_and_meld, condition=_can_meld)
            if _can_meld(game, ability):  # an intervening "if" clause (603.4)
                yield ability


class GrafRats(MeldCardDefinition):
    front, back = _GrafRats, _ChitteringHost
    melds_with = "Midnight Scavengers"


# ----- effects that find the new object a permanent becomes (712.21c)


def _return_at_end_step(game: Game, ability: TriggeredAbility) -> None:
    returning = [card for card, incarnation in ability.data["cards"] if card.zone is Zone.EXILE and card.incarnation == incarnation]
    if returning:
        game.emit("return_from_exile", "712.21c" if len(returning) > 1 else "610.3c", cards=returning)
    for card in returning:
        game._put_onto_battlefield(card, card.owner, counters={"+1/+1": 1})


_JOURNEY_RETURNS = "At the beginning of the next end step, return that card to the battlefield under its owner's control with a +1/+1 counter on it."


@spell_card(
    "Otherworldly Journey", mana_cost="{1}{W}", type_line="Instant — Arcane", spell_target="creature",
    oracle=f"Exile target creature. {_JOURNEY_RETURNS}",
)
def OtherworldlyJourney(game: Game, spell) -> None:
    creature = spell.targets[0]
    game.exile_cards([creature])
    found = game.new_objects(creature, creature.incarnation) if creature.zone is Zone.EXILE else []
    if found:
        trigger = Trigger(_JOURNEY_RETURNS, at_beginning_of(Step.END, "any"), _return_at_end_step)
        game.add_delayed_trigger(trigger, spell.card, spell.controller, cards=[(c, c.incarnation) for c in found])


_FALSE_DEMISE_RETURNS = "When enchanted creature dies, return that card to the battlefield under your control."


def _return_under_your_control(game: Game, ability: TriggeredAbility) -> None:
    for card in game.new_objects(ability.data["dead"], ability.data["incarnation"]):
        if card.zone is Zone.GRAVEYARD:
            game._put_onto_battlefield(card, ability.controller)


class FalseDemise(CardDefinition):
    name, mana_cost, type_line = "False Demise", "{2}{U}", "Enchantment — Aura"
    spell_target = "creature"
    oracle = f"Enchant creature. {_FALSE_DEMISE_RETURNS}"

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "dies":
            for dead in event["cards"]:
                if dead is card.attached_to:
                    yield triggered_ability(card, _FALSE_DEMISE_RETURNS, _return_under_your_control, data={"dead": dead, "incarnation": dead.incarnation})


# ----- Duplicant: the last creature card exiled with it (712.21b)


def _exiled_with_duplicant(card: Card) -> list[Card]:
    return [c for c, incarnation in card.choices.get((Duplicant, "exiled_with"), ()) if c.zone is Zone.EXILE and c.incarnation == incarnation]


def _duplicant_exiles(game: Game, ability: TriggeredAbility) -> None:
    duplicant, target = ability.source, ability.targets[0]
    if not game.decide(Decision(ability.controller, "may_exile", (False, True), rule="608.2d", context={"source": duplicant})):
        return
    game.exile_cards([target])
    found = game.new_objects(target, target.incarnation) if target.zone is Zone.EXILE else []
    ordered = game.choose_last_exiled(ability.controller, found, duplicant)
    if duplicant.zone is Zone.BATTLEFIELD:
        exiled = duplicant.choices.setdefault((Duplicant, "exiled_with"), [])
        exiled.extend((c, c.incarnation) for c in ordered)


class Duplicant(CardDefinition):
    name, mana_cost, type_line = "Duplicant", "{6}", "Artifact Creature — Shapeshifter"
    power, toughness = 2, 4
    oracle = (
        "Imprint — When Duplicant enters, you may exile target nontoken creature. As long as a card exiled with "
        "Duplicant is a creature card, Duplicant has the power, toughness, and creature types of the last creature "
        "card exiled with Duplicant. It's still a Shapeshifter."
    )

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "enters" and event["card"] is card:
            yield triggered_ability(card, "Imprint — When Duplicant enters, you may exile target nontoken creature.", _duplicant_exiles, target="nontoken creature")

    def static_effects(self, game: Game, card: Card) -> Iterable[ContinuousEffect]:
        creatures = [c for c in _exiled_with_duplicant(card) if c.is_creature]
        if not creatures:
            return []
        last = creatures[-1]
        creature_types = tuple(last.subtypes)

        def types(chars) -> None:
            chars.subtypes = creature_types + tuple(t for t in ("Shapeshifter",) if t not in creature_types)

        def size(chars) -> None:
            chars.power, chars.toughness = last.power, last.toughness

        return [ContinuousEffect({"4": types, "7b": size}, applies_to=lambda g, c, chars: c is card, text=self.oracle)]


# ----- replacement effects on a card put into a graveyard (712.21d)


class LeylineOfTheVoid(CardDefinition):
    name, mana_cost, type_line = "Leyline of the Void", "{2}{B}{B}", "Enchantment"
    in_part = True
    oracle = "If a card would be put into an opponent's graveyard from anywhere, exile it instead."

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            moving = event["card"]
            return event["to"] is Zone.GRAVEYARD and not moving.is_token and moving.owner in game.opponents(card.controller)

        yield Replacement(self.oracle, "zone_change", applies, lambda game, event: {**event, "to": Zone.EXILE}, source=card)


class WheelOfSunAndMoon(CardDefinition):
    name, mana_cost, type_line = "Wheel of Sun and Moon", "{G/W}{G/W}", "Enchantment — Aura"
    spell_target = "player"
    oracle = (
        "Enchant player. If a card would be put into enchanted player's graveyard from anywhere, instead that card "
        "is revealed and put on the bottom of its owner's library."
    )

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            moving = event["card"]
            return event["to"] is Zone.GRAVEYARD and not moving.is_token and moving.owner is card.attached_to

        def apply(game: Game, event: dict) -> None:
            moving = event["card"]
            game.emit("reveal", "701.20a", cards=game.cards_of(moving), source=card)
            game._move(moving, Zone.LIBRARY, top=False)
            return None

        yield Replacement(self.oracle, "zone_change", applies, apply, source=card)


# ----- a creature that counts creatures dying, one by one


def _each_opponent_loses_1(game: Game, ability: TriggeredAbility) -> None:
    for opponent in game.affected_opponents(ability.controller):
        game.lose_life(opponent, 1)


class PoisonTipArcher(CardDefinition):
    name, mana_cost, type_line = "Poison-Tip Archer", "{2}{B}{G}", "Creature — Elf Archer"
    power, toughness = 2, 3
    keywords = ("Reach", "Deathtouch")
    oracle = "Reach, deathtouch. Whenever another creature dies, each opponent loses 1 life."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "dies":
            for dead in event["cards"]:
                if dead is not card:
                    yield triggered_ability(card, "Whenever another creature dies, each opponent loses 1 life.", _each_opponent_loses_1)
