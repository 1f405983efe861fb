"""Battles (310): each its Oracle text and the lines that differ."""

from __future__ import annotations

from kb.engine.objects import CardDefinition


class InvasionOfRavnica(CardDefinition):
    name = "Invasion of Ravnica"
    mana_cost, types, subtypes = "{5}", ("Battle",), ("Siege",)
    defense = 4
    # Its front face only, and of it only the Siege's rules: its enters trigger and its back face
    # (Guildpact Paragon) are left out.
    in_part = True
    oracle = "(As a Siege enters, choose an opponent to protect it. You and others can attack it. When it's defeated, exile it, then cast it transformed.)"
