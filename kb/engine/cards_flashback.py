"""Cards that give flashback, and a card that shuffles itself into its library (702.34, 701.24c)."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import CardDefinition, Zone


class PastInFlames(CardDefinition):
    name = "Past in Flames"
    mana_cost = "{3}{R}"
    types = ("Sorcery",)
    keywords = ("Flashback {4}{R}",)
    oracle = (
        "Each instant and sorcery card in your graveyard gains flashback until end of turn. The flashback cost is "
        "equal to its mana cost. Flashback {4}{R}"
    )

    def resolve(self, game: Any, spell: Any) -> None:
        you = spell.controller
        game.grant_flashback([c for c in you.graveyard if {"Instant", "Sorcery"} & set(c.types)])


class Recoup(CardDefinition):
    name = "Recoup"
    mana_cost = "{1}{R}"
    types = ("Sorcery",)
    keywords = ("Flashback {3}{R}",)
    spell_target = "sorcery card in your graveyard"
    oracle = "Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is equal to its mana cost. Flashback {3}{R}"

    def resolve(self, game: Any, spell: Any) -> None:
        game.grant_flashback([t for t in spell.targets if t.zone is Zone.GRAVEYARD])


class BlackSunsZenith(CardDefinition):
    name = "Black Sun's Zenith"
    mana_cost = "{X}{B}{B}"
    types = ("Sorcery",)
    oracle = "Put X -1/-1 counters on each creature. Shuffle Black Sun's Zenith into its owner's library."

    def resolve(self, game: Any, spell: Any) -> None:
        for creature in list(game.affected_creatures(spell.controller)):
            game.add_counters(creature, "-1/-1", spell.x or 0)
        card, owner = spell.card, spell.card.owner
        if spell.destination is Zone.EXILE:
            # 702.34a: cast with flashback, it is exiled instead of going anywhere else; the
            # library is still shuffled (701.24c).
            game._move(card, Zone.EXILE)
            game.random.shuffle(owner.library)
            game.emit("shuffle", "701.24c", player=owner, cards=[])
        else:
            game.shuffle_into_library(card)
