"""Cards with morph (702.37) and cards the face-down examples copy (707.3, 708)."""

from __future__ import annotations

from kb.engine.define import Trigger, at_beginning_of, card, lose_life
from kb.engine.turns import Step

card(
    "Grinning Demon",
    mana_cost="{2}{B}{B}",
    subtypes=("Demon",),
    power=6,
    toughness=6,
    keywords=("Morph {2}{B}{B}",),
    oracle="At the beginning of your upkeep, you lose 2 life. Morph {2}{B}{B}",
    triggered=(Trigger("At the beginning of your upkeep, you lose 2 life.", at_beginning_of(Step.UPKEEP), lose_life(2, who="you")),),
)
card(
    "Branchsnap Lorian",
    mana_cost="{1}{G}{G}",
    subtypes=("Lorian",),
    power=4,
    toughness=1,
    keywords=("Trample", "Morph {G}"),
    oracle="Trample. Morph {G}",
)
card("Wandering Ones", mana_cost="{U}", subtypes=("Spirit",), power=1, toughness=1)
