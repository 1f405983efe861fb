"""A copy of a spell given a new target that a replacement effect made several (707.10e), and the
token doubler that makes them."""

from __future__ import annotations

from typing import Any

from kb.engine.cards.counters import _DOUBLE_TOKENS, _Replacing
from kb.engine.decisions import Decision
from kb.engine.define import Trigger, spell_card, when_enters
from kb.engine.doubling import tokens_replacement
from kb.engine.errors import NotModelledError
from kb.engine.layers import modify
from kb.engine.objects import Card, CardDefinition
from kb.engine.stack import Spell


class AnointedProcession(_Replacing):
    name = "Anointed Procession"
    mana_cost, types = "{3}{W}", ("Enchantment",)
    oracle = _DOUBLE_TOKENS
    replacing = (tokens_replacement(oracle),)


def _soldier() -> Card:
    return Card.token(power=1, toughness=1, colors="R", subtypes=("Soldier",), keywords=("Haste",))


def _create_soldier(game: Any, ability: Any) -> list[Card]:
    return game.create_tokens(ability.controller, _soldier())


def _spell_cast(game: Any, event: Any) -> Spell | None:
    return next((o for o in game.stack if isinstance(o, Spell) and o.card is event["card"]), None)


def _targets_one_creature_you_control(game: Any, card: Card, event: Any) -> bool:
    if event.kind != "cast" or event["player"] is not card.controller:
        return False
    targets = list({id(t): t for t in event.get("targets") or []}.values())
    return len(targets) == 1 and isinstance(targets[0], Card) and targets[0].is_creature and targets[0].controller is card.controller


def _soldier_then_copy(game: Any, ability: Any) -> None:
    you = ability.controller
    tokens = _create_soldier(game, ability)
    spell = _spell_cast(game, ability.data["event"])
    if spell is None:
        raise NotModelledError("copying a spell that has left the stack (707.10, 608.2h) is not modelled")
    if not tokens:
        return
    # 707.10e: with the token creation replaced, the copy's controller chooses one of them.
    token = tokens[0] if len(tokens) == 1 else game.decide(Decision(you, "choose_card", tuple(tokens), rule="707.10e", context={"source": ability.source}))
    game.copy_spell(spell, you, new_target=token, source=ability.source)


class FrontlineHeroism(CardDefinition):
    name, mana_cost, type_line = "Frontline Heroism", "{2}{R}", "Enchantment"
    oracle = (
        "When this enchantment enters, create a 1/1 red Soldier creature token with haste. Whenever you cast a spell "
        "that targets only a single creature you control, create a 1/1 red Soldier creature token with haste, then "
        "copy that spell. The copy targets that token."
    )
    triggered = (
        Trigger("When this enchantment enters, create a 1/1 red Soldier creature token with haste.", when_enters(), lambda game, ability: _create_soldier(game, ability) and None),
        Trigger(
            "Whenever you cast a spell that targets only a single creature you control, create a 1/1 red Soldier creature token with haste, then copy that spell. The copy targets that token.",
            _targets_one_creature_you_control,
            _soldier_then_copy,
        ),
    )


@spell_card(
    "Moment of Triumph", mana_cost="{W}", type_line="Instant", spell_target="creature",
    oracle="Target creature gets +1/+1 until end of turn. You gain 1 life.",
)
def MomentOfTriumph(game: Any, spell: Any) -> None:
    game.add_effect(modify(1, 1, affected=list(spell.targets), text="Target creature gets +1/+1 until end of turn."))
    game.gain_life(spell.controller, 1)
