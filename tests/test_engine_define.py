"""Tests of the card-definition API: the event catalogue, triggers, helpers and `card`; and the
two pages that document it (their code blocks run as doctests)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import kb.engine
from kb.engine import Card, Game, Player, Step
from kb.engine.define import (
    Trigger,
    at_beginning_of,
    card,
    create,
    deal_damage,
    draw,
    for_each,
    gain_life,
    lose_life,
    this_turn,
    when_dies,
    when_enters,
    whenever,
    whenever_loses_life,
)
from kb.engine.errors import EngineError
from kb.engine.events import EVENT_KINDS

ENGINE = Path(kb.engine.__file__).parent
PAGES = [Path(__file__).resolve().parent.parent / "kb" / "examples" / f"cards_api.{lang}.md" for lang in ("es", "en")]


def test_every_event_the_engine_emits_is_documented():
    emitted = set()
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        emitted |= set(re.findall(r'emit\(\s*"([a-z_]+)"', text))
        for block in re.findall(r"emit\(\s*\{([^}]*)\}", text):
            emitted |= set(re.findall(r':\s*"([a-z_]+)"', block))
        emitted |= set(re.findall(r'\.get\(rule, "([a-z_]+)"\)', text))
    assert emitted and emitted <= set(EVENT_KINDS), sorted(emitted - set(EVENT_KINDS))


def two(*battlefield, hand=()):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=10)
    bruno = Player("Bruno", library=10)
    game = Game(players=[ana, bruno])
    return game, ana, bruno


def test_at_the_beginning_of_your_upkeep():
    card("Test Upkeep Gainer", power=1, toughness=1, triggered=[Trigger("At the beginning of your upkeep, you gain 1 life.", at_beginning_of(Step.UPKEEP), gain_life(1))])
    game, ana, bruno = two("Test Upkeep Gainer")
    game.start(at=Step.UPKEEP, turn=3)
    game.resolve_stack()
    assert ana.life == 21
    game.advance_to(Step.UPKEEP, turn=4)  # Bruno's upkeep: no trigger
    assert [e.kind for e in this_turn(game, "triggers")] == []


def test_each_opponent_loses_life_when_it_enters_and_dies():
    card(
        "Test Drainer",
        power=1,
        toughness=1,
        triggered=[
            Trigger("When this creature enters, each opponent loses 2 life.", when_enters(), lose_life(2)),
            Trigger("When this creature dies, draw a card.", when_dies(), draw(1)),
        ],
    )
    game, ana, bruno = two(hand=["Test Drainer"])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Test Drainer")
    game.resolve_stack()
    game.resolve_stack()
    assert bruno.life == 18
    game.destroy(ana.battlefield)
    game.pass_all()
    game.resolve_stack()
    assert len(ana.hand) == 1


def test_whenever_checks_kinds_and_fields():
    with pytest.raises(EngineError, match="no event kind"):
        whenever("explodes")
    with pytest.raises(EngineError, match="no field"):
        whenever("attacks", colour="red")


def test_a_declared_spell_and_a_token_maker():
    card("Test Zap", mana_cost="{R}", types=["Instant"], spell_target="any", spell_effect=deal_damage(lambda game, spell: 1 + for_each(spell.controller.battlefield)))
    card("Test Spawner", mana_cost="{G}", types=["Sorcery"], spell_effect=create(lambda: Card.token(power=1, toughness=1, subtypes=["Saproling"]), count=2))
    game, ana, bruno = two("Grizzly Bears", hand=["Test Zap", "Test Spawner"])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Test Spawner")
    game.resolve_stack()
    game.cast(ana, "Test Zap", targets=[bruno])
    game.resolve_stack()
    assert bruno.life == 20 - 4 and [c.name for c in ana.battlefield][1:] == ["Saproling Token"] * 2


def test_whenever_an_opponent_loses_life_counts_damage_and_loss():
    card("Test Sanguine", power=1, toughness=1, triggered=[Trigger("Whenever an opponent loses life, you gain 1 life.", whenever_loses_life("opponent"), gain_life(1))])
    game, ana, bruno = two("Test Sanguine")
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.deal_damage(None, bruno, 2)
    game.lose_life(bruno, 1)
    game.lose_life(ana, 1)
    game.pass_all()
    game.resolve_stack()
    assert ana.life == 20 - 1 + 2


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_card_api_pages_run(page):
    text = page.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, f"{page.name} has no code"
    globs: dict = {}
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, globs, f"{page.name}#{number}", str(page), 0)
        runner = doctest.DocTestRunner(optionflags=0)
        runner.run(test, clear_globs=False)
        assert runner.failures == 0, f"{page.name}, block {number + 1}"
        globs = test.globs
    assert "```" not in re.sub(r"```python\n.*?```", "", text, flags=re.S)


def test_the_pages_say_the_same_in_both_languages():
    es, en = (re.findall(r"```python\n(.*?)```", p.read_text(encoding="utf-8"), re.S) for p in PAGES)
    assert es == en
