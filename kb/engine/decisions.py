"""Events, decisions and the makers of decisions, and how the game asks for them: one at a time or
simultaneously in APNAP order (rule 101.4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kb.engine.errors import IllegalChoiceError, MissingDecisionError
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart
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


def _name_of(option: Any) -> str | None:
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


class Decisions(GamePart):
    """Asking players for decisions and making simultaneous choices in APNAP order (rule 101.4)."""

    def ask(self, player: Player, kind: str, options: Sequence[Any], **details: Any) -> Any:
        """Ask `player` a decision of `kind` among `options` (`Decision`'s other fields as
        keywords) and return the answer: for modules the decisions API can't be imported by."""
        return self.decide(Decision(player, kind, tuple(options), **details))

    def decide(self, decision: Decision) -> Any:
        """Ask the decision maker, check the answer against the options, log it and return it.
        A decision with exactly one legal answer is made without asking."""
        low, high = decision.bounds
        decision.decided_by = self.game.player_control._decided_by(decision)
        if not decision.order and decision.count == 1 and len(decision.options) == 1:
            decision.answer, decision.forced = decision.options[0], True
        elif decision.order and len(decision.options) <= 1:
            decision.answer, decision.forced = list(decision.options), True
        elif not decision.order and decision.count != 1 and len(decision.options) <= low:
            decision.answer, decision.forced = list(decision.options), True
        else:
            raw = self.game.decision_maker.decide(self.game, decision)
            decision.answer = self._validate(decision, raw)
        self.game.decision_log.append(decision)
        self.game.emit("decision", decision.rule, decision=decision)
        return decision.answer

    def _validate(self, decision: Decision, raw: Any) -> Any:
        options = list(decision.options)

        def match(item: Any, taken: list[Any]) -> Any:
            for option in options:
                if option is item and not any(option is t for t in taken):
                    return option
            if not isinstance(item, bool):
                for option in options:
                    if any(option is t for t in taken):
                        continue
                    if option == item and type(option) is type(item):
                        return option
                    if isinstance(item, str) and _name_of(option) == item:
                        return option
            raise IllegalChoiceError(
                f"{decision.player.name}: {item!r} is not an available answer to the "
                f"{decision.kind!r} decision (options: {', '.join(map(repr, options))})"
            )

        low, high = decision.bounds
        if decision.count == 1 and not decision.order and options and hasattr(options[0], "matches"):
            # Options that are whole declarations (attacks, blocks, divisions of damage).
            for option in options:
                if option is raw or option.matches(raw):
                    return option
            raise IllegalChoiceError(
                f"{decision.player.name}: {raw!r} is not a legal answer to the {decision.kind!r} decision "
                f"(legal: {'; '.join(map(repr, options))})"
            )
        if decision.count == 1 and not decision.order:
            if isinstance(raw, (list, tuple)):
                if len(raw) != 1:
                    raise IllegalChoiceError(f"{decision.player.name}: choose exactly one for {decision.kind!r}")
                raw = raw[0]
            return match(raw, [])
        items = list(raw) if isinstance(raw, (list, tuple)) else [raw]
        if not low <= len(items) <= high:
            raise IllegalChoiceError(
                f"{decision.player.name}: {decision.kind!r} needs between {low} and {high} answers, got {len(items)}"
            )
        chosen: list[Any] = []
        for item in items:
            chosen.append(match(item, chosen))
        return chosen

    def choose_simultaneously(self, requests: Sequence[ChoiceRequest]) -> dict[int, Any]:
        """Make choices "at the same time" in APNAP order (rule 101.4, or 805.6 with shared team
        turns): each player makes all their choices, in the specified order or in an order they
        choose (101.4c); a choice that makes an earlier player choose restarts the order for all
        outstanding choices (101.4d). Returns the answers keyed by ``id(request)``."""
        outstanding = list(requests)
        answers: dict[int, Any] = {}
        known: list[tuple[Player, Any]] = []
        while outstanding:
            restarted = False
            done: list[Player] = []  # players before the one choosing now, in this pass
            for group in self.game._choice_groups():
                waiting = [p for p in group if any(r.decision.player is p for r in outstanding)]
                for player in self.game._order_within(group, waiting):
                    while True:
                        mine = [r for r in outstanding if r.decision.player is player]
                        if not mine:
                            break
                        request = self._order_own_choices(player, mine)[0]
                        request.decision.known = tuple(known)
                        answer = self.decide(request.decision)
                        outstanding.remove(request)
                        answers[id(request)] = answer
                        if request.decision.hidden:
                            count = len(answer) if isinstance(answer, list) else 1
                            known.append((player, f"{count} face-down card" + ("s" if count != 1 else "")))
                        else:
                            known.append((player, answer))
                        caused = list(request.then(answer)) if request.then else []
                        outstanding.extend(caused)
                        if any(r.decision.player in done for r in caused):
                            self.game.emit("apnap_restart", "101.4d", player=player)
                            restarted = True
                            break
                    if restarted:
                        break
                    done.append(player)
                if restarted:
                    break
                done.extend(p for p in group if p not in done)
        return answers

    def _choice_groups(self) -> list[list[Player]]:
        """The players in APNAP order, grouped by who may choose their own order among them:
        each player alone here; each team with shared team turns (rule 805.6)."""
        return [[p] for p in self.game.apnap_order()]

    def _order_within(self, group: list[Player], waiting: list[Player]) -> list[Player]:
        return waiting

    def _order_own_choices(self, player: Player, mine: list[ChoiceRequest]) -> list[ChoiceRequest]:
        """Rule 101.4c: in the order specified, or else in the order the player chooses."""
        if len(mine) == 1:
            return mine
        if all(r.sequence is not None for r in mine):
            return sorted(mine, key=lambda r: r.sequence)
        labels = tuple(f"{r.decision.kind} #{i}" for i, r in enumerate(mine, 1))
        chosen = self.decide(Decision(player, "order_choices", labels, order=True, rule="101.4c"))
        return [mine[labels.index(label)] for label in chosen]
