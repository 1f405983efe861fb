"""Permissions and prohibitions on casting, judged on the spell as proposed (601.3, 601.5), bestow
(702.103) and adventurer cards (715)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step
from kb.engine.errors import CardNotFoundError, IllegalActionError, TimingError


def _game(ana: Player, bruno: Player | None = None, **kwargs) -> Game:
    game = Game(players=[ana, bruno or Player("Bruno", library=5)], **kwargs)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game


# ----- 601.3a, 601.5: a prohibition on a quality that choices may change


@pytest.mark.rules("601.5", "202.3e")
def test_void_winnower_lets_a_spell_with_x_begin_and_judges_the_value_chosen():
    bruno = Player("Bruno", hand=["Rolling Thunder", "Lightning Bolt", "Grizzly Bears"], library=5)
    ana = Player("Ana", battlefield=["Void Winnower"], library=5)
    game = Game(players=[bruno, ana])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    # Lightning Bolt's mana value is 1, odd; Grizzly Bears' 2, even.
    assert game.may_begin_to_cast(bruno, "Lightning Bolt")
    assert not game.may_begin_to_cast(bruno, "Grizzly Bears")
    with pytest.raises(IllegalActionError, match="601.5"):
        game.cast(bruno, "Grizzly Bears")
    for even in (0, 2, 4):
        with pytest.raises(IllegalActionError, match=f"X = {even}"):
            game.cast(bruno, "Rolling Thunder", x=even, targets=[["Ana"]])
    assert len(game.stack) == 0 and len(bruno.hand) == 3  # as before the proposal (601.5)
    spell = game.cast(bruno, "Rolling Thunder", x=1, targets=[["Ana"]])
    assert spell.card.mana_value == 3  # 202.3e: X counts on the stack


def test_void_winnower_does_not_stop_its_controller():
    ana = Player("Ana", battlefield=["Void Winnower"], hand=["Grizzly Bears"], library=5)
    game = _game(ana)
    game.cast(ana, "Grizzly Bears")
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Void Winnower", "Grizzly Bears"]


def test_void_winnower_stops_blocks_by_its_opponents_creatures_with_even_mana_values():
    ana = Player("Ana", battlefield=["Void Winnower", "Grizzly Bears"], library=5)
    bruno = Player("Bruno", battlefield=["Grizzly Bears", "Hill Giant", "Llanowar Elves"], library=5)
    game = _game(ana, bruno)
    winnower, mine = ana.battlefield
    bears, giant, elves = bruno.battlefield
    rule = winnower.definition.restricts_block
    assert rule(game, winnower, [(bears, mine)]) and not rule(game, winnower, [(elves, mine)])
    assert not rule(game, winnower, [(mine, giant)])


@pytest.mark.rules("202.3e")
def test_the_mana_value_of_a_spell_off_the_stack_counts_x_as_zero():
    card = Card("Rolling Thunder")
    assert card.mana_value == 2


# ----- 601.3b, 702.8a: as though it had flash


def _in_bruno_upkeep(*, battlefield, hand):
    ana = Player("Ana", battlefield=battlefield, hand=hand, library=5)
    bruno = Player("Bruno", library=5)
    game = Game(players=[ana, bruno], starting_player=bruno)
    game.start(at=Step.UPKEEP, turn=2)
    game.pass_priority(bruno)
    return game, ana


@pytest.mark.rules("601.3b")
def test_sigardas_aid_gives_flash_to_aura_spells_only():
    game, ana = _in_bruno_upkeep(battlefield=["Sigarda's Aid", "Grizzly Bears"], hand=["Nimbus Naiad", "Hill Giant"])
    assert not game.may_begin_to_cast(ana, "Hill Giant")
    with pytest.raises(TimingError):
        game.cast(ana, "Hill Giant")
    with pytest.raises(TimingError):
        game.cast(ana, "Nimbus Naiad")
    game.cast(ana, "Nimbus Naiad", bestow=True, targets=["Grizzly Bears"])


@pytest.mark.rules("601.3b")
def test_without_a_flash_effect_bestowed_is_still_sorcery_speed():
    game, ana = _in_bruno_upkeep(battlefield=["Grizzly Bears"], hand=["Nimbus Naiad"])
    assert not game.may_begin_to_cast(ana, "Nimbus Naiad")
    with pytest.raises(TimingError):
        game.cast(ana, "Nimbus Naiad", bestow=True, targets=["Grizzly Bears"])


@pytest.mark.rules("702.8a")
def test_vedalken_orrery_still_gives_every_spell_flash():
    game, ana = _in_bruno_upkeep(battlefield=["Vedalken Orrery"], hand=["Hill Giant"])
    assert game.may_begin_to_cast(ana, "Hill Giant")
    game.cast(ana, "Hill Giant")


# ----- 601.3, 601.3e: casting from the top of a library


@pytest.mark.rules("601.3")
def test_garruks_horde_allows_creature_spells_from_the_top_of_its_controllers_library_only():
    ana = Player("Ana", battlefield=["Garruk's Horde"], library=["Lightning Bolt", "Hill Giant"])
    bruno = Player("Bruno", library=["Grizzly Bears"])
    game = _game(ana, bruno)
    bolt, giant = ana.library
    assert not game.may_begin_to_cast(ana, bolt)
    with pytest.raises(IllegalActionError, match="601.3"):
        game.cast(ana, bolt, targets=["Bruno"])
    assert not game.may_begin_to_cast(ana, giant)  # not the top card
    with pytest.raises(CardNotFoundError):
        game.cast(ana, giant)
    assert not game.may_begin_to_cast(ana, bruno.library[0])  # not her library
    with pytest.raises(CardNotFoundError):
        game.cast(ana, "Grizzly Bears")


def test_garruks_horde_casting_from_the_library_is_a_cast_that_reveals_the_next_card():
    ana = Player("Ana", battlefield=["Garruk's Horde"], library=["Hill Giant", "Grizzly Bears"])
    game = _game(ana)
    game.cast(ana, "Hill Giant")
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Garruk's Horde", "Hill Giant"]
    assert game.may_begin_to_cast(ana, "Grizzly Bears")


def test_a_creature_card_with_morph_on_top_may_be_cast_either_way_with_garruks_horde():
    ana = Player("Ana", battlefield=["Garruk's Horde"], library=["Grinning Demon", "Island"])
    game = _game(ana)
    demon = ana.library[0]
    assert game.may_begin_to_cast(ana, demon, "normal") and game.may_begin_to_cast(ana, demon, "face down")
    game.cast_face_down(ana, demon)
    game.resolve_stack()
    assert demon.face_down and demon.zone.name == "BATTLEFIELD"


def test_melek_allows_no_face_down_spell():
    ana = Player("Ana", battlefield=["Melek, Izzet Paragon"], library=["Grinning Demon", "Island"])
    game = _game(ana)
    assert not game.may_begin_to_cast(ana, ana.library[0])
    with pytest.raises(IllegalActionError, match="face down"):
        game.cast_face_down(ana, ana.library[0])


# ----- 702.103: bestow


@pytest.mark.rules("702.103b")
def test_bestowed_spell_is_an_aura_spell_and_enters_attached():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Nimbus Naiad"], library=5)
    game = _game(ana)
    spell = game.cast(ana, "Nimbus Naiad", bestow=True, targets=["Grizzly Bears"])
    naiad = spell.card
    assert (naiad.types, naiad.subtypes, naiad.power) == (("Enchantment",), ("Aura",), None)
    assert not naiad.is_creature and game.is_bestowed(naiad)
    game.resolve_stack()
    bears = ana.battlefield[0]
    assert naiad.attached_to is bears and (bears.power, bears.toughness) == (4, 4) and "Flying" in bears.keywords
    assert not naiad.is_creature


@pytest.mark.rules("702.103a")
def test_bestow_costs_the_bestow_cost_rather_than_the_mana_cost():
    from kb.engine.pool import Mana

    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Nimbus Naiad", "Nimbus Naiad"], library=5)
    game = _game(ana, pay_mana=True)
    ana.mana_pool.add([Mana("U")] * 3)
    with pytest.raises(IllegalActionError):
        game.cast(ana, ana.hand[0], bestow=True, targets=["Grizzly Bears"])  # {4}{U}
    ana.mana_pool.add([Mana("U")] * 2)
    game.cast(ana, ana.hand[0], bestow=True, targets=["Grizzly Bears"])
    assert not ana.mana_pool


@pytest.mark.rules("702.103b")
def test_a_bestowed_spell_needs_a_creature_to_target():
    ana = Player("Ana", hand=["Nimbus Naiad"], library=5)
    game = _game(ana)
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Nimbus Naiad", bestow=True)
    game.cast(ana, "Nimbus Naiad")  # as a creature spell it needs none


@pytest.mark.rules("702.103a")
def test_a_card_without_bestow_cant_be_cast_bestowed():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Hill Giant"], library=5)
    game = _game(ana)
    with pytest.raises(IllegalActionError, match="702.103a"):
        game.cast(ana, "Hill Giant", bestow=True, targets=["Grizzly Bears"])


@pytest.mark.rules("702.103e")
def test_bestowed_spell_whose_target_is_gone_resolves_as_a_creature_spell():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Nimbus Naiad"], library=5)
    bruno = Player("Bruno", hand=["Murder"], library=5)
    game = _game(ana, bruno)
    naiad = game.cast(ana, "Nimbus Naiad", bestow=True, targets=["Grizzly Bears"]).card
    game.pass_priority(ana)
    game.cast(bruno, "Murder", targets=["Grizzly Bears"])
    game.resolve_stack()
    assert naiad.zone.name == "BATTLEFIELD" and naiad.is_creature and naiad.attached_to is None
    assert not game.is_bestowed(naiad)
    assert [e.rule for e in game.events if e.kind == "bestow_ends"] == ["702.103e"]
    assert not [e for e in game.events if e.kind == "fizzles"]


@pytest.mark.rules("702.103f")
def test_bestowed_aura_on_a_creature_that_stops_being_one_becomes_a_creature():
    ana = Player("Ana", battlefield=["Grizzly Bears"], hand=["Nimbus Naiad"], library=5)
    game = _game(ana)
    naiad = game.cast(ana, "Nimbus Naiad", bestow=True, targets=["Grizzly Bears"]).card
    game.resolve_stack()
    bears = ana.battlefield[0]
    game.return_to_hand([bears])
    game.check_state_based_actions()
    assert naiad.zone.name == "BATTLEFIELD" and naiad.is_creature and (naiad.power, naiad.toughness) == (2, 2)
    assert [e.rule for e in game.events if e.kind == "bestow_ends"] == ["702.103f"]
    assert not [e for e in game.events if e.kind == "aura_unattached"]


@pytest.mark.rules("601.3", "702.103b")
def test_aether_storm_stops_creature_spells_but_not_bestowed_ones():
    ana = Player("Ana", battlefield=["Aether Storm", "Grizzly Bears"], hand=["Nimbus Naiad", "Hill Giant"], library=5)
    game = _game(ana)
    assert not game.may_begin_to_cast(ana, "Hill Giant")
    assert game.may_begin_to_cast(ana, "Nimbus Naiad") and not game.may_begin_to_cast(ana, "Nimbus Naiad", "normal")
    with pytest.raises(IllegalActionError, match="Aether Storm"):
        game.cast(ana, "Hill Giant")
    game.cast(ana, "Nimbus Naiad", bestow=True, targets=["Grizzly Bears"])


# ----- 715: adventurer cards


@pytest.mark.rules("715.3", "715.3d")
def test_giant_killer_cast_as_chop_down_from_the_hand_then_from_exile():
    ana = Player("Ana", hand=["Giant Killer"], library=5)
    bruno = Player("Bruno", battlefield=["Grizzly Bears", "Garruk's Horde"], library=5)
    game = _game(ana, bruno)
    killer = ana.hand[0]
    with pytest.raises(IllegalActionError):
        game.cast(ana, killer, adventure=True, targets=["Grizzly Bears"])  # power 2
    spell = game.cast(ana, killer, adventure=True, targets=["Garruk's Horde"])
    assert (killer.name, killer.types, killer.mana_value) == ("Chop Down", ("Instant",), 3)
    assert spell.card is killer
    game.resolve_stack()
    assert [c.name for c in bruno.battlefield] == ["Grizzly Bears"]
    assert killer.zone.name == "EXILE" and killer.name == "Giant Killer"
    with pytest.raises(IllegalActionError, match="Adventure"):
        game.cast(ana, killer, adventure=True, targets=["Grizzly Bears"])
    game.cast(ana, killer)
    game.resolve_stack()
    assert killer.zone.name == "BATTLEFIELD" and killer.is_creature


@pytest.mark.rules("715.3d")
def test_an_adventure_that_doesnt_resolve_goes_to_the_graveyard():
    ana = Player("Ana", hand=["Giant Killer"], library=5)
    bruno = Player("Bruno", battlefield=["Garruk's Horde"], hand=["Murder"], library=5)
    game = _game(ana, bruno)
    killer = ana.hand[0]
    game.cast(ana, killer, adventure=True, targets=["Garruk's Horde"])
    game.pass_priority(ana)
    game.cast(bruno, "Murder", targets=["Garruk's Horde"])
    game.resolve_stack()
    assert killer.zone.name == "GRAVEYARD"
    assert not game.may_begin_to_cast(ana, killer)


@pytest.mark.rules("715.3")
def test_a_card_without_an_adventure_cant_be_cast_as_one():
    ana = Player("Ana", hand=["Hill Giant"], library=5)
    game = _game(ana)
    with pytest.raises(IllegalActionError, match="715.3"):
        game.cast(ana, "Hill Giant", adventure=True)


def test_the_proposals_of_a_card_name_each_way_to_cast_it():
    ana = Player("Ana", hand=["Giant Killer", "Nimbus Naiad", "Grinning Demon"], library=5)
    game = _game(ana)
    ways = {c.name: [p.way for p in game.proposals(ana, c)] for c in ana.hand}
    assert ways == {"Giant Killer": ["normal", "adventure"], "Nimbus Naiad": ["normal", "bestowed"], "Grinning Demon": ["normal", "face down"]}


@pytest.mark.rules("601.3")
def test_void_winnower_stops_a_spell_cast_with_flashback_too():
    ana = Player("Ana", battlefield=["Void Winnower"], library=5)
    bruno = Player("Bruno", graveyard=["Black Sun's Zenith"], library=5)
    game = Game(players=[bruno, ana])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    zenith = bruno.graveyard[0]
    game.grant_flashback([zenith])
    with pytest.raises(IllegalActionError, match="Void Winnower"):
        game.cast(bruno, zenith, flashback=True, x=2)  # {X}{B}{B}: 4
    game.cast(bruno, zenith, flashback=True, x=1)
