"""Cards about life totals, poison, and winning or losing the game (104, 119, 122)."""

from __future__ import annotations

from collections.abc import Iterable

from kb.engine.define import Trigger, card, spell_card, when_enters
from kb.engine.doubling import counters_replacement
from kb.engine.layers import remove
from kb.engine.game import Card, CardDefinition, Event, Game, Player, Spell, Step, TriggeredAbility, Zone
from kb.engine.cards.templates import at_beginning_of_your, triggered_ability


@spell_card(
    "Beacon of Immortality", name_es="Faro de inmortalidad", mana_cost="{5}{W}", type_line="Instant",
    spell_target="player",
    oracle="Double target player's life total. Shuffle Beacon of Immortality into its owner's library.",
)
def BeaconOfImmortality(game: Game, spell: Spell) -> None:
    target = spell.targets[0]
    game.emit("double_life", "810.9a", player=target, life=game.life_of(target))
    game.set_life(target, 2 * game.life_of(target))
    game.shuffle_into_library(spell.card)


@spell_card(
    "Repay in Kind", name_es="Devolver el favor", mana_cost="{5}{B}", type_line="Sorcery",
    oracle="Each player's life total becomes the lowest life total among all players.",
)
def RepayInKind(game: Game, spell: Spell) -> None:
    lowest = min(game.life_of(p) for p in game.players)
    game.emit("lowest_life", "119.5", value=lowest)
    game.set_each_life(lowest, spell.card)


MagisterSphinx = card(
    "Magister Sphinx", mana_cost="{4}{W}{U}{B}", type_line="Artifact Creature — Sphinx", power=5, toughness=5,
    keywords=("Flying",), oracle="Flying. When Magister Sphinx enters, target player's life total becomes 10.",
    triggered=[Trigger("", when_enters(), lambda game, ability: game.set_life(ability.targets[0], 10), target="player")],
)


def _each_player_gets_a_poison_counter(game: Game, ability: TriggeredAbility) -> None:
    for player in game.affected_players(ability.controller):
        game.give_poison(player, 1)


IchorRats = card(
    "Ichor Rats", name_es="Ratas icóridas", mana_cost="{1}{B}{B}", type_line="Creature — Rat", power=2, toughness=1,
    keywords=("Infect",), oracle="Infect. When Ichor Rats enters, each player gets a poison counter.",
    triggered=[Trigger("", when_enters(), _each_player_gets_a_poison_counter)],
)


class GrayMerchantOfAsphodel(CardDefinition):
    name = "Gray Merchant of Asphodel"
    name_es = "Comerciante plomizo de Asfodel"
    mana_cost = "{3}{B}{B}"
    type_line = "Creature — Zombie"
    power, toughness = 2, 4
    oracle = (
        "When Gray Merchant of Asphodel enters, each opponent loses X life, where X is your devotion "
        "to black. You gain life equal to the life lost this way."
    )

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "enters" and event["card"] is card:
            yield triggered_ability(card, self.oracle, self._effect)

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        you = ability.controller
        x = game.devotion(you, "B")
        game.emit("devotion", "700.5", player=you, color="B", amount=x)
        lost = sum(game.lose_life(opponent, x) for opponent in game.affected_opponents(you))
        game.gain_life(you, lost)


class TestOfEndurance(CardDefinition):
    name = "Test of Endurance"
    name_es = "Prueba de resistencia"
    mana_cost = "{2}{W}{W}"
    type_line = "Enchantment"
    threshold = 50
    oracle = "At the beginning of your upkeep, if you have 50 or more life, you win the game."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if at_beginning_of_your(Step.UPKEEP, game, card, event):
            if game.life_of(card.controller) >= self.threshold:
                yield triggered_ability(card, self.oracle, self._win, condition=self._condition)
            else:
                game.emit("condition_false", "603.4", card=card, life=game.life_of(card.controller), threshold=self.threshold)

    def _condition(self, game: Game, ability: TriggeredAbility) -> bool:
        return game.life_of(ability.controller) >= self.threshold

    @staticmethod
    def _win(game: Game, ability: TriggeredAbility) -> None:
        game.win(ability.controller, ability.source)


class FelidarSovereign(TestOfEndurance):
    name, name_es, mana_cost, type_line = "Felidar Sovereign", None, "{4}{W}{W}", "Creature — Cat Beast"
    power, toughness = 4, 6
    keywords = ("Vigilance", "Lifelink")
    threshold = 40
    oracle = "Vigilance, lifelink. At the beginning of your upkeep, if you have 40 or more life, you win the game."


class Transcendence(CardDefinition):
    name, name_es, mana_cost, type_line = "Transcendence", "Trascendencia", "{3}{W}{W}{W}", "Enchantment"
    oracle = "You don't lose the game for having 0 or less life. When you lose life, you gain 2 life for each 1 life you lost."
    triggered = (Trigger(
        "When you lose life, you gain 2 life for each 1 life you lost.",
        lambda game, card, event: event.kind == "life_lost" and event["player"] is card.controller and event["amount"] > 0,
        lambda game, ability: game.gain_life(ability.controller, 2 * ability.data["event"]["amount"]) and None,
    ),)

    def forbids(self, game: Game, card: Card, player: Player, action: str) -> bool:
        return action == "lose:life" and player is card.controller


class PlatinumAngel(CardDefinition):
    name = "Platinum Angel"
    name_es = "Ángel de platino"
    mana_cost = "{7}"
    type_line = "Artifact Creature — Angel"
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
    name, mana_cost, type_line = "Platinum Emperion", "{8}", "Artifact Creature — Golem"
    power, toughness = 8, 8
    oracle = "Your life total can't change. (You can't gain or lose life. You can't pay any amount of life except 0.)"

    def forbids(self, game: Game, card: Card, player: Player, action: str) -> bool:
        return action in ("gain life", "lose life") and player is card.controller


class MeliraSylvokOutcast(CardDefinition):
    name, mana_cost, type_line = "Melira, Sylvok Outcast", "{1}{G}", "Legendary Creature — Human Scout"
    power, toughness = 2, 2
    oracle = (
        "You can't get poison counters. Creatures you control can't have -1/-1 counters put on them. "
        "Creatures your opponents control lose infect."
    )

    def forbids(self, game: Game, card: Card, player: Player, action: str) -> bool:
        return action == "get poison" and player is card.controller

    def replacements(self, game: Game, card: Card):
        # "Can't have counters put on them": none are, whatever else would change their number.
        return [counters_replacement("Creatures you control can't have -1/-1 counters put on them.", lambda n: 0, counter="-1/-1", types=("Creature",))(game, card)]

    def static_effects(self, game: Game, card: Card):
        text = "Creatures your opponents control lose infect."
        return [remove("Infect", applies_to=lambda g, c, chars: "Creature" in chars.types and chars.controller in g.opponents(card.controller), text=text)]


class LichsMirror(CardDefinition):
    name, mana_cost, type_line = "Lich's Mirror", "{5}", "Artifact"
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
    name, mana_cost, type_line = "Exquisite Archangel", "{5}{W}{W}", "Creature — Angel"
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
