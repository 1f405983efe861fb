"""Permanents that enter as a copy of another because of a replacement effect of that other one
(614.1c, 707.5): "Creatures you control enter as a copy of Essence of the Wild". The copy effect
is applied first, as the permanent enters (616.1f ex. 2): the permanent's own "as this enters" and
"enters tapped" abilities are those of what it copies, not its own (614.12).

A permanent definition says it makes others enter as a copy of it with ``makes_enter_as_copy(game,
permanent, entering, controller) -> bool``. Two such effects on one entering permanent (whose order
its controller would choose, 616.1) are not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.errors import NotModelledError
from kb.engine.objects import Card
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.players import Player


class EnterAsCopy(GamePart):
    """Replacement effects that make a permanent enter as a copy (614.1c)."""

    def _enter_as_copy(self, card: Card, controller: "Player") -> bool:
        """Apply to `card`, entering under `controller`'s control, the copy effect of a
        permanent that makes it enter as a copy; returns whether one applied."""
        makers = [
            p for p in self.game.battlefield
            if p is not card and getattr(p.definition, "makes_enter_as_copy", None) is not None and p.definition.makes_enter_as_copy(self.game, p, card, controller)
        ]
        if not makers:
            return False
        if len(makers) > 1:
            raise NotModelledError("several effects making one permanent enter as a copy (616.1) are not modelled")
        original = makers[0]
        effect = self.game.copy_effect(card, original)
        effect._incarnations = {id(card): card.incarnation}
        self.game.add_effect(effect)
        self.game.emit("enters_as_copy", "614.1c", card=card, original=original)
        return True
