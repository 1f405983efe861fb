"""Replacement effects on putting counters and creating tokens (614.1a, 122.6, 306.5b), and the
affected object's controller choosing their order (616.1)."""

from __future__ import annotations

import pytest

from kb.engine import Card, ScriptedDecisions
from kb.examples.narration import narrate
from engine_scenario import two_player_game


def setup(*battlefield, hand=(), bruno=(), decisions=None):
    return two_player_game({"battlefield": battlefield, "hand": hand}, {"battlefield": bruno}, decisions=decisions)


@pytest.mark.rules("616.1")
def test_the_controller_chooses_the_order_plus_one_then_double():
    game, ana, _ = setup("Hardened Scales", "Doubling Season", "Grizzly Bears", decisions=ScriptedDecisions(Ana=["Hardened Scales"]))
    bears = ana.battlefield[2]
    assert game.add_counters(bears, "+1/+1", 2) == 6
    assert bears.counters == {"+1/+1": 6} and bears.power == 8


@pytest.mark.rules("616.1")
def test_the_controller_chooses_the_order_double_then_plus_one():
    game, ana, _ = setup("Hardened Scales", "Doubling Season", "Grizzly Bears", decisions=ScriptedDecisions(Ana=["Doubling Season"]))
    bears = ana.battlefield[2]
    assert game.add_counters(bears, "+1/+1", 2) == 5
    decision = [d for d in game.decision_log if d.kind == "order_replacements"][0]
    assert decision.player is ana and decision.rule == "616.1"


@pytest.mark.rules("616.1")
def test_616_1_the_affected_objects_controller_chooses_not_the_active_player():
    game, ana, bruno = setup(bruno=["Hardened Scales", "Doubling Season", "Grizzly Bears"], decisions=ScriptedDecisions(Bruno=["Doubling Season"]))
    bears = bruno.battlefield[2]
    assert game.active_player is ana
    assert game.add_counters(bears, "+1/+1", 1) == 3
    assert [d.player for d in game.decision_log if d.kind == "order_replacements"] == [bruno]


def test_hardened_scales_only_counts_plus_one_counters_on_your_creatures():
    game, ana, bruno = setup("Hardened Scales", "Grizzly Bears", bruno=["Llanowar Elves"])
    bears, elves = ana.battlefield[1], bruno.battlefield[0]
    assert game.add_counters(bears, "-1/-1", 1) == 1
    assert game.add_counters(elves, "+1/+1", 1) == 1
    assert game.add_counters(bears, "+1/+1", 1) == 2


@pytest.mark.rules("122.6")
def test_122_6_a_creature_entering_with_counters_gets_more():
    game, ana, _ = setup("Hardened Scales", hand=["Servant of the Scale"])
    game.cast(ana, "Servant of the Scale")
    game.resolve_stack()
    servant = ana.battlefield[1]
    assert servant.counters == {"+1/+1": 2} and servant.power == 2


@pytest.mark.rules("306.5b")
def test_306_5b_a_planeswalker_enters_with_twice_its_loyalty_but_its_cost_is_not_doubled():
    game, ana, _ = setup("Doubling Season", "Forest", hand=["Garruk Wildspeaker"])
    game.cast(ana, "Garruk Wildspeaker")
    game.resolve_stack()
    garruk = ana.battlefield[-1]
    assert garruk.counters["loyalty"] == 6
    game.activate(ana, garruk, 0, targets=[])
    assert garruk.counters["loyalty"] == 7  # [+1] is a cost, not an effect


@pytest.mark.rules("306.5b")
def test_hardened_scales_doesnt_touch_loyalty():
    game, ana, _ = setup("Hardened Scales", hand=["Garruk Wildspeaker"])
    game.cast(ana, "Garruk Wildspeaker")
    game.resolve_stack()
    assert ana.battlefield[-1].counters["loyalty"] == 3


def test_tokens_are_doubled_for_their_controller_only():
    game, ana, bruno = setup("Parallel Lives", "Doubling Season")
    made = game.create_tokens(ana, Card.token(power=1, toughness=1, colors="G", subtypes=["Saproling"]))
    assert len(made) == 4 and all(t.zone.value == "battlefield" and t.name == "Saproling Token" for t in made)
    assert len({id(t) for t in made}) == 4
    assert len(game.create_tokens(bruno, Card.token(power=1, toughness=1))) == 1


def test_investigating_with_parallel_lives_makes_two_clues():
    game, ana, _ = setup("Parallel Lives")
    game.investigate(ana)
    assert [c.name for c in ana.battlefield].count("Clue Token") == 2


@pytest.mark.rules("616.1g", "702.16b")
def test_a_token_copy_is_doubled_and_each_chooses_as_it_enters():
    # 616.1g: creating the tokens contains their entering: doubling comes first, then each
    # token's own "as this enters" choice.
    # Voice of All chooses red: a green and blue Spitting Image may target it (702.16b).
    game, ana, _ = setup("Doubling Season", hand=["Voice of All", "Spitting Image"], decisions=ScriptedDecisions(Ana=["R", "W", "G"]))
    game.cast(ana, "Voice of All")
    game.resolve_stack()
    voice = ana.battlefield[1]
    game.cast(ana, "Spitting Image", targets=[voice])
    game.resolve_stack()
    tokens = [c for c in ana.battlefield if c.is_token]
    assert [t.keywords for t in tokens] == [("Flying", "Protection from white"), ("Flying", "Protection from green")]


def test_narration_of_the_choice_in_spanish():
    game, ana, _ = setup("Hardened Scales", "Doubling Season", "Grizzly Bears", decisions=ScriptedDecisions(Ana=["Hardened Scales"]))
    game.add_counters(ana.battlefield[2], "+1/+1", 1)
    spanish = [line.text for line in narrate(game.events, "es")]
    assert any("Hardened Scales" in text and "reemplazo" in text for text in spanish)
