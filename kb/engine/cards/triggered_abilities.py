"""Permanents known by their triggered abilities (603): upkeep costs, enters and dies triggers, reflexive and delayed triggers."""

from __future__ import annotations

from collections.abc import Iterable

from kb.engine.layers import grant
from kb.engine.game import Card, CardDefinition, Decision, Event, Game, Player, Step, TriggeredAbility, Zone
from kb.engine.cards.templates import at_beginning_of_your, triggered_ability
from kb.engine.define import Trigger, at_beginning_of, card, draw, when_enters, whenever_gains_life


class Masticore(CardDefinition):
    name, mana_cost, type_line = "Masticore", "{4}", "Artifact Creature — Masticore"
    power, toughness = 4, 4
    in_part = True
    oracle = "At the beginning of your upkeep, sacrifice Masticore unless you discard a card."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if at_beginning_of_your(Step.UPKEEP, game, card, event):
            yield triggered_ability(card, self.oracle, self._upkeep)

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
    name, mana_cost, type_line = "Black Vise", "{1}", "Artifact"
    oracle = (
        "As Black Vise enters, choose an opponent. At the beginning of the chosen player's upkeep, "
        "Black Vise deals X damage to that player, where X is the number of cards in their hand minus 4."
    )

    def as_enters(self, game: Game, card: Card) -> None:
        card.chosen_player = game.decide(Decision(card.controller, "choose_opponent", tuple(game.opponents(card.controller)), rule="614.12"))

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        chosen = card.chosen_player
        if event.kind == "beginning_of" and event["step"] is Step.UPKEEP and chosen is not None and game.is_active(chosen):
            yield triggered_ability(card, self.oracle, self._upkeep, data={"player": chosen})

    @staticmethod
    def _upkeep(game: Game, ability: TriggeredAbility) -> None:
        player = ability.data["player"]
        damage = len(player.hand) - 4
        game.emit("vise_count", "608.2h", player=player, hand=len(player.hand), amount=max(damage, 0))
        if damage > 0:
            game.deal_damage(ability, player, damage)


BallLightning = card(
    "Ball Lightning", mana_cost="{R}{R}{R}", type_line="Creature — Elemental", power=6, toughness=1,
    keywords=("Trample", "Haste"), oracle="Trample, haste. At the beginning of the end step, sacrifice Ball Lightning.",
    triggered=[Trigger("", at_beginning_of(Step.END, "any"), lambda game, ability: game.sacrifice([ability.source]))],
)


class Megrim(CardDefinition):
    name, mana_cost, type_line = "Megrim", "{2}{B}", "Enchantment"
    oracle = "Whenever an opponent discards a card, Megrim deals 2 damage to that player."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "discard" and event["player"] in game.opponents(card.controller):
            for _ in event["cards"]:
                yield triggered_ability(card, self.oracle, self._effect, data={"player": event["player"]})

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        game.deal_damage(ability, ability.data["player"], 2)


class DingusEgg(CardDefinition):
    name, mana_cost, type_line = "Dingus Egg", "{4}", "Artifact"
    oracle = "Whenever a land is put into a graveyard from the battlefield, Dingus Egg deals 2 damage to that land's controller."

    def triggers(self, game: Game, card: Card, event: Event) -> Iterable[TriggeredAbility]:
        if event.kind == "put_into_graveyard" and event["card"].is_land and event["card"] is not card:
            yield triggered_ability(card, self.oracle, self._effect, data={"player": event["controller"]})

    @staticmethod
    def _effect(game: Game, ability: TriggeredAbility) -> None:
        game.deal_damage(ability, ability.data["player"], 2)


def _counter_on_it(game: Game, ability: TriggeredAbility) -> None:
    if ability.source.zone is Zone.BATTLEFIELD:
        game.add_counters(ability.source, "+1/+1")


AjanisPridemate = card(
    "Ajani's Pridemate", mana_cost="{1}{W}", type_line="Creature — Cat Soldier", power=2, toughness=2,
    oracle="Whenever you gain life, put a +1/+1 counter on this creature.",
    triggered=[Trigger("", whenever_gains_life("you"), _counter_on_it)],
)


WallOfOmens = card(
    "Wall of Omens", mana_cost="{1}{W}", type_line="Creature — Wall", power=0, toughness=4, keywords=("Defender",),
    oracle="Defender. When this creature enters, draw a card.",
    triggered=[Trigger("When this creature enters, draw a card.", when_enters(), draw(1))],
)


def _arena(game: Game, ability: TriggeredAbility) -> None:
    game.draw(ability.controller, 1)
    game.lose_life(ability.controller, 1)


PhyrexianArena = card(
    "Phyrexian Arena", mana_cost="{1}{B}{B}", type_line="Enchantment",
    oracle="At the beginning of your upkeep, you draw a card and you lose 1 life.",
    triggered=[Trigger("", at_beginning_of(Step.UPKEEP, "you"), _arena)],
)


class MinscBelovedRanger(CardDefinition):
    name, mana_cost, type_line = "Minsc, Beloved Ranger", "{R}{G}{W}", "Legendary Creature — Human Ranger"
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

            yield triggered_ability(card, self.oracle, boo)


class GenesisChamber(CardDefinition):
    name, mana_cost, type_line = "Genesis Chamber", "{2}", "Artifact"
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

            yield triggered_ability(card, self.oracle, myr, condition=lambda game, ability: not card.tapped)


class Guile(CardDefinition):
    name, mana_cost, type_line = "Guile", "{3}{U}{U}{U}", "Creature — Elemental Incarnation"
    power, toughness = 6, 6
    in_part = True
    oracle = "Guile can't be blocked except by three or more creatures. When Guile is put into a graveyard from anywhere, shuffle it into its owner's library."

    def restricts_block(self, game: Game, card: Card, blocks: list[tuple[Card, Card]]) -> bool:
        return 0 < sum(1 for _, attacker in blocks if attacker is card) < 3  # 509.1b

    def triggers(self, game: Game, card: Card, event: Event):
        moved = event.kind == "put_into_graveyard" and event["card"] is card
        discarded = event.kind in ("discard", "mill") and any(c is card for c in event["cards"])
        if moved or discarded:
            yield triggered_ability(card, "When Guile is put into a graveyard from anywhere, shuffle it into its owner's library.", lambda game, ability: game.shuffle_cards_into_library(card.owner, [card]))


class LoamingShaman(CardDefinition):
    name, mana_cost, type_line = "Loaming Shaman", "{2}{G}", "Creature — Centaur Shaman"
    power, toughness = 3, 2
    oracle = "When this creature enters, target player shuffles any number of target cards from their graveyard into their library."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            def shuffle(game: Game, ability: TriggeredAbility) -> None:
                player = ability.targets[0]
                game.shuffle_cards_into_library(player, ability.data.get("cards", []))

            yield triggered_ability(card, self.oracle, shuffle, target="player")


class DisaTheRestless(CardDefinition):
    name, mana_cost, type_line = "Disa the Restless", "{2}{B}{R}{G}", "Legendary Creature — Human Ranger"
    power, toughness = 5, 6
    in_part = True
    oracle = "Whenever one or more creatures you control deal combat damage to a player, create a Tarmogoyf token."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "combat_damage" and any(
            isinstance(recipient, Player) and source.controller is card.controller for source, recipient, _ in event["dealt"]
        ):
            yield triggered_ability(card, self.oracle, lambda game, ability: game.create_tokens(ability.controller, Card.token_of("Tarmogoyf")))


class HeartPiercerManticore(CardDefinition):
    name, mana_cost, type_line = "Heart-Piercer Manticore", "{2}{R}", "Creature — Manticore"
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
                game.triggers._pending.append(reflexive)
                game.emit("triggers", "603.12", ability=reflexive)

            yield triggered_ability(card, "When this creature enters, you may sacrifice another creature.", may_sacrifice)


class ConcertedEffort(CardDefinition):
    name, mana_cost, type_line = "Concerted Effort", "{2}{W}{W}", "Enchantment"
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

            yield triggered_ability(card, self.oracle, share)


class WallOfTears(CardDefinition):
    name, mana_cost, type_line = "Wall of Tears", "{1}{U}", "Creature — Wall"
    power, toughness = 0, 4
    keywords = ("Defender",)
    oracle = "Defender. Whenever this creature blocks a creature, return that creature to its owner's hand at end of combat."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "blocks" and event["card"] is card:
            for blocked in event["attackers"]:
                def at_end_of_combat(game: Game, ability: TriggeredAbility, blocked=blocked, incarnation=blocked.incarnation) -> None:
                    def bounce(game: Game, delayed: TriggeredAbility) -> None:
                        # 608.2k: "that creature" is the object, whatever it has become.
                        if blocked.zone is Zone.BATTLEFIELD and blocked.incarnation == incarnation:
                            game.return_to_hand([blocked], rule="608.2k")

                    game.add_delayed_trigger(Trigger("Return that creature to its owner's hand at end of combat.", at_beginning_of(Step.END_OF_COMBAT, "any"), bounce), card, ability.controller)

                yield triggered_ability(card, "Whenever this creature blocks a creature, return that creature to its owner's hand at end of combat.", at_end_of_combat)


class SearchPartyCaptain(CardDefinition):
    name, mana_cost, type_line = "Search Party Captain", "{3}{W}", "Creature — Kor Soldier"
    power, toughness = 2, 3
    oracle = "This spell costs {1} less to cast for each creature you attacked with this turn. When this creature enters, draw a card."

    def own_cost_change(self, game: Game, card: Card, player: Player) -> int:
        # 608.2i: the creatures that attacked, whatever they are now.
        start = max((i for i, e in enumerate(game.events) if e.kind == "turn_begins"), default=0)
        attackers = {id(e["card"]) for e in game.events[start:] if e.kind == "attacks" and e.get("player") is player}
        return -len(attackers)

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is card:
            yield triggered_ability(card, "When this creature enters, draw a card.", lambda game, ability: game.draw(ability.controller, 1))


class SkyshroudBehemoth(CardDefinition):
    name, mana_cost, type_line = "Skyshroud Behemoth", "{5}{G}{G}", "Creature — Beast"
    power, toughness = 10, 10
    oracle = "Fading 2 (This creature enters with two fade counters on it. At the beginning of your upkeep, remove a fade counter from it. If you can't, sacrifice it.) This creature enters tapped."

    def as_enters(self, game: Game, card: Card) -> None:
        card.tapped = True
        card.counters["fade"] = card.counters.get("fade", 0) + 2

    @staticmethod
    def _fade(game: Game, ability: TriggeredAbility) -> None:
        # 702.32a: remove a fade counter; if you can't, sacrifice it.
        creature = ability.source
        if creature.zone is not Zone.BATTLEFIELD:
            return
        if not game.remove_counters(creature, "fade", 1):
            game.sacrifice([creature])

    triggered = (Trigger("At the beginning of your upkeep, remove a fade counter from it. If you can't, sacrifice it.", at_beginning_of(Step.UPKEEP), _fade),)


class ScarwoodTreefolk(CardDefinition):
    name, mana_cost, type_line = "Scarwood Treefolk", "{3}{G}", "Creature — Treefolk"
    power, toughness = 3, 5
    oracle = "This creature enters tapped."

    def as_enters(self, game: Game, card: Card) -> None:
        # 614.12: it applies as the permanent enters, with the abilities it will have there.
        card.tapped = True
