"""Continuous effects and the layer system (rules 611, 613): effects from resolving spells and
abilities and from static abilities, applied layer by layer in timestamp order, with
dependencies (613.8) inside a layer.

An effect is made of parts, one per layer (or sublayer) it acts in (613.6); what it applies to
is fixed when it is created if it comes from a resolving spell or ability (611.2c), and is found
continuously if it comes from a static ability (611.3a). Copy effects (layer 1) are made in
`kb.engine.copies`; text-changing effects (layer 3) are not modelled: an effect in that layer
raises `NotModelledError`. The effects and the functions that make them live here; the game's
`kb.engine.layering` keeps them and applies them.

>>> from kb.engine import Card, Game, Player, Step
>>> from kb.engine.layers import modify
>>> ana = Player('Ana', battlefield=['Grizzly Bears'])
>>> game = Game(players=[ana, Player('Bruno')])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> bears = ana.battlefield[0]
>>> _ = game.add_effect(modify(3, 0, affected=[bears], text='+3/+0 until end of turn'))
>>> bears.power, bears.toughness
(5, 2)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.engine.errors import NotModelledError
from kb.engine.keywords import refuse_unread
from kb.engine.objects import COLOR_ORDER, Card, CardDefinition, Characteristics
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Player

# Rule 613.1 and 613.4: the layers and the sublayers of layer 7, in the order they apply.
LAYERS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
LAYER_RULES = {
    "1": "613.1a", "2": "613.1b", "3": "613.1c", "4": "613.1d", "5": "613.1e", "6": "613.1f",
    "7a": "613.4a", "7b": "613.4b", "7c": "613.4c", "7d": "613.4d",
}
UNTIL_END_OF_TURN = "until end of turn"
STATIC = "static"
INDEFINITE = "indefinite"

Part = Callable[[Characteristics], None]
Selector = Callable[["Game", Card, Characteristics], bool]


@dataclass(eq=False)
class ContinuousEffect:
    """A continuous effect (rule 611): its parts by layer, what it applies to, and how long it lasts.

    ``affected`` fixes the objects when the effect is created (611.2c); ``applies_to`` instead
    selects them as each layer is applied (611.3a). ``duration`` is ``"until end of turn"``
    (it ends in the cleanup step, 514.2), ``"static"`` (while its source is on the battlefield)
    or ``"indefinite"``.
    """

    parts: dict[str, Part]
    text: str = ""
    source: Card | None = None
    affected: Sequence[Card] | None = None
    applies_to: Selector | None = None
    duration: str = UNTIL_END_OF_TURN
    timestamp: int = 0
    characteristic_defining: bool = False
    # "For as long as ...": the effect lasts while this is true, and ends for good when it
    # isn't; if it is already false as the effect would begin, the effect does nothing (611.2b).
    lasts_while: Callable[["Game"], bool] | None = None
    # The player a control-changing effect gives control to (it ends if they leave, 800.4a).
    gives_control_to: Any = None
    # A text-changing effect of layer 3 that changes only a name, such as a name sticker (123.6).
    changes_name_only: bool = False
    _incarnations: dict[int, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        unknown = set(self.parts) - set(LAYERS)
        if unknown:
            raise ValueError(f"no layer {sorted(unknown)[0]!r} (layers: {', '.join(LAYERS)})")
        if "3" in self.parts and not self.changes_name_only:
            raise NotModelledError("text-changing effects (layer 3, rule 612) are not modelled")
        if self.affected is not None and self.applies_to is not None:
            raise ValueError("an effect needs either the objects it affects or a way to select them, not both")
        if self.affected is not None:
            self.affected = list(self.affected)
            self._incarnations = {id(c): c.incarnation for c in self.affected}

    def __repr__(self) -> str:
        return f"ContinuousEffect({self.text!r}, layers={list(self.parts)})"

    def selects(self, game: "Game", card: Card, chars: Characteristics) -> bool:
        if self.affected is not None:
            # An object that left the battlefield and came back is a new object (400.7).
            return any(c is card for c in self.affected) and self._incarnations.get(id(card)) == card.incarnation
        return bool(self.applies_to(game, card, chars))


# ----- effects for common patterns


def modify(power: int, toughness: int, **kwargs: Any) -> ContinuousEffect:
    """"Gets +N/+M" (layer 7c, rule 613.4c)."""

    def part(chars: Characteristics) -> None:
        if chars.power is not None:
            chars.power += power
        if chars.toughness is not None:
            chars.toughness += toughness

    kwargs.setdefault("text", f"{power:+d}/{toughness:+d}")
    return ContinuousEffect({"7c": part}, **kwargs)


def set_power_toughness(power: int, toughness: int, **kwargs: Any) -> ContinuousEffect:
    """"Has base power and toughness N/M", "becomes N/M" (layer 7b, rule 613.4b)."""

    def part(chars: Characteristics) -> None:
        chars.power, chars.toughness = power, toughness

    kwargs.setdefault("text", f"becomes {power}/{toughness}")
    return ContinuousEffect({"7b": part}, **kwargs)


def switch_power_toughness(**kwargs: Any) -> ContinuousEffect:
    """"Switch its power and toughness" (layer 7d, rule 613.4d)."""

    def part(chars: Characteristics) -> None:
        chars.power, chars.toughness = chars.toughness, chars.power

    kwargs.setdefault("text", "switch power and toughness")
    return ContinuousEffect({"7d": part}, **kwargs)


def set_colors(*colors: str, **kwargs: Any) -> ContinuousEffect:
    """"Becomes <colour>" (layer 5, rule 613.1e): the new colours replace the old ones (105.3)."""
    wanted = _colors(colors)

    def part(chars: Characteristics) -> None:
        chars.colors = wanted

    kwargs.setdefault("text", f"becomes {'/'.join(wanted) or 'colorless'}")
    return ContinuousEffect({"5": part}, **kwargs)


def add_types(*types: str, subtypes: Iterable[str] = (), power: int | None = None, toughness: int | None = None, **kwargs: Any) -> ContinuousEffect:
    """"Becomes a N/M <type> that's still a <type>": card types (and subtypes) added in layer 4,
    keeping the ones it had, with its supertypes (205.1b, 205.4b); a power and toughness given
    is set in layer 7b, to the same objects (613.6)."""
    subtypes = tuple(subtypes)

    def type_part(chars: Characteristics) -> None:
        chars.types = chars.types + tuple(t for t in types if t not in chars.types)
        chars.subtypes = chars.subtypes + tuple(s for s in subtypes if s not in chars.subtypes)

    parts: dict[str, Part] = {"4": type_part}
    if power is not None or toughness is not None:

        def pt_part(chars: Characteristics) -> None:
            chars.power, chars.toughness = power, toughness

        parts["7b"] = pt_part
    kwargs.setdefault("text", f"becomes {' '.join(types)}")
    return ContinuousEffect(parts, **kwargs)


def grant(*keywords: str, **kwargs: Any) -> ContinuousEffect:
    """"Gains <keyword>", "has <keyword>" (layer 6, rule 613.1f)."""
    refuse_unread(keywords, "granted by an effect")

    def part(chars: Characteristics) -> None:
        # Each instance counts for keywords that add up, such as toxic (702.164b).
        chars.keywords = chars.keywords + tuple(keywords)

    kwargs.setdefault("text", f"gains {', '.join(keywords)}")
    return ContinuousEffect({"6": part}, **kwargs)


def remove(*keywords: str, **kwargs: Any) -> ContinuousEffect:
    """"Loses <keyword>" (layer 6, rule 613.1f)."""

    def part(chars: Characteristics) -> None:
        chars.keywords = tuple(k for k in chars.keywords if k not in keywords)

    kwargs.setdefault("text", f"loses {', '.join(keywords)}")
    return ContinuousEffect({"6": part}, **kwargs)


# The hooks of a definition through which static abilities act outside the layer system and
# replacement effects; an effect that removes them is refused rather than ignored.
_UNREMOVABLE_HOOKS = ("replaces_loss", "forbids", "restricts_attack", "restricts_block", "cost_change", "loyalty_cost_change")
_OPTIONAL_HOOKS = ("attack_cost", "attack_requirement", "block_requirement", "block_cost")


def _refuse_unmodelled_removal(chars: Characteristics) -> None:
    definition = chars.definition
    if definition is None:
        return
    kind = type(getattr(definition, "original", definition))
    inner = getattr(definition, "original", definition)
    if any(getattr(kind, hook) is not getattr(CardDefinition, hook) for hook in _UNREMOVABLE_HOOKS) or inner.graveyard_cards_lose_abilities:
        raise NotModelledError(f"{chars.name} would lose a static ability that acts outside the layer system: that is not modelled", rules="613.1f")
    if any(callable(getattr(inner, hook, None)) for hook in _OPTIONAL_HOOKS):
        raise NotModelledError(f"{chars.name} would lose a static ability about attacking or blocking: that is not modelled", rules="613.1f")


def lose_all_abilities(**kwargs: Any) -> ContinuousEffect:
    """"Loses all abilities" (layer 6, rule 613.1f): its keywords; its triggered abilities,
    which no longer trigger; its activated abilities, which can no longer be activated
    (`Game.activated_abilities`); its static abilities, whose effects don't apply from the
    layer they would begin in (613.6), and its replacement effects. A static ability acting
    through other hooks (cost changes, restrictions, "can't" effects) raises `NotModelledError`."""

    def part(chars: Characteristics) -> None:
        _refuse_unmodelled_removal(chars)
        chars.keywords = ()
        chars.no_abilities = True
        chars.definition = _without_text_abilities(chars.definition)

    kwargs.setdefault("text", "loses all abilities")
    effect = ContinuousEffect({"6": part}, **kwargs)
    effect.removes_abilities = True
    return effect


def _without_text_abilities(definition: Any) -> Any:
    """What later layers see of an object whose abilities were removed: its definition with no
    rules text and no abilities (so "creatures with no abilities" counts it, 613.1f)."""
    if definition is None:
        return None
    bare = copy.copy(definition)
    bare.oracle, bare.keywords, bare.triggered, bare.static, bare.activated, bare.state_triggered = "", (), (), (), (), ()
    return bare


# Rule 205.3i: the land types; the first five are the basic land types.
LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Planet", "Power-Plant", "Sphere", "Tower", "Town", "Urza's")


def set_land_types(*basic_types: str, **kwargs: Any) -> ContinuousEffect:
    """"<Lands> are <basic land type>" (layer 4, rule 305.7): a land's land types are replaced by
    the new ones; it loses the abilities of its rules text (and keeps those other effects
    grant, which apply later), and has the intrinsic mana ability of each new type (305.6). Its
    card types and supertypes don't change. A land under a copy effect raises
    `NotModelledError` (305.7 takes copy effects away too)."""
    unknown = [t for t in basic_types if t not in LAND_TYPES[:5]]
    if unknown:
        raise ValueError(f"not a basic land type: {unknown[0]!r}")

    def part(chars: Characteristics) -> None:
        if "Land" not in chars.types:
            return
        if type(chars.definition).__name__ == "CopiedDefinition":
            raise NotModelledError(f"{chars.name} would lose the copy effects on it (305.7): that is not modelled")
        _refuse_unmodelled_removal(chars)
        chars.subtypes = tuple(s for s in chars.subtypes if s not in LAND_TYPES) + tuple(basic_types)
        chars.keywords = ()
        chars.text_abilities_lost = True
        chars.definition = _without_text_abilities(chars.definition)

    kwargs.setdefault("text", f"is {' '.join(basic_types)}")
    effect = ContinuousEffect({"4": part}, **kwargs)
    effect.removes_abilities = True
    return effect


def gain_control(player: "Player", **kwargs: Any) -> ContinuousEffect:
    """"Gain control of" (layer 2, rule 613.1b)."""

    def part(chars: Characteristics) -> None:
        chars.controller = player

    kwargs.setdefault("text", f"{player.name} gains control")
    kwargs.setdefault("gives_control_to", player)
    return ContinuousEffect({"2": part}, **kwargs)


def combine(*effects: ContinuousEffect, **kwargs: Any) -> ContinuousEffect:
    """One effect with the parts of several (613.6): "gets +1/+1 and becomes the colour of your
    choice", "gain control of ... It gains haste"."""
    parts: dict[str, Part] = {}
    for effect in effects:
        for layer, part in effect.parts.items():
            if layer in parts:
                first, second = parts[layer], part

                def both(chars: Characteristics, first: Part = first, second: Part = second) -> None:
                    first(chars)
                    second(chars)

                parts[layer] = both
            else:
                parts[layer] = part
    kwargs.setdefault("text", "; ".join(e.text for e in effects))
    givers = [e.gives_control_to for e in effects if e.gives_control_to is not None]
    if givers:
        kwargs.setdefault("gives_control_to", givers[-1])
    return ContinuousEffect(parts, **kwargs)


def _colors(colors: Iterable[str]) -> tuple[str, ...]:
    names = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    letters = {names.get(c.lower(), c.upper()) for c in colors}
    unknown = letters - set(COLOR_ORDER)
    if unknown:
        raise ValueError(f"not a colour: {sorted(unknown)[0]!r}")
    return tuple(c for c in COLOR_ORDER if c in letters)


# ----- the game's side
