"""Modal spells (700.2): "Choose one —" and its modes. The modes are chosen as the spell is cast
(700.2a, 601.2b), a mode whose targets can't be chosen can't be; then only the chosen modes'
instances of the word "target" are targeted (700.2c), and the chosen modes happen in the order
printed. A copy of the spell has the same modes (700.2g, 707.10).

>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', hand=['Emerald Charm'], library=5)
>>> bruno = Player('Bruno', battlefield=['Serra Angel'], library=5)
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> charm = game.cast(ana, 'Emerald Charm', modes=[2], targets=[['Serra Angel']])
>>> charm.modes, charm.targets
([2], [Card('Serra Angel')])
>>> game.resolve_stack()
>>> bruno.battlefield[0].keywords
('Vigilance',)

A spell whose ``mode_chooser`` is ``"opponent"`` ("An opponent chooses one —") has its modes
chosen by an opponent its controller picks, as it is cast (700.2e); that opponent may choose any
mode, even one that speaks of players or objects outside their range of influence (801.5b).

Modes with costs of their own (700.2h), choosing the same mode more than once (700.2d),
pawprints (700.2i) and modal activated or triggered abilities are not modelled.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from kb.engine.choosers import opponent_to_choose
from kb.engine.decisions import Decision
from kb.engine.errors import IllegalActionError, NotModelledError
from kb.engine.objects import CardDefinition, TargetSpec
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.players import Player
    from kb.engine.stack import Spell


@dataclass(frozen=True)
class Mode:
    """One mode (700.2): its text, what it may target (a kind of target, a tuple of kinds for a
    mode with several instances of the word "target", or None) and its effect, given the game,
    the spell and the legal targets of this mode as it resolves: for a mode with several
    instances, one list for each."""

    text: str
    effect: Callable[["Game", "Spell", list[Any]], None]
    target: str | tuple[str, ...] | None = None

    @property
    def target_kinds(self) -> tuple[str, ...]:
        if self.target is None:
            return ()
        return self.target if isinstance(self.target, tuple) else (self.target,)


class ModalSpellDefinition(CardDefinition):
    """An instant or sorcery with modes: ``modes`` and how many to choose, ``mode_count``."""

    modes: ClassVar[tuple[Mode, ...]] = ()
    mode_count: ClassVar[tuple[int, int]] = (1, 1)
    # Who chooses the modes: "you" (the controller, 700.2a) or "opponent" (700.2e).
    mode_chooser: ClassVar[str] = "you"
    chosen_modes: tuple[int, ...] = ()

    def with_modes(self, chosen: Sequence[int]) -> "ModalSpellDefinition":
        """The spell as cast with these modes: only their instances of "target" (700.2c)."""
        spell = copy.copy(self)
        spell.chosen_modes = tuple(chosen)
        spell.spell_target = None
        spell.spell_targets = tuple(TargetSpec(kind) for i in chosen for kind in self.modes[i].target_kinds)
        return spell

    def resolve(self, game: "Game", spell: "Spell") -> None:
        group = 0
        for index in self.chosen_modes:
            mode = self.modes[index]
            targets: list[Any] = []
            if isinstance(mode.target, tuple):
                targets = [game.targets_still_legal(spell, group + i) for i in range(len(mode.target))]
                group += len(mode.target)
                if not any(targets):
                    continue  # 608.2b
            elif mode.target is not None:
                targets = game.targets_still_legal(spell, group)
                group += 1
                if not targets:
                    continue  # 608.2b: this part of the effect does nothing
            mode.effect(game, spell, targets)


def choose_modes(game: "Game", player: "Player", definition: ModalSpellDefinition, given: Sequence[int | str] | None, card: Any) -> ModalSpellDefinition:
    """Rule 700.2a: the modes `player` chooses (indexes from 0 or mode texts), each only if its
    targets can be chosen; asked as a ``modes`` decision when not given."""
    low, high = definition.mode_count
    texts = [m.text for m in definition.modes]
    possible = [i for i, m in enumerate(definition.modes) if all(game.legal_targets(kind, player) for kind in m.target_kinds)]
    chooser = player
    if definition.mode_chooser == "opponent":
        if given is not None:
            raise IllegalActionError(f"an opponent chooses the mode of {definition.name}, not its caster (700.2e)")
        chooser = opponent_to_choose(game, player, rule="700.2e", source=card)
        if chooser is None:
            raise IllegalActionError(f"{definition.name} needs an opponent to choose its mode (700.2e)")
    elif definition.mode_chooser != "you":
        raise NotModelledError(f"modes chosen by {definition.mode_chooser!r} are not modelled (700.2e)")
    if given is None:
        if len(possible) < low:
            raise IllegalActionError(f"{definition.name} needs {low} modes and only {len(possible)} can be chosen (700.2a)")
        options = tuple(texts[i] for i in possible)
        count = 1 if (low, high) == (1, 1) else (low, min(high, len(possible)))
        # 801.5b: the options are chosen among even if they speak of what is out of range.
        rule = "700.2a" if chooser is player else "801.5b" if game.range_of_influence is not None else "700.2e"
        answer = game.decide(Decision(chooser, "modes", options, count=count, rule=rule, context={"source": card}))
        chosen = [texts.index(a) for a in (answer if isinstance(answer, list) else [answer])]
    else:
        chosen = []
        for item in given:
            index = texts.index(item) if isinstance(item, str) and item in texts else item
            if not isinstance(index, int) or not 0 <= index < len(texts):
                raise IllegalActionError(f"{definition.name} has no mode {item!r}")
            if index not in possible:
                raise IllegalActionError(f"the mode {texts[index]!r} of {definition.name} can't be chosen: it has no legal target (700.2a)")
            if index in chosen:
                raise IllegalActionError(f"the same mode of {definition.name} can't be chosen twice (700.2d)")
            chosen.append(index)
        if not low <= len(chosen) <= high:
            raise IllegalActionError(f"{definition.name} needs {low if low == high else f'{low} to {high}'} modes, not {len(chosen)} (700.2)")
    chosen.sort()
    game.emit("modes_chosen", "700.2a" if chooser is player else "700.2e", player=chooser, card=card, modes=[texts[i] for i in chosen], numbers=[i + 1 for i in chosen], count=len(chosen))
    return definition.with_modes(chosen)
