"""Name stickers (rule 123.6): a word added to an object's name, a text-changing effect of layer
3 applied in timestamp order with other text-changing effects, after copy effects (123.6c).
A sticker stays on an object moving between public zones and is lost in a hidden one (123.5).
Ability, power and toughness, and art stickers are not modelled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.layers import INDEFINITE, ContinuousEffect
from kb.engine.objects import Card, Characteristics, Zone
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.players import Player

HIDDEN = (Zone.HAND, Zone.LIBRARY)


def _add_word(word: str, position: int):
    def part(chars: Characteristics) -> None:
        words = chars.name.split()  # 123.6a: words are what spaces separate
        at = min(position, len(words))  # fewer words now: at the end (123.6c)
        chars.name = " ".join(words[:at] + [word] + words[at:])

    return part


class Stickers(GamePart):
    """Putting name stickers on objects (123.3, 123.6)."""

    def _moved(self, card: Card, zone: Zone) -> None:
        if zone in HIDDEN:
            # 123.5: stickers aren't retained as an object moves to a hidden zone.
            for effect in [e for e in self.game.effects if getattr(e, "sticker_on", None) is card]:
                self.game.end_effect(effect)

    def put_name_sticker(self, player: "Player", obj: Card, word: str) -> ContinuousEffect | None:
        """`player` puts a name sticker with `word` on `obj`: its controller chooses where the word
        goes (123.6b), among the names it could have. A player can't put a sticker on an object
        they don't own (123.3b): nothing happens."""
        if obj.owner is not player:
            self.game.emit("sticker_not_put", "123.3b", player=player, card=obj)
            return None
        words = obj.name.split()
        names = tuple(" ".join(words[:i] + [word] + words[i:]) for i in range(len(words) + 1))
        chooser = obj.controller or obj.owner
        chosen = self.game.decide(Decision(chooser, "name_sticker", names, rule="123.6b", context={"source": obj}))
        position = names.index(chosen)
        effect = ContinuousEffect(
            {"3": _add_word(word, position)},
            applies_to=lambda game, card, chars: card is obj,
            duration=INDEFINITE,
            changes_name_only=True,
            text=f"name sticker {word!r}",
        )
        self.game.add_effect(effect)
        effect.sticker_on = obj
        self.game.emit("named", "123.6b", player=chooser, card=obj, name=obj.name)
        return effect
