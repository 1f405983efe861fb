"""Cards that allow, prohibit or speed up casting spells with certain qualities (601.3), and cards
cast bestowed (702.103); the adventurer cards (715) are in `kb.engine.cards.adventures`."""

from __future__ import annotations

from typing import Any

from kb.engine.bestow import BestowCreatureDefinition
from kb.engine.errors import NotModelledError
from kb.engine.layers import grant, modify
from kb.engine.objects import CardDefinition, TargetSpec, Zone

_ZERO_IS_EVEN = 2


class VoidWinnower(CardDefinition):
    name, mana_cost, type_line = "Void Winnower", "{9}", "Creature — Eldrazi"
    power, toughness = 11, 9
    oracle = (
        "Your opponents can't cast spells with even mana values. (Zero is even.) "
        "Your opponents can't block with creatures with even mana values."
    )

    def forbids_casting(self, game: Any, card: Any, player: Any, proposal: Any) -> bool:
        return player in game.opponents(card.controller) and proposal.mana_value % _ZERO_IS_EVEN == 0

    def restricts_block(self, game: Any, card: Any, blocks: list) -> bool:
        return any(b.controller in game.opponents(card.controller) and b.mana_value % _ZERO_IS_EVEN == 0 for b, _ in blocks)


class AetherStorm(CardDefinition):
    name, mana_cost, type_line = "Aether Storm", "{3}{U}", "Enchantment"
    oracle = "Creature spells can't be cast."
    in_part = True

    def forbids_casting(self, game: Any, card: Any, player: Any, proposal: Any) -> bool:
        return "Creature" in proposal.types


class _FromTheTopOfYourLibrary(CardDefinition):
    """"Play with the top card of your library revealed. You may cast <kind> spells from the top
    of your library.": the types such a spell must have, one of ``castable_types``."""

    castable_types: tuple[str, ...] = ()

    def allows_casting_from(self, game: Any, card: Any, player: Any, proposal: Any, zone: Zone) -> bool:
        return (
            zone is Zone.LIBRARY
            and player is card.controller
            and proposal.card.owner is player
            and player.library[:1] == [proposal.card]
            and any(t in proposal.types for t in self.castable_types)
        )


class GarruksHorde(_FromTheTopOfYourLibrary):
    name, mana_cost, type_line = "Garruk's Horde", "{5}{G}{G}", "Creature — Beast"
    power, toughness = 7, 7
    keywords = ("Trample",)
    oracle = "Trample. Play with the top card of your library revealed. You may cast creature spells from the top of your library."
    castable_types = ("Creature",)


class MelekIzzetParagon(_FromTheTopOfYourLibrary):
    name, mana_cost, type_line = "Melek, Izzet Paragon", "{4}{U}{R}", "Legendary Creature — Weird Wizard"
    power, toughness = 2, 4
    oracle = "Play with the top card of your library revealed. You may cast instant and sorcery spells from the top of your library."
    in_part = True
    castable_types = ("Instant", "Sorcery")


class SigardasAid(CardDefinition):
    name, mana_cost, type_line = "Sigarda's Aid", "{W}", "Enchantment"
    oracle = "You may cast Aura and Equipment spells as though they had flash."
    in_part = True

    def grants_flash_to(self, game: Any, card: Any, player: Any, proposal: Any) -> bool:
        return player is card.controller and bool({"Aura", "Equipment"} & set(proposal.subtypes))


class NimbusNaiad(BestowCreatureDefinition):
    name, mana_cost, type_line = "Nimbus Naiad", "{2}{U}", "Enchantment Creature — Nymph"
    power, toughness = 2, 2
    keywords = ("Bestow {4}{U}", "Flying")
    oracle = "Bestow {4}{U}. Flying. Enchanted creature gets +2/+2 and has flying."

    def static_effects(self, game: Any, card: Any) -> list:
        def enchanted(game: Any, creature: Any, chars: Any) -> bool:
            return creature is card.attached_to

        text = "Enchanted creature gets +2/+2 and has flying."
        return [modify(2, 2, applies_to=enchanted, text=text), grant("Flying", applies_to=enchanted, text=text)]


class RollingThunder(CardDefinition):
    name, mana_cost, type_line = "Rolling Thunder", "{X}{R}{R}", "Sorcery"
    oracle = "Rolling Thunder deals X damage divided as you choose among any number of targets."
    spell_targets = (TargetSpec("any", count=(1, 20)),)

    def resolve(self, game: Any, spell: Any) -> None:
        if len(spell.targets) != 1 or not spell.x:
            # 601.2d: the division is announced as it is cast, at least 1 to each target.
            raise NotModelledError("dividing Rolling Thunder's damage among several targets, or none (601.2d), is not modelled")
        for target in game.targets_still_legal(spell):
            game.deal_damage(spell, target, spell.x)
