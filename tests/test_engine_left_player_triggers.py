"""800.4d: a triggered ability that would be controlled by a player who has left the game isn't
put on the stack; Astral Slide's delayed return (603.7) as the case."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step, Zone


def _slide(exile=True):
    alex = Player("Alex", battlefield=["Hypnotic Specter"], library=5)
    bianca = Player("Bianca", battlefield=["Astral Slide"], hand=["Moaning Wall"], library=5)
    game = Game(players=[alex, bianca, Player("Carlos", library=5)], decisions=ScriptedDecisions(Bianca=[exile]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=1)
    specter = alex.battlefield[0]
    game.pass_priority(alex)
    game.cycle(bianca, "Moaning Wall")
    game.resolve_stack()
    return game, alex, bianca, specter


@pytest.mark.rules("800.4d", "603.7")
def test_the_exiled_creature_returns_at_the_next_end_step_under_its_owners_control():
    game, alex, bianca, specter = _slide()
    assert specter.zone is Zone.EXILE
    game.advance_to(Step.END)
    game.resolve_stack()
    assert specter.zone is Zone.BATTLEFIELD and specter.controller is alex
    assert not any(e.kind == "trigger_not_put" for e in game.events)


@pytest.mark.rules("800.4d", "603.7")
def test_declining_exiles_nothing_and_creates_no_delayed_trigger():
    game, alex, bianca, specter = _slide(exile=False)
    assert specter.zone is Zone.BATTLEFIELD and game.delayed_triggers == []


@pytest.mark.rules("800.4d")
def test_800_4d_the_delayed_trigger_of_a_player_who_left_is_not_put_on_the_stack():
    game, alex, bianca, specter = _slide()
    game.concede(bianca)
    game.advance_to(Step.END)
    not_put = [e for e in game.events if e.kind == "trigger_not_put"]
    assert [(e["player"], e.rule) for e in not_put] == [(bianca, "800.4d")]
    assert list(game.stack) == []
    game.advance_to(Step.UPKEEP)
    assert specter.zone is Zone.EXILE  # never returns


@pytest.mark.rules("800.4d", "603.7")
def test_the_creatures_owner_leaving_is_not_the_controllers():
    # Only the ability's controller leaving keeps it off the stack; Carlos leaving changes nothing.
    game, alex, bianca, specter = _slide()
    game.concede(game.player("Carlos"))
    game.advance_to(Step.END)
    game.resolve_stack()
    assert specter.zone is Zone.BATTLEFIELD


@pytest.mark.rules("800.4d")
def test_800_4d_a_token_that_would_be_owned_by_a_player_who_left_is_not_created():
    from kb.engine import Card

    alex, bianca = Player("Alex", library=5), Player("Bianca", library=5)
    game = Game(players=[alex, bianca, Player("Carlos", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=1)
    game.concede(bianca)
    assert game.create_tokens(bianca, Card.token(types=("Creature",), power=1, toughness=1)) == []
    assert [e.rule for e in game.events if e.kind == "not_created"] == ["800.4d"]
    assert not any(c.controller is bianca for c in game.battlefield)
