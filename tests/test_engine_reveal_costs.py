"""701.20c and 601.2b: "reveal a <subtype> card from your hand or pay {N}" as an additional cost;
a card already revealed (Telepathy) may be revealed again to pay it."""

from __future__ import annotations

import pytest

from kb.engine import CannotPayError, Game, Player, ScriptedDecisions, Step
from kb.engine.reveal_costs import hand_is_revealed


def _game(hand=("Silvergill Adept", "Coral Merfolk"), lands=2, telepathy=True, script=None):
    ana = Player("Ana", battlefield=["Telepathy"] if telepathy else [], library=5)
    bruno = Player("Bruno", hand=list(hand), battlefield=["Island"] * lands, library=5)
    game = Game(players=[ana, bruno], starting_player=bruno, pay_mana=True, decisions=ScriptedDecisions(Bruno=script or []))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("701.20c", "601.2b")
def test_telepathy_reveals_only_the_opponents_hands():
    game, ana, bruno = _game()
    assert hand_is_revealed(game, bruno) and not hand_is_revealed(game, ana)


@pytest.mark.rules("701.20c")
def test_revealing_a_revealed_card_pays_the_cost():
    game, ana, bruno = _game()
    game.cast(bruno, "Silvergill Adept", reveal="Coral Merfolk", mana_abilities=bruno.battlefield[:2])
    assert [(e.rule, [c.name for c in e["cards"]]) for e in game.events if e.kind == "reveal"] == [("701.20c", ["Coral Merfolk"])]
    assert [c.name for c in bruno.hand] == ["Coral Merfolk"]  # revealed, not discarded


@pytest.mark.rules("701.20a")
def test_without_telepathy_the_reveal_is_a_first_reveal():
    game, ana, bruno = _game(telepathy=False)
    game.cast(bruno, "Silvergill Adept", reveal="Coral Merfolk", mana_abilities=bruno.battlefield[:2])
    assert [e.rule for e in game.events if e.kind == "reveal"] == ["701.20a"]


@pytest.mark.rules("701.20c", "601.2b")
def test_paying_instead_adds_three_to_the_total_cost():
    game, ana, bruno = _game(lands=5)
    game.cast(bruno, "Silvergill Adept", reveal="pay {3}", mana_abilities=bruno.battlefield[:5])
    assert [e["cost"] for e in game.events if e.kind == "cost_locked"] == ["{4}{U}"]
    assert not any(e.kind == "reveal" for e in game.events)


@pytest.mark.rules("701.20c", "601.2b")
def test_paying_with_too_little_mana_fails():
    game, ana, bruno = _game(lands=2)
    with pytest.raises(CannotPayError):
        game.cast(bruno, "Silvergill Adept", reveal="pay {3}", mana_abilities=bruno.battlefield[:2])


@pytest.mark.rules("701.20c", "601.2b")
def test_a_card_that_is_not_a_merfolk_cannot_be_revealed():
    game, ana, bruno = _game(hand=("Silvergill Adept", "Grizzly Bears"))
    with pytest.raises(CannotPayError):
        game.cast(bruno, "Silvergill Adept", reveal="Grizzly Bears")


@pytest.mark.rules("701.20c", "601.2b")
def test_the_spell_itself_cannot_be_revealed_and_the_choice_is_asked():
    game, ana, bruno = _game(hand=("Silvergill Adept",), lands=5, script=["pay {3}"])
    game.cast(bruno, "Silvergill Adept", mana_abilities=bruno.battlefield[:5])
    assert [d.options for d in game.decision_log if d.kind == "reveal_or_pay"] == [("pay {3}",)]
