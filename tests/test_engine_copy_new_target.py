"""A copy of a spell that targets a new object, when a replacement effect makes several (707.10e)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step


def _game(battlefield, hand, decisions=None, bruno_battlefield=()):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[ana, bruno], decisions=decisions)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


def _copies(game):
    return [e["spell"] for e in game.events if e.kind == "spell_copied"]


@pytest.mark.rules("707.10e")
def test_one_token_one_copy_targeting_it_without_a_choice():
    game, ana = _game(["Frontline Heroism", "Grizzly Bears"], ["Moment of Triumph"])
    game.cast(ana, "Moment of Triumph", targets=["Grizzly Bears"])
    game.resolve_stack()
    tokens = [c for c in ana.battlefield if c.is_token]
    assert len(tokens) == 1 and _copies(game)[0].targets == tokens
    assert not [e for e in game.events if e.kind == "decision" and e["decision"].rule == "707.10e"]
    assert (tokens[0].power, tokens[0].toughness) == (2, 2) and ana.life == 22


@pytest.mark.rules("707.10e")
def test_with_two_tokens_the_controller_chooses_the_one_the_copy_targets():
    game, ana = _game(["Frontline Heroism", "Anointed Procession", "Grizzly Bears"], ["Moment of Triumph"])
    game.cast(ana, "Moment of Triumph", targets=["Grizzly Bears"])
    game.pass_priority(ana)
    game.pass_priority(game.player("Bruno"))  # Frontline Heroism's ability resolves
    first, second = [c for c in ana.battlefield if c.is_token]
    copy = _copies(game)[0]
    assert copy.targets == [first] and copy.target_groups == [[first]]
    game.resolve_stack()
    assert (first.power, second.power) == (2, 1)


@pytest.mark.rules("707.10e")
def test_the_second_token_when_chosen():
    from kb.engine.decisions import DecisionMaker

    class SecondToken(DecisionMaker):
        def decide(self, game, decision):
            if decision.rule == "707.10e":
                return decision.options[1]
            return decision.options[0] if decision.count == 1 else list(decision.options[: decision.bounds[0]])

    game, ana = _game(["Frontline Heroism", "Anointed Procession", "Grizzly Bears"], ["Moment of Triumph"], decisions=SecondToken())
    game.cast(ana, "Moment of Triumph", targets=["Grizzly Bears"])
    game.resolve_stack()
    first, second = [c for c in ana.battlefield if c.is_token]
    assert _copies(game)[0].targets == [second] and (first.power, second.power) == (1, 2)


@pytest.mark.rules("707.10e")
def test_no_trigger_for_a_spell_targeting_a_creature_you_dont_control():
    game, ana = _game(["Frontline Heroism"], ["Moment of Triumph"], bruno_battlefield=["Grizzly Bears"])
    game.cast(ana, "Moment of Triumph", targets=["Grizzly Bears"])
    game.resolve_stack()
    assert not [c for c in ana.battlefield if c.is_token] and not _copies(game)


@pytest.mark.rules("707.10e")
def test_no_trigger_for_a_spell_with_no_creature_target():
    game, ana = _game(["Frontline Heroism"], ["Lightning Bolt"])
    game.cast(ana, "Lightning Bolt", targets=["Bruno"])
    game.resolve_stack()
    assert not _copies(game) and game.player("Bruno").life == 17


def test_frontline_heroism_makes_a_soldier_as_it_enters():
    game, ana = _game(["Grizzly Bears"], ["Frontline Heroism"])
    game.cast(ana, "Frontline Heroism")
    game.resolve_stack()
    soldier = [c for c in ana.battlefield if c.is_token]
    assert len(soldier) == 1 and soldier[0].keywords == ("Haste",) and soldier[0].colors == ("R",)
