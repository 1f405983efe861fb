"""The combat phase (rules 506–511): declaring attackers and blockers with their restrictions
and requirements (508.1c–d, 509.1b–c), first and double strike (702.4, 702.7), the division of
combat damage (510.1) with trample (702.19), and the keyword abilities that act there: flying
and reach (702.9, 702.17), shadow (702.28), menace (702.111), vigilance (702.20), defender
(702.3), protection (702.16), deathtouch and lifelink (through `kb.engine.life`).

Abilities of a creature about combat are keywords (strings): besides the keyword abilities, the
engine reads ``"Can't attack alone"``, ``"Can't block"``, ``"Attacks each combat if able"``,
``"Blocks each combat if able"`` and ``"Can block an additional creature each combat"``.
A permanent restricts attacks or blocks globally through `CardDefinition.restricts_attack` and
`CardDefinition.restricts_block`, and states requirements and costs to attack through the
hooks `kb.engine.requirements` reads (508.1d, 508.1h, 509.1c).

Creatures attack players and the planeswalkers they control (508.1b); a creature attacking a
planeswalker deals its combat damage to it, never to the player (510.1b, 702.19f), unless it
has trample over planeswalkers (702.19c, 702.19e).

Battles are attacked too (310.8b): the damage goes to the battle, and only its protector's
creatures block (310.8c). Attacking bands are formed and blocked as a whole (702.22c–h, see
`kb.engine.banding`); a creature with banding that could block, or with a "bands with other"
ability, raises `NotModelledError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from kb.engine.banding import block_the_band, declare_bands, refuse_banding_damage
from kb.engine.decisions import Decision, option_name
from kb.engine.errors import NotModelledError
from kb.engine.objects import Card, CardDefinition, Zone
from kb.engine.pool import ManaUse, payments
from kb.engine.part import GamePart
from kb.engine.players import Player
from kb.engine.protection import protected_from
from kb.engine.protocols import Game
from kb.engine.requirements import (
    attack_requirements,
    block_requirements_obeyed,
    has_attack_costs,
    has_attack_requirements,
    has_block_rules,
    total_attack_cost,
)


# Above this many legal declarations or divisions, the engine would rather stop than guess.
MAX_OPTIONS = 20000
UNMODELLED_KEYWORDS = ("Banding", "Bands with other", "Horsemanship", "Skulk", "Daunt")
TRAMPLE_OVER_PLANESWALKERS = "Trample over planeswalkers"


def _resolve(item: Any, pool: Sequence[Any]) -> Any:
    if isinstance(item, str):
        for candidate in pool:
            if option_name(candidate) == item:
                return candidate
        return None
    return next((c for c in pool if c is item), None)


def _answer_pairs(answer: Any) -> list[tuple[Any, Any]] | None:
    """A scripted answer given as a dict or as a list of pairs, as pairs; None otherwise."""
    if isinstance(answer, dict):
        return list(answer.items())
    if isinstance(answer, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in answer):
        return [tuple(p) for p in answer]
    return None


class AttackDeclaration(list):
    """The creatures declared as attackers (rule 508.1a): a list of cards. A scripted answer may
    give the cards, or their names."""

    def matches(self, answer: Any) -> bool:
        items = answer if isinstance(answer, (list, tuple)) else [answer]
        found = [_resolve(item, self) for item in items]
        return None not in found and len(found) == len(self) and {id(c) for c in found} == {id(c) for c in self}


class BlockDeclaration(list):
    """Blocks declared (rule 509.1a): a list of (blocker, attacker) pairs. A scripted answer may
    give a dict {blocker: attacker}, or pairs, of cards or names; a blocker blocking two
    attackers appears in two pairs (or maps to a list)."""

    def matches(self, answer: Any) -> bool:
        pairs = []
        if isinstance(answer, dict):
            for blocker, attackers in answer.items():
                for attacker in attackers if isinstance(attackers, (list, tuple)) else [attackers]:
                    pairs.append((blocker, attacker))
        elif isinstance(answer, (list, tuple)):
            pairs = [tuple(pair) for pair in answer]
        else:
            return False
        blockers = [b for b, _ in self]
        attackers = [a for _, a in self]
        pool_b = list({id(c): c for c in blockers}.values())
        pool_a = list({id(c): c for c in attackers}.values())
        wanted = set()
        for blocker, attacker in pairs:
            b, a = _resolve(blocker, pool_b), _resolve(attacker, pool_a)
            if b is None or a is None:
                return False
            wanted.add((id(b), id(a)))
        return wanted == {(id(b), id(a)) for b, a in self} and len(pairs) == len(self)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{b.name!r}: {a.name!r}" for b, a in self) + "}"


class TargetedAttackDeclaration(list):
    """Attackers declared with what each attacks (508.1a–b), when attacking costs something
    (508.1h): a list of (attacker, player or planeswalker) pairs. A scripted answer may give a
    dict {attacker: target} or pairs, by object or name, or, when there is only one thing to
    attack, just the attackers."""

    single_target: bool = False

    def matches(self, answer: Any) -> bool:
        pairs = _answer_pairs(answer)
        if pairs is None:
            return self.single_target and isinstance(answer, (list, tuple)) and AttackDeclaration(a for a, _ in self).matches(answer)
        if len(pairs) != len(self):
            return False
        wanted = {}
        for attacker, target in pairs:
            a = _resolve(attacker, [a for a, _ in self])
            if a is None:
                return False
            wanted[id(a)] = target
        return all(_resolve(wanted.get(id(attacker)), [target]) is target for attacker, target in self)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{a.name!r}: {t.name!r}" for a, t in self) + "}"


class DamageAssignment(list):
    """How one creature divides its combat damage (rule 510.1): (recipient, amount) pairs. A
    scripted answer may give a dict {recipient: amount} or pairs, by object or name."""

    def matches(self, answer: Any) -> bool:
        pairs = _answer_pairs(answer)
        if pairs is None:
            return False
        pool = [r for r, _ in self]
        given = {}
        for recipient, amount in pairs:
            found = _resolve(recipient, pool)
            if found is None:
                return False
            given[id(found)] = given.get(id(found), 0) + amount
        return all(given.get(id(r), 0) == a for r, a in self) and sum(given.values()) == sum(a for _, a in self)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{r.name!r}: {a}" for r, a in self) + "}"


class Combat(GamePart):
    """The combat phase (rules 506–511)."""

    def __init__(self, game: Game):
        super().__init__(game)
        self._second_strike: list[Card] | None = None
        self._in_second_strike_step = False

    @property
    def attackers(self) -> list[Card]:
        return [c for c in self.game.battlefield if c.attacking is not None]

    @property
    def blockers(self) -> list[Card]:
        return [c for c in self.game.battlefield if c.blocking]

    # ----- declare attackers (508.1)

    def _can_attack(self, card: Card) -> bool:
        return not card.tapped and not self.game.casting._summoning_sick(card) and "Defender" not in card.keywords

    def _declare_attackers(self) -> None:
        self.game.__dict__["_bands"] = []  # 702.22e: bands last for one combat
        for player in self.game.active_players:
            able = [c for c in player.creatures if self._can_attack(c)]
            if not able or not self.game.attackable_players(player):
                continue
            for card in able:
                self._refuse_unmodelled(card, attacking=True)
            defenders = self.attack_targets(player)
            declared: dict[int, Any] = {}
            if has_attack_costs(self.game):
                legal = self._legal_costly_attacks(player, able, defenders)
                declaration = self.game.decide(Decision(player, "attackers", tuple(legal), rule="508.1d"))
                chosen = [a for a, _ in declaration]
                declared = {id(a): t for a, t in declaration}
                self._pay_attack_cost(player, list(declaration))
            elif self._attack_rules_apply(player, able):
                legal = self._legal_attacks(player, able)
                chosen = self.game.decide(Decision(player, "attackers", tuple(legal), rule="508.1d"))
            else:
                chosen = self.game.decide(Decision(player, "attackers", tuple(able), count=(0, len(able)), rule="508.1a"))
            for card in chosen:
                defender = declared.get(id(card)) or (defenders[0] if len(defenders) == 1 else self.game.decide(
                    Decision(player, "attack_target", tuple(defenders), rule="508.1b", context={"attacker": card})
                ))
                card.attacking = defender
                card.combat_controller = (card.incarnation, player)  # 506.4: a new controller removes it from combat
                card.defending_player = defender if isinstance(defender, Player) else defender.protector if "Battle" in defender.types else defender.controller
                card.attacked_incarnation = defender.incarnation if isinstance(defender, Card) else None
                if "Vigilance" not in card.keywords:
                    self.game.tap([card])  # 508.1f: attacking causes it to become tapped
                self.game.emit("attacks", "508.1", card=card, defender=defender, player=player)
            declare_bands(self.game, player, chosen)  # 702.22c

    def attack_targets(self, player: Player) -> list[Player | Card]:
        """Rules 506.2, 506.3, 508.1b, 310.8b: what `player`'s creatures may attack: each
        opponent they may attack, each planeswalker that opponent controls and each battle that
        opponent protects."""
        targets: list[Player | Card] = []
        for opponent in self.game.attackable_players(player):
            targets.append(opponent)
            targets.extend(c for c in self.game.battlefield if "Planeswalker" in c.types and c.controller is opponent)
            targets.extend(c for c in self.game.battlefield if "Battle" in c.types and c.protector is opponent and not any(c is t for t in targets))
        return targets

    def defending_player_of(self, attacker: Card) -> Player | None:
        """The player an attacking creature attacks, or the controller of the planeswalker it
        attacks as attackers were declared (506.2)."""
        if isinstance(attacker.attacking, Player):
            return attacker.attacking
        return attacker.defending_player

    def attacked(self, attacker: Card) -> Player | Card | None:
        """What `attacker` is attacking now: None if it attacks a planeswalker or battle that was
        removed from combat, having left the battlefield or stopped being a planeswalker or a
        battle (506.4, 506.4c), or a player who left the game."""
        target = attacker.attacking
        if isinstance(target, Card):
            if target.zone is not Zone.BATTLEFIELD or target.incarnation != attacker.attacked_incarnation or not {"Planeswalker", "Battle"} & set(target.types):
                return None
            return target
        if target is None or target.left_game:
            return None
        return target

    def _refuse_unmodelled(self, card: Card, *, attacking: bool = False) -> None:
        for keyword in card.keywords:
            if attacking and keyword == "Banding":
                continue  # bands of attackers are modelled (kb.engine.banding)
            if any(word in keyword for word in UNMODELLED_KEYWORDS):
                raise NotModelledError(f"{card.name} has {keyword}: banding and landwalk are not modelled in combat", rules=("702.14", "702.22"))

    def _attack_rules_apply(self, player: Player, able: list[Card]) -> bool:
        if any("Can't attack alone" in c.keywords for c in able) or has_attack_requirements(self.game, able):
            return True
        return any(type(p.definition).restricts_attack is not CardDefinition.restricts_attack for p in self.game.battlefield)

    def _attack_restricted(self, attackers: list[Card]) -> bool:
        """Rule 508.1c: whether a declaration disobeys a restriction."""
        if len(attackers) == 1 and "Can't attack alone" in attackers[0].keywords:
            return True
        return any(p.definition.restricts_attack(self.game, p, attackers) for p in self.game.battlefield)

    def _legal_attacks(self, player: Player, able: list[Card]) -> list[AttackDeclaration]:
        """Rules 508.1c–d: every declaration that disobeys no restriction and obeys as many
        requirements as possible; the empty one first when it is legal."""
        if 2 ** len(able) > MAX_OPTIONS:
            raise NotModelledError(f"too many possible attacks to weigh ({len(able)} creatures)", rules=())
        declarations = []
        for size in range(len(able) + 1):
            for chosen in itertools.combinations(able, size):
                if not self._attack_restricted(list(chosen)):
                    obeyed = sum(attack_requirements(self.game, c) for c in chosen)
                    declarations.append((obeyed, AttackDeclaration(chosen)))
        best = max(obeyed for obeyed, _ in declarations)
        return [d for obeyed, d in declarations if obeyed == best]

    def _legal_costly_attacks(self, player: Player, able: list[Card], targets: list[Any]) -> list[TargetedAttackDeclaration]:
        """Rules 508.1c–d and 508.1h with costs to attack: every assignment of attackers to what
        they attack that disobeys no restriction and obeys at least as many requirements as the
        most that can be obeyed without paying a cost (508.1d), each with its total cost; the
        empty one first when it is legal."""
        per_creature = [[None] + list(targets) for _ in able]
        total = (len(targets) + 1) ** len(able)
        if total > MAX_OPTIONS:
            raise NotModelledError(f"too many possible attacks to weigh ({total})", rules=())
        found = []
        for combination in itertools.product(*per_creature):
            assignment = [(c, t) for c, t in zip(able, combination) if t is not None]
            if self._attack_restricted([c for c, _ in assignment]):
                continue
            cost = total_attack_cost(self.game, assignment)
            obeyed = sum(attack_requirements(self.game, c) for c, _ in assignment)
            found.append((obeyed, cost, assignment))
        best_free = max((obeyed for obeyed, cost, _ in found if not cost.symbols), default=0)
        legal = []
        for obeyed, cost, assignment in sorted(found, key=lambda f: len(f[2])):
            if obeyed < best_free:
                continue
            declaration = TargetedAttackDeclaration(assignment)
            declaration.single_target = len(targets) == 1
            declaration.cost = cost
            legal.append(declaration)
        return legal

    def _pay_attack_cost(self, player: Player, declaration: list[tuple[Card, Any]]) -> None:
        """Rules 508.1h–i: the total cost to attack is locked in, then paid. In a game that
        pays mana from mana pools, activating mana abilities to pay it (508.1i) is not modelled."""
        cost = total_attack_cost(self.game, declaration)
        if not cost.symbols:
            return
        if self.game.pay_mana and not payments(player.mana_pool, cost, ManaUse("attack", None)):
            raise NotModelledError("activating mana abilities to pay a cost to attack (508.1i) is not modelled")
        self.game.emit("attack_cost", "508.1h", player=player, cost=cost.text)
        self.game.mana._pay_mana(player, cost, None, ManaUse("attack", None), "attacking")

    # ----- declare blockers (509.1)

    def _declare_blockers(self) -> None:
        self._remove_changed_combatants()
        attackers = self.attackers
        for defender in self.game.apnap_order():
            against = [a for a in attackers if self.defending_player_of(a) is defender]
            able = [c for c in defender.creatures if not c.tapped and "Can't block" not in c.keywords]
            if not against or not able:
                continue
            for card in able:
                self._refuse_unmodelled(card)
            for card in against:
                self._refuse_unmodelled(card, attacking=True)
            legal = self._legal_blocks(defender, able, against)
            chosen = self.game.decide(Decision(defender, "blockers", tuple(legal), rule="509.1"))
            for blocker, attacker in block_the_band(self.game, chosen):  # 702.22h
                blocker.blocking.append(attacker)
                blocker.combat_controller = (blocker.incarnation, blocker.controller)
                attacker.blocked_by.append(blocker)
            for attacker in against:
                attacker.was_blocked = bool(attacker.blocked_by)
            for blocker in list(dict.fromkeys(b for b, _ in chosen)):
                self.game.emit("blocks", "509.1g", card=blocker, attackers=list(blocker.blocking))
            for attacker in against:
                if attacker.was_blocked:
                    self.game.emit("becomes_blocked", "509.1h", card=attacker, blockers=list(attacker.blocked_by))
                else:
                    self.game.emit("unblocked", "509.1h", card=attacker)

    def _may_block(self, blocker: Card, attacker: Card) -> bool:
        """Restrictions on one blocker and one attacker (509.1b)."""
        if "Flying" in attacker.keywords and not ({"Flying", "Reach"} & set(blocker.keywords)):
            return False  # 702.9b
        if ("Shadow" in attacker.keywords) != ("Shadow" in blocker.keywords):
            return False  # 702.28b
        if "Fear" in attacker.keywords and not ("Artifact" in blocker.types or "B" in blocker.colors):
            return False  # 702.36b
        if "Intimidate" in attacker.keywords and not ("Artifact" in blocker.types or set(blocker.colors) & set(attacker.colors)):
            return False  # 702.13b
        if protected_from(attacker, blocker):
            return False  # 702.16f
        if self._landwalk_applies(attacker, blocker.controller):
            return False  # 702.14c
        return True

    def _landwalk_applies(self, attacker: Card, defender: Player) -> bool:
        """Rule 702.14c: a creature with landwalk can't be blocked as long as the defending
        player controls a land of the stated kind ("forestwalk", "snow forestwalk", "nonbasic
        landwalk", "legendary landwalk"); landwalk abilities don't cancel each other (702.14d)."""
        lands = [c for c in defender.battlefield if c.is_land]
        for keyword in attacker.keywords:
            words = keyword.lower().split()
            if not words or not words[-1].endswith("walk"):
                continue
            words[-1] = words[-1][: -len("walk")]
            wanted_super = [w.capitalize() for w in words if w.capitalize() in ("Snow", "Legendary", "Basic")]
            without = [w[3:].capitalize() for w in words if w.startswith("non")]
            subtype = [w.capitalize() for w in words if w not in ("land", "") and not w.startswith("non") and w.capitalize() not in ("Snow", "Legendary", "Basic")]
            for land in lands:
                if all(s in land.supertypes for s in wanted_super) and not any(s in land.supertypes for s in without) and all(s in land.subtypes for s in subtype):
                    return True
        return False

    def _block_restricted(self, blocks: list[tuple[Card, Card]], against: list[Card]) -> bool:
        for attacker in against:
            count = sum(1 for _, a in blocks if a is attacker)
            if "Menace" in attacker.keywords and count == 1:
                return True  # 702.111b
        return any(p.definition.restricts_block(self.game, p, blocks) for p in self.game.battlefield)

    def _legal_blocks(self, defender: Player, able: list[Card], against: list[Card]) -> list[BlockDeclaration]:
        """Rules 509.1b–c: every declaration that disobeys no restriction and obeys as many
        requirements as possible; no blocks first when that is legal."""
        has_block_rules(self.game, able)  # costs to block raise NotModelledError
        choices_per_blocker = []
        for blocker in able:
            reachable = [a for a in against if self._may_block(blocker, a)]
            most = 1 + sum(1 for k in blocker.keywords if k == "Can block an additional creature each combat")
            options: list[tuple[Card, ...]] = [()]
            for size in range(1, min(most, len(reachable)) + 1):
                options.extend(itertools.combinations(reachable, size))
            choices_per_blocker.append(options)
        total = 1
        for options in choices_per_blocker:
            total *= len(options)
        if total > MAX_OPTIONS:
            raise NotModelledError(f"too many possible blocks to weigh ({total})", rules=())
        declarations = []
        for combo in itertools.product(*choices_per_blocker):
            blocks = [(blocker, attacker) for blocker, targets in zip(able, combo) for attacker in targets]
            if self._block_restricted(blocks, against):
                continue
            obeyed = block_requirements_obeyed(self.game, able, against, blocks)
            declarations.append((obeyed, BlockDeclaration(blocks)))
        best = max(obeyed for obeyed, _ in declarations)
        return sorted((d for obeyed, d in declarations if obeyed == best), key=len)

    # ----- combat damage (510)

    def _combat_damage(self) -> None:
        """Rule 510.1–510.2, with a first combat damage step when a creature has first strike
        or double strike (702.7b, 702.4b)."""
        self._remove_changed_combatants()
        combatants = [c for c in self.game.battlefield if c.attacking is not None or c.blocking]
        if not self._in_second_strike_step:
            strikers = [c for c in combatants if {"First strike", "Double strike"} & set(c.keywords)]
            if strikers:
                # Who had first strike or double strike as this step began (510.4); the second
                # step is for the others and for whoever has double strike then.
                self._second_strike = list(strikers)
                self.game.emit("first_strike_step", "510.4")
                dealing = strikers
            else:
                dealing = combatants
        else:
            # 510.4, 702.4b–d, 702.7c: the remaining attackers and blockers that had neither
            # first strike nor double strike as the first combat damage step began, and those
            # that have double strike now (gained since, or kept: removed, it deals no damage).
            struck_first = {id(c) for c in self._second_strike}
            dealing = [c for c in combatants if id(c) not in struck_first or "Double strike" in c.keywords]
        assignments: list[tuple[Card, Any, int]] = []
        lethal_so_far: dict[int, int] = {}
        for card in dealing:
            for recipient, amount in self._assign_combat_damage(card, lethal_so_far):
                assignments.append((card, recipient, amount))
                if isinstance(recipient, Card):
                    lethal_so_far[id(recipient)] = lethal_so_far.get(id(recipient), 0) + amount
        prevented = [(s, r, a) for s, r, a in assignments if isinstance(r, Card) and protected_from(r, s)]
        for source, recipient, amount in prevented:
            self.game.emit("damage_prevented", "702.16e", source=source, target=recipient, amount=amount)
        assignments = [x for x in assignments if x not in prevented]
        if assignments:
            self.game._deal_damage_from_each(assignments, combat=True)
            dealt = [(s, r, a) for s, r, a in assignments]
            self.game.emit("combat_damage", "510.2", dealt=dealt)

    def _assign_combat_damage(self, card: Card, marked: dict[int, int]) -> list[tuple[Any, int]]:
        power = card.power or 0
        if power <= 0:
            return []  # 510.1a
        if card.attacking is not None:
            return self._assign_attacker_damage(card, power, marked)
        attackers = [a for a in card.blocking if a.zone is Zone.BATTLEFIELD and a.attacking is not None]
        if not attackers:
            return []  # 510.1d
        if len(attackers) == 1:
            return [(attackers[0], power)]
        refuse_banding_damage(attackers)  # 702.22k
        return self._divide(card, attackers, power, marked, rule="510.1d")

    def _assign_attacker_damage(self, card: Card, power: int, marked: dict[int, int]) -> list[tuple[Any, int]]:
        """Rules 510.1b–c and 702.19b–f: an attacking creature's combat damage."""
        attacked = self.attacked(card)
        over_walkers = TRAMPLE_OVER_PLANESWALKERS in card.keywords
        trample = "Trample" in card.keywords or over_walkers
        defending = self.defending_player_of(card)
        if defending is not None and defending.left_game:
            defending = None
        # Past the planeswalker, its controller (702.19c); with it removed from combat, the
        # defending player instead (702.19e). Without trample over planeswalkers, nobody (702.19f).
        beyond = None
        at_walker = isinstance(card.attacking, Card) and "Planeswalker" in card.attacking.printed_definition.types
        if over_walkers and at_walker:
            if attacked is not None:
                beyond = attacked.controller if not attacked.controller.left_game else None
            else:
                beyond = defending
        if not card.was_blocked:
            if attacked is None:
                return [(beyond, power)] if beyond is not None else []  # 510.1b, 702.19e
            recipients = [attacked] + ([beyond] if beyond is not None else [])
            if len(recipients) == 1:
                return [(attacked, power)]
            return self._divide(card, recipients, power, marked, rule="702.19c", blockers=0, attacked=attacked)
        blockers = [b for b in card.blocked_by if b.zone is Zone.BATTLEFIELD and card in b.blocking]
        if not trample:
            if not blockers:
                return []  # 510.1c
            if len(blockers) == 1:
                return [(blockers[0], power)]
            return self._divide(card, blockers, power, marked, rule="510.1c")
        # 702.19b, 702.19d: past the blockers, what it attacks; then, past a planeswalker, its controller.
        recipients: list[Any] = list(blockers)
        if attacked is not None:
            recipients.append(attacked)
        if beyond is not None:
            recipients.append(beyond)
        if not recipients:
            return []
        if len(recipients) == 1:
            return [(recipients[0], power)]
        rule = "702.19c" if over_walkers and at_walker else "702.19b"
        return self._divide(card, recipients, power, marked, rule=rule, blockers=len(blockers), attacked=attacked if beyond is not None and isinstance(attacked, Card) else None)

    def _lethal(self, source: Card, blocker: Card, marked: dict[int, int]) -> int:
        """Lethal damage for trample (702.19b): toughness less damage already marked and damage
        assigned by other creatures in this step; 1 from a source with deathtouch (702.2c)."""
        if "Deathtouch" in source.keywords:
            return 1
        return max(0, (blocker.toughness or 0) - blocker.damage - marked.get(id(blocker), 0))

    def _divide(self, card: Card, recipients: list[Any], power: int, marked: dict[int, int], rule: str, *, blockers: int | None = None, attacked: Card | None = None) -> list[tuple[Any, int]]:
        """Every legal division of `power` among `recipients`, then the controller's choice.
        With trample, `recipients` are the first `blockers` blocking creatures, then what the
        creature attacks, then (trample over planeswalkers) the planeswalker's controller: no
        damage goes past the blockers until each is assigned lethal damage (702.19b), nor past
        the planeswalker `attacked` until it is assigned damage at least equal to its loyalty,
        counting what other creatures assign to it in this step (702.19c)."""
        options = []
        loyalty = attacked.counters.get("loyalty", 0) - marked.get(id(attacked), 0) if attacked is not None else 0
        for split in _compositions(power, len(recipients)):
            if blockers is not None:
                past = sum(split[blockers:])
                if past and any(split[i] < self._lethal(card, b, marked) for i, b in enumerate(recipients[:blockers])):
                    continue
                if attacked is not None and len(recipients) > blockers + 1 and split[-1] and split[blockers] < loyalty:
                    continue
            options.append(DamageAssignment((r, a) for r, a in zip(recipients, split) if a))
            if len(options) > MAX_OPTIONS:
                raise NotModelledError(f"too many ways to divide {card.name}'s damage", rules=())
        if blockers is not None:
            # The usual choice first: as much as possible past the blockers, the farthest first.
            def farthest_first(option: DamageAssignment) -> tuple[int, ...]:
                shares = {id(r): a for r, a in option}
                return tuple(-shares.get(id(r), 0) for r in reversed(recipients[blockers:]))

            options.sort(key=farthest_first)
        chosen = self.game.decide(Decision(card.controller, "assign_damage", tuple(options), rule=rule, context={"source": card}))
        return list(chosen)

    def _remove_changed_combatants(self) -> None:
        """Rule 506.4: an attacking or blocking creature whose controller changed, or that
        stopped being a creature, is removed from combat."""
        def controller_changed(card: Card) -> bool:
            incarnation, controller = getattr(card, "combat_controller", (None, None))
            return incarnation == card.incarnation and controller is not card.controller

        removed = [c for c in self.game.battlefield if (c.attacking is not None or c.blocking) and (not c.is_creature or controller_changed(c))]
        for card in removed:
            card.attacking = card.defending_player = card.attacked_incarnation = None
            card.blocking, card.blocked_by = [], []
        if removed:
            self.game.emit("removed_from_combat", "506.4", cards=removed)

    def _remove_from_combat(self, rule: str) -> None:
        removed = [c for c in self.game.battlefield if c.attacking is not None or c.blocking]
        for card in removed:
            card.attacking = None
            card.defending_player = card.attacked_incarnation = None
            card.blocking = []
            card.blocked_by = []
            card.was_blocked = False
        self._second_strike = None
        self._in_second_strike_step = False
        if removed:
            self.game.emit("removed_from_combat", rule, cards=removed)


def _compositions(total: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Every way to write `total` as `parts` numbers of 0 or more, the first part largest first."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest
