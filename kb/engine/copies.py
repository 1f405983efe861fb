"""Copy effects (rule 707): copiable values, copying a permanent (as it enters, or "becomes a copy
of") with the exceptions a copy effect may state (707.9), and tokens that are copies (111.4).

A copy effect is a continuous effect of layer 1 (613.2). The copiable values of an object are
its printed values as modified by other copy effects and their exceptions, and no other effect
(707.2); once copied, later changes to the original don't change the copy (707.2b). While a
copy effect applies, the copy *does* what the original does: its definition (triggered,
activated and static abilities) is the copied one, joined by any ability the exception gives.

A face-down permanent's copiable values are its face-down ones (708.2, 707.2); a copy of a flip
card has the half its own flipped status selects (707.3). Copying a spell (707.10) is in
`kb.engine.spell_copies`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kb.engine.creature_types import CREATURE_TYPES
from kb.engine.doubling import replace_tokens
from kb.engine.errors import NotModelledError
from kb.engine.facedown import apply_face_down, is_face_down
from kb.engine.flip import copy_of_flip_card, flip_definition
from kb.engine.layers import INDEFINITE, UNTIL_END_OF_TURN, ContinuousEffect
from kb.engine.objects import Card, CardDefinition, Characteristics, TokenDefinition, Zone
from kb.engine.objects import DoubleFacedCardDefinition
from kb.engine.part import GamePart
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Player


class CopiedDefinition(CardDefinition):
    """The definition a copy has: the original's, with the abilities an exception adds (707.9a)
    from `keeps` (the copier's own definition, for "except it has this ability")."""

    def __init__(self, original: CardDefinition, keeps: CardDefinition | None = None):
        self.original = original
        self.keeps = keeps
        for attribute in ("name", "name_es", "mana_cost", "types", "subtypes", "supertypes", "colors", "power", "toughness", "keywords", "oracle", "spell_target", "spell_targets"):
            setattr(self, attribute, getattr(original, attribute))
        self.activated = tuple(original.activated) + (tuple(keeps.activated) if keeps is not None else ())
        self.state_triggered = tuple(original.state_triggered) + (tuple(keeps.state_triggered) if keeps is not None else ())

    def __repr__(self) -> str:
        return f"CopiedDefinition({self.original.name!r})"

    def __getattr__(self, name: str) -> Any:
        # Optional hooks no CardDefinition has (see kb.engine.requirements) are the original's.
        if name.startswith("__") or name in ("original", "keeps"):
            raise AttributeError(name)
        return getattr(self.original, name)

    def power_of(self, card: Card) -> int | None:
        return self.original.power_of(card)

    def toughness_of(self, card: Card) -> int | None:
        return self.original.toughness_of(card)

    def as_enters(self, game: "Game", card: Card) -> None:
        self.original.as_enters(game, card)

    def triggers(self, game: "Game", card: Card, event: Any) -> Iterable[Any]:
        yield from self.original.triggers(game, card, event)
        if self.keeps is not None:
            yield from self.keeps.triggers(game, card, event)

    def static_effects(self, game: "Game", card: Card) -> Iterable[ContinuousEffect]:
        yield from self.original.static_effects(game, card)
        if self.keeps is not None:
            yield from self.keeps.static_effects(game, card)

    def resolve(self, game: "Game", spell: Any) -> None:
        self.original.resolve(game, spell)

    def check_timing(self, game: "Game", player: "Player", card: Card) -> None:
        self.original.check_timing(game, player, card)

    def restricts_attack(self, game: "Game", card: Card, attackers: list[Card]) -> bool:
        return self.original.restricts_attack(game, card, attackers)

    def restricts_block(self, game: "Game", card: Card, blocks: list[tuple[Card, Card]]) -> bool:
        return self.original.restricts_block(game, card, blocks)

    def forbids(self, game: "Game", card: Card, player: "Player", action: str) -> bool:
        return self.original.forbids(game, card, player, action)


def _has_cda(definition: CardDefinition) -> bool:
    inner = definition.original if isinstance(definition, CopiedDefinition) else definition
    return type(inner).power_of is not CardDefinition.power_of


class Copies(GamePart):
    """Copy effects (707)."""

    def has_copy_effects(self) -> bool:
        return any("1" in e.parts for e in self.game.effects)

    def copy_effects_may_apply(self, card: Card) -> bool:
        """Whether a copy effect may apply to `card`: one that selects what it applies to as it
        applies may (whether it does depends on the values), one given its objects only if
        `card` is among them (whether it still does depends on the card's incarnation, 400.7)."""
        return any("1" in e.parts and (e.affected is None or any(c is card for c in e.affected)) for e in self.game.effects)

    def copiable_values(self, card: Card) -> Characteristics:
        """Rule 707.2: the printed values as modified by copy effects (and their exceptions)."""
        chars = card.printed()
        for effect in sorted((e for e in self.game.effects if "1" in e.parts), key=lambda e: e.timestamp):
            if effect.selects(self.game, card, chars):
                effect.parts["1"](chars)
        if is_face_down(card):
            apply_face_down(chars)  # 708.2, 613.2b: a face-down object's copiable values
        return chars

    def copy_effect(
        self,
        copier: Card,
        original: Card,
        *,
        keep_colors: bool = False,
        add_types: Iterable[str] = (),
        add_subtypes: Iterable[str] = (),
        set_power_toughness: tuple[int, int] | None = None,
        keeps: CardDefinition | None = None,
        add_supertypes: Iterable[str] = (),
        add_keywords: Iterable[str] = (),
    ) -> ContinuousEffect:
        """A copy effect making `copier` a copy of `original`, with the exceptions a card states
        (707.9): keeping its own colours (707.9c), being another type in addition (707.9b),
        being N/M (707.9b; a characteristic-defining ability that defines power and toughness
        is then not copied, 707.9d), having an ability of its own, given as the definition
        `keeps` (707.9a), or supertypes and keyword abilities in addition. The values are
        taken now (707.2b). The effect is not yet started: see `become_copy`."""
        values = self.copiable_values(original)
        own = self.copiable_values(copier)
        add_types, add_subtypes = tuple(add_types), tuple(add_subtypes)
        add_supertypes, add_keywords = tuple(add_supertypes), tuple(add_keywords)
        if "Changeling" in add_keywords:
            add_subtypes += CREATURE_TYPES  # 702.73a
        definition = CopiedDefinition(values.definition, keeps=keeps)
        cda = _has_cda(values.definition) and set_power_toughness is None
        whole = flip_definition(values.definition)
        halves: dict[str, CopiedDefinition] = {}

        def copied_half(half: CardDefinition) -> CopiedDefinition:
            if half.name not in halves:
                halves[half.name] = CopiedDefinition(half, keeps=keeps)
            return halves[half.name]

        # The values copied are fixed now (707.2b), and so are the lists with the exceptions added:
        # joined once here, not each time the layers apply the effect (a changeling's subtypes
        # are every creature type).
        types = values.types + tuple(t for t in add_types if t not in values.types)
        copied_subtypes = set(values.subtypes)
        subtypes = values.subtypes + tuple(s for s in add_subtypes if s not in copied_subtypes)
        supertypes = values.supertypes + tuple(t for t in add_supertypes if t not in values.supertypes)
        keywords = values.keywords + tuple(k for k in add_keywords if k not in values.keywords)

        def part(chars: Characteristics) -> None:
            chars.name = values.name
            chars.mana_cost = values.mana_cost
            # 712.8e, 202.3b: a copy of a back face has mana value 0, not its front face's.
            chars.mana_value_from = None
            chars.types = types
            chars.subtypes = subtypes
            chars.supertypes = supertypes
            chars.colors = own.colors if keep_colors else values.colors
            chars.keywords = keywords
            if set_power_toughness is not None:
                chars.power, chars.toughness = set_power_toughness
            elif cda:
                # The copied characteristic-defining ability works for the copy (604.3, 613.4a),
                # when its power or toughness is read: never while the copiable values are found.
                chars.defer("power", lambda: copier._defined_size("power", definition.power_of))
                chars.defer("toughness", lambda: copier._defined_size("toughness", definition.toughness_of))
            else:
                chars.power, chars.toughness = values.power, values.toughness
            chars.definition = definition
            if whole is not None:
                copy_of_flip_card(chars, whole, copier, copied_half)  # 707.3: by the copy's status

        return ContinuousEffect({"1": part}, affected=[copier], duration=INDEFINITE, text=f"copy of {values.name}", source=copier)

    def become_copy(self, copier: Card, original: Card, *, until_end_of_turn: bool = False, **exceptions: Any) -> ContinuousEffect:
        """`copier` becomes a copy of `original` (707.1, 613.2): a new copy effect, with a
        timestamp, that lasts while the copier stays on the battlefield, or until end of turn."""
        effect = self.copy_effect(copier, original, **exceptions)
        if until_end_of_turn:
            effect.duration = UNTIL_END_OF_TURN
        effect = self.game.add_effect(effect)
        self.game.emit("becomes_copy", "707.1", card=copier, original=original)
        return effect

    def create_token_copy(self, controller: "Player", original: Card) -> Card | None:
        """Rule 111.4 and 707.2: a token that is a copy of `original` has its copiable values,
        its name included. Replacement effects may create more (each the same copy) or none;
        the first is returned (`create_token_copies` returns them all)."""
        tokens = self.create_token_copies(controller, original)
        return tokens[0] if tokens else None

    def create_token_copies(self, controller: "Player", original: Card) -> list[Card]:
        """The tokens an effect creating one token copy of `original` creates once replacement
        effects have applied (614.1a, 616.1g): an effect that then does something to "it" does it
        to each of them."""
        if isinstance(original.printed_definition, DoubleFacedCardDefinition):
            return self._create_double_faced_token_copy(controller, original)
        values = self.copiable_values(original)
        definition = TokenDefinition()
        for attribute in ("name", "types", "subtypes", "supertypes", "colors", "keywords", "power", "toughness", "mana_cost"):
            value = getattr(values, attribute)
            setattr(definition, attribute, value)
        token = Card(values.name, definition=definition)
        token.copy_source = values.definition
        token.owner = controller
        # Creating the tokens contains their entering: an effect on how many are created
        # applies before those on how each enters (616.1g).
        tokens = replace_tokens(self.game, controller, [token])
        if not tokens:
            return []
        # Each copy effect is taken before any of them enters, so it copies the original as
        # it was; it applies as the token enters, whose "as this enters" choices are its own
        # (614.12, 707.5).
        effects = [self.copy_effect(t, original) for t in tokens]
        self.game.emit("create", "701.7a", player=controller, cards=list(tokens))
        for each, effect in zip(tokens, effects):
            self.game._put_onto_battlefield(each, controller, effects=[effect])
        return tokens

    def _create_double_faced_token_copy(self, controller: "Player", original: Card) -> list[Card]:
        """Rule 707.8a: a token that is a copy of a double-faced permanent or card is a
        double-faced token with both faces, and enters with the same face up."""
        if original.zone is Zone.BATTLEFIELD and self.copiable_values(original).definition is not original._face():
            raise NotModelledError("a token copy of a double-faced permanent that is itself copying something (707.8a) is not modelled")
        card_class = type(original.printed_definition)
        # A copy of a token copy is made from the same double-faced definition (707.8a).
        token_class = card_class if issubclass(card_class, TokenDefinition) else type(f"{card_class.__name__}Token", (TokenDefinition, card_class), {"name": ""})
        name = original.printed_definition.name
        definition = token_class()
        definition.name = name
        token = Card(name, definition=definition)
        token.owner = controller
        token.transformed = original.transformed if original.zone is Zone.BATTLEFIELD else False
        tokens = replace_tokens(self.game, controller, [token])
        if tokens:
            self.game.emit("create", "701.7a", player=controller, cards=list(tokens))
        for each in tokens:
            self.game._put_onto_battlefield(each, controller)
        return tokens
