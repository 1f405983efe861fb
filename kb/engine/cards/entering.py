"""Cards about permanents entering the battlefield: those that stop them (608.3e, 614.12), and
the replacement effects that apply as they enter (614.13)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import Trigger
from kb.engine.entering import entering_from, entering_now
from kb.engine.errors import NotModelledError
from kb.engine.objects import CardDefinition, Zone
from kb.engine.replacement import Replacement


class WormsOfTheEarth(CardDefinition):
    name, mana_cost, type_line = "Worms of the Earth", "{2}{B}{B}{B}", "Enchantment"
    in_part = True
    oracle = "Players can't play lands.\nLands can't enter the battlefield."

    def forbids(self, game: Any, card: Any, player: Any, action: str) -> bool:
        return action == "play lands"

    def forbids_entering(self, game: Any, source: Any, card: Any) -> bool:
        # As it would exist on the battlefield: a Clone copying a land creature is a land (614.12).
        return "Land" in card.types


class SuturedGhoul(CardDefinition):
    name, mana_cost, type_line = "Sutured Ghoul", "{4}{B}{B}{B}", "Creature — Zombie"
    keywords = ("Trample",)
    oracle = (
        "Trample\nAs this creature enters, exile any number of creature cards from your graveyard.\n"
        "Sutured Ghoul's power is equal to the total power of the exiled cards and its toughness is equal to their total toughness."
    )

    def as_enters(self, game: Any, card: Any) -> None:
        # 614.13a: not itself, nor any other object entering the battlefield at the same time.
        entering = entering_now(game)
        you = card.controller
        options = tuple(c for c in you.graveyard if c.is_creature and c is not card and not any(c is e for e in entering))
        chosen = game.decide(Decision(you, "exile_as_enters", options, count=(0, len(options)), rule="614.13a", context={"source": card})) if options else []
        game.exile_cards(list(chosen), rule="614.1c")
        card.__dict__["sutured"] = (card.incarnation, list(chosen))

    def _exiled(self, card: Any) -> list[Any]:
        incarnation, exiled = card.__dict__.get("sutured", (None, []))
        return exiled if incarnation == card.incarnation else []

    def power_of(self, card: Any) -> int | None:
        return sum(c.power or 0 for c in self._exiled(card))

    def toughness_of(self, card: Any) -> int | None:
        return sum(c.toughness or 0 for c in self._exiled(card))


class CourserOfKruphix(CardDefinition):
    name, mana_cost, type_line = "Courser of Kruphix", "{1}{G}{G}", "Enchantment Creature — Centaur"
    power, toughness = 2, 4
    oracle = "Play with the top card of your library revealed. You may play lands from the top of your library. Whenever a land you control enters, you gain 1 life."
    triggered = (Trigger(
        "Whenever a land you control enters, you gain 1 life.",
        lambda game, card, event: event.kind == "enters" and "Land" in event["card"].types and event["card"].controller is card.controller,
        lambda game, ability: game.gain_life(ability.controller, 1) and None,
    ),)

    def lets_play_lands_from_library_top(self, game: Any, source: Any, player: Any) -> bool:
        return player is source.controller


class BreedingPool(CardDefinition):
    name, type_line = "Breeding Pool", "Land — Forest Island"
    oracle = "({T}: Add {G} or {U}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped."

    def as_enters(self, game: Any, card: Any) -> None:
        you = card.controller
        if game.decide(Decision(you, "may_pay_life", (False, True), rule="614.1c", context={"source": card})):
            game.pay_life(you, 2)
        else:
            card.tapped = True


class AshiokWickedManipulator(CardDefinition):
    name, mana_cost, type_line = "Ashiok, Wicked Manipulator", "{3}{B}{B}", "Legendary Planeswalker — Ashiok"
    loyalty = 5
    in_part = True
    oracle = "If you would pay life while your library has at least that many cards in it, exile that many cards from the top of your library instead."

    def replacements(self, game: Any, card: Any):
        def applies(game: Any, event: dict) -> bool:
            you, amount = card.controller, event["amount"]
            if event["player"] is not you:
                return False
            entering = entering_from(game)
            if entering is not None and entering[1] is Zone.LIBRARY and entering[0].owner is you and len(you.library) == amount - 1:
                # 614.13c leaves out the entering card from the exile; whether it counts towards
                # "at least that many cards" is not said.
                raise NotModelledError("whether a card entering from the library counts towards Ashiok's 'at least that many cards' is not modelled (614.13c)")
            return len(you.library) >= amount

        def apply(game: Any, event: dict) -> None:
            # The card entering from the library is no longer among its cards (614.13c).
            game.exile_cards(list(card.controller.library[: event["amount"]]), rule="614.1a")
            return None

        return [Replacement(self.oracle, "pay_life", applies, apply, source=card)]
