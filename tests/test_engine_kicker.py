"""Kicker (702.33): declaring kicker costs, paying them, abilities linked to each (607.2i), and modes
that depend on kicker (601.4)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step
from kb.engine.errors import IllegalActionError, NotModelledError
from kb.engine.kicker import kicker_costs
from kb.engine.pool import Mana
from kb.engine.objects import Card, CardDefinition


def _game(ana: Player, bruno: Player | None = None, **kwargs) -> Game:
    game = Game(players=[ana, bruno or Player("Bruno", library=5)], **kwargs)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game


@pytest.mark.rules("702.33d")
def test_kicker_and_or_is_two_kicker_costs():
    assert kicker_costs(Card("Stormscape Battlemage").definition) == ("{W}", "{2}{B}")
    assert kicker_costs(Card("Inscription of Abundance").definition) == ("{2}{G}",)
    assert kicker_costs(Card("Hill Giant").definition) == ()


def test_multikicker_is_not_modelled():
    definition = CardDefinition()
    definition.keywords = ("Multikicker {1}{G}",)
    with pytest.raises(NotModelledError):
        kicker_costs(definition)


@pytest.mark.rules("702.33a", "601.2f")
def test_kicker_costs_are_added_to_the_total_cost_and_paid():
    ana = Player("Ana", hand=["Stormscape Battlemage"], library=5)
    game = _game(ana, pay_mana=True)
    ana.mana_pool.add([Mana("U"), Mana("U"), Mana("U"), Mana("W"), Mana("B"), Mana("B")])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Stormscape Battlemage", kicker=["{W}", "{2}{B}"])  # {2}{U}{W}{2}{B}: 7 mana
    assert len(ana.hand) == 1
    game.cast(ana, "Stormscape Battlemage", kicker=["{2}{B}"])  # {2}{U} + {2}{B}: 6 mana
    assert not ana.mana_pool


def test_a_kicker_cost_must_be_one_of_the_cards_and_paid_once():
    ana = Player("Ana", hand=["Stormscape Battlemage", "Hill Giant"], library=5)
    game = _game(ana)
    with pytest.raises(IllegalActionError, match="702.33b"):
        game.cast(ana, "Stormscape Battlemage", kicker=True)
    with pytest.raises(IllegalActionError, match="not a kicker cost"):
        game.cast(ana, "Stormscape Battlemage", kicker=["{1}"])
    with pytest.raises(IllegalActionError, match="once"):
        game.cast(ana, "Stormscape Battlemage", kicker=["{W}", "{W}"])
    with pytest.raises(IllegalActionError, match="no kicker"):
        game.cast(ana, "Hill Giant", kicker=True)
    assert not [e for e in game.events if e.kind == "kicked"]


@pytest.mark.rules("702.33e", "607.2i")
def test_each_ability_is_linked_to_its_own_kicker_cost():
    ana = Player("Ana", hand=["Stormscape Battlemage"] * 2, library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], library=5)
    game = _game(ana, bruno)
    game.cast(ana, ana.hand[0], kicker=["{W}"])
    game.resolve_stack()
    assert ana.life == 23 and [c.name for c in bruno.battlefield] == ["Hill Giant"]
    game.cast(ana, ana.hand[0], kicker=["{2}{B}"])
    game.resolve_stack()
    assert ana.life == 23 and bruno.battlefield == []


def test_the_destroy_ability_leaves_no_regeneration():
    ana = Player("Ana", hand=["Stormscape Battlemage"], library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], library=5)
    game = _game(ana, bruno)
    giant = bruno.battlefield[0]
    game.regenerate(giant)
    game.cast(ana, "Stormscape Battlemage", kicker=["{2}{B}"])
    game.resolve_stack()
    assert giant.zone.name == "GRAVEYARD"


@pytest.mark.rules("400.7")
def test_a_permanent_that_changes_zones_was_never_kicked():
    ana = Player("Ana", hand=["Stormscape Battlemage"], library=5)
    game = _game(ana)
    spell = game.cast(ana, "Stormscape Battlemage", kicker=["{W}"])
    battlemage = spell.card
    assert game.was_kicked(spell) and game.was_kicked(battlemage) and game.was_kicked(battlemage, "{W}")
    assert not game.was_kicked(battlemage, "{2}{B}")
    game.resolve_stack()
    assert game.was_kicked(battlemage, "{W}")
    game.return_to_hand([battlemage])
    assert not game.was_kicked(battlemage)
    game.cast(ana, battlemage)
    game.resolve_stack()
    assert not game.was_kicked(battlemage) and ana.life == 23


def test_the_intervening_if_looks_back_at_the_kicked_permanent_that_left():
    ana = Player("Ana", hand=["Stormscape Battlemage"], library=5)
    game = _game(ana)
    battlemage = game.cast(ana, "Stormscape Battlemage", kicker=["{W}"]).card
    game.pass_priority(ana)
    game.pass_priority(game.player("Bruno"))  # the creature spell resolves; its trigger is put on the stack
    assert len(game.stack) == 1
    game.return_to_hand([battlemage])
    game.resolve_stack()
    assert ana.life == 23


@pytest.mark.rules("601.4")
def test_modes_one_unless_kicked():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Inscription of Abundance"] * 2, library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], library=5)
    game = _game(ana, bruno)
    with pytest.raises(IllegalActionError, match="700.2"):
        game.cast(ana, ana.hand[0], modes=[0, 1], targets=[["Grizzly Bears"], ["Ana"]])
    spell = game.cast(ana, ana.hand[0], kicker=True, modes=[0, 1], targets=[["Grizzly Bears"], ["Ana"]])
    assert spell.modes == [0, 1]
    game.resolve_stack()
    assert ana.life == 24 and ana.battlefield[0].counters == {"+1/+1": 2}


def test_the_fight_mode_needs_both_of_its_targets():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Inscription of Abundance"], library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], hand=["Murder"], library=5)
    game = _game(ana, bruno)
    game.cast(ana, "Inscription of Abundance", modes=[2], targets=[["Grizzly Bears"], ["Hill Giant"]])
    game.pass_priority(ana)
    game.cast(bruno, "Murder", targets=["Hill Giant"])
    game.resolve_stack()
    assert ana.battlefield[0].damage == 0
    assert not [e for e in game.events if e.kind == "fight"]


def test_the_fight_mode_targets_a_creature_you_dont_control():
    ana = Player("Ana", battlefield=["Grizzly Bears", "Llanowar Elves"], hand=["Inscription of Abundance"], library=5)
    game = _game(ana)
    assert game.legal_targets("creature you don't control", ana) == []
    with pytest.raises(IllegalActionError, match="700.2a"):
        game.cast(ana, "Inscription of Abundance", modes=[2], targets=[["Grizzly Bears"], ["Llanowar Elves"]])


@pytest.mark.rules("707.10")
def test_a_copy_of_a_kicked_spell_is_kicked():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Inscription of Abundance", "Inscription of Abundance"], library=5)
    game = _game(ana)
    kicked = game.cast(ana, ana.hand[0], kicker=True, modes=[0, 1], targets=[["Grizzly Bears"], ["Ana"]])
    assert game.was_kicked(game.copy_spell(kicked))
    plain = game.cast(ana, ana.hand[0], modes=[0], targets=[["Grizzly Bears"]])
    assert not game.was_kicked(game.copy_spell(plain))
