"""Kicker (702.33): optional additional costs declared as a spell is cast (601.2b) and paid with
the rest of its total cost (601.2f–h). A spell whose controller declared the intent to pay a
kicker cost was "kicked" (702.33d); the abilities of the object that refer to it are linked to
the kicker abilities printed on it (702.33e, 607.2i), each ability of a card with two kicker
costs to the one it names (702.33f). What was declared stays with the spell and the permanent it
becomes, the same object (400.7); any other object, a new one, was never kicked.

A spell whose modes depend on being kicked ("Choose one. If this spell was kicked, choose any
number instead.") may have its modes chosen as the kicker cost it will be declared allows (601.4).
Multikicker (702.33c) and copies of kicked spells are not modelled.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from kb.engine.errors import IllegalActionError, NotModelledError
from kb.engine.modal import ModalSpellDefinition
from kb.engine.objects import Card, CardDefinition, Zone
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.players import Player

_KICKER = re.compile(r"Kicker (\{[^ ]*\})(?: and/or (\{[^ ]*\}))?$")


def kicker_costs(definition: CardDefinition) -> tuple[str, ...]:
    """The kicker costs in the keywords of `definition`, in the order printed: "Kicker {W}
    and/or {2}{B}" is two kicker costs (702.33b)."""
    costs: list[str] = []
    for keyword in definition.keywords:
        if keyword.startswith("Multikicker"):
            raise NotModelledError("multikicker (702.33c) is not modelled")
        found = _KICKER.match(keyword)
        if found:
            costs.extend(c for c in found.groups() if c)
    return tuple(costs)


class KickerModalSpellDefinition(ModalSpellDefinition):
    """A modal spell with kicker that may have more modes when kicked (601.4)."""

    kicked_mode_count: ClassVar[tuple[int, int]] = (1, 1)

    def as_kicked(self) -> "KickerModalSpellDefinition":
        kicked = copy.copy(self)
        kicked.mode_count = self.kicked_mode_count
        return kicked


class Kicker(GamePart):
    """Declaring kicker costs as a spell is cast, and whether an object was kicked (702.33)."""

    def _declare_kicker(self, player: "Player", card: Card, definition: Any, kicker: bool | Sequence[str]) -> tuple[Any, tuple[str, ...]]:
        """Rule 601.2b: the kicker costs `player` declares the intent to pay for `card`
        (``True`` for its only one), and the spell's definition as the declaration makes it
        (601.4: more modes may be chosen)."""
        if kicker is False or kicker == () or kicker == []:
            return definition, ()
        printed = kicker_costs(card.printed_definition)
        if not printed:
            raise IllegalActionError(f"{card.name} has no kicker (702.33a)")
        if kicker is True:
            if len(printed) > 1:
                raise IllegalActionError(f"{card.name} has the kicker costs {' and '.join(printed)}: name those to pay (702.33b)")
            declared: tuple[str, ...] = printed
        else:
            declared = tuple(kicker)
            for cost in declared:
                if cost not in printed:
                    raise IllegalActionError(f"{cost} is not a kicker cost of {card.name} (its kicker costs: {', '.join(printed)})")
            if len(set(declared)) != len(declared):
                raise IllegalActionError(f"each kicker cost of {card.name} can be paid once (702.33d)")
            declared = tuple(c for c in printed if c in declared)
        for cost in declared:
            self.game.emit("kicked", "702.33d", player=player, card=card, cost=cost)
        if isinstance(definition, KickerModalSpellDefinition):
            definition = definition.as_kicked()
        return definition, declared

    def _remember_kicker(self, spell: Any, declared: tuple[str, ...]) -> None:
        spell.kicked = declared
        spell.card.kicked_with = (spell.card.incarnation, declared)

    def was_kicked(self, obj: Any, cost: str | None = None) -> bool:
        """Rules 702.33d–f: whether the spell or permanent `obj` was kicked (with its kicker
        `cost`, if named): its controller declared the intent to pay as it was cast, and it is
        still that spell, or the permanent that spell became."""
        if not isinstance(obj, Card):
            declared = getattr(obj, "kicked", ())
        else:
            incarnation, declared = getattr(obj, "kicked_with", (None, ()))
            became = incarnation is not None and (
                obj.zone is Zone.STACK and obj.incarnation == incarnation or obj.zone is Zone.BATTLEFIELD and obj.incarnation == incarnation + 1
            )
            if not became:
                return False
        return bool(declared) if cost is None else cost in declared


def if_kicked(cost: str | None = None) -> Any:
    """An intervening "if it was kicked [with its <cost> kicker]" clause (603.4) of a triggered
    ability of a permanent: true as it triggers, and on resolution true still if it was then, the
    object being the same (608.2h)."""

    def condition(game: Any, ability: Any) -> bool:
        if "kicked" not in ability.data:
            ability.data["kicked"] = game.was_kicked(ability.source, cost)
        return ability.data["kicked"]

    return condition
