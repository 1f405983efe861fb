"""Splice (702.47), and protection against targeting (702.16b), which splice is about."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step
from kb.engine.errors import IllegalActionError, IllegalTargetError
from kb.engine.layers import grant
from kb.engine.pool import Mana
from kb.engine.splice import splice_ability


def _game(ana: Player, bruno: Player | None = None, **kwargs) -> Game:
    game = Game(players=[ana, bruno or Player("Bruno", library=5)], **kwargs)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game


def _pro_red() -> Card:
    return Card.creature(2, 2, name="a 2/2 creature with protection from red", keywords=["Protection from red"])


@pytest.mark.rules("702.47")
def test_splice_ability_is_read_from_the_keywords():
    assert splice_ability(Card("Glacial Ray").definition) == ("Arcane", "{1}{R}")
    assert splice_ability(Card("Reach Through Mists").definition) is None


@pytest.mark.rules("702.47")
def test_splice_cost_is_an_additional_cost_and_the_card_stays_in_hand():
    ana = Player("Ana", hand=["Reach Through Mists", "Glacial Ray"], library=5)
    game = _game(ana, pay_mana=True)
    ana.mana_pool.add([Mana("U"), Mana("R")])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Reach Through Mists", splice={"Glacial Ray": ["Bruno"]})  # {U} + {1}{R}
    ana.mana_pool.add([Mana("R")])
    game.cast(ana, "Reach Through Mists", splice={"Glacial Ray": ["Bruno"]})
    assert not ana.mana_pool and [c.name for c in ana.hand] == ["Glacial Ray"]


@pytest.mark.rules("702.47")
def test_main_effect_first_then_the_spliced_text_done_by_the_spell():
    ana = Player("Ana", hand=["Reach Through Mists", "Glacial Ray"], library=5)
    game = _game(ana)
    game.cast(ana, "Reach Through Mists", splice={"Glacial Ray": ["Bruno"]})
    game.resolve_stack()
    kinds = [e.kind for e in game.events if e.kind in ("draw", "damage")]
    assert kinds == ["draw", "damage"]
    damage = next(e for e in game.events if e.kind == "damage")
    assert damage["source"].name == "Reach Through Mists" and game.player("Bruno").life == 18


@pytest.mark.rules("702.47")
def test_splice_only_onto_a_spell_with_the_quality():
    ana = Player("Ana", hand=["Lightning Bolt", "Glacial Ray", "Hill Giant"], library=5)
    game = _game(ana)
    with pytest.raises(IllegalActionError, match="Arcane"):
        game.cast(ana, "Lightning Bolt", targets=["Bruno"], splice={"Glacial Ray": ["Bruno"]})
    with pytest.raises(IllegalActionError, match="no splice"):
        game.cast(ana, "Lightning Bolt", targets=["Bruno"], splice={"Hill Giant": []})
    assert not game.stack and len(ana.hand) == 3


@pytest.mark.rules("702.47")
def test_a_card_cant_be_spliced_onto_itself_or_twice():
    ana = Player("Ana", hand=["Glacial Ray", "Reach Through Mists"], library=5)
    game = _game(ana)
    ray = ana.hand[0]
    with pytest.raises(IllegalActionError):
        game.cast(ana, ray, targets=["Bruno"], splice={ray: ["Bruno"]})
    with pytest.raises(IllegalActionError, match="twice"):
        game.cast(ana, "Reach Through Mists", splice=[ray, ray])


@pytest.mark.rules("702.47")
def test_no_splice_without_a_legal_target_for_its_text():
    ana = Player("Ana", hand=["Reach Through Mists", "Glacial Ray"], library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], library=5)
    game = _game(ana, bruno)
    with pytest.raises(IllegalTargetError):
        game.cast(ana, "Reach Through Mists", splice={"Glacial Ray": [Card("Grizzly Bears")]})


@pytest.mark.rules("702.47")
def test_a_spell_whose_only_targets_are_spliced_ones_doesnt_resolve_when_they_are_illegal():
    ana = Player("Ana", hand=["Reach Through Mists", "Glacial Ray"], library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], hand=["Murder"], library=5)
    game = _game(ana, bruno)
    game.cast(ana, "Reach Through Mists", splice={"Glacial Ray": ["Hill Giant"]})
    game.pass_priority(ana)
    game.cast(bruno, "Murder", targets=["Hill Giant"])
    game.resolve_stack()
    assert [e.kind for e in game.events if e.kind in ("fizzles", "draw")] == ["fizzles"]
    assert len(ana.hand) == 1


@pytest.mark.rules("702.47")
def test_splice_ends_when_the_spell_leaves_the_stack():
    ana = Player("Ana", hand=["Reach Through Mists", "Glacial Ray"], library=5)
    game = _game(ana)
    spell = game.cast(ana, "Reach Through Mists", splice={"Glacial Ray": ["Bruno"]})
    assert spell.spliced and spell.card.name == "Reach Through Mists"
    game.resolve_stack()
    assert spell.card.zone.name == "GRAVEYARD" and spell.card.colors == ("U",)


@pytest.mark.rules("702.47", "702.16b")
def test_protection_keeps_a_red_spell_from_targeting():
    guarded = _pro_red()
    ana = Player("Ana", hand=["Lightning Bolt", "Glacial Ray"], library=5)
    game = _game(ana, Player("Bruno", battlefield=[guarded], library=5))
    for name in ("Lightning Bolt", "Glacial Ray"):
        with pytest.raises(IllegalTargetError):
            game.cast(ana, name, targets=[guarded])


@pytest.mark.rules("702.47", "702.16b")
def test_a_target_that_gains_protection_is_illegal_on_resolution():
    ana = Player("Ana", hand=["Lightning Bolt"], library=5)
    bruno = Player("Bruno", battlefield=["Hill Giant"], library=5)
    game = _game(ana, bruno)
    giant = bruno.battlefield[0]
    game.cast(ana, "Lightning Bolt", targets=[giant])
    game.add_effect(grant("Protection from red", affected=[giant]))
    game.resolve_stack()
    assert [e.kind for e in game.events if e.kind in ("fizzles", "damage")] == ["fizzles"]
    assert giant.damage == 0
