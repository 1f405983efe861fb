"""Equipment and Fortifications (301.5, 301.6): each its Oracle text and the lines that differ."""

from __future__ import annotations

from kb.engine.attachments import attached_gets, equip, fortify
from kb.engine.objects import CardDefinition


class Bonesplitter(CardDefinition):
    name = "Bonesplitter"
    mana_cost, type_line = "{1}", "Artifact — Equipment"
    oracle = "Equipped creature gets +2/+0.\nEquip {1}"
    static = (attached_gets(2, 0, text="Equipped creature gets +2/+0."),)
    activated = (equip("{1}"),)


class VulshokMorningstar(CardDefinition):
    name = "Vulshok Morningstar"
    mana_cost, type_line = "{2}", "Artifact — Equipment"
    oracle = "Equipped creature gets +2/+2.\nEquip {2}"
    static = (attached_gets(2, 2, text="Equipped creature gets +2/+2."),)
    activated = (equip("{2}"),)


class LoxodonWarhammer(CardDefinition):
    name = "Loxodon Warhammer"
    mana_cost, type_line = "{3}", "Artifact — Equipment"
    oracle = "Equipped creature gets +3/+0 and has trample and lifelink.\nEquip {3}"
    static = (attached_gets(3, 0, "Trample", "Lifelink", text="Equipped creature gets +3/+0 and has trample and lifelink."),)
    activated = (equip("{3}"),)


class DarksteelGarrison(CardDefinition):
    name = "Darksteel Garrison"
    mana_cost, type_line = "{2}", "Artifact — Fortification"
    oracle = "Fortified land has indestructible.\nFortify {3}"
    in_part = True  # its "whenever fortified land becomes tapped" ability is left out
    static = (attached_gets(0, 0, "Indestructible", text="Fortified land has indestructible."),)
    activated = (fortify("{3}"),)
