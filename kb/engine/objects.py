"""Cards and the permanents they become: their definitions (what a card is and does), their
characteristics, and the zones they are in."""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Union

from kb.engine.creature_types import CREATURE_TYPES
from kb.engine.errors import NotModelledError, TimingError, UnknownCardError
from kb.engine.keywords import refuse_unread
from kb.engine.mana import ManaCost
from kb.engine.protocols import (
    ActivatedAbility,
    ContinuousEffect,
    Event,
    Game,
    Player,
    Replacement,
    Spell,
    TriggeredAbility,
)
from kb.engine.typeline import read_type_line


class Zone(enum.Enum):
    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    # Rule 408: emblems and other specialized objects; not a zone of cards here.
    COMMAND = "command"

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
    supertypes: ClassVar[tuple[str, ...]] = ()
    # Colours as letters (W, U, B, R, G); None means those of the mana cost (rule 202.2).
    colors: ClassVar[tuple[str, ...] | None] = None
    power: ClassVar[int | None] = None
    toughness: ClassVar[int | None] = None
    # A planeswalker's printed loyalty (306.5a): it enters with that many loyalty counters.
    loyalty: ClassVar[int | None] = None
    # A battle's printed defense (310.4a): it enters with that many defense counters (310.4b).
    defense: ClassVar[int | None] = None
    keywords: ClassVar[tuple[str, ...]] = ()
    oracle: ClassVar[str] = ""
    # A type line, such as "Basic Land — Mountain", sets supertypes, types and subtypes at once.
    type_line: ClassVar[str] = ""
    in_part: ClassVar[bool] = False
    # An Aura's enchant ability (303.4a, 702.5a): what it can enchant, as a kind of target
    # ("creature", "player", "land" ...). None reads it from an "Enchant <kind>" Oracle text.
    enchant: ClassVar[str | None] = None
    activated: ClassVar[tuple["AbilityDefinition", ...]] = ()
    # Triggered abilities (`kb.engine.define.Trigger`) and static abilities (callables that
    # make a `ContinuousEffect` from the game and the card), for definitions that use the
    # default `triggers` and `static_effects`.
    triggered: ClassVar[tuple[Any, ...]] = ()
    # State-triggered abilities (603.8, `kb.engine.define.StateTrigger`): "whenever <state>".
    state_triggered: ClassVar[tuple[Any, ...]] = ()
    static: ClassVar[tuple[Callable[..., Any], ...]] = ()
    # Who a spell with targets may target: "player", "creature", "any", or None (no targets).
    spell_target: ClassVar[str | None] = None
    # A spell with several instances of the word "target", one `TargetSpec` each, in order:
    # "Destroy target artifact and target land". Its targets are then chosen in groups.
    spell_targets: ClassVar[tuple["TargetSpec", ...]] = ()

    registry: ClassVar[dict[str, type["CardDefinition"]]] = {}
    # A card's other names (its printed name in another language), casefolded, each to the name it
    # is registered under: given to the engine by whoever holds them (`add_other_names`), since the
    # engine keeps no language of its own.
    other_names: ClassVar[dict[str, str]] = {}
    _other_names_as_given: ClassVar[dict[str, str]] = {}

    @classmethod
    def add_other_names(cls, names: "dict[str, str]") -> None:
        """Let each card be found by another name too: `names` maps it to the card's name."""
        cls.other_names.update({other.casefold(): name for other, name in names.items()})
        cls._other_names_as_given.update(names)

    @classmethod
    def other_names_shown(cls) -> list[str]:
        """The other names given, as they were given (not casefolded)."""
        return list(cls._other_names_as_given)

    @classmethod
    def named(cls, name: str) -> type["CardDefinition"]:
        """The definition of the card called `name`, by its own name or another it was given.

        >>> CardDefinition.add_other_names({'Isla': 'Island'})
        >>> CardDefinition.named('isla').name
        'Island'
        """
        found = cls.registry.get(name)
        if found is None:
            found = cls.registry.get(cls.other_names.get(name.casefold(), ""))
        if found is None:
            raise UnknownCardError(f"unknown card {name!r}")
        return found

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "type_line" in cls.__dict__:
            # "Legendary Artifact Creature — Golem": read into the three lists (205).
            line = read_type_line(cls.type_line)
            cls.supertypes, cls.types, cls.subtypes = line.supertypes, line.types, line.subtypes
        if "keywords" in cls.__dict__:
            refuse_unread(cls.keywords, cls.name or cls.__name__)
        if cls.name:
            CardDefinition.registry[cls.name] = cls

    @property
    def enchant_kind(self) -> str | None:
        """What the Aura's enchant ability lets it enchant (702.5a), or None for a card without one."""
        if self.enchant is not None:
            return self.enchant
        found = re.match(r"Enchant ([a-z ]+?)(?:[.(\n]|$)", self.oracle)
        return found.group(1) if found else None

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
        """The abilities of `card` that trigger on `event`: by default, those of its
        ``triggered`` abilities (`kb.engine.define.Trigger`) whose trigger event matches."""
        for trigger in self.triggered:
            ability = trigger.fire(game, card, event)
            if ability is not None:
                yield ability

    def replaces_loss(self, game: "Game", card: "Card", player: "Player") -> bool:
        """Whether `card` replaces `player`'s losing the game with something else (614.1a)."""
        return False

    def replace_loss(self, game: "Game", card: "Card", player: "Player") -> None:
        """What happens instead of `player`'s losing the game."""

    # Whether the loss replacement moves the card itself (so it can conflict with another
    # event moving it, rule 400.6).
    replacement_moves_itself: ClassVar[bool] = False

    def static_effects(self, game: "Game", card: "Card") -> Iterable["ContinuousEffect"]:
        """The continuous effects the static abilities of `card` generate while it is on the
        battlefield (rule 611.3); they take the permanent's timestamp (613.7a). By default,
        one from each of its ``static`` abilities (callables given the game and the card)."""
        return [make(game, card) for make in self.static]

    def replacements(self, game: "Game", card: "Card") -> Iterable["Replacement"]:
        """The replacement and prevention effects the static abilities of `card` generate while
        it is on the battlefield (rules 614, 615; see `kb.engine.replacement`)."""
        return ()

    def restricts_attack(self, game: "Game", card: "Card", attackers: list["Card"]) -> bool:
        """Whether a static ability of `card` makes this declaration of attackers illegal
        (rule 508.1c), as "No more than one creature can attack each combat" does."""
        return False

    def restricts_block(self, game: "Game", card: "Card", blocks: list[tuple["Card", "Card"]]) -> bool:
        """Whether a static ability of `card` makes these blocks, (blocker, attacker) pairs,
        illegal (rule 509.1b)."""
        return False

    def cost_change(self, game: "Game", card: "Card", spell: "CardDefinition", player: "Player") -> int:
        """How a static ability of `card` changes the total cost of `spell` (the definition of the
        spell, or of the half of a split card, being cast by `player`), in generic mana
        (601.2f, 118.7a): +1 for "cost {1} more to cast", -1 for "cost {1} less"."""
        return 0

    def own_cost_change(self, game: "Game", card: "Card", player: "Player") -> int:
        """How the spell's own static ability changes its total cost, in generic mana (601.2f):
        -1 for each ... in "This spell costs {1} less to cast for each ..."."""
        return 0

    # A static ability "Cards in graveyards lose all abilities." (Yixlid Jailer).
    graveyard_cards_lose_abilities: ClassVar[bool] = False

    # An additional cost to cast the spell (601.2b, 118.8): "sacrifice a creature".
    additional_cost: ClassVar[str | None] = None

    def loyalty_cost_change(self, game: "Game", card: "Card", permanent: "Card") -> int:
        """How a static ability of `card` changes the loyalty cost of `permanent`'s loyalty
        abilities (606.4): +1 for "cost an additional [+1] to activate"."""
        return 0

    def forbids(self, game: "Game", card: "Card", player: "Player", action: str) -> bool:
        """Whether a static ability of `card` says `player` can't do `action`:
        ``"lose"``, ``"lose:<reason>"``, ``"win"``, ``"gain life"``, ``"lose life"``, ``"get poison"``."""
        return False


@dataclass(frozen=True)
class TargetSpec:
    """One instance of the word "target" in a spell's text (115.1, 601.2c): what it may target,
    how many (a minimum and a maximum), and whether it must be another object than those chosen
    for the earlier instances ("any other target")."""

    kind: str
    count: tuple[int, int] = (1, 1)
    other: bool = False


class SplitCardDefinition(CardDefinition):
    """A split card (rule 709): two halves on one card, each a `CardDefinition` subclass with an
    empty ``name`` and its own ``half_name`` (so that it is not a card of its own). In every zone
    but the stack the card has both halves' characteristics combined: both names, the combined
    mana cost, every card type (709.4, 709.4a–c). Cast, it has only those of the half cast
    (709.3b)."""

    halves: ClassVar[tuple[type[CardDefinition], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if cls.__dict__.get("halves"):
            halves = cls.halves
            cls.name = " // ".join(h.half_name for h in halves)
            cls.mana_cost = " // ".join(h.mana_cost for h in halves)
            cls.types = tuple(dict.fromkeys(t for h in halves for t in h.types))
            cls.subtypes = tuple(dict.fromkeys(t for h in halves for t in h.subtypes))
            cls.oracle = " // ".join(h.oracle for h in halves)
        super().__init_subclass__(**kwargs)

    @property
    def names(self) -> tuple[str, ...]:
        """Rule 709.4a: a split card has two names."""
        return tuple(h.half_name for h in self.halves)

    def half(self, name: str) -> CardDefinition:
        """The half named `name`, as the definition of the spell it is cast as (709.3)."""
        for half_class in self.halves:
            if half_class.half_name == name:
                half = half_class()
                half.name = name
                return half
        raise ValueError(f"{self.name} has no half named {name!r} (its halves: {', '.join(self.names)})")


class DoubleFacedCardDefinition(CardDefinition):
    """A transforming (nonmodal) double-faced card (712): `front` and `back` are definitions of
    its faces, each a `CardDefinition` subclass with an empty ``name`` and its own
    ``face_name``. Off the battlefield it has only its front face's characteristics (712.8a);
    on the battlefield, those of the face up (712.8d–e). Its name is its front face's."""

    front: ClassVar[type[CardDefinition]]
    back: ClassVar[type[CardDefinition]]
    # Whether it can transform: meld cards can't (712.4c).
    transforms: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "front" in cls.__dict__:
            front = cls.front
            cls.name = front.face_name
            for attribute in ("mana_cost", "types", "subtypes", "supertypes", "colors", "power", "toughness", "keywords", "oracle", "loyalty"):
                setattr(cls, attribute, getattr(front, attribute))
        super().__init_subclass__(**kwargs)

    @property
    def back_face(self) -> CardDefinition:
        """Its back face, whose colors count for its color identity (903.4d)."""
        return self.face(True)

    def face(self, back: bool) -> CardDefinition:
        """The definition of the face named: the front, or the back (712.8)."""
        face = (self.back if back else self.front)()
        face.name = face.face_name
        return face

    # Off the battlefield, the card is its front face (712.8a); as it enters, the face it enters
    # with makes its choices.
    def triggers(self, game: "Game", card: "Card", event: "Event") -> Iterable["TriggeredAbility"]:
        return self.face(False).triggers(game, card, event)

    def as_enters(self, game: "Game", card: "Card") -> None:
        card._face().as_enters(game, card)


@dataclass(frozen=True)
class AbilityDefinition:
    """An activated ability: its text, its costs and its effect (rule 602)."""

    text: str
    effect: Callable[["Game", "ActivatedAbility"], None]
    mana: str = ""
    tap: bool = False
    life: Callable[["Game", "Player"], int] | None = None
    only_your_turn: bool = False
    # "Activate only as a sorcery" (602.5d): in its controller's main phase, the stack empty.
    sorcery: bool = False
    # The zone the ability functions in: the battlefield, or a graveyard for an ability that
    # moves its card out of it (113.6m).
    zone: str = "battlefield"
    target: str | None = None
    # Whether the effect could add mana (605.1a), and, for rule 106.7, the types of mana it
    # would add if it resolved now, given the game and the permanent.
    adds_mana: bool = False
    produces: Callable[["Game", "Card"], frozenset[str]] | None = None
    # The loyalty symbol in its cost, for a loyalty ability (606.2): +1, 0, -4 ...
    loyalty: int | None = None
    # How many targets, at least and at most: "up to two target lands" is (0, 2).
    target_count: tuple[int, int] = (1, 1)
    # Other costs (602.1a, see `kb.engine.costs`): a permanent to sacrifice ("this", or a card
    # type: "creature", "artifact"), and energy to pay ({E}, 107.14).
    sacrifice: str | None = None
    energy: int = 0
    # Targets chosen by others as it is activated ("any target of an opponent's choice"):
    # given the game, the activating player and the permanent, they return more targets.
    more_targets: Callable[["Game", "Player", "Card"], list[Any]] | None = None
    # "Exile this card from your graveyard" as part of the cost (702.97a).
    exile_self: bool = False
    # "Exile the top N cards of your library" as part of the cost (602.2b, 118.3).
    exile_from_library: int = 0

    @property
    def is_mana_ability(self) -> bool:
        """Rule 605.1a: it has no target, could add mana, and is not a loyalty ability."""
        return self.adds_mana and self.target is None and self.loyalty is None


class Card:
    """A physical card (or the permanent it is on the battlefield), named by its Oracle name; or a
    token, made by `Card.token` (rule 111). On the battlefield its characteristics are those the
    layer system gives it (rule 613, `kb.engine.layers`); elsewhere, its printed ones.

    >>> Card('Grizzly Bears')
    Card('Grizzly Bears')
    >>> Card('Grizzly Bears').power
    2

    A permanent in a scenario may begin with counters on it (rule 122):

    >>> Card('Grizzly Bears', counters={'+1/+1': 1}).counters
    {'+1/+1': 1}
    """

    def __init__(
        self,
        name: str,
        *,
        chosen_player: "Player | None" = None,
        counters: dict[str, int] | None = None,
        definition: "CardDefinition | None" = None,
    ):
        if definition is not None:
            self.printed_definition: CardDefinition = definition
        else:
            self.printed_definition = CardDefinition.named(name)()
        self.owner: Player | None = None
        self._controller: Player | None = None
        self.zone: Zone | None = None
        self.tapped = False
        self.damage = 0
        self.deathtouch_damage = False
        self.attached_to: Any = None
        # The incarnation of the object it was attached to (400.7: a new object isn't).
        self.attached_incarnation: int | None = None
        # What it attacks: a player, or a planeswalker (508.1b); the player defending against
        # it (506.2); and the attacked planeswalker's incarnation (a new object isn't, 400.7).
        self.attacking: "Player | Card | None" = None
        self.defending_player: Player | None = None
        self.attacked_incarnation: int | None = None
        # A battle's protector (310.8).
        self.protector: Player | None = None
        self.blocking: list[Card] = []
        self.blocked_by: list[Card] = []
        self.was_blocked = False
        self.entered_turn: int | None = None
        # The turn a loyalty ability of this permanent was last activated (606.3).
        self.loyalty_activated_turn: int | None = None
        self.chosen_player = chosen_player
        # The half of a split card being cast: on the stack, the only half that exists (709.3b).
        self.cast_half: CardDefinition | None = None
        # A double-faced permanent with its back face up (701.27a, 712.8e).
        self.transformed = False
        # The other card of a melded permanent this card represents (712.4a, `kb.engine.meld`).
        self.melded_with: Card | None = None
        # A face-down spell or permanent (708): see `kb.engine.facedown`.
        self.face_down = False
        # A flipped permanent (110.5, 710): see `kb.engine.flip`.
        self.flipped = False
        # Choices made for linked abilities (607.2a), such as "as this enters, choose a color",
        # keyed by the definition whose ability made them and what was chosen: an ability
        # copied from another object finds no choice of its own (607.5a).
        self.choices: dict[tuple[type, str], Any] = {}
        self.becomes: dict[str, Any] = {}
        self.counters: dict[str, int] = {k: v for k, v in (counters or {}).items() if v}
        # Rule 613.7d: a permanent's timestamp is when it entered the battlefield.
        self.timestamp = 0
        # Rule 400.7: each zone change makes a new object; effects remember which one they meant.
        self.incarnation = 0
        # Last known information (rule 608.2h): the object as it last existed on the battlefield.
        self.last_known: dict[str, Any] = {}

    @classmethod
    def token(
        cls,
        name: str | None = None,
        *,
        power: int | None = None,
        toughness: int | None = None,
        colors: Iterable[str] = (),
        types: Iterable[str] = ("Creature",),
        subtypes: Iterable[str] = (),
        supertypes: Iterable[str] = (),
        keywords: Iterable[str] = (),
    ) -> "Card":
        """A token with the characteristics an effect defines (rule 111.3): no mana cost, and
        only the abilities given. Its name, if the effect names none, is its subtypes followed
        by "Token" (111.4).

        >>> saproling = Card.token(power=1, toughness=1, colors='G', subtypes=['Saproling'])
        >>> saproling.name, saproling.mana_cost.text, saproling.is_token, saproling.colors
        ('Saproling Token', '', True, ('G',))
        """
        subtypes = tuple(subtypes)
        definition = TokenDefinition()
        definition.name = name if name is not None else " ".join(subtypes + ("Token",))
        definition.types = tuple(types)
        definition.subtypes = subtypes
        definition.supertypes = tuple(supertypes)
        definition.colors = tuple(c for c in COLOR_ORDER if c in set(colors))
        definition.keywords = tuple(keywords)
        refuse_unread(definition.keywords, definition.name)
        definition.power, definition.toughness = power, toughness
        return cls(definition.name, definition=definition)

    @classmethod
    def creature(
        cls,
        power: int,
        toughness: int,
        *,
        name: str | None = None,
        name_es: str | None = None,
        colors: Iterable[str] = (),
        subtypes: Iterable[str] = (),
        keywords: Iterable[str] = (),
    ) -> "Card":
        """A creature card with no abilities but the keywords given, for the rules' examples that
        speak of "a 3/4 creature": named by its size ("a 3/4 creature") unless a name is given.

        >>> Card.creature(3, 4), Card.creature(3, 4).definition.name_es
        (Card('a 3/4 creature'), 'una criatura 3/4')
        """
        definition = CardDefinition()
        definition.name = name or f"a {power}/{toughness} creature"
        definition.name_es = name_es or (None if name else f"una criatura {power}/{toughness}")
        definition.types = ("Creature",)
        definition.subtypes = tuple(subtypes)
        definition.colors = tuple(c for c in COLOR_ORDER if c in set(colors))
        definition.keywords = tuple(keywords)
        refuse_unread(definition.keywords, definition.name)
        definition.power, definition.toughness = power, toughness
        return cls(definition.name, definition=definition)

    @classmethod
    def token_of(cls, name: str) -> "Card":
        """A token with the characteristics of the card named `name`, as the Oracle card
        reference gives them (rule 111.11): "create a Tarmogoyf token"."""
        card_class = CardDefinition.named(name)
        # Not registered under the name (its class name is empty); the instance carries it.
        token_class = type(f"{card_class.__name__}Token", (TokenDefinition, card_class), {"name": ""})
        definition = token_class()
        definition.name = name
        return cls(name, definition=definition)

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    # ----- characteristics (rule 109.3), through the layer system on the battlefield

    def _game(self) -> Any:
        return self.owner.game if self.owner is not None else None

    def _value(self, field_name: str) -> Any:
        game = self._game()
        if game is not None and self.zone is Zone.BATTLEFIELD:
            chars = game.characteristics(self)
            if field_name in ("power", "toughness") and "Creature" not in chars.types:
                return None  # 208.3: a noncreature permanent has none, even one printed with them
            return getattr(chars, field_name)
        if game is not None and (self.zone is Zone.STACK and (game.effects or self.face_down) or self.zone in (Zone.GRAVEYARD, Zone.EXILE) and game.effects):
            return getattr(game.spell_characteristics(self), field_name)
        if field_name in _AS_PRINTED and not self.becomes and not self.flipped:
            # Off the battlefield, unchanged: the printed value itself, as `printed` gives it
            # (which adds every creature type for changeling, 702.73a).
            definition = self.cast_half if self.cast_half is not None and self.zone is Zone.STACK else self.printed_definition
            if not (field_name == "subtypes" and "Changeling" in definition.keywords):
                return tuple(definition.supertypes) if field_name == "supertypes" else getattr(definition, field_name)
        return getattr(self.printed(), field_name)

    @property
    def definition(self) -> "CardDefinition":
        """What the object is and does now: its printed definition, or, while a copy effect
        applies to it, the definition it copies (rules 707.2, 613.2)."""
        game = self._game()
        if self.face_down and self.zone in (Zone.BATTLEFIELD, Zone.STACK):
            return _FACE_DOWN  # 708.2: none of its own abilities, whatever it copies
        if self.cast_half is not None and self.zone is Zone.STACK:
            return self.cast_half
        # Read for every permanent each time the layers are applied: a game with no effects at all
        # has no copy effect to look for.
        copying = game is not None and self.zone is Zone.BATTLEFIELD and bool(game.effects) and game.has_copy_effects()
        if self.zone is Zone.BATTLEFIELD and isinstance(self.printed_definition, DoubleFacedCardDefinition):
            if copying:
                return self._copiable_definition(game) or self._face()
            return self._face()
        if copying:
            return self._copiable_definition(game) or self.printed_definition
        if self.flipped:
            return printed_half(self, self.printed_definition)
        return self.printed_definition

    def _copiable_definition(self, game: "Game") -> "CardDefinition":
        """The definition among the permanent's copiable values (707.2). The values are worked
        out only when a copy effect could apply to it: otherwise they are its printed ones, and
        this is read for every permanent each time the layers are applied."""
        if game.copy_effects_may_apply(self):
            return game.copiable_values(self).definition
        return self._printed_source()[0]

    def _printed_source(self) -> "tuple[CardDefinition, str | None]":
        """The definition the card's printed characteristics are read from now (the half cast,
        the face up, the half a flip card has), and the mana cost its mana value is computed
        from when not that definition's own."""
        d = self.cast_half if self.cast_half is not None and self.zone is Zone.STACK else self.printed_definition
        mana_value_from = None
        if self.zone is Zone.BATTLEFIELD and isinstance(d, DoubleFacedCardDefinition):
            if self.transformed:
                # 712.8e: the back face up, its mana value is still that of the front face's cost;
                # a melded permanent's, the sum of its two front faces' (712.8g).
                partner = self.melded_with.printed_definition.mana_cost if self.melded_with is not None else ""
                mana_value_from = d.mana_cost + partner
            d = self._face()
        if self.flipped:
            d = printed_half(self, d)  # 710.2
        return d, mana_value_from

    def printed(self) -> "Characteristics":
        """The characteristics the card (or the effect that made the token) gives it, with
        effects left out: where the layer system starts (rule 613.1)."""
        d, mana_value_from = self._printed_source()
        subtypes = d.subtypes + tuple(self.becomes.get("subtypes", ()))
        if "Changeling" in d.keywords:
            # 702.73a, 604.3: a characteristic-defining ability, working in every zone.
            subtypes = _with_every_creature_type(subtypes)
        chars = Characteristics(
            name=d.name,
            types=d.types + tuple(t for t in self.becomes.get("types", ()) if t not in d.types),
            subtypes=subtypes,
            supertypes=tuple(d.supertypes),
            colors=tuple(d.colors) if d.colors is not None else _colors_of_cost(d.mana_cost),
            keywords=d.keywords + tuple(self.becomes.get("keywords", ())),
            power=None,
            toughness=None,
            controller=self._controller,
            definition=d,
            mana_cost=d.mana_cost,
            card=self,
        )
        chars.mana_value_from = mana_value_from
        # Power and toughness are worked out only when read: a characteristic-defining ability
        # (604.3) may read other objects, even cards in the zone this card is in (Tarmogoyf in
        # a graveyard), and reading this card's types must never run it.
        for size, define in (("power", d.power_of), ("toughness", d.toughness_of)):
            if size in self.becomes:
                setattr(chars, size, self.becomes[size])
            else:
                chars.defer(size, lambda size=size, define=define: self._defined_size(size, define))
        return chars

    def _defined_size(self, size: str, define: Callable[["Card"], int | None]) -> int | None:
        """The power or toughness a characteristic-defining ability gives the card; one that
        would depend on itself is refused rather than run forever. The ability may be asked
        again while it runs, once: reading another permanent's types applies the layers to
        every permanent, this one too, and inside the layers every read is answered from the
        values being computed. A third time means the ability reads itself."""
        defining = self.__dict__.setdefault("_defining", {})
        if defining.get(size, 0) >= 2:
            raise NotModelledError(f"the {size} of {self.printed_definition.name} depends on itself (604.3)")
        defining[size] = defining.get(size, 0) + 1
        try:
            return define(self)
        finally:
            defining[size] -= 1

    def _face(self) -> "CardDefinition":
        """The definition of the face of a double-faced permanent that is up (712.8d–e), kept so
        that the same face is the same definition."""
        faces = self.__dict__.setdefault("_faces", {})
        if self.transformed not in faces:
            faces[self.transformed] = self.printed_definition.face(self.transformed)
        return faces[self.transformed]

    @property
    def mana_value(self) -> int:
        """Rule 202.3: the mana value of the object's mana cost; a double-faced permanent with its
        back face up has that of its front face's cost, and a copy of a back face 0 (202.3b)."""
        if self.zone is Zone.BATTLEFIELD:
            chars = self._game().characteristics(self) if self._game() is not None else self.printed()
            return ManaCost(chars.mana_value_from if chars.mana_value_from is not None else chars.mana_cost).mana_value
        value = self.mana_cost.mana_value
        game = self._game()
        if self.zone is Zone.STACK and game is not None:
            # 202.3e: on the stack, X is the number chosen for it (0 everywhere else).
            spell = next((o for o in game.stack if getattr(o, "card", None) is self), None)
            xs = sum(1 for symbol in self.mana_cost.symbols if symbol.text == "X")
            value += xs * (getattr(spell, "x", None) or 0)
        return value

    @property
    def controller(self) -> "Player | None":
        game = self._game()
        if game is not None and self.zone is Zone.BATTLEFIELD and game.has_control_effects():
            return game.characteristics(self).controller
        return self._controller

    @controller.setter
    def controller(self, player: "Player | None") -> None:
        self._controller = player

    @property
    def name(self) -> str:
        return self._value("name")

    @property
    def mana_cost(self) -> ManaCost:
        return ManaCost(self._value("mana_cost"))

    @property
    def types(self) -> tuple[str, ...]:
        return self._value("types")

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self._value("subtypes")

    @property
    def supertypes(self) -> tuple[str, ...]:
        return self._value("supertypes")

    @property
    def colors(self) -> tuple[str, ...]:
        """The object's colours, as the letters W, U, B, R, G (rule 105.1); none is colourless."""
        return self._value("colors")

    @property
    def keywords(self) -> tuple[str, ...]:
        return self._value("keywords")

    @property
    def power(self) -> int | None:
        return self._value("power")

    @property
    def toughness(self) -> int | None:
        return self._value("toughness")

    @property
    def is_token(self) -> bool:
        return isinstance(self.printed_definition, TokenDefinition)

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_permanent_card(self) -> bool:
        return not ({"Instant", "Sorcery"} & set(self.types))

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def _remember(self) -> None:
        """Keep last known information before the permanent leaves the battlefield (608.2h)."""
        self.last_known = {
            "counters": dict(self.counters),
            "power": self.power,
            "toughness": self.toughness,
            "controller": self.controller,
            "colors": self.colors,
            "types": self.types,
            "keywords": self.keywords,
        }
        game = self._game()
        if game is not None and hasattr(game, "abilities_removed"):
            # Whether it had lost its abilities, for abilities that look back at it (603.10a).
            self.last_known["abilities_removed"] = game.abilities_removed(self)

    def _leave_battlefield_state(self) -> None:
        """Rule 400.7: an object that changes zones becomes a new object with no memory."""
        self.tapped = False
        self.damage = 0
        self.deathtouch_damage = False
        self.attacking = None
        self.defending_player = self.attacked_incarnation = self.protector = None
        self.blocking = []
        self.blocked_by = []
        self.was_blocked = False
        self.entered_turn = None
        self.loyalty_activated_turn = None
        self.becomes = {}
        self.counters = {}
        self.choices = {}
        self.transformed = False
        self.melded_with = None
        self.attached_to = None
        self.attached_incarnation = None
        self.face_down = False  # 708.9: it is revealed as it leaves
        self.flipped = False  # 710.4: no memory of its status
        self.controller = self.owner


COLOR_ORDER = ("W", "U", "B", "R", "G")

# The characteristics a card off the battlefield has exactly as its definition prints them.
_AS_PRINTED = frozenset({"name", "types", "subtypes", "supertypes", "keywords", "mana_cost"})


@functools.lru_cache(maxsize=None)
def _with_every_creature_type(subtypes: tuple[str, ...]) -> tuple[str, ...]:
    """Rule 702.73a: the subtypes given, then every creature type not among them, in the rule's
    order. Worked out once per list of subtypes: a changeling's characteristics are read many
    times, and checking each creature type against the list every time was quadratic."""
    present = set(subtypes)
    return subtypes + tuple(t for t in CREATURE_TYPES if t not in present)


@functools.lru_cache(maxsize=None)
def _colors_of_cost(mana_cost: str) -> tuple[str, ...]:
    """Rule 202.2: the colors of a mana cost, read once per cost (a card's characteristics are
    read many times: every graveyard card for each look at a Tarmogoyf)."""
    return ManaCost(mana_cost).colors


@dataclass
class Characteristics:
    """The values of an object's characteristics at one moment (rule 109.3), plus its controller."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    keywords: tuple[str, ...]
    power: int | None
    toughness: int | None
    controller: Any = None
    definition: Any = None
    mana_cost: str = ""
    # Set by an effect that makes the object lose all abilities (layer 6).
    no_abilities: bool = False
    # Set by an effect that sets a land's basic land types: the abilities of its rules text are
    # gone (305.7), those granted by other effects are not.
    text_abilities_lost: bool = False
    # The mana cost its mana value is computed from, when not its own (712.8e).
    mana_value_from: str | None = None
    # The object these are the characteristics of, for effects whose size depends on it.
    card: Any = field(default=None, repr=False, compare=False)

    def defer(self, name: str, compute: Callable[[], Any]) -> None:
        """Leave the characteristic `name` (power or toughness) to be computed when first read."""
        self.__dict__.pop(name, None)
        self.__dict__.setdefault("_deferred", {})[name] = compute

    def __getattr__(self, name: str) -> Any:
        # Called only for an attribute not set: a deferred power or toughness.
        compute = self.__dict__.get("_deferred", {}).pop(name, None)
        if compute is None:
            raise AttributeError(name)
        value = compute()
        setattr(self, name, value)
        return value

    def __copy__(self) -> "Characteristics":
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        if "_deferred" in self.__dict__:
            twin.__dict__["_deferred"] = dict(self.__dict__["_deferred"])
        return twin


class TokenDefinition(CardDefinition):
    """What an effect that creates a token defines (rule 111.3); never registered by name."""


class FaceDownDefinition(CardDefinition):
    """What a face-down spell or permanent is (708.2a): never registered by name."""

    name = ""
    types = ("Creature",)
    power, toughness = 2, 2
    colors = ()


_FACE_DOWN = FaceDownDefinition()


def printed_half(card: "Card", definition: CardDefinition) -> CardDefinition:
    """The half of a flip card (`kb.engine.flip`) that applies to `card` now (710.2)."""
    if getattr(definition, "flipped_half", None) is not None and card.zone is Zone.BATTLEFIELD and card.flipped:
        halves = card.__dict__.setdefault("_flip_halves", {})
        if id(definition) not in halves:
            halves[id(definition)] = definition.half(True)  # type: ignore[attr-defined]
        return halves[id(definition)]
    return definition


def oracle_card_names(*types: str) -> list[str]:
    """Rule 201.4: the names a player may choose when told to choose a card name: those of the
    cards the engine knows (its Oracle card reference), never a token's. With `types`, only
    cards whose Oracle card types include them all (201.4a), whatever an effect has made a
    permanent into. A split card offers each half's name (709.4a), a double-faced card each
    face's.

    >>> 'Island' in oracle_card_names('Artifact'), 'Juggernaut' in oracle_card_names('Artifact')
    (False, True)
    """
    names = set()
    for name, definition_class in CardDefinition.registry.items():
        if issubclass(definition_class, TokenDefinition):
            continue
        if issubclass(definition_class, SplitCardDefinition):
            names.update(h.half_name for h in definition_class.halves if all(t in h.types for t in types))
        elif issubclass(definition_class, DoubleFacedCardDefinition):
            # Each face of a double-faced card has its own name (712.8).
            names.update(f.face_name for f in (definition_class.front, definition_class.back) if all(t in f.types for t in types))
        elif getattr(definition_class, "flipped_half", None) is not None:
            # 710.5: a flip card's alternative name may be chosen too.
            halves = ((name, definition_class), (definition_class.flipped_half.half_name, definition_class.flipped_half))
            names.update(n for n, half in halves if all(t in half.types for t in types))
        elif all(t in definition_class.types for t in types):
            names.add(name)
    return sorted(names)


def _cards(items: Iterable[Union["Card", str]] | int) -> list["Card"]:
    if isinstance(items, int):
        return [Card("Wastes") for _ in range(items)]
    return [item if isinstance(item, Card) else Card(item) for item in items]
