"""Planeswalkers and their loyalty abilities (306, 606)."""

from __future__ import annotations

from kb.engine.layers import add_types, combine, grant, modify
from kb.engine.replacement import prevent_damage
from kb.engine.define import card
from kb.engine.game import AbilityDefinition, ActivatedAbility, Card, CardDefinition, Game


def _untap_target_lands(game: Game, ability: ActivatedAbility) -> None:
    # 608.2b: only the targets still legal are affected.
    game.untap([land for land in ability.targets if game.casting._target_is_legal(land, "land", ability.controller)])


def _beast(game: Game, ability: ActivatedAbility) -> None:
    game.create_tokens(ability.controller, Card.token(power=3, toughness=3, colors="G", subtypes=("Beast",)))


def _overrun(game: Game, ability: ActivatedAbility) -> None:
    creatures = list(ability.controller.creatures)
    game.add_effect(combine(modify(3, 3), grant("Trample"), affected=creatures, text="Creatures you control get +3/+3 and gain trample until end of turn."))


GarrukWildspeaker = card(
    "Garruk Wildspeaker", mana_cost="{2}{G}{G}", type_line="Legendary Planeswalker — Garruk", loyalty=3,
    oracle="[+1]: Untap up to two target lands. [−1]: Create a 3/3 green Beast creature token. [−4]: Creatures you control get +3/+3 and gain trample until end of turn.",
    activated=(AbilityDefinition("[+1]: Untap up to two target lands.", _untap_target_lands, loyalty=1, target="land", target_count=(0, 2)), AbilityDefinition("[−1]: Create a 3/3 green Beast creature token.", _beast, loyalty=-1), AbilityDefinition("[−4]: Creatures you control get +3/+3 and gain trample until end of turn.", _overrun, loyalty=-4)),
)


class CarthTheLion(CardDefinition):
    name, mana_cost, type_line = "Carth the Lion", "{2}{B}{G}", "Legendary Creature — Cat Warrior"
    power, toughness = 3, 5
    in_part = True
    oracle = "Planeswalkers' loyalty abilities you control cost an additional [+1] to activate."

    def loyalty_cost_change(self, game: Game, card: Card, permanent: Card) -> int:
        return 1 if permanent.controller is card.controller else 0


class GideonBlackblade(CardDefinition):
    name, mana_cost, type_line = "Gideon Blackblade", "{1}{W}{W}", "Legendary Planeswalker — Gideon"
    loyalty = 4
    in_part = True
    oracle = (
        "As long as it's your turn, Gideon Blackblade is a 4/4 Human Soldier creature with indestructible "
        "that's still a planeswalker. Prevent all damage that would be dealt to Gideon Blackblade during your turn."
    )

    def static_effects(self, game: Game, card: Card):
        # Whose turn it is is asked as the effect applies, of its controller then (layer 2 done).
        on_your_turn = lambda game, permanent, chars: permanent is card and chars.controller is not None and game.is_active(chars.controller)
        creature = add_types("Creature", subtypes=("Human", "Soldier"), power=4, toughness=4)
        return [combine(creature, grant("Indestructible"), applies_to=on_your_turn, text=self.oracle)]

    def replacements(self, game: Game, card: Card):
        during_your_turn = lambda game, event: card.controller is not None and game.is_active(card.controller)
        yield prevent_damage(to=card, where=during_your_turn, source=card, text="Prevent all damage that would be dealt to Gideon Blackblade during your turn.")
