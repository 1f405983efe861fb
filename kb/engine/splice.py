"""Splice (702.47): revealing cards from your hand as you cast a spell with a quality ("Splice onto
Arcane {1}{R}"), so that the spell gains their rules text (a text-changing effect, 612) and costs
their splice costs more (601.2b, 601.2f–h).

The spliced cards stay in the hand: they may be discarded to pay a cost of the spell, cast later
or spliced again. The spell keeps its own characteristics (name, colors, types: 702.47c); the
gained text is done by the spell, so "Glacial Ray deals 2 damage" is damage the spell deals, from
a source of the spell's colors. Targets for the gained text are chosen as the spell is cast
(702.47d), and each part of the effect happens in order, the main spell's first (702.47b). The
splice changes end when the spell leaves the stack (702.47e): they live on the `Spell` only.
Copies of a spliced spell (707.10) are not modelled.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.errors import IllegalActionError, NotModelledError
from kb.engine.objects import Card, CardDefinition
from kb.engine.part import GamePart
from kb.engine.stack import Spell

if TYPE_CHECKING:
    from kb.engine.players import Player

_SPLICE = re.compile(r"Splice onto (\w+) (\{.*\})$")


def splice_ability(definition: CardDefinition) -> tuple[str, str] | None:
    """The quality and the cost of a card's splice ability: ("Arcane", "{1}{R}"); or None."""
    for keyword in definition.keywords:
        found = _SPLICE.match(keyword)
        if found:
            return found.group(1), found.group(2)
    return None


@dataclass(frozen=True)
class SplicedText:
    """The rules text of one card spliced onto a spell, and the targets chosen for it."""

    card: Card
    definition: CardDefinition
    cost: str
    targets: tuple[Any, ...]

    @property
    def target_kind(self) -> str | None:
        return self.definition.spell_target


class Splice(GamePart):
    """Splicing cards onto spells and resolving the text they give (702.47)."""

    def _declare_splices(self, player: "Player", card: Card, definition: Any, splice: Mapping[Any, Sequence[Any]] | Sequence[Any]) -> list[SplicedText]:
        """Rule 702.47a–b: the cards `player` reveals from their hand to splice onto the spell
        `card` is being cast as, in the order their effects will happen, with their targets."""
        if not splice:
            return []
        items = list(splice.items()) if isinstance(splice, Mapping) else [(item, None) for item in splice]
        spliced: list[SplicedText] = []
        for item, targets in items:
            others = [c for c in player.hand if c is not card and not any(c is s.card for s in spliced)]
            if isinstance(item, Card) and any(item is s.card for s in spliced):
                raise IllegalActionError(f"{item.name} can't be spliced onto the same spell twice (702.47b)")
            found = self.game.casting._find(others, item, f"{player.name}'s hand")
            ability = splice_ability(found.printed_definition)
            if ability is None:
                raise IllegalActionError(f"{found.name} has no splice ability (702.47a)")
            quality, cost = ability
            if quality not in definition.types and quality not in definition.subtypes:
                raise IllegalActionError(f"{found.name} splices onto {quality} spells, and {definition.name} isn't one (702.47a)")
            text = found.printed_definition
            if text.spell_targets or getattr(text, "modes", ()):
                raise NotModelledError(f"splicing {found.name}, whose text has several targets or modes, is not modelled", rules="702.47a")
            # 702.47b, 702.47c: chosen normally; the spell, not the card, is what targets.
            chosen = self.game.casting._choose_targets(player, text.spell_target, targets, card)
            spliced.append(SplicedText(found, text, cost, tuple(chosen)))
        for text in spliced:
            self.game.emit("spliced", "702.47a", player=player, card=text.card, spell=card, cost=text.cost)
        return spliced

    def _spliced_target_pairs(self, spell: Any) -> list[tuple[Any, str | None]]:
        """Each target of the text spliced onto `spell`, with what it must be (608.2b)."""
        return [(t, text.target_kind) for text in getattr(spell, "spliced", ()) for t in text.targets]

    def _resolve_spliced_text(self, spell: Any) -> None:
        """Rules 702.47b–c: after the main spell's effect, each spliced text's, in order, done by
        the spell; a text whose targets are all illegal does nothing (608.2b)."""
        for text in getattr(spell, "spliced", ()):
            legal = [t for t in text.targets if self.game.casting._target_is_legal(t, text.target_kind, spell.controller, spell.card)]
            if text.targets and not legal:
                continue
            done_by = Spell(spell.card, spell.controller, legal)
            done_by.x = spell.x
            text.definition.resolve(self.game, done_by)
