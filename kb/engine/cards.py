"""The cards the examples need, by their Oracle behaviour. A definition marked ``in_part``
models only the part of the card's text quoted in its ``oracle``. Spanish names are those the
Spanish wiki pages in the corpus use; other cards keep their English name in both languages."""

from __future__ import annotations

import math
from collections.abc import Iterable

from kb.engine.layers import INDEFINITE, ContinuousEffect, add_types, combine, gain_control, grant, modify
from kb.engine.replacement import Replacement, prevent_damage
from kb.engine.manapool import ONLY_CREATURE_SPELLS, basic_land_ability
from kb.engine.errors import NotModelledError
from kb.engine.mana import ManaCost
from kb.engine.objects import COLOR_ORDER, DoubleFacedCardDefinition, SplitCardDefinition, TargetSpec
from kb.engine.game import (
    AbilityDefinition,
    ActivatedAbility,
    Card,
    CardDefinition,
    ChoiceRequest,
    Decision,
    Event,
    Game,
    Player,
    Spell,
    Step,
    TimingError,
    TriggeredAbility,
    Zone,
)

# ---------------------------------------------------------------------------------------------
# Basic lands and plain creatures


class _BasicLand(CardDefinition):
    types = ("Land",)
    supertypes = ("Basic",)


class Plains(_BasicLand):
    name, subtypes = "Plains", ("Plains",)


class Island(_BasicLand):
    name, subtypes = "Island", ("Island",)


class Swamp(_BasicLand):
    name, subtypes = "Swamp", ("Swamp",)


class Mountain(_BasicLand):
    name, subtypes = "Mountain", ("Mountain",)


class Forest(_BasicLand):
    name, subtypes = "Forest", ("Forest",)


class Wastes(_BasicLand):
    name = "Wastes"
    oracle = "{T}: Add {C}."
    activated = (basic_land_ability("C"),)


class GrizzlyBears(CardDefinition):
    name, mana_cost, types, subtypes, power, toughness = "Grizzly Bears", "{1}{G}", ("Creature",), ("Bear",), 2, 2


class RuneclawBear(CardDefinition):
    name, mana_cost, types, subtypes, power, toughness = "Runeclaw Bear", "{1}{G}", ("Creature",), ("Bear",), 2, 2


class HillGiant(CardDefinition):
    name, mana_cost, types, subtypes, power, toughness = "Hill Giant", "{3}{R}", ("Creature",), ("Giant",), 3, 3


class GrayOgre(CardDefinition):
    name, mana_cost, types, subtypes, power, toughness = "Gray Ogre", "{2}{R}", ("Creature",), ("Ogre",), 2, 2


class Maro(CardDefinition):
    name = "Maro"
    mana_cost = "{2}{G}{G}"
    types = ("Creature",)
    subtypes = ("Elemental",)
    oracle = "Maro's power and toughness are each equal to the number of cards in your hand."

    def power_of(self, card: Card) -> int | None:
        return len(card.controller.hand) if card.controller else 0

    def toughness_of(self, card: Card) -> int | None:
        return self.power_of(card)


class SavannahLions(CardDefinition):
    name, mana_cost, types, subtypes, power, toughness = "Savannah Lions", "{W}", ("Creature",), ("Cat",), 2, 1


# ---------------------------------------------------------------------------------------------
# Helpers


def _at_beginning_of_your(step: Step, game: Game, card: Card, event: Event) -> bool:
    return event.kind == "beginning_of" and event["step"] is step and game.is_active(card.controller)


def _trigger(card: Card, text: str, effect, **options) -> TriggeredAbility:
    return TriggeredAbility(card, card.controller, text, effect, **options)


# ---------------------------------------------------------------------------------------------
# Spells


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


class Armageddon(CardDefinition):
    name = "Armageddon"
    mana_cost = "{3}{W}"
    types = ("Sorcery",)
    oracle = "Destroy all lands."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.battlefield if c.is_land and c.controller in game.in_range(spell.controller)])


class NightsWhisper(CardDefinition):
    name = "Night's Whisper"
    mana_cost = "{1}{B}"
    types = ("Sorcery",)
    oracle = "You draw two cards and you lose 2 life."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.draw(spell.controller, 2)
        game.lose_life(spell.controller, 2)


class Hurricane(CardDefinition):
    name = "Hurricane"
    mana_cost = "{X}{G}"
    types = ("Sorcery",)
    oracle = "Hurricane deals X damage to each creature with flying and each player."

    def resolve(self, game: Game, spell: Spell) -> None:
        x = spell.x or 0
        fliers = [c for c in game.affected_creatures(spell.controller) if "Flying" in c.keywords]
        game.deal_damage_each(spell, [(c, x) for c in fliers] + [(p, x) for p in game.affected_players(spell.controller)])


class SorinsThirst(CardDefinition):
    name = "Sorin's Thirst"
    mana_cost = "{B}{B}"
    types = ("Instant",)
    spell_target = "creature"
    oracle = "Sorin's Thirst deals 2 damage to target creature and you gain 2 life."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 2)
        game.gain_life(spell.controller, 2)


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


class BeaconOfImmortality(CardDefinition):
    name = "Beacon of Immortality"
    name_es = "Faro de inmortalidad"
    mana_cost = "{5}{W}"
    types = ("Instant",)
    spell_target = "player"
    oracle = "Double target player's life total. Shuffle Beacon of Immortality into its owner's library."

    def resolve(self, game: Game, spell: Spell) -> None:
        target = spell.targets[0]
        game.emit("double_life", "810.9a", player=target, life=game.life_of(target))
        game.set_life(target, 2 * game.life_of(target))
        game.shuffle_into_library(spell.card)


class RepayInKind(CardDefinition):
    name = "Repay in Kind"
    name_es = "Devolver el favor"
    mana_cost = "{5}{B}"
    types = ("Sorcery",)
    oracle = "Each player's life total becomes the lowest life total among all players."

    def resolve(self, game: Game, spell: Spell) -> None:
        lowest = min(game.life_of(p) for p in game.players)
        game.emit("lowest_life", "119.5", value=lowest)
        game.set_each_life(lowest, spell.card)


class LightningBolt(CardDefinition):
    name = "Lightning Bolt"
    mana_cost = "{R}"
    types = ("Instant",)
    spell_target = "any"
    oracle = "Lightning Bolt deals 3 damage to any target."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 3)


class TimeStop(CardDefinition):
    name = "Time Stop"
    name_es = "Detener el tiempo"
    mana_cost = "{4}{U}{U}"
    types = ("Instant",)
    oracle = (
        "End the turn. (Exile all spells and abilities from the stack, including this card. The player "
        "whose turn it is discards down to their maximum hand size. Damage wears off, and \"this turn\" "
        "and \"until end of turn\" effects end.)"
    )

    def resolve(self, game: Game, spell: Spell) -> None:
        game.end_the_turn(spell.card)


class MandateOfPeace(CardDefinition):
    name = "Mandate of Peace"
    name_es = "Mandato de paz"
    mana_cost = "{1}{W}"
    types = ("Instant",)
    oracle = (
        "Cast this spell only during combat. End the combat phase. (Remove all attackers and blockers "
        "from combat. Exile all spells and abilities from the stack, including this spell.)"
    )

    def check_timing(self, game: Game, player: Player, card: Card) -> None:
        if game.phase is None or game.phase.name != "COMBAT":
            raise TimingError("Mandate of Peace can be cast only during combat")

    def resolve(self, game: Game, spell: Spell) -> None:
        game.end_the_combat_phase(spell.card)


# ---------------------------------------------------------------------------------------------
# Permanents


class Masticore(CardDefinition):
    name = "Masticore"
    mana_cost = "{4}"
    types = ("Artifact", "Creature")
    subtypes = ("Masticore",)
    power, toughness = 4, 4
    in_part = True
    oracle = "At the beginning of your upkeep, sacrifice Masticore unless you discard a card."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if _at_beginning_of_your(Step.UPKEEP, game, card, event):
            yield _trigger(card, self.oracle, self._upkeep)

    @staticmethod
    def _upkeep(game: Game, ability: TriggeredAbility) -> None:
        player, card = ability.controller, ability.source
        if card.zone is not Zone.BATTLEFIELD:
            return
        if player.hand and game.decide(Decision(player, "may_discard", (False, True), rule="608.2d", context={"source": card})):
            discarded = game.decide(Decision(player, "discard", tuple(player.hand), rule="701.9"))
            game.discard(player, [discarded])
        else:
            game.sacrifice([card])


class BlackVise(CardDefinition):
    name = "Black Vise"
    mana_cost = "{1}"
    types = ("Artifact",)
    oracle = (
        "As Black Vise enters, choose an opponent. At the beginning of the chosen player's upkeep, "
        "Black Vise deals X damage to that player, where X is the number of cards in their hand minus 4."
    )

    def as_enters(self, game: Game, card: Card) -> None:
        card.chosen_player = game.decide(Decision(card.controller, "choose_opponent", tuple(game.opponents(card.controller)), rule="614.12"))

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        chosen = card.chosen_player
        if event.kind == "beginning_of" and event["step"] is Step.UPKEEP and chosen is not None and game.is_active(chosen):
            yield _trigger(card, self.oracle, self._upkeep, data={"player": chosen})

    @staticmethod
    def _upkeep(game: Game, ability: TriggeredAbility) -> None:
        player = ability.data["player"]
        damage = len(player.hand) - 4
        game.emit("vise_count", "608.2h", player=player, hand=len(player.hand), amount=max(damage, 0))
        if damage > 0:
            game.deal_damage(ability, player, damage)


class TestOfEndurance(CardDefinition):
    name = "Test of Endurance"
    name_es = "Prueba de resistencia"
    mana_cost = "{2}{W}{W}"
    types = ("Enchantment",)
    threshold = 50
    oracle = "At the beginning of your upkeep, if you have 50 or more life, you win the game."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if _at_beginning_of_your(Step.UPKEEP, game, card, event):
            if game.life_of(card.controller) >= self.threshold:
                yield _trigger(card, self.oracle, self._win, condition=self._condition)
            else:
                game.emit("condition_false", "603.4", card=card, life=game.life_of(card.controller), threshold=self.threshold)

    def _condition(self, game: Game, ability: TriggeredAbility) -> bool:
        return game.life_of(ability.controller) >= self.threshold

    @staticmethod
    def _win(game: Game, ability: TriggeredAbility) -> None:
        game.win(ability.controller, ability.source)


class FelidarSovereign(TestOfEndurance):
    name = "Felidar Sovereign"
    name_es = None
    mana_cost = "{4}{W}{W}"
    types = ("Creature",)
    subtypes = ("Cat", "Beast")
    power, toughness = 4, 6
    keywords = ("Vigilance", "Lifelink")
    threshold = 40
    oracle = "Vigilance, lifelink. At the beginning of your upkeep, if you have 40 or more life, you win the game."


class Millstone(CardDefinition):
    name = "Millstone"
    mana_cost = "{2}"
    types = ("Artifact",)
    oracle = "{2}, {T}: Target player mills two cards."

    @staticmethod
    def _mill(game: Game, ability: ActivatedAbility) -> None:
        game.mill(ability.targets[0], 2)

    activated = (AbilityDefinition("{2}, {T}: Target player mills two cards.", _mill, mana="{2}", tap=True, target="player"),)


class LurkingEvil(CardDefinition):
    name = "Lurking Evil"
    name_es = "Mal furtivo"
    mana_cost = "{B}{B}{B}"
    types = ("Enchantment",)
    oracle = "Pay half your life, rounded up: Lurking Evil becomes a 4/4 Horror creature with flying."

    @staticmethod
    def _become(game: Game, ability: ActivatedAbility) -> None:
        card = ability.source
        if card.zone is not Zone.BATTLEFIELD:
            return
        card.becomes.update(types=("Creature",), subtypes=("Horror",), power=4, toughness=4, keywords=("Flying",))
        game.emit("becomes_creature", "613", card=card, power=4, toughness=4)

    activated = (
        AbilityDefinition(
            "Pay half your life, rounded up: Lurking Evil becomes a 4/4 Horror creature with flying.",
            _become,
            life=lambda game, player: math.ceil(game.life_of(player) / 2),
        ),
    )


class MagisterSphinx(CardDefinition):
    name = "Magister Sphinx"
    mana_cost = "{4}{W}{U}{B}"
    types = ("Artifact", "Creature")
    subtypes = ("Sphinx",)
    power, toughness = 5, 5
    keywords = ("Flying",)
    oracle = "Flying. When Magister Sphinx enters, target player's life total becomes 10."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "enters" and event["card"] is card:
            yield _trigger(card, self.oracle, self._effect, target="player")

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        game.set_life(ability.targets[0], 10)


class Transcendence(CardDefinition):
    name = "Transcendence"
    name_es = "Trascendencia"
    mana_cost = "{3}{W}{W}{W}"
    types = ("Enchantment",)
    in_part = True
    oracle = "You don't lose the game for having 0 or less life."

    def forbids(self, game: Game, card: Card, player: Player, action: str) -> bool:
        return action == "lose:life" and player is card.controller


class PlatinumAngel(CardDefinition):
    name = "Platinum Angel"
    name_es = "Ángel de platino"
    mana_cost = "{7}"
    types = ("Artifact", "Creature")
    subtypes = ("Angel",)
    power, toughness = 4, 4
    keywords = ("Flying",)
    oracle = "Flying. You can't lose the game and your opponents can't win the game."

    def forbids(self, game: Game, card: Card, player: Player, action: str) -> bool:
        if action == "lose":
            return player is card.controller
        if action == "win":
            return player in game.opponents(card.controller)
        return False


class PlatinumEmperion(CardDefinition):
    name = "Platinum Emperion"
    mana_cost = "{8}"
    types = ("Artifact", "Creature")
    subtypes = ("Golem",)
    power, toughness = 8, 8
    oracle = "Your life total can't change. (You can't gain or lose life. You can't pay any amount of life except 0.)"

    def forbids(self, game: Game, card: Card, player: Player, action: str) -> bool:
        return action in ("gain life", "lose life") and player is card.controller


class MeliraSylvokOutcast(CardDefinition):
    name = "Melira, Sylvok Outcast"
    mana_cost = "{1}{G}"
    types = ("Legendary", "Creature")
    subtypes = ("Human", "Scout")
    power, toughness = 2, 2
    in_part = True
    oracle = "You can't get poison counters."

    def forbids(self, game: Game, card: Card, player: Player, action: str) -> bool:
        return action == "get poison" and player is card.controller


class IchorRats(CardDefinition):
    name = "Ichor Rats"
    name_es = "Ratas icóridas"
    mana_cost = "{1}{B}{B}"
    types = ("Creature",)
    subtypes = ("Rat",)
    power, toughness = 2, 1
    keywords = ("Infect",)
    oracle = "Infect. When Ichor Rats enters, each player gets a poison counter."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "enters" and event["card"] is card:
            yield _trigger(card, self.oracle, self._effect)

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        for player in game.affected_players(ability.controller):
            game.give_poison(player, 1)


class GrayMerchantOfAsphodel(CardDefinition):
    name = "Gray Merchant of Asphodel"
    name_es = "Comerciante plomizo de Asfodel"
    mana_cost = "{3}{B}{B}"
    types = ("Creature",)
    subtypes = ("Zombie",)
    power, toughness = 2, 4
    oracle = (
        "When Gray Merchant of Asphodel enters, each opponent loses X life, where X is your devotion "
        "to black. You gain life equal to the life lost this way."
    )

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "enters" and event["card"] is card:
            yield _trigger(card, self.oracle, self._effect)

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        you = ability.controller
        x = game.devotion(you, "B")
        game.emit("devotion", "700.5", player=you, color="B", amount=x)
        lost = sum(game.lose_life(opponent, x) for opponent in game.affected_opponents(you))
        game.gain_life(you, lost)


class BallLightning(CardDefinition):
    name = "Ball Lightning"
    mana_cost = "{R}{R}{R}"
    types = ("Creature",)
    subtypes = ("Elemental",)
    power, toughness = 6, 1
    keywords = ("Trample", "Haste")
    oracle = "Trample, haste. At the beginning of the end step, sacrifice Ball Lightning."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "beginning_of" and event["step"] is Step.END:
            yield _trigger(card, self.oracle, self._effect)

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        game.sacrifice([ability.source])


class Megrim(CardDefinition):
    name = "Megrim"
    mana_cost = "{2}{B}"
    types = ("Enchantment",)
    oracle = "Whenever an opponent discards a card, Megrim deals 2 damage to that player."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "discard" and event["player"] in game.opponents(card.controller):
            for _ in event["cards"]:
                yield _trigger(card, self.oracle, self._effect, data={"player": event["player"]})

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        game.deal_damage(ability, ability.data["player"], 2)


class SundialOfTheInfinite(CardDefinition):
    name = "Sundial of the Infinite"
    name_es = "Reloj de sol del infinito"
    mana_cost = "{2}"
    types = ("Artifact",)
    oracle = "{1}, {T}: End the turn. Activate only during your turn."

    @staticmethod
    def _end(game: Game, ability: ActivatedAbility) -> None:
        game.end_the_turn(ability.source)

    activated = (AbilityDefinition("{1}, {T}: End the turn. Activate only during your turn.", _end, mana="{1}", tap=True, only_your_turn=True),)


class DingusEgg(CardDefinition):
    name = "Dingus Egg"
    mana_cost = "{4}"
    types = ("Artifact",)
    oracle = "Whenever a land is put into a graveyard from the battlefield, Dingus Egg deals 2 damage to that land's controller."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "put_into_graveyard" and event["card"].is_land and event["card"] is not card:
            yield _trigger(card, self.oracle, self._effect, data={"player": event["controller"]})

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        game.deal_damage(ability, ability.data["player"], 2)


class LichsMirror(CardDefinition):
    name = "Lich's Mirror"
    mana_cost = "{5}"
    types = ("Artifact",)
    oracle = (
        "If you would lose the game, instead shuffle your hand, your graveyard, and all permanents you "
        "own into your library, then draw seven cards and your life total becomes 20."
    )

    def replaces_loss(self, game: Game, card: Card, player: Player) -> bool:
        return card.zone is Zone.BATTLEFIELD and card.controller is player

    def replace_loss(self, game: Game, card: Card, player: Player) -> None:
        gathered = list(player.hand) + list(player.graveyard) + [c for c in game.battlefield if c.owner is player]
        for item in gathered:
            game._move(item, Zone.LIBRARY)
        game.random.shuffle(player.library)
        game.emit("shuffle_all_in", "614.1a", player=player, count=len(gathered))
        game.draw(player, 7)
        game.set_life(player, 20)


class ExquisiteArchangel(CardDefinition):
    name = "Exquisite Archangel"
    mana_cost = "{5}{W}{W}"
    types = ("Creature",)
    subtypes = ("Angel",)
    power, toughness = 5, 5
    keywords = ("Flying",)
    replacement_moves_itself = True
    oracle = (
        "Flying. If you would lose the game, instead exile Exquisite Archangel and your life total "
        "becomes equal to your starting life total."
    )

    def replaces_loss(self, game: Game, card: Card, player: Player) -> bool:
        return card.zone is Zone.BATTLEFIELD and card.controller is player

    def replace_loss(self, game: Game, card: Card, player: Player) -> None:
        if card.zone is Zone.BATTLEFIELD:
            game.exile_cards([card])
        game.set_life(player, game.starting_life(player))


# ---------------------------------------------------------------------------------------------
# Continuous effects, counters and tokens


def _white_creatures(controller_only: bool):
    def select(game: Game, card: Card, chars, source: Card) -> bool:
        return "Creature" in chars.types and "W" in chars.colors and (not controller_only or chars.controller is source.controller)

    return select


class HonorOfThePure(CardDefinition):
    name = "Honor of the Pure"
    mana_cost = "{1}{W}"
    types = ("Enchantment",)
    oracle = "White creatures you control get +1/+1."

    def static_effects(self, game: Game, card: Card):
        select = _white_creatures(controller_only=True)
        return [modify(1, 1, applies_to=lambda g, c, chars: select(g, c, chars, card), text=self.oracle)]


class Crusade(CardDefinition):
    name = "Crusade"
    mana_cost = "{W}{W}"
    types = ("Enchantment",)
    oracle = "White creatures get +1/+1."

    def static_effects(self, game: Game, card: Card):
        select = _white_creatures(controller_only=False)
        return [modify(1, 1, applies_to=lambda g, c, chars: select(g, c, chars, card), text=self.oracle)]


class ActOfTreason(CardDefinition):
    name = "Act of Treason"
    mana_cost = "{2}{R}"
    types = ("Sorcery",)
    spell_target = "creature"
    oracle = "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        creature = spell.targets[0]
        game.add_effect(combine(gain_control(spell.controller), grant("Haste"), affected=[creature], text=self.oracle))
        game.untap([creature])


def _colossus_pump(game: Game, ability: ActivatedAbility) -> None:
    card = ability.source
    if card.zone is not Zone.BATTLEFIELD:
        return
    # Rule 107.1b: a calculation that gives a negative number uses zero instead.
    x = max(0, card.power or 0)
    game.add_effect(modify(x, x, affected=[card], text=f"+{x}/+{x} until end of turn"))


class ChameleonColossus(CardDefinition):
    name = "Chameleon Colossus"
    mana_cost = "{2}{G}{G}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 4, 4
    in_part = True
    oracle = "{2}{G}{G}: This creature gets +X/+X until end of turn, where X is its power."
    activated = (AbilityDefinition(oracle, _colossus_pump, mana="{2}{G}{G}"),)


class YoungWolf(CardDefinition):
    name = "Young Wolf"
    mana_cost = "{G}"
    types = ("Creature",)
    subtypes = ("Wolf",)
    power, toughness = 1, 1
    keywords = ("Undying",)
    oracle = "Undying"


class SeatOfTheSynod(CardDefinition):
    name = "Seat of the Synod"
    types = ("Artifact", "Land")
    in_part = True
    oracle = "{T}: Add {U}."


def _cradle(game: Game, ability: ActivatedAbility) -> None:
    count = len(ability.controller.creatures)
    game.add_mana(ability.controller, ["G"] * count, source=ability.source)


class GaeasCradle(CardDefinition):
    name = "Gaea's Cradle"
    types = ("Land",)
    supertypes = ("Legendary",)
    oracle = "{T}: Add {G} for each creature you control."
    activated = (
        AbilityDefinition(
            oracle, _cradle, tap=True, adds_mana=True,
            produces=lambda game, card: frozenset("G") if card.controller.creatures else frozenset(),
        ),
    )


class BidentOfThassa(CardDefinition):
    name = "Bident of Thassa"
    mana_cost = "{2}{U}{U}"
    types = ("Enchantment", "Artifact")
    supertypes = ("Legendary",)
    in_part = True
    oracle = "Whenever a creature you control deals combat damage to a player, you may draw a card."


def _saproling(game: Game, ability: ActivatedAbility) -> None:
    game.create_tokens(ability.controller, Card.token(power=1, toughness=1, colors="G", subtypes=("Saproling",)))


class JadeMage(CardDefinition):
    name = "Jade Mage"
    mana_cost = "{1}{G}"
    types = ("Creature",)
    subtypes = ("Human", "Shaman")
    power, toughness = 2, 1
    oracle = "{2}{G}: Create a 1/1 green Saproling creature token."
    activated = (AbilityDefinition(oracle, _saproling, mana="{2}{G}"),)


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


class MinscBelovedRanger(CardDefinition):
    name = "Minsc, Beloved Ranger"
    mana_cost = "{R}{G}{W}"
    types = ("Creature",)
    subtypes = ("Human", "Ranger")
    supertypes = ("Legendary",)
    power, toughness = 3, 3
    in_part = True
    oracle = "When Minsc enters, create Boo, a legendary 1/1 red Hamster creature token with trample and haste."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            def boo(game: Game, ability: TriggeredAbility) -> None:
                game.create_tokens(
                    ability.controller,
                    Card.token("Boo", power=1, toughness=1, colors="R", subtypes=("Hamster",), supertypes=("Legendary",), keywords=("Trample", "Haste")),
                )

            yield _trigger(card, self.oracle, boo)


# ---------------------------------------------------------------------------------------------
# Combat


class AjanisPridemate(CardDefinition):
    name = "Ajani's Pridemate"
    mana_cost = "{1}{W}"
    types = ("Creature",)
    subtypes = ("Cat", "Soldier")
    power, toughness = 2, 2
    oracle = "Whenever you gain life, put a +1/+1 counter on this creature."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "life_gain" and event["player"] is card.controller:
            def counter(game: Game, ability: TriggeredAbility) -> None:
                if ability.source.zone is Zone.BATTLEFIELD:
                    game.add_counters(ability.source, "+1/+1")

            yield _trigger(card, self.oracle, counter)


class DuelingGrounds(CardDefinition):
    name = "Dueling Grounds"
    mana_cost = "{1}{G}{W}"
    types = ("Enchantment",)
    oracle = "No more than one creature can attack each turn. No more than one creature can block each turn."

    def restricts_attack(self, game: Game, card: Card, attackers: list[Card]) -> bool:
        return len(attackers) > 1

    def restricts_block(self, game: Game, card: Card, blocks: list[tuple[Card, Card]]) -> bool:
        return len({id(blocker) for blocker, _ in blocks}) > 1


# ---------------------------------------------------------------------------------------------
# Copies


def _choose_to_copy(game: Game, card: Card, kind: str, wanted) -> Card | None:
    """"You may have this enter as a copy of any <kind> on the battlefield" (614.1c, 707.5)."""
    options = tuple(c for c in game.battlefield if c is not card and wanted(c))
    if not options:
        return None
    chosen = game.decide(Decision(card.controller, "enter_as_copy", options + (False,), rule="707.5", context={"source": card}))
    return chosen or None


class Clone(CardDefinition):
    name = "Clone"
    mana_cost = "{3}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 0, 0
    oracle = "You may have this creature enter as a copy of any creature on the battlefield."

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "creature", lambda c: c.is_creature)
        if original is not None:
            game.become_copy(card, original)


class _VesuvanUpkeep(CardDefinition):
    """The ability a Vesuvan Doppelganger's copy keeps (never registered by name)."""

    oracle = "At the beginning of your upkeep, you may have this creature become a copy of target creature, except it doesn't copy that creature's color and it has this ability."

    def triggers(self, game: Game, card: Card, event: Event):
        if _at_beginning_of_your(Step.UPKEEP, game, card, event):
            def recopy(game: Game, ability: TriggeredAbility) -> None:
                target = ability.targets[0] if ability.targets else None
                if target is not None and target.zone is Zone.BATTLEFIELD and ability.source.zone is Zone.BATTLEFIELD:
                    game.become_copy(ability.source, target, keep_colors=True, keeps=_VesuvanUpkeep())

            yield _trigger(card, self.oracle, recopy, target="creature")


class VesuvanDoppelganger(CardDefinition):
    name = "Vesuvan Doppelganger"
    mana_cost = "{3}{U}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 0, 0
    oracle = (
        "You may have this creature enter as a copy of any creature on the battlefield, except it doesn't copy "
        "that creature's color and it has \"At the beginning of your upkeep, you may have this creature become a "
        "copy of target creature, except it doesn't copy that creature's color and it has this ability.\""
    )

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "creature", lambda c: c.is_creature)
        if original is not None:
            game.become_copy(card, original, keep_colors=True, keeps=_VesuvanUpkeep())


class UnstableShapeshifter(CardDefinition):
    name = "Unstable Shapeshifter"
    mana_cost = "{3}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 0, 1
    oracle = "Whenever another creature enters, this creature becomes a copy of that creature, except it has this ability."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is not card and event["card"].is_creature:
            entering = event["card"]

            def become(game: Game, ability: TriggeredAbility, entering=entering) -> None:
                if ability.source.zone is Zone.BATTLEFIELD and entering.zone is Zone.BATTLEFIELD:
                    game.become_copy(ability.source, entering, keeps=UnstableShapeshifter())

            yield _trigger(card, self.oracle, become)


class QuicksilverGargantuan(CardDefinition):
    name = "Quicksilver Gargantuan"
    mana_cost = "{5}{U}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 7, 7
    oracle = "You may have this creature enter as a copy of any creature on the battlefield, except it's 7/7."

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "creature", lambda c: c.is_creature)
        if original is not None:
            game.become_copy(card, original, set_power_toughness=(7, 7))


class CopyArtifact(CardDefinition):
    name = "Copy Artifact"
    mana_cost = "{1}{U}"
    types = ("Enchantment",)
    oracle = "You may have this enchantment enter as a copy of any artifact on the battlefield, except it's an enchantment in addition to its other types."

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "artifact", lambda c: "Artifact" in c.types)
        if original is not None:
            game.become_copy(card, original, add_types=("Enchantment",))


class Tarmogoyf(CardDefinition):
    name = "Tarmogoyf"
    mana_cost = "{1}{G}"
    types = ("Creature",)
    subtypes = ("Lhurgoyf",)
    oracle = "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1."

    def power_of(self, card: Card) -> int | None:
        game = card.owner.game if card.owner is not None else None
        if game is None:
            return 0
        kinds = {t for p in game.seats for c in p.graveyard for t in c.types if t in CARD_TYPES}
        return len(kinds)

    def toughness_of(self, card: Card) -> int | None:
        return self.power_of(card) + 1


CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery")


class Juggernaut(CardDefinition):
    name = "Juggernaut"
    mana_cost = "{4}"
    types = ("Artifact", "Creature")
    subtypes = ("Juggernaut",)
    power, toughness = 5, 3
    keywords = ("Attacks each combat if able",)
    in_part = True
    oracle = "This creature attacks each combat if able."


class WallOfOmens(CardDefinition):
    name = "Wall of Omens"
    mana_cost = "{1}{W}"
    types = ("Creature",)
    subtypes = ("Wall",)
    power, toughness = 0, 4
    keywords = ("Defender",)
    oracle = "Defender. When this creature enters, draw a card."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            yield _trigger(card, "When this creature enters, draw a card.", lambda game, ability: game.draw(ability.controller, 1))


class SkyshroudBehemoth(CardDefinition):
    name = "Skyshroud Behemoth"
    mana_cost = "{5}{G}{G}"
    types = ("Creature",)
    subtypes = ("Beast",)
    power, toughness = 10, 10
    in_part = True
    oracle = "Fading 2 (This creature enters with two fade counters on it.) This creature enters tapped."

    def as_enters(self, game: Game, card: Card) -> None:
        card.tapped = True
        card.counters["fade"] = card.counters.get("fade", 0) + 2


def _chimeric(game: Game, ability: ActivatedAbility) -> None:
    card, x = ability.source, ability.data["x"]
    if card.zone is Zone.BATTLEFIELD:
        game.add_effect(add_types("Artifact", "Creature", subtypes=("Construct",), power=x, toughness=x, affected=[card]))


class ChimericStaff(CardDefinition):
    name = "Chimeric Staff"
    mana_cost = "{4}"
    types = ("Artifact",)
    oracle = "{X}: This artifact becomes an X/X Construct artifact creature until end of turn."
    activated = (AbilityDefinition(oracle, _chimeric, mana="{X}"),)


class GiantGrowth(CardDefinition):
    name = "Giant Growth"
    mana_cost = "{G}"
    types = ("Instant",)
    spell_target = "creature"
    oracle = "Target creature gets +3/+3 until end of turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.add_effect(modify(3, 3, affected=[spell.targets[0]]))


def _add_chosen_color(game: Game, ability: ActivatedAbility) -> None:
    # 607.2a: "the chosen color" is the one chosen for this object by the linked "as enters"
    # ability; if none was (607.5a), the mana's type is undefined and none is added (106.5).
    game.add_mana(ability.controller, [game.chosen(ability.source, "color")], source=ability.source)


def _chosen_color_mana(game: Game, card: Card) -> frozenset[str]:
    color = game.chosen(card, "color")
    return frozenset((color,)) if color else frozenset()


class QuirionElves(CardDefinition):
    name = "Quirion Elves"
    mana_cost = "{1}{G}"
    types = ("Creature",)
    subtypes = ("Elf", "Druid")
    power, toughness = 1, 1
    oracle = "As this creature enters, choose a color. {T}: Add {G}. {T}: Add one mana of the chosen color."
    activated = (
        basic_land_ability("G"),
        AbilityDefinition("{T}: Add one mana of the chosen color.", _add_chosen_color, tap=True, adds_mana=True, produces=_chosen_color_mana),
    )

    def as_enters(self, game: Game, card: Card) -> None:
        game.choose_as_enters(card, "color", COLOR_ORDER)


class DoomedDissenter(CardDefinition):
    name = "Doomed Dissenter"
    mana_cost = "{1}{B}"
    types = ("Creature",)
    subtypes = ("Human",)
    power, toughness = 1, 1
    in_part = True
    oracle = "When this creature dies, create a 2/2 black Zombie creature token."


class SpittingImage(CardDefinition):
    name = "Spitting Image"
    mana_cost = "{4}{G/U}{G/U}"
    types = ("Sorcery",)
    spell_target = "creature"
    in_part = True
    oracle = "Create a token that's a copy of target creature."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.create_token_copy(spell.controller, spell.targets[0])


# ---------------------------------------------------------------------------------------------
# Replacement and prevention effects


class GratuitousViolence(CardDefinition):
    name = "Gratuitous Violence"
    mana_cost = "{2}{R}{R}{R}"
    types = ("Enchantment",)
    oracle = "If a creature you control would deal damage to a permanent or player, it deals double that damage to that permanent or player instead."

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            source = event["source"]
            return source is not None and source.zone is Zone.BATTLEFIELD and source.is_creature and source.controller is card.controller

        yield Replacement(self.oracle, "damage", applies, lambda game, event: {**event, "amount": 2 * event["amount"]}, source=card)


class DauntingDefender(CardDefinition):
    name = "Daunting Defender"
    mana_cost = "{4}{W}"
    types = ("Creature",)
    subtypes = ("Human", "Cleric")
    power, toughness = 3, 3
    oracle = "If a source would deal damage to a Cleric creature you control, prevent 1 of that damage."

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            target = event["target"]
            return isinstance(target, Card) and target.is_creature and "Cleric" in target.subtypes and target.controller is card.controller

        def apply(game: Game, event: dict) -> dict:
            game.emit("damage_prevented", "615.1a", source=event["source"], target=event["target"], amount=1)
            return {**event, "amount": event["amount"] - 1}

        yield Replacement(self.oracle, "damage", applies, apply, source=card, prevention=True)


class OrbOfDreams(CardDefinition):
    name = "Orb of Dreams"
    mana_cost = "{3}"
    types = ("Artifact",)
    oracle = "Permanents enter tapped."

    def replacements(self, game: Game, card: Card):
        yield Replacement(self.oracle, "enter", lambda game, event: not event["tapped"], lambda game, event: {**event, "tapped": True}, source=card)


class DarksteelColossus(CardDefinition):
    name = "Darksteel Colossus"
    mana_cost = "{11}"
    types = ("Artifact", "Creature")
    subtypes = ("Golem",)
    power, toughness = 11, 11
    keywords = ("Trample", "Indestructible")
    oracle = (
        "Trample, indestructible. If Darksteel Colossus would be put into a graveyard from anywhere, "
        "reveal Darksteel Colossus and shuffle it into its owner's library instead."
    )

    def replacements(self, game: Game, card: Card):
        def apply(game: Game, event: dict) -> None:
            game.emit("reveal", "701.20a", cards=[card])
            game.shuffle_into_library(card)

        yield Replacement(self.oracle, "zone_change", lambda game, event: event["card"] is card and event["to"] is Zone.GRAVEYARD, apply, source=card)


class GravebaneZombie(CardDefinition):
    name = "Gravebane Zombie"
    mana_cost = "{3}{B}"
    types = ("Creature",)
    subtypes = ("Zombie",)
    power, toughness = 3, 2
    oracle = "If this creature would die, put it on top of its owner's library instead."

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            return event["card"] is card and event["from"] is Zone.BATTLEFIELD and event["to"] is Zone.GRAVEYARD and card.is_creature

        yield Replacement(self.oracle, "zone_change", applies, lambda game, event: {**event, "to": Zone.LIBRARY}, source=card)


class AkromasVengeance(CardDefinition):
    name = "Akroma's Vengeance"
    mana_cost = "{4}{W}{W}"
    types = ("Sorcery",)
    in_part = True
    oracle = "Destroy all artifacts, creatures, and enchantments."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.battlefield if {"Artifact", "Creature", "Enchantment"} & set(c.types)])


def _samite(game: Game, ability: ActivatedAbility) -> None:
    game.add_replacement(prevent_damage(1, to=ability.targets[0], source=ability.source))


class SamiteHealer(CardDefinition):
    name = "Samite Healer"
    mana_cost = "{1}{W}"
    types = ("Creature",)
    subtypes = ("Human", "Cleric")
    power, toughness = 1, 1
    oracle = "{T}: Prevent the next 1 damage that would be dealt to any target this turn."
    activated = (AbilityDefinition(oracle, _samite, tap=True, target="any"),)


def _apothecary(game: Game, ability: ActivatedAbility) -> None:
    target = ability.targets[0]
    shielded = [target] + [c for c in game.battlefield if c is not target and c.is_creature and set(c.colors) & set(target.colors)]
    for creature in shielded:  # the creatures sharing a colour as it resolves (615.11)
        game.add_replacement(prevent_damage(1, to=creature, source=ability.source))


class WojekApothecary(CardDefinition):
    name = "Wojek Apothecary"
    mana_cost = "{2}{W}{W}"
    types = ("Creature",)
    subtypes = ("Human", "Cleric")
    power, toughness = 1, 1
    oracle = "Radiance — {T}: Prevent the next 1 damage that would be dealt to target creature and each other creature that shares a color with it this turn."
    activated = (AbilityDefinition(oracle, _apothecary, tap=True, target="creature"),)


# ---------------------------------------------------------------------------------------------
# Type lines and characteristic-defining abilities


class DryadArbor(CardDefinition):
    name = "Dryad Arbor"
    type_line = "Land Creature — Forest Dryad"
    colors = ("G",)  # its color indicator (204)
    power, toughness = 1, 1
    oracle = "(This land is a Forest and a Dryad. It's still a land and a creature.)"


class LostOrderOfJarkeld(CardDefinition):
    name = "Lost Order of Jarkeld"
    mana_cost = "{2}{W}{W}"
    type_line = "Creature — Human Knight"
    oracle = (
        "As this creature enters, choose an opponent. Lost Order of Jarkeld's power and toughness are each "
        "equal to 1 plus the number of creatures the chosen player controls."
    )

    def as_enters(self, game: Game, card: Card) -> None:
        opponents = tuple(game.opponents(card.controller))
        card.chosen_player = game.decide(Decision(card.controller, "choose_opponent", opponents, rule="614.12")) if opponents else None

    def power_of(self, card: Card) -> int | None:
        # 208.2a: off the battlefield there is no chosen player: 1 plus 0.
        chosen = card.chosen_player if card.zone is Zone.BATTLEFIELD else None
        return 1 + (len(chosen.creatures) if chosen is not None else 0)

    def toughness_of(self, card: Card) -> int | None:
        return self.power_of(card)


# ---------------------------------------------------------------------------------------------
# Commander


class BoshIronGolem(CardDefinition):
    name = "Bosh, Iron Golem"
    mana_cost = "{8}"
    type_line = "Legendary Artifact Creature — Golem"
    power, toughness = 6, 7
    keywords = ("Trample",)
    in_part = True
    oracle = "Trample. {3}{R}, Sacrifice an artifact: Bosh, Iron Golem deals damage equal to the sacrificed artifact's mana value to any target."


class WortTheRaidmother(CardDefinition):
    name = "Wort, the Raidmother"
    mana_cost = "{4}{R/G}{R/G}"
    type_line = "Legendary Creature — Elemental Shaman"
    power, toughness = 3, 3
    in_part = True
    oracle = (
        "When Wort enters, create two 1/1 red and green Goblin Warrior creature tokens. "
        "Each red or green instant or sorcery spell you cast has conspire."
    )




# ---------------------------------------------------------------------------------------------
# Phasing and durations


class CollectiveUnconscious(CardDefinition):
    name = "Collective Unconscious"
    mana_cost = "{4}{G}{G}"
    types = ("Sorcery",)
    oracle = "Draw a card for each creature you control."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.draw(spell.controller, len(spell.controller.creatures))


class WrathOfGod(CardDefinition):
    name = "Wrath of God"
    mana_cost = "{2}{W}{W}"
    types = ("Sorcery",)
    in_part = True
    oracle = "Destroy all creatures."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.battlefield if c.is_creature])


class MasterThief(CardDefinition):
    name = "Master Thief"
    mana_cost = "{2}{U}{U}"
    type_line = "Creature — Human Rogue"
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

            yield _trigger(card, self.oracle, steal, target="artifact")


class WordOfSeizing(CardDefinition):
    name = "Word of Seizing"
    mana_cost = "{3}{R}{R}"
    types = ("Instant",)
    spell_target = "permanent"
    in_part = True
    oracle = "Untap target permanent and gain control of it until end of turn. It gains haste until end of turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        permanent = spell.targets[0]
        game.untap([permanent])
        game.add_effect(combine(gain_control(spell.controller), grant("Haste"), affected=[permanent], text=self.oracle))


# ---------------------------------------------------------------------------------------------
# Prevention and range of influence


class LightningBlast(CardDefinition):
    name = "Lightning Blast"
    mana_cost = "{3}{R}"
    types = ("Instant",)
    spell_target = "any"
    oracle = "Lightning Blast deals 4 damage to any target."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 4)


class MendingHands(CardDefinition):
    name = "Mending Hands"
    mana_cost = "{W}"
    types = ("Instant",)
    spell_target = "any"
    oracle = "Prevent the next 4 damage that would be dealt to any target this turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.add_replacement(prevent_damage(4, to=spell.targets[0], source=spell.card, controller=spell.controller))


class Fog(CardDefinition):
    name = "Fog"
    mana_cost = "{G}"
    types = ("Instant",)
    oracle = "Prevent all combat damage that would be dealt this turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.add_replacement(prevent_damage(where=lambda game, event: event["combat"], source=spell.card, controller=spell.controller, text=self.oracle))


class CoatOfArms(CardDefinition):
    name = "Coat of Arms"
    mana_cost = "{5}"
    types = ("Artifact",)
    oracle = "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type with it."

    def static_effects(self, game: Game, card: Card):
        # With limited range of influence, it affects and sees only what is within its
        # controller's range (801.10, 801.11).
        def within(other: Card) -> bool:
            return other.controller in game.in_range(card.controller)

        def creatures_in_range() -> list[Card]:
            return [c for c in game.battlefield if c.is_creature and within(c)]

        def bonus(chars) -> None:
            shared = [c for c in creatures_in_range() if c is not chars.card and set(c.subtypes) & set(chars.subtypes)]
            chars.power += len(shared)
            chars.toughness += len(shared)

        return [ContinuousEffect({"7c": bonus}, applies_to=lambda game, c, chars: "Creature" in chars.types and within(c), text=self.oracle)]


class DrudgeSkeletons(CardDefinition):
    name = "Drudge Skeletons"
    mana_cost = "{1}{B}"
    type_line = "Creature — Skeleton"
    power, toughness = 1, 1
    oracle = "{B}: Regenerate this creature."
    activated = (AbilityDefinition(oracle, lambda game, ability: game.regenerate(ability.source), mana="{B}"),)


class Murder(CardDefinition):
    name = "Murder"
    mana_cost = "{1}{B}{B}"
    types = ("Instant",)
    spell_target = "creature"
    oracle = "Destroy target creature."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy(spell.targets)


# ---------------------------------------------------------------------------------------------
# Shuffling


class Guile(CardDefinition):
    name = "Guile"
    mana_cost = "{3}{U}{U}{U}"
    type_line = "Creature — Elemental Incarnation"
    power, toughness = 6, 6
    in_part = True
    oracle = "When Guile is put into a graveyard from anywhere, shuffle it into its owner's library."

    def triggers(self, game: Game, card: Card, event: Event):
        moved = event.kind == "put_into_graveyard" and event["card"] is card
        discarded = event.kind in ("discard", "mill") and any(c is card for c in event["cards"])
        if moved or discarded:
            yield _trigger(card, self.oracle, lambda game, ability: game.shuffle_cards_into_library(card.owner, [card]))


class LoamingShaman(CardDefinition):
    name = "Loaming Shaman"
    mana_cost = "{2}{G}"
    type_line = "Creature — Centaur Shaman"
    power, toughness = 3, 2
    oracle = "When this creature enters, target player shuffles any number of target cards from their graveyard into their library."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            def shuffle(game: Game, ability: TriggeredAbility) -> None:
                player = ability.targets[0]
                game.shuffle_cards_into_library(player, ability.data.get("cards", []))

            yield _trigger(card, self.oracle, shuffle, target="player")


# ---------------------------------------------------------------------------------------------
# Tokens of named cards and reflexive triggers


class DisaTheRestless(CardDefinition):
    name = "Disa the Restless"
    mana_cost = "{2}{B}{R}{G}"
    type_line = "Legendary Creature — Human Ranger"
    power, toughness = 5, 6
    in_part = True
    oracle = "Whenever one or more creatures you control deal combat damage to a player, create a Tarmogoyf token."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "combat_damage" and any(
            isinstance(recipient, Player) and source.controller is card.controller for source, recipient, _ in event["dealt"]
        ):
            yield _trigger(card, self.oracle, lambda game, ability: game.create_tokens(ability.controller, Card.token_of("Tarmogoyf")))


class HeartPiercerManticore(CardDefinition):
    name = "Heart-Piercer Manticore"
    mana_cost = "{2}{R}"
    type_line = "Creature — Manticore"
    power, toughness = 4, 3
    in_part = True
    oracle = (
        "When this creature enters, you may sacrifice another creature. When you do, this creature deals "
        "damage equal to that creature's power to any target."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            def may_sacrifice(game: Game, ability: TriggeredAbility) -> None:
                others = tuple(c for c in ability.controller.creatures if c is not card)
                if not others:
                    return
                chosen = game.decide(Decision(ability.controller, "sacrifice", others + (False,), rule="603.12", context={"source": card}))
                if chosen is False:
                    return
                game.sacrifice([chosen])
                power = chosen.last_known.get("power", 0) or 0

                def strike(game: Game, reflexive: TriggeredAbility) -> None:
                    game.deal_damage(reflexive, reflexive.targets[0], max(0, power))

                # 603.12: a reflexive triggered ability, which triggers only on this sacrifice.
                reflexive = TriggeredAbility(card, ability.controller, "When you do, this creature deals damage equal to that creature's power to any target.", strike, target="any")
                game._pending.append(reflexive)
                game.emit("triggers", "603.12", ability=reflexive)

            yield _trigger(card, "When this creature enters, you may sacrifice another creature.", may_sacrifice)


# ---------------------------------------------------------------------------------------------
# Searching


class HowlingMine(CardDefinition):
    name = "Howling Mine"
    mana_cost = "{2}"
    types = ("Artifact",)
    in_part = True
    oracle = "At the beginning of each player's draw step, if Howling Mine is untapped, that player draws an additional card."


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


# ---------------------------------------------------------------------------------------------
# Leaving a multiplayer game, and creatures with no abilities


class SerraAngel(CardDefinition):
    name = "Serra Angel"
    mana_cost = "{3}{W}{W}"
    type_line = "Creature — Angel"
    power, toughness = 4, 4
    keywords = ("Flying", "Vigilance")
    oracle = "Flying, vigilance"


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


class GenesisChamber(CardDefinition):
    name = "Genesis Chamber"
    mana_cost = "{2}"
    types = ("Artifact",)
    oracle = (
        "Whenever a nontoken creature enters, if this artifact is untapped, that creature's controller creates "
        "a 1/1 colorless Myr artifact creature token."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        entering = event["card"] if event.kind == "enters" else None
        if entering is not None and entering.is_creature and not entering.is_token and not card.tapped:
            def myr(game: Game, ability: TriggeredAbility, entering=entering) -> None:
                token = Card.token(power=1, toughness=1, types=("Artifact", "Creature"), subtypes=("Myr",))
                game.create_tokens(entering.controller, token)

            yield _trigger(card, self.oracle, myr, condition=lambda game, ability: not card.tapped)


class MuragandaPetroglyphs(CardDefinition):
    name = "Muraganda Petroglyphs"
    mana_cost = "{3}{G}"
    types = ("Enchantment",)
    oracle = "Creatures with no abilities get +2/+2."

    def static_effects(self, game: Game, card: Card):
        def no_abilities(game: Game, creature: Card, chars) -> bool:
            definition = chars.definition
            printed_abilities = bool(definition.oracle.strip()) and not definition.oracle.strip().startswith("(")
            return "Creature" in chars.types and not chars.keywords and not printed_abilities

        return [modify(2, 2, applies_to=no_abilities, text=self.oracle)]


class SnowCoveredForest(CardDefinition):
    name = "Snow-Covered Forest"
    type_line = "Basic Snow Land — Forest"
    oracle = "({T}: Add {G}.)"


def _reassemble(game: Game, ability: ActivatedAbility) -> None:
    card = ability.source
    if card.zone is Zone.GRAVEYARD:
        game._put_onto_battlefield(card, card.owner)
        card.tapped = True  # it enters tapped: it does not become tapped (603.2e)


class ReassemblingSkeleton(CardDefinition):
    name = "Reassembling Skeleton"
    mana_cost = "{1}{B}"
    type_line = "Creature — Skeleton Warrior"
    power, toughness = 1, 1
    oracle = "{1}{B}: Return this card from your graveyard to the battlefield tapped."
    activated = (AbilityDefinition(oracle, _reassemble, mana="{1}{B}", zone="graveyard"),)


class ConcertedEffort(CardDefinition):
    name = "Concerted Effort"
    mana_cost = "{2}{W}{W}"
    types = ("Enchantment",)
    oracle = (
        "At the beginning of each upkeep, creatures you control gain flying until end of turn if a creature you "
        "control has flying. The same is true for fear, first strike, double strike, landwalk, protection, "
        "trample, and vigilance."
    )
    SHARED = ("Flying", "Fear", "First strike", "Double strike", "Trample", "Vigilance")

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "beginning_of" and event["step"] is Step.UPKEEP:
            def share(game: Game, ability: TriggeredAbility) -> None:
                creatures = ability.controller.creatures
                found: list[str] = []
                for creature in creatures:
                    for keyword in creature.keywords:
                        # 702.1c: each landwalk and each protection ability, as they are.
                        shared = keyword in self.SHARED or keyword.lower().endswith("walk") or keyword.startswith("Protection from ")
                        if shared and keyword not in found:
                            found.append(keyword)
                if creatures and found:
                    game.add_effect(grant(*found, affected=creatures))

            yield _trigger(card, self.oracle, share)


# ---------------------------------------------------------------------------------------------
# Auras


class MindControl(CardDefinition):
    name = "Mind Control"
    mana_cost = "{3}{U}{U}"
    type_line = "Enchantment — Aura"
    spell_target = "creature"
    oracle = "Enchant creature. You control enchanted creature."

    def static_effects(self, game: Game, card: Card):
        def part(chars) -> None:
            # The Aura's controller as the layers are applied (it could change too).
            chars.controller = card.controller

        return [ContinuousEffect({"2": part}, applies_to=lambda game, c, chars: c is card.attached_to, text=self.oracle)]


class AssaultGriffin(CardDefinition):
    name = "Assault Griffin"
    mana_cost = "{3}{W}"
    type_line = "Creature — Griffin"
    power, toughness = 3, 2
    keywords = ("Flying",)
    oracle = "Flying"


class WallOfTears(CardDefinition):
    name = "Wall of Tears"
    mana_cost = "{1}{U}"
    type_line = "Creature — Wall"
    power, toughness = 0, 4
    keywords = ("Defender",)
    oracle = "Defender. Whenever this creature blocks a creature, return that creature to its owner's hand at end of combat."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "blocks" and event["card"] is card:
            for blocked in event["attackers"]:
                def at_end_of_combat(game: Game, ability: TriggeredAbility, blocked=blocked, incarnation=blocked.incarnation) -> None:
                    from kb.engine.define import Trigger, at_beginning_of

                    def bounce(game: Game, delayed: TriggeredAbility) -> None:
                        # 608.2k: "that creature" is the object, whatever it has become.
                        if blocked.zone is Zone.BATTLEFIELD and blocked.incarnation == incarnation:
                            game._move(blocked, Zone.HAND)
                            game.emit("returned_to_hand", "608.2k", card=blocked)

                    game.add_delayed_trigger(Trigger("Return that creature to its owner's hand at end of combat.", at_beginning_of(Step.END_OF_COMBAT, "any"), bounce), card, ability.controller)

                yield _trigger(card, "Whenever this creature blocks a creature, return that creature to its owner's hand at end of combat.", at_end_of_combat)


# ---------------------------------------------------------------------------------------------
# Mana abilities and the mana pool (106, 605)


def _joiner_power(card: Card) -> int:
    # Rule 107.1b: a calculation that would give a negative amount of mana gives zero.
    return max(0, card.power or 0)


class ViridianJoiner(CardDefinition):
    name = "Viridian Joiner"
    mana_cost = "{2}{G}"
    types = ("Creature",)
    subtypes = ("Elf", "Druid")
    power, toughness = 1, 2
    oracle = "{T}: Add an amount of {G} equal to this creature's power."
    activated = (
        AbilityDefinition(
            oracle,
            lambda game, ability: game.add_mana(ability.controller, ["G"] * _joiner_power(ability.source), source=ability.source),
            tap=True, adds_mana=True,
            produces=lambda game, card: frozenset("G") if _joiner_power(card) else frozenset(),
        ),
    )


def _colors_of_your_permanents(game: Game, card: Card) -> frozenset[str]:
    return frozenset(c for permanent in card.controller.battlefield for c in permanent.colors)


def _meteor_crater(game: Game, ability: ActivatedAbility) -> None:
    player = ability.controller
    colors = [c for c in ("W", "U", "B", "R", "G") if c in _colors_of_your_permanents(game, ability.source)]
    if not colors:
        # 106.5: "one mana of that color", with no color to choose, is undefined: no mana.
        game.add_mana(player, [None], source=ability.source)
        return
    color = game.decide(Decision(player, "color", tuple(colors), rule="106.5", context={"source": ability.source}))
    game.add_mana(player, [color], source=ability.source)


class MeteorCrater(CardDefinition):
    name = "Meteor Crater"
    types = ("Land",)
    oracle = "{T}: Choose a color of a permanent you control. Add one mana of that color."
    activated = (AbilityDefinition(oracle, _meteor_crater, tap=True, adds_mana=True, produces=_colors_of_your_permanents),)


def _orchard_colors(game: Game, card: Card) -> frozenset[str]:
    """106.7: the colours of mana a land an opponent controls could produce."""
    lands = [c for c in game.battlefield if c.is_land and c.controller in game.opponents(card.controller)]
    return frozenset(t for land in lands for t in game.could_produce(land) if t != "C")


def _exotic_orchard(game: Game, ability: ActivatedAbility) -> None:
    player = ability.controller
    colors = [c for c in ("W", "U", "B", "R", "G") if c in _orchard_colors(game, ability.source)]
    if not colors:
        game.add_mana(player, [None], source=ability.source)  # 106.5, 106.7
        return
    color = game.decide(Decision(player, "color", tuple(colors), rule="106.7", context={"source": ability.source}))
    game.add_mana(player, [color], source=ability.source)


class ExoticOrchard(CardDefinition):
    name = "Exotic Orchard"
    types = ("Land",)
    oracle = "{T}: Add one mana of any color that a land an opponent controls could produce."
    activated = (AbilityDefinition(oracle, _exotic_orchard, tap=True, adds_mana=True, produces=_orchard_colors),)


def _double_unspent_mana(game: Game, ability: ActivatedAbility) -> None:
    player = ability.controller
    # Each type of unspent mana, restricted or not (106.6: a restriction doesn't change the
    # mana's type); the new mana has no restriction.
    game.add_mana(player, [m.type for m in player.mana_pool], source=ability.source)


class DoublingCube(CardDefinition):
    name = "Doubling Cube"
    mana_cost = "{2}"
    types = ("Artifact",)
    oracle = "{3}, {T}: Double the amount of each type of unspent mana you have."
    activated = (
        AbilityDefinition(
            oracle, _double_unspent_mana, mana="{3}", tap=True, adds_mana=True,
            produces=lambda game, card: frozenset(m.type for m in card.controller.mana_pool),
        ),
    )


class ManaFlare(CardDefinition):
    name = "Mana Flare"
    mana_cost = "{2}{R}"
    types = ("Enchantment",)
    oracle = "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "tapped_for_mana" and event["card"].is_land:
            produced = tuple(dict.fromkeys(m.type for m in event["mana"]))

            def add(game: Game, ability: TriggeredAbility, player=event["player"], land=event["card"]) -> None:
                kind = game.decide(Decision(player, "mana_type", produced, rule="605.4a", context={"land": land}))
                game.add_mana(player, [kind], source=ability.source)

            # 605.1b: no target, triggered by a mana ability, could add mana: a mana ability.
            yield TriggeredAbility(card, card.controller, self.oracle, add, data={"event": event, "adds_mana": True})


class FountainOfYouth(CardDefinition):
    name = "Fountain of Youth"
    mana_cost = "{0}"
    types = ("Artifact",)
    oracle = "{2}, {T}: You gain 1 life."
    activated = (AbilityDefinition(oracle, lambda game, ability: game.gain_life(ability.controller, 1), mana="{2}", tap=True),)


# ---------------------------------------------------------------------------------------------
# Linked abilities: choices made as a permanent enters (607, 614.12)

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _protection_from_chosen_color(game: Game, card: Card) -> ContinuousEffect:
    color = game.chosen(card, "color")
    keywords = (f"Protection from {COLOR_WORDS[color]}",) if color else ()
    return grant(*keywords, affected=[card], text="This creature has protection from the chosen color.")


class VoiceOfAll(CardDefinition):
    name = "Voice of All"
    mana_cost = "{2}{W}{W}"
    types = ("Creature",)
    subtypes = ("Angel",)
    power, toughness = 2, 2
    keywords = ("Flying",)
    oracle = "Flying. As this creature enters, choose a color. This creature has protection from the chosen color."
    static = (_protection_from_chosen_color,)

    def as_enters(self, game: Game, card: Card) -> None:
        game.choose_as_enters(card, "color", COLOR_ORDER)


def _automaton_type(game: Game, card: Card) -> ContinuousEffect:
    chosen = game.chosen(card, "creature_type")
    return add_types(subtypes=(chosen,) if chosen else (), affected=[card], text="This creature is the chosen type in addition to its other types.")


def _automaton_lord(game: Game, card: Card) -> ContinuousEffect:
    chosen = game.chosen(card, "creature_type")

    def applies(g: Game, other: Card, chars) -> bool:
        return other is not card and chosen is not None and "Creature" in chars.types and chosen in chars.subtypes and chars.controller is card.controller

    return modify(1, 1, applies_to=applies, text="Other creatures you control of the chosen type get +1/+1.")


class AdaptiveAutomaton(CardDefinition):
    name = "Adaptive Automaton"
    mana_cost = "{3}"
    types = ("Artifact", "Creature")
    subtypes = ("Construct",)
    power, toughness = 2, 2
    oracle = (
        "As this creature enters, choose a creature type. This creature is the chosen type in addition to its "
        "other types. Other creatures you control of the chosen type get +1/+1."
    )
    static = (_automaton_type, _automaton_lord)

    def as_enters(self, game: Game, card: Card) -> None:
        from kb.engine.typeline import CREATURE_TYPES

        game.choose_as_enters(card, "creature_type", sorted(CREATURE_TYPES))


def _plume_gains_life(game: Game, ability: TriggeredAbility) -> None:
    if game.decide(Decision(ability.controller, "may_gain_life", (False, True), rule="608.2d", context={"source": ability.source})):
        game.gain_life(ability.controller, 1)


class ParadisePlume(CardDefinition):
    name = "Paradise Plume"
    mana_cost = "{4}"
    types = ("Artifact",)
    oracle = (
        "As this artifact enters, choose a color. Whenever a player casts a spell of the chosen color, you may "
        "gain 1 life. {T}: Add one mana of the chosen color."
    )
    activated = (AbilityDefinition("{T}: Add one mana of the chosen color.", _add_chosen_color, tap=True, adds_mana=True, produces=_chosen_color_mana),)

    def as_enters(self, game: Game, card: Card) -> None:
        game.choose_as_enters(card, "color", COLOR_ORDER)

    def triggers(self, game: Game, card: Card, event: Event):
        color = game.chosen(card, "color")
        if event.kind == "cast" and color is not None and color in event["card"].colors:
            yield _trigger(card, "Whenever a player casts a spell of the chosen color, you may gain 1 life.", _plume_gains_life)


# ---------------------------------------------------------------------------------------------
# Split cards (709)


class _Assault(CardDefinition):
    half_name = "Assault"
    mana_cost = "{R}"
    types = ("Sorcery",)
    spell_target = "creature"
    oracle = "Assault deals 2 damage to target creature."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.deal_damage(spell, spell.targets[0], 2)


class _Battery(CardDefinition):
    half_name = "Battery"
    mana_cost = "{3}{G}"
    types = ("Sorcery",)
    oracle = "Create a 3/3 green Elephant creature token."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.create_tokens(spell.controller, Card.token(power=3, toughness=3, colors="G", subtypes=("Elephant",)))


class AssaultBattery(SplitCardDefinition):
    halves = (_Assault, _Battery)


class _Fire(CardDefinition):
    half_name = "Fire"
    mana_cost = "{1}{R}"
    types = ("Instant",)
    oracle = "Fire deals 2 damage divided as you choose among one or two targets."

    def check_timing(self, game: Game, player: Player, card: Card) -> None:
        raise NotModelledError("Fire's one or two targets and its divided damage (601.2c–d) are not modelled")


class _Ice(CardDefinition):
    half_name = "Ice"
    mana_cost = "{1}{U}"
    types = ("Instant",)
    spell_target = "permanent"
    oracle = "Tap target permanent. Draw a card."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.tap([spell.targets[0]])
        game.draw(spell.controller, 1)


class FireIce(SplitCardDefinition):
    halves = (_Fire, _Ice)


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


# ---------------------------------------------------------------------------------------------
# Planeswalkers and loyalty abilities (306, 606)


def _untap_target_lands(game: Game, ability: ActivatedAbility) -> None:
    # 608.2b: only the targets still legal are affected.
    game.untap([land for land in ability.targets if game._target_is_legal(land, "land", ability.controller)])


def _beast(game: Game, ability: ActivatedAbility) -> None:
    game.create_tokens(ability.controller, Card.token(power=3, toughness=3, colors="G", subtypes=("Beast",)))


def _overrun(game: Game, ability: ActivatedAbility) -> None:
    creatures = list(ability.controller.creatures)
    game.add_effect(combine(modify(3, 3), grant("Trample"), affected=creatures, text="Creatures you control get +3/+3 and gain trample until end of turn."))


class GarrukWildspeaker(CardDefinition):
    name = "Garruk Wildspeaker"
    mana_cost = "{2}{G}{G}"
    type_line = "Legendary Planeswalker — Garruk"
    loyalty = 3
    oracle = (
        "[+1]: Untap up to two target lands. [−1]: Create a 3/3 green Beast creature token. "
        "[−4]: Creatures you control get +3/+3 and gain trample until end of turn."
    )
    activated = (
        AbilityDefinition("[+1]: Untap up to two target lands.", _untap_target_lands, loyalty=1, target="land", target_count=(0, 2)),
        AbilityDefinition("[−1]: Create a 3/3 green Beast creature token.", _beast, loyalty=-1),
        AbilityDefinition("[−4]: Creatures you control get +3/+3 and gain trample until end of turn.", _overrun, loyalty=-4),
    )


class CarthTheLion(CardDefinition):
    name = "Carth the Lion"
    mana_cost = "{2}{B}{G}"
    type_line = "Legendary Creature — Cat Warrior"
    power, toughness = 3, 5
    in_part = True
    oracle = "Planeswalkers' loyalty abilities you control cost an additional [+1] to activate."

    def loyalty_cost_change(self, game: Game, card: Card, permanent: Card) -> int:
        return 1 if permanent.controller is card.controller else 0


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


# ---------------------------------------------------------------------------------------------
# Exile "until" (610.3)


class BanisherPriest(CardDefinition):
    name = "Banisher Priest"
    mana_cost = "{1}{W}{W}"
    types = ("Creature",)
    subtypes = ("Human", "Cleric")
    power, toughness = 2, 2
    oracle = "When this creature enters, exile target creature an opponent controls until this creature leaves the battlefield."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            incarnation = card.incarnation

            def banish(game: Game, ability: TriggeredAbility, incarnation=incarnation) -> None:
                target = ability.targets[0]
                if game._target_is_legal(target, "creature an opponent controls", ability.controller):
                    game.exile_until_leaves(target, ability.source, incarnation)

            yield _trigger(card, self.oracle, banish, target="creature an opponent controls")


class DayOfJudgment(CardDefinition):
    name = "Day of Judgment"
    mana_cost = "{2}{W}{W}"
    types = ("Sorcery",)
    oracle = "Destroy all creatures."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.destroy([c for c in game.affected_creatures(spell.controller)])


# ---------------------------------------------------------------------------------------------
# Total cost: increases, reductions and additional costs (601.2f, 118.7, 118.8)


def _spell_colors(spell: CardDefinition) -> tuple[str, ...]:
    return tuple(spell.colors) if spell.colors is not None else ManaCost(spell.mana_cost).colors


class ThunderscapeFamiliar(CardDefinition):
    name = "Thunderscape Familiar"
    mana_cost = "{1}{R}"
    types = ("Creature",)
    subtypes = ("Kavu",)
    power, toughness = 1, 1
    keywords = ("First strike",)
    oracle = "First strike. Black spells and green spells you cast cost {1} less to cast."

    def cost_change(self, game: Game, card: Card, spell: CardDefinition, player: Player) -> int:
        return -1 if player is card.controller and {"B", "G"} & set(_spell_colors(spell)) else 0


class ThaliaGuardianOfThraben(CardDefinition):
    name = "Thalia, Guardian of Thraben"
    mana_cost = "{1}{W}"
    type_line = "Legendary Creature — Human Soldier"
    power, toughness = 2, 1
    keywords = ("First strike",)
    oracle = "First strike. Noncreature spells cost {1} more to cast."

    def cost_change(self, game: Game, card: Card, spell: CardDefinition, player: Player) -> int:
        return 1 if "Creature" not in spell.types else 0


class AltarsReap(CardDefinition):
    name = "Altar's Reap"
    mana_cost = "{1}{B}"
    types = ("Instant",)
    additional_cost = "sacrifice a creature"
    oracle = "As an additional cost to cast this spell, sacrifice a creature. Draw two cards."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.draw(spell.controller, 2)


# ---------------------------------------------------------------------------------------------
# Spells with several instances of the word "target" (601.2c, 608.2b)


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


class LlanowarElves(CardDefinition):
    name = "Llanowar Elves"
    mana_cost = "{G}"
    types = ("Creature",)
    subtypes = ("Elf", "Druid")
    power, toughness = 1, 1
    oracle = "{T}: Add {G}."
    activated = (basic_land_ability("G"),)


# ---------------------------------------------------------------------------------------------
# Extra phases and steps (500.8–500.11)


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

            yield _trigger(card, "Whenever Obeka deals combat damage to a player, you get that many additional upkeep steps after this phase.", more_upkeeps)


class PhyrexianArena(CardDefinition):
    name = "Phyrexian Arena"
    mana_cost = "{1}{B}{B}"
    types = ("Enchantment",)
    oracle = "At the beginning of your upkeep, you draw a card and you lose 1 life."

    def triggers(self, game: Game, card: Card, event: Event):
        if _at_beginning_of_your(Step.UPKEEP, game, card, event):
            def arena(game: Game, ability: TriggeredAbility) -> None:
                game.draw(ability.controller, 1)
                game.lose_life(ability.controller, 1)

            yield _trigger(card, self.oracle, arena)


# ---------------------------------------------------------------------------------------------
# Abilities of cards in graveyards, and of a card as it enters (614.12)


class YixlidJailer(CardDefinition):
    name = "Yixlid Jailer"
    mana_cost = "{1}{B}"
    types = ("Creature",)
    subtypes = ("Zombie", "Wizard")
    power, toughness = 2, 1
    oracle = "Cards in graveyards lose all abilities."
    graveyard_cards_lose_abilities = True


class ScarwoodTreefolk(CardDefinition):
    name = "Scarwood Treefolk"
    mana_cost = "{3}{G}"
    types = ("Creature",)
    subtypes = ("Treefolk",)
    power, toughness = 3, 5
    oracle = "This creature enters tapped."

    def as_enters(self, game: Game, card: Card) -> None:
        # 614.12: it applies as the permanent enters, with the abilities it will have there.
        card.tapped = True


# ---------------------------------------------------------------------------------------------
# Card names chosen by effects (201.4)


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


# ---------------------------------------------------------------------------------------------
# Double-faced cards that transform (701.27, 712)


def _spells_cast_last_turn(game: Game) -> int:
    """How many spells were cast during the previous turn, from the game's own record."""
    starts = [i for i, e in enumerate(game.events) if e.kind == "turn_begins"]
    if len(starts) < 2:
        raise NotModelledError("which spells were cast last turn, before the game was picked up, is not known")
    return sum(1 for e in game.events[starts[-2]:starts[-1]] if e.kind == "cast")


def _werewolf_transforms(front: bool):
    """The two triggers of the Innistrad werewolves: "At the beginning of each upkeep, if no
    spells were cast last turn, transform this" (front face) and "... if a player cast two or
    more spells last turn, transform this" (back face)."""
    text = (
        "At the beginning of each upkeep, if no spells were cast last turn, transform this creature."
        if front
        else "At the beginning of each upkeep, if a player cast two or more spells last turn, transform this creature."
    )

    def condition(game: Game, ability: TriggeredAbility) -> bool:
        if front:
            return _spells_cast_last_turn(game) == 0
        casts = [e for e in _last_turn_events(game) if e.kind == "cast"]
        return any(sum(1 for e in casts if e["player"] is p) >= 2 for p in game.players)

    def effect(game: Game, ability: TriggeredAbility) -> None:
        card = ability.source
        # 701.27f: only if it hasn't transformed since the ability was put on the stack.
        if card.zone is not Zone.BATTLEFIELD or card.transformed == front:
            return
        game.transform(card)

    def fire(game: Game, card: Card, event: Event):
        if event.kind == "beginning_of" and event["step"] is Step.UPKEEP:
            ability = _trigger(card, text, effect, condition=condition)
            if condition(game, ability):
                yield ability

    return fire


def _last_turn_events(game: Game) -> list[Event]:
    starts = [i for i, e in enumerate(game.events) if e.kind == "turn_begins"]
    if len(starts) < 2:
        raise NotModelledError("which spells were cast last turn, before the game was picked up, is not known")
    return game.events[starts[-2]:starts[-1]]


class _VillageIronsmith(CardDefinition):
    face_name = "Village Ironsmith"
    mana_cost = "{1}{R}"
    types, subtypes = ("Creature",), ("Human", "Werewolf")
    power, toughness = 1, 1
    keywords = ("First strike",)
    oracle = "First strike. At the beginning of each upkeep, if no spells were cast last turn, transform Village Ironsmith."

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(True)(game, card, event)


class _Ironfang(CardDefinition):
    face_name = "Ironfang"
    types, subtypes = ("Creature",), ("Werewolf",)
    colors = ("R",)
    power, toughness = 3, 1
    keywords = ("First strike",)
    oracle = "First strike. At the beginning of each upkeep, if a player cast two or more spells last turn, transform Ironfang."

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(False)(game, card, event)


class VillageIronsmith(DoubleFacedCardDefinition):
    front, back = _VillageIronsmith, _Ironfang


def _wolf_and_life(game: Game, ability: TriggeredAbility) -> None:
    game.create_tokens(ability.controller, Card.token(power=2, toughness=2, colors="G", subtypes=("Wolf",)))
    game.gain_life(ability.controller, 2)


class _HuntmasterOfTheFells(CardDefinition):
    face_name = "Huntmaster of the Fells"
    mana_cost = "{2}{R}{G}"
    types, subtypes = ("Creature",), ("Human", "Werewolf")
    power, toughness = 2, 2
    oracle = (
        "Whenever this creature enters or transforms into Huntmaster of the Fells, create a 2/2 green Wolf creature "
        "token and you gain 2 life. At the beginning of each upkeep, if no spells were cast last turn, transform "
        "Huntmaster of the Fells."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        entered = event.kind == "enters" and event["card"] is card
        transformed = event.kind == "transforms" and event["card"] is card and not event["back"]
        if entered or transformed:
            yield _trigger(card, "Whenever this creature enters or transforms into Huntmaster of the Fells, create a 2/2 green Wolf creature token and you gain 2 life.", _wolf_and_life)
        yield from _werewolf_transforms(True)(game, card, event)


def _ravager_damage(game: Game, ability: TriggeredAbility) -> None:
    opponent = ability.targets[0]
    if game._target_is_legal(opponent, "opponent", ability.controller):
        game.deal_damage(ability.source, opponent, 2)


class _RavagerOfTheFells(CardDefinition):
    face_name = "Ravager of the Fells"
    types, subtypes = ("Creature",), ("Werewolf",)
    colors = ("R", "G")
    power, toughness = 4, 4
    keywords = ("Trample",)
    oracle = (
        "Trample. Whenever this creature transforms into Ravager of the Fells, it deals 2 damage to target opponent "
        "or planeswalker and 2 damage to up to one target creature that player controls. At the beginning of each "
        "upkeep, if a player cast two or more spells last turn, transform Ravager of the Fells."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "transforms" and event["card"] is card and event["back"]:
            opponents = game.affected_opponents(card.controller)
            if any("Planeswalker" in c.types for c in game.battlefield if c.controller in opponents) or any(c.controller in opponents for c in game.battlefield if c.is_creature):
                raise NotModelledError("Ravager of the Fells' targets when a planeswalker or an opponent's creature could be one (a second, dependent target) are not modelled")
            yield _trigger(card, "Whenever this creature transforms into Ravager of the Fells, it deals 2 damage to target opponent or planeswalker and 2 damage to up to one target creature that player controls.", _ravager_damage, target="opponent")
        yield from _werewolf_transforms(False)(game, card, event)


class HuntmasterOfTheFells(DoubleFacedCardDefinition):
    front, back = _HuntmasterOfTheFells, _RavagerOfTheFells


def _delver_upkeep(game: Game, ability: TriggeredAbility) -> None:
    player, card = ability.controller, ability.source
    if not player.library:
        return
    top = player.library[0]
    if game.decide(Decision(player, "may_reveal", (False, True), rule="701.20", context={"source": card})):
        game.emit("reveal", "701.20a", cards=[top])
        if {"Instant", "Sorcery"} & set(top.types) and card.zone is Zone.BATTLEFIELD and not card.transformed:
            game.transform(card)


class _DelverOfSecrets(CardDefinition):
    face_name = "Delver of Secrets"
    mana_cost = "{U}"
    types, subtypes = ("Creature",), ("Human", "Wizard")
    power, toughness = 1, 1
    oracle = (
        "At the beginning of your upkeep, look at the top card of your library. You may reveal that card. If an "
        "instant or sorcery card is revealed this way, transform Delver of Secrets."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        if _at_beginning_of_your(Step.UPKEEP, game, card, event):
            yield _trigger(card, self.oracle, _delver_upkeep)


class _InsectileAberration(CardDefinition):
    face_name = "Insectile Aberration"
    types, subtypes = ("Creature",), ("Human", "Insect")
    colors = ("U",)
    power, toughness = 3, 2
    keywords = ("Flying",)
    oracle = "Flying"


class DelverOfSecrets(DoubleFacedCardDefinition):
    front, back = _DelverOfSecrets, _InsectileAberration


def _attackers_get(amount: int):
    def static(game: Game, card: Card) -> ContinuousEffect:
        return modify(amount, 0, applies_to=lambda g, c, chars: "Creature" in chars.types and c.attacking is not None and chars.controller is card.controller, text=f"Attacking creatures you control get +{amount}/+0.")

    return static


class _InstigatorGang(CardDefinition):
    face_name = "Instigator Gang"
    mana_cost = "{3}{R}"
    types, subtypes = ("Creature",), ("Human", "Werewolf")
    power, toughness = 2, 3
    oracle = "Attacking creatures you control get +1/+0. At the beginning of each upkeep, if no spells were cast last turn, transform Instigator Gang."
    static = (_attackers_get(1),)

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(True)(game, card, event)


class _WildbloodPack(CardDefinition):
    face_name = "Wildblood Pack"
    types, subtypes = ("Creature",), ("Werewolf",)
    colors = ("R",)
    power, toughness = 5, 5
    keywords = ("Trample",)
    oracle = "Trample. Attacking creatures you control get +3/+0. At the beginning of each upkeep, if a player cast two or more spells last turn, transform Wildblood Pack."
    static = (_attackers_get(3),)

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(False)(game, card, event)


class InstigatorGang(DoubleFacedCardDefinition):
    front, back = _InstigatorGang, _WildbloodPack


def _ransacker(game: Game, ability: TriggeredAbility) -> None:
    artifact = ability.targets[0] if ability.targets else None
    if artifact is None or not game._target_is_legal(artifact, "artifact", ability.controller):
        return
    if not game.decide(Decision(ability.controller, "may_destroy", (False, True), rule="608.2d", context={"source": ability.source})):
        return
    controller = artifact.controller
    game.destroy([artifact])
    if artifact.zone is Zone.GRAVEYARD:
        game.deal_damage(ability.source, controller, 3)


class _AfflictedDeserter(CardDefinition):
    face_name = "Afflicted Deserter"
    mana_cost = "{3}{R}"
    types, subtypes = ("Creature",), ("Human", "Werewolf")
    power, toughness = 3, 2
    oracle = "At the beginning of each upkeep, if no spells were cast last turn, transform Afflicted Deserter."

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(True)(game, card, event)


class _WerewolfRansacker(CardDefinition):
    face_name = "Werewolf Ransacker"
    types, subtypes = ("Creature",), ("Werewolf",)
    colors = ("R",)
    power, toughness = 5, 4
    oracle = (
        "Whenever this creature transforms into Werewolf Ransacker, you may destroy target artifact. If that "
        "artifact is put into a graveyard this way, Werewolf Ransacker deals 3 damage to that artifact's "
        "controller. At the beginning of each upkeep, if a player cast two or more spells last turn, transform "
        "Werewolf Ransacker."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "transforms" and event["card"] is card and event["back"]:
            yield _trigger(card, "Whenever this creature transforms into Werewolf Ransacker, you may destroy target artifact. If that artifact is put into a graveyard this way, Werewolf Ransacker deals 3 damage to that artifact's controller.", _ransacker, target="artifact")
        yield from _werewolf_transforms(False)(game, card, event)


class AfflictedDeserter(DoubleFacedCardDefinition):
    front, back = _AfflictedDeserter, _WerewolfRansacker


def _scholar_loot(game: Game, ability: ActivatedAbility) -> None:
    player, card = ability.controller, ability.source
    game.draw(player, 1)
    if not player.hand:
        return
    discarded = game.decide(Decision(player, "discard", tuple(player.hand), rule="701.9b"))
    game.discard(player, [discarded])
    if discarded.is_creature and card.zone is Zone.BATTLEFIELD and not card.transformed:
        game.untap([card])
        game.transform(card)


class _CivilizedScholar(CardDefinition):
    face_name = "Civilized Scholar"
    mana_cost = "{2}{U}"
    types, subtypes = ("Creature",), ("Human", "Advisor")
    power, toughness = 0, 1
    oracle = "{T}: Draw a card, then discard a card. If a creature card is discarded this way, untap Civilized Scholar, then transform it."
    activated = (AbilityDefinition(oracle, _scholar_loot, tap=True),)


def _brute_returns(game: Game, ability: TriggeredAbility) -> None:
    card = ability.source
    if card.zone is Zone.BATTLEFIELD and card.transformed:
        game.tap([card])
        game.transform(card)


class _HomicidalBrute(CardDefinition):
    face_name = "Homicidal Brute"
    types, subtypes = ("Creature",), ("Human", "Mutant")
    colors = ("R",)
    power, toughness = 5, 1
    oracle = "At the beginning of your end step, if Homicidal Brute didn't attack this turn, tap it, then transform it."

    def triggers(self, game: Game, card: Card, event: Event):
        if _at_beginning_of_your(Step.END, game, card, event):
            def not_attacked(game: Game, ability: TriggeredAbility) -> bool:
                return not any(e["card"] is ability.source for e in game.events[_turn_start(game):] if e.kind == "attacks")

            ability = _trigger(card, self.oracle, _brute_returns, condition=not_attacked)
            if not_attacked(game, ability):
                yield ability


def _turn_start(game: Game) -> int:
    starts = [i for i, e in enumerate(game.events) if e.kind == "turn_begins"]
    return starts[-1] if starts else 0


class CivilizedScholar(DoubleFacedCardDefinition):
    front, back = _CivilizedScholar, _HomicidalBrute


class _KruinOutlaw(CardDefinition):
    face_name = "Kruin Outlaw"
    mana_cost = "{1}{R}{R}"
    types, subtypes = ("Creature",), ("Human", "Rogue", "Werewolf")
    power, toughness = 2, 2
    keywords = ("First strike",)
    oracle = "First strike. At the beginning of each upkeep, if no spells were cast last turn, transform Kruin Outlaw."

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(True)(game, card, event)


class _TerrorOfKruinPass(CardDefinition):
    face_name = "Terror of Kruin Pass"
    types, subtypes = ("Creature",), ("Werewolf",)
    colors = ("R",)
    power, toughness = 3, 3
    keywords = ("Double strike",)
    oracle = (
        "Double strike. Each Werewolf you control can't be blocked except by two or more creatures. At the "
        "beginning of each upkeep, if a player cast two or more spells last turn, transform Terror of Kruin Pass."
    )

    def restricts_block(self, game: Game, card: Card, blocks: list[tuple[Card, Card]]) -> bool:
        for attacker in {id(a): a for _, a in blocks}.values():
            if "Werewolf" in attacker.subtypes and attacker.controller is card.controller:
                if len([b for b, a in blocks if a is attacker]) == 1:
                    return True
        return False

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(False)(game, card, event)


class KruinOutlaw(DoubleFacedCardDefinition):
    front, back = _KruinOutlaw, _TerrorOfKruinPass


class EliteVanguard(CardDefinition):
    name = "Elite Vanguard"
    mana_cost = "{W}"
    types, subtypes = ("Creature",), ("Human", "Soldier")
    power, toughness = 2, 1


class Cytoshape(CardDefinition):
    name = "Cytoshape"
    mana_cost = "{1}{G}{U}"
    types = ("Instant",)
    spell_target = "nonlegendary creature"
    oracle = "Choose a nonlegendary creature on the battlefield. Target nonlegendary creature becomes a copy of the chosen creature until end of turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        target = spell.targets[0]
        options = tuple(c for c in game.battlefield if c.is_creature and "Legendary" not in c.supertypes)
        chosen = game.decide(Decision(spell.controller, "choose_card", options, rule="608.2c", context={"source": spell.card}))
        game.become_copy(target, chosen, until_end_of_turn=True)


class Moonmist(CardDefinition):
    name = "Moonmist"
    mana_cost = "{1}{G}"
    types = ("Instant",)
    oracle = "Transform all Humans. Prevent all combat damage that would be dealt this turn by creatures other than Werewolves and Wolves."

    def resolve(self, game: Game, spell: Spell) -> None:
        for creature in [c for c in game.battlefield if "Human" in c.subtypes]:
            game.transform(creature)

        def others(game: Game, event: dict) -> bool:
            source = event["source"]
            return bool(event.get("combat")) and source is not None and not ({"Werewolf", "Wolf"} & set(source.subtypes))

        game.add_replacement(prevent_damage(where=others, text="Prevent all combat damage that would be dealt this turn by creatures other than Werewolves and Wolves."))


# ---------------------------------------------------------------------------------------------
# Cards exiled with a permanent, for its linked abilities (607.2a, 111.12)


def _exiled_with(game: Game, card: Card) -> list[Card]:
    """The cards exiled with `card` by its linked ability that are still in exile (607.2a)."""
    kept = card.choices.get((card.definition, "exiled_with"), [])
    return [c for c, incarnation in kept if c.zone is Zone.EXILE and c.incarnation == incarnation]


def _imprint(game: Game, ability: TriggeredAbility) -> None:
    vat, dead = ability.source, ability.data["dead"]
    if vat.zone is not Zone.BATTLEFIELD or dead.zone is not Zone.GRAVEYARD or dead.incarnation != ability.data["incarnation"]:
        return
    if not game.decide(Decision(ability.controller, "may_exile", (False, True), rule="608.2d", context={"source": vat})):
        return
    others = _exiled_with(game, vat)
    game.exile_cards([dead])
    vat.choices[(vat.definition, "exiled_with")] = [(dead, dead.incarnation)]
    for other in others:
        game._move(other, Zone.GRAVEYARD)
    if others:
        game.emit("put_into_graveyard_from_exile", "607.2a", cards=list(others))


def _exile_token_at_end(game: Game, ability: TriggeredAbility) -> None:
    token, incarnation = ability.data["object"], ability.data["incarnation"]
    if token.zone is Zone.BATTLEFIELD and token.incarnation == incarnation:
        game.exile_cards([token])


def _vat_token(game: Game, ability: ActivatedAbility) -> None:
    from kb.engine.define import Trigger, at_beginning_of

    vat = ability.source
    exiled = _exiled_with(game, vat)
    if not exiled:
        # 111.12: with no card exiled with it, no token is created.
        game.emit("no_token", "111.12", source=vat)
        return
    original = exiled[0] if len(exiled) == 1 else game.decide(Decision(ability.controller, "choose_card", tuple(exiled), rule="607.2a"))
    token = game.create_token_copy(ability.controller, original)
    game.add_effect(grant("Haste", affected=[token], duration=INDEFINITE, text="It gains haste."))
    game.add_delayed_trigger(Trigger("Exile it at the beginning of the next end step.", at_beginning_of(Step.END, "any"), _exile_token_at_end), vat, ability.controller, object=token, incarnation=token.incarnation)


class MimicVat(CardDefinition):
    name = "Mimic Vat"
    mana_cost = "{3}"
    types = ("Artifact",)
    oracle = (
        "Imprint — Whenever a nontoken creature dies, you may exile that card. If you do, return each other card "
        "exiled with Mimic Vat to its owner's graveyard. {3}, {T}: Create a token that's a copy of a card exiled "
        "with Mimic Vat. It gains haste. Exile it at the beginning of the next end step."
    )
    activated = (AbilityDefinition("{3}, {T}: Create a token that's a copy of a card exiled with Mimic Vat. It gains haste. Exile it at the beginning of the next end step.", _vat_token, mana="{3}", tap=True),)

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "dies":
            for dead in event["cards"]:
                if not dead.is_token:
                    yield _trigger(card, "Whenever a nontoken creature dies, you may exile that card. If you do, return each other card exiled with Mimic Vat to its owner's graveyard.", _imprint, data={"dead": dead, "incarnation": dead.incarnation})


# ---------------------------------------------------------------------------------------------
# Convoke (702.51)


class HeartlessSummoning(CardDefinition):
    name = "Heartless Summoning"
    mana_cost = "{1}{B}"
    types = ("Enchantment",)
    oracle = "Creature spells you cast cost {2} less to cast. Creatures you control get -1/-1."

    def cost_change(self, game: Game, card: Card, spell: CardDefinition, player: Player) -> int:
        return -2 if player is card.controller and "Creature" in spell.types else 0

    def static_effects(self, game: Game, card: Card):
        return [modify(-1, -1, applies_to=lambda g, c, chars: "Creature" in chars.types and chars.controller is card.controller, text="Creatures you control get -1/-1.")]


class SiegeWurm(CardDefinition):
    name = "Siege Wurm"
    mana_cost = "{5}{G}{G}"
    types, subtypes = ("Creature",), ("Wurm",)
    power, toughness = 5, 5
    keywords = ("Convoke", "Trample")
    oracle = "Convoke. Trample."


# ---------------------------------------------------------------------------------------------
# Effects that count what happened to objects that have changed since (608.2i)


class BearCub(CardDefinition):
    name = "Bear Cub"
    mana_cost = "{1}{G}"
    types, subtypes = ("Creature",), ("Bear",)
    power, toughness = 2, 2


class SearchPartyCaptain(CardDefinition):
    name = "Search Party Captain"
    mana_cost = "{3}{W}"
    types, subtypes = ("Creature",), ("Kor", "Soldier")
    power, toughness = 2, 3
    oracle = "This spell costs {1} less to cast for each creature you attacked with this turn. When this creature enters, draw a card."

    def own_cost_change(self, game: Game, card: Card, player: Player) -> int:
        # 608.2i: the creatures that attacked, whatever they are now.
        start = max((i for i, e in enumerate(game.events) if e.kind == "turn_begins"), default=0)
        attackers = {id(e["card"]) for e in game.events[start:] if e.kind == "attacks" and e.get("player") is player}
        return -len(attackers)

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            yield _trigger(card, "When this creature enters, draw a card.", lambda game, ability: game.draw(ability.controller, 1))
