"""Counters on permanents and players (rule 122): putting and removing them, and the state-based
action that removes +1/+1 and -1/-1 counters in pairs (704.5q). Poison counters keep their own
rules (122.1, 810.10) in `kb.engine.life`.

>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', battlefield=['Grizzly Bears'])
>>> game = Game(players=[ana, Player('Bruno')])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> bears = ana.battlefield[0]
>>> game.add_counters(bears, '+1/+1', 2)
2
>>> game.add_counters(bears, '-1/-1', 1)
1
>>> bears.counters, bears.power
({'+1/+1': 2, '-1/-1': 1}, 3)
>>> game.check_state_based_actions()
True
>>> bears.counters, bears.power
({'+1/+1': 1}, 3)
"""

from __future__ import annotations


from kb.engine.errors import IllegalActionError
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart
from kb.engine.players import Player


class Counters(GamePart):
    """Counters on permanents and players (122)."""

    def add_counters(self, obj: Card | Player, kind: str, amount: int = 1, *, cost: bool = False) -> int:
        """Put `amount` counters of `kind` on a permanent or a player (rule 122.1), as a cost
        (`cost`) or by an effect, as replacement effects leave the number (614.1a, see
        `kb.engine.doubling`); returns how many were put. Poison counters go through
        `give_poison`."""
        if amount <= 0:
            return 0
        if kind == "poison" and isinstance(obj, Player):
            return self.game.give_poison(obj, amount)
        if isinstance(obj, Card) and obj.zone is not Zone.BATTLEFIELD:
            raise IllegalActionError(f"{obj.name} is not on the battlefield: counters are put on permanents (122.1)")
        event = self.game.replace("counters", {"target": obj, "counter": kind, "amount": amount, "cost": cost, "entering": False})
        if event is None or event["amount"] <= 0:
            return 0
        kind, amount = event["counter"], event["amount"]
        counters = obj.counters
        counters[kind] = counters.get(kind, 0) + amount
        self.game.emit("counters_put", "122.1", target=obj, counter=kind, amount=amount)
        return amount

    def _counters_as_it_enters(self, card: Card) -> dict[str, int]:
        """Rule 122.6: the counters a permanent is given as it enters are counters put on it, so
        replacement effects on putting counters apply to them, kind by kind."""
        counters = {}
        for kind, amount in card.counters.items():
            event = self.game.replace("counters", {"target": card, "counter": kind, "amount": amount, "cost": False, "entering": True})
            if event is not None and event["amount"] > 0:
                counters[event["counter"]] = counters.get(event["counter"], 0) + event["amount"]
        return counters

    def remove_counters(self, obj: Card | Player, kind: str, amount: int = 1) -> int:
        """Remove up to `amount` counters of `kind`; returns how many were removed."""
        if kind == "poison" and isinstance(obj, Player):
            return self.game.remove_poison(obj, amount)
        counters = obj.counters
        removed = min(amount, counters.get(kind, 0))
        if removed:
            counters[kind] -= removed
            if not counters[kind]:
                del counters[kind]
            self.game.emit("counters_removed", "122.1", target=obj, counter=kind, amount=removed)
        return removed

    def counters_on(self, obj: Card | Player, kind: str) -> int:
        if kind == "poison" and isinstance(obj, Player):
            return self.game.poison_of(obj)
        return obj.counters.get(kind, 0)

    def _annihilate_counters(self) -> bool:
        """Rule 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each, N being
        the smaller number."""
        done = False
        for card in list(self.game.battlefield):
            pairs = min(card.counters.get("+1/+1", 0), card.counters.get("-1/-1", 0))
            if pairs:
                for kind in ("+1/+1", "-1/-1"):
                    card.counters[kind] -= pairs
                    if not card.counters[kind]:
                        del card.counters[kind]
                self.game.emit("counters_annihilate", "704.5q", card=card, amount=pairs)
                done = True
        return done
