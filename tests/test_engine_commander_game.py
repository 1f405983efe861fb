"""The Commander variant (903): designation, 40 life, 21 commander damage; Ixidron and Body Double."""

from __future__ import annotations

import pytest

from kb.engine import Card, Commander, NotModelledError, Player, SetupError, Step


def test_only_combat_damage_from_a_commander_counts():
    golem = Card("Bosh, Iron Golem")
    ana = Player("Ana", battlefield=[golem, "Hill Giant"], library=5)
    bruno = Player("Bruno", library=5)
    game = Commander(players=[ana, bruno], commanders={"Ana": golem})
    assert ana.life == 40
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game._deal_damage_from_each([(golem, bruno, 21)])  # not combat damage
    game._deal_damage_from_each([(ana.battlefield[1], bruno, 15)], combat=True)  # not a commander
    game.check_state_based_actions()
    assert not game.over and game.commander_damage(bruno, golem) == 0 and bruno.life == 4


@pytest.mark.rules("704.6c")
def test_21_commander_damage_is_a_state_based_loss():
    golem = Card("Bosh, Iron Golem")
    ana = Player("Ana", battlefield=[golem], library=5)
    bruno = Player("Bruno", library=5)
    game = Commander(players=[ana, bruno], commanders={"Ana": golem})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game._deal_damage_from_each([(golem, bruno, 21)], combat=True)
    game.check_state_based_actions()
    assert game.over and game.losers == [bruno] and bruno.life == 19


def test_a_commander_leaving_the_battlefield_is_not_modelled_and_setup_is_checked():
    ana = Player("Ana", battlefield=["Wort, the Raidmother"], library=5)
    game = Commander(players=[ana, Player("Bruno", library=5)], commanders={"Ana": "Wort, the Raidmother"})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(NotModelledError, match="903.9"):
        game.destroy([ana.battlefield[0]])
    with pytest.raises(SetupError):
        Commander(players=[Player("Cid"), Player("Dee")], commanders={"Cid": "Wort, the Raidmother"})


def test_ixidron_counts_the_face_down_creatures():
    ana = Player("Ana", hand=["Ixidron"], battlefield=["Grizzly Bears", "Hill Giant"], library=5)
    bruno = Player("Bruno", battlefield=["Savannah Lions"], library=5)
    game = Commander(players=[ana, bruno], commanders={})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Ixidron")
    game.resolve_stack()
    ixidron = ana.battlefield[-1]
    assert (ixidron.power, ixidron.toughness) == (3, 3) and not ixidron.face_down
    assert all(c.face_down and c.power == 2 for c in [*ana.battlefield[:2], *bruno.battlefield])
