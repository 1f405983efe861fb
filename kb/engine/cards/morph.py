"""Cards with morph (702.37), cards the face-down examples copy (707.3, 708), and Demons with
different names (201.2b)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import Trigger, at_beginning_of, card, lose_life, when_enters
from kb.engine.turns import Step
from kb.engine.objects import CardDefinition
from kb.engine.cards.templates import triggered_ability

GrinningDemon = card(
    "Grinning Demon",
    mana_cost="{2}{B}{B}",
    subtypes=("Demon",),
    power=6,
    toughness=6,
    keywords=("Morph {2}{B}{B}",),
    oracle="At the beginning of your upkeep, you lose 2 life. Morph {2}{B}{B}",
    triggered=(Trigger("At the beginning of your upkeep, you lose 2 life.", at_beginning_of(Step.UPKEEP), lose_life(2, who="you")),),
)
BranchsnapLorian = card(
    "Branchsnap Lorian",
    mana_cost="{1}{G}{G}",
    subtypes=("Lorian",),
    power=4,
    toughness=1,
    keywords=("Trample", "Morph {G}"),
    oracle="Trample. Morph {G}",
)
WanderingOnes = card("Wandering Ones", mana_cost="{U}", subtypes=("Spirit",), power=1, toughness=1)


# ----- "Demons with different names" (201.2b)


def names_of(card: Any) -> tuple[str, ...]:
    """The names an object has: a split card's halves each (709.4), none for a face-down one."""
    return tuple(n for n in card.name.split(" // ") if n)


def with_different_names(objects: Sequence[Any]) -> int:
    """Rule 201.2b: the most of `objects` that have different names: each with at least one
    name, no two with a name in common."""
    def grow(index: int, taken: set[str], count: int) -> int:
        if index == len(objects):
            return count
        names = set(names_of(objects[index]))
        skip = grow(index + 1, taken, count)
        if names and not names & taken:
            return max(skip, grow(index + 1, taken | names, count + 1))
        return skip

    return grow(0, set(), 0)


def _four_demons(game: Any, ability: Any) -> bool:
    demons = [c for c in ability.controller.creatures if "Demon" in c.subtypes]
    return with_different_names(demons) >= 4


def _you_win(game: Any, ability: Any) -> None:
    game.win(ability.controller, source=ability.source)


def _draw_four_lose_four(game: Any, ability: Any) -> None:
    game.draw(ability.controller, 4)
    game.lose_life(ability.controller, 4)


LilianasContract = card(
    "Liliana's Contract",
    mana_cost="{3}{B}{B}",
    types=("Enchantment",),
    oracle=(
        "When Liliana's Contract enters, you draw four cards and you lose 4 life. At the beginning of your upkeep, "
        "if you control four or more Demons with different names, you win the game."
    ),
    triggered=(
        Trigger("When Liliana's Contract enters, you draw four cards and you lose 4 life.", when_enters(), _draw_four_lose_four),
        Trigger(
            "At the beginning of your upkeep, if you control four or more Demons with different names, you win the game.",
            at_beginning_of(Step.UPKEEP),
            _you_win,
            condition=_four_demons,
        ),
    ),
)


def _harvest(game: Any, ability: Any) -> None:
    you = ability.controller
    if game.decide(Decision(you, "may_draw", (False, True), rule="603.5", context={"source": ability.source})):
        game.draw(you, 1)


class HarvesterofSouls(CardDefinition):
    name, mana_cost, type_line = "Harvester of Souls", "{4}{B}{B}", "Creature — Demon"
    power, toughness, keywords = 5, 5, ("Deathtouch",)
    oracle = "Deathtouch. Whenever another nontoken creature dies, you may draw a card."

    def triggers(self, game: Any, card: Any, event: Any) -> Any:
        # 603.2c: it triggers once for each creature that dies, however many die at once.
        if event.kind == "dies":
            for dead in event["cards"]:
                if dead is not card and not dead.is_token:
                    yield triggered_ability(card, "Whenever another nontoken creature dies, you may draw a card.", _harvest)


def _target_draws_and_loses(game: Any, ability: Any) -> None:
    player = ability.targets[0]
    game.draw(player, 1)
    game.lose_life(player, 1)


BloodgiftDemon = card(
    "Bloodgift Demon",
    mana_cost="{3}{B}{B}",
    subtypes=("Demon",),
    power=5,
    toughness=4,
    keywords=("Flying",),
    oracle="Flying. At the beginning of your upkeep, target player draws a card and loses 1 life.",
    triggered=(Trigger("At the beginning of your upkeep, target player draws a card and loses 1 life.", at_beginning_of(Step.UPKEEP), _target_draws_and_loses, target="player"),),
)


# ----- a cost paid on resolution when what it pays for is changed (118.12)


def _dermoplasm_turned_up(game: Any, card: Any, event: Any) -> bool:
    return event.kind == "turned_face_up" and event["card"] is card


def _swap_for_a_morph(game: Any, ability: Any) -> None:
    from kb.engine.objects import Zone

    you, dermoplasm = ability.controller, ability.source
    morphs = tuple(c for c in you.hand if any(k.startswith("Morph ") for k in c.printed_definition.keywords) and "Creature" in c.types)
    if not morphs:
        return
    chosen = game.decide(Decision(you, "choose_card", morphs + (False,), rule="118.12", context={"source": dermoplasm}))
    if chosen is False:
        return
    # "If you do": the card was put onto the battlefield, whoever controls it now (118.12).
    game.put_onto_battlefield(chosen, you)
    if dermoplasm.zone is Zone.BATTLEFIELD:
        game.return_to_hand([dermoplasm], rule="118.12")


Dermoplasm = card(
    "Dermoplasm",
    mana_cost="{2}{U}",
    subtypes=("Shapeshifter",),
    power=1,
    toughness=1,
    keywords=("Flying", "Morph {2}{U}{U}"),
    oracle=(
        "Flying. Morph {2}{U}{U}. When this creature is turned face up, you may put a creature card with morph from your "
        "hand onto the battlefield face up. If you do, return this creature to its owner's hand."
    ),
    triggered=(
        Trigger(
            "When this creature is turned face up, you may put a creature card with morph from your hand onto the battlefield face up. If you do, return this creature to its owner's hand.",
            _dermoplasm_turned_up,
            _swap_for_a_morph,
        ),
    ),
)


def _specimens(game: Any, spell: Any) -> None:
    from kb.engine.replacement import Replacement

    you = spell.controller

    def applies(game: Any, event: dict) -> bool:
        return "Creature" in event["card"].types and event["controller"] in game.opponents(you)

    def apply(game: Any, event: dict) -> dict:
        return {**event, "controller": you}

    game.add_replacement(Replacement("If a creature would enter the battlefield under an opponent's control this turn, it enters under your control instead.", "enter_control", applies, apply, source=spell.card, controller=you))


GatherSpecimens = card(
    "Gather Specimens",
    mana_cost="{3}{U}{U}{U}",
    types=("Instant",),
    oracle="If a creature would enter the battlefield under an opponent's control this turn, it enters under your control instead.",
    spell_effect=_specimens,
)
