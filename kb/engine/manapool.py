"""Mana in play: the mana pool, mana abilities, and paying mana costs from the pool (rules 106,
107.1b, 305.6, 601.2g–h, 602.2b, 605).

A game pays mana costs only when it is created with ``pay_mana=True``; otherwise costs in mana are
taken as paid, as the examples that are not about mana need. Mana abilities work in both.

>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', battlefield=['Forest', 'Forest'], hand=['Grizzly Bears'])
>>> game = Game(players=[ana, Player('Bruno')], pay_mana=True)
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> forest, other = ana.battlefield
>>> _ = game.activate(ana, forest)
>>> ana.mana_pool, list(game.stack)
(ManaPool('{G}'), [])
>>> game.cast(ana, 'Grizzly Bears')
Traceback (most recent call last):
...
kb.engine.errors.CannotPayError: Ana can't pay {1}{G} for Grizzly Bears with {G} (601.2h)
>>> game.cast(ana, 'Grizzly Bears', mana_abilities=[other])
Spell(Card('Grizzly Bears'), controller=Player('Ana'))
>>> ana.mana_pool
ManaPool('')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TYPE_CHECKING

from kb.engine.errors import CannotPayError, EngineError, IllegalActionError, NotModelledError
from kb.engine.mana import ManaCost
from kb.engine.objects import AbilityDefinition, Card, Zone
from kb.engine.part import GamePart
from kb.engine.pool import BASIC_LAND_MANA, MANA_TYPES, Mana, ManaRestriction, ManaUse, mana_order, payments
from kb.engine.stack import ActivatedAbility, TriggeredAbility

if TYPE_CHECKING:
    from kb.engine.players import Player

class ManaPools(GamePart):
    """Mana in play: adding it, emptying pools, mana abilities and paying costs (rules 106, 605)."""

    # ----- adding and losing mana

    def add_mana(
        self,
        player: "Player",
        mana: str | Iterable[str],
        *,
        source: Any = None,
        restriction: ManaRestriction | None = None,
        rule: str = "106.4",
    ) -> list[Mana]:
        """`player` adds `mana` to their mana pool (106.4): symbols such as ``'{G}{G}'`` or a
        list of types (``['G', 'G']``). A generic symbol adds that much colourless mana (106.10).
        A type that is None, because the ability could not define it, adds no mana (106.5)."""
        types: list[str | None] = []
        if isinstance(mana, str):
            for symbol in ManaCost(mana).symbols:
                parts = symbol.parts
                if len(parts) > 1 or parts[0] in ("X", "Y", "Z", "S"):
                    raise NotModelledError(f"adding {symbol} to a mana pool is not modelled (106.8–106.11)")
                types.extend(["C"] * int(parts[0]) if parts[0].isdigit() else [parts[0]])
        else:
            types = list(mana)
        undefined = [t for t in types if t is None]
        if undefined:
            self.game.emit("no_mana", "106.5", player=player, source=source)
        for t in types:
            if t is not None and t not in MANA_TYPES:
                raise EngineError(f"{t!r} is not a type of mana ({', '.join(MANA_TYPES)})")
        added = [Mana(t, source, restriction) for t in types if t is not None]
        if added:
            player.mana_pool.add(added)
            self.game.emit("mana_added", rule, player=player, mana=tuple(added), source=source)
        return added

    def _empty_mana_pools(self) -> None:
        """Rule 106.4: each player's mana pool empties at the end of each step and phase."""
        for player in self.game.seats:
            lost = player.mana_pool.empty()
            if lost:
                self.game.emit("mana_lost", "106.4", player=player, mana=tuple(lost))

    # ----- mana abilities

    def activated_abilities(self, card: Card) -> tuple[AbilityDefinition, ...]:
        """The activated abilities `card` has: those of its definition, then the intrinsic mana
        ability of each basic land type it has (305.6), then those other permanents give it
        (`kb.engine.gained_abilities`); none if an effect removed its abilities (613.1f)."""
        chars = self.game.characteristics(card) if card.zone is Zone.BATTLEFIELD else None
        gained = self.game.gained_activated(card) if card.zone is Zone.BATTLEFIELD else ()
        granted = self.game.granted_activated(card)  # 613.1f: given by other objects' static abilities
        if chars is not None and chars.no_abilities:
            self.game.gained_abilities._refuse_granted_with_removal(card, granted)
            return ()
        intrinsic = tuple(basic_land_ability(BASIC_LAND_MANA[s]) for s in card.subtypes if s in BASIC_LAND_MANA)
        if chars is not None and chars.text_abilities_lost:
            self.game.gained_abilities._refuse_granted_with_removal(card, granted)
            return intrinsic  # 305.7: only the mana abilities of its new basic land types
        return tuple(card.definition.activated) + intrinsic + gained + granted  # from other objects: 613.1f

    def is_mana_ability(self, card: Card, index: int = 0) -> bool:
        """Rule 605.1a: whether activated ability number `index` (from 0) of `card` is a mana
        ability. It stays one even when the game state doesn't let it produce mana (605.2)."""
        abilities = self.activated_abilities(card)
        if not 0 <= index < len(abilities):
            raise IllegalActionError(f"{card.name} has no activated ability number {index + 1}")
        return abilities[index].is_mana_ability

    def could_produce(self, card: Card) -> frozenset[str]:
        """Rule 106.7: the types of mana `card`'s abilities would produce if they resolved now,
        whether or not their costs could be paid. Abilities that depend on what other permanents
        could produce (Exotic Orchard) are settled together: what each could produce grows from
        nothing until nothing changes, so permanents that only look at each other produce none."""
        settling = getattr(self.game, "_could_produce", None)
        if settling is not None:
            return settling.get(id(card), frozenset())
        values: dict[int, frozenset[str]] = {id(c): frozenset() for c in self.game.battlefield}
        self.game._could_produce = values
        try:
            for _ in range(len(MANA_TYPES) * len(values) + 1):
                new = {
                    id(c): frozenset().union(*(a.produces(self.game, c) for a in self.activated_abilities(c) if a.produces))
                    for c in self.game.battlefield
                }
                if new == values:
                    break
                values.clear()
                values.update(new)
        finally:
            self.game._could_produce = None
        return values.get(id(card), frozenset())

    def _resolve_mana_ability(self, ability: ActivatedAbility) -> None:
        """Rules 605.3b and 605.4a: an activated mana ability resolves at once, then any
        triggered mana abilities it caused, without using the stack."""
        start = len(self.game.events)
        self.game.emit("resolves", "605.3b", object=ability)
        ability.effect(self.game, ability)
        produced = [e for e in self.game.events[start:] if e.kind == "mana_added" and e["source"] is ability.source]
        if ability.data.get("tap") and produced:
            # 106.12a: "whenever a permanent is tapped for mana" triggers as such an ability
            # resolves and produces mana.
            mana = tuple(m for e in produced for m in e["mana"])
            self.game.emit("tapped_for_mana", "106.12a", player=ability.controller, card=ability.source, mana=mana)
        for triggered in [a for a in self.game.triggers._pending if _is_triggered_mana_ability(a)]:
            self.game.triggers._pending.remove(triggered)
            self.game.emit("resolves", "605.4a", object=triggered)
            triggered.effect(self.game, triggered)

    def _activate_mana_abilities(self, player: "Player", sources: Sequence[Any]) -> None:
        """Rule 601.2g: mana abilities activated while casting a spell or activating an ability,
        before its costs are paid; each is a permanent (its first mana ability) or a (permanent,
        index) pair."""
        for source in sources:
            card, index = source if isinstance(source, tuple) else (source, None)
            card = self.game.casting._find(player.battlefield, card, f"the permanents {player.name} controls")
            abilities = self.activated_abilities(card)
            if index is None:
                index = next((i for i, a in enumerate(abilities) if a.is_mana_ability), None)
                if index is None:
                    raise IllegalActionError(f"{card.name} has no mana ability")
            if not (0 <= index < len(abilities) and abilities[index].is_mana_ability):
                raise IllegalActionError(f"{card.name}'s ability number {index + 1} is not a mana ability")
            self.game.casting._activate_ability(player, card, abilities[index], None, None, where="battlefield")

    # ----- paying mana

    def _pay_mana(self, player: "Player", cost: ManaCost, x: int | None, use: ManaUse, what: str) -> tuple[Mana, ...]:
        """Rule 601.2h: pay `cost` from `player`'s mana pool; the player chooses how when there
        is more than one way. Partial payments are not allowed."""
        if not self.game.pay_mana or not cost.symbols:
            return ()
        ways = payments(player.mana_pool, cost, use, x)
        if not ways:
            shown = cost.text if x is None else cost.text.replace("{X}", "{%d}" % x) if x else cost.text.replace("{X}", "")
            raise CannotPayError(f"{player.name} can't pay {shown} for {what} with {player.mana_pool or 'no mana'} (601.2h)")
        if len(ways) == 1:
            spent = ways[0]
        else:
            labels = ["".join(str(m) + ("*" if m.restriction else "") for m in sorted(w, key=mana_order)) for w in ways]
            chosen = self.game.ask(player, "spend_mana", tuple(labels), rule="601.2h", context={"for": what})
            spent = ways[labels.index(chosen)]
        player.mana_pool.remove(spent)
        self.game.emit("mana_spent", "601.2h", player=player, mana=tuple(spent), use=use)
        return spent


def _is_triggered_mana_ability(ability: Any) -> bool:
    """Rule 605.1b: a triggered ability with no target, triggered by a mana ability or by mana
    being added, that could add mana."""
    event = ability.data.get("event") if isinstance(ability, TriggeredAbility) else None
    return (
        event is not None
        and ability.data.get("adds_mana", False)
        and ability.target is None
        and event.kind in ("tapped_for_mana", "mana_added")
    )


def basic_land_ability(mana_type: str) -> AbilityDefinition:
    """"{T}: Add [mana]": the intrinsic ability of a basic land type (305.6), or the same
    ability printed on a card (Wastes)."""

    def add(game: Any, ability: ActivatedAbility) -> None:
        game.add_mana(ability.controller, [mana_type], source=ability.source)

    return AbilityDefinition(
        "{T}: Add {%s}." % mana_type,
        add,
        tap=True,
        adds_mana=True,
        produces=lambda game, card, t=mana_type: frozenset(t),
    )
