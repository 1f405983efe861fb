"""Equipment and Fortifications (301.5, 301.6): each its Oracle text and the lines that differ."""

from __future__ import annotations

from kb.engine.attachments import attached_gets, enchanted_attachment_grants, equip, fortify
from kb.engine.define import Trigger, draw, when_enters
from kb.engine.layers import grant
from kb.engine.objects import CardDefinition


def _equipment(name: str, mana_cost: str, bonus: str, power: int, toughness: int, keywords: tuple[str, ...], equip_cost: str, loses: tuple[str, ...] = ()) -> type[CardDefinition]:
    """An Equipment whose only abilities are "Equipped creature gets ..." and "Equip [cost]"."""
    return type(name.replace(" ", ""), (CardDefinition,), {
        "name": name,
        "mana_cost": mana_cost,
        "type_line": "Artifact — Equipment",
        "oracle": f"{bonus}\nEquip {equip_cost}",
        "static": (attached_gets(power, toughness, *keywords, loses=loses, text=bonus),),
        "activated": (equip(equip_cost),),
    })


Bonesplitter = _equipment("Bonesplitter", "{1}", "Equipped creature gets +2/+0.", 2, 0, (), "{1}")
VulshokMorningstar = _equipment("Vulshok Morningstar", "{2}", "Equipped creature gets +2/+2.", 2, 2, (), "{2}")
LoxodonWarhammer = _equipment(
    "Loxodon Warhammer", "{3}", "Equipped creature gets +3/+0 and has trample and lifelink.", 3, 0, ("Trample", "Lifelink"), "{3}"
)

ColossusHammer = _equipment("Colossus Hammer", "{1}", "Equipped creature gets +10/+10 and loses flying.", 10, 10, (), "{8}", loses=("Flying",))


class RuneOfFlight(CardDefinition):
    name = "Rune of Flight"
    mana_cost, type_line = "{1}{U}", "Enchantment — Aura"
    spell_target = "permanent"
    oracle = (
        "Enchant permanent\nWhen this Aura enters, draw a card.\nAs long as enchanted permanent is a creature, it has flying.\n"
        "As long as enchanted permanent is an Equipment, it has \"Equipped creature has flying.\""
    )
    triggered = (Trigger("When this Aura enters, draw a card.", when_enters(), draw(1)),)
    static = (
        lambda game, card: grant("Flying", applies_to=lambda g, c, chars: c is card.attached_to and "Creature" in chars.types, text="As long as enchanted permanent is a creature, it has flying."),
        enchanted_attachment_grants("Flying", text="Equipped creature has flying."),
    )


class DarksteelGarrison(CardDefinition):
    name = "Darksteel Garrison"
    mana_cost, type_line = "{2}", "Artifact — Fortification"
    oracle = "Fortified land has indestructible.\nFortify {3}"
    in_part = True  # its "whenever fortified land becomes tapped" ability is left out
    static = (attached_gets(0, 0, "Indestructible", text="Fortified land has indestructible."),)
    activated = (fortify("{3}"),)
