"""Cards with cycling (702.29): each its Oracle text and the lines that differ."""

from __future__ import annotations

from kb.engine.objects import CardDefinition


class MoaningWall(CardDefinition):
    name = "Moaning Wall"
    mana_cost, type_line = "{2}{B}", "Creature — Zombie Wall"
    power, toughness = 0, 5
    keywords = ("Defender", "Cycling {2}")
    oracle = "Defender\nCycling {2} ({2}, Discard this card: Draw a card.)"
