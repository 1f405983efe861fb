"""Activated abilities gained from other objects (613.1f), read with the new object's name (201.5b)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step
from kb.engine.errors import NotModelledError
from kb.engine.layers import lose_all_abilities


def _game(mine, theirs=(), hand=(), **kwargs):
    ana = Player("Ana", battlefield=list(mine), library=5)
    bruno = Player("Bruno", battlefield=list(theirs), hand=list(hand), library=5)
    game = Game(players=[ana, bruno], **kwargs)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def test_gained_abilities_are_added_after_its_own_and_end_with_the_turn():
    game, ana, bruno = _game(["Quicksilver Elemental"], ["Olivia Voldaren"])
    elemental, olivia = ana.battlefield[0], bruno.battlefield[0]
    game.activate(ana, elemental, targets=[olivia])
    game.resolve_stack()
    assert len(game.activated_abilities(elemental)) == 3
    assert game.ability_text(elemental, 2) == "{3}{B}{B}: Gain control of target Vampire for as long as you control Quicksilver Elemental."
    assert game.ability_text(olivia, 1).endswith("as long as you control Olivia Voldaren.")
    game.advance_to(Step.UPKEEP, turn=4)
    assert len(game.activated_abilities(elemental)) == 1


def test_the_gained_ability_acts_on_the_object_that_has_it():
    game, ana, bruno = _game(["Quicksilver Elemental"], ["Skithiryx, the Blight Dragon"], hand=["Murder"])
    elemental, skithiryx = ana.battlefield[0], bruno.battlefield[0]
    game.activate(ana, elemental, targets=[skithiryx])
    game.resolve_stack()
    game.activate(ana, elemental, 1)
    game.resolve_stack()
    game.pass_priority(ana)
    game.cast(bruno, "Murder", targets=[skithiryx])
    game.resolve_stack()
    assert skithiryx.zone.name == "GRAVEYARD" and elemental.zone.name == "BATTLEFIELD"


def test_a_new_object_has_none_of_the_gained_abilities():
    game, ana, bruno = _game(["Quicksilver Elemental"], ["Skithiryx, the Blight Dragon"])
    elemental = ana.battlefield[0]
    game.activate(ana, elemental, targets=[bruno.battlefield[0]])
    game.resolve_stack()
    game.return_to_hand([elemental])
    game.put_onto_battlefield(elemental, ana)
    assert len(game.activated_abilities(elemental)) == 1


def test_gained_and_removed_abilities_together_are_not_modelled():
    game, ana, bruno = _game(["Quicksilver Elemental"], ["Skithiryx, the Blight Dragon"])
    elemental = ana.battlefield[0]
    game.activate(ana, elemental, targets=[bruno.battlefield[0]])
    game.resolve_stack()
    game.add_effect(lose_all_abilities(affected=[elemental]))
    with pytest.raises(NotModelledError):
        game.activated_abilities(elemental)


def test_blue_mana_as_any_color_is_not_modelled():
    from kb.engine.pool import Mana

    game, ana, bruno = _game(["Quicksilver Elemental"], ["Skithiryx, the Blight Dragon"], pay_mana=True)
    ana.mana_pool.add([Mana("U")])
    game.activate(ana, ana.battlefield[0], targets=[bruno.battlefield[0]])
    with pytest.raises(NotModelledError):
        game.resolve_stack()


# ----- 607.5: linked abilities gained together


def _blocked_by_bears(*, library=None):
    from kb.engine import ScriptedDecisions

    ana = Player("Ana", battlefield=["Quicksilver Elemental"], library=library or 12)
    bruno = Player("Bruno", battlefield=["Sisters of Stone Death", "Grizzly Bears", "Arc-Slogger"], library=5)
    decisions = ScriptedDecisions(Ana=[["Quicksilver Elemental"]], Bruno=[{"Grizzly Bears": "Quicksilver Elemental"}])
    game = Game(players=[ana, bruno], decisions=decisions)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def test_abilities_gained_by_another_effect_are_not_linked():
    game, ana, bruno = _blocked_by_bears()
    elemental, sisters, bears, _ = ana.battlefield[0], *bruno.battlefield
    game.activate(ana, elemental, targets=[sisters])
    game.resolve_stack()
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.activate(ana, elemental, 1, targets=[bears])
    game.resolve_stack()
    assert bears.zone.name == "EXILE"
    game.activate(ana, elemental, targets=[sisters])  # gains them again: a second pair
    game.resolve_stack()
    game.activate(ana, elemental, 4)  # the second pair's return ability
    game.resolve_stack()
    assert bears.zone.name == "EXILE"
    game.activate(ana, elemental, 2)  # the first pair's
    game.resolve_stack()
    assert bears.zone.name == "BATTLEFIELD" and bears.controller is ana


def test_the_sisters_own_abilities_dont_find_what_the_elemental_exiled():
    game, ana, bruno = _blocked_by_bears()
    elemental, sisters, bears, _ = ana.battlefield[0], *bruno.battlefield
    game.activate(ana, elemental, targets=[sisters])
    game.resolve_stack()
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.activate(ana, elemental, 1, targets=[bears])
    game.resolve_stack()
    game.pass_priority(ana)
    game.activate(bruno, sisters, 1)
    game.resolve_stack()
    assert bears.zone.name == "EXILE"


def test_only_a_creature_blocking_or_blocked_by_the_source_can_be_targeted():
    from kb.engine.errors import IllegalTargetError

    game, ana, bruno = _blocked_by_bears()
    elemental, sisters, bears, slogger = ana.battlefield[0], *bruno.battlefield
    game.activate(ana, elemental, targets=[sisters])
    game.resolve_stack()
    with pytest.raises(IllegalTargetError):
        game.activate(ana, elemental, 1, targets=[bears])  # nothing blocks yet
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalTargetError):
        game.activate(ana, elemental, 1, targets=[slogger])


def test_exiling_the_top_ten_cards_needs_ten_cards():
    from kb.engine.errors import CannotPayError

    game, ana, bruno = _blocked_by_bears(library=9)
    elemental, slogger = ana.battlefield[0], bruno.battlefield[2]
    game.activate(ana, elemental, targets=[slogger])
    game.resolve_stack()
    with pytest.raises(CannotPayError):
        game.activate(ana, elemental, 1, targets=["Bruno"])
    assert len(ana.library) == 9 and game.player("Bruno").life == 20
