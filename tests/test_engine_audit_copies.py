"""Copies and what they copy (707), and a new object (400.7), written from the rules' sentences."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.facedown import face_down
from kb.engine.layers import modify


def _game(ana_battlefield=(), ana_hand=(), bruno_battlefield=(), ana=(), bruno=()):
    a = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=10)
    b = Player("Bruno", battlefield=list(bruno_battlefield), library=10)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=list(ana), Bruno=list(bruno)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, a, b


@pytest.mark.rules("707.2")
def test_a_copy_doesnt_copy_counters_damage_tapped_status_or_other_effects():
    bears = Card("Grizzly Bears", counters={"+1/+1": 2})
    game, ana, bruno = _game(ana_hand=["Clone"], bruno_battlefield=[bears], ana=[bears])
    bears.damage, bears.tapped = 1, True
    game.add_effect(modify(3, 3, affected=[bears]))
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[-1]
    assert clone.name == "Grizzly Bears" and (clone.power, clone.toughness) == (2, 2)
    assert clone.counters == {} and clone.damage == 0 and not clone.tapped


@pytest.mark.rules("707.2", "707.3")
def test_a_copy_of_a_copy_copies_what_the_first_copies():
    giant = Card("Hill Giant")
    first, second = Card("Clone"), Card("Clone")
    game, ana, bruno = _game([giant], [first, second], ana=[giant, first])
    game.cast(ana, first)
    game.resolve_stack()
    game.cast(ana, second)
    game.resolve_stack()
    assert second.name == "Hill Giant" and (second.power, second.toughness) == (3, 3)


@pytest.mark.rules("707.9b", "707.2")
def test_an_exception_of_a_copy_effect_is_copied_by_a_copy_of_it():
    bears, moritte = Card("Grizzly Bears"), Card("Moritte of the Frost")
    game, ana, bruno = _game([bears], [moritte, "Clone"], ana=[bears, moritte, moritte])
    game.cast(ana, moritte)
    game.resolve_stack()
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = next((c for c in ana.battlefield if c.printed_definition.name == "Clone"), None)
    # Legendary and snow are copiable values of Moritte now: the Clone has them, and with the
    # same name, the legend rule applies (704.5j); the counters aren't copied (707.2).
    assert "Legendary" in moritte.supertypes
    if clone is not None:
        assert "Legendary" in clone.supertypes and "Snow" in clone.supertypes and clone.counters == {}
    assert [e.kind for e in game.events].count("legend_rule") == 1


@pytest.mark.rules("707.2", "708.2")
def test_a_copy_of_a_face_down_creature_is_a_nameless_2_2():
    hidden = face_down(Card("Hill Giant"))
    game, ana, bruno = _game(ana_hand=["Clone"], bruno_battlefield=[hidden], ana=[hidden])
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[-1]
    assert (clone.power, clone.toughness) == (2, 2) and clone.name == "" and clone.colors == ()


@pytest.mark.rules("707.2", "111.4")
def test_a_token_copy_has_the_copiable_values_only():
    bears = Card("Grizzly Bears", counters={"+1/+1": 1})
    game, ana, bruno = _game([bears])
    game.add_effect(modify(2, 2, affected=[bears]))
    token = game.create_token_copy(ana, bears)
    assert token.is_token and token.name == "Grizzly Bears" and (token.power, token.toughness) == (2, 2)


@pytest.mark.rules("400.7", "707.2")
def test_a_clone_that_left_and_came_back_is_a_new_object_and_copies_anew():
    giant, bears = Card("Hill Giant"), Card("Grizzly Bears")
    game, ana, bruno = _game([giant, bears], ["Clone"], ana=[giant, bears])
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[-1]
    game.add_effect(modify(1, 1, affected=[clone]))
    game.exile_cards([clone])
    game.put_onto_battlefield(clone, ana)
    assert clone.name == "Grizzly Bears" and (clone.power, clone.toughness) == (2, 2)


@pytest.mark.rules("400.7", "615.7")
def test_a_prevention_shield_on_a_creature_doesnt_protect_the_new_object_it_becomes():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game([bears], ["Mending Hands", "Lightning Bolt"])
    game.cast(ana, "Mending Hands", targets=[bears])
    game.resolve_stack()
    game.exile_cards([bears])
    game.put_onto_battlefield(bears, ana)
    game.cast(ana, "Lightning Bolt", targets=[bears])
    game.resolve_stack()
    assert bears.zone.value == "graveyard"


@pytest.mark.rules("400.7")
def test_a_new_object_has_no_counters_damage_or_effects_of_its_previous_existence():
    bears = Card("Grizzly Bears", counters={"+1/+1": 1})
    game, ana, bruno = _game([bears])
    bears.damage = 1
    game.add_effect(modify(2, 2, affected=[bears]))
    game.exile_cards([bears])
    game.put_onto_battlefield(bears, ana)
    assert (bears.power, bears.toughness, bears.damage, bears.counters) == (2, 2, 0, {})


@pytest.mark.rules("707.10", "707.2")
def test_a_copy_of_a_spell_copies_its_x_and_its_colour():
    bruno = Player("Bruno", library=10)
    ana = Player("Ana", hand=["Lightning Bolt", "Twincast"], library=10)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[[[bruno]]]))  # the copy keeps its target
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bolt = game.cast(ana, "Lightning Bolt", targets=[bruno])
    bolt.x = 3
    game.cast(ana, "Twincast", targets=[bolt])
    game.pass_all()
    copy = game.stack.top
    assert copy.is_copy and copy.x == 3 and copy.card.colors == ("R",)
    game.resolve_stack()
    assert bruno.life == 14


@pytest.mark.rules("400.7", "603.2")
def test_ball_lightning_that_left_and_came_back_isnt_sacrificed_by_the_old_trigger():
    game, ana, bruno = _game(["Ball Lightning"])
    ball = ana.battlefield[0]
    game.advance_to(Step.END)
    assert any(e.kind == "trigger_on_stack" for e in game.events)
    game.exile_cards([ball])
    game.put_onto_battlefield(ball, ana)
    game.resolve_stack()
    assert ball in ana.battlefield


@pytest.mark.rules("707.4")
def test_a_copy_that_becomes_a_copy_of_another_keeps_noncopy_effects_and_triggers_nothing():
    giant, bears = Card("Hill Giant"), Card("Grizzly Bears")
    game, ana, bruno = _game([giant, bears], ["Clone"], ana=[giant])
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[-1]
    game.add_effect(modify(1, 1, affected=[clone]))
    before = len(game.events)
    game.become_copy(clone, bears)
    assert clone.name == "Grizzly Bears" and (clone.power, clone.toughness) == (3, 3)
    assert not any(e.kind in ("enters", "leaves_battlefield") for e in game.events[before:])


@pytest.mark.rules("707.6", "607.2a")
def test_choices_made_for_the_original_arent_copied_the_copy_makes_its_own():
    voice = Card("Voice of All")
    game, ana, bruno = _game(ana_hand=[voice, "Clone"], ana=["W", voice, "B"])
    game.cast(ana, voice)
    game.resolve_stack()
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[-1]
    assert "Protection from black" in clone.keywords and "Protection from white" not in clone.keywords
    assert "Protection from white" in voice.keywords
