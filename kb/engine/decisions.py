"""Events, decisions and the makers of decisions: what a player is asked, what answers it, and the
requests of a simultaneous choice (rule 101.4). The game asks through `kb.engine.asking`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kb.engine.errors import MissingDecisionError
from kb.engine.objects import Card, Zone
from kb.engine.players import Player, Team
from kb.engine.protocols import Game
from kb.engine.stack import Ability, Spell


class Event:
    """Something that happened in the game; ``rule`` names the rule that made it happen."""

    def __init__(self, kind: str, rule: str | None = None, **data: Any):
        self.kind = kind
        self.rule = rule
        self.data = data

    def __repr__(self) -> str:
        args = [repr(self.kind)] + [f"{k}={v!r}" for k, v in self.data.items()]
        return f"Event({', '.join(args)})"

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(eq=False)


class Decision:
    """A decision the engine asks a player (or, for a team, its primary player) to make.

    ``count`` is how many options to choose, or a (minimum, maximum) pair; for ``order``
    decisions the answer is every option, in the chosen order. ``known`` lists the earlier
    choices the player knows of when choosing (rule 101.4b); a hidden choice (101.4a) is known
    only as the number of face-down cards chosen.
    """

    player: Player
    kind: str
    options: tuple[Any, ...]
    count: int | tuple[int, int] = 1
    order: bool = False
    hidden: bool = False
    rule: str | None = None
    team: Team | None = None
    known: tuple[tuple[Player, Any], ...] = ()
    context: dict[str, Any] = field(default_factory=dict)
    answer: Any = None
    forced: bool = False
    # Who makes the decision when it isn't `player`: the player controlling them (722.5).
    decided_by: Player | None = None

    def __repr__(self) -> str:
        who = repr(self.team) if self.team is not None else repr(self.player)
        return f"Decision({who}, {self.kind!r}, answer={self.answer!r})"

    @property
    def bounds(self) -> tuple[int, int]:
        if self.order:
            return (len(self.options), len(self.options))
        if isinstance(self.count, tuple):
            return self.count
        return (self.count, self.count)


class DecisionMaker:
    """Answers decisions. Subclasses return an option (or a list of options)."""

    def decide(self, game: "Game", decision: Decision) -> Any:
        raise NotImplementedError


class FirstOptions(DecisionMaker):
    """Always the first legal answer: the first options in order, and "no" to yes/no questions."""

    def decide(self, game: "Game", decision: Decision) -> Any:
        low, high = decision.bounds
        if decision.order:
            return list(decision.options)
        if decision.count == 1:
            return decision.options[0]
        return list(decision.options[:low])


class ScriptedDecisions(DecisionMaker):
    """Answers from a script: for each player (by name), the answers to that player's decisions
    in the order they are asked. Answers are options, option names, or lists of them. When a
    player's answers run out, ``fallback`` answers (by default `FirstOptions`); with
    ``fallback=None`` a `MissingDecisionError` is raised.

    >>> ScriptedDecisions(Ana=['Grizzly Bears'], Bruno=[True])
    ScriptedDecisions(Ana=['Grizzly Bears'], Bruno=[True])
    """

    def __init__(self, script: dict[str, list[Any]] | None = None, *, fallback: DecisionMaker | None = FirstOptions(), **answers: list[Any]):
        self.script = {**(script or {}), **answers}
        self._queues = {name: list(items) for name, items in self.script.items()}
        self.fallback = fallback

    def __repr__(self) -> str:
        return f"ScriptedDecisions({', '.join(f'{k}={v!r}' for k, v in self.script.items())})"

    def decide(self, game: "Game", decision: Decision) -> Any:
        queue = self._queues.get((decision.decided_by or decision.player).name)
        if queue:
            return queue.pop(0)
        if self.fallback is None:
            raise MissingDecisionError(
                f"{(decision.decided_by or decision.player).name} has no scripted answer for a {decision.kind!r} decision"
            )
        return self.fallback.decide(game, decision)

    @property
    def unused(self) -> dict[str, list[Any]]:
        return {name: list(q) for name, q in self._queues.items() if q}


@dataclass(eq=False)


class ChoiceRequest:
    """One player's part in a set of simultaneous choices (rule 101.4). ``then`` is called with
    the answer and may return further requests that the choice causes (rule 101.4d)."""

    decision: Decision
    then: Callable[[Any], Sequence["ChoiceRequest"]] | None = None
    sequence: int | None = None


def option_name(option: Any) -> str | None:
    """The name a scripted answer may give for an option of a decision (a card, a player, an
    ability, a spell, a zone, a replacement effect, an upkeep payment), or None if it has none."""
    if isinstance(option, (Card, Player, Team)):
        return option.name
    if isinstance(option, Ability):
        return option.source.name
    if isinstance(option, Spell):
        return option.card.name
    if isinstance(option, Zone):
        return option.value
    if isinstance(option, str):
        return option
    if type(option).__name__ == "Replacement":
        return option.source.name if option.source is not None else option.text
    if type(option).__name__ == "UpkeepPayment":
        return option.text
    return None
