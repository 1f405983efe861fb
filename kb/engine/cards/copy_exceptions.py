"""Cards that enter as copies with exceptions (707.9), and the changeling creatures they copy
(702.73)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import card
from kb.engine.objects import Card, CardDefinition

AvianChangeling = card(
    "Avian Changeling",
    mana_cost="{2}{W}",
    subtypes=("Shapeshifter",),
    power=2,
    toughness=2,
    keywords=("Changeling", "Flying"),
    oracle="Changeling (This card is every creature type.) Flying",
)


def choose_to_copy(game: Any, card: Card, candidates: Any) -> Card | None:
    """"You may have this enter as a copy of <one of the candidates>" (614.1c, 707.5)."""
    options = tuple(c for c in candidates if c is not card)
    if not options:
        return None
    chosen = game.decide(Decision(card.controller, "enter_as_copy", options + (False,), rule="707.5", context={"source": card}))
    return chosen or None


class GlasspoolMimic(CardDefinition):
    name = "Glasspool Mimic"
    mana_cost = "{2}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter", "Rogue")
    power, toughness = 0, 0
    # Its back face, Glasspool Shore, a land, is not modelled.
    in_part = True
    oracle = "You may have this creature enter as a copy of a creature you control, except it's a Shapeshifter Rogue in addition to its other types."

    def as_enters(self, game: Any, card: Card) -> None:
        original = choose_to_copy(game, card, [c for c in game.battlefield if c.is_creature and c.controller is card.controller])
        if original is not None:
            game.become_copy(card, original, add_subtypes=("Shapeshifter", "Rogue"))


def enters_with_while_copying(game: Any, card: Card, effect: Any, counters: dict[str, int]) -> None:
    """"Except it enters with <counters>" (707.9e): the exception belongs to the copy effect, so it
    applies only if that copy effect is still the one that makes the permanent what it is as it
    enters; a later copy effect (a copied "enter as a copy" ability) replaces it with nothing."""
    from kb.engine.replacement import Replacement

    incarnation = card.incarnation

    def newest_copy(game: Any) -> Any:
        copies = [e for e in game.effects if "1" in e.parts and e.affected is not None and any(c is card for c in e.affected)]
        return max(copies, key=lambda e: e.timestamp) if copies else None

    def applies(game: Any, event: dict) -> bool:
        return event["card"] is card and card.incarnation == incarnation and newest_copy(game) is effect

    def apply(game: Any, event: dict) -> dict:
        game.end_replacement(replacement)
        merged = dict(event["counters"])
        for kind, amount in counters.items():
            merged[kind] = merged.get(kind, 0) + amount
        return {**event, "counters": merged}

    replacement = Replacement(f"{card.printed_definition.name} enters with additional counters", "enter", applies, apply, source=card, self_replacement=True)
    game.add_replacement(replacement)


class AlteredEgo(CardDefinition):
    name = "Altered Ego"
    mana_cost = "{X}{2}{G}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 0, 0
    oracle = (
        "This spell can't be countered. You may have this creature enter as a copy of any creature on the battlefield, "
        "except it enters with X additional +1/+1 counters on it."
    )

    def as_enters(self, game: Any, card: Card) -> None:
        original = choose_to_copy(game, card, [c for c in game.battlefield if c.is_creature])
        if original is None:
            return
        effect = game.become_copy(card, original)
        x = _x_paid(game, card)
        if x:
            enters_with_while_copying(game, card, effect, {"+1/+1": x})


def _x_paid(game: Any, card: Card) -> int:
    """The value of X of the spell that is resolving into the permanent `card` (107.3)."""
    for event in reversed(game.events):
        if event.kind == "resolves" and getattr(event["object"], "card", None) is card:
            return event["object"].x or 0
    return 0


class MoritteOfTheFrost(CardDefinition):
    name = "Moritte of the Frost"
    mana_cost = "{2}{G}{U}{U}"
    supertypes = ("Legendary", "Snow")
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 0, 1
    keywords = ("Changeling",)
    oracle = (
        "Changeling. You may have Moritte enter as a copy of a permanent you control, except it's legendary and snow in "
        "addition to its other types and, if it's a creature, it enters with two additional +1/+1 counters on it and has changeling."
    )

    def as_enters(self, game: Any, card: Card) -> None:
        original = choose_to_copy(game, card, [c for c in game.battlefield if c.controller is card.controller])
        if original is None:
            return
        # 707.9f: whether it's a creature is judged from the values it copies, as it enters.
        creature = "Creature" in game.copiable_values(original).types
        effect = game.become_copy(
            card, original, add_supertypes=("Legendary", "Snow"), add_keywords=("Changeling",) if creature else ()
        )
        if creature:
            enters_with_while_copying(game, card, effect, {"+1/+1": 2})
