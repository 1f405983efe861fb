"""Battles (310): defense counters (310.4), a protector (310.8), being attacked (310.5,
310.8b–c), damage removing defense counters (310.6) and the state-based actions about them
(310.7, 310.10, 704.5v). Every battle today is a Siege (310.11): its protector is an opponent of
its controller, and when its last defense counter is removed it is exiled and may be cast
transformed (310.11b), which is not modelled: a Siege with no defense counters left raises
`NotModelledError`.

>>> from kb.engine import Card, Game, Player, Step
>>> siege = Card('Invasion of Ravnica')
>>> ana, bruno = Player('Ana', battlefield=[siege]), Player('Bruno')
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> siege.counters, siege.protector
({'defense': 4}, Player('Bruno'))
>>> game.attack_targets(ana)
[Player('Bruno'), Card('Invasion of Ravnica')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.errors import NotModelledError
from kb.engine.objects import Card
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.players import Player


def is_siege(card: Card) -> bool:
    return "Siege" in card.subtypes


class Battles(GamePart):
    """Battles and their protectors (310)."""

    def possible_protectors(self, battle: Card) -> list["Player"]:
        """Rules 310.8a and 310.11a: an opponent of its controller for a Siege; its controller
        for a battle with no battle type."""
        controller = battle.controller
        if is_siege(battle):
            return list(self.game.opponents(controller))
        if battle.subtypes:
            raise NotModelledError(f"the battle type of {battle.name} ({', '.join(battle.subtypes)}) is not modelled (310.11)")
        return [controller]

    def choose_protector(self, battle: Card, rule: str = "310.8a") -> "Player | None":
        options = self.possible_protectors(battle)
        if not options:
            return None
        chosen = self.game.decide(Decision(battle.controller, "protector", tuple(options), rule=rule, context={"source": battle}))
        battle.protector = chosen
        return chosen

    def _battles_without_protector(self) -> list[Card]:
        """Rule 310.10: the battles not being attacked whose protector is missing or no longer a
        legal one; each gets a new protector, or goes to its owner's graveyard if none can be
        chosen."""
        attacked = {id(a.attacking) for a in self.game.battlefield if a.attacking is not None}
        return [
            battle for battle in self.game.battlefield
            if "Battle" in battle.types and id(battle) not in attacked and (
                battle.protector is None or battle.protector.left_game
                or battle.protector not in self.possible_protectors(battle)
            )
        ]

    def _battles_without_defense(self) -> list[Card]:
        """Rule 704.5v: the battles with no defense counters, put into their owners' graveyards."""
        going = []
        for battle in self.game.battlefield:
            if "Battle" in battle.types and not battle.counters.get("defense"):
                if is_siege(battle):
                    raise NotModelledError(f"{battle.name} has no defense counters left: defeating a Siege (310.11b, exile it and cast it transformed) is not modelled")
                going.append(battle)
        return going
