"""Whether state-based actions would be performed is asked of the state-based actions
themselves (704.3): the cleanup step gives players priority when any would be performed
(514.3a), whichever rule of 704.5 it is, and the answer agrees with what checking them does."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step, Zone


def _game(ana_battlefield=(), ana_hand=(), bruno_battlefield=()):
    ana = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=["Island"] * 5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=["Island"] * 5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def _watch(game):
    seen = []
    game.observers.append(lambda event: seen.append((event.kind, event.rule, game.turn, game.step)))
    return seen


def test_an_aura_made_illegal_as_the_cleanup_step_ends_effects_gives_priority_in_that_cleanup():
    game, ana, bruno = _game(["Chimeric Staff"], ["Mind Control"])
    staff = ana.battlefield[0]
    game.add_mana(ana, list("UUUUUCC"))
    game.activate(ana, staff, x=2)
    game.resolve_stack()
    game.cast(ana, "Mind Control", targets=[staff])
    game.resolve_stack()
    seen = _watch(game)
    game.advance_to(Step.END)
    game.pass_all()
    # 514.2 ends the animation; the Aura can no longer enchant the Staff (704.5m), so players get
    # priority in this cleanup step (514.3a) and the Aura goes before the turn ends.
    kinds = [(kind, turn, step) for kind, _, turn, step in seen]
    assert ("cleanup_priority", 3, Step.CLEANUP) in kinds
    assert ("aura_illegal", 3, Step.CLEANUP) in kinds
    assert kinds.index(("cleanup_priority", 3, Step.CLEANUP)) < kinds.index(("aura_illegal", 3, Step.CLEANUP))
    assert [c.name for c in ana.graveyard] == ["Mind Control"]
    assert game.step is Step.CLEANUP and game.priority is ana and game.turn == 3
    game.pass_all()
    assert game.turn == 4


def test_a_planeswalker_without_loyalty_as_the_cleanup_step_begins_gives_priority():
    game, ana, bruno = _game(["Gideon Blackblade"])
    gideon = ana.battlefield[0]
    game.advance_to(Step.END)
    game.pass_priority(ana)
    gideon.counters["loyalty"] = 0  # as Bruno holds priority in the end step, with no check since
    seen = _watch(game)
    game.pass_priority(bruno)
    rules = [(rule, turn, step) for _, rule, turn, step in seen]
    assert ("514.3a", 3, Step.CLEANUP) in rules and ("704.5i", 3, Step.CLEANUP) in rules
    assert gideon.zone is Zone.GRAVEYARD


def _token_in_graveyard(game, ana):
    token = Card.token(power=1, toughness=1, subtypes=("Soldier",))
    token.owner = token.controller = ana
    token.zone = Zone.GRAVEYARD
    ana.graveyard.append(token)


def _no_loyalty(game, ana):
    ana.battlefield[0].counters["loyalty"] = 0


def _lethal_damage(game, ana):
    ana.battlefield[1].damage = 2


def _counters_to_annihilate(game, ana):
    ana.battlefield[1].counters.update({"+1/+1": 1, "-1/-1": 1})


def _no_life(game, ana):
    ana._life = 0


@pytest.mark.parametrize(
    "change, rule",
    [
        (_token_in_graveyard, "704.5d"),
        (_no_loyalty, "704.5i"),
        (_lethal_damage, "704.5g"),
        (_counters_to_annihilate, "704.5q"),
        (_no_life, "704.5a"),
    ],
)
def test_pending_state_based_actions_are_those_that_checking_performs(change, rule):
    game, ana, bruno = _game(["Gideon Blackblade", "Grizzly Bears"])
    assert not game.state_based_actions_pending()
    change(game, ana)
    assert game.state_based_actions_pending()
    seen = _watch(game)
    assert game.check_state_based_actions()
    assert rule in [r for _, r, _, _ in seen]
    assert not game.state_based_actions_pending()
    assert not game.check_state_based_actions()


def test_asking_performs_nothing():
    game, ana, bruno = _game(["Gideon Blackblade", "Grizzly Bears"])
    gideon, bears = ana.battlefield
    gideon.counters["loyalty"] = 0
    bears.damage = 5
    events = len(game.events)
    assert game.state_based_actions_pending()
    assert game.state_based_actions_pending()
    assert len(game.events) == events
    assert gideon.zone is Zone.BATTLEFIELD and bears.zone is Zone.BATTLEFIELD
