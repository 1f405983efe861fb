"""Rule 615.7: when two or more sources would deal damage at the same time to what a prevention
shield protects, the player (or the permanent's controller) chooses which damage it prevents,
through the decisions API, and lifelink follows that choice."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, MissingDecisionError, Player, ScriptedDecisions, Step
from kb.engine.replacement import ShieldDivision, prevent_damage


def _combat(answer):
    ana = Player("Ana", battlefield=[Card.creature(2, 2, name="Lifelinker", keywords=["Lifelink"]), Card.creature(3, 3, name="Brute")])
    bruno = Player("Bruno", hand=["Mending Hands"])
    script = {"Ana": [["Lifelinker", "Brute"]], "Bruno": [answer] if answer is not None else []}
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(script, fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.pass_priority()
    game.add_mana(bruno, ["W"])
    game.cast(bruno, "Mending Hands", targets=[bruno])
    game.resolve_stack()
    game.advance_to(Step.END_OF_COMBAT)
    return game, ana, bruno


@pytest.mark.rules("615.7")
@pytest.mark.parametrize(
    "answer, ana_life, bruno_life",
    [
        ({"Lifelinker": 2, "Brute": 2}, 20, 19),  # all the lifelinker's damage prevented
        ({"Brute": 3, "Lifelinker": 1}, 21, 19),
        ([("Brute", 2), ("Lifelinker", 2)], 20, 19),
    ],
)
def test_the_shielded_player_chooses_which_damage_is_prevented_and_lifelink_follows(answer, ana_life, bruno_life):
    game, ana, bruno = _combat(answer)
    (decision,) = [d for d in game.decision_log if d.kind == "shield_prevents"]
    assert decision.player is bruno and decision.rule == "615.7"
    assert all(isinstance(option, ShieldDivision) and sum(a for _, a in option) == 4 for option in decision.options)
    assert (ana.life, bruno.life) == (ana_life, bruno_life)


@pytest.mark.rules("615.7")
def test_no_choice_when_the_shield_prevents_all_of_it_or_one_source_deals_it():
    ana = Player("Ana", battlefield=[Card.creature(1, 1, name="Small"), Card.creature(2, 2, name="Other")])
    bruno = Player("Bruno")
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.add_replacement(prevent_damage(3, to=bruno))
    small, other = ana.battlefield
    game._deal_damage_from_each([(small, bruno, 1), (other, bruno, 2)])
    game.deal_damage(other, bruno, 5)
    assert not [d for d in game.decision_log if d.kind == "shield_prevents"]
    assert bruno.life == 15


@pytest.mark.rules("615.7")
def test_the_controller_of_a_shielded_creature_chooses_even_when_another_player_owns_it():
    lifelinker = Card.creature(2, 2, name="Lifelinker", keywords=["Lifelink"])
    brute = Card.creature(3, 3, name="Brute")
    ana = Player("Ana", battlefield=[lifelinker, brute])
    wall = Card.creature(0, 6, name="Wall")
    bruno = Player("Bruno", battlefield=[wall])
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Bruno=[{"Lifelinker": 1, "Brute": 3}], fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.add_replacement(prevent_damage(4, to=wall))
    game._deal_damage_from_each([(lifelinker, wall, 2), (brute, wall, 3)])
    (decision,) = [d for d in game.decision_log if d.kind == "shield_prevents"]
    assert decision.player is bruno and wall.damage == 1 and ana.life == 21


@pytest.mark.rules("615.7")
def test_a_missing_answer_is_a_missing_decision_not_the_battlefield_order():
    with pytest.raises(MissingDecisionError):
        _combat(None)


@pytest.mark.rules("615.7")
def test_two_shields_each_ask_and_together_prevent_no_more_than_their_sum():
    ana = Player("Ana", battlefield=[Card.creature(2, 2, name="Lifelinker", keywords=["Lifelink"]), Card.creature(3, 3, name="Brute")])
    bruno = Player("Bruno")
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Bruno=[{"Lifelinker": 1}, {"Lifelinker": 1}, "prevent the next 1 damage"], fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.add_replacement(prevent_damage(1, to=bruno))
    game.add_replacement(prevent_damage(1, to=bruno))
    lifelinker, brute = ana.battlefield
    game._deal_damage_from_each([(lifelinker, bruno, 2), (brute, bruno, 3)])
    assert len([d for d in game.decision_log if d.kind == "shield_prevents"]) == 2
    assert (bruno.life, ana.life) == (17, 20)


@pytest.mark.rules("615.7")
def test_a_shield_with_another_effect_on_the_same_damage_is_not_modelled():
    from kb.engine import NotModelledError

    ana = Player("Ana", battlefield=[Card.creature(2, 2, name="Small"), Card.creature(3, 3, name="Big"), "Gratuitous Violence"])
    bruno = Player("Bruno")
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.add_replacement(prevent_damage(2, to=bruno))
    small, big = ana.battlefield[:2]
    with pytest.raises(NotModelledError, match="615.7"):
        game._deal_damage_from_each([(small, bruno, 2), (big, bruno, 3)])
