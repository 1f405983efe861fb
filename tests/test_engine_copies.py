"""Tests of copy effects (rule 707), from the rules' wording."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step
from kb.engine.layers import add_types, modify


def setup(*battlefield, hand=(), answers=()):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=10)
    game = Game(players=[ana, Player("Bruno", library=10)], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("707.2b")
def test_changing_the_original_later_does_not_change_the_copy():
    """707.2b: "Once an object has been copied, changing the copiable values of the original
    object won't cause the copy to change."""
    game, ana = setup("Grizzly Bears", "Runeclaw Bear", "Hill Giant")
    bears, other, giant = ana.battlefield
    game.become_copy(other, bears)
    game.become_copy(bears, giant)
    assert bears.name == "Hill Giant" and other.name == "Grizzly Bears"


@pytest.mark.rules("707.2")
def test_copiable_values_leave_out_other_effects():
    """707.2: copiable values are the printed values as modified by other copy effects only."""
    game, ana = setup("Grizzly Bears", "Runeclaw Bear")
    bears, other = ana.battlefield
    game.add_effect(modify(3, 3, affected=[bears]))
    game.add_effect(add_types("Artifact", affected=[bears]))
    game.become_copy(other, bears)
    assert (other.power, other.toughness, other.types) == (2, 2, ("Creature",))


@pytest.mark.rules("707.2a")
def test_a_copy_does_what_the_original_does():
    """707.2a: "A copy acquires the abilities of the object it's copying"."""
    game, ana = setup("Wall of Omens", hand=["Clone"], answers=["Wall of Omens"])
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[1]
    assert clone.definition.original.name == "Wall of Omens" and clone.printed_definition.name == "Clone"
    assert len(ana.hand) == 1


@pytest.mark.rules("704.5f")
def test_clone_may_copy_nothing_and_then_dies():
    """Clone is 0/0: entering as a copy of nothing, it is put into the graveyard (704.5f)."""
    game, ana = setup("Grizzly Bears", hand=["Clone"], answers=[False])
    game.cast(ana, "Clone")
    game.resolve_stack()
    assert [c.name for c in ana.graveyard] == ["Clone"]


@pytest.mark.rules("400.7")
def test_a_copy_that_leaves_the_battlefield_is_itself_again():
    """400.7: the copy effect ends with the object."""
    game, ana = setup("Grizzly Bears", hand=["Clone"], answers=["Grizzly Bears"])
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[1]
    game.destroy([clone])
    assert clone.name == "Clone" and clone in ana.graveyard


@pytest.mark.rules("111.4")
def test_a_token_copy_is_a_token_with_the_original_name():
    """111.4: a token that is a copy has the copied name, not "<subtype> Token"."""
    game, ana = setup("Doomed Dissenter")
    token = game.create_token_copy(ana, ana.battlefield[0])
    assert token.is_token and token.name == "Doomed Dissenter" and token.power == 1
