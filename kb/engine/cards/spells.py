"""Instants and sorceries whose text is a one-shot effect as they resolve (608.2), with one target, several (601.2c) or none."""

from __future__ import annotations

from kb.engine.layers import modify
from kb.engine.errors import NotModelledError
from kb.engine.objects import TargetSpec
from kb.engine.game import Card, CardDefinition, ChoiceRequest, Decision, Game, Player, Spell, Zone


class LightningBolt(CardDefinition):
    name = "Lightning Bolt"
    mana_cost = "{R}"
    types = ("Instant",)
    spell_target = "any"
    oracle = "Lightning Bolt deals 3 damage to any target."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 3)


class LightningBlast(CardDefinition):
    name = "Lightning Blast"
    mana_cost = "{3}{R}"
    types = ("Instant",)
    spell_target = "any"
    oracle = "Lightning Blast deals 4 damage to any target."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 4)


class SorinsThirst(CardDefinition):
    name = "Sorin's Thirst"
    mana_cost = "{B}{B}"
    types = ("Instant",)
    spell_target = "creature"
    oracle = "Sorin's Thirst deals 2 damage to target creature and you gain 2 life."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 2)
        game.gain_life(spell.controller, 2)


class Murder(CardDefinition):
    name = "Murder"
    mana_cost = "{1}{B}{B}"
    types = ("Instant",)
    spell_target = "creature"
    oracle = "Destroy target creature."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy(spell.targets)


class GiantGrowth(CardDefinition):
    name = "Giant Growth"
    mana_cost = "{G}"
    types = ("Instant",)
    spell_target = "creature"
    oracle = "Target creature gets +3/+3 until end of turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.add_effect(modify(3, 3, affected=[spell.targets[0]]))


class FlameRift(CardDefinition):
    name = "Flame Rift"
    name_es = "Fisura llameante"
    mana_cost = "{1}{R}"
    types = ("Sorcery",)
    oracle = "Flame Rift deals 4 damage to each player."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage_each(spell, [(p, 4) for p in game.affected_players(spell.controller)])


class Pyroclasm(CardDefinition):
    name = "Pyroclasm"
    mana_cost = "{1}{R}"
    types = ("Sorcery",)
    oracle = "Pyroclasm deals 2 damage to each creature."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage_each(spell, [(c, 2) for c in game.affected_creatures(spell.controller)])


class Hurricane(CardDefinition):
    name = "Hurricane"
    mana_cost = "{X}{G}"
    types = ("Sorcery",)
    oracle = "Hurricane deals X damage to each creature with flying and each player."

    def resolve(self, game: Game, spell: Spell) -> None:
        x = spell.x or 0
        fliers = [c for c in game.affected_creatures(spell.controller) if "Flying" in c.keywords]
        game.deal_damage_each(spell, [(c, x) for c in fliers] + [(p, x) for p in game.affected_players(spell.controller)])


class Armageddon(CardDefinition):
    name = "Armageddon"
    mana_cost = "{3}{W}"
    types = ("Sorcery",)
    oracle = "Destroy all lands."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.battlefield if c.is_land and c.controller in game.in_range(spell.controller)])


class AkromasVengeance(CardDefinition):
    name = "Akroma's Vengeance"
    mana_cost = "{4}{W}{W}"
    types = ("Sorcery",)
    in_part = True
    oracle = "Destroy all artifacts, creatures, and enchantments."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.battlefield if {"Artifact", "Creature", "Enchantment"} & set(c.types)])


class WrathOfGod(CardDefinition):
    name = "Wrath of God"
    mana_cost = "{2}{W}{W}"
    types = ("Sorcery",)
    in_part = True
    oracle = "Destroy all creatures."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.battlefield if c.is_creature])


class DayOfJudgment(CardDefinition):
    name = "Day of Judgment"
    mana_cost = "{2}{W}{W}"
    types = ("Sorcery",)
    oracle = "Destroy all creatures."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.affected_creatures(spell.controller)])


class InnocentBlood(CardDefinition):
    name = "Innocent Blood"
    mana_cost = "{B}"
    types = ("Sorcery",)
    oracle = "Each player sacrifices a creature."

    def resolve(self, game: Game, spell: Spell) -> None:
        requests = [
            ChoiceRequest(Decision(p, "sacrifice", tuple(p.creatures), rule="101.4"))
            for p in game.affected_players(spell.controller)
            if p.creatures
        ]
        answers = game.choose_simultaneously(requests)
        game.sacrifice(list(answers.values()), rule="101.4")


class MindSwords(CardDefinition):
    name = "Mind Swords"
    mana_cost = "{1}{B}"
    types = ("Sorcery",)
    in_part = True
    oracle = "Each player exiles two cards from their hand."

    def resolve(self, game: Game, spell: Spell) -> None:
        requests = [
            ChoiceRequest(Decision(p, "exile_from_hand", tuple(p.hand), count=(min(2, len(p.hand)),) * 2, hidden=True, rule="101.4a"))
            for p in game.affected_players(spell.controller)
            if p.hand
        ]
        answers = game.choose_simultaneously(requests)
        chosen = [card for cards in answers.values() for card in cards]
        game.emit("reveal", "101.4a", cards=chosen)
        game.exile_cards(chosen, rule="101.4")


class MindRot(CardDefinition):
    name = "Mind Rot"
    mana_cost = "{2}{B}"
    types = ("Sorcery",)
    spell_target = "player"
    oracle = "Target player discards two cards."

    def resolve(self, game: Game, spell: Spell) -> None:
        player = spell.targets[0]
        count = min(2, len(player.hand))
        if count < 2:
            game.emit("as_much_as_possible", "609.3", player=player, wanted=2, possible=count)
        if count:
            chosen = game.decide(Decision(player, "discard", tuple(player.hand), count=(count, count), rule="701.9b"))
            game.discard(player, chosen)


class WheelOfFortune(CardDefinition):
    name = "Wheel of Fortune"
    mana_cost = "{2}{R}"
    types = ("Sorcery",)
    oracle = "Each player discards their hand, then draws seven cards."

    def resolve(self, game: Game, spell: Spell) -> None:
        players = game.affected_players(spell.controller)
        for player in players:
            if player.hand:
                game.discard(player, list(player.hand))
        for player in players:
            game.draw(player, 7)


class TolarianWinds(CardDefinition):
    name = "Tolarian Winds"
    mana_cost = "{1}{U}"
    types = ("Instant",)
    oracle = "Discard all the cards in your hand, then draw that many cards."

    def resolve(self, game: Game, spell: Spell) -> None:
        player = spell.controller
        count = len(player.hand)
        if count:
            game.discard(player, list(player.hand))
        game.draw(player, count)


class NightsWhisper(CardDefinition):
    name = "Night's Whisper"
    mana_cost = "{1}{B}"
    types = ("Sorcery",)
    oracle = "You draw two cards and you lose 2 life."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.draw(spell.controller, 2)
        game.lose_life(spell.controller, 2)


class CollectiveUnconscious(CardDefinition):
    name = "Collective Unconscious"
    mana_cost = "{4}{G}{G}"
    types = ("Sorcery",)
    oracle = "Draw a card for each creature you control."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.draw(spell.controller, len(spell.controller.creatures))


class AltarsReap(CardDefinition):
    name = "Altar's Reap"
    mana_cost = "{1}{B}"
    types = ("Instant",)
    additional_cost = "sacrifice a creature"
    oracle = "As an additional cost to cast this spell, sacrifice a creature. Draw two cards."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.draw(spell.controller, 2)


class Explore(CardDefinition):
    name = "Explore"
    mana_cost = "{1}{G}"
    types = ("Sorcery",)
    oracle = "You may play an additional land this turn. Draw a card."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.turn_effects.append((spell.controller, "additional land"))
        game.emit("additional_land", "305.2", player=spell.controller)
        game.draw(spell.controller, 1)


class Solfatara(CardDefinition):
    name = "Solfatara"
    mana_cost = "{2}{R}"
    types = ("Instant",)
    spell_target = "player"
    in_part = True
    oracle = "Target player can't play lands this turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        target = spell.targets[0]
        game.turn_effects.append((target, "can't play lands"))
        game.emit("cant_play_lands", "101.2", player=target)


class DwarvenReinforcements(CardDefinition):
    name = "Dwarven Reinforcements"
    mana_cost = "{3}{R}"
    types = ("Sorcery",)
    in_part = True
    oracle = "Create two 2/1 red Dwarf Berserker creature tokens."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.create_tokens(
            spell.controller,
            *(Card.token(power=2, toughness=1, colors="R", subtypes=("Dwarf", "Berserker")) for _ in range(2)),
        )


class Splinter(CardDefinition):
    name = "Splinter"
    mana_cost = "{2}{G}{G}"
    types = ("Sorcery",)
    spell_target = "artifact"
    oracle = (
        "Exile target artifact. Search its controller's graveyard, hand, and library for all cards with the "
        "same name as that artifact and exile them. Then that player shuffles."
    )

    def resolve(self, game: Game, spell: Spell) -> None:
        artifact = spell.targets[0]
        player, name = artifact.controller, artifact.name
        game.exile_cards([artifact])
        found = game.search(spell.controller, player, (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY), lambda c: c.name == name)
        game.exile_cards(found)
        game.shuffle_cards_into_library(player, [], zone=Zone.LIBRARY)


class Lobotomy(CardDefinition):
    name = "Lobotomy"
    mana_cost = "{2}{U}{B}"
    types = ("Sorcery",)
    spell_target = "player"
    oracle = (
        "Target player reveals their hand, then you choose a card other than a basic land card from it. Search "
        "that player's graveyard, hand, and library for all cards with the same name as the chosen card and "
        "exile them. Then that player shuffles."
    )

    def resolve(self, game: Game, spell: Spell) -> None:
        player = spell.targets[0]
        game.emit("reveal", "701.20a", cards=list(player.hand))
        choices = tuple(c for c in player.hand if not ("Basic" in c.supertypes and c.is_land))
        chosen = game.decide(Decision(spell.controller, "choose_card", choices, rule="701.23c")) if choices else None
        # 701.23c: with no card chosen, the quality is undefined: the search finds nothing.
        wanted = (lambda c: c.name == chosen.name) if chosen is not None else (lambda c: False)
        found = game.search(spell.controller, player, (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY), wanted, hand_revealed=True)
        game.exile_cards(found)
        game.shuffle_cards_into_library(player, [], zone=Zone.LIBRARY)


class Dispossess(CardDefinition):
    name = "Dispossess"
    mana_cost = "{2}{B}"
    types = ("Sorcery",)
    spell_target = "player"
    oracle = (
        "Choose an artifact card name. Search target player's graveyard, hand, and library for any number of "
        "cards with that name and exile them. That player shuffles."
    )

    def resolve(self, game: Game, spell: Spell) -> None:
        player = spell.targets[0]
        name = game.choose_card_name(spell.controller, "Artifact")
        found = game.search(spell.controller, player, (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY), lambda c: c.name == name)
        game.exile_cards(found)
        game.shuffle_cards_into_library(player, [], zone=Zone.LIBRARY)


class Bribery(CardDefinition):
    name = "Bribery"
    mana_cost = "{3}{U}{U}"
    types = ("Sorcery",)
    spell_target = "player"
    oracle = (
        "Search target opponent's library for a creature card and put that card onto the battlefield under "
        "your control. Then that player shuffles."
    )

    def resolve(self, game: Game, spell: Spell) -> None:
        opponent = spell.targets[0]
        found = game.search(spell.controller, opponent, (Zone.LIBRARY,), lambda c: c.is_creature, limit=1)
        for creature in found:
            game._put_onto_battlefield(creature, spell.controller)
        game.shuffle_cards_into_library(opponent, [], zone=Zone.LIBRARY)


class PlagueSpores(CardDefinition):
    name = "Plague Spores"
    mana_cost = "{4}{B}{R}"
    types = ("Sorcery",)
    spell_targets = (TargetSpec("nonblack creature"), TargetSpec("land"))
    oracle = "Destroy target nonblack creature and target land. They can't be regenerated."

    def resolve(self, game: Game, spell: Spell) -> None:
        # 608.2b: each part affects only its own target, if that target is still legal for it.
        doomed = game.targets_still_legal(spell, 0) + game.targets_still_legal(spell, 1)
        game.destroy(list({id(c): c for c in doomed}.values()), can_regenerate=False)


def _arc_trail(game: Game, spell: Spell) -> None:
    first = [(t, 2) for t in game.targets_still_legal(spell, 0)]
    second = [(t, 1) for t in game.targets_still_legal(spell, 1)]
    game.deal_damage_each(spell, first + second)


class ArcTrail(CardDefinition):
    name = "Arc Trail"
    mana_cost = "{1}{R}"
    types = ("Sorcery",)
    spell_targets = (TargetSpec("any"), TargetSpec("any", other=True))
    oracle = "Arc Trail deals 2 damage to any target and 1 damage to any other target."

    def resolve(self, game: Game, spell: Spell) -> None:
        _arc_trail(game, spell)


class Redirect(CardDefinition):
    name = "Redirect"
    mana_cost = "{U}{U}"
    types = ("Instant",)
    spell_target = "spell"
    oracle = "You may choose new targets for target spell."

    def resolve(self, game: Game, spell: Spell) -> None:
        for target in game.targets_still_legal(spell, 0):
            game.choose_new_targets(spell.controller, target)


class SteamAugury(CardDefinition):
    name = "Steam Augury"
    mana_cost = "{2}{U}{R}"
    types = ("Instant",)
    oracle = (
        "Reveal the top five cards of your library and separate them into two piles. An opponent chooses one "
        "of those piles. Put that pile into your hand and the other into your graveyard."
    )

    def check_timing(self, game: Game, player: Player, card: Card) -> None:
        raise NotModelledError("separating cards into piles (700.3) is not modelled")
