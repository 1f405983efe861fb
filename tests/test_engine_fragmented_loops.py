"""731.3: a fragmented loop, the same game state reached again through independent actions of
two or more players, must be broken by the active player (or the first involved in turn order)."""

from __future__ import annotations

import pytest

from kb.engine import AbilityDefinition, Game, IllegalActionError, Player, Step
from kb.engine.define import card
from kb.engine.layers import grant, remove
from kb.engine.loops import game_state, loop_actions

card("Test Loop Skyleaper", mana_cost="{1}{U}", type_line="Creature — Bird", power=1, toughness=1,
     oracle="{0}: This creature gains flying.",
     activated=[AbilityDefinition("", lambda game, ability: game.add_effect(grant("Flying", affected=[ability.source], duration="indefinite")), mana="{0}")])
card("Test Loop Rod", mana_cost="{1}", type_line="Artifact", oracle="{0}: Target creature loses flying.",
     activated=[AbilityDefinition("", lambda game, ability: game.add_effect(remove("Flying", affected=ability.targets, duration="indefinite")), mana="{0}", target="creature")])


def _game(skyleaper_owner="Ana", rod_owner="Bruno", seats=("Ana", "Bruno")):
    cards = {name: [] for name in seats}
    cards[skyleaper_owner].append("Test Loop Skyleaper")
    cards[rod_owner].append("Test Loop Rod")
    players = [Player(name, battlefield=cards[name], library=5) for name in seats]
    game = Game(players=players)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    creature = next(c for c in game.battlefield if c.name == "Test Loop Skyleaper")
    return game, players, creature


def _round(game, gainer, loser, creature, handing_over):
    game.activate(gainer, creature)
    game.resolve_stack()
    for player in handing_over:
        game.pass_priority(player)
    game.activate(loser, "Test Loop Rod", targets=[creature])
    game.resolve_stack()


@pytest.mark.rules("731.3")
def test_the_active_player_must_break_the_loop():
    game, (ana, bruno), creature = _game()
    _round(game, ana, bruno, creature, [ana])
    with pytest.raises(IllegalActionError, match="731.3"):
        game.activate(ana, creature)
    assert creature.keywords == ()


@pytest.mark.rules("731.3")
def test_the_nonactive_player_has_the_final_choice_and_may_let_it_fly():
    game, (ana, bruno), creature = _game()
    game.activate(ana, creature)
    game.resolve_stack()
    game.pass_priority(ana)
    game.pass_priority(bruno)  # Bruno doesn't answer: the creature has flying
    assert creature.keywords == ("Flying",) and game.step is Step.BEGINNING_OF_COMBAT


@pytest.mark.rules("731.3")
def test_the_same_state_in_a_later_step_is_a_different_state():
    game, (ana, bruno), creature = _game()
    before = game_state(game)
    _round(game, ana, bruno, creature, [ana])
    assert game_state(game) == before
    game.pass_priority(ana)
    game.pass_priority(bruno)
    assert game_state(game) != before
    game.activate(ana, creature)  # a new step: not the loop's state
    assert [a.player for a in loop_actions(game)] == [ana, bruno, ana]


@pytest.mark.rules("731.3")
def test_one_players_own_repetition_is_not_a_fragmented_loop():
    # Ana controls both: her actions alone bring the state back, and she may go on.
    game, (ana, bruno), creature = _game(rod_owner="Ana")
    game.activate(ana, creature)
    game.resolve_stack()
    game.activate(ana, "Test Loop Rod", targets=[creature])
    game.resolve_stack()
    game.activate(ana, creature)
    game.resolve_stack()
    assert creature.keywords == ("Flying",)


@pytest.mark.rules("731.3")
def test_when_the_active_player_is_not_involved_the_first_involved_in_turn_order_breaks_it():
    # Carla is active; Ana (next in turn order) and Bruno loop.
    game, (carla, ana, bruno), creature = _game(seats=("Carla", "Ana", "Bruno"))
    game.pass_priority(carla)
    _round(game, ana, bruno, creature, [carla, ana])
    game.pass_priority(carla)  # priority goes back round to Ana, in the state she started from
    with pytest.raises(IllegalActionError, match="Ana must make a different game choice"):
        game.activate(ana, creature)


@pytest.mark.rules("731.3")
def test_the_player_who_must_break_it_may_take_any_other_action():
    game, (ana, bruno), creature = _game(rod_owner="Bruno")
    _round(game, ana, bruno, creature, [ana])
    game.pass_priority(ana)
    # Bruno, not bound by 731.3 here, may still act: the creature has no flying to lose.
    game.activate(bruno, "Test Loop Rod", targets=[creature])
    game.resolve_stack()
    assert creature.keywords == ()


@pytest.mark.rules("731.3")
def test_mana_in_a_pool_and_a_shield_are_part_of_the_state():
    from kb.engine.pool import Mana
    from kb.engine.replacement import prevent_damage

    game, (ana, bruno), creature = _game()
    before = game_state(game)
    ana.mana_pool.add([Mana("G")])
    assert game_state(game) != before
    game, (ana, bruno), creature = _game()
    before = game_state(game)
    game.add_replacement(prevent_damage(2, to=ana))
    assert game_state(game) != before
