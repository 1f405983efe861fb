"""Instants and sorceries whose text is a one-shot effect as they resolve (608.2), with one target, several (601.2c) or none."""

from __future__ import annotations

from kb.engine.layers import modify
from kb.engine.errors import NotModelledError
from kb.engine.objects import TargetSpec
from kb.engine.define import Trigger, at_beginning_of, spell_card
from kb.engine.game import Card, CardDefinition, ChoiceRequest, Decision, Game, Player, Spell, Step, Zone


@spell_card(
    "Lightning Bolt", mana_cost="{R}", type_line="Instant", spell_target="any",
    oracle="Lightning Bolt deals 3 damage to any target.",
)
def LightningBolt(game: Game, spell: Spell) -> None:
    game.deal_damage(spell, spell.targets[0], 3)


@spell_card(
    "Lightning Blast", mana_cost="{3}{R}", type_line="Instant", spell_target="any",
    oracle="Lightning Blast deals 4 damage to any target.",
)
def LightningBlast(game: Game, spell: Spell) -> None:
    game.deal_damage(spell, spell.targets[0], 4)


@spell_card(
    "Sorin's Thirst", mana_cost="{B}{B}", type_line="Instant", spell_target="creature",
    oracle="Sorin's Thirst deals 2 damage to target creature and you gain 2 life.",
)
def SorinsThirst(game: Game, spell: Spell) -> None:
    game.deal_damage(spell, spell.targets[0], 2)
    game.gain_life(spell.controller, 2)


@spell_card(
    "Murder", mana_cost="{1}{B}{B}", type_line="Instant", spell_target="creature",
    oracle="Destroy target creature.",
)
def Murder(game: Game, spell: Spell) -> None:
    game.destroy(spell.targets)


@spell_card(
    "Giant Growth", mana_cost="{G}", type_line="Instant", spell_target="creature",
    oracle="Target creature gets +3/+3 until end of turn.",
)
def GiantGrowth(game: Game, spell: Spell) -> None:
    game.add_effect(modify(3, 3, affected=[spell.targets[0]]))


@spell_card(
    "Flame Rift", name_es="Fisura llameante", mana_cost="{1}{R}", type_line="Sorcery",
    oracle="Flame Rift deals 4 damage to each player.",
)
def FlameRift(game: Game, spell: Spell) -> None:
    game.deal_damage_each(spell, [(p, 4) for p in game.affected_players(spell.controller)])


@spell_card(
    "Pyroclasm", mana_cost="{1}{R}", type_line="Sorcery",
    oracle="Pyroclasm deals 2 damage to each creature.",
)
def Pyroclasm(game: Game, spell: Spell) -> None:
    game.deal_damage_each(spell, [(c, 2) for c in game.affected_creatures(spell.controller)])


@spell_card(
    "Hurricane", mana_cost="{X}{G}", type_line="Sorcery",
    oracle="Hurricane deals X damage to each creature with flying and each player.",
)
def Hurricane(game: Game, spell: Spell) -> None:
    x = spell.x or 0
    fliers = [c for c in game.affected_creatures(spell.controller) if "Flying" in c.keywords]
    game.deal_damage_each(spell, [(c, x) for c in fliers] + [(p, x) for p in game.affected_players(spell.controller)])


@spell_card("Armageddon", mana_cost="{3}{W}", type_line="Sorcery", oracle="Destroy all lands.")
def Armageddon(game: Game, spell: Spell) -> None:
    game.destroy([c for c in game.battlefield if c.is_land and c.controller in game.in_range(spell.controller)])


@spell_card(
    "Akroma's Vengeance", mana_cost="{4}{W}{W}", type_line="Sorcery", in_part=True,
    oracle="Destroy all artifacts, creatures, and enchantments.",
)
def AkromasVengeance(game: Game, spell: Spell) -> None:
    game.destroy([c for c in game.battlefield if {"Artifact", "Creature", "Enchantment"} & set(c.types)])


@spell_card(
    "Wrath of God", mana_cost="{2}{W}{W}", type_line="Sorcery",
    oracle="Destroy all creatures. They can't be regenerated.",
)
def WrathOfGod(game: Game, spell: Spell) -> None:
    game.destroy([c for c in game.battlefield if c.is_creature], can_regenerate=False)


@spell_card("Day of Judgment", mana_cost="{2}{W}{W}", type_line="Sorcery", oracle="Destroy all creatures.")
def DayOfJudgment(game: Game, spell: Spell) -> None:
    game.destroy([c for c in game.affected_creatures(spell.controller)])


@spell_card(
    "Innocent Blood", mana_cost="{B}", type_line="Sorcery", oracle="Each player sacrifices a creature.",
)
def InnocentBlood(game: Game, spell: Spell) -> None:
    requests = [
        ChoiceRequest(Decision(p, "sacrifice", tuple(p.creatures), rule="101.4"))
        for p in game.affected_players(spell.controller)
        if p.creatures
    ]
    answers = game.choose_simultaneously(requests)
    game.sacrifice(list(answers.values()), rule="101.4")


@spell_card(
    "Mind Swords", mana_cost="{1}{B}", type_line="Sorcery", in_part=True,
    oracle="Each player exiles two cards from their hand.",
)
def MindSwords(game: Game, spell: Spell) -> None:
    requests = [
        ChoiceRequest(Decision(p, "exile_from_hand", tuple(p.hand), count=(min(2, len(p.hand)),) * 2, hidden=True, rule="101.4a"))
        for p in game.affected_players(spell.controller)
        if p.hand
    ]
    answers = game.choose_simultaneously(requests)
    chosen = [card for cards in answers.values() for card in cards]
    game.emit("reveal", "101.4a", cards=chosen)
    game.exile_cards(chosen, rule="101.4")


@spell_card(
    "Mind Rot", mana_cost="{2}{B}", type_line="Sorcery", spell_target="player",
    oracle="Target player discards two cards.",
)
def MindRot(game: Game, spell: Spell) -> None:
    player = spell.targets[0]
    count = min(2, len(player.hand))
    if count < 2:
        game.emit("as_much_as_possible", "609.3", player=player, wanted=2, possible=count)
    if count:
        chosen = game.decide(Decision(player, "discard", tuple(player.hand), count=(count, count), rule="701.9b"))
        game.discard(player, chosen)


@spell_card(
    "Wheel of Fortune", mana_cost="{2}{R}", type_line="Sorcery",
    oracle="Each player discards their hand, then draws seven cards.",
)
def WheelOfFortune(game: Game, spell: Spell) -> None:
    players = game.affected_players(spell.controller)
    for player in players:
        if player.hand:
            game.discard(player, list(player.hand))
    for player in players:
        game.draw(player, 7)


@spell_card(
    "Tolarian Winds", mana_cost="{1}{U}", type_line="Instant",
    oracle="Discard all the cards in your hand, then draw that many cards.",
)
def TolarianWinds(game: Game, spell: Spell) -> None:
    player = spell.controller
    count = len(player.hand)
    if count:
        game.discard(player, list(player.hand))
    game.draw(player, count)


@spell_card(
    "Night's Whisper", mana_cost="{1}{B}", type_line="Sorcery",
    oracle="You draw two cards and you lose 2 life.",
)
def NightsWhisper(game: Game, spell: Spell) -> None:
    game.draw(spell.controller, 2)
    game.lose_life(spell.controller, 2)


@spell_card(
    "Collective Unconscious", mana_cost="{4}{G}{G}", type_line="Sorcery",
    oracle="Draw a card for each creature you control.",
)
def CollectiveUnconscious(game: Game, spell: Spell) -> None:
    game.draw(spell.controller, len(spell.controller.creatures))


@spell_card(
    "Altar's Reap", mana_cost="{1}{B}", type_line="Instant", additional_cost="sacrifice a creature",
    oracle="As an additional cost to cast this spell, sacrifice a creature. Draw two cards.",
)
def AltarsReap(game: Game, spell: Spell) -> None:
    game.draw(spell.controller, 2)


@spell_card(
    "Explore", mana_cost="{1}{G}", type_line="Sorcery",
    oracle="You may play an additional land this turn. Draw a card.",
)
def Explore(game: Game, spell: Spell) -> None:
    game.turn_effects.append((spell.controller, "additional land"))
    game.emit("additional_land", "305.2", player=spell.controller)
    game.draw(spell.controller, 1)


@spell_card(
    "Solfatara", mana_cost="{2}{R}", type_line="Instant", spell_target="player",
    oracle="Target player can't play lands this turn. Draw a card at the beginning of the next turn's upkeep.",
)
def Solfatara(game: Game, spell: Spell) -> None:
    target = spell.targets[0]
    game.turn_effects.append((target, "can't play lands"))
    game.emit("cant_play_lands", "101.2", player=target)
    cast_in = game.turn
    upkeep = at_beginning_of(Step.UPKEEP, "any")
    draw_then = Trigger(
        "Draw a card at the beginning of the next turn's upkeep.",
        lambda game, card, event: game.turn > cast_in and upkeep(game, card, event),
        lambda game, ability: game.draw(ability.controller, 1) and None,
    )
    game.add_delayed_trigger(draw_then, spell.card, spell.controller)  # 603.7


@spell_card(
    "Dwarven Reinforcements", mana_cost="{3}{R}", type_line="Sorcery", in_part=True,
    oracle="Create two 2/1 red Dwarf Berserker creature tokens.",
)
def DwarvenReinforcements(game: Game, spell: Spell) -> None:
    game.create_tokens(
        spell.controller,
        *(Card.token(power=2, toughness=1, colors="R", subtypes=("Dwarf", "Berserker")) for _ in range(2)),
    )


@spell_card(
    "Splinter", mana_cost="{2}{G}{G}", type_line="Sorcery", spell_target="artifact",
    oracle="Exile target artifact. Search its controller's graveyard, hand, and library for all cards with the "
        "same name as that artifact and exile them. Then that player shuffles.",
)
def Splinter(game: Game, spell: Spell) -> None:
    artifact = spell.targets[0]
    player, name = artifact.controller, artifact.name
    game.exile_cards([artifact])
    found = game.search(spell.controller, player, (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY), lambda c: c.name == name)
    game.exile_cards(found)
    game.shuffle_cards_into_library(player, [], zone=Zone.LIBRARY)


@spell_card(
    "Lobotomy", mana_cost="{2}{U}{B}", type_line="Sorcery", spell_target="player",
    oracle="Target player reveals their hand, then you choose a card other than a basic land card from it. Search "
        "that player's graveyard, hand, and library for all cards with the same name as the chosen card and "
        "exile them. Then that player shuffles.",
)
def Lobotomy(game: Game, spell: Spell) -> None:
    player = spell.targets[0]
    game.emit("reveal", "701.20a", cards=list(player.hand))
    choices = tuple(c for c in player.hand if not ("Basic" in c.supertypes and c.is_land))
    chosen = game.decide(Decision(spell.controller, "choose_card", choices, rule="701.23c")) if choices else None
    # 701.23c: with no card chosen, the quality is undefined: the search finds nothing.
    wanted = (lambda c: c.name == chosen.name) if chosen is not None else (lambda c: False)
    found = game.search(spell.controller, player, (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY), wanted, hand_revealed=True)
    game.exile_cards(found)
    game.shuffle_cards_into_library(player, [], zone=Zone.LIBRARY)


@spell_card(
    "Dispossess", mana_cost="{2}{B}", type_line="Sorcery", spell_target="player",
    oracle="Choose an artifact card name. Search target player's graveyard, hand, and library for any number of "
        "cards with that name and exile them. That player shuffles.",
)
def Dispossess(game: Game, spell: Spell) -> None:
    player = spell.targets[0]
    name = game.choose_card_name(spell.controller, "Artifact")
    found = game.search(spell.controller, player, (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY), lambda c: c.name == name)
    game.exile_cards(found)
    game.shuffle_cards_into_library(player, [], zone=Zone.LIBRARY)


@spell_card(
    "Bribery", mana_cost="{3}{U}{U}", type_line="Sorcery", spell_target="player",
    oracle="Search target opponent's library for a creature card and put that card onto the battlefield under "
        "your control. Then that player shuffles.",
)
def Bribery(game: Game, spell: Spell) -> None:
    opponent = spell.targets[0]
    found = game.search(spell.controller, opponent, (Zone.LIBRARY,), lambda c: c.is_creature, limit=1)
    for creature in found:
        game._put_onto_battlefield(creature, spell.controller)
    game.shuffle_cards_into_library(opponent, [], zone=Zone.LIBRARY)


@spell_card(
    "Plague Spores", mana_cost="{4}{B}{R}", type_line="Sorcery",
    spell_targets=(TargetSpec("nonblack creature"), TargetSpec("land")),
    oracle="Destroy target nonblack creature and target land. They can't be regenerated.",
)
def PlagueSpores(game: Game, spell: Spell) -> None:
    doomed = game.targets_still_legal(spell, 0) + game.targets_still_legal(spell, 1)
    game.destroy(list({id(c): c for c in doomed}.values()), can_regenerate=False)


def _arc_trail(game: Game, spell: Spell) -> None:
    first = [(t, 2) for t in game.targets_still_legal(spell, 0)]
    second = [(t, 1) for t in game.targets_still_legal(spell, 1)]
    game.deal_damage_each(spell, first + second)


@spell_card(
    "Arc Trail", mana_cost="{1}{R}", type_line="Sorcery",
    spell_targets=(TargetSpec("any"), TargetSpec("any", other=True)),
    oracle="Arc Trail deals 2 damage to any target and 1 damage to any other target.",
)
def ArcTrail(game: Game, spell: Spell) -> None:
    _arc_trail(game, spell)


@spell_card(
    "Redirect", mana_cost="{U}{U}", type_line="Instant", spell_target="spell",
    oracle="You may choose new targets for target spell.",
)
def Redirect(game: Game, spell: Spell) -> None:
    for target in game.targets_still_legal(spell, 0):
        game.choose_new_targets(spell.controller, target)


class SteamAugury(CardDefinition):
    name, mana_cost, type_line = "Steam Augury", "{2}{U}{R}", "Instant"
    oracle = (
        "Reveal the top five cards of your library and separate them into two piles. An opponent chooses one "
        "of those piles. Put that pile into your hand and the other into your graveyard."
    )

    def check_timing(self, game: Game, player: Player, card: Card) -> None:
        raise NotModelledError("separating cards into piles (700.3) is not modelled")
