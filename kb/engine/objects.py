"""Cards and the permanents they become: their definitions (what a card is and does), their
characteristics, and the zones they are in."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TYPE_CHECKING, Union

from kb.engine.errors import TimingError, UnknownCardError
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.decisions import Event
    from kb.engine.game import Game
    from kb.engine.players import Player
    from kb.engine.stack import ActivatedAbility, Spell, TriggeredAbility


class Zone(enum.Enum):
    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"

    def __repr__(self) -> str:
        return f"Zone.{self.name}"


class CardDefinition:
    """What a card is and does: its Oracle characteristics and the hooks the engine calls.

    Subclasses in ``kb.engine.cards`` describe real cards. ``in_part`` marks a definition that
    models only the part of the Oracle text quoted in ``oracle``.
    """

    name: ClassVar[str] = ""
    name_es: ClassVar[str | None] = None
    mana_cost: ClassVar[str] = ""
    types: ClassVar[tuple[str, ...]] = ()
    subtypes: ClassVar[tuple[str, ...]] = ()
    power: ClassVar[int | None] = None
    toughness: ClassVar[int | None] = None
    keywords: ClassVar[tuple[str, ...]] = ()
    oracle: ClassVar[str] = ""
    in_part: ClassVar[bool] = False
    activated: ClassVar[tuple["AbilityDefinition", ...]] = ()
    # Who a spell with targets may target: "player", "creature", "any", or None (no targets).
    spell_target: ClassVar[str | None] = None

    registry: ClassVar[dict[str, type["CardDefinition"]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            CardDefinition.registry[cls.name] = cls

    def power_of(self, card: "Card") -> int | None:
        """The card's power; a characteristic-defining ability overrides this (604.3)."""
        return self.power

    def toughness_of(self, card: "Card") -> int | None:
        return self.toughness

    # --- casting and resolving
    def check_timing(self, game: "Game", player: "Player", card: "Card") -> None:
        """Raise `TimingError` if `player` may not cast `card` now (rule 117.1a)."""
        if "Instant" in self.types:
            return
        if not (game.is_active(player) and game.step.is_main_phase and not game.stack):
            raise TimingError(
                f"{card.name} can be cast only in its controller's main phase with an empty stack"
            )

    def resolve(self, game: "Game", spell: "Spell") -> None:
        """The effect of an instant or sorcery as it resolves."""

    # --- permanents
    def as_enters(self, game: "Game", card: "Card") -> None:
        """Choices made as the permanent enters the battlefield (rule 614.12)."""

    def triggers(self, game: "Game", card: "Card", event: "Event") -> Iterable["TriggeredAbility"]:
        """The abilities of `card` that trigger on `event`."""
        return ()

    def replaces_loss(self, game: "Game", card: "Card", player: "Player") -> bool:
        """Whether `card` replaces `player`'s losing the game with something else (614.1a)."""
        return False

    def replace_loss(self, game: "Game", card: "Card", player: "Player") -> None:
        """What happens instead of `player`'s losing the game."""

    # Whether the loss replacement moves the card itself (so it can conflict with another
    # event moving it, rule 400.6).
    replacement_moves_itself: ClassVar[bool] = False

    def forbids(self, game: "Game", card: "Card", player: "Player", action: str) -> bool:
        """Whether a static ability of `card` says `player` can't do `action`:
        ``"lose"``, ``"lose:<reason>"``, ``"win"``, ``"gain life"``, ``"lose life"``, ``"get poison"``."""
        return False


@dataclass(frozen=True)


class AbilityDefinition:
    """An activated ability: its text, its costs and its effect (rule 602)."""

    text: str
    effect: Callable[["Game", "ActivatedAbility"], None]
    mana: str = ""
    tap: bool = False
    life: Callable[["Game", "Player"], int] | None = None
    only_your_turn: bool = False
    target: str | None = None


class Card:
    """A physical card (or the permanent it is on the battlefield), named by its Oracle name.

    >>> Card('Grizzly Bears')
    Card('Grizzly Bears')
    >>> Card('Grizzly Bears').power
    2
    """

    def __init__(self, name: str, *, chosen_player: "Player | None" = None):
        _load_cards()
        try:
            self.definition: CardDefinition = CardDefinition.registry[name]()
        except KeyError:
            raise UnknownCardError(f"unknown card {name!r}") from None
        self.owner: Player | None = None
        self.controller: Player | None = None
        self.zone: Zone | None = None
        self.tapped = False
        self.damage = 0
        self.attacking: Player | None = None
        self.entered_turn: int | None = None
        self.chosen_player = chosen_player
        self.becomes: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def mana_cost(self) -> ManaCost:
        return ManaCost(self.definition.mana_cost)

    @property
    def types(self) -> tuple[str, ...]:
        extra = tuple(t for t in self.becomes.get("types", ()) if t not in self.definition.types)
        return self.definition.types + extra

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self.definition.subtypes + tuple(self.becomes.get("subtypes", ()))

    @property
    def keywords(self) -> tuple[str, ...]:
        return self.definition.keywords + tuple(self.becomes.get("keywords", ()))

    @property
    def power(self) -> int | None:
        return self.becomes.get("power", self.definition.power_of(self))

    @property
    def toughness(self) -> int | None:
        return self.becomes.get("toughness", self.definition.toughness_of(self))

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_permanent_card(self) -> bool:
        return not ({"Instant", "Sorcery"} & set(self.types))

    def _leave_battlefield_state(self) -> None:
        """Rule 400.7: an object that changes zones becomes a new object with no memory."""
        self.tapped = False
        self.damage = 0
        self.attacking = None
        self.entered_turn = None
        self.becomes = {}
        self.controller = self.owner


_cards_loaded = False


def _load_cards() -> None:
    global _cards_loaded
    if not _cards_loaded:
        import kb.engine.cards  # noqa: F401  (registers the definitions)

        _cards_loaded = True


def _cards(items: Iterable[Union["Card", str]] | int) -> list["Card"]:
    if isinstance(items, int):
        return [Card("Wastes") for _ in range(items)]
    return [item if isinstance(item, Card) else Card(item) for item in items]
