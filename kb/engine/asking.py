"""The part of the game that asks players for decisions: one at a time, checked against the
options and logged, or simultaneously in APNAP order (rule 101.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.decisions import ChoiceRequest, Decision, option_name
from kb.engine.errors import IllegalChoiceError
from kb.engine.part import GamePart
from kb.engine.players import Player


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
                    if isinstance(item, str) and option_name(option) == item:
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
