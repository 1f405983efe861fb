"""Cards with waterbend costs (701.67)."""

from __future__ import annotations

from kb.engine.define import card

# Only the additional cost is modelled: what the spell does as it resolves is not.
SpiritWaterRevival = card(
    "Spirit Water Revival",
    mana_cost="{1}{U}{U}",
    type_line="Sorcery",
    in_part=True,
    oracle="As an additional cost to cast this spell, waterbend {6}.",
    additional_cost="waterbend {6}",
)
