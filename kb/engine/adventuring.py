"""The part of the game that exiles an Adventure as it resolves and lets its controller cast it
from exile, not as an Adventure (715.3d)."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import Zone
from kb.engine.part import GamePart


class Adventures(GamePart):
    """Adventure spells leaving the stack as they resolve (715.3d)."""

    def _put_away_resolved_spell(self, spell: Any) -> None:
        """An instant or sorcery that has resolved goes to its owner's graveyard (608.2n), or
        where its own rules say; an Adventure is exiled instead (715.3d), and its controller may
        cast that new object (400.7) from exile, not as an Adventure."""
        if getattr(spell, "adventure", False) and spell.destination is None and not getattr(spell, "is_copy", False):
            self.game._move(spell.card, Zone.EXILE)
            self.game.permissions._permit_cast_from_exile(spell.controller, spell.card, "not adventure")
            self.game.emit("adventure_exiled", "715.3d", card=spell.card, player=spell.controller)
            return
        self.game._move(spell.card, spell.destination or Zone.GRAVEYARD)
