"""Cards that change who controls a permanent (108.4, layer 2 of 613.1b)."""

from __future__ import annotations

from kb.engine.layers import ContinuousEffect, combine, gain_control, grant
from kb.engine.game import Card, CardDefinition, Event, Game, Spell, TriggeredAbility, Zone
from kb.engine.cards.templates import triggered_ability


class ActOfTreason(CardDefinition):
    name, mana_cost, type_line = "Act of Treason", "{2}{R}", "Sorcery"
    spell_target = "creature"
    oracle = "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        creature = spell.targets[0]
        game.add_effect(combine(gain_control(spell.controller), grant("Haste"), affected=[creature], text=self.oracle))
        game.untap([creature])


class WordOfSeizing(CardDefinition):
    name, mana_cost, type_line = "Word of Seizing", "{3}{R}{R}", "Instant"
    spell_target = "permanent"
    split_second = True
    oracle = "Split second (As long as this spell is on the stack, players can't cast spells or activate abilities that aren't mana abilities.) Untap target permanent and gain control of it until end of turn. It gains haste until end of turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        permanent = spell.targets[0]
        game.untap([permanent])
        game.add_effect(combine(gain_control(spell.controller), grant("Haste"), affected=[permanent], text="Gain control of it until end of turn. It gains haste until end of turn."))


class MasterThief(CardDefinition):
    name, mana_cost, type_line = "Master Thief", "{2}{U}{U}", "Creature — Human Rogue"
    power, toughness = 2, 2
    oracle = "When this creature enters, gain control of target artifact for as long as you control this creature."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            incarnation = card.incarnation

            def steal(game: Game, ability: TriggeredAbility) -> None:
                you, thief = ability.controller, ability.source
                still = lambda game: thief.zone is Zone.BATTLEFIELD and thief.incarnation == incarnation and thief.controller is you
                effect = gain_control(you, affected=ability.targets, duration="indefinite")
                effect.lasts_while = still
                game.add_effect(effect)

            yield triggered_ability(card, self.oracle, steal, target="artifact")


class MindControl(CardDefinition):
    name, mana_cost, type_line = "Mind Control", "{3}{U}{U}", "Enchantment — Aura"
    spell_target = "creature"
    oracle = "Enchant creature. You control enchanted creature."

    def static_effects(self, game: Game, card: Card):
        def part(chars) -> None:
            # The Aura's controller as the layers are applied (it could change too).
            chars.controller = card.controller

        return [ContinuousEffect({"2": part}, applies_to=lambda game, c, chars: c is card.attached_to, text=self.oracle)]
