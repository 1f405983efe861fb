"""Modal spells (700.2): each its Oracle text and the lines that differ."""

from __future__ import annotations

from typing import Any

from kb.engine.layers import remove
from kb.engine.modal import ModalSpellDefinition, Mode


def _untap(game: Any, spell: Any, targets: list[Any]) -> None:
    game.untap(targets)


def _destroy(game: Any, spell: Any, targets: list[Any]) -> None:
    game.destroy(targets)


def _loses_flying(game: Any, spell: Any, targets: list[Any]) -> None:
    game.add_effect(remove("Flying", affected=targets, text="Target creature loses flying until end of turn."))


class EmeraldCharm(ModalSpellDefinition):
    name = "Emerald Charm"
    mana_cost, types = "{G}", ("Instant",)
    oracle = "Choose one —\n• Untap target permanent.\n• Destroy target non-Aura enchantment.\n• Target creature loses flying until end of turn."
    modes = (
        Mode("Untap target permanent.", _untap, target="permanent"),
        Mode("Destroy target non-Aura enchantment.", _destroy, target="non-Aura enchantment"),
        Mode("Target creature loses flying until end of turn.", _loses_flying, target="creature"),
    )
