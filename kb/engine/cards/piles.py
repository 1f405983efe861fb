"""Cards that separate cards into piles (700.3)."""

from __future__ import annotations

from typing import Any

from kb.engine.choosers import opponent_to_choose
from kb.engine.decisions import Decision
from kb.engine.objects import CardDefinition, Zone


class FactOrFiction(CardDefinition):
    name = "Fact or Fiction"
    mana_cost = "{3}{U}"
    types = ("Instant",)
    oracle = (
        "Reveal the top five cards of your library. An opponent separates those cards into two piles. "
        "Put one pile into your hand and the other into your graveyard."
    )

    def resolve(self, game: Any, spell: Any) -> None:
        you = spell.controller
        revealed = list(you.library[:5])
        game.emit("reveal", "701.20a", cards=revealed)
        opponent = opponent_to_choose(game, you)
        if opponent is None:
            return
        # 700.3c: the cards stay in the library while they are separated; a pile may be empty (700.3d).
        first = game.decide(Decision(opponent, "piles", tuple(revealed), count=(0, len(revealed)), rule="700.3c"))
        second = [c for c in revealed if not any(c is f for f in first)]
        piles = (list(first), second)
        labels = ("first", "second")
        chosen = game.decide(Decision(you, "choose_pile", labels, rule="700.3", context={"piles": piles}))
        to_hand = piles[labels.index(chosen)]
        to_graveyard = piles[1 - labels.index(chosen)]
        for card in to_hand:
            game._move(card, Zone.HAND)
        for card in to_graveyard:
            game._move(card, Zone.GRAVEYARD)
        game.emit("piles_put", "700.3", player=you, to_hand=to_hand, to_graveyard=to_graveyard)
