"""Basic lands, and cards whose only abilities are keywords the rules modules handle or text not modelled (``in_part``)."""

from __future__ import annotations

from kb.engine.manapool import basic_land_ability
from kb.engine.define import Trigger, card, create, when_dies, when_enters, whenever
from kb.engine.decisions import Decision
from kb.engine.objects import Card, CardDefinition
from kb.engine.players import Player
from kb.engine.stack import TriggeredAbility
from kb.engine.turns import Step


Plains = card("Plains", type_line="Basic Land — Plains")
Island = card("Island", type_line="Basic Land — Island")
Swamp = card("Swamp", type_line="Basic Land — Swamp")
Mountain = card("Mountain", type_line="Basic Land — Mountain")
Forest = card("Forest", type_line="Basic Land — Forest")
Wastes = card("Wastes", type_line="Basic Land", oracle="{T}: Add {C}.", activated=[basic_land_ability("C")])
SnowCoveredForest = card("Snow-Covered Forest", type_line="Basic Snow Land — Forest", oracle="({T}: Add {G}.)")
GrizzlyBears = card("Grizzly Bears", mana_cost="{1}{G}", type_line="Creature — Bear", power=2, toughness=2)
RuneclawBear = card("Runeclaw Bear", mana_cost="{1}{G}", type_line="Creature — Bear", power=2, toughness=2)
HillGiant = card("Hill Giant", mana_cost="{3}{R}", type_line="Creature — Giant", power=3, toughness=3)
GrayOgre = card("Gray Ogre", mana_cost="{2}{R}", type_line="Creature — Ogre", power=2, toughness=2)
SavannahLions = card("Savannah Lions", mana_cost="{W}", type_line="Creature — Cat", power=2, toughness=1)
BearCub = card("Bear Cub", mana_cost="{1}{G}", type_line="Creature — Bear", power=2, toughness=2)


EliteVanguard = card(
    "Elite Vanguard", mana_cost="{W}", type_line="Creature — Human Soldier", power=2, toughness=1,
)


SerraAngel = card(
    "Serra Angel", mana_cost="{3}{W}{W}", type_line="Creature — Angel", power=4, toughness=4,
    keywords=("Flying", "Vigilance"), oracle="Flying, vigilance",
)


AssaultGriffin = card(
    "Assault Griffin", mana_cost="{3}{W}", type_line="Creature — Griffin", power=3, toughness=2,
    keywords=("Flying",), oracle="Flying",
)


YoungWolf = card(
    "Young Wolf", mana_cost="{G}", type_line="Creature — Wolf", power=1, toughness=1, keywords=("Undying",),
    oracle="Undying",
)


SiegeWurm = card(
    "Siege Wurm", mana_cost="{5}{G}{G}", type_line="Creature — Wurm", power=5, toughness=5,
    keywords=("Convoke", "Trample"), oracle="Convoke. Trample.",
)


class Juggernaut(CardDefinition):
    name, mana_cost, type_line = "Juggernaut", "{4}", "Artifact Creature — Juggernaut"
    power, toughness, keywords = 5, 3, ("Attacks each combat if able",)
    oracle = "This creature attacks each combat if able. This creature can't be blocked by Walls."

    def restricts_block(self, game, card, blocks) -> bool:
        return any(attacker is card and "Wall" in blocker.subtypes for blocker, attacker in blocks)  # 509.1b


DryadArbor = card(
    "Dryad Arbor", type_line="Land Creature — Forest Dryad", colors=("G",), power=1, toughness=1,
    oracle="(This land is a Forest and a Dryad. It's still a land and a creature.)",
)


SeatOfTheSynod = card("Seat of the Synod", type_line="Artifact Land", in_part=True, oracle="{T}: Add {U}.")


def _may_draw(game, ability) -> None:
    if game.decide(Decision(ability.controller, "may_draw", (False, True), rule="603.5", context={"source": ability.source})):
        game.draw(ability.controller, 1)


BidentOfThassa = card(
    "Bident of Thassa", mana_cost="{2}{U}{U}", type_line="Legendary Enchantment Artifact", in_part=True,
    oracle="Whenever a creature you control deals combat damage to a player, you may draw a card.",
    # Once for each creature that deals combat damage to a player (603.2c).
    triggered=[Trigger("", whenever(
        "damage", combat=True,
        source=lambda game, card, source: isinstance(source, Card) and source.controller is card.controller,
        target=lambda game, card, target: isinstance(target, Player),
    ), _may_draw)],
)


DoomedDissenter = card(
    "Doomed Dissenter", mana_cost="{1}{B}", type_line="Creature — Human", power=1, toughness=1,
    oracle="When this creature dies, create a 2/2 black Zombie creature token.",
    triggered=[Trigger("", when_dies(), create(lambda: Card.token(power=2, toughness=2, colors=("B",), subtypes=("Zombie",))))],
)


BoshIronGolem = card(
    "Bosh, Iron Golem", mana_cost="{8}", type_line="Legendary Artifact Creature — Golem", power=6,
    toughness=7, keywords=("Trample",), in_part=True,
    oracle="Trample. {3}{R}, Sacrifice an artifact: Bosh, Iron Golem deals damage equal to the sacrificed artifact's mana value to any target.",
)


WortTheRaidmother = card(
    "Wort, the Raidmother", mana_cost="{4}{R/G}{R/G}", type_line="Legendary Creature — Elemental Shaman",
    power=3, toughness=3, in_part=True,
    oracle="When Wort enters, create two 1/1 red and green Goblin Warrior creature tokens. Each red or green instant or sorcery spell you cast has conspire.",
    # Conspire is optional (702.78a): never copying is a legal way to play, so it isn't refused.
    triggered=[Trigger("When Wort enters, create two 1/1 red and green Goblin Warrior creature tokens.", when_enters(), create(lambda: Card.token(power=1, toughness=1, colors=("R", "G"), subtypes=("Goblin", "Warrior")), 2))],
)


class HowlingMine(CardDefinition):
    name, mana_cost, type_line = "Howling Mine", "{2}", "Artifact"
    oracle = "At the beginning of each player's draw step, if Howling Mine is untapped, that player draws an additional card."

    def triggers(self, game, card, event):
        # Once for each player whose draw step it is: each player of a team sharing a turn (805.4d).
        if event.kind == "beginning_of" and event["step"] is Step.DRAW and not card.tapped:
            for player in game.members(event["active"]):
                yield TriggeredAbility(
                    card, card.controller, self.oracle, lambda game, ability, player=player: game.draw(player, 1) and None,
                    condition=lambda game, ability: not ability.source.tapped,  # 603.4
                )


def _damaged_opponent_discards_at_random(game, ability) -> None:
    opponent = ability.data["event"]["target"]
    if opponent.hand:
        game.discard(opponent, [game.random.choice(opponent.hand)])


HypnoticSpecter = card(
    "Hypnotic Specter", mana_cost="{1}{B}{B}", type_line="Creature — Specter", power=2, toughness=2,
    keywords=("Flying",),
    oracle="Flying. Whenever Hypnotic Specter deals damage to an opponent, that player discards a card at random.",
    triggered=[Trigger(
        "Whenever Hypnotic Specter deals damage to an opponent, that player discards a card at random.",
        whenever("damage", source="this", target=lambda game, card, target: target in game.opponents(card.controller)),
        _damaged_opponent_discards_at_random,
    )],
)


# The band of rule 702.22h's example: a flying creature with banding, and a swampwalker.
MesaPegasus = card("Mesa Pegasus", mana_cost="{1}{W}", type_line="Creature — Pegasus", power=1, toughness=1, keywords=("Banding", "Flying"), oracle="Banding, flying")
BogWraith = card(
    "Bog Wraith", mana_cost="{3}{B}", type_line="Creature — Wraith", power=3, toughness=3, keywords=("Swampwalk",),
    oracle="Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)",
)
