"""Arcane spells and a card that splices onto them (702.47)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import spell_card
from kb.engine.objects import Zone


@spell_card(
    "Glacial Ray", mana_cost="{1}{R}", type_line="Instant — Arcane", spell_target="any", keywords=("Splice onto Arcane {1}{R}",),
    oracle="Glacial Ray deals 2 damage to any target. Splice onto Arcane {1}{R}",
)
def GlacialRay(game: Any, spell: Any) -> None:
    # "Glacial Ray" is the spell that has this text: spliced, the spell it is spliced onto (702.47c).
    for target in spell.targets:
        game.deal_damage(spell, target, 2)


@spell_card("Reach Through Mists", mana_cost="{U}", type_line="Instant — Arcane", oracle="Draw a card.")
def ReachThroughMists(game: Any, spell: Any) -> None:
    game.draw(spell.controller, 1)


@spell_card(
    "Kodama's Reach", mana_cost="{2}{G}", type_line="Sorcery — Arcane",
    oracle=(
        "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped "
        "and the other into your hand, then shuffle."
    ),
)
def KodamasReach(game: Any, spell: Any) -> None:
    you = spell.controller
    found = game.search(you, you, (Zone.LIBRARY,), lambda c: c.is_land and "Basic" in c.supertypes, limit=2)
    if found:
        game.emit("reveal", "701.20a", cards=list(found))
    onto = found[0] if len(found) == 1 else None if not found else game.decide(Decision(you, "choose_card", tuple(found), rule="701.23a", context={"source": spell.card}))
    for card in found:
        if card is onto:
            card.tapped = True  # it enters tapped, not enters and then becomes tapped
            game.put_onto_battlefield(card, you)
        else:
            game._move(card, Zone.HAND)
    game.shuffle_cards_into_library(you, [], zone=Zone.LIBRARY)
