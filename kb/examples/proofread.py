"""The narration read back mechanically, line by line, for the faults each language can show: every
executable example run in Spanish and in English, and each line checked by rules of the language,
not against a list of known sentences.

In Spanish:

- ``fallback``: a message the Spanish catalog lacks, told in English instead;
- ``untranslated``: a word the engine gave and the narration could not translate;
- ``english_word``: an English word outside the names of cards and players ("the", "token");
- ``card_name``: a card named two ways on one page, a card told by its English name where the
  names table confirms a Spanish one, or a token or a nameless creature without its article;
- ``number``: a count and its noun disagreeing ("1 contadores", "dos ficha", "capa 4 y 7b"), a
  participle disagreeing with its verb or its subject ("Bear Cub y Hill Giant: girado",
  "Una criatura 2/2: girado");
- ``conjunction``: "y" before the sound i ("y Isla": "e Isla"), "o" before the sound o ("u"),
  "a el" and "de el" not contracted ("al", "del");
- ``personal_a``: a player chosen or attacked without the personal "a" ("elige Bruno");
- ``nothing``: an empty list told as a dash ("busca y encuentra —"), in both languages.

In English:

- ``spanish_word``: a Spanish word or an accented letter outside the names;
- ``number``: a count and its noun disagreeing ("1 counters", "2 card", "layer 5 and 7c"), a
  subject and its verb ("Bear Cub return").

The catalogs are read the same way message by message (`proofread_catalogs`): each filled as each
of its uses fills it, so that a message no example tells is read too.

    python3 -m kb.examples.proofread                # the counts, then each finding
    python3 -m kb.examples.proofread NAME --quiet   # one example's counts
"""

from __future__ import annotations

import functools
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from kb.examples.card_names import spanish_names
from kb.examples.narration import NarrationLine

SPANISH_KINDS = ("fallback", "untranslated", "english_word", "card_name", "number", "conjunction", "personal_a", "nothing")
ENGLISH_KINDS = ("spanish_word", "number", "nothing")
# An empty list told as a dash where a sentence wants words ("finds —" for "finds nothing").
_DASH_FOR_NOTHING = re.compile(r"(?:^|[\s:(])—(?:[\s.,;)]|$)")
# Where a name stood in a line once names are masked: no word of either language.
NAME = "◆"


@dataclass(frozen=True)
class Finding:
    """One fault: its kind, the language and page (example) it is on, the line and what is wrong."""

    kind: str
    lang: str
    page: str
    text: str
    detail: str


@dataclass
class ProofReport:
    """The lines read in each language and what was found in them."""

    lines: Counter = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)

    def counts(self, lang: str) -> dict[str, int]:
        """Findings per kind in `lang`, every kind of the language named (0 where none)."""
        kinds = SPANISH_KINDS if lang == "es" else ENGLISH_KINDS
        found = Counter(f.kind for f in self.findings if f.lang == lang)
        return {kind: found[kind] for kind in kinds}


# ----- words of each language

ENGLISH_WORDS = frozenset("""
the and of is are to from with its their it by on onto into at for or an this that was were be
token tokens tapped untapped counter counters damage life card cards creature creatures player players
ability abilities spell spells turn step phase target targets library graveyard hand battlefield
exile exiled attacks blocks chooses draws gets loses gains becomes enters destroyed sacrificed
can't doesn't isn't don't upkeep combat layer layers owner controller copy pile mode modes
""".split())
SPANISH_WORDS = frozenset("""
el la los las del y e o u que con por para una unos unas en es son se su sus al ficha fichas
contador contadores girado girada girados giradas vida vidas carta cartas criatura criaturas
capa capas turno paso fase daño pila mano biblioteca cementerio campo batalla elige roba
""".split())
_ACCENTED = re.compile(r"[áéíóúñÁÉÍÓÚÑ¿¡]")

NUMBER_WORDS_ES = {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
                   "diez": 10, "un": 1, "una": 1, "uno": 1}
NUMBER_WORDS_EN = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                   "ten": 10, "a": 1, "an": 1, "one": 1}
# Counted nouns of each language: singular -> plural.
NOUNS_ES = {"ficha": "fichas", "contador": "contadores", "carta": "cartas", "vida": "vidas", "punto": "puntos",
            "criatura": "criaturas", "fase": "fases", "copia": "copias", "repetición": "repeticiones",
            "capa": "capas", "modo": "modos", "montón": "montones", "vez": "veces", "habilidad": "habilidades",
            "objetivo": "objetivos", "turno": "turnos", "permanente": "permanentes", "jugador": "jugadores"}
NOUNS_EN = {"token": "tokens", "counter": "counters", "card": "cards", "creature": "creatures", "phase": "phases",
            "copy": "copies", "repetition": "repetitions", "layer": "layers", "mode": "modes", "pile": "piles",
            "time": "times", "ability": "abilities", "target": "targets", "turn": "turns",
            "permanent": "permanents", "player": "players"}
# Nouns a list of numbers or letters follows: "capas 4 y 7b", "modes 1 and 2".
LISTED_ES = ("capa", "modo", "regla")
LISTED_EN = ("layer", "mode", "rule")
# What such a list lists: numbers, each with a letter or not ("7b"), or letters.
_ITEM = r"(?:\d+[a-z]?|[a-z])"


def _count_of(word: str, words: dict[str, int]) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return words.get(word)


def _counted(masked: str, numbers: dict[str, int], nouns: dict[str, str], modifiers: bool) -> list[tuple[str, str]]:
    """A count and the noun it counts disagreeing in number: the noun next to it, or (in English,
    where words describing the noun come first) the one after a word such as "poison", "+1/+1"."""
    plurals = {plural: singular for singular, plural in nouns.items()}
    words = [w.strip(".,;:()") for w in masked.split()]
    found = []
    for i, word in enumerate(words):
        count = _count_of(word, numbers)
        if count is None:
            continue
        following = words[i + 1:i + 2]
        if modifiers and following and following[0].lower() not in nouns and following[0].lower() not in plurals:
            following = words[i + 1:i + 3]
        if not following:
            continue
        noun = following[-1].lower()
        said = " ".join([word, *following])
        if count == 1 and noun in plurals:
            found.append(("number", f"{said!r}: one, and a plural noun"))
        elif count != 1 and noun in nouns and following[-1] != "Token":
            found.append(("number", f"{said!r}: {count}, and a singular noun"))
    return found


# ----- names

@functools.lru_cache(maxsize=1)
def _card_names() -> tuple[str, ...]:
    """Every name a card can be told by: the engine's cards in English, and the table's Spanish."""
    from kb.engine.objects import CardDefinition

    names = set(CardDefinition.registry) | set(spanish_names().values()) | set(spanish_names())
    return tuple(sorted((n for n in names if n), key=len, reverse=True))


def mask_names(text: str, names: Iterable[str]) -> str:
    """`text` with each name (the longest first, any case of its first letter) and each mana
    symbol ({U}) replaced by NAME."""
    text = re.sub(r"\{[^{}]*\}", NAME, text)
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        pattern = r"(?<![\w])[" + re.escape(name[0].upper()) + re.escape(name[0].lower()) + "]" + re.escape(name[1:]) + r"(?![\w])"
        text = re.sub(pattern, NAME, text)
    return text


def _line_names(line: NarrationLine, players: Sequence[str]) -> list[str]:
    return [told for _, told in line.names] + list(players) + list(_card_names())


# ----- Spanish

_PARTICIPLE = r"(\w+?(?:ad|id|ech|iert|uest)(?:o|a|os|as))"
_COLON_PARTICIPLE = re.compile(r"^(?P<subject>.+?): (?P<participle>" + _PARTICIPLE[1:-1] + r")\b")
_VERB_PARTICIPLE = re.compile(r"\b(?P<verb>queda|quedan|está|están|es|son|entra|entran)\s+(?:\w+\s+)??" + _PARTICIPLE + r"\b")
_PLURAL_VERBS = {"quedan", "están", "son", "entran"}
_NAMES_LIST = re.compile(r"◆(?:(?:, | y | e )◆)*")


def _spanish_gender(told: str, english: str) -> str | None:
    """"f" or "m" for a name told in Spanish with a clear gender; None if unclear; an English
    name is masculine."""
    from kb.examples.narration import spanish_agreement

    first = told.split(" ", 1)[0].lower()
    if told == english and first not in ("un", "una", "el", "la"):
        return "m"
    return spanish_agreement(told)[0]


def _is_plural_subject(masked: str) -> bool:
    words = masked.replace(",", " , ").split()
    if any(w in (",", "y", "e") for w in words):
        return True
    return bool(words) and (_count_of(words[0], NUMBER_WORDS_ES) or 0) > 1


def check_spanish_line(line: NarrationLine, players: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The faults of one Spanish line, as (kind, detail)."""
    found: list[tuple[str, str]] = []
    text = line.text
    for message in line.fallbacks:
        found.append(("fallback", f"no Spanish for {message!r}"))
    for word in line.untranslated:
        found.append(("untranslated", f"the engine's {word!r}"))
    masked = mask_names(text, _line_names(line, players))
    english = foreign_words("es")
    for word in re.findall(r"[^\W\d_]+", masked):
        if word.lower() in english:
            found.append(("english_word", f"{word!r}"))
    # Tokens and nameless creatures are named with their article everywhere.
    for match in re.finditer(r"(\S+)\s+(fichas?\s+de\s+\w|criaturas?\s+\d+/\d+)", text):
        before = match.group(1).lower().lstrip("[(«\"'¿¡")
        if before == "de" and match.group(2).startswith("criatura"):
            continue  # what a spell is ("un hechizo de criatura 2/2"), not a card's name
        if not (before in ("una", "la", "las", "cada", "otra", "esa", "esta") or _count_of(before, NUMBER_WORDS_ES)):
            found.append(("card_name", f"{match.group(0)!r} without its article"))
    if re.match(r"(fichas?|criaturas?)\s+(de\s+\w|\d+/\d+)", text, flags=re.IGNORECASE):
        found.append(("card_name", "a token or a creature without its article at the start"))
    for english, spanish in spanish_names().items():
        # Not within a longer name that holds it ("Snow-Covered Forest").
        longer = [name for name in _card_names() if english in name and name != english]
        if english != spanish and re.search(r"(?<!\w)" + re.escape(english) + r"(?!\w)", mask_names(text, longer)):
            found.append(("card_name", f"{english!r} told in English: the table confirms {spanish!r}"))
    found += _names_as_the_table_gives_them(line)
    found += _spanish_numbers(masked)
    found += _spanish_agreement(line, masked)
    found += _spanish_subject_verb(masked)
    found += _spanish_conjunctions(text)
    if _DASH_FOR_NOTHING.search(text):
        found.append(("nothing", "an empty list told as a dash"))
    for player in players:
        for match in re.finditer(r"\b(elige|eligen|ataca|atacan|ataque|ataquen)\s+" + re.escape(player) + r"\b", text):
            found.append(("personal_a", f"{match.group(0)!r}: a person takes \"a\""))
    return found


def _names_as_the_table_gives_them(line: NarrationLine) -> list[tuple[str, str]]:
    """Each card the line names, told as the rule says: its official Spanish name where the names
    table confirms one, else its English name; never another card's name (a printed name for a
    card a sticker renamed). Names of what no card prints (a token, "una criatura 2/2") are the
    engine's words and pass."""
    from kb.engine.objects import CardDefinition

    table = spanish_names()
    found = []
    for english, told in line.names:
        if not english:
            continue
        expected = table.get(english, english)
        known = english in table or english in CardDefinition.registry or told in CardDefinition.registry or told in table.values()
        if known and told != expected:
            found.append(("card_name", f"{english!r} told as {told!r}, not as {expected!r}"))
    return found


def _spanish_numbers(masked: str) -> list[tuple[str, str]]:
    found = []
    found += _counted(masked, NUMBER_WORDS_ES, NOUNS_ES, modifiers=False)
    for noun in LISTED_ES:
        for match in re.finditer(r"\b(" + noun + r"s?)\s+(" + _ITEM + r"(?:(?:,\s*|\s+[ye]\s+)" + _ITEM + r")*)(?!\w)", masked):
            items = len(re.split(r",\s*|\s+[ye]\s+", match.group(2)))
            plural = match.group(1).endswith("s")
            if (items > 1) != plural:
                found.append(("number", f"{match.group(0)!r}: {items} listed"))
    return found


def _spanish_agreement(line: NarrationLine, masked: str) -> list[tuple[str, str]]:
    found = []
    colon = _COLON_PARTICIPLE.match(masked)
    if colon:
        subject, participle = colon.group("subject"), colon.group("participle")
        plural = _is_plural_subject(subject)
        if plural != participle.endswith("s"):
            found.append(("number", f"{line.text!r}: {'several' if plural else 'one'}, and {participle!r}"))
        found += _gender(line, subject, participle)
    for match in _VERB_PARTICIPLE.finditer(masked):
        verb, participle = match.group("verb"), match.group(2)
        if (verb in _PLURAL_VERBS) != participle.endswith("s"):
            found.append(("number", f"{match.group(0)!r}: the verb and the participle disagree"))
        subject = masked[:match.start()].strip()
        if _NAMES_LIST.fullmatch(subject):
            plural = _is_plural_subject(subject)
            if plural != (verb in _PLURAL_VERBS):
                found.append(("number", f"{line.text!r}: {'several' if plural else 'one'}, and {verb!r}"))
            found += _gender(line, subject, participle)
    return found


# Words that may follow a subject and end in -n without being a verb in the plural.
_NOT_VERBS = frozenset("en con sin según también quien bien fuera ante sobre entre desde nunca".split())
_CLITICS = frozenset("no se le les lo la los las ya".split())
_SUBJECT_VERB = re.compile(r"^(?P<subject>◆(?:(?:, | y | e )◆)*):? (?P<rest>.*)$")


def _spanish_subject_verb(masked: str) -> list[tuple[str, str]]:
    """A line that begins with its subject (a name, or a list of names) and its verb: the verb in
    the plural (-n) exactly when the subject is several."""
    match = _SUBJECT_VERB.match(masked)
    if not match:
        return []
    words = [w.strip(".,;:()") for w in match.group("rest").split()]
    while words and words[0].lower() in _CLITICS:
        words = words[1:]
    if not words or re.fullmatch(_PARTICIPLE, words[0]):
        return []
    verb = words[0]
    if verb.lower() in _NOT_VERBS or not verb.isalpha() or verb[:1].isupper():
        return []
    plural = _is_plural_subject(match.group("subject"))
    if plural and not verb.endswith("n") and verb.endswith(("a", "e", "á", "é")):
        return [("number", f"several, and {verb!r}")]
    if not plural and re.search(r"[aeo]n$", verb):
        return [("number", f"one, and {verb!r}")]
    return []


def _english_subject_verb(masked: str, vocabulary: frozenset[str]) -> list[tuple[str, str]]:
    """The same in English: one name and a verb in the plural ("Bear Cub return"), several and a
    verb in the singular ("Bear Cub and Hill Giant returns")."""
    match = re.match(r"^(?P<subject>◆(?:(?:, |,? and )◆)*):? (?P<verb>[a-z]+)\b", masked)
    if not match:
        return []
    verb, several = match.group("verb"), "and" in match.group("subject").split()
    if verb in ("put", "cast", "set", "cut"):
        return []  # a participle as much as a verb
    if not several and verb + "s" in vocabulary and not verb.endswith("s"):
        return [("number", f"one, and {verb!r}")]
    if several and verb.endswith("s") and verb[:-1] in vocabulary:
        return [("number", f"several, and {verb!r}")]
    return []


@functools.lru_cache(maxsize=1)
def _english_vocabulary() -> frozenset[str]:
    """The words of the narration's English messages."""
    from kb.examples.narration import message_ids

    return frozenset(word.lower() for message in message_ids() for word in re.findall(r"[A-Za-z]+", message))


@functools.lru_cache(maxsize=1)
def _spanish_vocabulary() -> frozenset[str]:
    """The words of the narration's Spanish messages (every translation, every context)."""
    from kb.examples.locales import po_path, read_catalog

    words = set()
    for message in read_catalog(po_path("es"), "es"):
        if not message.id:
            continue  # the header
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for text in strings:
            words.update(w.lower() for w in re.findall(r"[^\W\d_]+", text or ""))
    return frozenset(words)


def foreign_words(lang: str) -> frozenset[str]:
    """Words that betray the other language in a line of `lang`: the other language's words
    from its messages that `lang`'s messages never use, and the common ones listed here."""
    english, spanish = _english_vocabulary(), _spanish_vocabulary()
    if lang == "es":
        return frozenset((english - spanish) | (ENGLISH_WORDS - spanish))
    return frozenset((spanish - english) | (SPANISH_WORDS - english))


def _gender(line: NarrationLine, subject: str, participle: str) -> list[tuple[str, str]]:
    """A subject that is one name, or a list of names, and the participle's gender."""
    if not _NAMES_LIST.fullmatch(subject.strip()):
        return []
    genders = {_spanish_gender(told, english) for english, told in line.names}
    genders.discard(None)
    if len(line.names) != subject.count(NAME) or not genders:
        return []
    expected = "f" if genders == {"f"} else "m"
    got = "f" if participle.rstrip("s").endswith("a") else "m"
    if expected != got:
        return [("number", f"{line.text!r}: {participle!r} should be {'feminine' if expected == 'f' else 'masculine'}")]
    return []


def _english_name_at(text: str) -> bool:
    """Whether `text` begins with the English name of a card (its sound is English)."""
    return any(text.startswith(name) for name in _card_names() if name not in spanish_names().values())


def _spanish_conjunctions(text: str) -> list[tuple[str, str]]:
    found = []
    # "e" before the sound i: i-, hi- not beginning a diphthong (y hierba, y ion keep "y").
    i_sound = re.compile(r"h?[ií](?![aeiouáéíóú])", re.IGNORECASE)
    for match in re.finditer(r"(?<!\w)([ye])\s+(\S+)", text):
        rest = text[match.start(2):]
        wanted = "e" if i_sound.match(rest) and not _english_name_at(rest) else "y"
        if match.group(1) != wanted:
            found.append(("conjunction", f"'{match.group(1)} {match.group(2)}': {wanted!r} before it"))
    for match in re.finditer(r"(?<!\w)([aA]|[dD]e) el(?!\w)", text):
        found.append(("conjunction", f"{match.group(0)!r}: {'al' if match.group(1).lower() == 'a' else 'del'}"))
    for match in re.finditer(r"(?<!\w)([ou])\s+(\S+)", text):
        rest = text[match.start(2):]
        wanted = "u" if re.match(r"h?[oó]", rest, re.IGNORECASE) and not _english_name_at(rest) else "o"
        if match.group(1) != wanted:
            found.append(("conjunction", f"'{match.group(1)} {match.group(2)}': {wanted!r} before it"))
    return found


# ----- English

def check_english_line(line: NarrationLine, players: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The faults of one English line, as (kind, detail)."""
    found: list[tuple[str, str]] = []
    masked = mask_names(line.text, _line_names(line, players))
    spanish = foreign_words("en")
    for word in re.findall(r"[^\W\d_]+", masked):
        if word.lower() in spanish:
            found.append(("spanish_word", f"{word!r}"))
    if _ACCENTED.search(masked):
        found.append(("spanish_word", "an accented letter outside the names"))
    found += _counted(masked, NUMBER_WORDS_EN, NOUNS_EN, modifiers=True)
    found += _english_subject_verb(masked, _english_vocabulary())
    if _DASH_FOR_NOTHING.search(line.text):
        found.append(("nothing", "an empty list told as a dash"))
    if re.match(r"^◆: \w+ at the same time", masked):
        found.append(("number", "one card, and 'at the same time'"))
    for noun in LISTED_EN:
        for match in re.finditer(r"\b(" + noun + r"s?)\s+(" + _ITEM + r"(?:(?:,\s*|,?\s+and\s+)" + _ITEM + r")*)(?!\w)", masked):
            items = len(re.split(r",\s*and\s+|,\s*|\s+and\s+", match.group(2)))
            if (items > 1) != match.group(1).endswith("s"):
                found.append(("number", f"{match.group(0)!r}: {items} listed"))
    return found


# ----- pages

def proofread_page(page: str, lang: str, lines: Sequence[NarrationLine], players: Sequence[str] = ()) -> list[Finding]:
    """The faults of one page's narration in `lang`: each line's, and (in Spanish) a card named
    two ways on the page."""
    check = check_spanish_line if lang == "es" else check_english_line
    findings = [Finding(kind, lang, page, line.text, detail) for line in lines for kind, detail in check(line, players)]
    if lang == "es":
        forms: dict[str, set[str]] = defaultdict(set)
        for line in lines:
            for english, told in line.names:
                forms[english].add(told[:1].lower() + told[1:])
        for english, told in sorted(forms.items()):
            if len(told) > 1:
                findings.append(Finding("card_name", lang, page, "", f"{english!r} is named {len(told)} ways: {sorted(told)}"))
    return findings


# Who each agreement is, to fill a message told once per agreement: a masculine name kept in
# English, a feminine Spanish one, and two of each.
SAMPLE_SUBJECTS = {
    "m": ("Bear Cub", [("Bear Cub", "Bear Cub")]),
    "f": ("una criatura 2/2", [("", "una criatura 2/2")]),
    "mp": ("Bear Cub y Hill Giant", [("Bear Cub", "Bear Cub"), ("Hill Giant", "Hill Giant")]),
    "fp": ("una criatura 2/2 y una criatura 3/3", [("", "una criatura 2/2"), ("", "una criatura 3/3")]),
}
SAMPLE_SUBJECTS_EN = {
    "m": ("Bear Cub", [("Bear Cub", "Bear Cub")]),
    "f": ("Bear Cub", [("Bear Cub", "Bear Cub")]),
    "mp": ("Bear Cub and Hill Giant", [("Bear Cub", "Bear Cub"), ("Hill Giant", "Hill Giant")]),
    "fp": ("Bear Cub and Hill Giant", [("Bear Cub", "Bear Cub"), ("Hill Giant", "Hill Giant")]),
}
_NUMBER_WORDS = {"es": {1: "una", 2: "dos"}, "en": {1: "a", 2: "two"}}


def _filled(text: str, lang: str, count: int, subject_field: str | None, subject: str, person: bool,
            card: str = "Grizzly Bears") -> str:
    """`text`, a message, with each placeholder filled: numbers with `count` (in words where the
    narration counts in words), the agreeing field with `subject`, a chosen answer with a player
    (`person`), cards with two cards, a token's types with a creature type, any other with a card."""
    def value(match: re.Match) -> str:
        name, conversion = match.group(1), match.group(2)
        if conversion == "d":
            return str(count)
        if name == subject_field:
            return subject
        if name == "count":
            return _NUMBER_WORDS[lang][count]
        if name == "types":
            return "Myr"
        if name in ("player", "controller", "unit", "team", "holder", "first"):
            return "Ana"
        if name == "second" or (name == "answer" and person):
            return "Bruno"
        if name == "cards":
            return f"{card} y Hill Giant" if lang == "es" else f"{card} and Hill Giant"
        return card
    return re.sub(r"%\((\w+)\)([sd])", value, text)


def proofread_catalogs() -> list[Finding]:
    """Every message of each catalog, filled as each of its uses would fill it (with one and with
    two where it counts; once per agreement where it has one, in the number the agreement's field
    can take; with a player where a person is chosen), read as a line of its language: the
    messages no example tells too. A message told only per agreement is read in its contexts."""
    from kb.examples.locales import po_path, read_catalog
    from kb.examples.narration import AGREEING, MESSAGES

    fields = {MESSAGES[key]: field for key, field in AGREEING.items()}
    findings = []
    for lang in ("es", "en"):
        check = check_spanish_line if lang == "es" else check_english_line
        subjects = SAMPLE_SUBJECTS if lang == "es" else SAMPLE_SUBJECTS_EN
        for message in read_catalog(po_path(lang), lang):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            context = message.context or ""
            field = fields.get(ids[0])
            if field is not None and (not context or (context.endswith("p") and field != "cards")):
                continue  # never told so: without its agreement, or one card told as several
            strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            # English tells its msgids where it has no msgstr of its own.
            forms = [(text or ids[min(i, len(ids) - 1)]) for i, text in enumerate(strings)]
            subject, names = subjects.get(context, ("Grizzly Bears", []))
            # A card named in English (masculine) and, in Spanish, one with a feminine name too.
            cards = ("Grizzly Bears", "una criatura 2/2") if lang == "es" else ("Grizzly Bears",)
            known = (("Grizzly Bears", "Grizzly Bears"), ("Hill Giant", "Hill Giant"), ("", "una criatura 2/2"))
            for index, text in enumerate(forms):
                counts = (1, 2) if len(forms) == 1 else ((1,) if index == 0 else (2,))
                for count in counts:
                    for card in cards:
                        filled = _filled(text, lang, count, field, subject, context == "person", card)
                        line = NarrationLine(filled, None, "catalog", names=tuple(names) + known)
                        for kind, detail in check(line, ("Ana", "Bruno")):
                            findings.append(Finding(kind, lang, f"catalog[{context}]", filled, detail))
    return findings


def proofread(examples: Iterable = None, langs: Sequence[str] = ("es", "en")) -> ProofReport:
    """Run every executable example (or `examples`) in each of `langs` and read its narration."""
    from kb.examples.catalog import catalog
    from kb.examples.runner import run, run_example

    report = ProofReport()
    for example in (catalog() if examples is None else examples):
        for lang in langs:
            # The project's own examples run once per process, shared with whoever else runs them.
            result = run(example.name, lang) if examples is None else run_example(example, lang)
            for game in result.games:
                players = list(game.outcome.get("players", [])) + [str(t) for t in game.outcome.get("teams", [])]
                report.lines[lang] += len(game.narration)
                report.findings += proofread_page(example.name, lang, game.narration, [p for p in players if len(p) > 1])
    return report


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(
        prog="python3 -m kb.examples.proofread",
        description="Read the narration of the executable examples (and every message of the catalogs) "
                    "by the rules of each language; exit 1 if anything is found.",
        epilog="examples:\n  python3 -m kb.examples.proofread\n  python3 -m kb.examples.proofread bear-cub-attacks --quiet",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("names", nargs="*", help="examples to read (default: every example, and the catalogs)")
    parser.add_argument("--quiet", action="store_true", help="the counts only")
    parser.add_argument("--json", action="store_true", help="the counts and findings as JSON")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.names:
        from kb.examples.catalog import UnknownExampleError, find

        try:
            chosen = [find(name) for name in args.names]
        except UnknownExampleError as err:
            parser.exit(2, f"{parser.prog}: {err}\n")
        report = proofread(chosen)
    else:
        report = proofread()
    catalog_findings = [] if args.names else proofread_catalogs()
    findings = report.findings + catalog_findings
    if args.json:
        print(json.dumps({"lines": dict(report.lines), "counts": {lang: report.counts(lang) for lang in ("es", "en")},
                          "catalog_findings": len(catalog_findings),
                          "findings": [vars(f) for f in findings]}, ensure_ascii=False, indent=1))
        return 1 if findings else 0
    for lang in ("es", "en"):
        counts = report.counts(lang)
        print(f"{lang}: {report.lines[lang]} lines; " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if not args.names:
        print(f"catalogs: every message in each of its uses; {len(catalog_findings)} findings")
    if not args.quiet:
        for finding in findings:
            print(f"{finding.lang} {finding.page}: {finding.kind}: {finding.detail}" + (f" | {finding.text}" if finding.text else ""))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
