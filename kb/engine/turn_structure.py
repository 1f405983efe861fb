"""The part of the game that runs the turn: starting the game, phases and steps, cleanup, extra
phases, and ending a turn or a combat phase (rules 500–514, 723)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.errors import IllegalActionError, NotModelledError, SetupError
from kb.engine.objects import Zone
from kb.engine.part import GamePart
from kb.engine.phasing import untap_step_phasing
from kb.engine.protocols import Game
from kb.engine.stack import Spell
from kb.engine.turns import Phase, STEPS, Step

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Player, Unit


_STEP_RULES = {
    Step.UNTAP: "502",
    Step.UPKEEP: "503",
    Step.DRAW: "504",
    Step.PRECOMBAT_MAIN: "505",
    Step.BEGINNING_OF_COMBAT: "507",
    Step.DECLARE_ATTACKERS: "508",
    Step.DECLARE_BLOCKERS: "509",
    Step.COMBAT_DAMAGE: "510",
    Step.END_OF_COMBAT: "511",
    Step.POSTCOMBAT_MAIN: "505",
    Step.END: "513",
    Step.CLEANUP: "514",
}


class TurnStructure(GamePart):
    """Starting the game, moving through phases and steps, cleanup, and ending a turn or a combat phase (rules 500–514, 723)."""

    def __init__(self, game: Game):
        super().__init__(game)
        # Extra phases (500.8): (turn, the phase they follow, their steps), the most recent first;
        # and, while they run, their steps still to come (None: back to the turn's own steps).
        self._extra_phases: list[tuple[int, Phase, tuple[Step, ...]]] = []
        self._extra_steps: list[Step | None] = []
        self._resume_step: Step | None = None
        self._cleanup_had_priority = False

    # ----- starting the game and moving through turns

    def start(self, at: Step = Step.UNTAP, *, turn: int = 1, opening_hands: bool = False) -> None:
        """Start the game with the starting player's (or team's) turn, at step `at`: earlier
        steps of that turn are skipped, which lets a scenario begin, say, in a main phase. A
        scenario set later in a game gives the number of the `turn` it begins in (rules for a
        game's first turn, such as 103.8, then don't apply). With ``opening_hands``, each player
        first draws an opening hand and may take mulligans (rule 103.5)."""
        if self.game.turn:
            raise IllegalActionError("the game has already started")
        if turn < 1:
            raise SetupError("turns are numbered from 1")
        self.game.emit("game_starts", "103", players=list(self.game.seats))
        if opening_hands:
            self._opening_hands()
        self.game.turn = turn - 1
        for player in self.game.seats:
            player.turn_began = None  # a new game (726.1): nobody has had a turn in it yet
        self._begin_turn(self.game.starting_unit, at)

    def _opening_hands(self) -> None:
        for player in self.game.apnap_order():
            self.game.random.shuffle(player.library)
            self.game.draw(player, self.game.starting_hand_size(player), rule="103.5")
        mulligans = {id(p): 0 for p in self.game.players}
        deciding = list(self.game.apnap_order())
        while deciding:
            taking = []
            for player in deciding:
                if self.game.decide(Decision(player, "mulligan", (False, True), rule="103.5")):
                    taking.append(player)
            for player in taking:
                mulligans[id(player)] += 1
                for card in list(player.hand):
                    self.game._move(card, Zone.LIBRARY)
                self.game.random.shuffle(player.library)
                self.game.emit("mulligan", "103.5", player=player, count=mulligans[id(player)])
                self.game.draw(player, self.game.starting_hand_size(player), rule="103.5")
            deciding = taking
        for player in self.game.apnap_order():
            bottom = mulligans[id(player)] - (1 if self._free_mulligan() and mulligans[id(player)] else 0)
            if bottom > 0:
                chosen = self.game.decide(
                    Decision(player, "bottom", tuple(player.hand), count=(min(bottom, len(player.hand)),) * 2, rule="103.5")
                )
                for card in chosen:
                    player.hand.remove(card)
                    player.library.append(card)
                    card.zone = Zone.LIBRARY
                self.game.emit("bottom", "103.5", player=player, count=len(chosen))

    def _free_mulligan(self) -> bool:
        """Rule 103.5c: in a multiplayer game the first mulligan is free."""
        return len(self.game.seats) > 2

    def _begin_turn(self, unit: Unit, at: Step = Step.UNTAP) -> None:
        self.game.player_control._turn_begins(unit)
        self.game.sba._note_control_changes()  # as "until end of turn" control effects ended
        self.game.turn += 1
        self.game.active_unit = unit
        for member in self.game.members(unit):
            member.turn_began = self.game.turn  # 302.6: "since their most recent turn began"
        self.game.casting.lands_played = {}
        self.game._determine_influence()
        for card in self.game.battlefield:
            card.attacking = None
            card.blocking, card.blocked_by, card.was_blocked = [], [], False
        self.game.combat._second_strike, self.game.combat._in_second_strike_step = None, False
        self._extra_steps, self._resume_step = [], None
        self.game.emit("turn_begins", "500", turn=self.game.turn, unit=unit)
        self._begin_step(at)

    def _begin_step(self, step: Step) -> None:
        if self.game.step is not None:
            self.game.mana._empty_mana_pools()  # 106.4: the step or phase that ends empties them
        self.game.step = step
        self.game.priority_and_stack._passes = 0
        self.game.priority = None
        self.game.emit("step_begins", _STEP_RULES[step], step=step)
        if self.game.over:
            return
        if step is Step.UNTAP:
            self._untap()
            self._advance()
            return
        if step is Step.DRAW:
            self._draw_step()
        elif step is Step.DECLARE_ATTACKERS:
            self.game.combat._declare_attackers()
        elif step is Step.DECLARE_BLOCKERS:
            self.game.combat._declare_blockers()
        elif step is Step.COMBAT_DAMAGE:
            self.game.combat._combat_damage()
        elif step is Step.CLEANUP:
            self._cleanup()
            return
        self.game.emit("beginning_of", _STEP_RULES[step], step=step, active=self.game.active_unit)
        self.game.priority_and_stack._give_priority(self.game.active_unit)

    def _advance(self) -> None:
        """The current step or phase ends (rule 500.2) and the next begins."""
        self.game.priority_and_stack._flow_changed = True
        step = self.game.step
        if step is Step.END_OF_COMBAT:
            self.game.combat._remove_from_combat("511.3")
        if step is Step.CLEANUP:
            if self._cleanup_had_priority:
                self._cleanup_had_priority = False
                self.game.emit("another_cleanup", "514.3a")
                self._begin_step(Step.CLEANUP)
                return
            self._end_turn()
            return
        if step is Step.COMBAT_DAMAGE and self.game.combat._second_strike is not None and not self.game.combat._in_second_strike_step:
            # 510.4: after a first combat damage step, a second one.
            self.game.combat._in_second_strike_step = True
            self._begin_step(Step.COMBAT_DAMAGE)
            return
        if self._extra_steps:
            # Inside extra phases (500.8): their next step, or back to where the turn was.
            following = self._extra_steps.pop(0)
            if following is None:
                following = self._resume_step
                self._resume_step = None
            self._begin_step(following)
            return
        index = STEPS.index(step) + 1
        following = STEPS[index]
        if step is Step.DECLARE_ATTACKERS and not self.game.attackers:
            following = Step.END_OF_COMBAT  # rule 508.8
        self._begin_following(step, following)

    def _begin_following(self, step: Step, following: Step) -> None:
        """Begin `following`, the step after `step`, unless extra phases come first (500.8)."""
        extra = [steps for turn, phase, steps in self._extra_phases if turn == self.game.turn and phase is step.phase]
        if following.phase is not step.phase and extra:
            # 500.8: the extra phases come directly after this one, the most recent first.
            self._extra_phases = [e for e in self._extra_phases if not (e[0] == self.game.turn and e[1] is step.phase)]
            self._extra_steps = [s for steps in extra for s in steps] + [None]
            self._resume_step = following
            self._begin_step(self._extra_steps.pop(0))
            return
        self._begin_step(following)

    def add_phases_after(self, phase: Phase, steps: tuple[Step, ...], count: int = 1) -> None:
        """Rules 500.8 and 500.10: `count` extra phases directly after `phase` of this turn, each
        made of `steps` only (an additional upkeep step comes as a beginning phase whose untap
        and draw steps are skipped, 500.10–500.11). Phases added later after the same phase
        come first."""
        if count <= 0:
            return
        if phase is Phase.ENDING or any(s is Step.CLEANUP or s is Step.UNTAP for s in steps):
            raise NotModelledError("extra phases after the ending phase, or with untap or cleanup steps, are not modelled", rules=("500.8", "500.10"))
        if any(s.phase is not steps[0].phase for s in steps):
            raise IllegalActionError("the steps of one extra phase belong to one kind of phase")
        phases = list(Phase)
        if self.game.step is None or (phases.index(self.game.step.phase) > phases.index(phase) and not self._extra_steps):
            raise IllegalActionError(f"the {phase.value} of this turn has already ended")
        for _ in range(count):
            self._extra_phases.insert(0, (self.game.turn, phase, tuple(steps)))
        self.game.emit("phases_added", "500.10" if len(steps) == 1 else "500.8", phase=steps[0].phase, after=phase, steps=list(steps), count=count)

    def _end_turn(self) -> None:
        self.game.emit("turn_ends", "500", turn=self.game.turn, unit=self.game.active_unit)
        if self.game.over:
            return
        units = self.game.units()
        current = self.game.active_unit
        if current in units:
            following = units[(units.index(current) + 1) % len(units)]
        else:
            following = self.game.turn_order_from(current)[0] if units else None
        if following is not None:
            self._begin_turn(following)

    def _untap(self) -> None:
        untap_step_phasing(self.game, self.game.active_players)  # 502.1, 702.26a
        untapped = [c for c in self.game.battlefield if c.controller in self.game.active_players and c.tapped]
        for card in untapped:
            card.tapped = False
        if untapped:
            self.game.emit("untap", "502.3", cards=untapped)

    def _draw_step(self) -> None:
        if self.game.turn == 1 and self.game.first_turn_skips_draw(self.game.active_unit):
            self.game.emit("skip_draw", self.game._skip_draw_rule(), unit=self.game.active_unit)
            return
        for player in self.game._drawing_order(self.game.active_players):
            self.game.draw(player, 1, rule="504.1")

    def _skip_draw_rule(self) -> str:
        return "103.8a"

    def _drawing_order(self, players: list[Player]) -> list[Player]:
        return players

    # ----- cleanup (rule 514)

    def _cleanup(self) -> None:
        player = self.game.active_player
        for active in self.game.active_players:
            excess = len(active.hand) - self.game.max_hand_size(active)
            if excess > 0:
                chosen = self.game.decide(Decision(active, "discard", tuple(active.hand), count=(excess, excess), rule="514.1"))
                self.game.discard(active, chosen, rule="514.1")
        damaged = [c for c in self.game.battlefield if c.damage]
        for card in damaged:
            card.damage = 0
        self.game.turn_effects.clear()
        self.game.layers._end_of_turn_effects()
        self.game.replacement._end_of_turn_replacements()
        self.game.emit("damage_wears_off", "514.2", cards=damaged)
        if player is None:
            self._advance()
            return
        needs_priority = self.game.triggers._pending or self.game.state_based_actions_pending()
        if needs_priority:
            self._cleanup_had_priority = True
            self.game.emit("cleanup_priority", "514.3a")
            self.game.priority_and_stack._give_priority(self.game.active_unit)
            return
        self._advance()

    # ----- ending the turn and the combat phase (rule 723)

    def end_the_turn(self, source: Card | None = None) -> None:
        """Rule 723.1: end the turn. (The rule's number changed as sections were added before
        it: 715 "Ending the Turn" in September 2017, 716 in July 2018 and August 2019 (then
        "Ending Turns and Phases"), 717 in October 2019, 720 in April 2023, 721 in June 2024.)"""
        if self._begin_ending("end_the_turn", "723.1", source):
            return
        if self.game.phase is Phase.COMBAT:
            self.game.combat._remove_from_combat("723.1d")
        self.game.emit("skip_to_cleanup", "723.1d", step=self.game.step)
        self.game.priority_and_stack._flow_changed = True
        self._cleanup_had_priority = False
        # The rest of the turn is skipped, extra phases with it (723.1d).
        self._extra_steps, self._resume_step = [], None
        self._extra_phases = [e for e in self._extra_phases if e[0] != self.game.turn]
        self._begin_step(Step.CLEANUP)

    def end_the_combat_phase(self, source: Card | None = None) -> None:
        """Rule 723.2: end the combat phase; outside combat nothing happens (723.2g)."""
        if self.game.phase is not Phase.COMBAT:
            self.game.emit("nothing_happens", "723.2g", source=source)
            return
        if self._begin_ending("end_combat", "723.2", source):
            return
        self.game.combat._remove_from_combat("723.2d")
        self.game.emit("skip_to_next_phase", "723.2d", step=self.game.step)
        self.game.priority_and_stack._flow_changed = True
        self._begin_following(self.game.step, Step.POSTCOMBAT_MAIN)

    def _begin_ending(self, event: str, rule: str, source: Card | None) -> bool:
        """The steps that open both processes, 723.1a-c and 723.2a-c alike (`rule` is 723.1 or
        723.2): triggered abilities not yet on the stack cease to exist, everything on the stack is
        exiled, and state-based actions are checked with no player receiving priority. True if
        the game ended there."""
        self.game.emit(event, rule, source=source)
        cease_rule, exile_rule = f"{rule}a", f"{rule}b"
        if self.game.triggers._pending:
            gone, self.game.triggers._pending = self.game.triggers._pending, []
            self.game.emit("triggers_cease", cease_rule, abilities=gone)
        objects = list(self.game.stack)
        if self.game.priority_and_stack._resolving is not None and self.game.priority_and_stack._resolving not in objects:
            objects.insert(0, self.game.priority_and_stack._resolving)
        for obj in objects:
            if obj in list(self.game.stack):
                self.game.stack.remove(obj)
            if isinstance(obj, Spell) and obj.card.zone is Zone.STACK:
                obj.card.zone = Zone.EXILE
                self.game.exile.append(obj.card)
        if objects:
            self.game.emit("stack_exiled", exile_rule, objects=objects)
        self.game.emit("sba_no_priority", f"{rule}c")
        self.game.check_state_based_actions()
        return self.game.over
