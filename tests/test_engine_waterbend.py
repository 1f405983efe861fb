"""701.67: a waterbend additional cost; tapped artifacts and creatures pay only its generic mana."""

from __future__ import annotations

import pytest

from kb.engine import CannotPayError, Card, Game, IllegalActionError, Player, Step


def _start(creatures=6, islands=3, hand=("Spirit Water Revival",)):
    bodies = [Card.creature(2, 2) for _ in range(creatures)]
    ana = Player("Ana", hand=list(hand), battlefield=["Island"] * islands + ["Millstone"] + bodies, library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], pay_mana=True)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, ana.battlefield[:islands], ana.battlefield[islands:]


@pytest.mark.rules("701.67")
def test_tapping_six_pays_the_waterbend_and_mana_pays_the_mana_cost():
    game, ana, islands, others = _start()
    game.cast(ana, "Spirit Water Revival", waterbend=others[:6], mana_abilities=islands)
    assert all(c.tapped for c in others[:6]) and not others[6].tapped
    assert [e.kind for e in game.events if e.kind in ("waterbend", "cast")] == ["waterbend", "cast"]


@pytest.mark.rules("701.67c")
def test_without_tapping_the_whole_cost_is_mana():
    game, ana, islands, others = _start(creatures=0, islands=9)
    game.cast(ana, "Spirit Water Revival", mana_abilities=islands)
    assert [(e["amount"], e["cards"]) for e in game.events if e.kind == "waterbend"] == [(6, [])]  # 701.67c: paid all the same


@pytest.mark.rules("701.67")
def test_a_tapped_permanent_cannot_pay_the_mana_cost():
    game, ana, islands, others = _start()
    with pytest.raises(CannotPayError, match="701.67b"):
        game.cast(ana, "Spirit Water Revival", waterbend=others, mana_abilities=islands[:2])
    assert [c.name for c in ana.hand] == ["Spirit Water Revival"] and not any(c.tapped for c in others)


@pytest.mark.rules("701.67")
def test_too_little_mana_for_the_rest_fails():
    game, ana, islands, others = _start(islands=2)
    with pytest.raises(CannotPayError):
        game.cast(ana, "Spirit Water Revival", waterbend=others[:6], mana_abilities=islands)


@pytest.mark.rules("701.67")
def test_only_untapped_artifacts_and_creatures_may_be_tapped():
    game, ana, islands, others = _start()
    with pytest.raises(Exception, match="untapped artifacts and creatures"):
        game.cast(ana, "Spirit Water Revival", waterbend=[islands[0]])


@pytest.mark.rules("701.67")
def test_a_spell_without_waterbend_refuses_it():
    game, ana, islands, others = _start(hand=("Lightning Bolt",))
    with pytest.raises(IllegalActionError, match="701.67"):
        game.cast(ana, "Lightning Bolt", targets=["Bruno"], waterbend=others[:1])


@pytest.mark.rules("701.67")
def test_a_creature_tapped_for_mana_cannot_also_waterbend():
    ana = Player("Ana", hand=["Spirit Water Revival"], battlefield=["Island", "Island", "Llanowar Elves"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], pay_mana=True)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    elves = ana.battlefield[2]
    with pytest.raises(CannotPayError, match="701.67a"):
        game.cast(ana, "Spirit Water Revival", waterbend=[elves], mana_abilities=[elves, *ana.battlefield[:2]])
