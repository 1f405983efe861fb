"""Exile "until" a permanent leaves the battlefield (610.3) and cards exiled with a permanent (607.2a, 111.12), each test built from the wording of the rules."""

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step
from kb.engine.objects import Zone


def game_with(ana_hand, bruno_battlefield=("Grizzly Bears",), answers=()):
    ana = Player("Ana", hand=list(ana_hand), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), hand=["Lightning Bolt"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


# 610.3 "A second one-shot effect is created immediately after the specified event. This second
# one-shot effect returns the object to its previous zone." 610.3c "... under its owner's control"


@pytest.mark.rules("400.7")
def test_the_card_returns_when_the_priest_leaves():
    game, ana, bruno = game_with(["Banisher Priest"])
    game.cast(ana, "Banisher Priest")
    game.resolve_stack()
    bears = game.exile[0]
    priest = ana.battlefield[0]
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[priest])
    game.resolve_stack()
    assert bears.zone is Zone.BATTLEFIELD and bears.controller is bruno
    assert bears.entered_turn == game.turn  # a new object (400.7)


# 610.3b "If a resolving triggered ability creates the initial one-shot effect ... and the
# specified event has already occurred ... after that ability triggered, the object doesn't move."


@pytest.mark.rules("610.3b")
def test_if_the_priest_left_before_its_ability_resolves_nothing_is_exiled():
    game, ana, bruno = game_with(["Banisher Priest"])
    game.cast(ana, "Banisher Priest")
    game.pass_all()  # the Priest resolves; its ability triggers and goes on the stack
    priest = ana.battlefield[0]
    assert game.stack.top.source is priest
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[priest])
    game.resolve_stack()
    assert [c.name for c in bruno.battlefield] == ["Grizzly Bears"] and not game.exile
    assert any(e.kind == "doesnt_move" and e.rule == "610.3b" for e in game.events)


# 610.3d "If multiple one-shot effects are created this way immediately after one or more
# simultaneous events, those one-shot effects are also simultaneous."


@pytest.mark.rules("610.3")
def test_simultaneous_departures_return_cards_together():
    game, ana, bruno = game_with(
        ["Banisher Priest", "Banisher Priest", "Day of Judgment"], ("Grizzly Bears", "Hill Giant"), ["Grizzly Bears", "Hill Giant"]
    )
    for _ in range(2):
        game.cast(ana, "Banisher Priest")
        game.resolve_stack()
    game.cast(ana, "Day of Judgment")
    game.resolve_stack()
    returns = [e for e in game.events if e.kind == "return_from_exile"]
    assert len(returns) == 1 and [c.name for c in returns[0]["cards"]] == ["Grizzly Bears", "Hill Giant"]
    # Both returned after the whole destruction event: not destroyed by it.
    assert [c.name for c in bruno.battlefield] == ["Grizzly Bears", "Hill Giant"]


def test_only_an_opponents_creature_can_be_targeted():
    game, ana, _ = game_with(["Banisher Priest"], bruno_battlefield=())
    game.cast(ana, "Banisher Priest")
    game.resolve_stack()
    assert any(e.kind == "removed_no_target" for e in game.events)  # its own creature isn't a target


# 607.2a: "cards exiled with" a permanent are those its own linked ability exiled. 111.12: "If no
# card has been exiled with Mimic Vat's triggered ability, no token is created."


def vat_game(answers):
    ana = Player("Ana", battlefield=["Mimic Vat"], hand=["Lightning Bolt", "Lightning Bolt"], library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant", "Grizzly Bears"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def test_no_card_exiled_no_token():
    game, ana, _ = vat_game([])
    game.activate(ana, "Mimic Vat")
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Mimic Vat"]


def test_declining_to_exile_leaves_the_card_in_the_graveyard():
    game, ana, bruno = vat_game([False])
    game.cast(ana, "Lightning Bolt", targets=[bruno.battlefield[0]])
    game.resolve_stack()
    assert [c.name for c in bruno.graveyard] == ["Hill Giant"] and not game.exile


def test_a_new_imprint_returns_the_other_exiled_card():
    game, ana, bruno = vat_game([True, True])
    giant, bears = bruno.battlefield
    game.cast(ana, "Lightning Bolt", targets=[giant])
    game.resolve_stack()
    game.cast(ana, "Lightning Bolt", targets=[bears])
    game.resolve_stack()
    assert game.exile == [bears] and giant.zone is Zone.GRAVEYARD


def test_a_card_exiled_otherwise_is_not_exiled_with_the_vat():
    game, ana, bruno = vat_game([])
    game.exile_cards([bruno.battlefield[0]])
    game.activate(ana, "Mimic Vat")
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Mimic Vat"]


@pytest.mark.rules("614.1a")
def test_each_token_the_vat_creates_gains_haste_and_is_exiled():
    # Parallel Lives doubles the token (614.1a): "it" of "It gains haste. Exile it" is each token.
    ana = Player("Ana", battlefield=["Mimic Vat", "Parallel Lives"], hand=["Lightning Bolt"], library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[True]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Lightning Bolt", targets=[bruno.battlefield[0]])
    game.resolve_stack()
    game.activate(ana, "Mimic Vat")
    game.resolve_stack()
    tokens = [c for c in ana.battlefield if c.name == "Hill Giant"]
    assert len(tokens) == 2 and all("Haste" in t.keywords for t in tokens)
    game.advance_to(Step.END)
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Mimic Vat", "Parallel Lives"]
