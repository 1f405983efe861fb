"""Equipment and Fortifications (301.5, 301.6): each its Oracle text and the lines that differ."""

from __future__ import annotations

from kb.engine.attachments import attached_gets, equip, fortify
from kb.engine.objects import CardDefinition


def _equipment(name: str, mana_cost: str, bonus: str, power: int, toughness: int, keywords: tuple[str, ...], equip_cost: str) -> type[CardDefinition]:
    """An Equipment whose only abilities are "Equipped creature gets ..." and "Equip [cost]"."""
    return type(name.replace(" ", ""), (CardDefinition,), {
        "name": name,
        "mana_cost": mana_cost,
        "type_line": "Artifact — Equipment",
        "oracle": f"{bonus}\nEquip {equip_cost}",
        "static": (attached_gets(power, toughness, *keywords, text=bonus),),
        "activated": (equip(equip_cost),),
    })


Bonesplitter = _equipment("Bonesplitter", "{1}", "Equipped creature gets +2/+0.", 2, 0, (), "{1}")
VulshokMorningstar = _equipment("Vulshok Morningstar", "{2}", "Equipped creature gets +2/+2.", 2, 2, (), "{2}")
LoxodonWarhammer = _equipment(
    "Loxodon Warhammer", "{3}", "Equipped creature gets +3/+0 and has trample and lifelink.", 3, 0, ("Trample", "Lifelink"), "{3}"
)


class DarksteelGarrison(CardDefinition):
    name = "Darksteel Garrison"
    mana_cost, type_line = "{2}", "Artifact — Fortification"
    oracle = "Fortified land has indestructible.\nFortify {3}"
    in_part = True  # its "whenever fortified land becomes tapped" ability is left out
    static = (attached_gets(0, 0, "Indestructible", text="Fortified land has indestructible."),)
    activated = (fortify("{3}"),)
