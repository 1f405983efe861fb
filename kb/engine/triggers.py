"""Triggered abilities: finding them as events happen and putting them on the stack (rule 603)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.decisions import Decision
from kb.engine.objects import Card, Zone
from kb.engine.protocols import Game
from kb.engine.turns import Step
from kb.engine.stack import TriggeredAbility
from kb.engine.errors import NotModelledError
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.decisions import Event
    from kb.engine.players import Player, Team


@dataclass(eq=False)
class DelayedTrigger:
    """A delayed triggered ability waiting for its event (603.7)."""

    trigger: Any
    source: Card
    controller: Player
    data: dict[str, Any]


@dataclass(frozen=True)
class UpkeepPayment:
    """One way to pay a cumulative upkeep cost: how it reads, with the life or cards it takes."""

    text: str
    amount: int = 0
    cards: tuple[Card, ...] = ()
    # What is paid: "life" (amount), "draw" (amount), "sacrifice" (cards) or "mana" (text, its
    # symbols), for telling it in any language.
    kind: str = "mana"

    def __repr__(self) -> str:
        return self.text


class Triggers(GamePart):
    """Triggered abilities: finding them as events happen and putting them on the stack (rule 603)."""

    def __init__(self, game: Game):
        super().__init__(game)
        self._pending: list[TriggeredAbility] = []
        self._checking_states = False

    # ----- triggered abilities

    def _check_triggers(self, event: Event) -> None:
        if event.kind in ("decision",):
            return
        watchers = list(self.game.battlefield) + self.game.ability_holders()  # 114.4, 724.2
        looking_back: list[Card] = []
        # 702.55c: a card haunting a creature has abilities that trigger from exile.
        watchers.extend(c for c in self.game.exile if getattr(c, "haunting", None) is not None)
        if event.kind in ("dies", "put_into_graveyard", "leaves_battlefield"):
            # Leaves-the-battlefield abilities look back in time (603.10a): the permanents that
            # left in the same event still "see" it, as they last existed.
            left = event.get("left") or (event["cards"] if event.kind == "dies" else [event["card"]])
            if event.kind == "leaves_battlefield":
                left = [c for c in left if c.zone is not Zone.BATTLEFIELD]  # those already gone
            looking_back = [c for c in left if not any(c is w for w in watchers)]
            watchers.extend(looking_back)
        elif event.kind == "cycle":
            # 702.29c: "when you cycle this card" triggers from wherever the card is now.
            if not any(event["card"] is w for w in watchers):
                watchers.append(event["card"])
        elif event.kind == "returned_to_hand":
            # 603.10a: a permanent returned to a hand still "sees" it, as it last existed.
            looking_back = [c for c in event.get("left") or () if not any(c is w for w in watchers)]
            watchers.extend(looking_back)
        elif event.kind in ("discard", "mill"):
            # Abilities that trigger on a card being put into a graveyard "from anywhere".
            if not any(p.definition.graveyard_cards_lose_abilities for p in self.game.battlefield):
                watchers.extend(c for c in event["cards"] if c.zone is Zone.GRAVEYARD)
        losing = self.game.may_remove_abilities()
        for card in watchers:
            if losing and self.game.abilities_removed(card):
                continue  # it has lost its abilities (613.1f, 305.7): nothing of it triggers
            if any(card is c for c in looking_back) and card.last_known.get("abilities_removed"):
                continue  # it had none as it last existed on the battlefield (603.10a)
            for ability in card.definition.triggers(self.game, card, event):
                self._pending.append(ability)
                self.game.emit("triggers", "603.2", ability=ability)
        if event.kind == "beginning_of" and event["step"] is Step.UPKEEP:
            for card in list(self.game.battlefield):
                if card.controller in self.game.active_players:
                    for keyword in card.keywords:
                        if keyword.startswith("Cumulative upkeep"):
                            ability = self._cumulative_upkeep(card, keyword)
                            self._pending.append(ability)
                            self.game.emit("triggers", "702.24a", ability=ability)
        for delayed in list(self.game.delayed_triggers):
            if delayed.trigger.when(self.game, delayed.source, event):
                self.game.delayed_triggers.remove(delayed)  # 603.7b: only once
                ability = TriggeredAbility(delayed.source, delayed.controller, delayed.trigger.text, delayed.trigger.effect, target=delayed.trigger.target, data={"event": event, **delayed.data})
                self._pending.append(ability)
                self.game.emit("triggers", "603.7", ability=ability)
        if event.kind == "put_into_graveyard":
            for ability in self._leaves_battlefield_keywords(event["card"], event["controller"]):
                self._pending.append(ability)
                self.game.emit("triggers", "603.10a", ability=ability)

    def _check_state_triggers(self) -> None:
        """Rule 603.8: a state-triggered ability triggers as soon as its state is true, unless
        it has triggered and not yet left the stack."""
        if self._checking_states:
            return
        self._checking_states = True
        try:
            # Still waiting: pending, on the stack, or resolving (it hasn't resolved yet).
            waiting = [getattr(a, "data", {}).get("state_trigger") for a in [*self._pending, *self.game.stack, self.game.priority_and_stack._resolving] if a is not None]
            for card in list(self.game.battlefield):
                for index, trigger in enumerate(card.definition.state_triggered):
                    key = (id(card), card.incarnation, index)
                    if key in waiting or not trigger.state(self.game, card):
                        continue
                    if self.game.abilities_removed(card):
                        continue
                    ability = TriggeredAbility(card, card.controller, trigger.text, trigger.effect, data={"state_trigger": key})
                    self._pending.append(ability)
                    waiting.append(key)
                    self.game.emit("triggers", "603.8", ability=ability)
        finally:
            self._checking_states = False

    def add_delayed_trigger(self, trigger: Any, source: Card, controller: Player, **data: Any) -> "DelayedTrigger":
        """Create a delayed triggered ability (603.7): it triggers only once, the next time its
        event happens after it is created (603.7a–b); its controller is the player who
        controlled what created it (603.7d–e). `data` is passed to its ability (``ability.data``),
        such as the object it refers to with its incarnation, so that it does nothing to an object
        that left its zone (603.7c)."""
        delayed = DelayedTrigger(trigger, source, controller, data)
        self.game.delayed_triggers.append(delayed)
        self.game.emit("delayed_trigger_created", "603.7a", source=source, text=trigger.text)
        return delayed

    def _cumulative_upkeep(self, card: Card, keyword: str) -> TriggeredAbility:
        """Rule 702.24a: "At the beginning of your upkeep, if this permanent is on the battlefield,
        put an age counter on this permanent. Then you may pay [cost] for each age counter on it.
        If you don't, sacrifice it." Costs read: "Pay N life", "Sacrifice a creature", and mana
        such as "{W} or {U}" (mana taken as paid once chosen), and "Draw a card"."""
        cost = keyword[len("Cumulative upkeep"):].lstrip(" —-").strip()
        incarnation = card.incarnation

        def resolve(game: Any, ability: TriggeredAbility) -> None:
            permanent, you = ability.source, ability.controller
            if permanent.zone is not Zone.BATTLEFIELD or permanent.incarnation != incarnation:
                return
            game.add_counters(permanent, "age", 1)
            age = permanent.counters.get("age", 0)  # all age counters, whichever put them (702.24b)
            options = game.triggers._upkeep_payments(you, permanent, cost, age)
            choice = game.decide(Decision(you, "cumulative_upkeep", tuple(options) + (False,), rule="702.24a", context={"source": permanent}))
            if choice is False:
                game.sacrifice([permanent], rule="702.24a")
                return
            game.emit("cumulative_upkeep_paid", "702.24a", card=permanent, payment=choice)
            if cost.startswith("Pay") and "life" in cost:
                game.pay_life(you, choice.amount)
            elif cost == "Sacrifice a creature":
                game.sacrifice(list(choice.cards), rule="702.24a")
            elif cost == "Draw a card":
                for _ in range(choice.amount):
                    game.draw(you, 1, rule="702.24a")

        return TriggeredAbility(card, card.controller, f"{keyword} ({cost} for each age counter)", resolve)

    def _upkeep_payments(self, player: Player, permanent: Card, cost: str, age: int) -> list[Any]:
        """The ways to pay `cost` once for each of `age` counters (702.24a: each choice made
        separately, and all of it paid or none)."""
        import itertools
        import re

        life = re.fullmatch(r"Pay (\d+) life", cost)
        if life:
            amount = int(life.group(1)) * age
            can = amount == 0 or (amount <= self.game.life_of(player) and not self.game.forbidden(player, "lose life"))
            return [UpkeepPayment(f"pay {amount} life", amount=amount, kind="life")] if can else []
        if cost == "Draw a card":
            # Drawing is a cost any player can pay, even from an empty library (118.3, 121.4).
            return [UpkeepPayment(f"draw {age} card{'s' if age != 1 else ''}", amount=age, kind="draw")]
        if cost == "Sacrifice a creature":
            creatures = player.creatures
            return [UpkeepPayment("sacrifice " + ", ".join(c.name for c in group), cards=group, kind="sacrifice") for group in itertools.combinations(creatures, age)]
        symbols = re.fullmatch(r"((?:\{[WUBRGC0-9]\})+)((?: or (?:\{[WUBRGC0-9]\})+)*)", cost)
        if symbols:
            choices = re.findall(r"(?:\{[WUBRGC0-9]\})+", cost)
            ordered = ["".join(combo) for combo in itertools.combinations_with_replacement(choices, age)]
            return [UpkeepPayment(text) for text in ordered]
        raise NotModelledError(f"a cumulative upkeep cost of {cost!r} is not modelled", rules="702.24a")

    def _leaves_battlefield_keywords(self, card: Card, controller: Player) -> list[TriggeredAbility]:
        """Keyword abilities that trigger as their permanent goes to a graveyard, looking back
        at it as it last existed on the battlefield (603.10a): undying (702.93)."""
        known = card.last_known
        found = []
        if "Undying" in known.get("keywords", ()) and not known.get("counters", {}).get("+1/+1"):
            incarnation = card.incarnation

            def undying(game, ability, card=card, incarnation=incarnation):
                if card.zone is Zone.GRAVEYARD and card.incarnation == incarnation:
                    game._put_onto_battlefield(card, card.owner, counters={"+1/+1": 1})

            found.append(
                TriggeredAbility(
                    card, controller,
                    "Undying (When this permanent is put into a graveyard from the battlefield, if it had no +1/+1 counters on it, return it to the battlefield under its owner's control with a +1/+1 counter on it.)",
                    undying,
                )
            )
        return found

    def _put_triggers_on_stack(self) -> None:
        """Rules 603.3b and 405.3: each player in APNAP order puts the abilities they control on
        the stack in the order they choose, so the active player's go lowest."""
        pending, self._pending = self._pending, []
        for ability in [a for a in pending if a.controller.left_game]:
            # 800.4d: it triggered, but it would be controlled by a player who left the game.
            self.game.emit("trigger_not_put", "800.4d", ability=ability, player=ability.controller)
        pending = [a for a in pending if not a.controller.left_game]
        for group, chooser, team in self.game._trigger_groups(pending):
            if len(group) > 1:
                rule = "805.7" if team is not None else "405.3"
                ordered = self.game.decide(Decision(chooser, "order_triggers", tuple(group), order=True, rule=rule, team=team))
            else:
                ordered = group
            for ability in ordered:
                if ability.target is not None:
                    legal = self.game.legal_targets(ability.target, ability.controller, source=ability.source)
                    if not legal:
                        self.game.emit("removed_no_target", "603.3d", ability=ability)
                        continue
                    ability.targets = [self.game.decide(Decision(ability.controller, "target", tuple(legal), rule="603.3d", context={"source": ability.source}))]
                self.game.stack.push(ability)
                self.game.emit("trigger_on_stack", "603.3", ability=ability)

    def _trigger_groups(self, pending: list[TriggeredAbility]) -> list[tuple[list[TriggeredAbility], Player, Team | None]]:
        groups = []
        for player in self.game.apnap_order():
            mine = [a for a in pending if a.controller is player]
            if mine:
                groups.append((mine, player, None))
        return groups
