"""Costs and requirements to attack and block (508.1c–d, 508.1h, 509.1c): Ghostly Prison and
Propaganda, "attacks each combat if able", Lure; the most requirements obeyed without paying a
cost; illegal declarations refused."""

from __future__ import annotations

import pytest

from kb.engine import Card, CardDefinition, Game, Player, ScriptedDecisions, Step
from kb.engine.errors import IllegalChoiceError, NotModelledError
from kb.examples.narration import narrate

EAGER = "Attacks each combat if able"


def game_with(ana_battlefield, bruno_battlefield, ana=(), bruno=(), ana_hand=(), pay_mana=False):
    a = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=5)
    b = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=list(ana), Bruno=list(bruno)), pay_mana=pay_mana)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, a, b


def attackers_decision(game):
    return [d for d in game.decision_log if d.kind == "attackers"][0]


@pytest.mark.rules("508.1h")
def test_ghostly_prison_taxes_each_attacker_and_the_cost_is_paid():
    bears, elves = Card("Grizzly Bears"), Card("Llanowar Elves")
    game, ana, bruno = game_with([bears, elves], ["Ghostly Prison"], ana=[[bears, elves]])
    game.advance_to(Step.END_OF_COMBAT)
    assert bruno.life == 17
    paid = [e for e in game.events if e.kind == "attack_cost"]
    assert len(paid) == 1 and paid[0]["cost"] == "{4}" and paid[0].rule == "508.1h"
    assert "Ana paga {4} para atacar." in [line.text for line in narrate(game.events, "es")]


def test_not_attacking_is_legal_under_propaganda_and_comes_first():
    bears = Card("Grizzly Bears")
    game, ana, bruno = game_with([bears], ["Propaganda"])
    game.advance_to(Step.END_OF_COMBAT)
    decision = attackers_decision(game)
    assert list(decision.answer) == [] and bruno.life == 20
    assert [d.cost.text for d in decision.options] == ["", "{2}"]


@pytest.mark.rules("508.1d")
def test_508_1d_a_requirement_doesnt_oblige_paying_a_cost():
    eager = Card.creature(2, 2, keywords=[EAGER])
    game, ana, bruno = game_with([eager], ["Ghostly Prison"])
    game.advance_to(Step.END_OF_COMBAT)
    decision = attackers_decision(game)
    assert list(decision.answer) == []  # it may still attack, paying, but needn't
    assert len(decision.options) == 2


@pytest.mark.rules("508.1d")
def test_508_1d_a_requirement_obeyed_for_free_must_be_obeyed():
    # A planeswalker isn't taxed by Ghostly Prison: the creature must attack it if it doesn't pay.
    eager = Card.creature(2, 2, keywords=[EAGER])
    garruk = Card("Garruk Wildspeaker", counters={"loyalty": 3})
    game, ana, bruno = game_with([eager], ["Ghostly Prison", garruk])
    game.advance_to(Step.END_OF_COMBAT)
    decision = attackers_decision(game)
    assert sorted(o[0][1].name for o in decision.options) == ["Bruno", "Garruk Wildspeaker"]
    assert all(len(o) == 1 for o in decision.options)  # not attacking disobeys a free requirement


def test_an_illegal_declaration_is_refused():
    eager = Card.creature(2, 2, keywords=[EAGER])
    garruk = Card("Garruk Wildspeaker", counters={"loyalty": 3})
    game, ana, bruno = game_with([eager], ["Ghostly Prison", garruk], ana=[[]])
    with pytest.raises(IllegalChoiceError):
        game.advance_to(Step.END_OF_COMBAT)


def test_declaring_targets_by_name_under_a_tax():
    eager = Card.creature(2, 2, keywords=[EAGER])
    garruk = Card("Garruk Wildspeaker", counters={"loyalty": 3})
    game, ana, bruno = game_with([eager], ["Propaganda", garruk], ana=[{eager: "Garruk Wildspeaker"}])
    game.advance_to(Step.END_OF_COMBAT)
    assert garruk.counters.get("loyalty", 0) == 1 and bruno.life == 20
    assert not any(e.kind == "attack_cost" for e in game.events)


def test_paying_with_mana_abilities_while_attacking_is_not_modelled():
    bears = Card("Grizzly Bears")
    game, ana, bruno = game_with([bears, "Forest", "Forest"], ["Ghostly Prison"], ana=[[bears]], pay_mana=True)
    with pytest.raises(NotModelledError):
        game.advance_to(Step.END_OF_COMBAT)


@pytest.mark.rules("509.1c")
def test_lure_every_creature_able_to_block_it_must():
    bears, other = Card("Grizzly Bears"), Card.creature(3, 3)
    wall, elves = Card.creature(0, 4), Card("Llanowar Elves")
    game, ana, bruno = game_with([bears, other], [wall, elves], ana_hand=["Lure"], ana=[[bears, other]])
    game.cast(ana, "Lure", targets=[bears])
    game.resolve_stack()
    game.advance_to(Step.END_OF_COMBAT)
    blocks = [d for d in game.decision_log if d.kind == "blockers"][0]
    for option in blocks.options:
        assert sorted(id(b) for b, a in option if a is bears) == sorted([id(wall), id(elves)])
    assert bruno.life == 17 and bears.zone.value == "battlefield"  # 1 damage from the Elves


@pytest.mark.rules("509.1c")
def test_lure_blocking_another_attacker_instead_is_illegal():
    bears, other = Card("Grizzly Bears"), Card.creature(3, 3)
    wall = Card.creature(0, 4, keywords=["Can block an additional creature each combat"])
    game, ana, bruno = game_with([bears, other], [wall], ana_hand=["Lure"], ana=[[bears, other]], bruno=[[(wall, other)]])
    game.cast(ana, "Lure", targets=[bears])
    game.resolve_stack()
    with pytest.raises(IllegalChoiceError):
        game.advance_to(Step.END_OF_COMBAT)


@pytest.mark.rules("509.1c")
def test_lure_doesnt_oblige_a_creature_that_cant_block_it():
    flier = Card.creature(2, 2, keywords=["Flying"])
    wall = Card.creature(0, 4)
    game, ana, bruno = game_with([flier], [wall], ana_hand=["Lure"], ana=[[flier]])
    game.cast(ana, "Lure", targets=[flier])
    game.resolve_stack()
    game.advance_to(Step.END_OF_COMBAT)
    assert bruno.life == 18


class SampleWarCry(CardDefinition):
    name = "Sample War Cry"
    mana_cost, types = "{R}", ("Enchantment",)
    oracle = "All creatures attack each combat if able."

    def attack_requirement(self, game, card, attacker):
        return True


@pytest.mark.rules("508.1d")
def test_a_permanent_can_require_every_creature_to_attack():
    bears, elves = Card("Grizzly Bears"), Card("Llanowar Elves")
    game, ana, bruno = game_with([bears, elves, "Sample War Cry"], [])
    game.advance_to(Step.END_OF_COMBAT)
    decision = attackers_decision(game)
    assert decision.forced and len(decision.options) == 1 and bruno.life == 17
