"""Cards for the multiplayer examples: attacking several players (802) and limited range of
influence (801)."""

from __future__ import annotations

from kb.engine.define import card

card(
    "Goblin Mountaineer",
    mana_cost="{R}",
    subtypes=("Goblin", "Scout"),
    power=1,
    toughness=1,
    keywords=("Mountainwalk",),
    oracle="Mountainwalk (This creature can't be blocked as long as defending player controls a Mountain.)",
)
