"""Changeling (702.73a) in every zone, and Glasspool Mimic's exception (707.9b)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step


@pytest.mark.rules("702.73a")
def test_changeling_is_every_creature_type_in_every_zone():
    card = Card("Avian Changeling")
    assert "Elf" in card.subtypes and "Time Lord" in card.subtypes
    assert "Elf" not in Card("Grizzly Bears").subtypes


@pytest.mark.rules("707.9b")
def test_glasspool_mimic_adds_shapeshifter_rogue_to_what_it_copies():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Glasspool Mimic"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=["Grizzly Bears"]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Glasspool Mimic")
    game.resolve_stack()
    mimic = ana.battlefield[-1]
    assert (mimic.name, mimic.subtypes, mimic.power) == ("Grizzly Bears", ("Bear", "Shapeshifter", "Rogue"), 2)
