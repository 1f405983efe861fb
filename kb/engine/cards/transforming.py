"""Double-faced cards that transform (701.27, 712), and spells that transform them."""

from __future__ import annotations

from kb.engine.layers import ContinuousEffect, modify
from kb.engine.replacement import prevent_damage
from kb.engine.errors import NotModelledError
from kb.engine.objects import DoubleFacedCardDefinition
from kb.engine.define import spell_card
from kb.engine.game import AbilityDefinition, ActivatedAbility, Card, CardDefinition, Decision
from kb.engine.game import Event, Game, Spell, Step, TriggeredAbility, Zone
from kb.engine.cards.templates import at_beginning_of_your, triggered_ability


def _spells_cast_last_turn(game: Game) -> int:
    """How many spells were cast during the previous turn, from the game's own record."""
    starts = [i for i, e in enumerate(game.events) if e.kind == "turn_begins"]
    if len(starts) < 2:
        raise NotModelledError("which spells were cast last turn, before the game was picked up, is not known", rules=())
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
            ability = triggered_ability(card, text, effect, condition=condition)
            if condition(game, ability):
                yield ability

    return fire


def _last_turn_events(game: Game) -> list[Event]:
    starts = [i for i, e in enumerate(game.events) if e.kind == "turn_begins"]
    if len(starts) < 2:
        raise NotModelledError("which spells were cast last turn, before the game was picked up, is not known", rules=())
    return game.events[starts[-2]:starts[-1]]


class _WerewolfFront(CardDefinition):
    """The front face of an Innistrad werewolf: "At the beginning of each upkeep, if no spells
    were cast last turn, transform this creature."; a face adds its other triggers first."""

    transforms_when_front = True

    def triggers(self, game: Game, card: Card, event: Event):
        yield from _werewolf_transforms(self.transforms_when_front)(game, card, event)


class _WerewolfBack(_WerewolfFront):
    """The back face: "... if a player cast two or more spells last turn, transform this creature." """

    transforms_when_front = False


class _VillageIronsmith(_WerewolfFront):
    face_name, mana_cost, type_line = "Village Ironsmith", "{1}{R}", "Creature — Human Werewolf"
    power, toughness = 1, 1
    keywords = ("First strike",)
    oracle = "First strike. At the beginning of each upkeep, if no spells were cast last turn, transform Village Ironsmith."


class _Ironfang(_WerewolfBack):
    face_name, type_line = "Ironfang", "Creature — Werewolf"
    power, toughness = 3, 1
    colors = ("R",)
    keywords = ("First strike",)
    oracle = "First strike. At the beginning of each upkeep, if a player cast two or more spells last turn, transform Ironfang."


class VillageIronsmith(DoubleFacedCardDefinition):
    front, back = _VillageIronsmith, _Ironfang


def _wolf_and_life(game: Game, ability: TriggeredAbility) -> None:
    game.create_tokens(ability.controller, Card.token(power=2, toughness=2, colors="G", subtypes=("Wolf",)))
    game.gain_life(ability.controller, 2)


class _HuntmasterOfTheFells(_WerewolfFront):
    face_name, mana_cost, type_line = "Huntmaster of the Fells", "{2}{R}{G}", "Creature — Human Werewolf"
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
            yield triggered_ability(card, "Whenever this creature enters or transforms into Huntmaster of the Fells, create a 2/2 green Wolf creature token and you gain 2 life.", _wolf_and_life)
        yield from super().triggers(game, card, event)


def _ravager_damage(game: Game, ability: TriggeredAbility) -> None:
    opponent = ability.targets[0]
    if game.casting._target_is_legal(opponent, "opponent", ability.controller):
        game.deal_damage(ability.source, opponent, 2)


class _RavagerOfTheFells(_WerewolfBack):
    face_name, type_line = "Ravager of the Fells", "Creature — Werewolf"
    power, toughness = 4, 4
    colors = ("R", "G")
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
                raise NotModelledError("Ravager of the Fells' targets when a planeswalker or an opponent's creature could be one (a second, dependent target) are not modelled", rules="603.3d")
            yield triggered_ability(card, "Whenever this creature transforms into Ravager of the Fells, it deals 2 damage to target opponent or planeswalker and 2 damage to up to one target creature that player controls.", _ravager_damage, target="opponent")
        yield from super().triggers(game, card, event)


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
    face_name, mana_cost, type_line = "Delver of Secrets", "{U}", "Creature — Human Wizard"
    power, toughness = 1, 1
    oracle = (
        "At the beginning of your upkeep, look at the top card of your library. You may reveal that card. If an "
        "instant or sorcery card is revealed this way, transform Delver of Secrets."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        if at_beginning_of_your(Step.UPKEEP, game, card, event):
            yield triggered_ability(card, self.oracle, _delver_upkeep)


class _InsectileAberration(CardDefinition):
    face_name, type_line = "Insectile Aberration", "Creature — Human Insect"
    power, toughness = 3, 2
    colors = ("U",)
    keywords = ("Flying",)
    oracle = "Flying"


class DelverOfSecrets(DoubleFacedCardDefinition):
    front, back = _DelverOfSecrets, _InsectileAberration


def _attackers_get(amount: int):
    def static(game: Game, card: Card) -> ContinuousEffect:
        return modify(amount, 0, applies_to=lambda g, c, chars: "Creature" in chars.types and c.attacking is not None and chars.controller is card.controller, text=f"Attacking creatures you control get +{amount}/+0.")

    return static


class _InstigatorGang(_WerewolfFront):
    face_name, mana_cost, type_line = "Instigator Gang", "{3}{R}", "Creature — Human Werewolf"
    power, toughness = 2, 3
    oracle = "Attacking creatures you control get +1/+0. At the beginning of each upkeep, if no spells were cast last turn, transform Instigator Gang."
    static = (_attackers_get(1),)


class _WildbloodPack(_WerewolfBack):
    face_name, type_line = "Wildblood Pack", "Creature — Werewolf"
    power, toughness = 5, 5
    colors = ("R",)
    keywords = ("Trample",)
    oracle = "Trample. Attacking creatures you control get +3/+0. At the beginning of each upkeep, if a player cast two or more spells last turn, transform Wildblood Pack."
    static = (_attackers_get(3),)


class InstigatorGang(DoubleFacedCardDefinition):
    front, back = _InstigatorGang, _WildbloodPack


def _ransacker(game: Game, ability: TriggeredAbility) -> None:
    artifact = ability.targets[0] if ability.targets else None
    if artifact is None or not game.casting._target_is_legal(artifact, "artifact", ability.controller):
        return
    if not game.decide(Decision(ability.controller, "may_destroy", (False, True), rule="608.2d", context={"source": ability.source})):
        return
    controller = artifact.controller
    game.destroy([artifact])
    if artifact.zone is Zone.GRAVEYARD:
        game.deal_damage(ability.source, controller, 3)


class _AfflictedDeserter(_WerewolfFront):
    face_name, mana_cost, type_line = "Afflicted Deserter", "{3}{R}", "Creature — Human Werewolf"
    power, toughness = 3, 2
    oracle = "At the beginning of each upkeep, if no spells were cast last turn, transform Afflicted Deserter."


class _WerewolfRansacker(_WerewolfBack):
    face_name, type_line = "Werewolf Ransacker", "Creature — Werewolf"
    power, toughness = 5, 4
    colors = ("R",)
    oracle = (
        "Whenever this creature transforms into Werewolf Ransacker, you may destroy target artifact. If that "
        "artifact is put into a graveyard this way, Werewolf Ransacker deals 3 damage to that artifact's "
        "controller. At the beginning of each upkeep, if a player cast two or more spells last turn, transform "
        "Werewolf Ransacker."
    )

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "transforms" and event["card"] is card and event["back"]:
            yield triggered_ability(card, "Whenever this creature transforms into Werewolf Ransacker, you may destroy target artifact. If that artifact is put into a graveyard this way, Werewolf Ransacker deals 3 damage to that artifact's controller.", _ransacker, target="artifact")
        yield from super().triggers(game, card, event)


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
    face_name, mana_cost, type_line = "Civilized Scholar", "{2}{U}", "Creature — Human Advisor"
    power, toughness = 0, 1
    oracle = "{T}: Draw a card, then discard a card. If a creature card is discarded this way, untap Civilized Scholar, then transform it."
    activated = (AbilityDefinition(oracle, _scholar_loot, tap=True),)


def _brute_returns(game: Game, ability: TriggeredAbility) -> None:
    card = ability.source
    if card.zone is Zone.BATTLEFIELD and card.transformed:
        game.tap([card])
        game.transform(card)


class _HomicidalBrute(CardDefinition):
    face_name, type_line = "Homicidal Brute", "Creature — Human Mutant"
    power, toughness = 5, 1
    colors = ("R",)
    oracle = "At the beginning of your end step, if Homicidal Brute didn't attack this turn, tap it, then transform it."

    def triggers(self, game: Game, card: Card, event: Event):
        if at_beginning_of_your(Step.END, game, card, event):
            def not_attacked(game: Game, ability: TriggeredAbility) -> bool:
                return not any(e["card"] is ability.source for e in game.events[_turn_start(game):] if e.kind == "attacks")

            ability = triggered_ability(card, self.oracle, _brute_returns, condition=not_attacked)
            if not_attacked(game, ability):
                yield ability


def _turn_start(game: Game) -> int:
    starts = [i for i, e in enumerate(game.events) if e.kind == "turn_begins"]
    return starts[-1] if starts else 0


class CivilizedScholar(DoubleFacedCardDefinition):
    front, back = _CivilizedScholar, _HomicidalBrute


class _KruinOutlaw(_WerewolfFront):
    face_name, mana_cost, type_line = "Kruin Outlaw", "{1}{R}{R}", "Creature — Human Rogue Werewolf"
    power, toughness = 2, 2
    keywords = ("First strike",)
    oracle = "First strike. At the beginning of each upkeep, if no spells were cast last turn, transform Kruin Outlaw."


class _TerrorOfKruinPass(_WerewolfBack):
    face_name, type_line = "Terror of Kruin Pass", "Creature — Werewolf"
    power, toughness = 3, 3
    colors = ("R",)
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


class KruinOutlaw(DoubleFacedCardDefinition):
    front, back = _KruinOutlaw, _TerrorOfKruinPass


@spell_card(
    "Moonmist", mana_cost="{1}{G}", type_line="Instant",
    oracle="Transform all Humans. Prevent all combat damage that would be dealt this turn by creatures other than Werewolves and Wolves.",
)
def Moonmist(game: Game, spell: Spell) -> None:
    for creature in [c for c in game.battlefield if "Human" in c.subtypes]:
        game.transform(creature)
    
    def others(game: Game, event: dict) -> bool:
        source = event["source"]
        return bool(event.get("combat")) and source is not None and not ({"Werewolf", "Wolf"} & set(source.subtypes))
    
    game.add_replacement(prevent_damage(where=others, text="Prevent all combat damage that would be dealt this turn by creatures other than Werewolves and Wolves."))
