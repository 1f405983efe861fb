"""State-based actions (rule 704)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.combat import _protected_from
from kb.engine.errors import EngineError, NotModelledError
from kb.engine.objects import Zone
from kb.engine.part import GamePart
from kb.engine.players import Player

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import Card
    from kb.engine.players import Unit


@dataclass
class PendingStateBasedActions:
    """The state-based actions that apply at one check (704.3), each with the rule that performs
    it; true when there is any to perform. A loss that an effect prevents (104.3) is kept apart:
    it is told, not performed."""

    dying: list[tuple[Card, str]] = field(default_factory=list)
    annihilating: list[Card] = field(default_factory=list)
    unbestowing: list[Card] = field(default_factory=list)
    unprotected: list[Card] = field(default_factory=list)
    gone_tokens: list[Card] = field(default_factory=list)
    gone_copies: list[Card] = field(default_factory=list)
    unattaching: list[tuple[Card, str]] = field(default_factory=list)
    losses: list[tuple[Unit, str, str]] = field(default_factory=list)
    prevented_losses: list[tuple[Unit, str, str]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return any((
            self.dying, self.annihilating, self.unbestowing, self.unprotected, self.gone_tokens,
            self.gone_copies, self.unattaching, self.losses,
        ))


class StateBasedActions(GamePart):
    """State-based actions (rule 704)."""

    def __init__(self, game: Game):
        super().__init__(game)
        self._noted_prevented: set[tuple[str, str]] = set()
        self._replacers: dict[int, tuple[Card, Player]] = {}

    # ----- state-based actions

    def check_state_based_actions(self) -> bool:
        """Perform state-based actions as single events until none apply (rules 704.3, 117.5).
        Returns whether any were performed."""
        performed = False
        for _ in range(1000):
            if self.game.over:
                return performed
            if not self._state_based_actions_once():
                return performed
            performed = True
        raise EngineError("state-based actions did not settle")

    def state_based_actions_pending(self) -> bool:
        """Whether any state-based action would be performed if they were checked now (704.3),
        asked without performing any: what decides, for instance, whether players get priority
        in the cleanup step (514.3a)."""
        return bool(self._find_state_based_actions())

    def _find_state_based_actions(self) -> PendingStateBasedActions:
        """Every state-based action that applies now (704.5, 704.6, 702.103f, 310.10), found
        without changing the game: the one list both checking and performing them read."""
        dying: list[tuple[Card, str]] = []
        for c in self.game.battlefield:
            if not c.is_creature:
                continue
            toughness = c.toughness or 0
            if toughness <= 0:
                dying.append((c, "704.5f"))
            elif "Indestructible" in c.keywords:
                continue  # 702.12b: lethal damage and deathtouch don't destroy it
            elif c.damage >= toughness:
                dying.append((c, "704.5g"))
            elif c.deathtouch_damage:
                dying.append((c, "704.5h"))
        for c in self.game.battlefield:
            # 704.5i: a planeswalker with loyalty 0 is put into its owner's graveyard.
            if "Planeswalker" in c.types and not c.counters.get("loyalty") and not any(c is d for d, _ in dying):
                dying.append((c, "704.5i"))
        going = {id(c) for c, _ in dying}
        annihilating = [
            c for c in self.game.battlefield
            if id(c) not in going and c.counters.get("+1/+1") and c.counters.get("-1/-1")
        ]
        unbestowing = self.game.bestow._bestowed_auras_ceasing()  # 702.103f, an exception to 704.5m
        # 704.5m: an Aura attached to nothing, or to an object or player it can't enchant.
        illegal_auras = [
            c for c in self.game.battlefield
            if "Aura" in c.subtypes and not any(c is u for u in unbestowing) and not self.aura_is_legal(c)
        ]
        dying.extend((c, "704.5m") for c in illegal_auras if not any(c is d for d, _ in dying))
        unprotected = [b for b in self.game.battles._battles_without_protector() if not any(b is d for d, _ in dying)]
        dying.extend(
            (b, "704.5v") for b in self.game.battles._battles_without_defense()
            if not any(b is d for d, _ in dying) and not any(b is u for u in unprotected)
        )
        gone_tokens = [
            c for p in self.game.seats for zone in (p.library, p.hand, p.graveyard) for c in zone if c.is_token
        ] + [c for c in self.game.exile if c.is_token]
        losses, prevented = [], []
        for unit, reason, rule in self.game.state_based_losses():
            (losses if self._unit_can_lose(unit, reason) else prevented).append((unit, reason, rule))
        return PendingStateBasedActions(
            dying=dying,
            annihilating=annihilating,
            unbestowing=unbestowing,
            unprotected=unprotected,
            gone_tokens=gone_tokens,
            gone_copies=self.game.spell_copies._ceasing_spell_copies(),
            unattaching=self.game.attachments._illegal_attachments(),
            losses=losses,
            prevented_losses=prevented,
        )

    def _state_based_actions_once(self) -> bool:
        found = self._find_state_based_actions()
        current = set()
        for unit, reason, _ in found.losses + found.prevented_losses:
            current.add((unit.name, reason))
        for unit, reason, _ in found.prevented_losses:
            key = (unit.name, reason)
            if key not in self._noted_prevented:
                self._noted_prevented.add(key)
                self.game.emit("loss_prevented", "104.3", unit=unit, reason=reason, by=self._preventer(unit, "lose", reason))
        self._noted_prevented &= current
        for player in self.game.players:
            player.drew_from_empty_library = False
        for card in self.game.battlefield:
            card.deathtouch_damage = False
        if not found:
            return False
        dying, losses = list(found.dying), found.losses
        for card in found.unbestowing:
            card.attached_to = None
            card.attached_incarnation = None
            self.game.bestow._cease_to_be_bestowed(card, "702.103f")
        for battle in found.unprotected:
            # 310.10: a battle without a legal protector gets one, or goes to the graveyard.
            if self.game.choose_protector(battle, rule="310.10") is None:
                dying.append((battle, "310.10"))
            elif not battle.counters.get("defense"):
                dying.append((battle, "704.5v"))
        for copied in found.gone_copies:
            self.game.zones._zone_list(copied).remove(copied)
            copied.zone = None
            self.game.emit("copy_ceases", "704.5e", card=copied)
        for card, rule in found.unattaching:
            previous, card.attached_to, card.attached_incarnation = card.attached_to, None, None
            self.game.emit("unattaches", rule, card=card, previous=previous)
        for token in found.gone_tokens:
            zone = self.game.zones._zone_list(token)
            if zone is not None and token in zone:
                zone.remove(token)
            token.zone = None
            self.game.emit("token_ceases", "704.5d", card=token)
        if found.annihilating:
            self.game.counters._annihilate_counters()
        # Replacement effects on the game loss are found before anything moves: all these
        # state-based actions are one event (704.3).
        self._replacers = {}
        for unit, _, _ in losses:
            replacer = self._find_loss_replacer(unit)
            if replacer is not None:
                self._replacers[id(unit)] = replacer
        if dying:
            for card, rule in dying:
                if rule == "704.5m" and card.attached_to is not None:
                    self.game.emit("aura_illegal", rule, card=card, to=card.attached_to)
                    continue
                self.game.emit({"704.5g": "destroyed", "704.5h": "destroyed_deathtouch", "704.5m": "aura_unattached", "704.5i": "no_loyalty", "704.5v": "no_defense", "310.10": "no_protector"}.get(rule, "dies_toughness"), rule, card=card)
            moving = [c for c, _ in dying]
            for card, player in self._replacers.values():
                if card in moving and card.definition.replacement_moves_itself:
                    # Rule 400.6: two things try to move the same object; its controller chooses.
                    where = self.game.decide(Decision(player, "where_it_goes", (Zone.GRAVEYARD, Zone.EXILE), rule="400.6", context={"source": card}))
                    if where is Zone.EXILE:
                        moving.remove(card)
            destroyed = {id(c) for c, rule in dying if rule in ("704.5g", "704.5h")}
            self.game.zones._to_graveyards(moving, "704.5", destroyed=destroyed)
        if losses:
            self.game._lose_all(losses)
        self._replacers = {}
        return True

    def aura_is_legal(self, aura: Card) -> bool:
        """Whether an Aura on the battlefield is attached to something it can enchant (303.4c–d,
        704.5m): an object still on the battlefield or a player still in the game, of the kind
        its enchant ability names (702.5a), that protection doesn't keep from it (702.16c);
        never itself, and never while the Aura is a creature."""
        enchanted = aura.attached_to
        if enchanted is None or enchanted is aura or aura.is_creature:
            return False
        kind = aura.definition.enchant_kind
        if kind is None:
            raise NotModelledError(f"{aura.name} is an Aura with no enchant ability the engine reads (702.5a)")
        if isinstance(enchanted, Player):
            if enchanted.left_game:
                return False
            if kind == "player":
                return True
            if kind == "opponent":
                return enchanted in self.game.opponents(aura.controller)
            return False
        if enchanted.zone is not Zone.BATTLEFIELD or _protected_from(enchanted, aura):
            return False
        if kind == "permanent":
            return True
        if kind in ("creature", "artifact", "enchantment", "land", "planeswalker", "battle"):
            return kind.capitalize() in enchanted.types
        if kind == "creature you control":
            return enchanted.is_creature and enchanted.controller is aura.controller
        if kind in ("player", "opponent"):
            return False
        raise NotModelledError(f"the enchant ability \"Enchant {kind}\" of {aura.name} is not modelled (702.5a)")

    def _find_loss_replacer(self, unit: Unit) -> tuple[Card, Player] | None:
        for player in self.game.members(unit):
            for card in self.game.battlefield:
                if card.controller is player and card.definition.replaces_loss(self.game, card, player):
                    return card, player
        return None

    def _unit_can_lose(self, unit: Unit, reason: str) -> bool:
        return all(self.game.can_lose(p, reason) for p in self.game.members(unit))

    def _preventer(self, unit: Unit, action: str, reason: str | None = None) -> Card | None:
        for player in self.game.members(unit):
            for card in self.game.battlefield:
                if card.definition.forbids(self.game, card, player, action) or (
                    reason and card.definition.forbids(self.game, card, player, f"{action}:{reason}")
                ):
                    return card
        return None
