"""Linked abilities (rule 607): a choice made as a permanent enters ("as this enters, choose a
color") and the abilities that refer to it ("the chosen color").

A choice belongs to the object and to the abilities that made it: it is kept under the
definition the permanent has as the choice is made (its own, or the copy it enters as). An
ability the permanent gets later by copying another object finds no choice of its own, since
the "as enters" ability linked to it never applied to that object (607.5a, 707.6).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.objects import Card


class LinkedAbilities(GamePart):
    """Choices made as a permanent enters, for the abilities linked to them (607, 614.12)."""

    def choose_as_enters(self, card: "Card", kind: str, options: Iterable[Any], *, rule: str = "614.12") -> Any:
        """`card`'s controller makes the choice an "as this enters" ability asks for (614.12);
        the abilities linked to it find it with `chosen` (607.2a). With no option, nothing is
        chosen."""
        options = tuple(options)
        if not options:
            return None
        answer = self.game.decide(Decision(card.controller, kind, options, rule=rule, context={"source": card}))
        card.choices[(card.definition, kind)] = answer
        return answer

    def chosen(self, card: "Card", kind: str) -> Any:
        """The `kind` of thing chosen for the abilities `card` has now, or None if none was
        chosen for them (607.5a): an ability copied later finds nothing."""
        return card.choices.get((card.definition, kind))
