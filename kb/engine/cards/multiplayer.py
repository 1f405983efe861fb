"""Cards for the multiplayer examples: attacking several players (802) and limited range of
influence (801)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import card
from kb.engine.objects import AbilityDefinition

GoblinMountaineer = card(
    "Goblin Mountaineer",
    mana_cost="{R}",
    subtypes=("Goblin", "Scout"),
    power=1,
    toughness=1,
    keywords=("Mountainwalk",),
    oracle="Mountainwalk (This creature can't be blocked as long as defending player controls a Mountain.)",
)


def _target_of_an_opponents_choice(game: Any, you: Any, card: Any) -> list[Any]:
    """"Any target of an opponent's choice": the activating player chooses the opponent, who
    chooses the target, within both their ranges of influence (801.5a)."""
    opponents = [p for p in game.opponents(you) if p in game.in_range(you)]
    if not opponents:
        return []
    chooser = game.decide(Decision(you, "choose_opponent", tuple(opponents), rule="801.5a", context={"source": card}))
    theirs, yours = game.legal_targets("any", chooser, source=card), game.legal_targets("any", you, source=card)
    legal = tuple(t for t in theirs if any(t is y for y in yours))
    if not legal:
        return []
    return [game.decide(Decision(chooser, "target", legal, rule="801.5a", context={"source": card}))]


def _one_damage_to_each_target(game: Any, ability: Any) -> None:
    for target in ability.targets:
        if game.casting._target_is_legal(target, "any", ability.controller):
            game.deal_damage(ability, target, 1)


CuombajjWitches = card(
    "Cuombajj Witches",
    mana_cost="{1}{B}{B}",
    subtypes=("Human", "Wizard"),
    power=1,
    toughness=3,
    oracle="{T}: Cuombajj Witches deals 1 damage to any target and 1 damage to any target of an opponent's choice.",
    activated=(
        AbilityDefinition(
            "{T}: Cuombajj Witches deals 1 damage to any target and 1 damage to any target of an opponent's choice.",
            _one_damage_to_each_target,
            tap=True,
            target="any",
            more_targets=_target_of_an_opponents_choice,
        ),
    ),
)
