"""Cards that end the turn or the combat phase, or add steps (500.8-500.11, 712-713)."""

from __future__ import annotations

from kb.engine.define import spell_card
from kb.engine.game import AbilityDefinition, ActivatedAbility, Card, CardDefinition, Event
from kb.engine.game import Game, Player, Spell, Step, TimingError, TriggeredAbility
from kb.engine.cards.templates import triggered_ability


@spell_card(
    "Time Stop", name_es="Detener el tiempo", mana_cost="{4}{U}{U}", type_line="Instant",
    oracle="End the turn. (Exile all spells and abilities from the stack, including this card. The player "
        "whose turn it is discards down to their maximum hand size. Damage wears off, and \"this turn\" "
        "and \"until end of turn\" effects end.)",
)
def TimeStop(game: Game, spell: Spell) -> None:
    game.end_the_turn(spell.card)


class MandateOfPeace(CardDefinition):
    name, name_es, mana_cost, type_line = "Mandate of Peace", "Mandato de paz", "{1}{W}", "Instant"
    oracle = (
        "Cast this spell only during combat. End the combat phase. (Remove all attackers and blockers "
        "from combat. Exile all spells and abilities from the stack, including this spell.)"
    )

    def check_timing(self, game: Game, player: Player, card: Card) -> None:
        if game.phase is None or game.phase.name != "COMBAT":
            raise TimingError("Mandate of Peace can be cast only during combat")

    def resolve(self, game: Game, spell: Spell) -> None:
        game.end_the_combat_phase(spell.card)


class SundialOfTheInfinite(CardDefinition):
    name = "Sundial of the Infinite"
    name_es = "Reloj de sol del infinito"
    mana_cost = "{2}"
    type_line = "Artifact"
    oracle = "{1}, {T}: End the turn. Activate only during your turn."

    @staticmethod
    def _end(game: Game, ability: ActivatedAbility) -> None:
        game.end_the_turn(ability.source)

    activated = (AbilityDefinition("{1}, {T}: End the turn. Activate only during your turn.", _end, mana="{1}", tap=True, only_your_turn=True),)


class ObekaSplitterOfSeconds(CardDefinition):
    name = "Obeka, Splitter of Seconds"
    mana_cost = "{1}{U}{B}{R}"
    type_line = "Legendary Creature — Ogre Warlock"
    power, toughness = 2, 5
    keywords = ("Menace",)
    oracle = "Menace. Whenever Obeka deals combat damage to a player, you get that many additional upkeep steps after this phase."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "damage" and event["source"] is card and event.get("combat") and isinstance(event["target"], Player):
            amount = event["amount"]

            def more_upkeeps(game: Game, ability: TriggeredAbility, amount=amount) -> None:
                game.add_phases_after(game.step.phase, (Step.UPKEEP,), amount)

            yield triggered_ability(card, "Whenever Obeka deals combat damage to a player, you get that many additional upkeep steps after this phase.", more_upkeeps)
