"""731.2a: a loop repeated a number of times, proposed as a shortcut; and the activated ability
Presence of Gond gives the creature it enchants (613.1f)."""

from __future__ import annotations

import pytest

from kb.engine import Game, IllegalActionError, NotModelledError, NotYourPriorityError, Player, ScriptedDecisions, Step
from kb.engine.shortcuts import MAX_REPETITIONS, propose_loop


def _game(script=None, alarm=True, extra=()):
    ana = Player("Ana", battlefield=["Grizzly Bears", *extra], hand=["Presence of Gond"], library=5)
    bruno = Player("Bruno", battlefield=["Intruder Alarm"] if alarm else [], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(**(script or {})))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    creature = ana.battlefield[0]
    game.cast(ana, "Presence of Gond", targets=[creature])
    game.resolve_stack()
    return game, ana, bruno, creature


def _elves(player):
    return [c for c in player.battlefield if c.name == "Elf Warrior"]


def test_the_enchanted_creature_has_the_ability_and_loses_it_with_the_aura():
    game, ana, bruno, creature = _game(alarm=False)
    assert [a.text for a in game.activated_abilities(creature)] == ["{T}: Create a 1/1 green Elf Warrior creature token."]
    game.activate(ana, creature, 0)
    game.resolve_stack()
    assert len(_elves(ana)) == 1 and creature.tapped
    aura = next(c for c in ana.battlefield if c.name == "Presence of Gond")
    game.destroy([aura])
    assert game.activated_abilities(creature) == ()


def test_the_loop_repeats_and_ends_after_the_last_token_ability_resolves():
    game, ana, bruno, creature = _game()
    assert propose_loop(game, ana, [(creature, 0)], 5) == 5
    assert len(_elves(ana)) == 5 and creature.tapped
    assert [o.source.name for o in game.stack] == ["Intruder Alarm"] and game.priority is ana
    assert [(e.kind, e["count"]) for e in game.events if e.kind in ("loop_proposed", "loop_taken")] == [("loop_proposed", 5), ("loop_taken", 5)]


def test_without_intruder_alarm_the_second_repetition_cannot_be_taken():
    game, ana, bruno, creature = _game(alarm=False)
    with pytest.raises(Exception, match="tapped"):
        propose_loop(game, ana, [(creature, 0)], 2)


def test_a_player_shortening_a_loop_is_not_modelled():
    game, ana, bruno, creature = _game({"Bruno": ["shorten"]})
    with pytest.raises(NotModelledError, match="731.2b"):
        propose_loop(game, ana, [(creature, 0)], 3)
    assert _elves(ana) == []


def test_limits_and_priority():
    game, ana, bruno, creature = _game()
    with pytest.raises(NotModelledError):
        propose_loop(game, ana, [(creature, 0)], MAX_REPETITIONS + 1)
    with pytest.raises(IllegalActionError):
        propose_loop(game, ana, [(creature, 0)], 0)
    with pytest.raises(NotYourPriorityError):
        propose_loop(game, bruno, [(creature, 0)], 2)


def test_granted_and_removed_abilities_together_are_not_modelled():
    game, ana, bruno, creature = _game(alarm=False, extra=("Humility",))
    with pytest.raises(NotModelledError, match="613.7"):
        game.activated_abilities(creature)
