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


def _two_damage(game: Any, spell: Any) -> None:
    game.deal_damage(spell, spell.targets[0], 2)


class Firebolt(CardDefinition):
    name = "Firebolt"
    mana_cost = "{R}"
    types = ("Sorcery",)
    spell_target = "any"
    keywords = ("Flashback {4}{R}",)
    oracle = "Firebolt deals 2 damage to any target. Flashback {4}{R}"

    def resolve(self, game: Any, spell: Any) -> None:
        _two_damage(game, spell)


class VedalkenOrrery(CardDefinition):
    name = "Vedalken Orrery"
    mana_cost = "{4}"
    types = ("Artifact",)
    oracle = "You may cast spells as though they had flash."
    # Read by `Game.cast` (702.8, 601.3).
    grants_flash = True


class ShamansTrance(CardDefinition):
    name = "Shaman's Trance"
    mana_cost = "{2}{G}"
    types = ("Instant",)
    oracle = (
        "Other players lose all unspent mana. You may play lands and cast spells from other players' graveyards this "
        "turn as though those cards were in your graveyard."
    )

    def resolve(self, game: Any, spell: Any) -> None:
        you = spell.controller
        for player in game.players:
            if player is not you:
                lost = player.mana_pool.empty()
                if lost:
                    game.emit("mana_lost", "106.4", player=player, mana=tuple(lost))
        # Playing lands from a graveyard needs a permission this doesn't give: only casting is
        # changed here (609.4a).
        game.turn_effects.append((you, "cast from other graveyards"))
