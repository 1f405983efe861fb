"""A section no wiki's navigation names in Spanish (720, 721 today) takes the team's translation of
its title, where the catalogs translate the current English; a stale one is not used."""

from __future__ import annotations

import dataclasses

from conftest import fake_kb

from kb.site.sitedata import SiteData
from kb.site.views import section_title


def test_a_section_title_comes_from_the_catalogs_when_no_wiki_gives_it(tmp_path):
    kb = fake_kb(tmp_path)
    quoted = kb.spanish("101.4")
    titles = {"405": dataclasses.replace(quoted, id_es="405", text="Pila", changed_since=False),
              "4": dataclasses.replace(quoted, id_es="4", text="Zonas viejas", changed_since=True)}
    original = kb.spanish
    kb.spanish = lambda rule_id: titles.get(rule_id) or original(rule_id)
    data = SiteData.collect(kb)
    stack = next(s for s in data.sections if s.id == "405")
    zones = next(p for p in data.parts if p.id == "4")
    assert section_title(data, stack, "es") == ("Pila", True)
    assert section_title(data, zones, "es") == ("Zones", False)
    # A title a wiki gives keeps precedence.
    players = next(s for s in data.sections if s.id == "102")
    assert section_title(data, players, "es") == ("Jugadores", True)
