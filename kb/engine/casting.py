"""Casting spells, playing lands and activating abilities, with their targets and costs (rules 305,
601, 602, 115)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TYPE_CHECKING

from kb.engine.costs import check_energy, choose_sacrifice, pay_other_costs
from kb.engine.decisions import option_name, Decision
from kb.engine.errors import CannotPayError, CardNotFoundError, EngineError, IllegalActionError, IllegalTargetError, NotModelledError, NotYourTurnError, TimingError
from kb.engine.mana import ManaCost
from kb.engine.entering import lands_from_library_top
from kb.engine.loops import check_activation, record_activation
from kb.engine.modal import ModalSpellDefinition, choose_modes
from kb.engine.protection import protected_from
from kb.engine.protocols import Game
from kb.engine.waterbend import choose_waterbenders, pay_generic_by_tapping, waterbend_amount
from kb.engine.reveal_costs import is_reveal_or_pay, pay_by_revealing, refuse_reveal_given, reveal_or_pay, with_more_generic
from kb.engine.pool import ManaUse, convoke_remainders, payments
from kb.engine.objects import Card, CardDefinition, SplitCardDefinition, TargetSpec, Zone, oracle_card_names
from kb.engine.proposals import Proposal
from kb.engine.bestow import bestow_cost, bestowed_definition
from kb.engine.adventures import adventure_definition
from kb.engine.facedown import FACE_DOWN, morph_cost
from kb.engine.part import GamePart
from kb.engine.stack import ActivatedAbility, Spell

if TYPE_CHECKING:
    from kb.engine.players import Player


@dataclass(frozen=True)
class TargetChoice:
    """One way to choose the targets of a spell anew (115.7d): a group of targets for each
    instance of the word "target". Answered as a list of lists: ``[[elves], [bear]]``."""

    groups: tuple[tuple[Any, ...], ...]

    def matches(self, raw: Any) -> bool:
        if not isinstance(raw, (list, tuple)) or len(raw) != len(self.groups):
            return False
        return all(
            isinstance(given, (list, tuple)) and len(given) == len(group) and all(a is b for a, b in zip(given, group))
            for given, group in zip(raw, self.groups)
        )

    def __repr__(self) -> str:
        return repr([list(group) for group in self.groups])


class Casting(GamePart):
    """Casting spells, playing lands and activating abilities, with their targets and costs (rules 305, 601, 602, 115)."""

    def __init__(self, game: Game):
        super().__init__(game)
        self.lands_played: dict[int, int] = {}

    # ----- casting and activating

    def _find(self, cards: list[Card], card: Card | str, where: str) -> Card:
        if isinstance(card, Card):
            if card in cards:
                return card
            raise CardNotFoundError(f"{card.name} is not in {where}")
        for candidate in cards:
            if candidate.name == card:
                return candidate
        # A card named by another name it was given (its Spanish name, say).
        named = CardDefinition.other_names.get(card.casefold())
        for candidate in cards:
            if named is not None and candidate.name == named:
                return candidate
        raise CardNotFoundError(f"no {card} in {where}")

    def cast(
        self,
        player: Player,
        card: Card | str,
        *,
        targets: Sequence[Any] | None = None,
        x: int | None = None,
        mana_abilities: Sequence[Any] = (),
        half: str | None = None,
        sacrifice: Card | str | None = None,
        convoke: Sequence[Card | str] = (),
        modes: Sequence[int | str] | None = None,
        discard: Card | str | None = None,
        flashback: bool = False,
        bestow: bool = False,
        adventure: bool = False,
        kicker: bool | Sequence[str] = False,
        splice: Mapping[Card | str, Sequence[Any]] | Sequence[Card | str] = (),
        reveal: Card | str | None = None,
        waterbend: Sequence[Card | str] = (),
    ) -> Spell:
        """Cast a spell from `player`'s hand (rule 601), choosing the value of X if its cost has
        one (601.2b). `mana_abilities` are activated before the cost is paid (601.2g): each a
        permanent (its first mana ability) or a (permanent, index) pair. In a game created with
        ``pay_mana=True`` the cost is paid from the mana pool (601.2h); otherwise costs in mana
        are taken as paid. If the cost can't be paid the spell stays in hand; mana abilities
        already activated stay activated (the player may keep them, 732.1). For a split card,
        `half` names the half cast: only that half is evaluated and put on the stack (709.3).
        The total cost is locked in before it is paid (601.2f): cost increases and reductions
        from static abilities are applied then, and an additional cost of sacrificing a creature
        is paid with `sacrifice` (or a creature the player chooses), one of discarding a card with
        `discard` (or a card the player chooses from their hand), and one of revealing a card or
        paying mana with `reveal` (the card, or "pay {N}"; 701.20c); the artifacts and creatures in
        `waterbend` are tapped to pay generic mana of a waterbend cost (701.67). For a spell with convoke,
        the untapped creatures in `convoke` are tapped to pay part of the total cost, one mana
        each (702.51a–b). For a modal spell, `modes` are the modes chosen (by index from 0 or
        by text, 700.2a), and `targets` one list for each chosen mode that targets. With ``flashback`` the
        card is cast from the graveyard for its flashback cost, and exiled whenever it would leave
        the stack (702.34a). With ``bestow`` it is cast bestowed, for its bestow cost, as an Aura
        spell targeting a creature (702.103); with ``adventure``, as its Adventure (715.3). A
        card may also be cast from the top of a library or from exile where an effect allows it,
        and not where an effect prohibits it, judged on the spell as proposed (601.3, 601.5:
        see `kb.engine.permissions`). ``kicker`` declares the intent to pay its kicker cost
        (``True``), or the kicker costs named (``['{W}']``), added to its total cost (702.33).
        ``splice`` reveals cards from the hand to splice onto it, each with the targets for its
        text: ``{'Glacial Ray': [bear]}`` (702.47)."""
        self.game.priority_and_stack._check_priority(player)
        self._refuse_under_split_second("cast a spell")
        way = "bestowed" if bestow else "adventure" if adventure else "normal"
        if flashback:
            origin = player.graveyard
            if (player, "cast from other graveyards") in self.game.turn_effects:
                # 609.4a: other players' graveyards as though they were this player's.
                origin = [c for p in self.game.players for c in p.graveyard]
            card = self._find(origin, card, f"{player.name}'s graveyard")
            origin = card.owner.graveyard
        else:
            origin, card = self.game.permissions._cast_origin(player, card, way)
        if card.is_land:
            raise IllegalActionError(f"{card.name} is a land: lands are played, not cast")
        definition = card.definition
        if half is None and isinstance(card.printed_definition, SplitCardDefinition):
            raise IllegalActionError(f"{card.name} is a split card: choose the half to cast (709.3)")
        if half is not None:
            if not isinstance(card.printed_definition, SplitCardDefinition):
                # 715.3: an Adventure is not a half; the card is cast as one with ``adventure``.
                also = " (cast it as its Adventure with adventure=True, 715.3)" if adventure_definition(card.printed_definition) is not None else ""
                raise IllegalActionError(f"{card.name} is not a split card: it has no halves (709.1){also}")
            try:
                definition = card.printed_definition.half(half)
            except ValueError as error:
                raise IllegalActionError(str(error)) from None
        if bestow or adventure:
            definition, half = self._proposed_definition(card, way, flashback, half)
        cost = ManaCost(definition.mana_cost)
        has_x = any(symbol.text == "X" for symbol in cost.symbols)
        if has_x and (x is None or x < 0):
            raise IllegalActionError(f"{definition.name} has X in its cost: choose X, a number of 0 or more")
        if not has_x and x is not None:
            raise IllegalActionError(f"{definition.name} has no X in its cost")
        proposal = Proposal(card, way, definition)
        if not self.game.permissions._may_begin(player, proposal, permitted=flashback):
            self.game.permissions._check_proposal(player, proposal, permitted=flashback)  # says which effect stops it (601.3)
        self.game.permissions._check_proposal_timing(player, proposal)
        definition, kicked = self.game.kicker._declare_kicker(player, card, definition, kicker)  # 601.2b, 601.4
        modal = isinstance(definition, ModalSpellDefinition)
        if modal:
            definition = choose_modes(self.game, player, definition, modes, card)
        elif modes is not None:
            raise IllegalActionError(f"{definition.name} is not a modal spell (700.2)")
        # A spell whose words "target" depend on the game ("for each opponent, target ...").
        specs = tuple(definition.target_specs(self.game, player)) if hasattr(definition, "target_specs") else definition.spell_targets
        if specs:
            groups = self._choose_target_groups(player, specs, targets, card)
            chosen = [t for group in groups for t in group]
        else:
            chosen = self._choose_targets(player, definition.spell_target, targets, card)
            groups = [chosen]
        spliced = self.game.splice._declare_splices(player, card, definition, splice)  # 702.47a
        self.game.permissions._check_proposal(player, proposal.with_x(x), permitted=flashback)  # 601.5: as proposed
        revealed, more = None, 0
        refuse_reveal_given(definition, reveal)
        if definition.additional_cost == "discard a card":
            victim = self._additional_discard(player, definition, discard, card)
        elif is_reveal_or_pay(definition.additional_cost):
            victim = None
            revealed, more = reveal_or_pay(self.game, player, definition.additional_cost, card, reveal)
        elif waterbend_amount(definition.additional_cost) is not None:
            victim, more = None, waterbend_amount(definition.additional_cost)
        else:
            victim = self._additional_sacrifice(player, definition, sacrifice, card)
        base = bestow_cost(card.printed_definition) if bestow else None
        if flashback:
            base = self.game.flashback_cost(card, half)
            if base is None:
                raise IllegalActionError(f"{card.name} has no flashback: it can't be cast from a graveyard (702.34a)")
        additional = "".join(kicked) + "".join(text.cost for text in spliced)
        if additional:  # 601.2f: additional costs are added to the mana cost or alternative cost
            base = (base if base is not None else definition.mana_cost) + additional
        total, changed = self._total_cost(player, card, x, half, base=base)
        total, changed = with_more_generic(total, more), changed or more
        if changed:
            self.game.emit("cost_locked", "601.2f", player=player, card=card, cost=total.text)
        benders = choose_waterbenders(self.game, player, definition, waterbend)
        total = pay_generic_by_tapping(total, len(benders))  # 701.67b: only the waterbend's generic
        tapped_for_convoke = []
        if convoke:
            total, tapped_for_convoke = self._convoke(player, definition, total, convoke, card)
        self.game.mana._activate_mana_abilities(player, mana_abilities)
        if any(c.tapped for c in benders):
            raise CannotPayError(f"a permanent tapped for mana can't also be tapped for the waterbend cost of {definition.name} (701.67a)")
        spent = self.game.mana._pay_mana(player, total, None, ManaUse("cast", card), definition.name)
        if tapped_for_convoke:
            self.game.tap(tapped_for_convoke)
            self.game.emit("convoke", "702.51a", player=player, cards=list(tapped_for_convoke))
        if revealed is not None:
            pay_by_revealing(self.game, player, revealed)
        if waterbend_amount(definition.additional_cost) is not None:
            self.game.tap(benders)
            self.game.emit("waterbend", "701.67a", player=player, cards=list(benders), amount=waterbend_amount(definition.additional_cost))
        if victim is not None and definition.additional_cost == "discard a card":
            self.game.discard(player, [victim], rule="601.2h")
        elif victim is not None:
            self.game.sacrifice([victim], rule="601.2h")
        card.cast_half = definition if half is not None or modal else None
        spell = Spell(card, player, chosen)
        spell.modes = list(getattr(definition, "chosen_modes", ()))
        spell.target_groups = groups
        spell.target_specs = specs
        spell.x = x
        spell.mana_spent = spent
        # The objects used to pay its costs, which its effect may refer to (a copy's too, 707.10).
        spell.paid_with = [victim] if victim is not None else []
        if flashback:
            spell.destination = Zone.EXILE  # 702.34a
        spell.adventure = adventure
        self.game.kicker._remember_kicker(spell, kicked)
        spell.spliced = spliced
        origin.remove(card)
        card.zone = Zone.STACK
        if bestow:
            self.game.bestow._bestow(spell)
        self.game.stack.push(spell)
        # An Adventure spell is told by the name it has on the stack (715.3b), as it has it now.
        named = {"adventure": card.name} if adventure else {}
        self.game.emit("cast", "601.2", player=player, card=card, targets=chosen + [t for text in spliced for t in text.targets], **named)
        self.game.priority_and_stack._passes = 0
        self.game.priority_and_stack._give_priority(self.game.priority_and_stack._priority_unit_for(player))
        return spell

    def proposals(self, player: "Player", card: Card) -> list[Proposal]:
        """The ways `card` could be proposed as a spell by `player` (601.2a–b), each with the
        characteristics it would have (601.3e): normally; bestowed (702.103b); as an Adventure
        (715.3a); face down with morph (702.37c). Whether each is allowed is another question
        (`may_begin_to_cast`)."""
        printed = card.printed_definition
        found = []
        if isinstance(printed, SplitCardDefinition):
            found.extend(Proposal(card, "normal", printed.half(name)) for name in printed.names)
        else:
            found.append(Proposal(card, "normal", printed))
        if bestow_cost(printed) is not None:
            found.append(Proposal(card, "bestowed", bestowed_definition(printed)))
        adventure = adventure_definition(printed)
        if adventure is not None:
            found.append(Proposal(card, "adventure", adventure))
        if morph_cost(printed) is not None:
            found.append(Proposal(card, "face down", FACE_DOWN))
        return found

    def _proposed_definition(self, card: Card, way: str, flashback: bool, half: str | None) -> tuple[Any, str | None]:
        """The characteristics `card` is cast with bestowed (702.103b) or as an Adventure
        (715.3a), and the half cast (an Adventure is cast like a half of the card)."""
        if flashback or half is not None:
            raise IllegalActionError(f"{card.name} can't be cast {way} with another alternative cost or as a half (118.9a)")
        if way == "bestowed":
            if bestow_cost(card.printed_definition) is None:
                raise IllegalActionError(f"{card.name} has no bestow ability: it can't be cast bestowed (702.103a)")
            return bestowed_definition(card.printed_definition), None
        adventure = adventure_definition(card.printed_definition)
        if adventure is None:
            raise IllegalActionError(f"{card.name} has no Adventure: it can't be cast as one (715.3)")
        return adventure, adventure.name

    def total_cost(self, player: Player, card: Card, *, x: int | None = None, half: str | None = None) -> ManaCost:
        """Rule 601.2f: the mana part of the total cost for `player` to cast `card` (or its
        `half`): its mana cost with X's value, plus cost increases, minus cost reductions. They
        change only its generic mana (118.7a), never below {0}.

        >>> from kb.engine import Game, Player, Step
        >>> ana = Player('Ana', battlefield=['Thalia, Guardian of Thraben'], hand=['Lightning Bolt'])
        >>> game = Game(players=[ana, Player('Bruno')])
        >>> game.total_cost(ana, ana.hand[0])
        ManaCost('{1}{R}')
        """
        return self._total_cost(player, card, x, half)[0]

    def _total_cost(self, player: Player, card: Card, x: int | None, half: str | None, base: str | None = None) -> tuple[ManaCost, int]:
        definition = card.printed_definition.half(half) if half is not None else card.definition
        # An alternative cost (118.9), such as flashback, takes the mana cost's place.
        base = ManaCost(definition.mana_cost if base is None else base)
        if base.halves:
            raise IllegalActionError(f"{card.name} is a split card: the total cost is that of the half cast (709.3)")
        generic = 0
        others = []
        for symbol in base.symbols:
            if symbol.text.isdigit():
                generic += int(symbol.text)
            elif symbol.text in ("X", "Y", "Z"):
                generic += x or 0
            else:
                others.append(str(symbol))
        change = sum(p.definition.cost_change(self.game, p, definition, player) for p in self.game.battlefield)
        change += definition.own_cost_change(self.game, card, player)
        generic = max(0, generic + change)
        text = ("{%d}" % generic if generic or not others else "") + "".join(others)
        return ManaCost(text), change

    def _convoke(self, player: Player, definition: Any, total: ManaCost, given: Sequence[Card | str], card: Card) -> tuple[ManaCost, list[Card]]:
        """Rule 702.51b: convoke applies once the total cost is locked in; what the creatures
        don't pay is left to pay with mana. Returns that and the creatures to tap."""
        if "Convoke" not in definition.keywords:
            raise IllegalActionError(f"{definition.name} doesn't have convoke (702.51)")
        creatures: list[Card] = []
        for item in given:
            untapped = [c for c in player.creatures if not c.tapped and not any(c is t for t in creatures)]
            creatures.append(self._find(untapped, item, f"the untapped creatures {player.name} controls"))
        remainders = convoke_remainders(total, [frozenset(c.colors) for c in creatures])
        if self.game.pay_mana:
            remainders = [r for r in remainders if payments(player.mana_pool, r, ManaUse("cast", card))]
        if not remainders:
            raise CannotPayError(f"{player.name} can't pay {total.text} for {definition.name} by tapping {len(creatures)} creatures and with {player.mana_pool or 'no mana'} (702.51a, 601.2h)")
        if len(remainders) == 1:
            return remainders[0], creatures
        labels = tuple(r.text or "{0}" for r in remainders)
        chosen = self.game.decide(Decision(player, "convoke", labels, rule="702.51a", context={"source": card}))
        return remainders[labels.index(chosen)], creatures

    def _additional_sacrifice(self, player: Player, definition: Any, given: Card | str | None, card: Card) -> Card | None:
        """Rule 601.2b and 118.8: a spell's additional cost of sacrificing a creature, announced
        as it is cast and paid with the rest of the total cost (601.2h)."""
        if definition.additional_cost is None:
            if given is not None:
                raise IllegalActionError(f"{definition.name} has no additional cost to sacrifice anything")
            return None
        if definition.additional_cost != "sacrifice a creature":
            raise NotModelledError(f"the additional cost {definition.additional_cost!r} is not modelled", rules="118.8")
        creatures = list(player.creatures)
        if given is None:
            if not creatures:
                raise CannotPayError(f"{player.name} has no creature to sacrifice for {definition.name} (601.2h)")
            return self.game.decide(Decision(player, "sacrifice", tuple(creatures), rule="601.2h", context={"source": card}))
        return self._find(creatures, given, f"the creatures {player.name} controls")

    def _additional_discard(self, player: Player, definition: Any, given: Card | str | None, card: Card) -> Card:
        """Rules 601.2b and 118.8: an additional cost of discarding a card, from the hand of the
        player casting the spell (722.5a: the controlled player's, whoever chooses it)."""
        others = [c for c in player.hand if c is not card]
        if given is not None:
            return self._find(others, given, f"{player.name}'s hand")
        if not others:
            raise CannotPayError(f"{player.name} has no other card in hand to discard for {definition.name} (601.2h)")
        return self.game.decide(Decision(player, "discard", tuple(others), rule="601.2h", context={"source": card}))

    def land_plays(self, player: Player) -> int:
        """Rule 305.2: how many lands `player` can play this turn: one, plus each additional land
        an effect allows; none if an effect says they can't play lands (101.2)."""
        if self.game.forbidden(player, "play lands"):
            return 0
        return 1 + self.game.turn_effects.count((player, "additional land"))

    def play_land(self, player: Player, card: Card | str) -> None:
        """Play a land: a special action, during your main phase with an empty stack, if you have
        a land play left (rules 305.1, 305.2a, 305.2b); from your hand, or from the top of your
        library if an effect allows it (`kb.engine.entering.lands_from_library_top`)."""
        self.game.priority_and_stack._check_priority(player)
        top = player.library[:1] if lands_from_library_top(self.game, player) else []
        card = self._find(player.hand + top, card, f"{player.name}'s hand" + (" or the top of their library" if top else ""))
        if not card.is_land:
            raise IllegalActionError(f"{card.name} is not a land")
        if not (self.game.is_active(player) and self.game.step.is_main_phase and not self.game.stack):
            raise TimingError("a land can be played only in its player's main phase with an empty stack (305.1)")
        played = self.lands_played.get(id(player), 0)
        allowed = self.land_plays(player)
        if played >= allowed:
            rule = "101.2" if self.game.forbidden(player, "play lands") else "305.2b"
            raise IllegalActionError(
                f"{player.name} can't play a land: {played} played of {allowed} allowed this turn ({rule})"
            )
        self.lands_played[id(player)] = played + 1
        self.game.emit("play_land", "305.1", player=player, card=card)
        self.game._put_onto_battlefield(card, player)
        self.game.priority_and_stack._give_priority(self.game.priority_and_stack._priority_unit_for(player))

    def activate(
        self,
        player: Player,
        card: Card | str,
        index: int = 0,
        *,
        targets: Sequence[Any] | None = None,
        x: int | None = None,
        mana_abilities: Sequence[Any] = (),
        sacrifice: Card | str | None = None,
    ) -> ActivatedAbility:
        """Activate activated ability number `index` (from 0) of a permanent `player` controls
        (rule 602), choosing the value of X if its cost has one (602.2b, 601.2b). Its mana cost
        is paid as a spell's is (see `cast`), after `mana_abilities` are activated; a cost to
        sacrifice a permanent is paid with `sacrifice` (or one the player chooses), and energy
        from the player's energy counters (`kb.engine.costs`). A mana ability doesn't use the
        stack: it resolves at once (605.3b)."""
        self.game.priority_and_stack._check_priority(player)
        in_graveyard = isinstance(card, Card) and card in player.graveyard
        if isinstance(card, str) and not any(c.name == card for c in player.battlefield):
            in_graveyard = any(c.name == card for c in player.graveyard)
        if in_graveyard:
            card = self._find(player.graveyard, card, f"{player.name}'s graveyard")
        else:
            card = self._find(player.battlefield, card, f"the permanents {player.name} controls")
        abilities = self.game.activated_abilities(card) if not in_graveyard else self.graveyard_abilities(card)
        if in_graveyard and not abilities and card.definition.activated:
            raise IllegalActionError(f"{card.name} has no abilities: an effect says cards in graveyards lose all abilities")
        if not 0 <= index < len(abilities):
            raise IllegalActionError(f"{card.name} has no activated ability number {index + 1}")
        watched = not abilities[index].is_mana_ability
        if watched:
            self._refuse_under_split_second("activate an ability that isn't a mana ability")
        state = check_activation(self.game, player, card, index) if watched else None  # 731.3
        where = "graveyard" if in_graveyard else "battlefield"
        obj = self._activate_ability(player, card, abilities[index], targets, x, where=where, mana_abilities=mana_abilities, sacrifice=sacrifice)
        if watched:
            record_activation(self.game, player, card, index, state)
        if abilities[index].is_mana_ability:
            # 117.3c: a player who activates a mana ability receives priority afterward.
            self.game.priority_and_stack._passes = 0
            self.game.priority_and_stack._give_priority(self.game.priority_and_stack._priority_unit_for(player))
        return obj

    def _activate_ability(
        self,
        player: Player,
        card: Card,
        ability: Any,
        targets: Sequence[Any] | None,
        x: int | None,
        *,
        where: str,
        mana_abilities: Sequence[Any] = (),
        sacrifice: Card | str | None = None,
    ) -> ActivatedAbility:
        if ability.zone != where:
            # 113.6m: an ability that moves its card out of a zone functions only there.
            raise IllegalActionError(f"{card.name}'s ability functions only from the {ability.zone}, not the {where}")
        has_x = "{X}" in ability.mana
        if has_x and (x is None or x < 0):
            raise IllegalActionError(f"{card.name}'s ability has X in its cost: choose X, a number of 0 or more")
        if not has_x and x is not None:
            raise IllegalActionError(f"{card.name}'s ability has no X in its cost")
        if ability.only_your_turn and not self.game.is_active(player):
            raise NotYourTurnError(f"{card.name}'s ability can be activated only during its controller's turn")
        if ability.sorcery and not (self.game.is_active(player) and self.game.step.is_main_phase and not self.game.stack):
            raise TimingError(f"{card.name}'s ability can be activated only as a sorcery: in its controller's main phase with an empty stack (602.5d)")
        if ability.tap:
            if card.tapped:
                raise CannotPayError(f"{card.name} is already tapped")
            if card.is_creature and self._summoning_sick(card):
                raise CannotPayError(f"{card.name} has not been under its controller's control since the turn began")
        life = ability.life(self.game, player) if ability.life else 0
        if life:
            self.game.life_and_damage._check_can_pay_life(player, life)
        loyalty = None
        if ability.loyalty is not None:
            loyalty = self._loyalty_cost_to_pay(player, card, ability)
        check_energy(player, card, ability)
        sacrificed = choose_sacrifice(self.game, player, card, ability, sacrifice)
        # "Another target ...": any but the object whose ability it is (115.1).
        other = [card] if ability.target and ability.target.startswith("another ") else []
        chosen = self._choose_targets(player, ability.target, targets, card, ability.target_count, exclude=other)
        if ability.more_targets is not None:
            chosen = chosen + ability.more_targets(self.game, player, card)
        if ability.mana and self.game.pay_mana:
            # 601.2g–h through 602.2b: mana abilities, then the whole cost is paid. Tapping the
            # permanent itself is part of the cost too, so it can't pay for its own ability.
            if ability.tap and any((s[0] if isinstance(s, tuple) else s) is card for s in mana_abilities):
                raise CannotPayError(f"{card.name} can't be tapped for mana and tapped to pay its own cost (601.2h)")
            self.game.mana._activate_mana_abilities(player, mana_abilities)
            self.game.mana._pay_mana(player, ManaCost(ability.mana), x, ManaUse("activate", card), f"{card.name}'s ability")
        elif mana_abilities:
            self.game.mana._activate_mana_abilities(player, mana_abilities)
        data = {"x": x} if has_x else {}
        data["incarnation"] = card.incarnation  # the source as it was activated (400.7)
        data["link"] = self.game.ability_link(card, ability)  # 607.5: which abilities it is linked to
        if ability.tap:
            data["tap"] = True
        if sacrificed:
            data["sacrificed"] = list(sacrificed)  # what its effect may refer to (608.2h)
        obj = ActivatedAbility(card, player, ability.text, ability.effect, targets=chosen, target=ability.target, data=data)
        if ability.is_mana_ability:
            self.game.emit("activate", "605.3b", player=player, card=card)
            if ability.tap:
                self.game.tap([card])
            if life:
                self.game.pay_life(player, life)
            pay_other_costs(self.game, player, ability, sacrificed)
            self.game.mana._resolve_mana_ability(obj)
            return obj
        self.game.emit("activate", "602.2", player=player, card=card)
        if ability.exile_self:
            self.game.exile_cards([card], rule="602.2b")
        if ability.tap:
            self.game.tap([card])
        if life:
            self.game.pay_life(player, life)
        pay_other_costs(self.game, player, ability, sacrificed)
        if loyalty is not None:
            card.loyalty_activated_turn = self.game.turn
            self.game.emit("loyalty_ability", "606.4", player=player, card=card, cost=loyalty)
            if loyalty > 0:
                self.game.add_counters(card, "loyalty", loyalty, cost=True)
            elif loyalty < 0:
                self.game.remove_counters(card, "loyalty", -loyalty)
        self.game.stack.push(obj)
        self.game.priority_and_stack._passes = 0
        self.game.priority_and_stack._give_priority(self.game.priority_and_stack._priority_unit_for(player))
        return obj

    def loyalty_cost(self, card: Card, index: int = 0) -> int:
        """Rules 606.4–606.5: the total loyalty cost of loyalty ability number `index` of
        `card`, with every effect that changes it combined into one cost: positive to put
        loyalty counters on it, negative to remove them."""
        ability = self.game.activated_abilities(card)[index]
        if ability.loyalty is None:
            raise IllegalActionError(f"{card.name}'s ability number {index + 1} is not a loyalty ability (606.2)")
        return ability.loyalty + sum(p.definition.loyalty_cost_change(self.game, p, card) for p in self.game.battlefield)

    def _loyalty_cost_to_pay(self, player: Player, card: Card, ability: Any) -> int:
        """Rules 606.3 and 606.6: when a loyalty ability may be activated, and whether its cost
        can be paid."""
        if not (self.game.is_active(player) and self.game.step.is_main_phase and not self.game.stack):
            raise TimingError("a loyalty ability can be activated only in its controller's main phase with an empty stack (606.3)")
        if card.loyalty_activated_turn == self.game.turn:
            raise IllegalActionError(f"a loyalty ability of {card.name} has already been activated this turn (606.3)")
        total = ability.loyalty + sum(p.definition.loyalty_cost_change(self.game, p, card) for p in self.game.battlefield)
        if total < 0 and card.counters.get("loyalty", 0) < -total:
            raise CannotPayError(f"{card.name} has {card.counters.get('loyalty', 0)} loyalty counters: it can't pay [{total}] (606.6)")
        return total

    def choose_card_name(self, player: Player, *types: str, rule: str = "201.4a") -> str:
        """Rules 201.4–201.4a: `player` chooses the name of a card in the Oracle card reference
        whose card types include `types` (see `kb.engine.objects.oracle_card_names`)."""
        return self.game.decide(Decision(player, "card_name", tuple(oracle_card_names(*types)), rule=rule))

    def graveyard_abilities(self, card: Card) -> tuple[Any, ...]:
        """The activated abilities of a card in a graveyard: none while an effect says cards in
        graveyards lose all abilities."""
        if any(p.definition.graveyard_cards_lose_abilities for p in self.game.battlefield):
            return ()
        # Abilities that permanents give cards in graveyards (Varolz: scavenge, 702.1a).
        granted = tuple(a for p in self.game.battlefield for a in getattr(p.definition, "graveyard_grants", lambda g, s, c: ())(self.game, p, card))
        return tuple(card.definition.activated) + granted

    def _refuse_under_split_second(self, doing: str) -> None:
        """702.61a: while a spell with split second is on the stack, players can't cast spells
        or activate abilities that aren't mana abilities."""
        for obj in self.game.stack:
            if isinstance(obj, Spell) and getattr(obj.card.definition, "split_second", False):
                raise IllegalActionError(f"no player can {doing} while {obj.card.name} is on the stack: it has split second (702.61a)")

    def _summoning_sick(self, card: Card) -> bool:
        """Rule 302.6: not under its controller's control continuously since their most recent
        turn began, having entered or changed controllers since (or during this game, for a
        player who hasn't had a turn in it)."""
        if "Haste" in card.keywords:
            return False
        changes = [t for t in (card.entered_turn, getattr(card, "control_changed_turn", None)) if t is not None]
        if not changes:
            return False
        began = getattr(card.controller, "turn_began", None)
        return began is None or max(changes) >= began

    def _choose_target_groups(self, player: Player, specs: Sequence[Any], given: Sequence[Any] | None, source: Card) -> list[list[Any]]:
        """Rule 601.2c for a spell with several instances of the word "target": a group of
        targets for each, `given` as one list per instance. The same object can be chosen once
        for each instance of the word (an artifact land can be both "target artifact" and
        "target land"), but not for "any other target"."""
        if given is not None and (len(given) != len(specs) or not all(isinstance(g, (list, tuple)) for g in given)):
            raise IllegalTargetError(f"{source.name} has {len(specs)} instances of the word \"target\": give one list of targets for each")
        groups: list[list[Any]] = []
        for index, spec in enumerate(specs):
            earlier = [t for group in groups for t in group] if spec.other else []
            groups.append(self._choose_targets(player, spec.kind, None if given is None else list(given[index]), source, spec.count, exclude=earlier))
        return groups

    def choose_new_targets(self, player: Player, spell: Spell) -> bool:
        """Rule 115.7d: `player` may choose new targets for `spell`, leaving any unchanged (even
        illegal ones); new targets must be legal and must not make an unchanged one illegal.
        Only the final set of targets is judged (115.7e). Returns whether any changed."""
        definition = spell.card.definition
        specs = list(definition.spell_targets) or ([TargetSpec(definition.spell_target)] if definition.spell_target else [])
        if not specs:
            return False
        if any(spec.count != (1, 1) for spec in specs):
            raise NotModelledError("choosing new targets for a word \"target\" with several targets is not modelled", rules="707.10c")
        current = [tuple(group) for group in spell.target_groups]
        options_per_group = []
        for spec, group in zip(specs, current):
            # 702.16b: not an object with protection from the spell (a red copy, 707.9).
            legal = self.legal_targets(spec.kind, spell.controller, source=spell.card)
            options_per_group.append([group] + [(t,) for t in legal if not (group and t is group[0])])
        choices = []
        for combination in itertools.product(*options_per_group):
            changed = [new is not old for new, old in zip(combination, current)]
            legal = True
            for i, spec in enumerate(specs):
                if not spec.other:
                    continue
                for j in range(i):
                    if combination[i] and combination[j] and combination[i][0] is combination[j][0] and (changed[i] or changed[j]):
                        legal = False
            if legal:
                choices.append(TargetChoice(tuple(combination)))
        chosen = self.game.decide(Decision(player, "new_targets", tuple(choices), rule="115.7d", context={"source": spell.card}))
        if all(new is old for new, old in zip(chosen.groups, current)):
            return False
        spell.target_groups = [list(group) for group in chosen.groups]
        spell.targets = [t for group in chosen.groups for t in group]
        spell.note_targets()
        self.game.emit("targets_changed", "115.7d", spell=spell, targets=list(spell.targets))
        return True

    def targets_still_legal(self, obj: Any, index: int = 0) -> list[Any]:
        """Rule 608.2b: the targets of instance `index` of the word "target" of a resolving
        spell that are still legal; the parts of its effect for the others do nothing."""
        specs = obj.card.definition.spell_targets
        kind = specs[index].kind if specs else obj.card.definition.spell_target
        return [t for t in obj.target_groups[index] if self._target_is_legal(t, kind, obj.controller, obj.card) and obj.still_targets(t)]

    def _choose_targets(self, player: Player, kind: str | None, given: Sequence[Any] | None, source: Card, count: tuple[int, int] = (1, 1), exclude: Sequence[Any] = ()) -> list[Any]:
        """Rule 601.2c: the targets of one instance of the word "target", `count` being how
        many (a minimum and a maximum: "up to two target lands" is (0, 2)); the same object
        can't be chosen twice for it."""
        if kind is None:
            if given:
                raise IllegalTargetError(f"{source.name} has no targets")
            return []
        low, high = count
        legal = [t for t in self._targets_for(kind, player, source) if not any(t is e for e in exclude) and not _protected_from_source(t, source)]
        if given is None:
            if len(legal) < low:
                if low > 1:
                    raise IllegalTargetError(f"{source.name} needs {low} different legal targets and there are {len(legal)} (601.2c)")
                raise IllegalTargetError(f"{source.name} has no legal target")
            if count == (1, 1):
                return [self.game.decide(Decision(player, "target", tuple(legal), rule="601.2c", context={"source": source}))]
            if not legal:
                return []
            return list(self.game.decide(Decision(player, "target", tuple(legal), count=(low, min(high, len(legal))), rule="601.2c", context={"source": source})))
        chosen = []
        for target in given:
            if isinstance(target, str):
                target = next((t for t in legal if option_name(t) == target), target)
            if not any(target is t for t in legal):
                raise IllegalTargetError(f"{target!r} is not a legal target for {source.name}")
            if any(target is c for c in chosen):
                raise IllegalTargetError(f"{option_name(target) or target!r} can't be chosen twice for one word \"target\" (601.2c)")
            chosen.append(target)
        if count == (1, 1) and len(chosen) != 1:
            raise IllegalTargetError(f"{source.name} needs exactly one target")
        if not low <= len(chosen) <= high:
            wanted = f"{low}" if low == high else f"{low} to {high}"
            raise IllegalTargetError(f"{source.name} needs {wanted} targets, not {len(chosen)}")
        return chosen

    def legal_targets(self, kind: str, chooser: Player | None = None, source: Card | None = None) -> list[Any]:
        """What a spell or ability of `chooser`'s may target: within their range of influence
        (rule 801.4); with its `source`, nothing with protection from it (702.16b)."""
        if source is not None:
            return [t for t in self.legal_targets(kind, chooser) if not _protected_from_source(t, source)]
        if kind.startswith("another "):
            return self.legal_targets(kind[len("another "):], chooser)
        reach = self.game.in_range(chooser) if chooser is not None else self.game.players
        players = [p for p in self.game.players if p in reach]
        creatures = [c for c in self.game.battlefield if c.is_creature and c.controller in reach]
        if kind == "player":
            return players
        if kind == "creature":
            return creatures
        if kind == "opponent":
            return [p for p in players if chooser is None or p in self.game.opponents(chooser)]
        if kind == "spell":
            return [o for o in self.game.stack if isinstance(o, Spell) and o.controller in reach]
        if kind == "instant or sorcery spell":
            return [o for o in self.game.stack if isinstance(o, Spell) and o.controller in reach and {"Instant", "Sorcery"} & set(o.card.types)]
        if kind == "nonlegendary creature":
            return [c for c in creatures if "Legendary" not in c.supertypes]
        if kind == "nontoken creature":
            return [c for c in creatures if not c.is_token]
        if kind == "nonblack creature":
            return [c for c in creatures if "B" not in c.colors]
        if kind in ("creature you control", "land you control"):
            # 702.6a, 702.67a: equip and fortify target a creature or land you control.
            wanted = "Creature" if kind == "creature you control" else "Land"
            return [c for c in self.game.battlefield if wanted in c.types and c.controller is chooser and c.controller in reach]
        if kind == "creature an opponent controls":
            return [c for c in creatures if chooser is None or c.controller in self.game.opponents(chooser)]
        if kind == "any":
            # 115.4: a creature, a player, a planeswalker or a battle.
            others = [c for c in self.game.battlefield if {"Planeswalker", "Battle"} & set(c.types) and not c.is_creature and c.controller in reach]
            return creatures + others + players
        if kind == "permanent":
            return [c for c in self.game.battlefield if c.controller in reach]
        if kind == "non-Aura enchantment":
            return [c for c in self.game.battlefield if "Enchantment" in c.types and "Aura" not in c.subtypes and c.controller in reach]
        if kind[:1].isupper():
            # "Target Vampire": a permanent with that subtype.
            return [c for c in self.game.battlefield if kind in c.subtypes and c.controller in reach]
        if kind.startswith("permanent controlled by "):
            owner = kind[len("permanent controlled by "):]
            return [c for c in self.game.battlefield if c.controller is not None and c.controller.name == owner and c.controller in reach]
        if kind == "creature you don't control":
            return [c for c in creatures if c.controller is not chooser]
        if kind == "creature with power 4 or greater":
            return [c for c in creatures if (c.power or 0) >= 4]
        if kind == "artifact creature":
            return [c for c in creatures if "Artifact" in c.types]
        if kind == "player or planeswalker":
            return players + [c for c in self.game.battlefield if "Planeswalker" in c.types and c.controller in reach]
        if kind == "sorcery card in your graveyard":
            return [c for c in chooser.graveyard if "Sorcery" in c.types] if chooser is not None else []
        if kind == "creature card in a graveyard":
            return [c for p in self.game.players if p in reach for c in p.graveyard if "Creature" in c.types]
        if kind == "spell or permanent":
            return [o for o in self.game.stack if isinstance(o, Spell) and o.controller in reach] + [c for c in self.game.battlefield if c.controller in reach]
        if kind in ("artifact", "enchantment", "land", "planeswalker"):
            return [c for c in self.game.battlefield if kind.capitalize() in c.types and c.controller in reach]
        if kind == "artifact or enchantment":
            return [c for c in self.game.battlefield if {"Artifact", "Enchantment"} & set(c.types) and c.controller in reach]
        raise EngineError(f"unknown kind of target {kind!r} (player, opponent, spell, instant or sorcery spell, creature, creature you control, land you control, a subtype such as Equipment, Aura or Vampire, non-Aura enchantment, nonlegendary creature, nontoken creature, nonblack creature, creature an opponent controls, artifact creature, any, player or planeswalker, permanent, permanent controlled by <player>, spell or permanent, creature card in a graveyard, artifact, enchantment, artifact or enchantment, land, planeswalker)")

    def _target_is_legal(self, target: Any, kind: str | None, chooser: Player | None = None, source: Card | None = None) -> bool:
        """Whether `target` is still a legal target of `kind` (608.2b); with the `source` of
        the spell or ability, one with protection from it isn't (702.16b)."""
        resolving = self.game.priority_and_stack._resolving
        if resolving is not None and hasattr(resolving, "still_targets"):
            # While a spell or ability resolves, its targets are judged against it: protection
            # from its source (702.16b), and a card that changed zones since it was targeted
            # is a new object it never targeted (400.7).
            if not resolving.still_targets(target):
                return False
            if source is None:
                source = resolving.source
        if kind is None:
            return True
        if source is not None and _protected_from_source(target, source):
            return False
        return any(target is t for t in self._targets_for(kind, chooser, source))

    def _targets_for(self, kind: str, chooser: Player | None, source: Card | None) -> list[Any]:
        """`legal_targets`, and the kinds of target that depend on the source, "this" being the
        object that has the ability (201.5b): "creature blocking or blocked by this"."""
        if kind == "creature blocking or blocked by this":
            if source is None:
                raise EngineError(f"the kind of target {kind!r} needs the source of the ability")
            reach = self.game.in_range(chooser) if chooser is not None else self.game.players
            return [c for c in self.game.battlefield if c.is_creature and c.controller in reach and (any(c is b for b in source.blocked_by) or any(c is a for a in source.blocking))]
        return self.legal_targets(kind, chooser)


def _protected_from_source(target: Any, source: Card) -> bool:
    """Rule 702.16b: a permanent with protection can't be the target of spells with that quality
    or of abilities from a source with it."""
    return isinstance(target, Card) and protected_from(target, source)
