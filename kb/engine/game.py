"""The core of the reference rules engine: players and teams, zones, turns, priority, the
stack, triggered abilities, simultaneous choices in APNAP order, state-based actions, life and
poison, and the process of ending a turn or a combat phase.

Rule numbers in docstrings and events are those of the Comprehensive Rules of January 16, 2026.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Union

from kb.engine.mana import ManaCost

# ---------------------------------------------------------------------------------------------
# Exceptions


class EngineError(ValueError):
    """Anything the rules or the engine do not allow."""


class SetupError(EngineError):
    """A game that cannot be set up as described (duplicate names, uneven teams, ...)."""


class UnknownCardError(EngineError):
    """No card of that name is known to the engine (see ``kb.engine.cards``)."""


class IllegalActionError(EngineError):
    """An action the rules do not allow at this moment."""


class GameOverError(IllegalActionError):
    """The game is over: nobody can act any more."""


class NotYourPriorityError(IllegalActionError):
    """A player tried to act without holding priority (rule 117.1)."""


class NotYourTurnError(IllegalActionError):
    """The action is allowed only during its controller's turn."""


class TimingError(IllegalActionError):
    """The spell or ability cannot be cast or activated at this time (rules 117.1a, 307.1)."""


class CardNotFoundError(IllegalActionError):
    """The card is not where the action needs it to be."""


class IllegalTargetError(IllegalActionError):
    """A chosen target is not a legal target (rule 115)."""


class CannotPayError(IllegalActionError):
    """A cost cannot be paid (rules 118.3, 119.4, 810.9b, 810.9h)."""


class IllegalChoiceError(EngineError):
    """A decision maker answered with something that is not one of the options."""


class MissingDecisionError(EngineError):
    """A scripted decision maker has no answer left for a decision."""


# ---------------------------------------------------------------------------------------------
# Turn structure


class Phase(enum.Enum):
    BEGINNING = "beginning phase"
    PRECOMBAT_MAIN = "precombat main phase"
    COMBAT = "combat phase"
    POSTCOMBAT_MAIN = "postcombat main phase"
    ENDING = "ending phase"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class Step(enum.Enum):
    """The steps of a turn, in order; a main phase, which has no steps, stands as its own entry."""

    UNTAP = "untap step"
    UPKEEP = "upkeep step"
    DRAW = "draw step"
    PRECOMBAT_MAIN = "precombat main phase"
    BEGINNING_OF_COMBAT = "beginning of combat step"
    DECLARE_ATTACKERS = "declare attackers step"
    DECLARE_BLOCKERS = "declare blockers step"
    COMBAT_DAMAGE = "combat damage step"
    END_OF_COMBAT = "end of combat step"
    POSTCOMBAT_MAIN = "postcombat main phase"
    END = "end step"
    CLEANUP = "cleanup step"

    def __repr__(self) -> str:
        return f"Step.{self.name}"

    @property
    def phase(self) -> Phase:
        return _PHASE_OF[self]

    @property
    def is_main_phase(self) -> bool:
        return self in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


_PHASE_OF = {
    Step.UNTAP: Phase.BEGINNING,
    Step.UPKEEP: Phase.BEGINNING,
    Step.DRAW: Phase.BEGINNING,
    Step.PRECOMBAT_MAIN: Phase.PRECOMBAT_MAIN,
    Step.BEGINNING_OF_COMBAT: Phase.COMBAT,
    Step.DECLARE_ATTACKERS: Phase.COMBAT,
    Step.DECLARE_BLOCKERS: Phase.COMBAT,
    Step.COMBAT_DAMAGE: Phase.COMBAT,
    Step.END_OF_COMBAT: Phase.COMBAT,
    Step.POSTCOMBAT_MAIN: Phase.POSTCOMBAT_MAIN,
    Step.END: Phase.ENDING,
    Step.CLEANUP: Phase.ENDING,
}
STEPS: tuple[Step, ...] = tuple(Step)


class Zone(enum.Enum):
    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"

    def __repr__(self) -> str:
        return f"Zone.{self.name}"


# ---------------------------------------------------------------------------------------------
# Cards


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


# ---------------------------------------------------------------------------------------------
# Players and teams


class Player:
    """A player: a name, a life total and poison counters, and their own library, hand and
    graveyard. Zone contents may be given to set up a scenario; ``library`` may be a number of
    basic lands (Wastes). The top of the library is its first card.

    >>> Player('Ana')
    Player('Ana')
    """

    def __init__(
        self,
        name: str,
        *,
        life: int | None = None,
        poison: int = 0,
        library: Iterable[Card | str] | int = (),
        hand: Iterable[Card | str] = (),
        battlefield: Iterable[Card | str] = (),
        graveyard: Iterable[Card | str] = (),
    ):
        if not name:
            raise SetupError("a player needs a name")
        self.name = name
        self._life = life
        self._poison = poison
        self.game: Game | None = None
        self.team: Team | None = None
        self.library: list[Card] = _cards(library)
        self.hand: list[Card] = _cards(hand)
        self.graveyard: list[Card] = _cards(graveyard)
        self._battlefield: list[Card] = _cards(battlefield)
        self.drew_from_empty_library = False
        self.left_game = False
        self.life_gained = 0
        self.life_lost = 0
        for card, zone in itertools.chain(
            ((c, Zone.LIBRARY) for c in self.library),
            ((c, Zone.HAND) for c in self.hand),
            ((c, Zone.GRAVEYARD) for c in self.graveyard),
            ((c, Zone.BATTLEFIELD) for c in self._battlefield),
        ):
            card.owner = card.controller = self
            card.zone = zone

    def __repr__(self) -> str:
        return f"Player({self.name!r})"

    def __str__(self) -> str:
        return self.name

    @property
    def life(self) -> int:
        """The player's life total; in Two-Headed Giant, the team's (rule 810.9a)."""
        if self.game is None:
            return self._life if self._life is not None else 20
        return self.game.life_of(self)

    @property
    def poison(self) -> int:
        if self.game is None:
            return self._poison
        return self.game.poison_of(self)

    @property
    def battlefield(self) -> list[Card]:
        """The permanents this player controls."""
        if self.game is None:
            return list(self._battlefield)
        return [c for c in self.game.battlefield if c.controller is self]

    @property
    def creatures(self) -> list[Card]:
        return [c for c in self.battlefield if c.is_creature]


class Team:
    """A team of players; the first player listed is its primary player (rule 805.2).

    >>> Team('A', [Player('Ana'), Player('Bea')])
    Team('A', [Player('Ana'), Player('Bea')])
    """

    def __init__(self, name: str, players: Sequence[Player], *, life: int | None = None, poison: int = 0):
        if not players:
            raise SetupError(f"team {name!r} has no players")
        self.name = name
        self.players = list(players)
        self.life = life
        self.poison = poison
        self.starting_life: int | None = None
        self.left_game = False
        for player in self.players:
            if player.team is not None:
                raise SetupError(f"{player.name} is already on team {player.team.name}")
            player.team = self

    def __repr__(self) -> str:
        return f"Team({self.name!r}, {self.players!r})"

    def __str__(self) -> str:
        return self.name

    @property
    def primary(self) -> Player:
        return self.players[0]


Unit = Union[Player, Team]


# ---------------------------------------------------------------------------------------------
# Objects on the stack


class StackObject:
    controller: Player
    source: Card | None
    targets: list[Any]

    def describe(self) -> str:
        raise NotImplementedError


class Spell(StackObject):
    """A card on the stack (rule 112)."""

    def __init__(self, card: Card, controller: Player, targets: Sequence[Any] = ()):
        self.card = card
        self.source = card
        self.controller = controller
        self.targets = list(targets)
        self.destination: Zone | None = None
        self.x: int | None = None

    def __repr__(self) -> str:
        return f"Spell({self.card!r}, controller={self.controller!r})"

    def describe(self) -> str:
        return self.card.name


class Ability(StackObject):
    """An activated or triggered ability on the stack (rules 602, 603)."""

    kind: ClassVar[str] = "ability"

    def __init__(
        self,
        source: Card,
        controller: Player,
        text: str,
        effect: Callable[["Game", "Ability"], None],
        *,
        targets: Sequence[Any] = (),
        target: str | None = None,
        condition: Callable[["Game", "Ability"], bool] | None = None,
        data: dict[str, Any] | None = None,
    ):
        self.source = source
        self.controller = controller
        self.text = text
        self.effect = effect
        self.targets = list(targets)
        self.target = target
        self.condition = condition
        self.data = dict(data or {})

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.source!r}, controller={self.controller!r})"

    def describe(self) -> str:
        return f"{self.kind} of {self.source.name}"


class TriggeredAbility(Ability):
    """A triggered ability; ``condition`` is an intervening "if" clause (rule 603.4)."""

    kind = "triggered ability"


class ActivatedAbility(Ability):
    kind = "activated ability"


class Stack:
    """The stack zone: last in, first out (rules 405.2, 405.5). Iterates from the top down.

    >>> stack = Stack()
    >>> stack.push('first'); stack.push('second')
    >>> stack.top, list(stack)
    ('second', ['second', 'first'])
    """

    def __init__(self) -> None:
        self._items: list[Any] = []

    def push(self, item: Any) -> None:
        self._items.append(item)

    def pop(self) -> Any:
        if not self._items:
            raise IllegalActionError("the stack is empty")
        return self._items.pop()

    def remove(self, item: Any) -> None:
        self._items.remove(item)

    @property
    def top(self) -> Any:
        return self._items[-1] if self._items else None

    def __iter__(self) -> Iterator[Any]:
        return iter(reversed(self._items))

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __repr__(self) -> str:
        return f"Stack({list(self)!r})"


# ---------------------------------------------------------------------------------------------
# Events and decisions


class Event:
    """Something that happened in the game; ``rule`` names the rule that made it happen."""

    def __init__(self, kind: str, rule: str | None = None, **data: Any):
        self.kind = kind
        self.rule = rule
        self.data = data

    def __repr__(self) -> str:
        args = [repr(self.kind)] + [f"{k}={v!r}" for k, v in self.data.items()]
        return f"Event({', '.join(args)})"

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(eq=False)
class Decision:
    """A decision the engine asks a player (or, for a team, its primary player) to make.

    ``count`` is how many options to choose, or a (minimum, maximum) pair; for ``order``
    decisions the answer is every option, in the chosen order. ``known`` lists the earlier
    choices the player knows of when choosing (rule 101.4b); a hidden choice (101.4a) is known
    only as the number of face-down cards chosen.
    """

    player: Player
    kind: str
    options: tuple[Any, ...]
    count: int | tuple[int, int] = 1
    order: bool = False
    hidden: bool = False
    rule: str | None = None
    team: Team | None = None
    known: tuple[tuple[Player, Any], ...] = ()
    context: dict[str, Any] = field(default_factory=dict)
    answer: Any = None
    forced: bool = False

    def __repr__(self) -> str:
        who = repr(self.team) if self.team is not None else repr(self.player)
        return f"Decision({who}, {self.kind!r}, answer={self.answer!r})"

    @property
    def bounds(self) -> tuple[int, int]:
        if self.order:
            return (len(self.options), len(self.options))
        if isinstance(self.count, tuple):
            return self.count
        return (self.count, self.count)


class DecisionMaker:
    """Answers decisions. Subclasses return an option (or a list of options)."""

    def decide(self, game: "Game", decision: Decision) -> Any:
        raise NotImplementedError


class FirstOptions(DecisionMaker):
    """Always the first legal answer: the first options in order, and "no" to yes/no questions."""

    def decide(self, game: "Game", decision: Decision) -> Any:
        low, high = decision.bounds
        if decision.order:
            return list(decision.options)
        if decision.count == 1:
            return decision.options[0]
        return list(decision.options[:low])


class ScriptedDecisions(DecisionMaker):
    """Answers from a script: for each player (by name), the answers to that player's decisions
    in the order they are asked. Answers are options, option names, or lists of them. When a
    player's answers run out, ``fallback`` answers (by default `FirstOptions`); with
    ``fallback=None`` a `MissingDecisionError` is raised.

    >>> ScriptedDecisions(Ana=['Grizzly Bears'], Bruno=[True])
    ScriptedDecisions(Ana=['Grizzly Bears'], Bruno=[True])
    """

    def __init__(self, script: dict[str, list[Any]] | None = None, *, fallback: DecisionMaker | None = FirstOptions(), **answers: list[Any]):
        self.script = {**(script or {}), **answers}
        self._queues = {name: list(items) for name, items in self.script.items()}
        self.fallback = fallback

    def __repr__(self) -> str:
        return f"ScriptedDecisions({', '.join(f'{k}={v!r}' for k, v in self.script.items())})"

    def decide(self, game: "Game", decision: Decision) -> Any:
        queue = self._queues.get(decision.player.name)
        if queue:
            return queue.pop(0)
        if self.fallback is None:
            raise MissingDecisionError(
                f"{decision.player.name} has no scripted answer for a {decision.kind!r} decision"
            )
        return self.fallback.decide(game, decision)

    @property
    def unused(self) -> dict[str, list[Any]]:
        return {name: list(q) for name, q in self._queues.items() if q}


@dataclass(eq=False)
class ChoiceRequest:
    """One player's part in a set of simultaneous choices (rule 101.4). ``then`` is called with
    the answer and may return further requests that the choice causes (rule 101.4d)."""

    decision: Decision
    then: Callable[[Any], Sequence["ChoiceRequest"]] | None = None
    sequence: int | None = None


def _name_of(option: Any) -> str | None:
    if isinstance(option, (Card, Player, Team)):
        return option.name
    if isinstance(option, Ability):
        return option.source.name
    if isinstance(option, Spell):
        return option.card.name
    if isinstance(option, Zone):
        return option.value
    if isinstance(option, str):
        return option
    return None


# ---------------------------------------------------------------------------------------------
# The game


class Game:
    """A game of Magic among individual players seated in the order given; turn order is the
    seating order from the starting player (rule 103.1).

    >>> game = Game(players=[Player('Ana'), Player('Bruno')])
    >>> game
    Game(players=[Player('Ana'), Player('Bruno')])
    >>> game.players[0].life
    20

    Variants subclass it and override its hooks: `starting_life`, `life_of`, `poison_of`,
    `poison_threshold`, `first_turn_skips_draw`, `max_hand_size`, `starting_hand_size`,
    `state_based_losses`, `forbidden`, `set_each_life`, `exchange_life`.
    """

    def __init__(
        self,
        players: Sequence[Player],
        *,
        starting_player: Player | None = None,
        decisions: DecisionMaker | None = None,
        seed: int = 0,
        range_of_influence: int | dict[str, int] | None = None,
    ):
        self._setup_players(players)
        self.range_of_influence = range_of_influence
        self._influence: dict[int, list[Player]] = {}
        self.decision_maker: DecisionMaker = decisions or FirstOptions()
        self.random = random.Random(seed)
        self.battlefield: list[Card] = []
        self.exile: list[Card] = []
        self.stack = Stack()
        self.events: list[Event] = []
        # Callables given each event as it happens: a way to look at the game mid-resolution.
        self.observers: list[Callable[[Event], None]] = []
        self.decision_log: list[Decision] = []
        self.turn = 0
        self.step: Step | None = None
        self.active_unit: Unit | None = None
        self.priority: Unit | None = None
        self.winners: list[Unit] = []
        self.losers: list[Unit] = []
        self.over = False
        self.draw_game = False
        self._passes = 0
        self._pending: list[TriggeredAbility] = []
        self._resolving: StackObject | None = None
        self._flow_changed = False
        self._cleanup_had_priority = False
        self._noted_prevented: set[tuple[str, str]] = set()
        self._replacers: dict[int, tuple[Card, Player]] = {}
        # "This turn" effects (514.2): (player, what), e.g. (ana, "additional land").
        self.turn_effects: list[tuple[Player, str]] = []
        self.lands_played: dict[int, int] = {}
        for player in self.players:
            player.game = self
            for zone, cards in (
                (Zone.LIBRARY, player.library),
                (Zone.HAND, player.hand),
                (Zone.GRAVEYARD, player.graveyard),
                (Zone.BATTLEFIELD, player._battlefield),
            ):
                for card in cards:
                    if card.owner is None:
                        card.owner = card.controller = player
                    card.zone = zone
            self.battlefield.extend(player._battlefield)
        self._init_life()
        starting = starting_player or self.seats[0]
        if starting not in self.seats:
            raise SetupError(f"{starting!r} is not in this game")
        self.starting_unit: Unit = self.unit_of(starting)
        if isinstance(range_of_influence, dict):
            unknown = sorted(set(range_of_influence) - {p.name for p in self.seats})
            if unknown:
                raise SetupError(f"a range of influence is given for {unknown[0]!r}, who is not playing")
        self._determine_influence()

    # ----- set-up and structure

    def _setup_players(self, players: Sequence[Player]) -> None:
        players = list(players)
        if len(players) < 2:
            raise SetupError("a game needs at least two players")
        names = [p.name for p in players]
        duplicated = sorted({n for n in names if names.count(n) > 1})
        if duplicated:
            raise SetupError(f"two players are named {duplicated[0]!r}")
        for player in players:
            if player.game is not None:
                raise SetupError(f"{player.name} is already in a game")
        self.seats: list[Player] = players

    def _init_life(self) -> None:
        for player in self.seats:
            if player._life is None:
                player._life = self.starting_life(player)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.seats!r})"

    @property
    def players(self) -> list[Player]:
        """The players still in the game, in seating order."""
        return [p for p in self.seats if not p.left_game]

    def player(self, name: str) -> Player:
        for player in self.seats:
            if player.name == name:
                return player
        raise KeyError(name)

    def units(self) -> list[Unit]:
        """What takes turns and holds priority, in turn order from the seats: players here,
        teams in games with shared team turns (rule 805.4)."""
        return list(self.players)

    def unit_of(self, player: Player) -> Unit:
        return player

    def members(self, unit: Unit) -> list[Player]:
        return [unit] if isinstance(unit, Player) else [p for p in unit.players if not p.left_game]

    @property
    def active_players(self) -> list[Player]:
        return self.members(self.active_unit) if self.active_unit is not None else []

    @property
    def active_player(self) -> Player | None:
        """The active player (rule 102.1); with shared team turns, the active team's primary player."""
        players = self.active_players
        return players[0] if players else None

    def is_active(self, player: Player) -> bool:
        return player in self.active_players

    @property
    def phase(self) -> Phase | None:
        return self.step.phase if self.step else None

    def opponents(self, player: Player) -> list[Player]:
        """Rule 102.2–102.3: every other player, or every player not on `player`'s team."""
        if player.team is not None:
            return [p for p in self.players if p.team is not player.team]
        return [p for p in self.players if p is not player]

    def teammates(self, player: Player) -> list[Player]:
        if player.team is None:
            return []
        return [p for p in player.team.players if p is not player and not p.left_game]

    def turn_order_from(self, unit: Unit) -> list[Unit]:
        units = self.units()
        if unit not in units:
            seats = [self.unit_of(p) for p in self.seats]
            order = list(dict.fromkeys(seats))
            start = order.index(unit)
            rotated = order[start:] + order[:start]
            return [u for u in rotated if u in units]
        start = units.index(unit)
        return units[start:] + units[:start]

    def apnap_order(self) -> list[Player]:
        """Rule 101.4: the active player, then each other player in turn order."""
        active = self.active_unit or self.starting_unit
        return [p for unit in self.turn_order_from(active) for p in self.members(unit)]

    # ----- limited range of influence (rule 801)

    def influence_of(self, player: Player) -> int | None:
        """`player`'s range of influence in seats, or None when the option isn't used."""
        if isinstance(self.range_of_influence, dict):
            return self.range_of_influence.get(player.name)
        return self.range_of_influence

    def _determine_influence(self) -> None:
        """Rule 801.2c: who is within each player's range is determined as each turn begins."""
        seated = self.players
        count = len(seated)
        for i, player in enumerate(seated):
            reach = self.influence_of(player)
            self._influence[id(player)] = [
                other
                for j, other in enumerate(seated)
                if reach is None or min((i - j) % count, (j - i) % count) <= reach
            ]

    def in_range(self, player: Player) -> list[Player]:
        """The players within `player`'s range of influence (rules 801.2, 801.2b), in seating
        order; every player in the game when the option isn't used."""
        within = self._influence.get(id(player), self.players)
        return [p for p in within if not p.left_game]

    def affected_players(self, controller: Player) -> list[Player]:
        """The players an effect of `controller`'s that affects "each player" affects, in APNAP
        order (rule 801.10)."""
        reach = self.in_range(controller)
        return [p for p in self.apnap_order() if p in reach]

    def affected_opponents(self, controller: Player) -> list[Player]:
        reach = self.in_range(controller)
        return [p for p in self.opponents(controller) if p in reach]

    def affected_creatures(self, controller: Player) -> list[Card]:
        """The creatures an effect of `controller`'s that affects "each creature" affects (801.10)."""
        reach = self.in_range(controller)
        return [c for c in self.battlefield if c.is_creature and c.controller in reach]

    def attackable_players(self, player: Player) -> list[Player]:
        """Rule 801.3: creatures attack only opponents within their controller's range."""
        return self.affected_opponents(player)

    # ----- hooks for variants

    def starting_life(self, player: Player) -> int:
        """Rule 103.4: each player begins the game with 20 life."""
        return 20

    def life_of(self, player: Player) -> int:
        return player._life

    def _adjust_life(self, player: Player, delta: int) -> None:
        player._life += delta

    def poison_of(self, player: Player) -> int:
        return player._poison

    def _adjust_poison(self, player: Player, delta: int) -> None:
        player._poison += delta

    def poison_threshold(self, player: Player) -> int:
        """Rule 704.5c: ten poison counters."""
        return 10

    def first_turn_skips_draw(self, unit: Unit) -> bool:
        """Rules 103.8a and 103.8c: in a two-player game the player who plays first skips the
        draw step of their first turn; in other multiplayer games nobody does."""
        return len(self.seats) == 2 and unit is self.starting_unit

    def max_hand_size(self, player: Player) -> int:
        """Rule 402.2: normally seven."""
        return 7

    def starting_hand_size(self, player: Player) -> int:
        """Rule 103.5: normally seven."""
        return 7

    def forbidden(self, player: Player, action: str) -> bool:
        """Whether an effect says `player` can't do `action` (see `CardDefinition.forbids`), from a
        permanent or from a "this turn" effect."""
        if (player, f"can't {action}") in self.turn_effects:
            return True
        return any(card.definition.forbids(self, card, player, action) for card in self.battlefield)

    def can_lose(self, player: Player, reason: str) -> bool:
        return not (self.forbidden(player, "lose") or self.forbidden(player, f"lose:{reason}"))

    def can_win(self, player: Player) -> bool:
        return not self.forbidden(player, "win")

    def state_based_losses(self) -> list[tuple[Unit, str, str]]:
        """The losses state-based actions would cause now, as (unit, reason, rule):
        704.5a life, 704.5b drawing from an empty library, 704.5c poison."""
        losses = []
        for player in self.players:
            if self.life_of(player) <= 0:
                losses.append((player, "life", "704.5a"))
            if player.drew_from_empty_library:
                losses.append((player, "draw", "704.5b"))
            if self.poison_of(player) >= self.poison_threshold(player):
                losses.append((player, "poison", "704.5c"))
        return losses

    # ----- events and decisions

    def emit(self, kind: str, rule: str | None = None, **data: Any) -> Event:
        """Record an event, tell the observers, and find the abilities it triggers."""
        event = Event(kind, rule, **data)
        self.events.append(event)
        for observer in self.observers:
            observer(event)
        self._check_triggers(event)
        return event

    def decide(self, decision: Decision) -> Any:
        """Ask the decision maker, check the answer against the options, log it and return it.
        A decision with exactly one legal answer is made without asking."""
        low, high = decision.bounds
        if not decision.order and decision.count == 1 and len(decision.options) == 1:
            decision.answer, decision.forced = decision.options[0], True
        elif decision.order and len(decision.options) <= 1:
            decision.answer, decision.forced = list(decision.options), True
        elif not decision.order and decision.count != 1 and len(decision.options) <= low:
            decision.answer, decision.forced = list(decision.options), True
        else:
            raw = self.decision_maker.decide(self, decision)
            decision.answer = self._validate(decision, raw)
        self.decision_log.append(decision)
        self.emit("decision", decision.rule, decision=decision)
        return decision.answer

    def _validate(self, decision: Decision, raw: Any) -> Any:
        options = list(decision.options)

        def match(item: Any, taken: list[Any]) -> Any:
            for option in options:
                if option is item and not any(option is t for t in taken):
                    return option
            if not isinstance(item, bool):
                for option in options:
                    if any(option is t for t in taken):
                        continue
                    if option == item and type(option) is type(item):
                        return option
                    if isinstance(item, str) and _name_of(option) == item:
                        return option
            raise IllegalChoiceError(
                f"{decision.player.name}: {item!r} is not an available answer to the "
                f"{decision.kind!r} decision (options: {', '.join(map(repr, options))})"
            )

        low, high = decision.bounds
        if decision.count == 1 and not decision.order:
            if isinstance(raw, (list, tuple)):
                if len(raw) != 1:
                    raise IllegalChoiceError(f"{decision.player.name}: choose exactly one for {decision.kind!r}")
                raw = raw[0]
            return match(raw, [])
        items = list(raw) if isinstance(raw, (list, tuple)) else [raw]
        if not low <= len(items) <= high:
            raise IllegalChoiceError(
                f"{decision.player.name}: {decision.kind!r} needs between {low} and {high} answers, got {len(items)}"
            )
        chosen: list[Any] = []
        for item in items:
            chosen.append(match(item, chosen))
        return chosen

    def choose_simultaneously(self, requests: Sequence[ChoiceRequest]) -> dict[int, Any]:
        """Make choices "at the same time" in APNAP order (rule 101.4, or 805.6 with shared team
        turns): each player makes all their choices, in the specified order or in an order they
        choose (101.4c); a choice that makes an earlier player choose restarts the order for all
        outstanding choices (101.4d). Returns the answers keyed by ``id(request)``."""
        outstanding = list(requests)
        answers: dict[int, Any] = {}
        known: list[tuple[Player, Any]] = []
        while outstanding:
            restarted = False
            done: list[Player] = []  # players before the one choosing now, in this pass
            for group in self._choice_groups():
                waiting = [p for p in group if any(r.decision.player is p for r in outstanding)]
                for player in self._order_within(group, waiting):
                    while True:
                        mine = [r for r in outstanding if r.decision.player is player]
                        if not mine:
                            break
                        request = self._order_own_choices(player, mine)[0]
                        request.decision.known = tuple(known)
                        answer = self.decide(request.decision)
                        outstanding.remove(request)
                        answers[id(request)] = answer
                        if request.decision.hidden:
                            count = len(answer) if isinstance(answer, list) else 1
                            known.append((player, f"{count} face-down card" + ("s" if count != 1 else "")))
                        else:
                            known.append((player, answer))
                        caused = list(request.then(answer)) if request.then else []
                        outstanding.extend(caused)
                        if any(r.decision.player in done for r in caused):
                            self.emit("apnap_restart", "101.4d", player=player)
                            restarted = True
                            break
                    if restarted:
                        break
                    done.append(player)
                if restarted:
                    break
                done.extend(p for p in group if p not in done)
        return answers

    def _choice_groups(self) -> list[list[Player]]:
        """The players in APNAP order, grouped by who may choose their own order among them:
        each player alone here; each team with shared team turns (rule 805.6)."""
        return [[p] for p in self.apnap_order()]

    def _order_within(self, group: list[Player], waiting: list[Player]) -> list[Player]:
        return waiting

    def _order_own_choices(self, player: Player, mine: list[ChoiceRequest]) -> list[ChoiceRequest]:
        """Rule 101.4c: in the order specified, or else in the order the player chooses."""
        if len(mine) == 1:
            return mine
        if all(r.sequence is not None for r in mine):
            return sorted(mine, key=lambda r: r.sequence)
        labels = tuple(f"{r.decision.kind} #{i}" for i, r in enumerate(mine, 1))
        chosen = self.decide(Decision(player, "order_choices", labels, order=True, rule="101.4c"))
        return [mine[labels.index(label)] for label in chosen]

    # ----- starting the game and moving through turns

    def start(self, at: Step = Step.UNTAP, *, turn: int = 1, opening_hands: bool = False) -> None:
        """Start the game with the starting player's (or team's) turn, at step `at`: earlier
        steps of that turn are skipped, which lets a scenario begin, say, in a main phase. A
        scenario set later in a game gives the number of the `turn` it begins in (rules for a
        game's first turn, such as 103.8, then don't apply). With ``opening_hands``, each player
        first draws an opening hand and may take mulligans (rule 103.5)."""
        if self.turn:
            raise IllegalActionError("the game has already started")
        if turn < 1:
            raise SetupError("turns are numbered from 1")
        self.emit("game_starts", "103", players=list(self.seats))
        if opening_hands:
            self._opening_hands()
        self.turn = turn - 1
        self._begin_turn(self.starting_unit, at)

    def _opening_hands(self) -> None:
        for player in self.apnap_order():
            self.random.shuffle(player.library)
            self.draw(player, self.starting_hand_size(player), rule="103.5")
        mulligans = {id(p): 0 for p in self.players}
        deciding = list(self.apnap_order())
        while deciding:
            taking = []
            for player in deciding:
                if self.decide(Decision(player, "mulligan", (False, True), rule="103.5")):
                    taking.append(player)
            for player in taking:
                mulligans[id(player)] += 1
                for card in list(player.hand):
                    self._move(card, Zone.LIBRARY)
                self.random.shuffle(player.library)
                self.emit("mulligan", "103.5", player=player, count=mulligans[id(player)])
                self.draw(player, self.starting_hand_size(player), rule="103.5")
            deciding = taking
        for player in self.apnap_order():
            bottom = mulligans[id(player)] - (1 if self._free_mulligan() and mulligans[id(player)] else 0)
            if bottom > 0:
                chosen = self.decide(
                    Decision(player, "bottom", tuple(player.hand), count=(min(bottom, len(player.hand)),) * 2, rule="103.5")
                )
                for card in chosen:
                    player.hand.remove(card)
                    player.library.append(card)
                    card.zone = Zone.LIBRARY
                self.emit("bottom", "103.5", player=player, count=len(chosen))

    def _free_mulligan(self) -> bool:
        """Rule 103.5c: in a multiplayer game the first mulligan is free."""
        return len(self.seats) > 2

    def _begin_turn(self, unit: Unit, at: Step = Step.UNTAP) -> None:
        self.turn += 1
        self.active_unit = unit
        self.lands_played = {}
        self._determine_influence()
        for card in self.battlefield:
            card.attacking = None
        self.emit("turn_begins", "500", turn=self.turn, unit=unit)
        self._begin_step(at)

    def _begin_step(self, step: Step) -> None:
        self.step = step
        self._passes = 0
        self.priority = None
        self.emit("step_begins", _STEP_RULES[step], step=step)
        if self.over:
            return
        if step is Step.UNTAP:
            self._untap()
            self._advance()
            return
        if step is Step.DRAW:
            self._draw_step()
        elif step is Step.DECLARE_ATTACKERS:
            self._declare_attackers()
        elif step is Step.COMBAT_DAMAGE:
            self._combat_damage()
        elif step is Step.CLEANUP:
            self._cleanup()
            return
        self.emit("beginning_of", _STEP_RULES[step], step=step, active=self.active_unit)
        self._give_priority(self.active_unit)

    def _advance(self) -> None:
        """The current step or phase ends (rule 500.2) and the next begins."""
        self._flow_changed = True
        step = self.step
        if step is Step.END_OF_COMBAT:
            self._remove_from_combat("511.3")
        if step is Step.CLEANUP:
            if self._cleanup_had_priority:
                self._cleanup_had_priority = False
                self.emit("another_cleanup", "514.3a")
                self._begin_step(Step.CLEANUP)
                return
            self._end_turn()
            return
        index = STEPS.index(step) + 1
        following = STEPS[index]
        if step is Step.DECLARE_ATTACKERS and not self.attackers:
            following = Step.END_OF_COMBAT  # rule 508.8
        self._begin_step(following)

    def _end_turn(self) -> None:
        self.emit("turn_ends", "500", turn=self.turn, unit=self.active_unit)
        if self.over:
            return
        units = self.units()
        current = self.active_unit
        if current in units:
            following = units[(units.index(current) + 1) % len(units)]
        else:
            following = self.turn_order_from(current)[0] if units else None
        if following is not None:
            self._begin_turn(following)

    def _untap(self) -> None:
        untapped = [c for c in self.battlefield if c.controller in self.active_players and c.tapped]
        for card in untapped:
            card.tapped = False
        if untapped:
            self.emit("untap", "502.3", cards=untapped)

    def _draw_step(self) -> None:
        if self.turn == 1 and self.first_turn_skips_draw(self.active_unit):
            self.emit("skip_draw", self._skip_draw_rule(), unit=self.active_unit)
            return
        for player in self._drawing_order(self.active_players):
            self.draw(player, 1, rule="504.1")

    def _skip_draw_rule(self) -> str:
        return "103.8a"

    def _drawing_order(self, players: list[Player]) -> list[Player]:
        return players

    # ----- priority

    def _give_priority(self, unit: Unit | None) -> None:
        """Rule 117.5: state-based actions, then triggered abilities, repeated until neither
        happens; then the player (or team) receives priority."""
        while not self.over:
            self.check_state_based_actions()
            if self.over:
                break
            if self._pending:
                self._put_triggers_on_stack()
                continue
            break
        if self.over:
            self.priority = None
            return
        if unit is not None and unit not in self.units():
            later = [u for u in self.turn_order_from(unit) if u in self.units()]
            unit = later[0] if later else None
        self.priority = unit

    def _priority_unit_for(self, player: Player) -> Unit:
        return self.unit_of(player)

    def _check_priority(self, player: Player) -> None:
        if self.over:
            raise GameOverError("the game is over")
        if player.game is not self:
            raise IllegalActionError(f"{player.name} is not in this game")
        if player.left_game:
            raise IllegalActionError(f"{player.name} has left the game")
        if self.priority is None or self._priority_unit_for(player) is not self.priority:
            holder = self.priority.name if self.priority is not None else "nobody"
            raise NotYourPriorityError(f"{player.name} does not have priority ({holder} has)")

    def pass_priority(self, player: Player | None = None) -> None:
        """The player (or team) with priority passes (rule 117.3d). When all pass in succession,
        the top of the stack resolves or, if the stack is empty, the step or phase ends (117.4)."""
        if self.over:
            raise GameOverError("the game is over")
        if self.priority is None:
            raise NotYourPriorityError("nobody has priority")
        if player is not None:
            self._check_priority(player)
        holder = self.priority
        self._passes += 1
        units = self.units()
        if self._passes >= len(units):
            self._passes = 0
            if self.stack:
                self._resolve_top()
            else:
                self._advance()
            return
        self._give_priority(units[(units.index(holder) + 1) % len(units)])

    def pass_all(self) -> None:
        """Every player (or team) passes in succession, starting with the one holding priority."""
        if self.priority is None:
            raise NotYourPriorityError("nobody has priority")
        turn, step, depth = self.turn, self.step, len(self.stack)
        for _ in range(len(self.units())):
            self.pass_priority()
            if self.over or (self.turn, self.step, len(self.stack)) != (turn, step, depth) or self._passes == 0:
                return

    def resolve_stack(self) -> None:
        """Players pass in succession until the stack is empty."""
        for _ in range(10_000):
            if not self.stack or self.over:
                return
            self.pass_all()
        raise EngineError("the stack did not empty")

    def advance_to(self, step: Step, *, turn: int | None = None) -> None:
        """Players pass in succession until `step` of turn `turn` (default: this turn, or the next
        turn if that step has passed) begins and a player gets priority there."""
        target_turn = turn
        if target_turn is None:
            target_turn = self.turn if STEPS.index(step) > STEPS.index(self.step) else self.turn + 1
        for _ in range(10_000):
            if self.over:
                return
            if self.turn == target_turn and self.step is step and self.priority is not None:
                return
            if self.turn > target_turn:
                raise IllegalActionError(f"{step.value} of turn {target_turn} was skipped or has passed")
            self.pass_all()
        raise EngineError(f"could not reach the {step.value}")

    # ----- casting and activating

    def _find(self, cards: list[Card], card: Card | str, where: str) -> Card:
        if isinstance(card, Card):
            if card in cards:
                return card
            raise CardNotFoundError(f"{card.name} is not in {where}")
        for candidate in cards:
            if candidate.name == card:
                return candidate
        raise CardNotFoundError(f"no {card} in {where}")

    def cast(self, player: Player, card: Card | str, *, targets: Sequence[Any] | None = None, x: int | None = None) -> Spell:
        """Cast a spell from `player`'s hand (rule 601), choosing the value of X if its cost has
        one (601.2b). Mana is not modelled: costs in mana are taken as paid."""
        self._check_priority(player)
        card = self._find(player.hand, card, f"{player.name}'s hand")
        if card.is_land:
            raise IllegalActionError(f"{card.name} is a land: lands are played, not cast")
        has_x = any(symbol.text == "X" for symbol in card.mana_cost.symbols)
        if has_x and (x is None or x < 0):
            raise IllegalActionError(f"{card.name} has X in its cost: choose X, a number of 0 or more")
        if not has_x and x is not None:
            raise IllegalActionError(f"{card.name} has no X in its cost")
        card.definition.check_timing(self, player, card)
        chosen = self._choose_targets(player, card.definition.spell_target, targets, card)
        spell = Spell(card, player, chosen)
        spell.x = x
        player.hand.remove(card)
        card.zone = Zone.STACK
        self.stack.push(spell)
        self.emit("cast", "601.2", player=player, card=card, targets=chosen)
        self._passes = 0
        self._give_priority(self._priority_unit_for(player))
        return spell

    def land_plays(self, player: Player) -> int:
        """Rule 305.2: how many lands `player` can play this turn: one, plus each additional land
        an effect allows; none if an effect says they can't play lands (101.2)."""
        if self.forbidden(player, "play lands"):
            return 0
        return 1 + self.turn_effects.count((player, "additional land"))

    def play_land(self, player: Player, card: Card | str) -> None:
        """Play a land: a special action, during your main phase with an empty stack, if you have
        a land play left (rules 305.1, 305.2a, 305.2b)."""
        self._check_priority(player)
        card = self._find(player.hand, card, f"{player.name}'s hand")
        if not card.is_land:
            raise IllegalActionError(f"{card.name} is not a land")
        if not (self.is_active(player) and self.step.is_main_phase and not self.stack):
            raise TimingError("a land can be played only in its player's main phase with an empty stack (305.1)")
        played = self.lands_played.get(id(player), 0)
        allowed = self.land_plays(player)
        if played >= allowed:
            rule = "101.2" if self.forbidden(player, "play lands") else "305.2b"
            raise IllegalActionError(
                f"{player.name} can't play a land: {played} played of {allowed} allowed this turn ({rule})"
            )
        self.lands_played[id(player)] = played + 1
        self.emit("play_land", "305.1", player=player, card=card)
        self._put_onto_battlefield(card, player)
        self._give_priority(self._priority_unit_for(player))

    def activate(self, player: Player, card: Card | str, index: int = 0, *, targets: Sequence[Any] | None = None) -> ActivatedAbility:
        """Activate an activated ability of a permanent `player` controls (rule 602)."""
        self._check_priority(player)
        card = self._find(player.battlefield, card, f"the permanents {player.name} controls")
        abilities = card.definition.activated
        if not 0 <= index < len(abilities):
            raise IllegalActionError(f"{card.name} has no activated ability number {index + 1}")
        ability = abilities[index]
        if ability.only_your_turn and not self.is_active(player):
            raise NotYourTurnError(f"{card.name}'s ability can be activated only during its controller's turn")
        if ability.tap:
            if card.tapped:
                raise CannotPayError(f"{card.name} is already tapped")
            if card.is_creature and self._summoning_sick(card):
                raise CannotPayError(f"{card.name} has not been under its controller's control since the turn began")
        life = ability.life(self, player) if ability.life else 0
        if life:
            self._check_can_pay_life(player, life)
        chosen = self._choose_targets(player, ability.target, targets, card)
        self.emit("activate", "602.2", player=player, card=card)
        if ability.tap:
            card.tapped = True
        if life:
            self.pay_life(player, life)
        obj = ActivatedAbility(card, player, ability.text, ability.effect, targets=chosen, target=ability.target)
        self.stack.push(obj)
        self._passes = 0
        self._give_priority(self._priority_unit_for(player))
        return obj

    def _summoning_sick(self, card: Card) -> bool:
        """Rule 302.6."""
        return card.entered_turn == self.turn and "Haste" not in card.keywords

    def _choose_targets(self, player: Player, kind: str | None, given: Sequence[Any] | None, source: Card) -> list[Any]:
        if kind is None:
            if given:
                raise IllegalTargetError(f"{source.name} has no targets")
            return []
        legal = self.legal_targets(kind, player)
        if given is None:
            if not legal:
                raise IllegalTargetError(f"{source.name} has no legal target")
            return [self.decide(Decision(player, "target", tuple(legal), rule="601.2c", context={"source": source}))]
        chosen = []
        for target in given:
            if isinstance(target, str):
                target = next((t for t in legal if _name_of(t) == target), target)
            if not any(target is t for t in legal):
                raise IllegalTargetError(f"{target!r} is not a legal target for {source.name}")
            chosen.append(target)
        if len(chosen) != 1:
            raise IllegalTargetError(f"{source.name} needs exactly one target")
        return chosen

    def legal_targets(self, kind: str, chooser: Player | None = None) -> list[Any]:
        """What a spell or ability of `chooser`'s may target: within their range of influence
        (rule 801.4)."""
        reach = self.in_range(chooser) if chooser is not None else self.players
        players = [p for p in self.players if p in reach]
        creatures = [c for c in self.battlefield if c.is_creature and c.controller in reach]
        if kind == "player":
            return players
        if kind == "creature":
            return creatures
        if kind == "any":
            return creatures + players
        raise EngineError(f"unknown kind of target {kind!r}")

    def _target_is_legal(self, target: Any, kind: str | None, chooser: Player | None = None) -> bool:
        if kind is None:
            return True
        return any(target is t for t in self.legal_targets(kind, chooser))

    # ----- resolving

    def _resolve_top(self) -> None:
        obj = self.stack.pop()
        self._resolving = obj
        self._flow_changed = False
        kind = obj.card.definition.spell_target if isinstance(obj, Spell) else obj.target
        if obj.targets and not any(self._target_is_legal(t, kind, obj.controller) for t in obj.targets):
            self.emit("fizzles", "608.2b", object=obj)
            if isinstance(obj, Spell):
                self._move(obj.card, Zone.GRAVEYARD)
        elif isinstance(obj, Ability) and obj.condition is not None and not obj.condition(self, obj):
            self.emit("no_effect", "603.4", object=obj)
        else:
            self.emit("resolves", "608.2", object=obj)
            if isinstance(obj, Spell):
                if obj.card.is_permanent_card:
                    self._resolving = None
                    self._put_onto_battlefield(obj.card, obj.controller)
                else:
                    obj.card.definition.resolve(self, obj)
                    if obj.card.zone is Zone.STACK:
                        self._move(obj.card, obj.destination or Zone.GRAVEYARD)
            else:
                obj.effect(self, obj)
        self._resolving = None
        if self._flow_changed or self.over:
            return
        self._passes = 0
        self._give_priority(self.active_unit)  # rule 117.3b

    def _put_onto_battlefield(self, card: Card, controller: Player) -> None:
        if card.zone is Zone.HAND and card.owner:
            card.owner.hand.remove(card)
        card.controller = controller
        card.zone = Zone.BATTLEFIELD
        card.entered_turn = self.turn
        card.definition.as_enters(self, card)
        self.battlefield.append(card)
        self.emit("enters", "403.3", card=card, controller=controller)

    # ----- triggered abilities

    def _check_triggers(self, event: Event) -> None:
        if event.kind in ("decision",):
            return
        watchers = list(self.battlefield)
        if event.kind == "dies":
            watchers.extend(c for c in event["cards"] if c not in watchers)
        for card in watchers:
            for ability in card.definition.triggers(self, card, event):
                self._pending.append(ability)
                self.emit("triggers", "603.2", ability=ability)

    def _put_triggers_on_stack(self) -> None:
        """Rules 603.3b and 405.3: each player in APNAP order puts the abilities they control on
        the stack in the order they choose, so the active player's go lowest."""
        pending, self._pending = self._pending, []
        for group, chooser, team in self._trigger_groups(pending):
            if len(group) > 1:
                rule = "805.7" if team is not None else "405.3"
                ordered = self.decide(Decision(chooser, "order_triggers", tuple(group), order=True, rule=rule, team=team))
            else:
                ordered = group
            for ability in ordered:
                if ability.target is not None:
                    legal = self.legal_targets(ability.target, ability.controller)
                    if not legal:
                        self.emit("removed_no_target", "603.3d", ability=ability)
                        continue
                    ability.targets = [self.decide(Decision(ability.controller, "target", tuple(legal), rule="603.3d", context={"source": ability.source}))]
                self.stack.push(ability)
                self.emit("trigger_on_stack", "603.3", ability=ability)

    def _trigger_groups(self, pending: list[TriggeredAbility]) -> list[tuple[list[TriggeredAbility], Player, Team | None]]:
        groups = []
        for player in self.apnap_order():
            mine = [a for a in pending if a.controller is player]
            if mine:
                groups.append((mine, player, None))
        return groups

    # ----- state-based actions

    def check_state_based_actions(self) -> bool:
        """Perform state-based actions as single events until none apply (rules 704.3, 117.5).
        Returns whether any were performed."""
        performed = False
        for _ in range(1000):
            if self.over:
                return performed
            if not self._state_based_actions_once():
                return performed
            performed = True
        raise EngineError("state-based actions did not settle")

    def _state_based_actions_once(self) -> bool:
        dying = [
            (c, "704.5f" if (c.toughness or 0) <= 0 else "704.5g")
            for c in self.battlefield
            if c.is_creature and ((c.toughness or 0) <= 0 or c.damage >= (c.toughness or 0))
        ]
        losses = []
        current = set()
        for unit, reason, rule in self.state_based_losses():
            key = (unit.name, reason)
            current.add(key)
            if self._unit_can_lose(unit, reason):
                losses.append((unit, reason, rule))
            elif key not in self._noted_prevented:
                self._noted_prevented.add(key)
                self.emit("loss_prevented", "104.3", unit=unit, reason=reason, by=self._preventer(unit, "lose", reason))
        self._noted_prevented &= current
        for player in self.players:
            player.drew_from_empty_library = False
        if not dying and not losses:
            return False
        # Replacement effects on the game loss are found before anything moves: all these
        # state-based actions are one event (704.3).
        self._replacers = {}
        for unit, _, _ in losses:
            replacer = self._find_loss_replacer(unit)
            if replacer is not None:
                self._replacers[id(unit)] = replacer
        if dying:
            for card, rule in dying:
                self.emit("destroyed" if rule == "704.5g" else "dies_toughness", rule, card=card)
            moving = [c for c, _ in dying]
            for card, player in self._replacers.values():
                if card in moving and card.definition.replacement_moves_itself:
                    # Rule 400.6: two things try to move the same object; its controller chooses.
                    where = self.decide(Decision(player, "where_it_goes", (Zone.GRAVEYARD, Zone.EXILE), rule="400.6", context={"source": card}))
                    if where is Zone.EXILE:
                        moving.remove(card)
            self._to_graveyards(moving, "704.5")
        if losses:
            self._lose_all(losses)
        self._replacers = {}
        return True

    def _find_loss_replacer(self, unit: Unit) -> tuple[Card, Player] | None:
        for player in self.members(unit):
            for card in self.battlefield:
                if card.controller is player and card.definition.replaces_loss(self, card, player):
                    return card, player
        return None

    def _unit_can_lose(self, unit: Unit, reason: str) -> bool:
        return all(self.can_lose(p, reason) for p in self.members(unit))

    def _preventer(self, unit: Unit, action: str, reason: str | None = None) -> Card | None:
        for player in self.members(unit):
            for card in self.battlefield:
                if card.definition.forbids(self, card, player, action) or (
                    reason and card.definition.forbids(self, card, player, f"{action}:{reason}")
                ):
                    return card
        return None

    # ----- winning and losing

    def lose(self, player: Player, reason: str = "effect", rule: str = "104.3") -> None:
        """`player` loses the game (if an effect doesn't say they can't)."""
        unit = self.unit_of(player)
        if not self._unit_can_lose(unit, reason):
            self.emit("loss_prevented", rule, unit=unit, reason=reason, by=self._preventer(unit, "lose", reason))
            return
        self._lose_all([(unit, reason, rule)])

    def concede(self, player: Player) -> None:
        """Rule 104.3a: a player may concede at any time; they leave the game and lose. With
        shared team turns, their team does (810.8b)."""
        if self.over:
            raise GameOverError("the game is over")
        if player.left_game or player.game is not self:
            raise IllegalActionError(f"{player.name} is not in this game")
        unit = self.unit_of(player)
        self.emit("concedes", "104.3a", player=player)
        self._lose_all([(unit, "concession", "104.3a")])
        if not self.over and self.priority is unit:
            self._give_priority(unit)

    def win(self, player: Player, source: Card | None = None) -> None:
        """`player` (and their team) wins the game unless an effect says they can't (104.2b)."""
        unit = self.unit_of(player)
        if not all(self.can_win(p) for p in self.members(unit)):
            self.emit("win_prevented", "104.2b", unit=unit, by=self._preventer(unit, "win"), source=source)
            return
        if self.range_of_influence is not None and isinstance(unit, Player):
            beaten = self.affected_opponents(player)
            self.emit("win_in_range", "801.14", unit=unit, losers=beaten, source=source)
            self._lose_all([(self.unit_of(o), "opponent won", "801.14") for o in beaten])
            return
        side = self._side(unit)
        self.emit("wins", "104.2b", unit=side, source=source)
        others = [u for u in self.units() if self._side(u) is not side]
        for other in others:
            self._leave(other, "opponent won", "104.2b")
        self._finish([side])

    def _side(self, unit: Unit) -> Unit:
        """Who wins together: a player's team when players on a team take their own turns."""
        if isinstance(unit, Player) and unit.team is not None:
            return unit.team
        return unit

    def _replace_loss(self, unit: Unit, reasons: list[str]) -> bool:
        found = self._replacers.get(id(unit)) or self._find_loss_replacer(unit)
        if found is None:
            return False
        card, player = found
        self.emit("loss_replaced", "614.1a", unit=unit, reasons=reasons, card=card)
        card.definition.replace_loss(self, card, player)
        return True

    def _lose_all(self, losses: list[tuple[Unit, str, str]]) -> None:
        handled: list[Unit] = []
        seen: list[Unit] = []
        for unit, reason, rule in losses:
            if unit in handled:
                continue
            handled.append(unit)
            if reason != "concession" and self._replace_loss(unit, [r for u, r, _ in losses if u is unit]):
                continue
            seen.append(unit)
            self.emit("loses", rule, unit=unit, reason=reason)
        if not seen:
            return
        for unit in seen:
            self._leave(unit, "lost", None)
        remaining = self.units()
        sides = list(dict.fromkeys(self._side(u) for u in remaining))
        if not remaining:
            self.draw_game = True
            self.emit("game_drawn", "104.4a")
            self._finish([])
        elif len(sides) == 1:
            winner = sides[0]
            if all(self.can_win(p) for p in self.members(winner)):
                self.emit("wins", "104.2a", unit=winner, source=None)
                self._finish([winner])
            else:
                self.emit("win_prevented", "104.2a", unit=winner, by=self._preventer(winner, "win"), source=None)

    def _leave(self, unit: Unit, why: str, rule: str | None) -> None:
        if unit in self.losers:
            return
        self.losers.append(unit)
        for player in self.members(unit):
            player.left_game = True
        if isinstance(unit, Team):
            unit.left_game = True
        if len(self.units()) >= 2 or not self.units():
            self._remove_objects_of(unit)

    def _remove_objects_of(self, unit: Unit) -> None:
        """Rule 800.4a: when a player leaves a multiplayer game, the objects they own leave too."""
        gone = set(map(id, self.members(unit)))
        for card in [c for c in self.battlefield if id(c.owner) in gone]:
            self.battlefield.remove(card)
            card.zone = None
        for obj in [o for o in self.stack if id(o.controller) in gone]:
            self.stack.remove(obj)
        self._pending = [a for a in self._pending if id(a.controller) not in gone]

    def _finish(self, winners: list[Unit]) -> None:
        self.winners = winners
        self.over = True
        self.priority = None
        self.emit("game_over", "104.1", winners=winners)

    # ----- life (rules 119, 120)

    def _life_unit(self, player: Player) -> Unit:
        return player

    def _note_life(self, player: Player) -> None:
        unit = self._life_unit(player)
        self.emit("life_total", "119", unit=unit, life=self.life_of(player))

    def deal_damage(self, source: Card | StackObject, recipient: Player | Card, amount: int) -> None:
        """`source` deals `amount` damage to a player or creature (rule 120.3)."""
        self.deal_damage_each(source, [(recipient, amount)])

    def deal_damage_each(self, source: Card | StackObject, assignments: Sequence[tuple[Player | Card, int]]) -> None:
        """Damage dealt to several recipients at the same time: to a player it causes that much
        loss of life (120.3a); to a creature it is marked on it (120.3e)."""
        card = source.source if isinstance(source, StackObject) else source
        dealt = [(r, a) for r, a in assignments if a > 0]
        for recipient, amount in dealt:
            self.emit("damage", "120.3", source=card, target=recipient, amount=amount)
        touched = []
        for recipient, amount in dealt:
            if isinstance(recipient, Player):
                if self._lose_life_quietly(recipient, amount, damage=True):
                    touched.append(recipient)
            else:
                recipient.damage += amount
        self._note_lives(touched)

    def _note_lives(self, players: Iterable[Player]) -> None:
        seen = []
        for player in players:
            unit = self._life_unit(player)
            if unit not in seen:
                seen.append(unit)
                self._note_life(player)

    def _lose_life_quietly(self, player: Player, amount: int, *, damage: bool = False) -> int:
        if amount <= 0:
            return 0
        if self.forbidden(player, "lose life"):
            self.emit("life_loss_prevented", "119.7", player=player, by=self._preventer(self._life_unit(player), "lose life"))
            return 0
        self._adjust_life(player, -amount)
        player.life_lost += amount
        if not damage:
            self.emit("life_loss", "119.3", player=player, amount=amount)
        return amount

    def lose_life(self, player: Player, amount: int) -> int:
        """`player` loses `amount` life; returns the life actually lost."""
        lost = self._lose_life_quietly(player, amount)
        if lost:
            self._note_life(player)
        return lost

    def gain_life(self, player: Player, amount: int) -> int:
        """`player` gains `amount` life; returns the life actually gained."""
        gained = self._gain_life_quietly(player, amount)
        if gained:
            self._note_life(player)
        return gained

    def _gain_life_quietly(self, player: Player, amount: int) -> int:
        if amount <= 0:
            return 0
        if self.forbidden(player, "gain life"):
            self.emit("life_gain_prevented", "119.7", player=player, by=self._preventer(self._life_unit(player), "gain life"))
            return 0
        self._adjust_life(player, amount)
        player.life_gained += amount
        self.emit("life_gain", "119.3", player=player, amount=amount)
        return amount

    def _check_can_pay_life(self, player: Player, amount: int) -> None:
        """Rule 119.4: a player can pay life only if their life total is at least the payment;
        anyone can pay 0 life. A player who can't lose life can pay only 0 (119.8)."""
        if amount < 0:
            raise CannotPayError("a life payment can't be negative")
        if amount == 0:
            return
        if self.forbidden(player, "lose life"):
            raise CannotPayError(f"{player.name} can't lose life, so can pay only 0 life")
        if amount > self.life_of(player):
            raise CannotPayError(f"{player.name} can't pay {amount} life with a life total of {self.life_of(player)}")

    def pay_life(self, player: Player, amount: int) -> None:
        """Pay `amount` life as a cost (rule 119.4); raises `CannotPayError` if it can't be paid."""
        self._check_can_pay_life(player, amount)
        if amount:
            self.emit("pay_life", "119.4", player=player, amount=amount)
            self._lose_life_quietly(player, amount, damage=True)
            self._note_life(player)

    def pay_life_together(self, payments: dict[Player, int]) -> None:
        """Several players pay life at the same time."""
        for player, amount in payments.items():
            self._check_can_pay_life(player, amount)
        for player, amount in payments.items():
            if amount:
                self.emit("pay_life", "119.4", player=player, amount=amount)
                self._lose_life_quietly(player, amount, damage=True)
        self._note_lives(p for p, a in payments.items() if a)

    def set_life(self, player: Player, value: int) -> None:
        """Rule 119.5: a player whose life total becomes a number gains or loses the difference."""
        self.emit("life_becomes", "119.5", player=player, value=value, before=self.life_of(player))
        difference = value - self.life_of(player)
        if difference > 0:
            self.gain_life(player, difference)
        elif difference < 0:
            self.lose_life(player, -difference)

    def set_each_life(self, value: int, source: Card | None = None) -> None:
        """Each player's life total becomes `value`."""
        for player in self.apnap_order():
            self.set_life(player, value)

    def exchange_life(self, first: Player, second: Player) -> bool:
        """Rule 119.6 (in part): two players exchange life totals; each gains or loses the
        difference. Returns whether the exchange happened."""
        a, b = self.life_of(first), self.life_of(second)
        self.emit("exchange_life", "119.6", first=first, second=second)
        self.set_life(first, b)
        self.set_life(second, a)
        return True

    # ----- poison (rule 122)

    def give_poison(self, player: Player, amount: int = 1) -> int:
        if amount <= 0:
            return 0
        if self.forbidden(player, "get poison"):
            self.emit("poison_prevented", "122.1", player=player, by=self._preventer(self._life_unit(player), "get poison"))
            return 0
        self._adjust_poison(player, amount)
        self.emit("poison", "122.1", player=player, amount=amount)
        self.emit("poison_total", "122.1", unit=self._life_unit(player), poison=self.poison_of(player))
        return amount

    def remove_poison(self, player: Player, amount: int = 1) -> int:
        removed = min(amount, self.poison_of(player))
        if removed:
            self._adjust_poison(player, -removed)
            self.emit("poison_removed", "122.1", player=player, amount=removed)
        return removed

    def is_poisoned(self, player: Player) -> bool:
        """Glossary "Poisoned": having one or more poison counters (810.10d for teams)."""
        return self.poison_of(player) > 0

    # ----- cards moving

    def _zone_list(self, card: Card) -> list[Card] | None:
        owner = card.owner
        if card.zone is Zone.LIBRARY:
            return owner.library
        if card.zone is Zone.HAND:
            return owner.hand
        if card.zone is Zone.GRAVEYARD:
            return owner.graveyard
        if card.zone is Zone.BATTLEFIELD:
            return self.battlefield
        if card.zone is Zone.EXILE:
            return self.exile
        return None

    def _move(self, card: Card, zone: Zone, *, top: bool = True) -> None:
        source = self._zone_list(card)
        if source is not None and card in source:
            source.remove(card)
        if card.zone is Zone.STACK:
            for obj in list(self.stack):
                if isinstance(obj, Spell) and obj.card is card:
                    self.stack.remove(obj)
        if card.zone is Zone.BATTLEFIELD:
            card._leave_battlefield_state()
        card.zone = zone
        target = self._zone_list(card)
        if zone is Zone.LIBRARY and top:
            target.insert(0, card)
        elif target is not None:
            target.append(card)

    def draw(self, player: Player, count: int = 1, *, rule: str = "121.1") -> list[Card]:
        """Rule 121: draw cards one at a time; drawing from an empty library is remembered for
        the next state-based action check (704.5b)."""
        drawn = []
        for _ in range(count):
            if not player.library:
                player.drew_from_empty_library = True
                self.emit("draw_empty", "121.4", player=player)
                continue
            card = player.library[0]
            self._move(card, Zone.HAND)
            drawn.append(card)
        if drawn:
            self.emit("draw", rule, player=player, count=len(drawn))
        return drawn

    def mill(self, player: Player, count: int) -> list[Card]:
        """Rule 701.17: put the top `count` cards of the library into the graveyard; with fewer
        cards there, as many as possible (609.3)."""
        milled = player.library[:count]
        for card in milled:
            self._move(card, Zone.GRAVEYARD)
        self.emit("mill", "701.17", player=player, cards=list(milled), count=count)
        return milled

    def discard(self, player: Player, cards: Sequence[Card], rule: str = "701.9") -> None:
        for card in cards:
            if card not in player.hand:
                raise CardNotFoundError(f"{card.name} is not in {player.name}'s hand")
        for card in cards:
            self._move(card, Zone.GRAVEYARD)
        if cards:
            self.emit("discard", rule, player=player, cards=list(cards))

    def sacrifice(self, cards: Sequence[Card], rule: str = "701.21") -> None:
        """Sacrifice permanents at the same time."""
        cards = [c for c in cards if c.zone is Zone.BATTLEFIELD]
        if not cards:
            return
        self.emit("sacrifice", rule, cards=list(cards))
        self._to_graveyards(cards, rule)

    def destroy(self, cards: Sequence[Card], rule: str = "701.8") -> None:
        """Destroy permanents at the same time: they go to their owners' graveyards."""
        cards = [c for c in cards if c.zone is Zone.BATTLEFIELD]
        if cards:
            self.emit("destroy", rule, cards=list(cards))
            self._to_graveyards(cards, rule)

    def _to_graveyards(self, cards: Sequence[Card], rule: str) -> None:
        """Permanents put into graveyards from the battlefield in one event; each is announced
        afterwards, with its last controller, for abilities that trigger on it (603.2c, 603.10)."""
        controllers = [(card, card.controller) for card in cards]
        for card in cards:
            self._move(card, Zone.GRAVEYARD)
        creatures = [c for c in cards if c.is_creature]
        if creatures:
            self.emit("dies", rule, cards=creatures)
        for card, controller in controllers:
            self.emit("put_into_graveyard", rule, card=card, controller=controller)

    def exile_cards(self, cards: Sequence[Card], rule: str = "406.3") -> None:
        for card in cards:
            self._move(card, Zone.EXILE)
        if cards:
            self.emit("exile", rule, cards=list(cards))

    def shuffle_into_library(self, card: Card) -> None:
        owner = card.owner
        self._move(card, Zone.LIBRARY)
        self.random.shuffle(owner.library)
        self.emit("shuffle_in", "701.24", player=owner, card=card)

    def devotion(self, player: Player, *colors: str) -> int:
        """Rule 700.5: the mana symbols of `colors` among the costs of permanents `player` controls."""
        return sum(card.mana_cost.devotion(*colors) for card in player.battlefield)

    # ----- combat (rule 506–511; blocking is not modelled: every attacker is unblocked)

    @property
    def attackers(self) -> list[Card]:
        return [c for c in self.battlefield if c.attacking is not None]

    def _declare_attackers(self) -> None:
        for player in self.active_players:
            able = [
                c for c in player.creatures
                if not c.tapped and not self._summoning_sick(c)
            ]
            if not able or not self.attackable_players(player):
                continue
            chosen = self.decide(Decision(player, "attackers", tuple(able), count=(0, len(able)), rule="508.1a"))
            for card in chosen:
                defenders = self.attackable_players(player)
                defender = defenders[0] if len(defenders) == 1 else self.decide(
                    Decision(player, "attack_target", tuple(defenders), rule="508.1b", context={"attacker": card})
                )
                card.attacking = defender
                if "Vigilance" not in card.keywords:
                    card.tapped = True
                self.emit("attacks", "508.1", card=card, defender=defender)

    def _combat_damage(self) -> None:
        assignments = [(c, c.attacking, c.power) for c in self.attackers if (c.power or 0) > 0 and not c.attacking.left_game]
        if not assignments:
            return
        for card, defender, power in assignments:
            self.deal_damage(card, defender, power)

    def _remove_from_combat(self, rule: str) -> None:
        removed = self.attackers
        for card in removed:
            card.attacking = None
        if removed:
            self.emit("removed_from_combat", rule, cards=removed)

    # ----- cleanup (rule 514)

    def _cleanup(self) -> None:
        player = self.active_player
        for active in self.active_players:
            excess = len(active.hand) - self.max_hand_size(active)
            if excess > 0:
                chosen = self.decide(Decision(active, "discard", tuple(active.hand), count=(excess, excess), rule="514.1"))
                self.discard(active, chosen, rule="514.1")
        damaged = [c for c in self.battlefield if c.damage]
        for card in damaged:
            card.damage = 0
        self.turn_effects.clear()
        self.emit("damage_wears_off", "514.2", cards=damaged)
        if player is None:
            self._advance()
            return
        needs_priority = self._pending or self._sba_would_apply()
        if needs_priority:
            self._cleanup_had_priority = True
            self.emit("cleanup_priority", "514.3a")
            self._give_priority(self.active_unit)
            return
        self._advance()

    def _sba_would_apply(self) -> bool:
        if any(c.is_creature and ((c.toughness or 0) <= 0 or c.damage >= (c.toughness or 0)) for c in self.battlefield):
            return True
        return any(self._unit_can_lose(u, r) for u, r, _ in self.state_based_losses())

    # ----- ending the turn and the combat phase (rule 723)

    def end_the_turn(self, source: Card | None = None) -> None:
        """Rule 723.1: end the turn. (The rule's number changed as sections were added before
        it: 715 "Ending the Turn" in September 2017, 716 in July 2018 and August 2019 (then
        "Ending Turns and Phases"), 717 in October 2019, 720 in April 2023, 721 in June 2024.)"""
        self.emit("end_the_turn", "723.1", source=source)
        self._end_process_start("723.1a", "723.1b")
        self.emit("sba_no_priority", "723.1c")
        self.check_state_based_actions()
        if self.over:
            return
        if self.phase is Phase.COMBAT:
            self._remove_from_combat("723.1d")
        self.emit("skip_to_cleanup", "723.1d", step=self.step)
        self._flow_changed = True
        self._cleanup_had_priority = False
        self._begin_step(Step.CLEANUP)

    def end_the_combat_phase(self, source: Card | None = None) -> None:
        """Rule 723.2: end the combat phase; outside combat nothing happens (723.2g)."""
        if self.phase is not Phase.COMBAT:
            self.emit("nothing_happens", "723.2g", source=source)
            return
        self.emit("end_combat", "723.2", source=source)
        self._end_process_start("723.2a", "723.2b")
        self.emit("sba_no_priority", "723.2c")
        self.check_state_based_actions()
        if self.over:
            return
        self._remove_from_combat("723.2d")
        self.emit("skip_to_next_phase", "723.2d", step=self.step)
        self._flow_changed = True
        self._begin_step(Step.POSTCOMBAT_MAIN)

    def _end_process_start(self, cease_rule: str, exile_rule: str) -> None:
        if self._pending:
            gone, self._pending = self._pending, []
            self.emit("triggers_cease", cease_rule, abilities=gone)
        objects = list(self.stack)
        if self._resolving is not None and self._resolving not in objects:
            objects.insert(0, self._resolving)
        for obj in objects:
            if obj in list(self.stack):
                self.stack.remove(obj)
            if isinstance(obj, Spell) and obj.card.zone is Zone.STACK:
                obj.card.zone = Zone.EXILE
                self.exile.append(obj.card)
        if objects:
            self.emit("stack_exiled", exile_rule, objects=objects)

    # ----- a summary for people and tests

    def summary(self) -> dict[str, Any]:
        """The values an example's outcome is read from."""
        players = {
            p.name: {
                "life": self.life_of(p),
                "poison": self.poison_of(p),
                "hand": len(p.hand),
                "library": len(p.library),
                "graveyard": [c.name for c in p.graveyard],
                "battlefield": [c.name for c in p.battlefield] if not p.left_game else [],
                "left_game": p.left_game,
            }
            for p in self.seats
        }
        return {
            "turn": self.turn,
            "step": self.step.value if self.step else None,
            "players": players,
            "stack": [o.describe() for o in self.stack],
            "exile": [c.name for c in self.exile],
            "winners": [u.name for u in self.winners],
            "losers": [u.name for u in self.losers],
            "over": self.over,
        }


_STEP_RULES = {
    Step.UNTAP: "502",
    Step.UPKEEP: "503",
    Step.DRAW: "504",
    Step.PRECOMBAT_MAIN: "505",
    Step.BEGINNING_OF_COMBAT: "507",
    Step.DECLARE_ATTACKERS: "508",
    Step.DECLARE_BLOCKERS: "509",
    Step.COMBAT_DAMAGE: "510",
    Step.END_OF_COMBAT: "511",
    Step.POSTCOMBAT_MAIN: "505",
    Step.END: "513",
    Step.CLEANUP: "514",
}
