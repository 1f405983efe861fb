"""Magic set names in English and in Spanish, for reading the release a wiki quote names.

Only names whose official Spanish form is certain are listed; a set not listed is still read,
named in the language the stamp is written in, and left unnamed in the other.
"""

from __future__ import annotations

import re

from kb.parse.wiki.text import fold

# (English, Spanish), oldest first. Names the Spanish releases kept in English appear twice.
SET_NAMES: tuple[tuple[str, str], ...] = (
    ("Eighth Edition", "Octava Edición"),
    ("Mirrodin", "Mirrodin"),
    ("Darksteel", "Darksteel"),
    ("Fifth Dawn", "Quinto Amanecer"),
    ("Champions of Kamigawa", "Campeones de Kamigawa"),
    ("Betrayers of Kamigawa", "Traidores de Kamigawa"),
    ("Saviors of Kamigawa", "Salvadores de Kamigawa"),
    ("Ninth Edition", "Novena Edición"),
    ("Ravnica: City of Guilds", "Rávnica: Ciudad de Gremios"),
    ("Guildpact", "Pacto entre Gremios"),
    ("Dissension", "Disensión"),
    ("Time Spiral", "Espiral del Tiempo"),
    ("Planar Chaos", "Caos Planar"),
    ("Future Sight", "Visión del Futuro"),
    ("Tenth Edition", "Décima Edición"),
    ("Lorwyn", "Lorwyn"),
    ("Shards of Alara", "Fragmentos de Alara"),
    ("Conflux", "Conflux"),
    ("Alara Reborn", "Alara Reunida"),
    ("Magic 2010", "Magic 2010"),
    ("Zendikar", "Zendikar"),
    ("Worldwake", "Despertar del Mundo"),
    ("Rise of the Eldrazi", "El Resurgir de los Eldrazi"),
    ("Magic 2011", "Magic 2011"),
    ("Scars of Mirrodin", "Cicatrices de Mirrodin"),
    ("Mirrodin Besieged", "Mirrodin Sitiado"),
    ("New Phyrexia", "Nueva Phyrexia"),
    ("Magic 2012", "Magic 2012"),
    ("Innistrad", "Innistrad"),
    ("Dark Ascension", "Ascenso Oscuro"),
    ("Avacyn Restored", "Avacyn Resucitada"),
    ("Magic 2013", "Magic 2013"),
    ("Return to Ravnica", "Regreso a Rávnica"),
    ("Gatecrash", "Masacre"),
    ("Dragon's Maze", "Laberinto del Dragón"),
    ("Magic 2014", "Magic 2014"),
    ("Theros", "Theros"),
    ("Born of the Gods", "Nacidos de los Dioses"),
    ("Journey into Nyx", "Viaje a Nyx"),
    ("Magic 2015", "Magic 2015"),
    ("Khans of Tarkir", "Khans de Tarkir"),
    ("Fate Reforged", "Destino Reescrito"),
    ("Dragons of Tarkir", "Dragones de Tarkir"),
    ("Battle for Zendikar", "La Batalla por Zendikar"),
    ("Oath of the Gatewatch", "El Juramento de los Guardianes"),
    ("Shadows over Innistrad", "Sombras sobre Innistrad"),
    ("Eldritch Moon", "Luna Inquietante"),
    ("Kaladesh", "Kaladesh"),
    ("Aether Revolt", "La Revuelta del Éter"),
    ("Amonkhet", "Amonkhet"),
    ("Hour of Devastation", "La Hora de la Devastación"),
    ("Ixalan", "Ixalan"),
    ("Rivals of Ixalan", "Rivales de Ixalan"),
    ("Dominaria", "Dominaria"),
    ("Core Set 2019", "Colección Básica 2019"),
    ("Guilds of Ravnica", "Gremios de Rávnica"),
    ("Ravnica Allegiance", "Lealtad de Rávnica"),
    ("War of the Spark", "La Guerra de la Chispa"),
    ("Core Set 2020", "Colección Básica 2020"),
    ("Throne of Eldraine", "Trono de Eldraine"),
    ("Theros Beyond Death", "Theros: Más Allá de la Muerte"),
    ("Core Set 2021", "Colección Básica 2021"),
    ("Kaldheim", "Kaldheim"),
    ("Strixhaven: School of Mages", "Strixhaven: Escuela de Magos"),
    ("Modern Horizons 2", "Horizontes de Modern 2"),
    ("Adventures in the Forgotten Realms", "Aventuras en los Reinos Olvidados"),
    ("Innistrad: Midnight Hunt", "Innistrad: Cacería de Medianoche"),
    ("Innistrad: Crimson Vow", "Innistrad: Compromiso Carmesí"),
    ("Kamigawa: Neon Dynasty", "Kamigawa: Dinastía de Neón"),
    ("Streets of New Capenna", "Calles de Nueva Capenna"),
    ("Dominaria United", "Dominaria Unida"),
    ("The Brothers' War", "La Guerra de los Hermanos"),
    ("Phyrexia: All Will Be One", "Phyrexia: Todos Serán Uno"),
    ("March of the Machine", "Marcha de las Máquinas"),
    ("The Lord of the Rings: Tales of Middle-earth", "El Señor de los Anillos: Relatos de la Tierra Media"),
    ("Wilds of Eldraine", "Tierras Salvajes de Eldraine"),
    ("The Lost Caverns of Ixalan", "Las Cavernas Olvidadas de Ixalan"),
    ("Murders at Karlov Manor", "Asesinatos en la Mansión Karlov"),
    ("Outlaws of Thunder Junction", "Forajidos de Thunder Junction"),
    ("Modern Horizons 3", "Horizontes de Modern 3"),
    ("Bloomburrow", "Bloomburrow"),
)

# Families whose Spanish name follows the English one by rule: yearly Commander decks keep
# their English name, core sets from 2019 on are "Colección Básica" and the year.
_PATTERNS: tuple[tuple[re.Pattern[str], str, re.Pattern[str], str], ...] = (
    (re.compile(r"commander (20\d\d)"), "Commander {0}", re.compile(r"commander (20\d\d)"), "Commander {0}"),
    (
        re.compile(r"core set (20(?:19|2[01]))"),
        "Core Set {0}",
        re.compile(r"coleccion basica (20(?:19|2[01]))"),
        "Colección Básica {0}",
    ),
)

_BY_ENGLISH = {fold(en): (en, es) for en, es in SET_NAMES}
_BY_SPANISH = {fold(es): (en, es) for en, es in SET_NAMES}


def lookup_set(name: str) -> tuple[str, str, str] | None:
    """`(english, spanish, language of `name`)` for a known set, else None. The language is
    "both" when the two names are the same."""
    key = fold(name)
    english, spanish = _BY_ENGLISH.get(key), _BY_SPANISH.get(key)
    if english and spanish:
        return english[0], english[1], "both"
    if english:
        return english[0], english[1], "en"
    if spanish:
        return spanish[0], spanish[1], "es"
    for en_pattern, en_name, es_pattern, es_name in _PATTERNS:
        match_en, match_es = en_pattern.fullmatch(key), es_pattern.fullmatch(key)
        if match_en or match_es:
            year = (match_en or match_es).group(1)
            en, es = en_name.format(year), es_name.format(year)
            lang = "both" if en == es else "en" if match_en else "es"
            return en, es, lang
    return None
