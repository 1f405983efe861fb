"""Split cards (709): two halves on one card."""

from __future__ import annotations

from kb.engine.errors import NotModelledError
from kb.engine.objects import SplitCardDefinition
from kb.engine.game import Card, CardDefinition, Game, Player, Spell


class _Assault(CardDefinition):
    half_name, mana_cost, type_line = "Assault", "{R}", "Sorcery"
    spell_target = "creature"
    oracle = "Assault deals 2 damage to target creature."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 2)


class _Battery(CardDefinition):
    half_name, mana_cost, type_line = "Battery", "{3}{G}", "Sorcery"
    oracle = "Create a 3/3 green Elephant creature token."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.create_tokens(spell.controller, Card.token(power=3, toughness=3, colors="G", subtypes=("Elephant",)))


class AssaultBattery(SplitCardDefinition):
    halves = (_Assault, _Battery)


class _Fire(CardDefinition):
    half_name, mana_cost, type_line = "Fire", "{1}{R}", "Instant"
    oracle = "Fire deals 2 damage divided as you choose among one or two targets."

    def check_timing(self, game: Game, player: Player, card: Card) -> None:
        raise NotModelledError("Fire's one or two targets and its divided damage (601.2c–d) are not modelled")


class _Ice(CardDefinition):
    half_name, mana_cost, type_line = "Ice", "{1}{U}", "Instant"
    spell_target = "permanent"
    oracle = "Tap target permanent. Draw a card."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.tap([spell.targets[0]])
        game.draw(spell.controller, 1)


class FireIce(SplitCardDefinition):
    halves = (_Fire, _Ice)
