"""Face-down spells and permanents (708) and morph (702.37)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, IllegalActionError, Player, Step
from kb.engine.facedown import face_down
from kb.examples import narrate


def _game(**zones):
    ana = Player("Ana", library=8, **zones)
    game = Game(players=[ana, Player("Bruno", library=8)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("702.37")
def test_a_card_cast_face_down_is_a_nameless_2_2_spell_and_permanent():
    game, ana = _game(hand=["Grinning Demon", "Grizzly Bears"])
    spell = game.cast_face_down(ana, "Grinning Demon")
    assert (spell.card.name, spell.card.power, spell.card.colors, spell.card.mana_value) == ("", 2, (), 0)
    game.resolve_stack()
    demon = ana.battlefield[0]
    assert demon.face_down and demon.types == ("Creature",) and demon.power == 2
    with pytest.raises(IllegalActionError, match="no morph"):
        game.cast_face_down(ana, "Grizzly Bears")


@pytest.mark.rules("702.37")
def test_a_face_down_permanent_has_no_abilities_until_turned_face_up():
    demon = face_down(Card("Grinning Demon"))
    game, ana = _game(battlefield=[demon])
    game.advance_to(Step.UPKEEP, turn=5)
    assert not game.stack and ana.life == 20  # the upkeep trigger is the face-up Demon's
    game.advance_to(Step.PRECOMBAT_MAIN, turn=5)
    game.turn_face_up(ana, demon)
    assert (demon.name, demon.power) == ("Grinning Demon", 6)
    game.advance_to(Step.UPKEEP, turn=7)
    game.resolve_stack()
    assert ana.life == 18
    lines = [line.text for line in narrate(game.events, "es")]
    assert "Ana pone boca arriba Grinning Demon." in lines


@pytest.mark.rules("702.37")
def test_only_its_controller_with_priority_turns_it_face_up_and_leaving_reveals_it():
    demon = face_down(Card("Grinning Demon"))
    game, ana = _game(battlefield=[demon])
    bruno = game.player("Bruno")
    with pytest.raises(IllegalActionError):
        game.turn_face_up(bruno, demon)
    game.destroy([demon])
    assert demon.zone.name == "GRAVEYARD" and demon.name == "Grinning Demon" and not demon.face_down


@pytest.mark.rules("702.37")
def test_effects_on_a_face_down_permanent_still_apply_face_up():
    from kb.engine.layers import modify

    demon = face_down(Card("Grinning Demon"))
    game, ana = _game(battlefield=[demon])
    game.add_effect(modify(1, 1, affected=[demon]))
    assert (demon.power, demon.toughness) == (3, 3)
    game.turn_face_up(ana, demon)
    assert (demon.power, demon.toughness) == (7, 7)


@pytest.mark.rules("201.2a", "201.2b")
def test_objects_with_different_names_need_a_name_each_and_none_in_common():
    from kb.engine.cards.morph import with_different_names

    hidden = face_down(Card("Branchsnap Lorian"))
    game, ana = _game(battlefield=["Grinning Demon", "Grinning Demon", "Bloodgift Demon", hidden])
    first, second, bloodgift, nameless = ana.battlefield
    assert with_different_names([first, bloodgift]) == 2
    assert with_different_names([first, second, bloodgift]) == 2  # 201.2a: the same name
    assert with_different_names([first, bloodgift, nameless]) == 2  # 201.2b: no name


@pytest.mark.rules("702.37")
def test_the_face_of_a_face_down_permanent_is_seen_by_its_controller_only():
    hidden = face_down(Card("Grinning Demon"))
    game, ana = _game(battlefield=[hidden])
    bruno = game.player("Bruno")
    assert game.sees(ana, hidden) and not game.sees(bruno, hidden)
    game.turn_face_up(ana, hidden)
    assert game.sees(bruno, hidden)


def test_gather_specimens_takes_only_creatures_entering_under_an_opponents_control():
    ana = Player("Ana", hand=["Gather Specimens"], library=5)
    bruno = Player("Bruno", hand=["Hill Giant", "Forest"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Gather Specimens")
    game.resolve_stack()
    game.put_onto_battlefield(bruno.hand[0], bruno)
    game.put_onto_battlefield(bruno.hand[0], bruno)
    assert [c.name for c in ana.battlefield] == ["Hill Giant"] and [c.name for c in bruno.battlefield] == ["Forest"]
