"""State-based actions (rule 704)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.entering import entry_moment
from kb.engine.protection import protected_from
from kb.engine.errors import EngineError, NotModelledError
from kb.engine.objects import Zone
from kb.engine.part import GamePart
from kb.engine.players import Player
from kb.engine.protocols import Game

if TYPE_CHECKING:
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
    # 704.5j: legendary permanents with the same name under one player, one group each; which
    # stays is chosen as the actions are performed.
    legends: list[list[Card]] = field(default_factory=list)
    losses: list[tuple[Unit, str, str]] = field(default_factory=list)
    prevented_losses: list[tuple[Unit, str, str]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return any((
            self.dying, self.annihilating, self.unbestowing, self.unprotected, self.gone_tokens,
            self.gone_copies, self.unattaching, self.legends, self.losses,
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
        self._refuse_unmodelled_state_actions()
        dying.extend((c, "704.5k") for c in self._world_rule() if not any(c is d for d, _ in dying))
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
            legends=self._legend_groups(),
            losses=losses,
            prevented_losses=prevented,
        )

    def _note_control_changes(self) -> None:
        """Remember when each permanent last changed controllers, for 302.6 and 506.4: noted
        whenever state-based actions are checked, that is before anyone could act on it."""
        for card in self.game.battlefield:
            now = card.controller
            seen = getattr(card, "seen_controller", None)
            if seen is not None and seen[0] == card.incarnation and seen[1] is not now:
                card.control_changed_turn = self.game.turn
            elif seen is not None and seen[0] != card.incarnation:
                card.control_changed_turn = None  # 400.7: a new object
            card.seen_controller = (card.incarnation, now)

    def _state_based_actions_once(self) -> bool:
        self._note_control_changes()
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
        dying.extend((c, "704.5j") for c in self._legend_rule(found.legends) if not any(c is d for d, _ in dying))
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
                if rule == "704.5j":
                    self.game.emit("legend_rule", rule, card=card, player=card.controller)
                    continue
                if rule == "704.5k":
                    self.game.emit("world_rule", rule, card=card)
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

    def _legend_groups(self) -> list[list[Card]]:
        """Rule 704.5j: the groups of two or more legendary permanents with the same name that
        one player controls. A permanent with no name (a face-down one) shares a name with
        nothing (201.2c)."""
        groups: dict[tuple[int, str], list[Card]] = {}
        for card in self.game.battlefield:
            if "Legendary" in card.supertypes and card.name:
                groups.setdefault((id(card.controller), card.name), []).append(card)
        return [cards for cards in groups.values() if len(cards) > 1]

    def _legend_rule(self, groups: list[list[Card]]) -> list[Card]:
        """Rule 704.5j: for each group, its controller chooses one, and the rest are put into
        their owners' graveyards (not destroyed: indestructible doesn't keep them); the players
        choose in APNAP order (101.4). Returns the rest."""
        going: list[Card] = []
        for player in self.game.apnap_order():
            for cards in groups:
                if cards[0].controller is player:
                    kept = self.game.decide(Decision(player, "legend_rule", tuple(cards), rule="704.5j", context={"name": cards[0].name}))
                    going.extend(c for c in cards if c is not kept)
        return going

    def _world_rule(self) -> list[Card]:
        """Rule 704.5k: of two or more permanents with the supertype world, all but the one that
        has had it for the shortest time are put into their owners' graveyards; on a tie for the
        shortest, all are. A permanent has had it since it entered the battlefield when its
        printed or copiable values have it (a copy effect counts from its own timestamp when it
        came later); a world supertype given by another effect is refused."""
        worlds = [c for c in self.game.battlefield if "World" in c.supertypes]
        if len(worlds) < 2:
            return []
        since: dict[int, float] = {}
        for card in worlds:
            copies = [e for e in self.game.effects if "1" in e.parts and e.selects(self.game, card, card.printed())]
            if "World" not in self.game.copiable_values(card).supertypes or len(copies) > 1 or card.attached_to is not None:
                raise NotModelledError(
                    f"704.5k: how long {card.name or 'a permanent'} has had the world supertype "
                    "(given by an effect other than one copy effect) is not modelled"
                )
            since[id(card)] = max([entry_moment(self.game, card)] + [e.timestamp for e in copies])
        newest = max(since.values())
        tied = sum(1 for v in since.values() if v == newest) > 1
        return [c for c in worlds if since[id(c)] != newest or tied]

    def _refuse_unmodelled_state_actions(self) -> None:
        """The state-based actions of 704.5 whose objects the engine doesn't model: refused when
        such an object is on the battlefield, never skipped."""
        for card in self.game.battlefield:
            oracle = (card.definition.oracle or "").lower() if card.definition is not None else ""
            keywords = {k.lower() for k in card.keywords}
            if "can't have more than" in oracle and "counter" in oracle:
                raise NotModelledError(f"704.5r: a limit on the counters {card.name} can have is not modelled")
            if "Saga" in card.subtypes:
                raise NotModelledError(f"704.5s: {card.name} is a Saga; Sagas and their lore counters are not modelled (714)")
            if "Role" in card.subtypes:
                raise NotModelledError(f"704.5y: {card.name} is a Role; Roles are not modelled")
            if "space sculptor" in keywords:
                raise NotModelledError(f"704.5u: space sculptor ({card.name}) and sector designations are not modelled (702.158)")
            if "start your engines!" in keywords:
                raise NotModelledError(f"704.5z: start your engines! ({card.name}) and speed are not modelled (702.179)")
            if "Dungeon" in card.types:
                raise NotModelledError(f"704.5t: dungeons ({card.name}) are not modelled (309)")

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
        if enchanted.zone is not Zone.BATTLEFIELD or protected_from(enchanted, aura):
            return False
        if aura.attached_incarnation is not None and aura.attached_incarnation != enchanted.incarnation:
            return False  # 400.7: what it enchanted left the battlefield; this is a new object
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
