"""Illegal targets as a spell or ability resolves (608.2b), a card that left and came back is a
new object (400.7), and protection in every path (702.16): targeting, including copies given
new targets, damage, blocking and attaching. Written from the rules' own sentences."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, NotModelledError, Player, ScriptedDecisions, Step
from kb.engine.define import Trigger, card, deal_damage, when_enters
from kb.engine.errors import IllegalTargetError
from kb.engine.layers import grant

AuditRedPinger = card(
    "Audit Red Pinger", mana_cost="{1}{R}", type_line="Creature — Goblin", power=1, toughness=1,
    oracle="When this creature enters, it deals 1 damage to any target.",
    triggered=[Trigger("When this creature enters, it deals 1 damage to any target.", when_enters(), deal_damage(1), target="any")],
)


def _game(ana_battlefield=(), ana_hand=(), bruno_battlefield=(), bruno_hand=(), ana=(), bruno=()):
    a = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=10)
    b = Player("Bruno", battlefield=list(bruno_battlefield), hand=list(bruno_hand), library=10)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=list(ana), Bruno=list(bruno)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, a, b


def _flicker(game: Game, creature: Card) -> None:
    """Exile `creature` and return it to the battlefield under its owner's control."""
    owner = creature.owner
    game.exile_cards([creature])
    game.put_onto_battlefield(creature, owner)


def _pro(colour: str, power: int = 2, toughness: int = 2) -> Card:
    return Card.creature(power, toughness, name=f"Pro-{colour}", keywords=[f"Protection from {colour}"])


# ----- 608.2b and 400.7

@pytest.mark.rules("608.2b", "400.7", "702.47b")
def test_spliced_text_doesnt_affect_a_creature_that_left_and_came_back():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game(ana_hand=["Reach Through Mists", "Glacial Ray"], bruno_battlefield=[bears])
    game.cast(ana, "Reach Through Mists", splice={"Glacial Ray": [bears]})
    _flicker(game, bears)
    game.resolve_stack()
    # Its only target is illegal: the whole spell doesn't resolve, and draws no card.
    assert bears.zone.value == "battlefield" and bears.damage == 0
    assert [c.name for c in ana.hand] == ["Glacial Ray"] and any(e.kind == "fizzles" for e in game.events)


@pytest.mark.rules("608.2b", "400.7")
def test_a_spell_whose_only_target_left_and_came_back_doesnt_resolve():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game(ana_hand=["Lightning Bolt"], bruno_battlefield=[bears])
    game.cast(ana, "Lightning Bolt", targets=[bears])
    _flicker(game, bears)
    game.resolve_stack()
    assert bears.damage == 0 and any(e.kind == "fizzles" for e in game.events)
    assert not any(e.kind == "resolves" for e in game.events)


@pytest.mark.rules("608.2b", "400.7")
def test_an_ability_whose_target_left_and_came_back_doesnt_resolve():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game(["Mogg Fanatic"], bruno_battlefield=[bears])
    game.activate(ana, "Mogg Fanatic", targets=[bears])
    _flicker(game, bears)
    game.resolve_stack()
    assert bears.damage == 0 and any(e.kind == "fizzles" for e in game.events)


@pytest.mark.rules("608.2b", "400.7")
def test_two_targets_one_left_and_came_back_only_the_other_is_affected():
    bears, giant = Card("Grizzly Bears"), Card("Hill Giant")
    game, ana, bruno = _game(ana_hand=["Arc Trail"], bruno_battlefield=[bears, giant])
    game.cast(ana, "Arc Trail", targets=[[giant], [bears]])
    _flicker(game, giant)
    game.resolve_stack()
    assert giant.damage == 0 and bears.damage == 1


@pytest.mark.rules("608.2b", "702.16b")
def test_a_target_that_gained_protection_is_illegal_and_not_affected():
    bears, giant = Card("Grizzly Bears"), Card("Hill Giant")
    game, ana, bruno = _game(ana_hand=["Arc Trail"], bruno_battlefield=[bears, giant])
    game.cast(ana, "Arc Trail", targets=[[giant], [bears]])
    game.add_effect(grant("Protection from red", affected=[bears]))
    game.resolve_stack()
    assert bears.damage == 0 and giant.damage == 2


@pytest.mark.rules("608.2b", "700.2")
def test_a_modal_spell_with_its_target_gone_and_back_doesnt_resolve():
    angel = Card.creature(4, 4, name="Flier", keywords=["Flying"])
    game, ana, bruno = _game(ana_hand=["Emerald Charm"], bruno_battlefield=[angel])
    game.cast(ana, "Emerald Charm", modes=[2], targets=[[angel]])
    _flicker(game, angel)
    game.resolve_stack()
    assert "Flying" in angel.keywords


@pytest.mark.rules("608.2b", "400.7", "707.10")
def test_a_copy_targets_the_same_object_and_not_one_that_came_back():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game(ana_hand=["Lightning Bolt", "Twincast"], bruno_battlefield=[bears], ana=[[[bears]]])
    bolt = game.cast(ana, "Lightning Bolt", targets=[bears])
    game.cast(ana, "Twincast", targets=[bolt])
    game.pass_all()  # Twincast resolves: a copy of the Bolt targeting the Bears
    _flicker(game, bears)
    game.resolve_stack()
    assert bears.damage == 0 and bears.zone.value == "battlefield"


# ----- 702.16b: targeting

@pytest.mark.rules("702.16b", "707.10c", "707.9")
def test_a_red_copy_cant_be_given_a_new_target_with_protection_from_red():
    walker = _pro("red")
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game(ana_hand=["Giant Growth", "Fork"], bruno_battlefield=[walker, bears])
    growth = game.cast(ana, "Giant Growth", targets=[bears])
    game.cast(ana, "Fork", targets=[growth])
    game.pass_all()
    choice = [d for d in game.decision_log if d.kind == "new_targets"][-1]
    offered = {id(t) for option in choice.options for group in option.groups for t in group}
    assert id(walker) not in offered and id(bears) in offered


@pytest.mark.rules("702.16b", "707.10c", "707.2")
def test_a_copy_has_the_colour_of_the_original_blue_twincast_copying_red_bolt():
    pro_red, pro_blue = _pro("red"), _pro("blue")
    game, ana, bruno = _game(ana_hand=["Lightning Bolt", "Twincast"], bruno_battlefield=[pro_red, pro_blue])
    bolt = game.cast(ana, "Lightning Bolt", targets=["Bruno"])
    game.cast(ana, "Twincast", targets=[bolt])
    game.pass_all()
    choice = [d for d in game.decision_log if d.kind == "new_targets"][-1]
    offered = {id(t) for option in choice.options for group in option.groups for t in group}
    assert id(pro_red) not in offered and id(pro_blue) in offered


@pytest.mark.rules("702.16b", "603.3d")
def test_a_triggered_ability_from_a_red_source_cant_target_protection_from_red():
    walker = _pro("red")
    game, ana, bruno = _game(ana_hand=["Audit Red Pinger"], bruno_battlefield=[walker])
    game.cast(ana, "Audit Red Pinger")
    game.pass_all()
    choice = [d for d in game.decision_log if d.kind == "target"][-1]
    assert not any(t is walker for t in choice.options)


@pytest.mark.rules("702.16b")
def test_a_red_spell_cant_target_protection_from_red_and_an_ability_of_a_red_source_neither():
    walker = _pro("red")
    game, ana, bruno = _game(["Mogg Fanatic"], ["Lightning Bolt"], bruno_battlefield=[walker])
    with pytest.raises(IllegalTargetError):
        game.cast(ana, "Lightning Bolt", targets=[walker])
    with pytest.raises(IllegalTargetError):
        game.activate(ana, "Mogg Fanatic", targets=[walker])


@pytest.mark.rules("702.16a", "702.16b")
def test_protection_from_a_creature_type_and_from_a_card_type():
    from_goblins = Card.creature(2, 2, name="Goblin-proof", keywords=["Protection from Goblins"])
    from_instants = Card.creature(2, 2, name="Instant-proof", keywords=["Protection from instants"])
    game, ana, bruno = _game(["Mogg Fanatic"], ["Lightning Bolt"], bruno_battlefield=[from_goblins, from_instants])
    with pytest.raises(IllegalTargetError):
        game.activate(ana, "Mogg Fanatic", targets=[from_goblins])
    with pytest.raises(IllegalTargetError):
        game.cast(ana, "Lightning Bolt", targets=[from_instants])


@pytest.mark.rules("702.16g")
def test_protection_from_two_colours_is_two_abilities():
    both = Card.creature(2, 2, name="Both", keywords=["Protection from red and from white"])
    game, ana, bruno = _game(ana_hand=["Lightning Bolt"], bruno_battlefield=[both])
    with pytest.raises(IllegalTargetError):
        game.cast(ana, "Lightning Bolt", targets=[both])


@pytest.mark.rules("702.16a")
def test_a_protection_the_engine_cant_read_is_refused():
    odd = Card.creature(2, 2, name="Odd", keywords=["Protection from the chosen player"])
    game, ana, bruno = _game(ana_hand=["Lightning Bolt"], bruno_battlefield=[odd])
    with pytest.raises(NotModelledError, match="702.16"):
        game.cast(ana, "Lightning Bolt", targets=[odd])


# ----- 702.16e: damage

@pytest.mark.rules("702.16e")
def test_damage_from_a_red_source_that_doesnt_target_is_prevented():
    walker, bears = _pro("red"), Card("Grizzly Bears")
    game, ana, bruno = _game(ana_hand=["Pyroclasm"], bruno_battlefield=[walker, bears])
    game.cast(ana, "Pyroclasm")
    game.resolve_stack()
    assert walker.damage == 0 and walker.zone.value == "battlefield" and bears.zone.value == "graveyard"
    assert any(e.kind == "damage_prevented" and e["target"] is walker for e in game.events)


@pytest.mark.rules("702.16e", "702.16j")
def test_protection_from_everything_prevents_all_damage():
    ward = _pro("everything")
    game, ana, bruno = _game(ana_hand=["Pyroclasm"], bruno_battlefield=[ward])
    game.cast(ana, "Pyroclasm")
    game.resolve_stack()
    assert ward.damage == 0


@pytest.mark.rules("702.16e", "510.1")
def test_combat_damage_from_a_red_creature_to_a_blocker_with_protection_is_prevented():
    goblin = Card.creature(3, 3, name="Red Attacker", colors="R")
    walker = _pro("red", 1, 1)
    a = Player("Ana", battlefield=[goblin], library=5)
    b = Player("Bruno", battlefield=[walker], library=5)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=[[goblin]], Bruno=[[(walker, goblin)]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.END_OF_COMBAT)
    assert walker.zone.value == "battlefield" and walker.damage == 0 and goblin.damage == 1


# ----- 702.16f: blocking

@pytest.mark.rules("702.16f")
def test_an_attacker_with_protection_from_red_cant_be_blocked_by_red_creatures():
    walker = _pro("red")
    red_blocker = Card.creature(2, 2, name="Red Blocker", colors="R")
    a = Player("Ana", battlefield=[walker], library=5)
    b = Player("Bruno", battlefield=[red_blocker], library=5)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=[[walker]], Bruno=[[(red_blocker, walker)]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.END_OF_COMBAT)
    blocks = [d for d in game.decision_log if d.kind == "blockers"][0]
    assert all(not option for option in blocks.options) and not walker.blocked_by and b.life == 18


@pytest.mark.rules("702.16j", "702.16f")
def test_an_attacker_with_protection_from_everything_cant_be_blocked():
    ward = _pro("everything")
    blocker = Card.creature(2, 2, name="Blocker")
    a = Player("Ana", battlefield=[ward], library=5)
    b = Player("Bruno", battlefield=[blocker], library=5)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=[[ward]], Bruno=[[(blocker, ward)]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.END_OF_COMBAT)
    blocks = [d for d in game.decision_log if d.kind == "blockers"][0]
    assert all(not option for option in blocks.options) and not ward.blocked_by and b.life == 18


# ----- 702.16c-d: Auras and Equipment

@pytest.mark.rules("702.16c", "704.5m")
def test_an_aura_on_a_creature_that_gains_protection_from_its_colour_goes_to_the_graveyard():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game([bears], ["Lure"])
    game.cast(ana, "Lure", targets=[bears])
    game.resolve_stack()
    lure = next(c for c in ana.battlefield if c.name == "Lure")
    game.add_effect(grant("Protection from green", affected=[bears]))
    game.pass_all()
    assert lure in ana.graveyard and bears in ana.battlefield


@pytest.mark.rules("702.16b", "702.16c", "303.4")
def test_an_aura_spell_cant_target_a_creature_with_protection_from_its_colour():
    walker = _pro("green")
    game, ana, bruno = _game([walker], ["Lure"])
    with pytest.raises(IllegalTargetError):
        game.cast(ana, "Lure", targets=[walker])


@pytest.mark.rules("702.16d", "704.5n")
def test_equipment_on_a_creature_that_gains_protection_from_artifacts_becomes_unattached_and_stays():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    assert game.attach(splitter, bears)
    game.add_effect(grant("Protection from artifacts", affected=[bears]))
    game.pass_all()
    assert splitter.attached_to is None and splitter in ana.battlefield and bears.power == 2


@pytest.mark.rules("702.16d", "702.16j")
def test_equipment_cant_be_attached_to_a_creature_with_protection_from_everything():
    ward, splitter = _pro("everything"), Card("Bonesplitter")
    game, ana, bruno = _game([ward, splitter])
    assert not game.attach(splitter, ward)


@pytest.mark.rules("608.2b", "702.16b", "603.3d")
def test_a_triggered_ability_whose_target_gains_protection_from_its_source_doesnt_resolve():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game(ana_hand=["Audit Red Pinger"], bruno_battlefield=[bears], ana=[bears])
    game.cast(ana, "Audit Red Pinger")
    game.pass_all()  # the creature spell resolves; its trigger goes on the stack targeting the Bears
    game.add_effect(grant("Protection from red", affected=[bears]))
    game.resolve_stack()
    assert bears.damage == 0 and any(e.kind == "fizzles" for e in game.events)


@pytest.mark.rules("608.2b", "303.4", "702.16b")
def test_an_aura_spell_whose_target_gains_protection_doesnt_resolve_and_goes_to_the_graveyard():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game([bears], ["Lure"])
    game.cast(ana, "Lure", targets=[bears])
    game.add_effect(grant("Protection from green", affected=[bears]))
    game.resolve_stack()
    assert [c.name for c in ana.graveyard] == ["Lure"] and all(c.name != "Lure" for c in ana.battlefield)


@pytest.mark.rules("608.2b", "400.7", "702.6a")
def test_an_equip_ability_whose_creature_left_and_came_back_does_nothing():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    game.activate(ana, splitter, targets=[bears])
    _flicker(game, bears)
    game.resolve_stack()
    assert splitter.attached_to is None and bears.power == 2


@pytest.mark.rules("707.10", "400.7", "608.2b")
def test_a_copy_made_after_the_target_left_and_came_back_copies_the_old_object_and_doesnt_resolve():
    bears = Card("Grizzly Bears")
    a = Player("Ana", hand=["Lightning Bolt", "Twincast"], library=10)
    b = Player("Bruno", battlefield=[bears], library=10)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=[[[bears]]]))  # keeps the copied target
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bolt = game.cast(a, "Lightning Bolt", targets=[bears])
    _flicker(game, bears)
    game.cast(a, "Twincast", targets=[bolt])
    game.resolve_stack()
    assert bears.damage == 0 and bears.zone.value == "battlefield"
    assert [e.kind for e in game.events].count("fizzles") == 2
