"""State-based actions (rule 704)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.decisions import Decision
from kb.engine.entering import entry_moment
from kb.engine.combat import _protected_from
from kb.engine.errors import EngineError, NotModelledError
from kb.engine.objects import Zone
from kb.engine.players import Player

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Unit


class StateBasedActionsMixin:
    """State-based actions (rule 704)."""

    # ----- state-based actions

    def check_state_based_actions(self) -> bool:
        """Perform state-based actions as single events until none apply (rules 704.3, 117.5).
        Returns whether any were performed."""
        performed = False
        for _ in range(1000):
            if self.over:
                return performed
            if not self._state_based_actions_once():
                return performed
            performed = True
        raise EngineError("state-based actions did not settle")

    def _state_based_actions_once(self) -> bool:
        dying = []
        for c in self.battlefield:
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
        for c in self.battlefield:
            # 704.5i: a planeswalker with loyalty 0 is put into its owner's graveyard.
            if "Planeswalker" in c.types and not c.counters.get("loyalty") and not any(c is d for d, _ in dying):
                dying.append((c, "704.5i"))
        self._refuse_unmodelled_state_actions()
        for card, rule in self._legend_rule() + self._world_rule():
            if not any(card is d for d, _ in dying):
                dying.append((card, rule))
        going = {id(c) for c, _ in dying}
        annihilating = [
            c for c in self.battlefield
            if id(c) not in going and c.counters.get("+1/+1") and c.counters.get("-1/-1")
        ]
        unbestowed = self._bestowed_auras_cease()  # 702.103f, an exception to 704.5m
        # 704.5m: an Aura attached to nothing, or to an object or player it can't enchant.
        illegal_auras = [c for c in self.battlefield if "Aura" in c.subtypes and not self.aura_is_legal(c)]
        dying.extend((c, "704.5m") for c in illegal_auras if not any(c is d for d, _ in dying))
        dying.extend(b for b in self._battle_state_actions() if not any(b[0] is d for d, _ in dying))
        gone_tokens = [
            c for p in self.seats for zone in (p.library, p.hand, p.graveyard) for c in zone if c.is_token
        ] + [c for c in self.exile if c.is_token]
        losses = []
        current = set()
        for unit, reason, rule in self.state_based_losses():
            key = (unit.name, reason)
            current.add(key)
            if self._unit_can_lose(unit, reason):
                losses.append((unit, reason, rule))
            elif key not in self._noted_prevented:
                self._noted_prevented.add(key)
                self.emit("loss_prevented", "104.3", unit=unit, reason=reason, by=self._preventer(unit, "lose", reason))
        self._noted_prevented &= current
        for player in self.players:
            player.drew_from_empty_library = False
        for card in self.battlefield:
            card.deathtouch_damage = False
        unattaching = self._illegal_attachments()
        gone_copies = self._ceasing_spell_copies()
        if not dying and not losses and not annihilating and not gone_tokens and not unattaching and not gone_copies and not unbestowed:
            return False
        for copied in gone_copies:
            self._zone_list(copied).remove(copied)
            copied.zone = None
            self.emit("copy_ceases", "704.5e", card=copied)
        for card, rule in unattaching:
            previous, card.attached_to, card.attached_incarnation = card.attached_to, None, None
            self.emit("unattaches", rule, card=card, previous=previous)
        for token in gone_tokens:
            zone = self._zone_list(token)
            if zone is not None and token in zone:
                zone.remove(token)
            token.zone = None
            self.emit("token_ceases", "704.5d", card=token)
        if annihilating:
            self._annihilate_counters()
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
                    self.emit("aura_illegal", rule, card=card, to=card.attached_to)
                    continue
                if rule == "704.5j":
                    self.emit("legend_rule", rule, card=card, player=card.controller)
                    continue
                if rule == "704.5k":
                    self.emit("world_rule", rule, card=card)
                    continue
                self.emit({"704.5g": "destroyed", "704.5h": "destroyed_deathtouch", "704.5m": "aura_unattached", "704.5i": "no_loyalty", "704.5v": "no_defense", "310.10": "no_protector"}.get(rule, "dies_toughness"), rule, card=card)
            moving = [c for c, _ in dying]
            for card, player in self._replacers.values():
                if card in moving and card.definition.replacement_moves_itself:
                    # Rule 400.6: two things try to move the same object; its controller chooses.
                    where = self.decide(Decision(player, "where_it_goes", (Zone.GRAVEYARD, Zone.EXILE), rule="400.6", context={"source": card}))
                    if where is Zone.EXILE:
                        moving.remove(card)
            destroyed = {id(c) for c, rule in dying if rule in ("704.5g", "704.5h")}
            self._to_graveyards(moving, "704.5", destroyed=destroyed)
        if losses:
            self._lose_all(losses)
        self._replacers = {}
        return True

    def _legend_rule(self) -> list[tuple[Card, str]]:
        """Rule 704.5j: of two or more legendary permanents with the same name controlled by the
        same player, that player chooses one; the rest are put into their owners' graveyards
        (not destroyed: indestructible doesn't keep them). A permanent with no name (a face-down
        one) shares a name with nothing (201.2c). The players choose in APNAP order (101.4)."""
        groups: dict[tuple[int, str], list[Card]] = {}
        for card in self.battlefield:
            if "Legendary" in card.supertypes and card.name:
                groups.setdefault((id(card.controller), card.name), []).append(card)
        going: list[tuple[Card, str]] = []
        for player in self.apnap_order():
            for (controller, name), cards in groups.items():
                if controller != id(player) or len(cards) < 2:
                    continue
                kept = self.decide(Decision(player, "legend_rule", tuple(cards), rule="704.5j", context={"name": name}))
                going.extend((c, "704.5j") for c in cards if c is not kept)
        return going

    def _world_rule(self) -> list[tuple[Card, str]]:
        """Rule 704.5k: of two or more permanents with the supertype world, all but the one that
        has had it for the shortest time are put into their owners' graveyards; on a tie for the
        shortest, all are. A permanent has had it since it entered the battlefield when its
        printed or copiable values have it (a copy effect counts from its own timestamp when it
        came later); a world supertype given by another effect is refused."""
        worlds = [c for c in self.battlefield if "World" in c.supertypes]
        if len(worlds) < 2:
            return []
        since: dict[int, float] = {}
        for card in worlds:
            copies = [e for e in self.effects if "1" in e.parts and e.selects(self, card, card.printed())]
            if "World" not in self.copiable_values(card).supertypes or len(copies) > 1 or card.attached_to is not None:
                raise NotModelledError(
                    f"704.5k: how long {card.name or 'a permanent'} has had the world supertype "
                    "(given by an effect other than one copy effect) is not modelled"
                )
            since[id(card)] = max([entry_moment(self, card)] + [e.timestamp for e in copies])
        newest = max(since.values())
        return [(c, "704.5k") for c in worlds if since[id(c)] != newest or sum(1 for v in since.values() if v == newest) > 1]

    def _refuse_unmodelled_state_actions(self) -> None:
        """The state-based actions of 704.5 whose objects the engine doesn't model: refused when
        such an object is on the battlefield, never skipped."""
        for card in self.battlefield:
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
                return enchanted in self.opponents(aura.controller)
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
        for player in self.members(unit):
            for card in self.battlefield:
                if card.controller is player and card.definition.replaces_loss(self, card, player):
                    return card, player
        return None

    def _unit_can_lose(self, unit: Unit, reason: str) -> bool:
        return all(self.can_lose(p, reason) for p in self.members(unit))

    def _preventer(self, unit: Unit, action: str, reason: str | None = None) -> Card | None:
        for player in self.members(unit):
            for card in self.battlefield:
                if card.definition.forbids(self, card, player, action) or (
                    reason and card.definition.forbids(self, card, player, f"{action}:{reason}")
                ):
                    return card
        return None
