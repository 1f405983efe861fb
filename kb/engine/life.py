"""Life, damage and poison counters (rules 119, 120, 122)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Iterable, Sequence

from kb.engine.damage_results import damage_life_losses
from kb.engine.errors import CannotPayError
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart
from kb.engine.players import Player
from kb.engine.protection import protected_from
from kb.engine.stack import StackObject

if TYPE_CHECKING:
    from kb.engine.players import Unit


class LifeAndDamage(GamePart):
    """Life, damage and poison counters (rules 119, 120, 122)."""

    # ----- life (rules 119, 120)

    def _life_unit(self, player: Player) -> Unit:
        return player

    def _poison_unit(self, player: Player) -> Unit:
        """Who holds the player's poison counters: the player, or a team that shares them (810.10)."""
        return player

    def _note_life(self, player: Player) -> None:
        unit = self.game._life_unit(player)
        self.game.emit("life_total", "119", unit=unit, life=self.game.life_of(player))

    def deal_damage(self, source: Card | StackObject, recipient: Player | Card, amount: int) -> None:
        """`source` deals `amount` damage to a player or creature (rule 120.3)."""
        self.deal_damage_each(source, [(recipient, amount)])

    def deal_damage_each(self, source: Card | StackObject, assignments: Sequence[tuple[Player | Card, int]]) -> None:
        """Damage dealt by one source to several recipients at the same time."""
        card = source.source if isinstance(source, StackObject) else source
        self._deal_damage_from_each([(card, recipient, amount) for recipient, amount in assignments])

    def _deal_damage_from_each(self, dealt: Sequence[tuple[Card, Player | Card, int]], *, combat: bool = False) -> None:
        """Damage dealt at the same time, possibly by several sources (rule 120.3): to a player
        it causes loss of life, or poison counters from a source with infect (120.3a, 120.3b); to
        a creature it is marked on it, or becomes -1/-1 counters from a source with wither or
        infect (120.3d, 120.3e); a source with lifelink makes its controller gain that much life,
        one life gain event per source (120.3f, 702.15e); combat damage to a player from a
        creature with toxic gives poison counters (120.3g). A source with deathtouch marks the
        creature for rule 704.5h."""
        replaced = []
        batch = object()  # one damage event (120.4): what "the next time ... would deal damage" spans
        events = [{"source": source, "target": recipient, "amount": amount, "combat": combat, "batch": batch} for source, recipient, amount in dealt if amount > 0]
        self.game.divide_shields(events)
        pending = list(events)
        results_gains: list[tuple[Player, int]] = []
        while pending:
            event = pending.pop(0)
            if isinstance(event["target"], Card) and isinstance(event["source"], Card) and protected_from(event["target"], event["source"]):
                # 702.16e: damage from a source with the quality is prevented (combat damage is
                # judged as it is assigned; this is any other damage, and damage redirected).
                self.game.emit("damage_prevented", "702.16e", source=event["source"], target=event["target"], amount=event["amount"])
                continue
            event = self.game.replace("damage", event)
            if event is None:
                continue
            # A redirection effect splits the event: the part it sends elsewhere is part of the
            # same damage event, and other effects may still apply to it (614.9).
            pending.extend(
                {"source": source, "target": recipient, "amount": amount, "combat": combat, "batch": batch}
                for source, recipient, amount in event.get("redirected", ()) if amount > 0
            )
            # Life a prevention effect gives as part of the same damage event (120.4a).
            results_gains.extend(event.get("gains", ()))
            if event["amount"] > 0:
                replaced.append((event["source"], event["target"], event["amount"]))
        dealt = replaced
        for source, recipient, amount in dealt:
            if combat:
                self.game.emit("damage", "510.2", source=source, target=recipient, amount=amount, combat=True)
            else:
                self.game.emit("damage", "120.3", source=source, target=recipient, amount=amount)
        touched = []
        # 120.4b–c: the damage processed into its results, then the effects that modify those.
        losses = damage_life_losses(self.game, dealt, results_gains)
        for source, recipient, amount in dealt:
            keywords = self._damage_keywords(source)
            if isinstance(recipient, Player):
                if "Infect" in keywords:
                    self.give_poison(recipient, amount)
                elif self._lose_life_quietly(recipient, losses.take(recipient, amount), damage=True):
                    touched.append(recipient)
                toxic = sum(int(k.split()[1]) for k in keywords if k.startswith("Toxic ") and k.split()[1].isdigit())
                if combat and toxic:
                    self.give_poison(recipient, toxic)
            else:
                if "Planeswalker" in recipient.types or "Battle" in recipient.types:
                    # 120.3c, 120.3h: damage to a planeswalker removes loyalty counters, to a
                    # battle defense counters.
                    for kind, card_type in (("loyalty", "Planeswalker"), ("defense", "Battle")):
                        if card_type in recipient.types:
                            self.game.remove_counters(recipient, kind, amount)
                    if not recipient.is_creature:
                        continue
                if "Wither" in keywords or "Infect" in keywords:
                    self.game.add_counters(recipient, "-1/-1", amount)
                else:
                    recipient.damage += amount
                    if "Deathtouch" in keywords:
                        recipient.deathtouch_damage = True
        self._note_lives(touched)
        # 702.15e, 119.10: one life gain event for each source with lifelink, however many
        # recipients it dealt damage to at once.
        gains: dict[int, tuple[Card, int]] = {}
        for source, recipient, amount in dealt:
            if "Lifelink" in self._damage_keywords(source):
                gains[id(source)] = (source, gains.get(id(source), (source, 0))[1] + amount)
        for source, amount in gains.values():
            self.gain_life(source.controller or source.owner, amount)
        for player, amount in results_gains:
            self.gain_life(player, amount)

    @staticmethod
    def _damage_keywords(source: Card | None) -> tuple[str, ...]:
        """The source's keywords, or as it last existed on the battlefield (702.15c, 702.80b)."""
        if source is None:
            return ()
        if source.zone is Zone.BATTLEFIELD or not source.last_known:
            return source.keywords
        return source.last_known.get("keywords", source.keywords)

    def _note_lives(self, players: Iterable[Player]) -> None:
        seen = []
        for player in players:
            unit = self.game._life_unit(player)
            if unit not in seen:
                seen.append(unit)
                self._note_life(player)

    def _lose_life_quietly(self, player: Player, amount: int, *, damage: bool = False, paid: bool = False) -> int:
        if amount <= 0:
            return 0
        if self.game.forbidden(player, "lose life"):
            self.game.emit("life_loss_prevented", "119.7", player=player, by=self.game.sba._preventer(self.game._life_unit(player), "lose life"))
            return 0
        self.game._adjust_life(player, -amount)
        player.life_lost += amount
        self.game.emit("life_lost", "120.3a" if damage else "119.4" if paid else "119.3", player=player, amount=amount, damage=damage)
        if not damage and not paid:
            self.game.emit("life_loss", "119.3", player=player, amount=amount)
        return amount

    def lose_life(self, player: Player, amount: int) -> int:
        """`player` loses `amount` life; returns the life actually lost."""
        lost = self._lose_life_quietly(player, amount)
        if lost:
            self._note_life(player)
        return lost

    def gain_life(self, player: Player, amount: int) -> int:
        """`player` gains `amount` life; returns the life actually gained."""
        gained = self._gain_life_quietly(player, amount)
        if gained:
            self._note_life(player)
        return gained

    def _gain_life_quietly(self, player: Player, amount: int) -> int:
        if amount <= 0:
            return 0
        if self.game.forbidden(player, "gain life"):
            self.game.emit("life_gain_prevented", "119.7", player=player, by=self.game.sba._preventer(self.game._life_unit(player), "gain life"))
            return 0
        event = self.game.replace("gain_life", {"player": player, "amount": amount})
        if event is None or event["amount"] <= 0:
            return 0
        player, amount = event["player"], event["amount"]
        self.game._adjust_life(player, amount)
        player.life_gained += amount
        self.game.emit("life_gain", "119.3", player=player, amount=amount)
        return amount

    def _check_can_pay_life(self, player: Player, amount: int) -> None:
        """Rule 119.4: a player can pay life only if their life total is at least the payment;
        anyone can pay 0 life. A player who can't lose life can pay only 0 (119.8)."""
        if amount < 0:
            raise CannotPayError("a life payment can't be negative")
        if amount == 0:
            return
        if self.game.forbidden(player, "lose life"):
            raise CannotPayError(f"{player.name} can't lose life, so can pay only 0 life")
        if amount > self.game.life_of(player):
            raise CannotPayError(f"{player.name} can't pay {amount} life with a life total of {self.game.life_of(player)}")

    def pay_life(self, player: Player, amount: int) -> None:
        """Pay `amount` life as a cost (rule 119.4); raises `CannotPayError` if it can't be paid."""
        self._check_can_pay_life(player, amount)
        if amount and self.game.replace("pay_life", {"player": player, "amount": amount}) is None:
            return  # 614.1a: something else is done instead (118.9 is not this: the cost is still paid)
        if amount:
            self.game.emit("pay_life", "119.4", player=player, amount=amount)
            self._lose_life_quietly(player, amount, paid=True)
            self._note_life(player)

    def pay_life_together(self, payments: dict[Player, int]) -> None:
        """Several players pay life at the same time."""
        for player, amount in payments.items():
            self._check_can_pay_life(player, amount)
        for player, amount in payments.items():
            if amount:
                self.game.emit("pay_life", "119.4", player=player, amount=amount)
                self._lose_life_quietly(player, amount, paid=True)
        self._note_lives(p for p, a in payments.items() if a)

    def set_life(self, player: Player, value: int) -> None:
        """Rule 119.5: a player whose life total becomes a number gains or loses the difference."""
        self.game.emit("life_becomes", "119.5", player=player, value=value, before=self.game.life_of(player))
        difference = value - self.game.life_of(player)
        if difference > 0:
            self.gain_life(player, difference)
        elif difference < 0:
            self.lose_life(player, -difference)

    def set_each_life(self, value: int, source: Card | None = None) -> None:
        """Each player's life total becomes `value`."""
        for player in self.game.apnap_order():
            self.set_life(player, value)

    def exchange_life(self, first: Player, second: Player) -> bool:
        """Rule 119.6 (in part): two players exchange life totals; each gains or loses the
        difference. Returns whether the exchange happened."""
        a, b = self.game.life_of(first), self.game.life_of(second)
        self.game.emit("exchange_life", "119.6", first=first, second=second)
        self.set_life(first, b)
        self.set_life(second, a)
        return True

    # ----- poison (rule 122)

    def give_poison(self, player: Player, amount: int = 1) -> int:
        if amount <= 0:
            return 0
        if self.game.forbidden(player, "get poison"):
            self.game.emit("poison_prevented", "122.1", player=player, by=self.game.sba._preventer(self.game._life_unit(player), "get poison"))
            return 0
        self.game._adjust_poison(player, amount)
        self.game.emit("poison", "122.1", player=player, amount=amount)
        self.game.emit("poison_total", "122.1", unit=self.game._life_unit(player), poison=self.game.poison_of(player))
        return amount

    def remove_poison(self, player: Player, amount: int = 1) -> int:
        removed = min(amount, self.game.poison_of(player))
        if removed:
            self.game._adjust_poison(player, -removed)
            self.game.emit("poison_removed", "122.1", player=player, amount=removed)
        return removed

    def is_poisoned(self, player: Player) -> bool:
        """Glossary "Poisoned": having one or more poison counters (810.10d for teams)."""
        return self.game.poison_of(player) > 0
