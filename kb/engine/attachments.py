"""Equipment and Fortifications (rules 301.5, 301.6): attaching and unattaching them (701.3),
the equip and fortify abilities (702.6, 702.67), what an Equipment gives the equipped creature
(301.5f), and the state-based actions that unattach what can't stay attached (704.5n, 704.5p).

>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', battlefield=['Bonesplitter', 'Grizzly Bears'])
>>> game = Game(players=[ana, Player('Bruno')])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> bonesplitter, bears = ana.battlefield
>>> _ = game.activate(ana, bonesplitter, targets=[bears])
>>> game.resolve_stack()
>>> bonesplitter.attached_to, bears.power
(Card('Grizzly Bears'), 4)

An Equipment doesn't leave with its creature: it stays on the battlefield, unattached (704.5n).

>>> game.destroy([bears])
>>> game.check_state_based_actions()
True
>>> bonesplitter.zone, bonesplitter.attached_to
(Zone.BATTLEFIELD, None)

Reconfigure (702.151), "equip planeswalker" (702.6e) and moving Auras (303.4) are not
modelled: they raise `NotModelledError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kb.engine.errors import NotModelledError
from kb.engine.layers import ContinuousEffect, combine, grant, modify, remove
from kb.engine.objects import AbilityDefinition, Card, Zone
from kb.engine.part import GamePart
from kb.engine.protection import protected_from
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.stack import ActivatedAbility

# What each kind of attachment may be attached to: an Equipment to a creature (301.5), a
# Fortification to a land (301.6).
ATTACHES_TO = {"Equipment": "Creature", "Fortification": "Land"}


def attachment_kind(card: Card) -> str | None:
    """"Equipment" or "Fortification" (its subtype), "Aura", or None for anything else."""
    subtypes = card.subtypes
    for kind in ("Aura", "Equipment", "Fortification"):
        if kind in subtypes:
            return kind
    return None


class Attachments(GamePart):
    """Attaching and unattaching Equipment and Fortifications (301.5, 301.6, 701.3)."""

    def attached(self, permanent: Card) -> list[Card]:
        """The permanents attached to `permanent`, in timestamp order."""
        return sorted((c for c in self.game.battlefield if self.is_attached(c, permanent)), key=lambda c: c.timestamp)

    def is_attached(self, attachment: Card, obj: Any) -> bool:
        """Whether `attachment` is attached to `obj` now: the same object, not one that left the
        battlefield and came back as a new object (400.7)."""
        if attachment.attached_to is not obj or attachment.zone is not Zone.BATTLEFIELD:
            return False
        if isinstance(obj, Card):
            return obj.zone is Zone.BATTLEFIELD and getattr(attachment, "attached_incarnation", obj.incarnation) == obj.incarnation
        return True

    def can_attach(self, attachment: Card, obj: Any) -> bool:
        """Rules 301.5, 301.5c, 301.6, 702.16c: whether an Equipment could equip `obj` (a
        creature), or a Fortification fortify it (a land): never itself, never a player, never
        while it is a creature, never a permanent with protection from it."""
        kind = attachment_kind(attachment)
        if kind == "Aura":
            raise NotModelledError("attaching an Aura by an effect (303.4, 701.3) is not modelled")
        if kind is None or not isinstance(obj, Card) or obj is attachment:
            return False
        if "Reconfigure" in attachment.keywords:
            raise NotModelledError("reconfigure (702.151) is not modelled")
        if obj.zone is not Zone.BATTLEFIELD or ATTACHES_TO[kind] not in obj.types:
            return False
        if attachment.is_creature or "Battle" in attachment.types:
            return False  # 301.5c, 301.6: an Equipment that's a creature equips nothing
        return not protected_from(obj, attachment)

    def attach(self, attachment: Card, obj: Any, *, rule: str = "701.3a") -> bool:
        """Rule 701.3: attach an Equipment or Fortification to `obj`. If it can't be attached
        to it, it doesn't move (701.3b); attached to it already, nothing happens; attached to
        something new, it gets a new timestamp (701.3c) and becomes unattached from what it was
        attached to (701.3d). Returns whether it moved."""
        if attachment.zone is not Zone.BATTLEFIELD or attachment_kind(attachment) is None:
            return False  # 701.3b: only an Aura, Equipment or Fortification can be attached
        if self.is_attached(attachment, obj):
            return False
        if not self.can_attach(attachment, obj):
            self.game.emit("doesnt_attach", "701.3b", card=attachment, to=obj)
            return False
        previous = attachment.attached_to if attachment.attached_to is not None and self.is_attached(attachment, attachment.attached_to) else None
        attachment.attached_to = obj
        attachment.attached_incarnation = obj.incarnation
        attachment.timestamp = self.game.layers._next_timestamp()
        if previous is not None:
            self.game.emit("unattaches", "701.3d", card=attachment, previous=previous)
        self.game.emit("attaches", rule, card=attachment, to=obj)
        return True

    def unattach(self, attachment: Card, *, rule: str = "701.3d") -> bool:
        """Rule 701.3d: move an Equipment or Fortification away from what it is attached to; it
        stays on the battlefield. Returns whether it was attached."""
        if attachment_kind(attachment) == "Aura":
            raise NotModelledError("unattaching an Aura (701.3d) is not modelled: it would be put into its owner's graveyard (704.5m)")
        previous = attachment.attached_to
        if previous is None or attachment.zone is not Zone.BATTLEFIELD:
            return False
        attachment.attached_to = None
        attachment.attached_incarnation = None
        self.game.emit("unattaches", rule, card=attachment, previous=previous)
        return True

    def _illegal_attachments(self) -> list[tuple[Card, str]]:
        """Rules 704.5n and 704.5p: an Equipment or Fortification attached to an illegal or
        nonexistent permanent or to a player, and a creature, battle or other permanent that
        isn't an Aura, Equipment or Fortification attached to anything, become unattached."""
        found = []
        for card in self.game.battlefield:
            if card.attached_to is None:
                continue
            kind = attachment_kind(card)
            if kind == "Aura":
                continue  # 704.5m
            if card.is_creature or "Battle" in card.types or kind is None:
                if "Reconfigure" in card.keywords:
                    raise NotModelledError("reconfigure (702.151) is not modelled")
                found.append((card, "704.5p"))
            elif not self.is_attached(card, card.attached_to) or not self.can_attach(card, card.attached_to):
                found.append((card, "704.5n"))
        return found


# ----- abilities and effects of Equipment and Fortifications, for card definitions


def _attach_to_target(game: "Game", ability: "ActivatedAbility") -> None:
    source = ability.source
    if source.zone is not Zone.BATTLEFIELD or source.incarnation != ability.data.get("incarnation", source.incarnation):
        return  # the Equipment left: a new object isn't attached (400.7)
    for target in ability.targets:
        game.attach(source, target, rule=ability.data.get("rule", "701.3a"))


def equip(cost: str, *, text: str | None = None) -> AbilityDefinition:
    """Rule 702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
    control. Activate only as a sorcery."."""
    return AbilityDefinition(text or f"Equip {cost}", _attach_to_target, mana=cost, target="creature you control", sorcery=True)


def fortify(cost: str, *, text: str | None = None) -> AbilityDefinition:
    """Rule 702.67a: "Fortify [cost]" means "[Cost]: Attach this Fortification to target land
    you control. Activate only as a sorcery."."""
    return AbilityDefinition(text or f"Fortify {cost}", _attach_to_target, mana=cost, target="land you control", sorcery=True)


def attached_gets(power: int = 0, toughness: int = 0, *keywords: str, loses: tuple[str, ...] = (), text: str = "") -> Callable[["Game", Card], ContinuousEffect]:
    """A static ability "Equipped creature gets +N/+M, has <keywords> and loses <loses>" (or
    "Fortified land has ..."): it affects whatever the permanent is attached to (301.5f), in
    layers 6 and 7c."""

    def make(game: "Game", card: Card) -> ContinuousEffect:
        parts = []
        if power or toughness:
            parts.append(modify(power, toughness))
        if keywords:
            parts.append(grant(*keywords))
        if loses:
            parts.append(remove(*loses))
        return combine(*parts, applies_to=lambda g, c, chars: g.is_attached(card, c), text=text or card.definition.oracle)

    return make


def enchanted_attachment_grants(*keywords: str, text: str = "") -> Callable[["Game", Card], ContinuousEffect]:
    """An Aura's static ability "Enchanted Equipment has 'Equipped creature has <keywords>'":
    an ability the Equipment has, whose effect has the Aura's timestamp or the Equipment's,
    whichever is later, and stays after the Equipment's own abilities when the Equipment gets a
    new timestamp (613.7a, 613.7e)."""

    def make(game: "Game", aura: Card) -> ContinuousEffect:
        def equipped(g: "Game", c: Card, chars: Any) -> bool:
            equipment = aura.attached_to
            return isinstance(equipment, Card) and equipment.zone is Zone.BATTLEFIELD and g.is_attached(equipment, c)

        effect = grant(*keywords, applies_to=equipped, text=text)
        if isinstance(aura.attached_to, Card):
            effect.granted_to = aura.attached_to
        return effect

    return make
