"""The command zone and emblems (408, 114), and the monarch (724).

An emblem is put into the command zone by an effect ("[Player] gets an emblem with [ability]"),
owned and controlled by that player (114.2); it has only the abilities the effect gives it, no
name, types, mana cost or color (114.3); they function in the command zone (114.4). It is
neither a card nor a permanent (114.5): nothing moves or destroys it.

>>> from kb.engine import Game, Player, Step
>>> from kb.engine.layers import modify
>>> ana = Player('Ana', battlefield=['Grizzly Bears'])
>>> game = Game(players=[ana, Player('Bruno')])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> anthem = lambda game, emblem: modify(1, 1, applies_to=lambda g, c, chars: 'Creature' in chars.types and chars.controller is emblem.controller)
>>> emblem = game.create_emblem(ana, 'Creatures you control get +1/+1.', static=[anthem])
>>> emblem.zone, ana.battlefield[0].power
(Zone.COMMAND, 3)

The monarch is a designation (724.1): at the beginning of the monarch's end step, that player
draws a card, and whenever a creature deals combat damage to the monarch, its controller
becomes the monarch (724.2). Those two abilities have no source; the engine shows them as
abilities of "the monarch".

>>> game.become_monarch(ana)
>>> game.monarch
Player('Ana')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.objects import Card, CardDefinition, Zone
from kb.engine.part import GamePart
from kb.engine.players import Player
from kb.engine.protocols import Game
from kb.engine.stack import TriggeredAbility
from kb.engine.turns import Step

if TYPE_CHECKING:
    from kb.engine.decisions import Event


class EmblemDefinition(CardDefinition):
    """What an emblem is: the abilities an effect gave it and nothing else (114.3)."""

    def __init__(self, text: str, triggered: Sequence[Any] = (), static: Sequence[Callable[..., Any]] = ()):
        self.name, self.name_es = "Emblem", "Emblema"
        self.oracle = text
        self.colors = ()
        self.triggered = tuple(triggered)
        self.static = tuple(static)


MONARCH_TEXTS = (
    "At the beginning of the monarch's end step, that player draws a card.",
    "Whenever a creature deals combat damage to the monarch, its controller becomes the monarch.",
)


class MonarchDefinition(CardDefinition):
    """The two inherent triggered abilities of the monarch (724.2), controlled by the player who
    was the monarch as they triggered."""

    name, name_es = "the monarch", "el monarca"
    oracle = " ".join(MONARCH_TEXTS)

    def triggers(self, game: "Game", card: Card, event: "Event") -> Iterable[TriggeredAbility]:
        monarch = game.monarch
        if monarch is None:
            return
        if event.kind == "beginning_of" and event["step"] is Step.END and monarch in game.active_players:
            yield TriggeredAbility(card, monarch, MONARCH_TEXTS[0], lambda game, ability: game.draw(ability.controller, 1) and None)
        elif event.kind == "damage" and event.get("combat") and event["target"] is monarch and isinstance(event["source"], Card):
            # Its controller as it dealt the damage (603.10 looks back only for leaving).
            new = event["source"].controller

            def crown(game: "Game", ability: TriggeredAbility, new: Player = new) -> None:
                if not new.left_game:
                    game.become_monarch(new, rule="724.2")

            yield TriggeredAbility(card, monarch, MONARCH_TEXTS[1], crown)


class CommandZone(GamePart):
    """Emblems in the command zone (114, 408) and the monarch designation (724)."""

    @property
    def command(self) -> list[Card]:
        """The objects in the command zone: the emblems of players still in the game."""
        return [e for e in self.game.__dict__.setdefault("_command", []) if e.owner is not None and not e.owner.left_game]

    def create_emblem(self, player: Player, text: str, *, triggered: Sequence[Any] = (), static: Sequence[Callable[..., Any]] = (), source: Card | None = None) -> Card:
        """Rule 114.2: `player` gets an emblem with the abilities given: triggered abilities
        (`kb.engine.define.Trigger`) and static abilities (callables given the game and the
        emblem, making a `ContinuousEffect`)."""
        emblem = Card("Emblem", definition=EmblemDefinition(text, triggered, static))
        emblem.owner = emblem.controller = player
        emblem.zone = Zone.COMMAND
        emblem.timestamp = self.game.layers._next_timestamp()
        self.game.__dict__.setdefault("_command", []).append(emblem)
        self.game.emit("emblem", "114.2", player=player, emblem=emblem, source=source)
        return emblem

    def ability_holders(self) -> list[Card]:
        """What has abilities that function outside the battlefield without being in a player's
        zones: emblems (114.4) and, once there is a monarch, the monarch's abilities (724.2)."""
        holders = list(self.command)
        designation = self.game.__dict__.get("_monarch_designation")
        if designation is not None:
            holders.append(designation)
        return holders

    @property
    def monarch(self) -> Player | None:
        """The monarch (724.1), None until a player becomes it. If the monarch has left the game,
        the active player becomes the monarch, or the next player in turn order (724.4)."""
        current = self.game.__dict__.get("_monarch")
        if current is not None and current.left_game:
            order = [p for p in self.game.apnap_order() if not p.left_game] if self.game.players else []
            successor = order[0] if order else None
            self.game.__dict__["_monarch"] = successor
            if successor is not None:
                self.game.emit("becomes_monarch", "724.4", player=successor, previous=current)
            return successor
        return current

    def become_monarch(self, player: Player, *, rule: str = "724.1") -> None:
        """`player` becomes the monarch; the current monarch ceases to be (724.3)."""
        previous = self.monarch
        if previous is player:
            return
        if "_monarch_designation" not in self.game.__dict__:
            designation = Card("the monarch", definition=MonarchDefinition())
            designation.owner = designation.controller = player
            self.game.__dict__["_monarch_designation"] = designation
        self.game.__dict__["_monarch"] = player
        self.game.__dict__["_monarch_designation"].controller = player
        self.game.emit("becomes_monarch", rule, player=player, previous=previous)
