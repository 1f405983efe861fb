"""Meld (701.42) and melded permanents (712.4, 712.8g, 712.21): one permanent represented by two
cards, both of which go wherever it goes."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step, Zone


def _melded(ana_extra=(), bruno_battlefield=(), decisions=None, hand=()):
    ana = Player("Ana", battlefield=["Graf Rats", "Midnight Scavengers", *ana_extra], hand=list(hand), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[ana, bruno], decisions=decisions)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.resolve_stack()
    host = next(c for c in ana.battlefield if c.name == "Chittering Host")
    return game, ana, bruno, host


@pytest.mark.rules("712.8g", "701.42a")
def test_melded_permanent_is_one_object_with_the_combined_face():
    game, ana, _, host = _melded()
    assert [c.name for c in game.battlefield] == ["Chittering Host"]
    assert (host.power, host.toughness, host.colors, host.keywords) == (5, 6, ("B",), ("Menace",))
    # 712.8g: its mana value is the sum of its front faces' ({1}{B} and {4}{B}).
    assert host.mana_value == 7
    cards = game.cards_of(host)
    assert [c.zone for c in cards] == [Zone.BATTLEFIELD, Zone.BATTLEFIELD]
    assert not any(c is cards[1] for c in game.battlefield)
    assert [e.rule for e in game.events if e.kind == "meld"] == ["701.42a"]


def test_the_hosts_enter_trigger_pumps_only_the_other_creatures():
    game, ana, _, host = _melded(ana_extra=["Grizzly Bears"])
    bears = next(c for c in ana.battlefield if c.name == "Grizzly Bears")
    assert (bears.power, bears.toughness, "Menace" in bears.keywords) == (3, 2, True)
    assert (host.power, host.toughness) == (5, 6)


@pytest.mark.rules("712.4c")
def test_meld_cards_cant_transform():
    game, ana, _, host = _melded()
    assert game.transform(host) is False
    assert [e.rule for e in game.events if e.kind == "cant_transform"] == ["712.4c"]
    assert host.name == "Chittering Host"


def test_intervening_if_needs_both_cards_owned_and_controlled():
    ana = Player("Ana", battlefield=["Graf Rats"], library=5)
    bruno = Player("Bruno", battlefield=["Midnight Scavengers"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.resolve_stack()
    assert [c.name for c in game.battlefield] == ["Graf Rats", "Midnight Scavengers"]
    assert not game.exile


@pytest.mark.rules("701.42c")
def test_two_cards_of_different_pairs_or_the_same_card_dont_meld():
    ana = Player("Ana", graveyard=["Graf Rats", "Graf Rats", "Grizzly Bears"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    first, second, bears = ana.graveyard
    assert game.meld(first, second, ana) is None
    assert game.meld(first, bears, ana) is None
    assert game.meld(first, first, ana) is None
    assert [c.zone for c in (first, second, bears)] == [Zone.GRAVEYARD] * 3
    assert [e.rule for e in game.events if e.kind == "cant_meld"] == ["701.42c"] * 3


@pytest.mark.rules("712.21")
def test_dies_once_two_cards_put_into_the_graveyard():
    game, ana, _, host = _melded()
    before = len(game.events)
    game.destroy([host])
    events = game.events[before:]
    assert [len(e["cards"]) for e in events if e.kind == "dies"] == [1]
    assert [e["card"].name for e in events if e.kind == "put_into_graveyard"] == ["Graf Rats", "Midnight Scavengers"]
    assert [c.name for c in ana.graveyard] == ["Graf Rats", "Midnight Scavengers"]


@pytest.mark.rules("712.21")
def test_each_card_is_its_front_face_after_leaving():
    game, ana, _, host = _melded()
    game.destroy([host])
    assert [(c.name, c.power, c.toughness, c.mana_value) for c in ana.graveyard] == [("Graf Rats", 2, 1, 2), ("Midnight Scavengers", 3, 3, 5)]
    assert all(c.melded_with is None and not c.transformed for c in ana.graveyard)


@pytest.mark.rules("712.21")
def test_returned_to_hand_both_cards_go_and_are_announced():
    game, ana, _, host = _melded()
    returned = game.return_to_hand([host])
    assert [c.name for c in returned] == ["Graf Rats", "Midnight Scavengers"]
    assert [c.name for c in ana.hand] == ["Graf Rats", "Midnight Scavengers"]
    assert not game.battlefield


@pytest.mark.rules("712.21")
def test_exiled_both_cards_in_one_exile_event():
    game, ana, _, host = _melded()
    game.exile_cards([host])
    exiled = [e for e in game.events if e.kind == "exile"][-1]
    assert [c.name for c in exiled["cards"]] == ["Graf Rats", "Midnight Scavengers"]
    assert [c.name for c in game.exile] == ["Graf Rats", "Midnight Scavengers"]


def test_new_objects_finds_both_cards_only_while_they_stay_together():
    game, ana, _, host = _melded()
    game.destroy([host])
    rats, scavengers = ana.graveyard
    assert game.new_objects(rats, rats.incarnation) == [rats, scavengers]
    game.exile_cards([scavengers])
    assert game.new_objects(rats, rats.incarnation) == [rats]
    assert game.new_objects(rats, rats.incarnation - 1) == []


@pytest.mark.rules("712.21c")
def test_exiled_until_a_permanent_leaves_both_cards_return():
    ana = Player("Ana", battlefield=["Graf Rats", "Midnight Scavengers"], library=5)
    bruno = Player("Bruno", hand=["Banisher Priest"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Bruno=["Chittering Host"]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.resolve_stack()
    game.advance_to(Step.PRECOMBAT_MAIN, turn=4)
    game.cast(bruno, "Banisher Priest")
    game.resolve_stack()
    game.resolve_stack()
    assert [c.name for c in game.exile] == ["Graf Rats", "Midnight Scavengers"]
    priest = bruno.battlefield[0]
    game.destroy([priest])
    # 712.21c: both cards return, as two permanents, under their owner's control.
    assert sorted(c.name for c in ana.battlefield) == ["Graf Rats", "Midnight Scavengers"]


def test_a_replacement_sending_one_card_elsewhere_sends_both():
    game, ana, bruno, host = _melded(bruno_battlefield=["Leyline of the Void"])
    game.destroy([host])
    assert [c.name for c in game.exile] == ["Graf Rats", "Midnight Scavengers"]
    assert not ana.graveyard
    assert not [e for e in game.events if e.kind == "dies"]


def test_a_melded_permanent_is_a_nontoken_creature_target_and_a_token_is_not():
    game, ana, bruno, host = _melded()
    token = game.create_tokens(ana, Card.token(power=1, toughness=1, subtypes=["Saproling"]))[0]
    legal = game.legal_targets("nontoken creature", bruno)
    assert any(c is host for c in legal) and not any(c is token for c in legal)


@pytest.mark.rules("712.21a")
def test_put_into_a_library_the_owner_orders_the_two_cards():
    for wanted in (["Midnight Scavengers", "Graf Rats"], ["Graf Rats", "Midnight Scavengers"]):
        game, ana, _, host = _melded(decisions=ScriptedDecisions(Ana=[wanted]))
        game._move(host, Zone.LIBRARY)
        assert [c.name for c in ana.library[:2]] == wanted
        asked = [d for d in game.decision_log if d.kind == "order_melded_cards"]
        assert [d.rule for d in asked] == ["712.21a"]


def test_melding_a_commander_is_not_modelled():
    import pytest

    from kb.engine.errors import NotModelledError
    from kb.engine.variants_commander import Commander

    ana = Player("Ana", battlefield=["Graf Rats", "Midnight Scavengers"], library=5)
    game = Commander(players=[ana, Player("Bruno", library=5)], commanders={"Ana": "Midnight Scavengers"})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(NotModelledError):
        game.advance_to(Step.BEGINNING_OF_COMBAT)
        game.resolve_stack()
