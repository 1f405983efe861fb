"""The combat phase (rules 506–511)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.decisions import Decision

if TYPE_CHECKING:
    from kb.engine.objects import Card


class CombatMixin:
    """The combat phase (rules 506–511)."""

    # ----- combat (rule 506–511; blocking is not modelled: every attacker is unblocked)

    @property
    def attackers(self) -> list[Card]:
        return [c for c in self.battlefield if c.attacking is not None]

    def _declare_attackers(self) -> None:
        for player in self.active_players:
            able = [
                c for c in player.creatures
                if not c.tapped and not self._summoning_sick(c)
            ]
            if not able or not self.attackable_players(player):
                continue
            chosen = self.decide(Decision(player, "attackers", tuple(able), count=(0, len(able)), rule="508.1a"))
            for card in chosen:
                defenders = self.attackable_players(player)
                defender = defenders[0] if len(defenders) == 1 else self.decide(
                    Decision(player, "attack_target", tuple(defenders), rule="508.1b", context={"attacker": card})
                )
                card.attacking = defender
                if "Vigilance" not in card.keywords:
                    card.tapped = True
                self.emit("attacks", "508.1", card=card, defender=defender)

    def _combat_damage(self) -> None:
        assignments = [(c, c.attacking, c.power) for c in self.attackers if (c.power or 0) > 0 and not c.attacking.left_game]
        if not assignments:
            return
        for card, defender, power in assignments:
            self.deal_damage(card, defender, power)

    def _remove_from_combat(self, rule: str) -> None:
        removed = self.attackers
        for card in removed:
            card.attacking = None
        if removed:
            self.emit("removed_from_combat", rule, cards=removed)
