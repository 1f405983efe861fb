"""The Commander variant (rule 903): which object is a commander (903.3), the starting life total
(903.7) and the loss for 21 combat damage from one commander (903.10a, 704.6c).

A commander is a card, designated before the game begins (903.3): the same card stays a
commander face down or copying something else, and nothing that copies it becomes one. The
command zone, casting a commander from it with its tax, and moving a commander there instead of
another zone (903.6, 903.8, 903.9) are not modelled: a commander leaving the battlefield or the
stack raises `NotModelledError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.errors import NotModelledError, SetupError
from kb.engine.game import Game
from kb.engine.objects import Card, Zone
from kb.engine.players import Player, Unit


class Commander(Game):
    """A Commander game: `commanders` names each player's commander, a card of theirs in the
    scenario (by name, or the `Card` itself).

    >>> ana = Player('Ana', battlefield=['Wort, the Raidmother'])
    >>> game = Commander(players=[ana, Player('Bruno', battlefield=['Grizzly Bears'])], commanders={'Ana': 'Wort, the Raidmother'})
    >>> ana.life, game.is_commander(ana.battlefield[0])
    (40, True)
    """

    def __init__(self, players: Sequence[Player], *, commanders: dict[str, Card | str], **options: Any):
        self.commanders: dict[str, Card] = {}
        for player in players:
            wanted = commanders.get(player.name)
            if wanted is None:
                continue
            owned = [*player.library, *player.hand, *player.graveyard, *player._battlefield]
            found = next((c for c in owned if c is wanted or c.printed_definition.name == wanted), None)
            if found is None:
                raise SetupError(f"{player.name} has no {wanted!r} to be their commander")
            self.commanders[player.name] = found
        unknown = sorted(set(commanders) - {p.name for p in players})
        if unknown:
            raise SetupError(f"a commander is given for {unknown[0]!r}, who is not playing")
        super().__init__(players, **options)

    def starting_life(self, player: Player) -> int:
        """Rule 903.7: each player begins the game with 40 life."""
        return 40

    def is_commander(self, obj: Any) -> bool:
        """Rule 903.3: whether `obj` is a commander: the card designated, whatever it looks like
        now; a permanent copying a commander is not one."""
        return any(obj is card for card in self.commanders.values())

    def commander_damage(self, player: Player, commander: Card) -> int:
        """Rule 903.10a: the combat damage `commander` has dealt to `player` this game."""
        return sum(
            e["amount"] for e in self.events
            if e.kind == "damage" and e.get("combat") and e["source"] is commander and e["target"] is player
        )

    def state_based_losses(self) -> list[tuple[Unit, str, str]]:
        """Rule 704.6c: a player dealt 21 or more combat damage by the same commander loses."""
        losses = super().state_based_losses()
        for player in self.players:
            if any(self.commander_damage(player, c) >= 21 for c in self.commanders.values()):
                losses.append((player, "commander damage", "704.6c"))
        return losses

    def _move(self, card: Card, zone: Zone, *, top: bool = True) -> None:
        if self.is_commander(card) and card.zone in (Zone.BATTLEFIELD, Zone.STACK) and zone is not card.zone:
            raise NotModelledError("a commander leaving the battlefield or the stack, and the command zone (903.9), are not modelled")
        super()._move(card, zone, top=top)
