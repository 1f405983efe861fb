"""Priority and the stack: passing, resolving the top object (rules 117, 405, 608)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.entering import entering_forbidden_by
from kb.engine.errors import EngineError, GameOverError, IllegalActionError, NotModelledError, NotYourPriorityError
from kb.engine.objects import CardDefinition, Zone
from kb.engine.loops import note_resolution
from kb.engine.part import GamePart
from kb.engine.protocols import Game
from kb.engine.shortcuts import check_shortcut_obligation
from kb.engine.stack import Ability, Spell, StackObject
from kb.engine.turns import STEPS

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Player, Unit
    from kb.engine.turns import Step


class PriorityAndStack(GamePart):
    """Priority and the stack: passing, resolving the top object (rules 117, 405, 608)."""

    def __init__(self, game: Game):
        super().__init__(game)
        self._passes = 0
        self._resolving: StackObject | None = None
        self._flow_changed = False

    # ----- priority

    def _give_priority(self, unit: Unit | None) -> None:
        """Rule 117.5: state-based actions, then triggered abilities, repeated until neither
        happens; then the player (or team) receives priority."""
        while not self.game.over:
            self.game.check_state_based_actions()
            if self.game.over:
                break
            if self.game._has_state_triggers():
                # 603.8: one that has just left the stack triggers again if its state still holds.
                self.game.triggers._check_state_triggers()
            if self.game.triggers._pending:
                self.game.triggers._put_triggers_on_stack()
                continue
            break
        if self.game.over:
            self.game.priority = None
            return
        if unit is not None and unit not in self.game.units():
            later = [u for u in self.game.turn_order_from(unit) if u in self.game.units()]
            unit = later[0] if later else None
        self.game.priority = unit

    def _priority_unit_for(self, player: Player) -> Unit:
        return self.game.unit_of(player)

    def _check_priority(self, player: Player) -> None:
        if self.game.over:
            raise GameOverError("the game is over")
        if player.game is not self.game:
            raise IllegalActionError(f"{player.name} is not in this game")
        if player.left_game:
            raise IllegalActionError(f"{player.name} has left the game")
        if self.game.priority is None or self._priority_unit_for(player) is not self.game.priority:
            holder = self.game.priority.name if self.game.priority is not None else "nobody"
            raise NotYourPriorityError(f"{player.name} does not have priority ({holder} has)")

    def pass_priority(self, player: Player | None = None) -> None:
        """The player (or team) with priority passes (rule 117.3d). When all pass in succession,
        the top of the stack resolves or, if the stack is empty, the step or phase ends (117.4)."""
        if self.game.over:
            raise GameOverError("the game is over")
        if self.game.priority is None:
            raise NotYourPriorityError("nobody has priority")
        if player is not None:
            self._check_priority(player)
        holder = self.game.priority
        if getattr(self.game, "shortcut_obligation", None) is not None:
            check_shortcut_obligation(self.game, holder)  # 731.2c
        self._passes += 1
        units = self.game.units()
        if self._passes >= len(units):
            self._passes = 0
            if self.game.stack:
                self._resolve_top()
                note_resolution(self.game)  # 731.4: a loop of mandatory actions is a draw
            else:
                self.game._advance()
            return
        self._give_priority(units[(units.index(holder) + 1) % len(units)])

    def pass_all(self) -> None:
        """Every player (or team) passes in succession, starting with the one holding priority."""
        if self.game.priority is None:
            raise NotYourPriorityError("nobody has priority")
        turn, step, depth = self.game.turn, self.game.step, len(self.game.stack)
        for _ in range(len(self.game.units())):
            self.pass_priority()
            if self.game.over or (self.game.turn, self.game.step, len(self.game.stack)) != (turn, step, depth) or self._passes == 0:
                return

    def put_triggered_abilities_on_stack(self) -> None:
        """What happens before a player receives priority (117.5): state-based actions, then the
        abilities that have triggered go on the stack; the player holding priority keeps it."""
        if self.game.priority is not None and not self.game.over:
            self._give_priority(self.game.priority)

    def resolve_stack(self) -> None:
        """Players pass in succession until the stack is empty; abilities that triggered since a
        player last received priority are put on the stack first (117.5)."""
        if self.game.triggers._pending and self.game.priority is not None and not self.game.over:
            self._give_priority(self.game.priority)
        for _ in range(10_000):
            if not self.game.stack or self.game.over:
                return
            self.pass_all()
        raise EngineError("the stack did not empty")

    def advance_to(self, step: Step, *, turn: int | None = None) -> None:
        """Players pass in succession until `step` of turn `turn` (default: this turn, or the next
        turn if that step has passed) begins and a player gets priority there."""
        target_turn = turn
        if target_turn is None:
            target_turn = self.game.turn if STEPS.index(step) > STEPS.index(self.game.step) else self.game.turn + 1
        for _ in range(10_000):
            if self.game.over:
                return
            if self.game.turn == target_turn and self.game.step is step and self.game.priority is not None:
                return
            if self.game.turn > target_turn:
                raise IllegalActionError(f"{step.value} of turn {target_turn} was skipped or has passed")
            self.pass_all()
        raise EngineError(f"could not reach the {step.value}")

    # ----- resolving

    def _resolve_top(self) -> None:
        obj = self.game.stack.pop()
        self._resolving = obj
        self._flow_changed = False
        if isinstance(obj, Spell):
            self.game.bestow._resolve_bestowed_spell(obj)  # 702.103e
        specs = (getattr(obj, "target_specs", None) or obj.card.definition.spell_targets) if isinstance(obj, Spell) else ()
        if specs:
            # 608.2b: it doesn't resolve only if every target is illegal, each for its own word.
            pairs = [(t, spec.kind) for spec, group in zip(specs, obj.target_groups) for t in group]
        else:
            kind = obj.card.definition.spell_target if isinstance(obj, Spell) else obj.target
            pairs = [(t, kind) for t in obj.targets]
        if isinstance(obj, Spell):
            pairs += self.game.splice._spliced_target_pairs(obj)  # 702.47d
        if pairs and not any(self.game.casting._target_is_legal(t, kind, obj.controller, obj.source) for t, kind in pairs):
            self.game.emit("fizzles", "608.2b", object=obj)
            if isinstance(obj, Spell):
                self.game._move(obj.card, obj.destination or Zone.GRAVEYARD)
        elif isinstance(obj, Ability) and obj.condition is not None and not obj.condition(self.game, obj):
            self.game.emit("no_effect", "603.4", object=obj)
        else:
            self.game.emit("resolves", "608.2", object=obj)
            if not specs:
                self._leave_illegal_targets_unaffected(obj)
            if isinstance(obj, Spell):
                if obj.card.is_permanent_card:
                    self._resolving = None
                    self._put_onto_battlefield(obj.card, obj.controller)
                    if "Aura" in obj.card.subtypes and obj.targets:
                        obj.card.attached_to = obj.targets[0]  # 303.4f: it enters attached to its target
                        # 400.7: attached to this object, not one it becomes after leaving.
                        obj.card.attached_incarnation = getattr(obj.targets[0], "incarnation", None)
                        self.game.emit("attached", "303.4f", card=obj.card, to=obj.targets[0])
                else:
                    obj.card.definition.resolve(self.game, obj)
                    self.game.splice._resolve_spliced_text(obj)  # 702.47b
                    if obj.card.zone is Zone.STACK:
                        self.game.adventures._put_away_resolved_spell(obj)  # 608.2n, 715.3d
            else:
                obj.effect(self.game, obj)
        self._resolving = None
        if self._flow_changed or self.game.over:
            return
        self._passes = 0
        self._give_priority(self.game.active_unit)  # rule 117.3b

    def _leave_illegal_targets_unaffected(self, obj: Any) -> None:
        """Rule 608.2b: a spell or ability that resolves doesn't affect its illegal targets; for
        one instance of the word "target", the effect is given only the legal ones. When all of
        its own targets are illegal and it resolves for its spliced text's, what the rest of its
        text still does is not modelled."""
        if not obj.targets:
            return
        kind = obj.card.definition.spell_target if isinstance(obj, Spell) else obj.target
        legal = [t for t in obj.targets if self.game.casting._target_is_legal(t, kind, obj.controller, obj.source)]
        if len(legal) == len(obj.targets):
            return
        if not legal:
            raise NotModelledError(
                f"608.2b: every target of {obj.describe()} itself is illegal and it resolves for its spliced text; "
                "what the rest of its text does is not modelled"
            )
        obj.targets = legal
        if isinstance(obj, Spell):
            obj.target_groups = [list(legal)]

    def put_onto_battlefield(self, card: Card, controller: Player, *, effects: Sequence[Any] = ()) -> None:
        """Put `card` onto the battlefield under `controller`'s control; `effects` are continuous
        effects that apply to it as it enters ("That permanent is an enchantment in addition to
        its other types"): it doesn't enter and then change (611.2e). A card in no player's zones
        (made for the scenario) is owned by that player, as though they had started the game with it
        (108.3)."""
        if card.owner is None:
            card.owner = controller
        self._put_onto_battlefield(card, controller, effects=effects)

    def _put_onto_battlefield(self, card: Card, controller: Player, *, counters: dict[str, int] | None = None, effects: Sequence[Any] = ()) -> None:
        """`card` enters the battlefield under `controller`'s control, with `counters` on it if
        an effect says it enters with them (614.1c)."""
        on_stack = card.incarnation if card.zone is Zone.STACK else None
        self.game.__dict__["_entering_from"] = (card, card.zone)  # 614.13c: where it is entering from
        source = self.game.zones._zone_list(card) if card.zone is not Zone.STACK else None
        if source is not None and card in source:
            source.remove(card)
        card.counters = dict(counters or {})
        if "Planeswalker" in card.printed_definition.types and card.printed_definition.loyalty:
            # 306.5b: it enters with loyalty counters equal to its printed loyalty.
            card.counters["loyalty"] = card.counters.get("loyalty", 0) + card.printed_definition.loyalty
        if "Battle" in card.printed_definition.types and card.printed_definition.defense:
            # 310.4b: it enters with defense counters equal to its printed defense.
            card.counters["defense"] = card.counters.get("defense", 0) + card.printed_definition.defense
        # "It enters under your control instead" (614.1c), before the choices made as it enters.
        moving = self.game.replace("enter_control", {"card": card, "controller": controller})
        if moving is not None:
            controller = moving["controller"]
        card.controller = controller
        card.zone = Zone.BATTLEFIELD
        card.entered_turn = self.game.turn
        card.timestamp = self.game.layers._next_timestamp()
        card.incarnation += 1
        if on_stack is not None:
            self.game.layers._follow_spell_to_permanent(card, on_stack)
        for effect in effects:
            effect.affected = [card]
            effect._incarnations = {id(card): card.incarnation}
            self.game.add_effect(effect)
        printed = card.printed_definition
        # 614.1c, 616.1f: entering as a copy of another permanent comes first; then its own
        # "as this enters" abilities are those of what it copies (614.12).
        entered_as_copy = self.game.enter_as_copy._enter_as_copy(card, controller)
        if not entered_as_copy and type(printed).as_enters is not CardDefinition.as_enters and self.game.abilities_removed(card):
            # 614.12: whether its own "as this enters" applies depends on the abilities it would
            # have on the battlefield; with them removed, that is not modelled.
            raise NotModelledError(f"{card.name} would enter with its abilities removed: its own \"as this enters\" effects (614.12) are not modelled then")
        if not entered_as_copy:
            printed.as_enters(self.game, card)
        if "Battle" in card.types:
            self.game.choose_protector(card)  # 310.8a, 310.11a: as it enters
        if card.definition is not printed:
            # It enters as a copy: the copied object's "as enters" effects apply too (707.5).
            card.definition.as_enters(self.game, card)
        forbidding = entering_forbidden_by(self.game, card)
        if forbidding is not None:
            if on_stack is None:
                raise NotModelledError(f"{card.name} can't enter the battlefield ({forbidding.name}): where it stays when not a resolving spell is not modelled", rules="608.3e")
            # 608.3e: a resolving permanent spell that can't enter goes to its owner's graveyard.
            card.zone = Zone.STACK
            self.game.emit("cant_enter", "608.3e", card=card, source=forbidding)
            self.game._move(card, Zone.GRAVEYARD)
            return
        entering = self.game.replace("enter", {"card": card, "controller": controller, "tapped": card.tapped, "counters": dict(card.counters)})
        if entering is not None:  # 614.1d: "enters tapped", "enters with counters"
            card.tapped = entering["tapped"]
            card.counters = {k: v for k, v in entering["counters"].items() if v}
        if card.counters:
            card.counters = self.game.counters._counters_as_it_enters(card)
        self.game.battlefield.append(card)
        self.game.__dict__["_entering_from"] = None
        self.game.emit("enters", "403.3", card=card, controller=controller)
