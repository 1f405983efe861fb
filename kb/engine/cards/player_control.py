"""Cards for controlling another player (722) and the costs a controlled player pays (722.5a)."""

from __future__ import annotations

from kb.engine.define import card, draw

TormentingVoice = card(
    "Tormenting Voice",
    mana_cost="{1}{R}",
    types=("Sorcery",),
    oracle="As an additional cost to cast this spell, discard a card. Draw two cards.",
    spell_effect=draw(2),
)
TormentingVoice.additional_cost = "discard a card"
