"""The phases and steps of a turn, in order, and the phase each step belongs to (rules 500–514);
`kb.engine.turn_structure` moves the game through them."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    BEGINNING = "beginning phase"
    PRECOMBAT_MAIN = "precombat main phase"
    COMBAT = "combat phase"
    POSTCOMBAT_MAIN = "postcombat main phase"
    ENDING = "ending phase"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class Step(enum.Enum):
    """The steps of a turn, in order; a main phase, which has no steps, stands as its own entry."""

    UNTAP = "untap step"
    UPKEEP = "upkeep step"
    DRAW = "draw step"
    PRECOMBAT_MAIN = "precombat main phase"
    BEGINNING_OF_COMBAT = "beginning of combat step"
    DECLARE_ATTACKERS = "declare attackers step"
    DECLARE_BLOCKERS = "declare blockers step"
    COMBAT_DAMAGE = "combat damage step"
    END_OF_COMBAT = "end of combat step"
    POSTCOMBAT_MAIN = "postcombat main phase"
    END = "end step"
    CLEANUP = "cleanup step"

    def __repr__(self) -> str:
        return f"Step.{self.name}"

    @property
    def phase(self) -> Phase:
        return _PHASE_OF[self]

    @property
    def is_main_phase(self) -> bool:
        return self in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


_PHASE_OF = {
    Step.UNTAP: Phase.BEGINNING,
    Step.UPKEEP: Phase.BEGINNING,
    Step.DRAW: Phase.BEGINNING,
    Step.PRECOMBAT_MAIN: Phase.PRECOMBAT_MAIN,
    Step.BEGINNING_OF_COMBAT: Phase.COMBAT,
    Step.DECLARE_ATTACKERS: Phase.COMBAT,
    Step.DECLARE_BLOCKERS: Phase.COMBAT,
    Step.COMBAT_DAMAGE: Phase.COMBAT,
    Step.END_OF_COMBAT: Phase.COMBAT,
    Step.POSTCOMBAT_MAIN: Phase.POSTCOMBAT_MAIN,
    Step.END: Phase.ENDING,
    Step.CLEANUP: Phase.ENDING,
}


STEPS: tuple[Step, ...] = tuple(Step)
