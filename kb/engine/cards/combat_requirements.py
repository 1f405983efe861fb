"""Cards with costs and requirements to attack and block (508.1d, 508.1h, 509.1c): each its
Oracle text and the lines that differ (hooks read by `kb.engine.requirements`)."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import CardDefinition


class _AttackTax(CardDefinition):
    """"Creatures can't attack you unless their controller pays {2} for each creature they
    control that's attacking you." Only you: not planeswalkers you control."""

    types = ("Enchantment",)
    oracle = "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."

    def attack_cost(self, game: Any, card: Any, attacker: Any, target: Any) -> str:
        return "{2}" if target is card.controller else ""


class GhostlyPrison(_AttackTax):
    name = "Ghostly Prison"
    mana_cost = "{2}{W}"


class Propaganda(_AttackTax):
    name = "Propaganda"
    mana_cost = "{2}{U}"


class Lure(CardDefinition):
    name = "Lure"
    mana_cost = "{1}{G}{G}"
    type_line = "Enchantment — Aura"
    spell_target = "creature"
    oracle = "Enchant creature\nAll creatures able to block enchanted creature do so."

    def block_requirement(self, game: Any, card: Any, blocker: Any, attacker: Any) -> bool:
        return attacker is card.attached_to
