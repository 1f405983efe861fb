"""Modal spells (700.2): modes chosen as the spell is cast, only their targets, copies keeping them."""

from __future__ import annotations

import pytest

from kb.engine import ScriptedDecisions
from kb.engine.errors import IllegalActionError
from kb.examples.narration import narrate
from engine_scenario import two_player_game


def setup(ana_hand, bruno_battlefield=(), ana_battlefield=(), decisions=None):
    return two_player_game({"hand": ana_hand, "battlefield": ana_battlefield}, {"battlefield": bruno_battlefield}, decisions=decisions)


@pytest.mark.rules("700.2a")
def test_700_2a_a_mode_without_legal_targets_cant_be_chosen():
    game, ana, bruno = setup(["Emerald Charm"], ["Serra Angel"])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Emerald Charm", modes=[1])  # no non-Aura enchantment
    assert [c.name for c in ana.hand] == ["Emerald Charm"]


@pytest.mark.rules("700.2")
def test_the_modes_are_asked_with_only_the_possible_ones_offered():
    game, ana, bruno = setup(["Emerald Charm"], ["Serra Angel"], decisions=ScriptedDecisions(Ana=["Target creature loses flying until end of turn."]))
    spell = game.cast(ana, "Emerald Charm")
    decision = [d for d in game.decision_log if d.kind == "modes"][0]
    assert decision.options == ("Untap target permanent.", "Target creature loses flying until end of turn.")
    assert spell.modes == [2]
    game.resolve_stack()
    assert "Flying" not in bruno.battlefield[0].keywords


@pytest.mark.rules("700.2c")
def test_700_2c_only_the_chosen_modes_target():
    game, ana, bruno = setup(["Emerald Charm"], ["Serra Angel"], ana_battlefield=["Forest"])
    ana.battlefield[0].tapped = True
    spell = game.cast(ana, "Emerald Charm", modes=["Untap target permanent."], targets=[["Forest"]])
    assert spell.targets == [ana.battlefield[0]] and len(spell.target_groups) == 1
    game.resolve_stack()
    assert not ana.battlefield[0].tapped and "Flying" in bruno.battlefield[0].keywords


@pytest.mark.rules("700.2")
def test_modes_are_checked():
    game, ana, bruno = setup(["Emerald Charm", "Lightning Bolt"], ["Serra Angel"])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Emerald Charm", modes=[0, 2])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Emerald Charm", modes=[7])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Lightning Bolt", modes=[0], targets=[bruno])


@pytest.mark.rules("700.2g")
def test_700_2g_a_copy_has_the_same_mode():
    game, ana, bruno = setup(["Emerald Charm", "Twincast"], ["Serra Angel", "Blood Moon"])
    charm = game.cast(ana, "Emerald Charm", modes=[1], targets=[["Blood Moon"]])
    game.decision_maker = ScriptedDecisions(Ana=[[[charm.targets[0]]]])
    game.cast(ana, "Twincast", targets=[charm])
    game.pass_all()
    copy = game.stack.top
    assert copy.is_copy and copy.modes == [1] and copy.card.definition.chosen_modes == (1,)


def test_narration_tells_the_mode_number_in_spanish():
    game, ana, bruno = setup(["Emerald Charm"], ["Serra Angel"])
    game.cast(ana, "Emerald Charm", modes=[2], targets=[["Serra Angel"]])
    assert "Ana elige el modo 3 de Emerald Charm." in [line.text for line in narrate(game.events, "es")]
