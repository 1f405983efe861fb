"""Keyword actions (rule 701): create, tap and untap, fight, scry, surveil, proliferate,
investigate. Each is a method of the game, named after the action, that emits one event named
after it, so abilities can trigger on it ("whenever you scry", 701.22b)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.engine.decisions import Decision
from kb.engine import phasing
from kb.engine.doubling import replace_tokens
from kb.engine.layers import INDEFINITE, gain_control
from kb.engine.objects import Card, DoubleFacedCardDefinition, Zone
from kb.engine.part import GamePart
from kb.engine.players import Player
from kb.engine.replacement import Replacement


class KeywordActions(GamePart):
    """Keyword actions (701)."""

    def create_tokens(self, controller: Player, *tokens: Card) -> list[Card]:
        """Rule 701.7a: put the tokens onto the battlefield under `controller`'s control; their
        owner is the player who created them (111.2)."""
        for token in tokens:
            if not token.is_token:
                raise ValueError(f"{token!r} is not a token: make one with Card.token")
            token.owner = controller
        if controller.left_game:
            # 800.4d: an object that would be owned by a player who has left isn't created.
            self.game.emit("not_created", "800.4d", player=controller, cards=list(tokens))
            return []
        tokens = replace_tokens(self.game, controller, list(tokens))
        if not tokens:
            return []
        self.game.emit("create", "701.7a", player=controller, cards=list(tokens))
        for token in tokens:
            self.game._put_onto_battlefield(token, controller)
        return list(tokens)

    def investigate(self, player: Player) -> Card:
        """Rule 701.16a: create a Clue token (111.10f)."""
        clue = Card.token(types=("Artifact",), subtypes=("Clue",))
        self.game.emit("investigate", "701.16a", player=player)
        self.create_tokens(player, clue)
        return clue

    def tap(self, cards: Sequence[Card]) -> list[Card]:
        """Rule 701.26a: only untapped permanents can be tapped."""
        tapped = [c for c in cards if c.zone is Zone.BATTLEFIELD and not c.tapped]
        for card in tapped:
            card.tapped = True
        if tapped:
            self.game.emit("tap", "701.26a", cards=tapped)
        return tapped

    def untap(self, cards: Sequence[Card]) -> list[Card]:
        """Rule 701.26b: only tapped permanents can be untapped."""
        untapped = [c for c in cards if c.zone is Zone.BATTLEFIELD and c.tapped]
        for card in untapped:
            card.tapped = False
        if untapped:
            self.game.emit("untap", "701.26b", cards=untapped)
        return untapped

    def fight(self, first: Card, second: Card) -> bool:
        """Rule 701.14: each creature deals damage equal to its power to the other; if either is
        no longer a creature on the battlefield, neither fights (701.14b); a creature fighting
        itself deals twice its power to itself (701.14c). Returns whether they fought."""
        if not all(c.zone is Zone.BATTLEFIELD and c.is_creature for c in (first, second)):
            self.game.emit("no_fight", "701.14b", first=first, second=second)
            return False
        self.game.emit("fight", "701.14a", first=first, second=second)
        if first is second:
            self.game.deal_damage_each(first, [(first, 2 * max(0, first.power or 0))])
        else:
            self.game._deal_damage_from_each([(first, second, first.power or 0), (second, first, second.power or 0)])
        return True

    def scry(self, player: Player, count: int) -> None:
        """Rule 701.22a: look at the top `count` cards, put any number on the bottom in any order
        and the rest on top in any order; scry 0 is no event (701.22b)."""
        if count <= 0:
            return
        seen = player.library[:count]
        bottom = self.game.decide(Decision(player, "scry_bottom", tuple(seen), count=(0, len(seen)), rule="701.22a")) if seen else []
        top = [c for c in seen if not any(c is b for b in bottom)]
        top = self.game.decide(Decision(player, "order_top", tuple(top), order=True, rule="701.22a")) if len(top) > 1 else top
        bottom = self.game.decide(Decision(player, "order_bottom", tuple(bottom), order=True, rule="701.22a")) if len(bottom) > 1 else list(bottom)
        rest = player.library[len(seen):]
        player.library[:] = list(top) + rest + list(bottom)
        self.game.emit("scry", "701.22a", player=player, count=count, top=len(top), bottom=len(bottom))

    def surveil(self, player: Player, count: int) -> None:
        """Rule 701.25a: look at the top `count` cards, put any number into the graveyard and the
        rest on top in any order; surveil 0 is no event (701.25c)."""
        if count <= 0:
            return
        seen = player.library[:count]
        binned = self.game.decide(Decision(player, "surveil_graveyard", tuple(seen), count=(0, len(seen)), rule="701.25a")) if seen else []
        top = [c for c in seen if not any(c is b for b in binned)]
        top = self.game.decide(Decision(player, "order_top", tuple(top), order=True, rule="701.25a")) if len(top) > 1 else top
        for card in binned:
            self.game._move(card, Zone.GRAVEYARD)
        rest = [c for c in player.library if not any(c is s for s in seen)]
        player.library[:] = list(top) + rest
        self.game.emit("surveil", "701.25a", player=player, count=count, graveyard=list(binned))

    def phase_out(self, cards: Sequence[Card]) -> list[Card]:
        """Rule 702.26b: a phased-out permanent is treated as though it doesn't exist, without
        changing zones; what is attached to it phases out with it (702.26g, `kb.engine.phasing`)."""
        return phasing.phase_out(self.game, cards)

    def phase_in(self, cards: Sequence[Card]) -> list[Card]:
        """Rule 702.26c: phased-out permanents phase in, with what phased out along with them."""
        return phasing.phase_in(self.game, cards)

    def search(self, searcher: Player, owner: Player, zones: Sequence[Zone], wanted: Any, *, hand_revealed: bool = False, limit: int | None = None) -> list[Card]:
        """Rule 701.23: `searcher` searches `owner`'s `zones` for the cards `wanted` (a function
        of a card) describes. In a public zone every such card is found; in a hidden zone (the
        library, or a hand the searcher can't see) the searcher may find any number of them
        (701.23b). A hand is hidden unless it has been revealed."""
        found: list[Card] = []
        for zone in zones:
            cards = {Zone.GRAVEYARD: owner.graveyard, Zone.HAND: owner.hand, Zone.LIBRARY: owner.library}[zone]
            if zone is Zone.LIBRARY:
                cards = self._library_portion(searcher, owner)
            matching = [c for c in cards if wanted(c)]
            hidden = zone is Zone.LIBRARY or (zone is Zone.HAND and not hand_revealed)
            if hidden and matching:
                most = len(matching) if limit is None else min(limit - len(found), len(matching))
                matching = list(self.game.decide(Decision(searcher, "find", tuple(matching), count=(0, most), rule="701.23b", context={"zone": zone}))) if most > 0 else []
            found.extend(matching)
        self.game.emit("search", "701.23a", player=searcher, owner=owner, cards=found)
        return found

    def _library_portion(self, searcher: Player, owner: Player) -> list[Card]:
        """The cards a search of `owner`'s library looks through: all of them, or the part a
        replacement effect searches instead ("the top four cards", 701.23f); instructions that
        refer to searching the library, such as shuffling it, still apply to all of it."""
        event = self.game.replace("search", {"player": searcher, "owner": owner, "top": None})
        if event is None or event["top"] is None:
            return list(owner.library)
        self.game.emit("search_portion", "701.23f", player=searcher, owner=owner, count=event["top"])
        return list(owner.library[: event["top"]])

    def transform(self, permanent: Card) -> bool:
        """Rule 701.27a: turn a double-faced permanent over; it stays the same object, and the
        effects that applied to it still do (712.18). A permanent not represented by a
        double-faced card or token can't transform: nothing happens (701.27c, 712.9), as when
        its other face is an instant or sorcery (701.27d). Returns whether it transformed."""
        definition = permanent.printed_definition
        if permanent.zone is not Zone.BATTLEFIELD:
            return False
        if not isinstance(definition, DoubleFacedCardDefinition):
            self.game.emit("cant_transform", "712.9", card=permanent)
            return False
        if not definition.transforms:
            self.game.emit("cant_transform", "712.4c", card=permanent)  # a meld card: ignored
            return False
        other = definition.face(not permanent.transformed)
        if {"Instant", "Sorcery"} & set(other.types):
            self.game.emit("cant_transform", "701.27d", card=permanent)
            return False
        permanent.transformed = not permanent.transformed
        self.game.emit("transforms", "701.27a", card=permanent, back=permanent.transformed)
        return True

    def regenerate(self, permanent: Card, source: Card | None = None) -> None:
        """Rule 701.19a: "The next time [permanent] would be destroyed this turn, instead remove
        all damage marked on it and its controller taps it. If it's an attacking or blocking
        creature, remove it from combat." A regeneration shield, used up once it applies."""
        incarnation = permanent.incarnation
        shield: Replacement

        def applies(game: Any, event: dict) -> bool:
            # 701.19c: "can't be regenerated" leaves the shield unused.
            return event["card"] is permanent and permanent.incarnation == incarnation and event.get("destroyed", False) and not event.get("cant_regenerate", False)

        def apply(game: Any, event: dict) -> None:
            game.end_replacement(shield)
            permanent.damage = 0
            permanent.deathtouch_damage = False
            game.tap([permanent])
            if permanent.attacking is not None or permanent.blocking:
                permanent.attacking, permanent.blocking, permanent.blocked_by = None, [], []
                game.emit("removed_from_combat", "701.19a", cards=[permanent])
            game.emit("regenerates", "701.19a", card=permanent)

        shield = Replacement(f"regenerate {permanent.name}", "zone_change", applies, apply, source=source or permanent)
        self.game.add_replacement(shield)

    def exchange_control(self, first: Card, second: Card) -> bool:
        """Rules 701.12a–b: two permanents controlled by different players change controllers;
        if the whole exchange can't happen (one is gone), none of it does. Returns whether it
        happened."""
        both_here = all(c.zone is Zone.BATTLEFIELD for c in (first, second))
        if not both_here or first.controller is second.controller:
            self.game.emit("no_exchange_of_control", "701.12a" if not both_here else "701.12b", first=first, second=second)
            return False
        a, b = first.controller, second.controller
        self.game.add_effect(gain_control(b, affected=[first], duration=INDEFINITE))
        self.game.add_effect(gain_control(a, affected=[second], duration=INDEFINITE))
        self.game.emit("exchange_of_control", "701.12b", first=first, second=second)
        return True

    def _one_poisoned_player_per_holder(self, proliferating: Player, players: list[Player]) -> list[Player]:
        """Rule 701.34b: players who share poison counters (a Two-Headed Giant team) get one more
        between them, however many of them were chosen; the proliferating player chooses which."""
        holders: dict[int, list[Player]] = {}
        for chosen in players:
            holders.setdefault(id(self.game._poison_unit(chosen)), []).append(chosen)
        kept = []
        for members in holders.values():
            if len(members) == 1:
                kept.append(members[0])
            else:
                kept.append(self.game.decide(Decision(proliferating, "proliferate_poison", tuple(members), rule="701.34b")))
        return kept

    def proliferate(self, player: Player) -> list[Card | Player]:
        """Rule 701.34a: choose any number of permanents and/or players that have a counter; each
        gets one more counter of each kind it already has."""
        having = [c for c in self.game.battlefield if c.counters] + [p for p in self.game.players if p.counters or self.game.poison_of(p)]
        if not having:
            self.game.emit("proliferate", "701.34a", player=player, chosen=[])
            return []
        chosen = self.game.decide(Decision(player, "proliferate", tuple(having), count=(0, len(having)), rule="701.34a"))
        self.game.emit("proliferate", "701.34a", player=player, chosen=list(chosen))
        poisoned = self._one_poisoned_player_per_holder(player, [p for p in chosen if isinstance(p, Player) and self.game.poison_of(p)])
        for obj in chosen:
            kinds = list(obj.counters)
            if any(obj is p for p in poisoned):
                kinds.append("poison")
            for kind in kinds:
                self.game.add_counters(obj, kind, 1)
        return list(chosen)
