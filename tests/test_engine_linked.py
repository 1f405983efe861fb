"""Linked abilities and choices made as a permanent enters, each test built from the wording of
rules 607.2a, 607.5a, 614.12 and 707.6."""

import pytest

from kb.engine import Card, Game, IllegalActionError, Player, ScriptedDecisions, Step
from kb.engine.layers import lose_all_abilities


def game_for(ana_kw, answers=(), bruno_kw=None):
    ana = Player("Ana", library=5, **ana_kw)
    bruno = Player("Bruno", library=5, **(bruno_kw or {}))
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


# 607.2a "If an object has an activated or triggered ability printed on it that instructs a player
# to ... choose ..., and another ability ... refers ... to 'the chosen [something]', these
# abilities are linked."


@pytest.mark.rules("614.12")
@pytest.mark.parametrize("color, word", [("W", "white"), ("U", "blue"), ("B", "black"), ("R", "red"), ("G", "green")])
def test_voice_of_all_has_protection_from_the_color_chosen_as_it_entered(color, word):
    game, ana, _ = game_for({"hand": ["Voice of All"]}, [color])
    game.cast(ana, "Voice of All")
    game.resolve_stack()
    voice = ana.battlefield[0]
    assert voice.keywords == ("Flying", f"Protection from {word}")


@pytest.mark.rules("400.7")
def test_the_choice_is_forgotten_when_the_permanent_leaves_the_battlefield():
    # 400.7: the object that returns is new; its choice is made again as it enters.
    game, ana, _ = game_for({"hand": ["Voice of All"]}, ["U", "G"])
    game.cast(ana, "Voice of All")
    game.resolve_stack()
    voice = ana.battlefield[0]
    game.destroy([voice])
    assert game.chosen(voice, "color") is None
    game.put_onto_battlefield(voice, ana)
    assert game.chosen(voice, "color") == "G"


def test_a_permanent_put_onto_the_battlefield_also_chooses():
    game, ana, _ = game_for({"graveyard": ["Paradise Plume"]}, ["B"])
    plume = ana.graveyard[0]
    game.put_onto_battlefield(plume, ana)
    game.activate(ana, plume)
    assert str(ana.mana_pool) == "{B}"


# 607.5a "If an object acquires a pair of linked abilities as part of the same effect, the abilities
# will be similarly linked to one another on that object even though they may not have been printed
# on that object."  ...  and the one that never applied has chosen nothing.


@pytest.mark.rules("707.6")
def test_a_copy_made_after_it_entered_finds_no_choice():
    game, ana, _ = game_for({"battlefield": ["Unstable Shapeshifter"], "hand": ["Voice of All"]}, ["U"])
    game.cast(ana, "Voice of All")
    game.resolve_stack()
    shapeshifter = ana.battlefield[0]
    assert shapeshifter.name == "Voice of All"
    assert game.chosen(shapeshifter, "color") is None
    assert not any(k.startswith("Protection") for k in shapeshifter.keywords)


@pytest.mark.rules("707.6")
def test_entering_as_a_copy_makes_the_copied_choice_for_the_copy():
    game, ana, _ = game_for({"hand": ["Clone"]}, ["Voice of All", "R"], {"battlefield": ["Voice of All"]})
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[0]
    assert clone.keywords == ("Flying", "Protection from red")


@pytest.mark.rules("607.5a")
def test_an_undefined_chosen_color_produces_no_mana():
    game, ana, _ = game_for({"battlefield": ["Quirion Elves"]})
    elves = ana.battlefield[0]  # on the battlefield before the game picks up: nothing chosen
    assert game.could_produce(elves) == frozenset("G")
    game.activate(ana, elves, 1)
    assert len(ana.mana_pool) == 0


# 707.6 "When copying a permanent, any choices that have been made for that permanent aren't
# copied."


@pytest.mark.rules("707.6")
def test_a_clone_of_adaptive_automaton_makes_a_new_choice():
    game, ana, _ = game_for({"hand": ["Adaptive Automaton", "Clone"]}, ["Elf", "Adaptive Automaton", "Goblin"])
    game.cast(ana, "Adaptive Automaton")
    game.resolve_stack()
    game.cast(ana, "Clone")
    game.resolve_stack()
    automaton, clone = ana.battlefield
    assert "Goblin" in clone.subtypes and "Elf" not in clone.subtypes
    assert "Elf" in automaton.subtypes and "Goblin" not in automaton.subtypes


def test_the_automaton_pumps_only_other_creatures_of_the_chosen_type():
    elf = Card.creature(1, 1, name="Sample Elf", subtypes=["Elf"])
    game, ana, bruno = game_for({"hand": ["Adaptive Automaton"], "battlefield": [elf, "Grizzly Bears"]}, ["Elf"])
    game.cast(ana, "Adaptive Automaton")
    game.resolve_stack()
    automaton = ana.battlefield[-1]
    assert (elf.power, ana.battlefield[1].power, automaton.power) == (2, 2, 2)


# 614.12 "... As that token is created, the token's controller chooses a color for it."


@pytest.mark.rules("702.16b")
def test_a_token_copy_chooses_as_it_is_created():
    # Not blue: a green and blue Spitting Image couldn't target it (702.16b).
    game, ana, _ = game_for({"hand": ["Voice of All", "Spitting Image"]}, ["W", "G"])
    game.cast(ana, "Voice of All")
    game.resolve_stack()
    game.cast(ana, "Spitting Image", targets=[ana.battlefield[0]])
    game.resolve_stack()
    token = ana.battlefield[1]
    assert token.is_token and game.chosen(token, "color") == "G"


# 613.1f: an object that loses all abilities can't activate them.


def test_a_permanent_that_lost_all_abilities_has_no_activated_ability():
    game, ana, _ = game_for({"hand": ["Paradise Plume"]}, ["R"])
    game.cast(ana, "Paradise Plume")
    game.resolve_stack()
    plume = ana.battlefield[0]
    game.add_effect(lose_all_abilities(affected=[plume]))
    with pytest.raises(IllegalActionError):
        game.activate(ana, plume)


# 614.12 "... To determine which replacement effects apply and how they apply, check the
# characteristics of the permanent as it would exist on the battlefield ..." — and an effect on
# cards in graveyards doesn't reach it there.


def test_cards_in_graveyards_lose_their_abilities_but_enter_with_them():
    game, ana, _ = game_for({"battlefield": ["Yixlid Jailer"], "graveyard": ["Scarwood Treefolk", "Reassembling Skeleton"]})
    treefolk, skeleton = ana.graveyard
    with pytest.raises(IllegalActionError, match="lose all abilities"):
        game.activate(ana, skeleton)
    game.put_onto_battlefield(treefolk, ana)
    assert treefolk.tapped


def test_without_the_jailer_the_graveyard_ability_works():
    game, ana, _ = game_for({"graveyard": ["Reassembling Skeleton"]})
    game.activate(ana, ana.graveyard[0])
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Reassembling Skeleton"]
