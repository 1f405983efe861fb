"""Adventurer cards (715): a card with a second set of characteristics, its Adventure, an instant
or sorcery it may be cast as; and casting cards from exile, which resolved Adventures allow.

The card has only its normal characteristics everywhere but on the stack as an Adventure
(715.4). Cast as an Adventure (``Game.cast(..., half=<the Adventure's name>)``), the spell has
only the Adventure's characteristics (715.3b); as it resolves, its controller exiles it instead
of putting it into its owner's graveyard, and may cast it from exile, not as an Adventure, for as
long as it stays there (715.3d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from kb.engine.errors import IllegalActionError
from kb.engine.objects import Card, CardDefinition, Zone

if TYPE_CHECKING:
    from kb.engine.players import Player


class AdventureFace(CardDefinition):
    """The Adventure of an adventurer card: an instant or sorcery with the subtype Adventure,
    named by its ``face_name`` (its class ``name`` stays empty: it is no card of its own).
    ``adventure_effect(game, spell)`` is what it does."""

    face_name: ClassVar[str] = ""

    def adventure_effect(self, game: Any, spell: Any) -> None:
        raise NotImplementedError

    def resolve(self, game: Any, spell: Any) -> None:
        self.adventure_effect(game, spell)
        game._exile_resolved_adventure(spell)


class AdventurerCardDefinition(CardDefinition):
    """An adventurer card (715.2): its own characteristics are the normal ones; ``adventure`` is
    the `AdventureFace` subclass of its Adventure."""

    adventure: ClassVar[type[AdventureFace]]

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, self.adventure.face_name)

    def half(self, name: str) -> CardDefinition:
        """The Adventure named `name`, as the definition of the spell cast as it (715.3b)."""
        if name != self.adventure.face_name:
            raise ValueError(f"{self.name} has no Adventure named {name!r} (its Adventure: {self.adventure.face_name})")
        face = self.adventure()
        face.name = name
        return face


class AdventureMixin:
    """Casting from exile: the permissions effects give, and the one resolved Adventures give."""

    def _exile_permissions(self) -> list[tuple[Card, int, Player, str]]:
        """Each (card, its incarnation in exile, the player allowed, how: "any", "adventure",
        "not adventure")."""
        return self.__dict__.setdefault("_cast_from_exile", [])

    def allow_cast_from_exile(self, player: Player, card: Card, *, as_adventure: bool = False) -> None:
        """An effect allows `player` to cast `card`, in exile, from there (601.3); with
        ``as_adventure``, only as its Adventure (715.3a)."""
        if card.zone is not Zone.EXILE:
            raise IllegalActionError(f"{card.name} is not in exile")
        self._exile_permissions().append((card, card.incarnation, player, "adventure" if as_adventure else "any"))
        self.emit("may_cast_from_exile", "601.3", player=player, card=card)

    def _check_cast_from_exile(self, player: Player, card: Card, half: str | None) -> None:
        """Rule 601.3: a card in exile is cast only as an effect allows it."""
        as_adventure = half is not None and isinstance(card.printed_definition, AdventurerCardDefinition)
        for allowed, incarnation, who, how in self._exile_permissions():
            if allowed is card and incarnation == card.incarnation and who is player:
                if how == "any" or (how == "adventure") == as_adventure:
                    return
        what = f"{card.name} as an Adventure" if as_adventure else card.name
        raise IllegalActionError(f"no effect allows {player.name} to cast {what} from exile (601.3, 715.3d)")

    def _exile_resolved_adventure(self, spell: Any) -> None:
        """Rule 715.3d: exiled instead of put into a graveyard as it resolves; its controller
        may cast it from exile, not as an Adventure, while it stays there. The card becomes a
        new object once, as it moves (400.7)."""
        if getattr(spell, "is_copy", False) or spell.card.zone is not Zone.STACK:
            return
        spell.destination = Zone.EXILE
        self._exile_permissions().append((spell.card, spell.card.incarnation + 1, spell.controller, "not adventure"))
