"""Defining cards: triggers, the trigger conditions most cards use, counting helpers, effect
templates, and `card`, a declarative form for simple cards.

A card is a `CardDefinition` subclass named after its Oracle name; defining the class registers
it, and `Card('<name>')` then makes one. Its triggered abilities can be listed as `Trigger`
objects, each a text, a condition on the event (see `kb.engine.events.EVENT_KINDS` for the
kinds) and an effect:

>>> from kb.engine import Card, CardDefinition, Game, Player, Step
>>> from kb.engine.define import Trigger, whenever_loses_life, gain_life
>>> class Vampire(CardDefinition):
...     name = 'Sample Bloodsucker'
...     mana_cost, types, power, toughness = '{1}{B}', ('Creature',), 1, 1
...     oracle = 'Whenever an opponent loses life, you gain 1 life.'
...     triggered = (Trigger(oracle, whenever_loses_life('opponent'), gain_life(1)),)
>>> ana = Player('Ana', battlefield=['Sample Bloodsucker'], hand=['Lightning Bolt'])
>>> game = Game(players=[ana, Player('Bruno')])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> _ = game.cast(ana, 'Lightning Bolt', targets=['Bruno'])
>>> game.resolve_stack()
>>> ana.life, game.player('Bruno').life
(21, 17)
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kb.engine.decisions import Event
from kb.engine.errors import EngineError
from kb.engine.objects import AbilityDefinition, Card, CardDefinition
from kb.engine.players import Player
from kb.engine.protocols import Game
from kb.engine.stack import Ability, TriggeredAbility
from kb.engine.turns import Step
from kb.engine.events import EVENT_KINDS


When = Callable[["Game", Card, Event], bool]
Effect = Callable[["Game", Ability], None]


@dataclass(frozen=True)
class Trigger:
    """A triggered ability (rule 603.1): "[When/Whenever/At] [trigger event], [effect]".

    ``when(game, card, event)`` says whether `event` triggers the ability of `card`; ``effect``
    runs as it resolves. ``target`` (``"player"``, ``"creature"``, ``"any"``) makes it target
    (603.3d); ``condition`` is an intervening "if" clause, checked as it triggers and as it
    resolves (603.4)."""

    text: str
    when: When
    effect: Effect
    target: str | None = None
    condition: Callable[["Game", Ability], bool] | None = None

    def fire(self, game: "Game", card: Card, event: Event) -> TriggeredAbility | None:
        if not self.when(game, card, event):
            return None
        if game.range_of_influence is not None and not _event_within_range(game, card.controller, event, getattr(self.when, "event_fields", ())):
            return None  # 801.7
        ability = TriggeredAbility(card, card.controller, self.text, self.effect, target=self.target, condition=self.condition, data={"event": event})
        if self.condition is not None and not self.condition(game, ability):
            return None
        return ability


@dataclass(frozen=True)
class StateTrigger:
    """A state-triggered ability (rule 603.8): "Whenever <a game state is true>, <effect>".
    ``state(game, card)`` says whether the state is true now. It triggers as soon as it is, even
    in the middle of an event, and doesn't trigger again until it has left the stack; then, if
    the state is still true, it triggers again."""

    text: str
    state: Callable[["Game", Card], bool]
    effect: Effect


# ----- trigger conditions


def _whose(game: "Game", card: Card, player: Player | None, whose: str) -> bool:
    if whose == "any":
        return True
    if player is None:
        return False
    if whose == "you":
        return player is card.controller
    if whose == "opponent":
        return player in game.opponents(card.controller)
    raise EngineError(f"whose must be 'you', 'opponent' or 'any', not {whose!r}")


def at_beginning_of(step: Step, whose: str = "you") -> When:
    """"At the beginning of [your / each opponent's / each] <step>" (503.1, 507.1, 513.1 ...):
    ``whose`` is ``"you"``, ``"opponent"`` or ``"any"``."""

    def when(game: "Game", card: Card, event: Event) -> bool:
        if event.kind != "beginning_of" or event["step"] is not step:
            return False
        return any(_whose(game, card, p, whose) for p in game.active_players)

    return when


def whenever(kind: str, **fields: Any) -> When:
    """"Whenever <event>": an event of `kind` whose data has the given values. A value may be a
    callable, given the game, the card and the value; ``"this"`` means the card itself and
    ``"you"`` its controller. For example, ``whenever('attacks', card='this')`` is "Whenever
    this creature attacks", and ``whenever('cast', player='you')`` is "Whenever you cast a
    spell". A kind or a field that doesn't exist raises `EngineError`."""
    if kind not in EVENT_KINDS:
        raise EngineError(f"no event kind {kind!r} (see kb.engine.events.EVENT_KINDS)")
    unknown = set(fields) - set(EVENT_KINDS[kind].fields)
    if unknown:
        raise EngineError(f"a {kind!r} event has no field {sorted(unknown)[0]!r} (fields: {', '.join(EVENT_KINDS[kind].fields)})")

    def when(game: "Game", card: Card, event: Event) -> bool:
        if event.kind != kind:
            return False
        for name, wanted in fields.items():
            value = event.get(name)
            if wanted == "this":
                if value is not card:
                    return False
            elif wanted == "you":
                if value is not card.controller:
                    return False
            elif callable(wanted):
                if not wanted(game, card, value):
                    return False
            elif value != wanted:
                return False
        return True

    when.event_fields = tuple(fields)  # what of the event the trigger condition speaks of (801.7)
    return when


# Events in which permanents leave the battlefield: whose they were is read from before (801.7a).
_LEAVING = ("dies", "put_into_graveyard", "leaves_battlefield")


def _event_within_range(game: "Game", controller: Player | None, event: Event, names: Sequence[str]) -> bool:
    """Rule 801.7: a triggered ability triggers only if its trigger event happens entirely
    within its controller's range of influence: every player, and the controller of every
    object, that the trigger condition speaks of (the event fields `names`). A permanent that
    left the battlefield counts as its last controller's (801.7a)."""
    if controller is None:
        return True
    reach = game.in_range(controller)
    for name in names:
        value = event.get(name)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, Player):
                whose = item
            elif isinstance(item, Card):
                whose = item.last_known.get("controller") if event.kind in _LEAVING else None
                whose = whose or item.controller or item.owner
            else:
                continue
            if whose not in reach:
                return False
    return True


def whenever_loses_life(whose: str = "any") -> When:
    """"Whenever [you / an opponent / a player] loses life": from damage or not (119.3, 120.3a)."""
    return lambda game, card, event: event.kind == "life_lost" and _whose(game, card, event["player"], whose)


def whenever_gains_life(whose: str = "you") -> When:
    """"Whenever [you / an opponent / a player] gains life" (119.3)."""
    return lambda game, card, event: event.kind == "life_gain" and _whose(game, card, event["player"], whose)


def when_enters() -> When:
    """"When this permanent enters" (603.6a)."""
    return lambda game, card, event: event.kind == "enters" and event["card"] is card


def when_dies() -> When:
    """"When this creature dies": put into a graveyard from the battlefield (700.4), looking
    back at it as it last existed (603.10a)."""
    return lambda game, card, event: event.kind == "dies" and any(c is card for c in event["cards"])


# ----- counting


def for_each(things: Iterable[Any], where: Callable[[Any], bool] = lambda thing: True) -> int:
    """"For each <thing>": how many of `things` satisfy `where`."""
    return sum(1 for thing in things if where(thing))


def this_turn(game: "Game", kind: str, where: Callable[[Event], bool] = lambda event: True) -> list[Event]:
    """"This turn": the events of `kind` since the current turn began (500)."""
    found: list[Event] = []
    for event in reversed(game.events):
        if event.kind == "turn_begins":
            break
        if event.kind == kind and where(event):
            found.append(event)
    return list(reversed(found))


# ----- effect templates


def _players(game: "Game", ability: Ability, who: str) -> list[Player]:
    controller = ability.controller
    if who == "you":
        return [controller]
    if who == "each opponent":
        return game.affected_opponents(controller)
    if who == "each player":
        return game.affected_players(controller)
    if who == "target":
        return [t for t in ability.targets if isinstance(t, Player)]
    raise EngineError(f"who must be 'you', 'each opponent', 'each player' or 'target', not {who!r}")


def gain_life(amount: int | Callable[["Game", Ability], int], who: str = "you") -> Effect:
    """"[You] gain N life"."""
    return lambda game, ability: [game.gain_life(p, _amount(amount, game, ability)) for p in _players(game, ability, who)] and None


def lose_life(amount: int | Callable[["Game", Ability], int], who: str = "each opponent") -> Effect:
    """"[Each opponent] loses N life"."""
    return lambda game, ability: [game.lose_life(p, _amount(amount, game, ability)) for p in _players(game, ability, who)] and None


def draw(count: int = 1, who: str = "you") -> Effect:
    """"[You] draw N cards"."""
    return lambda game, ability: [game.draw(p, count) for p in _players(game, ability, who)] and None


def deal_damage(amount: int | Callable[["Game", Ability], int]) -> Effect:
    """"<This> deals N damage to <its target>" (a spell's or ability's targets)."""

    def effect(game: "Game", ability: Ability) -> None:
        for target in ability.targets:
            game.deal_damage(ability, target, _amount(amount, game, ability))

    return effect


def create(make: Callable[[], Card], count: int = 1) -> Effect:
    """"Create N <token>": `make` returns a new `Card.token` each time (111, 701.7a)."""
    return lambda game, ability: game.create_tokens(ability.controller, *(make() for _ in range(count))) and None


def _amount(amount: int | Callable[["Game", Ability], int], game: "Game", ability: Ability) -> int:
    return amount(game, ability) if callable(amount) else amount


# ----- a declarative form


class _SpellEffect(CardDefinition):
    """Base of instants and sorceries made by `card`: their effect runs as they resolve."""

    spell_effect: Callable[["Game", Any], None] | None = None

    def resolve(self, game: "Game", spell: Any) -> None:
        if self.spell_effect is not None:
            type(self).spell_effect(game, spell)


def card(
    name: str,
    *,
    mana_cost: str = "",
    type_line: str = "",
    types: Sequence[str] = ("Creature",),
    subtypes: Sequence[str] = (),
    supertypes: Sequence[str] = (),
    power: int | None = None,
    toughness: int | None = None,
    loyalty: int | None = None,
    colors: Sequence[str] | None = None,
    keywords: Sequence[str] = (),
    oracle: str = "",
    in_part: bool = False,
    name_es: str | None = None,
    triggered: Sequence[Trigger] = (),
    state_triggered: Sequence[StateTrigger] = (),
    static: Sequence[Callable[..., Any]] = (),
    activated: Sequence[AbilityDefinition] = (),
    spell_target: str | None = None,
    spell_targets: Sequence[Any] = (),
    spell_effect: Effect | None = None,
    additional_cost: str | None = None,
    _module: str | None = None,
) -> type[CardDefinition]:
    """Define and register a simple card from its characteristics and abilities; returns the
    new `CardDefinition` subclass. A ``type_line`` ("Legendary Creature — Elf Druid") sets the
    supertypes, types and subtypes at once (205); ``colors`` is a color indicator (204);
    ``in_part`` marks a definition that models only the part of the card's text in ``oracle``;
    an activated or triggered ability with an empty text is the card's whole ``oracle``.

    >>> from kb.engine.define import card, deal_damage
    >>> _ = card('Sample Shock', mana_cost='{R}', types=['Instant'], spell_target='any',
    ...          oracle='Sample Shock deals 2 damage to any target.', spell_effect=deal_damage(2))
    >>> Card('Sample Shock').types
    ('Instant',)
    """
    if not name:
        raise EngineError("a card needs a name")
    attributes = {
        "name": name,
        "name_es": name_es,
        "mana_cost": mana_cost,
        "types": tuple(types),
        "subtypes": tuple(subtypes),
        "supertypes": tuple(supertypes),
        "power": power,
        "toughness": toughness,
        "loyalty": loyalty,
        "colors": tuple(colors) if colors is not None else None,
        "keywords": tuple(keywords),
        "oracle": oracle,
        "in_part": in_part,
        "additional_cost": additional_cost,
        "triggered": tuple(replace(t, text=oracle) if not t.text else t for t in triggered),
        "state_triggered": tuple(state_triggered),
        "static": tuple(static),
        "activated": tuple(replace(a, text=oracle) if not a.text else a for a in activated),
        "spell_target": spell_target,
        "spell_targets": tuple(spell_targets),
    }
    if type_line:
        attributes["type_line"] = type_line
    if spell_effect is not None:
        attributes["spell_effect"] = staticmethod(spell_effect)
    base = _SpellEffect if spell_effect is not None else CardDefinition
    # The class is named after the card, and belongs to the module that defines it.
    attributes["__module__"] = _module or sys._getframe(1).f_globals.get("__name__", __name__)
    return type(re.sub(r"\W", "", name), (base,), attributes)


def spell_card(name: str, **characteristics: Any) -> Callable[[Effect], type[CardDefinition]]:
    """`card` for an instant or sorcery whose effect is the decorated function, run as it
    resolves: the card reads as its characteristics, then what it does.

    >>> from kb.engine.define import spell_card
    >>> @spell_card('Sample Rift', mana_cost='{1}{R}', types=['Sorcery'], oracle='Sample Rift deals 4 damage to each player.')
    ... def SampleRift(game, spell):
    ...     game.deal_damage_each(spell, [(p, 4) for p in game.players])
    >>> SampleRift.__name__, Card('Sample Rift').types
    ('SampleRift', ('Sorcery',))
    """
    module = sys._getframe(1).f_globals.get("__name__", __name__)

    def define(effect: Effect) -> type[CardDefinition]:
        return card(name, spell_effect=effect, _module=module, **characteristics)

    return define
