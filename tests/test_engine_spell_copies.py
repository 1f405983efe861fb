"""Copying spells (707.10): not cast, the same decisions (targets, X), new targets if allowed
(707.10c) or named (707.10e), and copies ceasing to exist off the stack (704.5e)."""

from __future__ import annotations

import pytest

from kb.engine import CardDefinition, ScriptedDecisions
from kb.engine.define import Trigger, gain_life, whenever
from kb.engine.errors import NotModelledError
from kb.examples.narration import narrate
from engine_scenario import two_player_game


class SampleProwess(CardDefinition):
    name = "Sample Spell Watcher"
    mana_cost, types = "{W}", ("Enchantment",)
    oracle = "Whenever a player casts a spell, you gain 1 life."
    triggered = (Trigger(oracle, whenever("cast"), gain_life(1)),)


def setup(ana_hand, bruno_hand=(), ana_battlefield=(), bruno_battlefield=(), decisions=None):
    return two_player_game({"hand": ana_hand, "battlefield": ana_battlefield}, {"hand": bruno_hand, "battlefield": bruno_battlefield}, decisions=decisions)


@pytest.mark.rules("707.10")
def test_the_copy_is_not_cast_and_deals_its_damage():
    game, ana, bruno = setup(["Lightning Bolt", "Twincast"], ana_battlefield=["Sample Spell Watcher"])
    bolt = game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.cast(ana, "Twincast", targets=[bolt])
    game.resolve_stack()
    assert bruno.life == 14
    assert ana.life == 22  # two spells cast; the copy wasn't (707.10)
    copied = [e for e in game.events if e.kind == "spell_copied"]
    assert len(copied) == 1 and copied[0]["original"] is bolt and copied[0]["spell"].is_copy


@pytest.mark.rules("707.10c")
def test_707_10c_the_controller_may_choose_new_targets():
    game, ana, bruno = setup(["Lightning Bolt"], ["Twincast"], bruno_battlefield=["Grizzly Bears"])
    game.decision_maker = ScriptedDecisions(Bruno=[[[ana]]])
    bolt = game.cast(ana, "Lightning Bolt", targets=["Grizzly Bears"])
    game.pass_priority(ana)
    game.cast(bruno, "Twincast", targets=[bolt])
    game.resolve_stack()
    assert ana.life == 17 and bruno.battlefield == [] and bruno.life == 20
    copy = [e["spell"] for e in game.events if e.kind == "spell_copied"][0]
    assert copy.controller is bruno and copy.card.owner is bruno
    assert [d for d in game.decision_log if d.kind == "new_targets"][0].player is bruno


@pytest.mark.rules("707.10c")
def test_707_10c_targets_may_be_left_unchanged():
    game, ana, bruno = setup(["Lightning Bolt", "Twincast"])
    game.decision_maker = ScriptedDecisions(Ana=[[[bruno]]])
    bolt = game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.cast(ana, "Twincast", targets=[bolt])
    game.resolve_stack()
    assert bruno.life == 14


@pytest.mark.rules("707.10")
def test_the_copy_keeps_the_value_of_x():
    game, ana, bruno = setup(["Hurricane", "Twincast"], decisions=ScriptedDecisions(Ana=[]))
    hurricane = game.cast(ana, "Hurricane", x=2)
    game.cast(ana, "Twincast", targets=[hurricane])
    game.resolve_stack()
    assert (ana.life, bruno.life) == (16, 16)


@pytest.mark.rules("704.5e")
def test_704_5e_a_copy_off_the_stack_ceases_to_exist():
    game, ana, bruno = setup(["Lightning Bolt", "Twincast"])
    bolt = game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.cast(ana, "Twincast", targets=[bolt])
    game.resolve_stack()
    assert [c.name for c in ana.graveyard] == ["Twincast", "Lightning Bolt"]
    assert any(e.kind == "copy_ceases" and e.rule == "704.5e" for e in game.events)


@pytest.mark.rules("707.10")
def test_fork_makes_a_red_copy_and_mana_is_not_copied():
    game, ana, bruno = setup(["Sorin's Thirst", "Fork"], bruno_battlefield=["Grizzly Bears", "Llanowar Elves"])
    game.decision_maker = ScriptedDecisions(Ana=[[[bruno.battlefield[1]]]])
    thirst = game.cast(ana, "Sorin's Thirst", targets=["Grizzly Bears"])
    game.cast(ana, "Fork", targets=[thirst])
    game.pass_all()  # Fork resolves
    copy = game.stack.top
    assert copy.is_copy and copy.card.colors == ("R",) and thirst.card.colors == ("B",)
    assert copy.targets == [bruno.battlefield[1]] and copy.mana_spent == ()
    game.resolve_stack()
    assert bruno.battlefield == [] and ana.life == 24


@pytest.mark.rules("707.10e")
def test_707_10e_a_named_target_that_is_illegal_means_no_copy():
    game, ana, bruno = setup(["Sorin's Thirst"], bruno_battlefield=["Grizzly Bears"])
    thirst = game.cast(ana, "Sorin's Thirst", targets=["Grizzly Bears"])
    assert game.copy_spell(thirst, ana, new_target=bruno) is None
    assert any(e.kind == "copy_not_created" for e in game.events)
    copy = game.copy_spell(thirst, ana, new_target=bruno.battlefield[0])
    assert copy is not None and copy.targets == [bruno.battlefield[0]]


def test_twincast_does_nothing_when_its_target_is_gone():
    game, ana, bruno = setup(["Lightning Bolt", "Twincast"])
    bolt = game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.cast(ana, "Twincast", targets=[bolt])
    game.stack.remove(bolt)
    game._move(bolt.card, bolt.card.zone.__class__.GRAVEYARD)
    game.resolve_stack()
    assert not any(e.kind == "spell_copied" for e in game.events)


def test_copying_a_permanent_spell_is_not_modelled():
    game, ana, bruno = setup(["Grizzly Bears"])
    bears = game.cast(ana, "Grizzly Bears")
    with pytest.raises(NotModelledError):
        game.copy_spell(bears)


def test_narration_in_spanish():
    game, ana, bruno = setup(["Lightning Bolt", "Twincast"])
    bolt = game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.cast(ana, "Twincast", targets=[bolt])
    game.resolve_stack()
    spanish = [line.text for line in narrate(game.events, "es")]
    assert any("se pone en la pila bajo el control de Ana; no se lanza" in t for t in spanish)
    assert any("deja de existir" in t for t in spanish)
