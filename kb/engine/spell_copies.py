"""Copying a spell (rule 707.10): the copy is put onto the stack, not cast; it copies the spell's
characteristics and every decision made for it (its modes, targets, the value of X), and its
controller may choose new targets if the effect says so (707.10c) or the effect names its new
target (707.10e). Mana spent to cast the original is not copied (mana isn't an object). A copy of
a spell outside the stack ceases to exist (707.10a, 704.5e).

>>> from kb.engine import Game, Player, ScriptedDecisions, Step
>>> ana = Player('Ana', hand=['Lightning Bolt', 'Twincast'], library=5)
>>> bruno = Player('Bruno', library=5)
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> bolt = game.cast(ana, 'Lightning Bolt', targets=[bruno])
>>> _ = game.cast(ana, 'Twincast', targets=[bolt])
>>> game.resolve_stack()
>>> bruno.life, [e.kind for e in game.events].count('cast')
(14, 2)

Copying a permanent spell (707.10f) or a double-faced spell (707.10g), and copying abilities,
are not modelled: they raise `NotModelledError`.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from kb.engine.errors import NotModelledError
from kb.engine.objects import Card, DoubleFacedCardDefinition, TargetSpec, Zone
from kb.engine.part import GamePart
from kb.engine.stack import Spell

if TYPE_CHECKING:
    from kb.engine.players import Player


def _target_specs(definition: Any) -> list[TargetSpec]:
    if definition.spell_targets:
        return list(definition.spell_targets)
    return [TargetSpec(definition.spell_target)] if definition.spell_target else []


class SpellCopies(GamePart):
    """Copying spells (707.10)."""

    def copy_spell(
        self,
        spell: Spell,
        controller: "Player | None" = None,
        *,
        new_targets: bool = False,
        new_target: Any = None,
        colors: tuple[str, ...] | None = None,
        source: Card | None = None,
    ) -> Spell | None:
        """Put a copy of `spell` onto the stack under `controller`'s control (by default the
        spell's controller), who owns it (707.10). With `new_targets`, the controller may
        choose new targets for it (707.10c, asked as a ``new_targets`` decision); with
        `new_target`, every target of the copy is that object, and if it isn't a legal target
        for each instance of the word "target" the copy isn't created (707.10e). `colors` is an
        exception of the effect ("except that the copy is red", 707.9). Returns the copy, or
        None if none was created."""
        if not isinstance(spell, Spell):
            raise NotModelledError("copying an activated or triggered ability (707.10) is not modelled")
        original = spell.card
        if original.is_permanent_card:
            raise NotModelledError("copying a permanent spell (707.10f) is not modelled")
        if isinstance(original.printed_definition, DoubleFacedCardDefinition):
            raise NotModelledError("copying a double-faced spell (707.10g) is not modelled")
        controller = controller or spell.controller
        definition = original.definition
        if colors is not None:
            definition = copy.copy(definition)
            definition.colors = tuple(colors)
        specs = _target_specs(definition)
        groups = [list(group) for group in spell.target_groups] if specs else []
        card = Card(definition.name, definition=definition)
        card.owner = card.controller = controller
        if new_target is not None:
            # Legal for the copy, as the copy is (its colors, 707.9; protection, 702.16b); the
            # object that makes the copy isn't what targets.
            resolving, self.game.priority_and_stack._resolving = self.game.priority_and_stack._resolving, None
            try:
                legal = bool(specs) and all(self.game.casting._target_is_legal(new_target, spec.kind, controller, card) for spec in specs)
            finally:
                self.game.priority_and_stack._resolving = resolving
            if not legal:
                self.game.emit("copy_not_created", "707.10e", spell=spell, target=new_target)
                return None
            groups = [[new_target] * len(group) if group else [new_target] for group in groups] or [[new_target]]
        card.zone = Zone.STACK
        card.spell_copy = True
        card.cast_half = definition if original.cast_half is not None else None
        copied = Spell(card, controller, [t for group in groups for t in group])
        copied.target_groups = groups or [[]]
        # 707.10: it copies the targets, the objects they were (400.7), not what they became.
        copied.target_incarnations = dict(getattr(spell, "target_incarnations", {}))
        copied.x = spell.x
        copied.modes = list(getattr(spell, "modes", ()))  # 700.2g: the same modes
        copied.mana_spent = ()  # 707.10: mana isn't an object, and the copy wasn't cast
        copied.paid_with = list(getattr(spell, "paid_with", ()))  # but objects paid are the original's
        copied.is_copy = True
        copied.kicked = getattr(spell, "kicked", ())  # 707.10: additional costs paid are copied
        if getattr(spell, "spliced", None):
            raise NotModelledError("copying a spell with spliced text (702.47, 707.10) is not modelled")
        if new_targets and specs:
            self.game.choose_new_targets(controller, copied)
        self.game.stack.push(copied)
        self.game.priority_and_stack._passes = 0
        self.game.emit("spell_copied", "707.10", spell=copied, original=spell, player=controller, source=source)
        return copied

    def _ceasing_spell_copies(self) -> list[Card]:
        """Rule 707.10a: copies of spells in a zone other than the stack (704.5e)."""
        found = [c for p in self.game.seats for zone in (p.library, p.hand, p.graveyard) for c in zone if getattr(c, "spell_copy", False)]
        return found + [c for c in self.game.exile if getattr(c, "spell_copy", False)]
