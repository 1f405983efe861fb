"""702.22: attacking bands, declared as attackers are, and blocked as a whole (702.22h)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, NotModelledError, Player, ScriptedDecisions, Step
from kb.engine.banding import band_declarations, band_of


def _combat(attackers, blockers, ana_script, bruno_script, *, until=Step.DECLARE_BLOCKERS):
    ana = Player("Ana", battlefield=list(attackers), library=5)
    bruno = Player("Bruno", battlefield=list(blockers), library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=ana_script, Bruno=bruno_script))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(until)
    return game, ana, bruno


def _blocked(game):
    return {e["card"].name: sorted(b.name for b in e["blockers"]) for e in game.events if e.kind == "becomes_blocked"}


@pytest.mark.rules("702.22", "702.22h")
def test_blocking_one_member_blocks_the_whole_band():
    game, ana, bruno = _combat(["Mesa Pegasus", "Bog Wraith"], ["Swamp", "Serra Angel"],
                               [["Mesa Pegasus", "Bog Wraith"], [["Mesa Pegasus", "Bog Wraith"]]], [{"Serra Angel": "Mesa Pegasus"}])
    assert _blocked(game) == {"Mesa Pegasus": ["Serra Angel"], "Bog Wraith": ["Serra Angel"]}
    angel = bruno.battlefield[1]
    assert [a.name for a in angel.blocking] == ["Mesa Pegasus", "Bog Wraith"]


@pytest.mark.rules("702.22c")
def test_without_a_band_the_swampwalker_is_unblocked():
    game, ana, bruno = _combat(["Mesa Pegasus", "Bog Wraith"], ["Swamp", "Serra Angel"],
                               [["Mesa Pegasus", "Bog Wraith"], []], [{"Serra Angel": "Mesa Pegasus"}], until=Step.END_OF_COMBAT)
    assert _blocked(game) == {"Mesa Pegasus": ["Serra Angel"]}
    assert bruno.life == 17  # Bog Wraith's 3


@pytest.mark.rules("702.22", "702.22h")
def test_an_unblocked_band_deals_its_damage_normally():
    game, ana, bruno = _combat(["Mesa Pegasus", "Bog Wraith"], ["Swamp"],
                               [["Mesa Pegasus", "Bog Wraith"], [["Mesa Pegasus", "Bog Wraith"]]], [], until=Step.END_OF_COMBAT)
    assert bruno.life == 16


def test_the_damage_of_a_creature_blocking_a_band_is_not_modelled():
    with pytest.raises(NotModelledError, match="702.22k"):
        _combat(["Mesa Pegasus", "Bog Wraith"], ["Swamp", "Serra Angel"],
                [["Mesa Pegasus", "Bog Wraith"], [["Mesa Pegasus", "Bog Wraith"]]], [{"Serra Angel": "Mesa Pegasus"}], until=Step.END_OF_COMBAT)


def test_a_creature_with_banding_that_could_block_is_not_modelled():
    with pytest.raises(NotModelledError):
        _combat(["Grizzly Bears"], ["Mesa Pegasus"], [["Grizzly Bears"]], [{}])


@pytest.mark.rules("702.22d")
def test_legal_bands_have_banding_and_at_most_one_without_it():
    pegasus, pegasus2 = Card("Mesa Pegasus"), Card("Mesa Pegasus")
    bear, wraith = Card("Grizzly Bears"), Card("Bog Wraith")
    for c in (pegasus, pegasus2, bear, wraith):
        c.attacking = "Bruno"
    bands = [sorted(sorted(m.name for m in band) for band in d) for d in band_declarations([pegasus, bear, wraith])]
    assert [] in bands and [["Bog Wraith", "Mesa Pegasus"]] in bands and [["Grizzly Bears", "Mesa Pegasus"]] in bands
    assert [["Bog Wraith", "Grizzly Bears", "Mesa Pegasus"]] not in bands  # two without banding
    assert [["Bog Wraith", "Grizzly Bears"]] not in bands  # none with banding
    wraith.attacking = "Carla"  # 702.22d: all attack the same
    assert [["Bog Wraith", "Mesa Pegasus"]] not in [sorted(sorted(m.name for m in band) for band in d) for d in band_declarations([pegasus, bear, wraith])]
    assert [["Bog Wraith", "Grizzly Bears", "Mesa Pegasus", "Mesa Pegasus"]] not in [
        sorted(sorted(m.name for m in band) for band in d) for d in band_declarations([pegasus, pegasus2, bear, wraith])]


@pytest.mark.rules("702.22", "702.22h")
def test_bands_last_one_combat():
    game, ana, bruno = _combat(["Mesa Pegasus", "Bog Wraith"], ["Swamp"],
                               [["Mesa Pegasus", "Bog Wraith"], [["Mesa Pegasus", "Bog Wraith"]], ["Mesa Pegasus", "Bog Wraith"], []], [],
                               until=Step.END_OF_COMBAT)
    game.advance_to(Step.DECLARE_ATTACKERS, turn=5)
    assert all(band_of(game, c) == [] for c in ana.battlefield)
