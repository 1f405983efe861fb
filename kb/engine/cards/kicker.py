"""Cards with kicker (702.33), their abilities linked to the kicker costs printed on them (607.2i)."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger, card, gain_life, when_enters
from kb.engine.kicker import KickerModalSpellDefinition, if_kicked
from kb.engine.modal import Mode
from kb.engine.objects import Zone


def _destroy_unregenerable(game: Any, ability: Any) -> None:
    game.destroy([t for t in ability.targets if t.zone is Zone.BATTLEFIELD], can_regenerate=False)


StormscapeBattlemage = card(
    "Stormscape Battlemage",
    mana_cost="{2}{U}",
    type_line="Creature — Metathran Wizard",
    power=2,
    toughness=3,
    keywords=("Kicker {W} and/or {2}{B}",),
    oracle=(
        "Kicker {W} and/or {2}{B}. When this creature enters, if it was kicked with its {W} kicker, you gain 3 life. "
        "When this creature enters, if it was kicked with its {2}{B} kicker, destroy target nonblack creature. "
        "That creature can't be regenerated."
    ),
    triggered=(
        Trigger("When this creature enters, if it was kicked with its {W} kicker, you gain 3 life.", when_enters(), gain_life(3), condition=if_kicked("{W}")),
        Trigger(
            "When this creature enters, if it was kicked with its {2}{B} kicker, destroy target nonblack creature. That creature can't be regenerated.",
            when_enters(),
            _destroy_unregenerable,
            target="nonblack creature",
            condition=if_kicked("{2}{B}"),
        ),
    ),
)


def _two_counters(game: Any, spell: Any, targets: list[Any]) -> None:
    for creature in targets:
        game.add_counters(creature, "+1/+1", 2)


def _greatest_power_in_life(game: Any, spell: Any, targets: list[Any]) -> None:
    for player in targets:
        powers = [c.power or 0 for c in game.battlefield if c.is_creature and c.controller is player]
        game.gain_life(player, max(powers, default=0))


def _fight(game: Any, spell: Any, targets: list[Any]) -> None:
    yours, theirs = targets
    if yours and theirs:  # 608.2b: with one of them illegal, neither deals damage
        game.fight(yours[0], theirs[0])


class InscriptionOfAbundance(KickerModalSpellDefinition):
    name = "Inscription of Abundance"
    mana_cost, type_line = "{1}{G}", "Instant"
    keywords = ("Kicker {2}{G}",)
    oracle = (
        "Kicker {2}{G}. Choose one. If this spell was kicked, choose any number instead.\n"
        "• Put two +1/+1 counters on target creature.\n"
        "• Target player gains X life, where X is the greatest power among creatures they control.\n"
        "• Target creature you control fights target creature you don't control."
    )
    modes = (
        Mode("Put two +1/+1 counters on target creature.", _two_counters, target="creature"),
        Mode("Target player gains X life, where X is the greatest power among creatures they control.", _greatest_power_in_life, target="player"),
        Mode("Target creature you control fights target creature you don't control.", _fight, target=("creature you control", "creature you don't control")),
    )
    mode_count = (1, 1)
    kicked_mode_count = (1, 3)
