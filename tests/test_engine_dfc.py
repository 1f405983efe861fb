"""Double-faced cards that transform, each test built from the wording of rules 202.3b, 701.27,
712.8, 712.9 and 712.18."""

import pytest

from kb.engine import Card, Game, NotModelledError, Player, ScriptedDecisions, Step
from kb.engine.layers import modify
from kb.engine.objects import Zone


def game_with(battlefield=(), hand=(), library=5, bruno_battlefield=(), answers=()):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=library)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


# 712.8a "While a double-faced card is outside the game or in a zone other than the battlefield or
# stack, it has only the characteristics of its front face."


@pytest.mark.rules("712.8a")
def test_off_the_battlefield_it_is_its_front_face():
    card = Card("Huntmaster of the Fells")
    assert (card.name, card.power, card.mana_value, card.colors) == ("Huntmaster of the Fells", 2, 4, ("R", "G"))


# 712.8e "While a nonmodal double-faced permanent has its back face up, it has only the
# characteristics of its back face. However, its mana value is calculated using the mana cost of
# its front face."


def test_back_face_up():
    game, ana, bruno = game_with(["Delver of Secrets"])
    delver = ana.battlefield[0]
    assert game.transform(delver)
    assert (delver.name, delver.power, delver.toughness, delver.keywords, delver.colors) == ("Insectile Aberration", 3, 2, ("Flying",), ("U",))
    assert delver.mana_cost.text == "" and delver.mana_value == 1


# 701.27a "To transform a permanent, turn it over so that its other face is up." 712.18 "... it
# doesn't become a new object. Any effects that applied to that permanent will continue to apply"


@pytest.mark.rules("712.18")
def test_transforming_twice_and_effects_stay():
    game, ana, _ = game_with(["Village Ironsmith"])
    ironsmith = ana.battlefield[0]
    incarnation = ironsmith.incarnation
    game.add_effect(modify(1, 0, affected=[ironsmith]))
    game.transform(ironsmith)
    game.transform(ironsmith)
    assert ironsmith.name == "Village Ironsmith" and ironsmith.power == 2 and ironsmith.incarnation == incarnation


@pytest.mark.rules("712.8a")
def test_a_transformed_card_that_leaves_is_its_front_face_again():
    game, ana, _ = game_with(["Village Ironsmith"])
    ironsmith = ana.battlefield[0]
    game.transform(ironsmith)
    game.destroy([ironsmith])
    assert ironsmith.zone is Zone.GRAVEYARD and ironsmith.name == "Village Ironsmith" and not ironsmith.transformed


# 701.27c "If a spell or ability instructs a player to transform a permanent that isn't represented
# by a double-faced token or a double-faced card, nothing happens."


@pytest.mark.rules("701.27c")
def test_only_double_faced_cards_transform():
    game, ana, _ = game_with(["Grizzly Bears"])
    assert not game.transform(ana.battlefield[0])
    assert ana.battlefield[0].name == "Grizzly Bears"


# 202.3b "If a permanent or spell is a copy of the back face of a nonmodal double-faced object ...
# the mana value of the copy is 0."


@pytest.mark.rules("202.3b")
def test_a_copy_of_a_front_face_keeps_its_mana_value():
    game, ana, _ = game_with(["Huntmaster of the Fells"], hand=["Clone"], answers=["Huntmaster of the Fells"])
    game.cast(ana, "Clone")
    game.resolve_stack()
    game.resolve_stack()
    clone = ana.battlefield[1]
    assert clone.name == "Huntmaster of the Fells" and clone.mana_value == 4
    assert [c.name for c in ana.battlefield].count("Wolf Token") == 1  # the Clone entered as a Huntmaster


# The werewolves: "At the beginning of each upkeep, if no spells were cast last turn, transform"


def test_werewolf_transforms_after_a_turn_with_no_spells():
    game, ana, _ = game_with(["Village Ironsmith"])
    game.advance_to(Step.UPKEEP, turn=4)
    game.resolve_stack()
    assert ana.battlefield[0].name == "Ironfang"


def test_werewolf_stays_after_a_turn_with_a_spell():
    game, ana, bruno = game_with(["Village Ironsmith"], hand=["Lightning Bolt"])
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.advance_to(Step.UPKEEP, turn=4)
    game.resolve_stack()
    assert ana.battlefield[0].name == "Village Ironsmith"


def test_what_was_cast_before_the_game_was_picked_up_is_not_guessed():
    ana = Player("Ana", battlefield=["Village Ironsmith"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    with pytest.raises(NotModelledError):
        game.start(at=Step.UPKEEP, turn=3)


def test_ravager_with_a_second_possible_target_is_not_modelled():
    game, ana, _ = game_with(["Huntmaster of the Fells"], bruno_battlefield=["Grizzly Bears"])
    with pytest.raises(NotModelledError):
        game.transform(ana.battlefield[0])


def test_huntmaster_transforming_back_makes_a_wolf():
    game, ana, bruno = game_with(["Huntmaster of the Fells"])
    huntmaster = ana.battlefield[0]
    game.transform(huntmaster)
    game.resolve_stack()
    game.transform(huntmaster)
    game.resolve_stack()
    assert bruno.life == 18 and ana.life == 22 and [c.name for c in ana.battlefield].count("Wolf Token") == 1


def test_delver_transforms_only_on_an_instant_or_sorcery():
    for top, expected in (("Lightning Bolt", "Insectile Aberration"), ("Grizzly Bears", "Delver of Secrets")):
        ana = Player("Ana", battlefield=["Delver of Secrets"], library=[top, "Island", "Island"])
        game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=[True]))
        game.start(at=Step.UPKEEP, turn=3)
        game.resolve_stack()
        assert ana.battlefield[0].name == expected


# 707.8a "If an effect creates a token that is a copy of a double-faced permanent ... the resulting
# token is a double-faced token that has both a front face and a back face. ... If the token is a
# copy of a double-faced permanent with its back face up, the token enters the battlefield with its
# back face up."


@pytest.mark.parametrize("transformed", [False, True])
def test_a_token_copy_of_a_double_faced_permanent(transformed):
    game, ana, _ = game_with(["Afflicted Deserter"], hand=["Spitting Image"])
    deserter = ana.battlefield[0]
    if transformed:
        game.transform(deserter)
        game.resolve_stack()
    game.cast(ana, "Spitting Image", targets=[deserter])
    game.resolve_stack()
    token = ana.battlefield[1]
    assert token.is_token and token.transformed is transformed and token.name == deserter.name
    assert game.transform(token) and token.transformed is not transformed


def test_a_token_copy_of_a_clone_copying_a_double_faced_card_cannot_transform():
    game, ana, _ = game_with(["Afflicted Deserter"], hand=["Clone", "Spitting Image"], answers=["Afflicted Deserter"])
    game.cast(ana, "Clone")
    game.resolve_stack()
    game.cast(ana, "Spitting Image", targets=[ana.battlefield[1]])
    game.resolve_stack()
    token = ana.battlefield[2]
    assert token.name == "Afflicted Deserter" and not game.transform(token)


def test_ransacker_destroys_an_artifact_and_deals_damage_to_its_controller():
    ana = Player("Ana", battlefield=["Afflicted Deserter"], library=5)
    bruno = Player("Bruno", battlefield=["Juggernaut"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[True]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.transform(ana.battlefield[0])
    game.resolve_stack()
    assert bruno.battlefield == [] and bruno.life == 17


# 903.4d "The back face of a double-faced card ... is included when determining a card's color
# identity."


def test_color_identity_counts_the_back_face():
    from kb.engine.commander import color_identity, fits_commander_deck

    assert color_identity(Card("Civilized Scholar")) == ("U", "R")
    assert color_identity(Card("Delver of Secrets")) == ("U",)
    assert not fits_commander_deck(Card("Civilized Scholar"), Card("Delver of Secrets"))


def test_the_brute_that_attacked_stays_a_brute():
    ana = Player("Ana", battlefield=["Civilized Scholar"], library=["Grizzly Bears", "Island", "Island"])
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=[["Homicidal Brute"]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    scholar = ana.battlefield[0]
    scholar.entered_turn = 1
    game.activate(ana, scholar)
    game.resolve_stack()
    game.advance_to(Step.END)
    game.resolve_stack()
    assert scholar.name == "Homicidal Brute" and game.player("Bruno").life == 15


# 712.9 (example 2): a double-faced permanent copying a single-faced creature can still transform,
# and it stays a copy while the copy effect lasts.


def test_a_double_faced_copy_transforms_and_stays_a_copy():
    game, ana, _ = game_with(["Kruin Outlaw", "Elite Vanguard"], hand=["Cytoshape", "Moonmist"], answers=["Elite Vanguard"])
    outlaw, vanguard = ana.battlefield
    game.cast(ana, "Cytoshape", targets=[outlaw])
    game.resolve_stack()
    game.cast(ana, "Moonmist")
    game.resolve_stack()
    assert outlaw.transformed and outlaw.name == "Elite Vanguard" and not vanguard.transformed


def test_moonmist_prevents_combat_damage_from_non_werewolves_only():
    ana = Player("Ana", battlefield=["Grizzly Bears", "Village Ironsmith"], hand=["Moonmist"], library=5)
    bruno = Player("Bruno", library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[["Grizzly Bears", "Ironfang"]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Moonmist")
    game.resolve_stack()
    assert ana.battlefield[1].name == "Ironfang"
    game.advance_to(Step.END_OF_COMBAT)
    assert bruno.life == 20 - 3  # the Bears' 2 is prevented, Ironfang's 3 isn't


def test_terror_of_kruin_pass_needs_two_blockers():

    ana = Player("Ana", battlefield=["Kruin Outlaw"], library=5)
    bruno = Player("Bruno", battlefield=["Grizzly Bears", "Hill Giant"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    terror = ana.battlefield[0]
    game.transform(terror)
    bears, giant = bruno.battlefield
    assert terror.definition.restricts_block(game, terror, [(bears, terror)])
    assert not terror.definition.restricts_block(game, terror, [(bears, terror), (giant, terror)])
