"""The part of the game that casts cards with morph face down and turns face-down permanents face
up, as a special action or by an effect (702.37, 708)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.errors import IllegalActionError
from kb.engine.facedown import FACE_DOWN, is_face_down, morph_cost
from kb.engine.mana import ManaCost
from kb.engine.objects import Card, Characteristics, Zone
from kb.engine.part import GamePart
from kb.engine.pool import ManaUse
from kb.engine.proposals import FACE_DOWN as FACE_DOWN_WAY, Proposal
from kb.engine.stack import Spell

if TYPE_CHECKING:
    from kb.engine.players import Player


class FaceDown(GamePart):
    """Casting spells face down and turning permanents face up (702.37, 708)."""

    def face_up_values(self, card: Card) -> Characteristics:
        """The copiable values `card` would have face up (708.8, 708.10): its printed values as
        modified by copy effects, without its face-down status."""
        chars = card.printed()
        for effect in sorted((e for e in self.game.effects if "1" in e.parts), key=lambda e: e.timestamp):
            if effect.selects(self.game, card, chars):
                effect.parts["1"](chars)
        return chars

    def cast_face_down(self, player: "Player", card: Card | str) -> Spell:
        """Rule 702.37c: cast a card with morph face down, as a 2/2 creature spell with no text,
        no name, no subtypes and no mana cost, for {3}: from the hand, or from another zone an
        effect allows casting such a spell from (601.3e)."""
        self.game.priority_and_stack._check_priority(player)
        origin, card = self.game.permissions._cast_origin(player, card, FACE_DOWN_WAY)
        if morph_cost(card.printed_definition) is None:
            raise IllegalActionError(f"{card.name} has no morph ability: it can't be cast face down (702.37c)")
        # 601.3e: only the face-down characteristics are evaluated to see if it can be cast.
        proposal = Proposal(card, FACE_DOWN_WAY, FACE_DOWN)
        self.game.permissions._check_proposal(player, proposal)
        self.game.permissions._check_proposal_timing(player, proposal)
        self.game.mana._pay_mana(player, ManaCost("{3}"), None, _ManaUseFor(card), "a face-down spell")
        origin.remove(card)
        card.face_down = True  # 708.4: before it is put on the stack
        card.zone = Zone.STACK
        spell = Spell(card, player, [])
        spell.target_groups, spell.x, spell.mana_spent = [[]], None, ()
        self.game.stack.push(spell)
        self.game.emit("cast_face_down", "702.37c", player=player, card=card)
        self.game.priority_and_stack._passes = 0
        self.game.priority_and_stack._give_priority(self.game.priority_and_stack._priority_unit_for(player))
        return spell

    def turn_face_up(self, player: "Player", card: Card | str, *, by_effect: bool = False) -> None:
        """Turn a face-down permanent `player` controls face up. As a special action (116.2b,
        702.37e) `player` needs priority and pays the morph cost of its face-up copiable values
        (707.3); an effect (``by_effect=True``) turns it face up without a cost (708.7). It keeps
        the effects applied to it, and it doesn't "enter" again (708.8)."""
        if isinstance(card, str):
            card = self.game.casting._find([c for c in self.game.battlefield if is_face_down(c)], card, "the face-down permanents")
        if not is_face_down(card) or card.zone is not Zone.BATTLEFIELD:
            raise IllegalActionError(f"{card.name or 'that permanent'} is not a face-down permanent")
        if card.controller is not player:
            raise IllegalActionError(f"{player.name} doesn't control that face-down permanent")
        if not by_effect:
            self.game.priority_and_stack._check_priority(player)
            values = self.face_up_values(card)
            cost = morph_cost(values.definition)
            if cost is None:
                raise IllegalActionError(
                    f"the face-up {values.name} has no morph ability: it can't be turned face up as a special action (702.37e, 707.3)"
                )
            self.game.mana._pay_mana(player, ManaCost(cost), None, _ManaUseFor(card), f"morph {cost}")
        card.face_down = False
        self.game.emit("turned_face_up", "708.8", player=player, card=card)


def _ManaUseFor(card: Card) -> Any:
    return ManaUse("cast", card)
