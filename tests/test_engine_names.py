"""Choosing a card name, each test built from the wording of rules 201.4, 201.4a and 709.4a."""

import pytest

from kb.engine import Game, IllegalChoiceError, Player, ScriptedDecisions, Step
from kb.engine.objects import oracle_card_names


# 201.4 "... the player must choose the name of a card in the Oracle card reference ... A player
# may not choose the name of a token unless it's also the name of a card."


@pytest.mark.rules("201.4")
def test_every_name_is_a_card_the_engine_knows_and_no_token_is():
    names = oracle_card_names()
    assert "Lightning Bolt" in names and "Grizzly Bears" in names
    assert "Saproling Token" not in names and "Assault // Battery" not in names


# 201.4a "If a player is instructed to choose a card name with certain characteristics, the
# player must choose the name of a card whose Oracle text matches those characteristics."


@pytest.mark.rules("201.4a")
@pytest.mark.parametrize("name, types, offered", [
    ("Juggernaut", ("Artifact",), True),
    ("Seat of the Synod", ("Artifact",), True),
    ("Seat of the Synod", ("Artifact", "Land"), True),
    ("Island", ("Artifact",), False),
    ("Grizzly Bears", ("Artifact",), False),
    ("Grizzly Bears", ("Creature",), True),
])
def test_names_by_oracle_types(name, types, offered):
    assert (name in oracle_card_names(*types)) is offered


# 709.4a "If an effect instructs a player to choose a card name and the player wants to choose a
# split card's name, the player must choose one of those names and not both."


@pytest.mark.rules("709.4a")
def test_a_split_card_offers_each_name():
    names = oracle_card_names("Sorcery")
    assert "Assault" in names and "Battery" in names
    assert "Ice" in oracle_card_names("Instant") and "Ice" not in names


def test_choosing_a_name_that_is_not_offered_is_refused():
    ana = Player("Ana", hand=["Dispossess"], library=5)
    bruno = Player("Bruno", library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=["Grizzly Bears"], fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Dispossess", targets=[bruno])
    with pytest.raises(IllegalChoiceError):
        game.resolve_stack()


def test_each_face_of_a_double_faced_card_is_a_name():
    names = oracle_card_names("Creature")
    assert "Huntmaster of the Fells" in names and "Ravager of the Fells" in names
