"""731.2: proposing, accepting, shortening and taking a shortcut."""

from __future__ import annotations

import pytest

from kb.engine import Game, IllegalActionError, NotModelledError, NotYourPriorityError, Player, ScriptedDecisions, Step
from kb.engine.shortcuts import Place, places_ahead, propose_shortcut


def _game(script=None, seats=("Ana", "Bruno"), at=Step.DRAW, **kinds):
    players = [Player(name, battlefield=["Grizzly Bears"], hand=["Lightning Bolt"], library=5) for name in seats]
    game = Game(players=players, decisions=ScriptedDecisions(**(script or {})))
    game.start(at=at, turn=3)
    return game, players


@pytest.mark.rules("731.2")
def test_go_accepted_ends_at_the_last_place_of_the_turn_with_no_attack():
    game, (ana, bruno) = _game({"Bruno": ["accept"]}, at=Step.PRECOMBAT_MAIN)
    end = propose_shortcut(game, ana)
    assert end == Place(3, Step.END, bruno)
    assert (game.step, game.priority) == (Step.END, bruno)
    assert not any(e.kind == "attacks" for e in game.events)
    assert getattr(game, "shortcut_obligation", None) is None
    game.pass_priority(bruno)  # accepted, so passing is still his to choose


@pytest.mark.rules("731.2")
def test_each_other_player_answers_in_turn_order_starting_after_the_proposer():
    script = {"Carla": ["accept"], "Ana": ["accept"], "Bruno": ["accept"]}
    game, (ana, bruno, carla) = _game(script, seats=("Ana", "Bruno", "Carla"), at=Step.UPKEEP)
    game.pass_priority(ana)  # Bruno now holds priority and proposes
    propose_shortcut(game, bruno, until=Place(3, Step.PRECOMBAT_MAIN, ana))
    assert [d.player.name for d in game.decision_log if d.kind == "shortcut"] == ["Carla", "Ana"]


@pytest.mark.rules("731.2")
def test_a_later_player_sees_the_shortened_proposal_and_may_shorten_it_again():
    game, (ana, bruno, carla) = _game({}, seats=("Ana", "Bruno", "Carla"))
    game.decision_maker = ScriptedDecisions(Bruno=[Place(3, Step.END_OF_COMBAT, bruno)], Carla=[Place(3, Step.PRECOMBAT_MAIN, carla)])
    end = propose_shortcut(game, ana)
    carla_options = [d for d in game.decision_log if d.kind == "shortcut"][1].options
    assert Place(3, Step.POSTCOMBAT_MAIN, carla) not in carla_options  # beyond Bruno's new end
    assert Place(3, Step.PRECOMBAT_MAIN, carla) in carla_options
    assert end == Place(3, Step.PRECOMBAT_MAIN, carla) and (game.step, game.priority) == (Step.PRECOMBAT_MAIN, carla)


@pytest.mark.rules("731.2")
def test_a_player_may_name_only_places_where_they_choose():
    game, (ana, bruno) = _game()
    game.decision_maker = ScriptedDecisions(Bruno=[Place(3, Step.BEGINNING_OF_COMBAT, ana)], fallback=None)
    with pytest.raises(Exception, match="not an available answer"):
        propose_shortcut(game, ana)


@pytest.mark.rules("731.2c")
def test_731_2c_the_player_who_shortened_must_not_pass_until_they_act():
    game, (ana, bruno) = _game()
    game.decision_maker = ScriptedDecisions(Bruno=[Place(3, Step.BEGINNING_OF_COMBAT, bruno)])
    propose_shortcut(game, ana)
    with pytest.raises(IllegalActionError, match="731.2c"):
        game.pass_priority(bruno)
    game.cast(bruno, "Lightning Bolt", targets=[ana])
    game.pass_priority(bruno)  # he has made another choice
    assert game.priority is ana


@pytest.mark.rules("731.2")
def test_only_the_player_with_priority_proposes():
    game, (ana, bruno) = _game()
    with pytest.raises(NotYourPriorityError):
        propose_shortcut(game, bruno)


@pytest.mark.rules("731.2")
def test_the_ending_point_must_be_ahead_in_this_turn():
    game, (ana, bruno) = _game(at=Step.PRECOMBAT_MAIN)
    with pytest.raises(IllegalActionError):
        propose_shortcut(game, ana, until=Place(3, Step.UPKEEP, bruno))
    with pytest.raises(IllegalActionError):
        propose_shortcut(game, ana, until=Place(3, Step.CLEANUP, bruno))
    with pytest.raises(NotModelledError):
        propose_shortcut(game, ana, until=Place(4, Step.UPKEEP, bruno))


@pytest.mark.rules("731.2")
def test_a_shortcut_with_objects_on_the_stack_is_not_modelled():
    game, (ana, bruno) = _game(at=Step.PRECOMBAT_MAIN)
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    with pytest.raises(NotModelledError):
        propose_shortcut(game, ana)


@pytest.mark.rules("731.2")
def test_combat_damage_steps_are_no_places_when_no_creature_attacks():
    game, (ana, bruno) = _game(at=Step.PRECOMBAT_MAIN)
    steps = [p.step for p in places_ahead(game)]
    assert Step.DECLARE_BLOCKERS not in steps and Step.COMBAT_DAMAGE not in steps and steps[-1] is Step.END
