"""Extra phases and steps, each test built from the wording of rules 500.8, 500.10 and 500.11."""

import pytest

from kb.engine import Game, IllegalActionError, NotModelledError, Phase, Player, Step


def game_at(step, battlefield=("Phyrexian Arena",)):
    ana = Player("Ana", battlefield=list(battlefield), library=10)
    bruno = Player("Bruno", library=10)
    game = Game(players=[ana, bruno])
    game.start(at=step, turn=3)
    steps = []
    game.observers.append(lambda e: steps.append(e["step"]) if e.kind == "step_begins" else None)
    return game, ana, steps


# 500.10 "Some effects add a step after a particular phase. In that case, that effect first creates
# the phase which normally contains that step directly after the specified phase. Any other steps
# that phase would normally have are skipped."


@pytest.mark.rules("500.10")
@pytest.mark.parametrize("count", [1, 2, 3])
def test_additional_upkeeps_after_combat(count):
    game, ana, steps = game_at(Step.BEGINNING_OF_COMBAT)
    game.add_phases_after(Phase.COMBAT, (Step.UPKEEP,), count)
    game.advance_to(Step.POSTCOMBAT_MAIN)
    after_combat = steps[steps.index(Step.END_OF_COMBAT) + 1:]
    assert after_combat == [Step.UPKEEP] * count + [Step.POSTCOMBAT_MAIN]
    assert Step.UNTAP not in after_combat and Step.DRAW not in after_combat
    assert len(ana.hand) == count and ana.life == 20 - count  # the Arena triggered in each


# 500.8 "... If multiple extra phases are created after the same phase, the most recently created
# phase will occur first."


@pytest.mark.rules("500.8")
def test_the_most_recent_extra_phase_comes_first():
    game, ana, steps = game_at(Step.PRECOMBAT_MAIN)
    game.add_phases_after(Phase.PRECOMBAT_MAIN, (Step.UPKEEP,))
    game.add_phases_after(Phase.PRECOMBAT_MAIN, (Step.BEGINNING_OF_COMBAT, Step.END_OF_COMBAT))
    game.advance_to(Step.DECLARE_ATTACKERS)
    assert steps[:4] == [Step.BEGINNING_OF_COMBAT, Step.END_OF_COMBAT, Step.UPKEEP, Step.BEGINNING_OF_COMBAT]


def test_extra_phases_belong_to_this_turn_only():
    game, ana, steps = game_at(Step.PRECOMBAT_MAIN)
    with pytest.raises(IllegalActionError):
        game.add_phases_after(Phase.BEGINNING, (Step.UPKEEP,))  # it has already ended
    game.add_phases_after(Phase.PRECOMBAT_MAIN, (Step.UPKEEP,))
    game.end_the_turn()
    game.advance_to(Step.PRECOMBAT_MAIN, turn=4)
    assert steps.count(Step.UPKEEP) == 1  # turn 4's own upkeep: the extra one was skipped with the turn


def test_extra_ending_phases_are_not_modelled():
    game, ana, steps = game_at(Step.PRECOMBAT_MAIN)
    with pytest.raises(NotModelledError):
        game.add_phases_after(Phase.ENDING, (Step.END,))


def test_obeka_adds_as_many_upkeeps_as_the_damage_it_deals():
    from kb.engine import ScriptedDecisions
    from kb.engine.layers import modify

    game, ana, steps = game_at(Step.PRECOMBAT_MAIN, ["Obeka, Splitter of Seconds", "Phyrexian Arena"])
    obeka = ana.battlefield[0]
    game.add_effect(modify(1, 0, affected=[obeka]))
    game.decision_maker = ScriptedDecisions(Ana=[[obeka]])
    game.advance_to(Step.POSTCOMBAT_MAIN)
    assert steps.count(Step.UPKEEP) == 3 and game.player("Bruno").life == 17
