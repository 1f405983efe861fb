"""Spells with several instances of the word "target", each test built from the wording of rules
601.2c, 608.2b and 701.19c."""

import pytest

from kb.engine import Game, IllegalTargetError, Player, Step
from kb.engine.define import card
from kb.engine.layers import set_colors
from kb.engine.objects import TargetSpec, Zone

card("Test Twin Bolt", mana_cost="{1}{R}", types=["Instant"], oracle="Test Twin Bolt deals 2 damage to any target and 1 damage to any other target.",
     spell_targets=[TargetSpec("any"), TargetSpec("any", other=True)],
     spell_effect=lambda game, spell: game.deal_damage_each(spell, [(t, 2) for t in game.targets_still_legal(spell, 0)] + [(t, 1) for t in game.targets_still_legal(spell, 1)]))
card("Test Double Tap", mana_cost="{1}{U}", types=["Instant"], oracle="Tap two target creatures.",
     spell_targets=[TargetSpec("creature", count=(2, 2))], spell_effect=lambda game, spell: game.tap(game.targets_still_legal(spell, 0)))


def game_with(hand, bruno_battlefield):
    ana = Player("Ana", hand=list(hand), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


# 601.2c "... the same player or object can't become a target more than once for each instance of
# the word 'target' on the spell."


@pytest.mark.rules("115.3")
def test_two_targets_of_one_word_are_different():
    game, ana, bruno = game_with(["Test Double Tap"], ["Grizzly Bears", "Hill Giant"])
    bears, giant = bruno.battlefield
    with pytest.raises(IllegalTargetError, match="601.2c"):
        game.cast(ana, "Test Double Tap", targets=[[bears, bears]])
    game.cast(ana, "Test Double Tap", targets=[[bears, giant]])
    game.resolve_stack()
    assert bears.tapped and giant.tapped


@pytest.mark.rules("115.3")
def test_chosen_by_decision_they_are_different_too():
    game, ana, bruno = game_with(["Test Double Tap"], ["Grizzly Bears", "Hill Giant"])
    spell = game.cast(ana, "Test Double Tap")
    assert len({id(t) for t in spell.targets}) == 2


@pytest.mark.rules("115.3")
def test_any_other_target_excludes_the_first():
    game, ana, bruno = game_with(["Test Twin Bolt"], ["Grizzly Bears"])
    bears = bruno.battlefield[0]
    with pytest.raises(IllegalTargetError):
        game.cast(ana, "Test Twin Bolt", targets=[[bears], [bears]])
    game.cast(ana, "Test Twin Bolt", targets=[[bears], [bruno]])
    game.resolve_stack()
    assert bears.zone is Zone.GRAVEYARD and bruno.life == 19


@pytest.mark.rules("601.2c")
def test_targets_are_given_one_list_per_word():
    game, ana, bruno = game_with(["Test Twin Bolt"], ["Grizzly Bears"])
    with pytest.raises(IllegalTargetError, match="one list of targets for each"):
        game.cast(ana, "Test Twin Bolt", targets=[bruno.battlefield[0], bruno])


# 608.2b "... The spell or ability doesn't resolve [if all its targets are illegal] ... [otherwise]
# the spell or ability won't perform any actions on [illegal targets]"


@pytest.mark.rules("608.2b")
def test_a_part_whose_target_became_illegal_does_nothing():
    game, ana, bruno = game_with(["Plague Spores"], ["Grizzly Bears", "Forest"])
    bears, forest = bruno.battlefield
    game.cast(ana, "Plague Spores", targets=[[bears], [forest]])
    game.add_effect(set_colors("B", affected=[bears]))
    game.resolve_stack()
    assert bears.zone is Zone.BATTLEFIELD and forest.zone is Zone.GRAVEYARD


@pytest.mark.rules("608.2b")
def test_all_targets_illegal_it_does_not_resolve():
    game, ana, bruno = game_with(["Plague Spores"], ["Grizzly Bears", "Forest"])
    bears, forest = bruno.battlefield
    game.cast(ana, "Plague Spores", targets=[[bears], [forest]])
    game.add_effect(set_colors("B", affected=[bears]))
    game.destroy([forest])
    game.resolve_stack()
    assert any(e.kind == "fizzles" for e in game.events) and bears.zone is Zone.BATTLEFIELD


# 701.19c "... 'can't be regenerated' ... no regeneration shield applies"


@pytest.mark.rules("701.19c")
def test_cant_be_regenerated():
    game, ana, bruno = game_with(["Plague Spores"], ["Grizzly Bears", "Forest"])
    bears, forest = bruno.battlefield
    game.cast(ana, "Plague Spores", targets=[[bears], [forest]])
    game.regenerate(bears)
    game.resolve_stack()
    assert bears.zone is Zone.GRAVEYARD


@pytest.mark.rules("701.19c")
def test_a_plain_destroy_can_be_regenerated():
    game, ana, bruno = game_with([], ["Drudge Skeletons"])
    skeletons = bruno.battlefield[0]
    game.regenerate(skeletons)
    game.destroy([skeletons])
    assert skeletons.zone is Zone.BATTLEFIELD and skeletons.tapped


# 115.7d "If an effect allows a player to 'choose new targets' for a spell or ability, the player may
# leave any number of the targets unchanged, even if those targets would be illegal. If the player
# chooses to change some or all of the targets, the new targets must be legal and must not cause
# any unchanged targets to become illegal." 115.7e "... only the final set of targets is evaluated"


def redirect_game(answer):
    from kb.engine import ScriptedDecisions

    ana = Player("Ana", battlefield=["Runeclaw Bear", "Llanowar Elves"], hand=["Redirect"], library=5)
    bruno = Player("Bruno", hand=["Arc Trail"], library=5)
    game = Game(players=[bruno, ana])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bear, elves = ana.battlefield
    arc = game.cast(bruno, "Arc Trail", targets=[[bear], [elves]])
    game.pass_priority(bruno)
    game.cast(ana, "Redirect", targets=[arc])
    game.decision_maker = ScriptedDecisions(Ana=[answer(bear, elves, ana, bruno)], fallback=None)
    return game, arc, bear, elves, ana, bruno


def test_swapping_both_targets_is_legal():
    game, arc, bear, elves, ana, bruno = redirect_game(lambda bear, elves, ana, bruno: [[elves], [bear]])
    game.resolve_stack()
    assert arc.target_groups == [[elves], [bear]] and elves.zone is Zone.GRAVEYARD and bear.damage == 1


def test_changing_one_to_the_other_target_is_not_offered():
    from kb.engine import IllegalChoiceError

    game, *_ = redirect_game(lambda bear, elves, ana, bruno: [[elves], [elves]])
    with pytest.raises(IllegalChoiceError):
        game.resolve_stack()


def test_leaving_them_unchanged_changes_nothing():
    game, arc, bear, elves, ana, bruno = redirect_game(lambda bear, elves, ana, bruno: [[bear], [elves]])
    game.resolve_stack()
    assert not any(e.kind == "targets_changed" for e in game.events)
    assert bear.zone is Zone.GRAVEYARD and elves.zone is Zone.GRAVEYARD


def test_a_new_target_may_be_a_player():
    game, arc, bear, elves, ana, bruno = redirect_game(lambda bear, elves, ana, bruno: [[bruno], [elves]])
    game.resolve_stack()
    assert bruno.life == 18 and bear.zone is Zone.BATTLEFIELD and elves.zone is Zone.GRAVEYARD


def test_an_unchanged_target_may_stay_illegal():
    from kb.engine import ScriptedDecisions

    ana = Player("Ana", battlefield=["Runeclaw Bear", "Llanowar Elves"], hand=["Redirect", "Lightning Bolt"], library=5)
    bruno = Player("Bruno", hand=["Arc Trail"], library=5)
    game = Game(players=[bruno, ana])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bear, elves = ana.battlefield
    arc = game.cast(bruno, "Arc Trail", targets=[[bear], [elves]])
    game.pass_priority(bruno)
    game.cast(ana, "Redirect", targets=[arc])
    game.cast(ana, "Lightning Bolt", targets=[elves])  # resolves first: the Elves die
    game.decision_maker = ScriptedDecisions(Ana=[[[bruno], [elves]]], fallback=None)
    game.resolve_stack()
    assert arc.target_groups == [[bruno], [elves]] and bruno.life == 18 and bear.zone is Zone.BATTLEFIELD
