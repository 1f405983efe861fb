"""Flip cards (710) and a permanent that copies cards in graveyards (Dimir Doppelganger)."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger
from kb.engine.flip import FlipCardDefinition
from kb.engine.objects import AbilityDefinition, CardDefinition, Zone
from kb.engine.replacement import Replacement
from kb.engine.turns import Step


# ----- Akki Lavarunner // Tok-Tok, Volcano Born


class _TokTok(CardDefinition):
    name = ""
    half_name = "Tok-Tok, Volcano Born"
    supertypes = ("Legendary",)
    types = ("Creature",)
    subtypes = ("Goblin", "Shaman")
    power, toughness = 2, 2
    keywords = ("Protection from red",)
    oracle = "Protection from red. If a red source would deal damage to a player, it deals that much damage plus 1 to that player instead."

    def replacements(self, game: Any, card: Any):
        def applies(game: Any, event: dict) -> bool:
            from kb.engine.players import Player

            source = event["source"]
            return isinstance(event["target"], Player) and source is not None and "R" in source.colors and event["amount"] > 0

        def apply(game: Any, event: dict) -> dict:
            return {**event, "amount": event["amount"] + 1}

        return [Replacement(self.oracle.split(". ", 1)[1], "damage", applies, apply, source=card)]


def _deals_damage_to_an_opponent(game: Any, card: Any, event: Any) -> bool:
    from kb.engine.players import Player

    target = event["target"] if event.kind == "damage" else None
    return event.kind == "damage" and event["source"] is card and isinstance(target, Player) and target in game.opponents(card.controller)


class AkkiLavarunner(FlipCardDefinition):
    name = "Akki Lavarunner"
    mana_cost = "{3}{R}"
    types = ("Creature",)
    subtypes = ("Goblin", "Warrior")
    power, toughness = 1, 1
    keywords = ("Haste",)
    oracle = "Haste. Whenever Akki Lavarunner deals damage to an opponent, flip it."
    flipped_half = _TokTok
    triggered = (Trigger("Whenever Akki Lavarunner deals damage to an opponent, flip it.", _deals_damage_to_an_opponent, lambda game, ability: game.flip(ability.source)),)


# ----- Jushi Apprentice // Tomoya the Revealer


def _draw_then_flip_at_nine(game: Any, ability: Any) -> None:
    you = ability.controller
    game.draw(you, 1)
    if len(you.hand) >= 9:
        game.flip(ability.source)


def _target_draws_your_hand_size(game: Any, ability: Any) -> None:
    game.draw(ability.targets[0], len(ability.controller.hand))


class _Tomoya(CardDefinition):
    name = ""
    half_name = "Tomoya the Revealer"
    supertypes = ("Legendary",)
    types = ("Creature",)
    subtypes = ("Human", "Wizard")
    power, toughness = 2, 3
    oracle = "{3}{U}{U}, {T}: Target player draws X cards, where X is the number of cards in your hand."
    activated = (AbilityDefinition(oracle, _target_draws_your_hand_size, mana="{3}{U}{U}", tap=True, target="player"),)


class JushiApprentice(FlipCardDefinition):
    name = "Jushi Apprentice"
    mana_cost = "{1}{U}"
    types = ("Creature",)
    subtypes = ("Human", "Wizard")
    power, toughness = 1, 2
    oracle = "{2}{U}, {T}: Draw a card. Then if you have nine or more cards in hand, flip Jushi Apprentice."
    flipped_half = _Tomoya
    activated = (AbilityDefinition(oracle, _draw_then_flip_at_nine, mana="{2}{U}", tap=True),)


# ----- Nezumi Shortfang // Stabwhisker the Odious


def _discard_then_flip(game: Any, ability: Any) -> None:
    from kb.engine.decisions import Decision

    opponent = ability.targets[0]
    if opponent.hand:
        chosen = game.decide(Decision(opponent, "discard", tuple(opponent.hand), rule="701.9"))
        game.discard(opponent, [chosen])
    if not opponent.hand:
        game.flip(ability.source)


def _stabwhisker_upkeep(game: Any, card: Any, event: Any) -> bool:
    return event.kind == "beginning_of" and event["step"] is Step.UPKEEP and any(p in game.opponents(card.controller) for p in game.active_players)


def _lose_for_missing_cards(game: Any, ability: Any) -> None:
    for player in [p for p in game.active_players if p in game.opponents(ability.controller)]:
        missing = max(0, 3 - len(player.hand))
        if missing:
            game.lose_life(player, missing)


class _Stabwhisker(CardDefinition):
    name = ""
    half_name = "Stabwhisker the Odious"
    supertypes = ("Legendary",)
    types = ("Creature",)
    subtypes = ("Rat", "Shaman")
    power, toughness = 3, 3
    oracle = "At the beginning of each opponent's upkeep, that player loses 1 life for each card fewer than three in their hand."
    triggered = (Trigger(oracle, _stabwhisker_upkeep, _lose_for_missing_cards),)


class NezumiShortfang(FlipCardDefinition):
    name = "Nezumi Shortfang"
    mana_cost = "{1}{B}"
    types = ("Creature",)
    subtypes = ("Rat", "Rogue")
    power, toughness = 1, 1
    oracle = "{1}{B}, {T}: Target opponent discards a card. Then if that player has no cards in hand, flip Nezumi Shortfang."
    flipped_half = _Stabwhisker
    activated = (AbilityDefinition(oracle, _discard_then_flip, mana="{1}{B}", tap=True, target="opponent"),)


# ----- Dimir Doppelganger


def _exile_and_become(game: Any, ability: Any) -> None:
    target, doppelganger = ability.targets[0], ability.source
    game.exile_cards([target])
    if doppelganger.zone is Zone.BATTLEFIELD and target.zone is Zone.EXILE:
        game.become_copy(doppelganger, target, keeps=_DoppelgangerAbility())


_DOPPELGANGER_TEXT = "{1}{U}{B}: Exile target creature card from a graveyard. Dimir Doppelganger becomes a copy of that card, except it has this ability."


class _DoppelgangerAbility(CardDefinition):
    """The ability a Dimir Doppelganger's copy keeps (never registered by name)."""

    oracle = _DOPPELGANGER_TEXT
    activated = (AbilityDefinition(_DOPPELGANGER_TEXT, _exile_and_become, mana="{1}{U}{B}", target="creature card in a graveyard"),)


class DimirDoppelganger(CardDefinition):
    name = "Dimir Doppelganger"
    mana_cost = "{1}{U}{B}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 0, 2
    oracle = _DOPPELGANGER_TEXT
    activated = _DoppelgangerAbility.activated
