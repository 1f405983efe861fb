"""The objects on the stack (spells and abilities) and the stack zone itself (rules 112, 113, 405)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, TYPE_CHECKING

from kb.engine.errors import IllegalActionError
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.objects import Card, Zone
    from kb.engine.players import Player


class StackObject:
    controller: Player
    source: Card | None
    targets: list[Any]

    def describe(self) -> str:
        raise NotImplementedError

    def every_target(self) -> list[Any]:
        """Every object and player it targets: for each word "target", and in spliced text."""
        found = list(self.targets) + [t for group in getattr(self, "target_groups", ()) for t in group]
        found += [t for text in getattr(self, "spliced", ()) for t in text.targets]
        return found

    def note_targets(self) -> None:
        """Remember which object each target was when it was chosen: a card that has changed
        zones since is a new object, which this never targeted (400.7, 608.2b). A target already
        noted (kept by a copy, 707.10, or left unchanged, 115.7) stays the object it was."""
        noted = getattr(self, "target_incarnations", {})
        self.target_incarnations = {id(t): noted.get(id(t), t.incarnation) for t in self.every_target() if hasattr(t, "incarnation")}

    def still_targets(self, target: Any) -> bool:
        """Whether `target` is still the object that was chosen (400.7), when it is one of the
        targets; an object that left its zone and came back is not."""
        noted = getattr(self, "target_incarnations", {})
        return id(target) not in noted or noted[id(target)] == getattr(target, "incarnation", None)


class Spell(StackObject):
    """A card on the stack (rule 112)."""

    def __init__(self, card: Card, controller: Player, targets: Sequence[Any] = ()):
        self.card = card
        self.source = card
        self.controller = controller
        self.targets = list(targets)
        # The targets chosen for each instance of the word "target" (601.2c), for a spell with
        # several (`CardDefinition.spell_targets`); otherwise one group of all of them.
        self.target_groups: list[list[Any]] = [list(targets)]
        self.destination: Zone | None = None
        self.x: int | None = None
        # The modes chosen for a modal spell (700.2), by index; a copy keeps them (700.2g).
        self.modes: list[int] = []
        # A copy of a spell isn't cast and has no card of its own (707.10).
        self.is_copy = False
        self.paid_with: list[Any] = []

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
        # The object its source was as the ability was created (400.7): if the source changes
        # zones, "this" no longer finds it.
        self.source_incarnation = getattr(source, "incarnation", None)
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
        if isinstance(item, StackObject):
            item.note_targets()
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


def source_left_since(obj: Any, card: Any) -> bool:
    """Whether `card` is the source of the ability `obj` and has changed zones since the ability
    was created: a new object (400.7), which what the ability does to "this" doesn't affect."""
    return (
        isinstance(obj, Ability)
        and obj.source is card
        and obj.source_incarnation is not None
        and getattr(card, "incarnation", None) != obj.source_incarnation
    )
