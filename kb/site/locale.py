"""What changes with the page's language: the interface strings, dates, and the order of words.

The interface strings live here, one table per language, so a template never holds a sentence in
only one language. Dates are written with babel in the reader's own form ("7 de junio de 2024",
"June 7, 2024"). Sorting follows what a reader of the language expects of a word list: case and
accents do not count, and in Spanish "ñ" is a letter of its own between "n" and "o".
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from babel.dates import format_date

LANGS = ("es", "en")
DEFAULT_LANG = "es"
LANG_NAMES = {"es": "Español", "en": "English"}


def other_lang(lang: str) -> str:
    return "en" if lang == "es" else "es"


STRINGS: dict[str, dict[str, str]] = {
    "es": {
        "site_name": "Reglas completas de Magic",
        "site_description": "Las Reglas completas de Magic: The Gathering en español e inglés",
        "home": "Inicio",
        "rules": "Reglas",
        "contents": "Índice de las reglas",
        "part": "Parte",
        "section": "Sección",
        "glossary": "Glosario",
        "terminology": "Terminología",
        "examples": "Ejemplos",
        "executable_examples": "Ejemplos ejecutables",
        "releases": "Versiones",
        "release_history": "Historial de versiones",
        "coverage": "Cobertura de la traducción",
        "graph": "Grafo de referencias",
        "sources": "Fuentes",
        "wiki_sources": "Páginas de la wiki",
        "search": "Buscar",
        "search_placeholder": "Buscar en las reglas",
        "search_zero": "Nada encontrado para [SEARCH_TERM]",
        "search_one": "[COUNT] resultado para [SEARCH_TERM]",
        "search_many": "[COUNT] resultados para [SEARCH_TERM]",
        "search_more": "Más resultados",
        "search_clear": "Borrar",
        "search_searching": "Buscando [SEARCH_TERM]…",
        "search_noscript": "La búsqueda necesita JavaScript.",
        "search_corrected": "Mostrando resultados de «[SEARCH_TERM]»",
        "search_goto_rule": "Ir a la regla [RULE]",
        "search_shown": "[SHOWN] de [COUNT] resultados para [SEARCH_TERM]",
        "search_no_rule": "No hay ninguna regla [RULE] en las reglas vigentes ([RELEASE]).",
        "search_help": "Un número de regla, una palabra clave o un término en español o en inglés. Intro abre el primer resultado; las flechas recorren los resultados.",
        "language": "Idioma",
        "untranslated": "sin traducción",
        "untranslated_title": "No hay traducción al español de esta regla; se muestra el texto original en inglés.",
        "translated": "traducida",
        "referenced_by": "Referenciada por",
        "references": "Referencias",
        "history": "Historial",
        "example": "Ejemplo",
        "example_code_fold": "Código del ejemplo: léelo, edítalo y ejecútalo",
        "example_result": "Resultado en el motor de referencia",
        "example_text": "Descripción",
        "example_rules": "Reglas",
        "example_passed": "correcto",
        "example_failed": "fallido",
        "example_error": "error",
        "from_release": "Versión de las reglas",
        "release": "Versión",
        "effective": "en vigor desde",
        "spanish_source": "Texto en español",
        "spanish_source_from": "de",
        "source_wiki": "página de la wiki",
        "source_po": "catálogo de traducción",
        "catalog_current": "entrada al día",
        "catalog_fuzzy": "entrada marcada como dudosa (fuzzy)",
        "catalog_behind": "el texto inglés ha cambiado desde entonces",
        "catalog_id": "msgctxt en el catálogo",
        "quoted_as": "citada como",
        "newest_number": "número en la versión más reciente",
        "translates_release": "traduce la versión",
        "alignment": "Alineación",
        "evidence": "Indicios",
        "changed_since": "El texto en inglés ha cambiado desde la versión que se tradujo.",
        "status_exact": "exacta",
        "status_nearest": "versión más cercana",
        "status_renumbered": "renumerada",
        "status_drifted": "desviada",
        "status_unmatched": "sin pareja",
        "event_present": "ya existía",
        "unchanged_since": "sin cambios desde el {date}",
        "event_added": "añadida",
        "event_removed": "eliminada",
        "event_changed": "modificada",
        "event_moved": "renumerada",
        "event_unchanged": "sin cambios",
        "words": "palabras",
        "see_diff": "ver cambios",
        "in_release": "en la versión del",
        "other_language": "Leer en inglés",
        "other_language_short": "EN",
        "english_text": "Texto original en inglés",
        "spanish_text": "Texto en español",
        "graph_view": "ver en el grafo",
        "rule": "Regla",
        "term": "Término",
        "definition": "Definición",
        "english": "Inglés",
        "spanish": "Español",
        "source": "Fuente",
        "kind": "Tipo",
        "kind_term-pair": "par de términos",
        "kind_glossary": "glosario",
        "kind_section-title": "título de sección",
        "rules_with_spanish": "Secciones y reglas con texto en español",
        "section_title_known": "Título en español",
        "fuzzy": "traducen un texto inglés anterior",
        "fuzzy_one": "traduce un texto inglés anterior",
        "fuzzy_short": "De un texto anterior",
        "from_catalogs": "de catálogos de traducción",
        "from_catalogs_short": "De catálogos",
        "coverage_note": "Por sección de la versión más reciente: la sección y sus reglas con texto en español, cuántos de esos textos vienen de catálogos de traducción importados (los demás, de citas en páginas de la wiki), cuántas de esas traducciones son de un texto inglés que ha cambiado después, y si se conoce el título de la sección en español.",
        "total": "Total",
        "yes": "sí",
        "no": "no",
        "added": "Añadidas",
        "removed": "Eliminadas",
        "changed": "Modificadas",
        "moved": "Renumeradas",
        "before": "Antes",
        "after": "Después",
        "diff_between": "Cambios entre versiones",
        "no_changes": "Ninguna.",
        "diff_pages": "Páginas",
        "releases_in_english": "El texto de las reglas que se compara aquí es el inglés oficial de cada versión: no hay un texto oficial en español de cada versión.",
        "line": "línea",
        "quotes_rules": "Reglas citadas",
        "page_text": "Texto de la página",
        "stamp": "Versión citada",
        "graph_intro": "Elige una regla para ver qué reglas cita y cuáles la citan.",
        "graph_rule": "Regla",
        "graph_show": "Mostrar",
        "graph_out": "Cita a",
        "graph_in": "Citada por",
        "graph_unknown": "No existe esa regla en la versión más reciente.",
        "graph_noscript": "El grafo necesita JavaScript; las referencias de cada regla también figuran en su página.",
        "none": "ninguna",
        "of": "de",
        "pages": "páginas",
        "glossary_from_wiki": "Las definiciones en español proceden de las citas del glosario en las páginas de la wiki.",
        "title_untranslated": "título sin traducción",
        "parts_and_sections": "Partes y secciones",
        "release_newest": "más reciente",
        "fulltext": "Reglas completas en una página",
        "fulltext_intro": "Todas las reglas de la versión del {release} en una sola página: para buscar con Ctrl+F, leer con una conexión lenta o imprimir.",
        "fulltext_spanish": "El texto en español es la traducción de este proyecto, no oficial, salvo los textos oficiales citados, que lo indican. {translated} de {total} reglas están en español; las que no tienen traducción de su texto inglés actual se muestran en inglés y lo indican.",
        "fulltext_untranslated": "sin traducción",
        "fulltext_outdated": "traducción desactualizada",
        "fulltext_quoted": "texto oficial",
        "fulltext_download": "Descargar en texto plano (.txt)",
        "fulltext_contents": "Índice",
        "text_download": "Texto en español (.txt)",
        "text_download_release": "Las reglas del {release} en español, en texto plano (.txt): línea por línea como el archivo oficial en inglés, con el inglés donde ningún texto en español traduce ese texto",
        "text_download_note": "Cada versión se descarga en español como texto plano (UTF-8), con las mismas líneas y números que el archivo oficial en inglés; donde ningún texto en español traduce el inglés de esa versión, la línea queda en inglés.",
        "examples_none": "Este sitio no incluye ejemplos ejecutables.",
        "example_not_run": "sin ejecutar",
        "state_reviewed": "revisada",
        "state_translated": "sin revisar",
        "state_fuzzy": "pendiente de actualizar",
        "stale_english_changes": "Qué cambió en el texto inglés desde entonces",
        "label_project": "traducción de este proyecto, {state}",
        "label_wiki": "texto oficial en español, citado en la wiki ({page})",
        "label_translates": "traduce el texto inglés del {release}",
        "label_translates_unchanged": "traduce el texto inglés del {release}, sin cambios desde entonces",
        "label_translates_older": "traduce un texto inglés anterior",
        "label_warning": "Aviso: el texto inglés cambió el {changed}, y este texto en español no recoge el cambio.",
        "label_warning_unknown": "Aviso: el texto inglés ha cambiado desde entonces, y este texto en español no recoge el cambio.",
        "label_other": "Otro texto en español",
        "label_older": "Texto anterior en español",
        "label_shown": "Texto en español",
        "label_kept_in": "Dónde se guarda el texto en español",
        "words_one": "{n} palabra",
        "words_other": "{n} palabras",
        "examples_one": "{n} ejemplo",
        "examples_other": "{n} ejemplos",
        "count_added_one": "{n} añadida",
        "count_added_other": "{n} añadidas",
        "count_removed_one": "{n} eliminada",
        "count_removed_other": "{n} eliminadas",
        "count_changed_one": "{n} modificada",
        "count_changed_other": "{n} modificadas",
        "count_moved_one": "{n} renumerada",
        "count_moved_other": "{n} renumeradas",
        "glossary_added": "Términos añadidos",
        "glossary_removed": "Términos eliminados",
        "glossary_changed": "Términos modificados",
        "glossary_none": "Ninguno.",
        "glossary_cut_short": "El texto publicado de la versión del {release} termina dentro de su glosario, tras el término {term}: los términos que le siguen no se comparan.",
        "rules_one": "{n} regla",
        "rules_other": "{n} reglas",
        "lines_one": "{n} línea",
        "lines_other": "{n} líneas",
        "now_numbered": "hoy {id}",
        "more_about": "Historial, texto inglés y fuentes de la regla {id}",
        "permalink": "Enlace permanente a la regla {id}",
        "short_address": "Dirección corta",
        "details_loading": "Cargando…",
        "details_noscript": "El historial y el texto en el otro idioma necesitan JavaScript.",
        "rule_contents": "En esta sección",
        "quoted_as_rule": "citada como regla {id}",
        "source_catalog": "{name}",
        "catalog_part": "parte {n} de las reglas",
        "catalog_glossary": "el glosario",
        "wiki_original": "Página original en la wiki",
        "wiki_licence": "Texto de la wiki, citado con fines informativos bajo la licencia",
        "official_rules": "Reglas oficiales (Wizards of the Coast)",
        "fan_notice": "Contenido de fans no oficial, permitido por la Política de contenido de fans. No aprobado ni respaldado por Wizards. Partes de los materiales usados son propiedad de Wizards of the Coast. ©Wizards of the Coast LLC.",
        "compare": "Comparar dos versiones",
        "compare_old": "Versión anterior",
        "compare_new": "Versión posterior",
        "compare_show": "Comparar",
        "compare_noscript": "La comparación entre dos versiones cualesquiera necesita JavaScript; las páginas de cambios entre versiones consecutivas, no.",
        "against_newest": "con la más reciente",
        "compare_intro": "Elige dos versiones de las reglas: se muestran las reglas añadidas, eliminadas, modificadas y renumeradas entre ellas, palabra a palabra, siguiendo cada regla a través de las renumeraciones (texto oficial en inglés).",
        "compare_error": "No se pudieron leer los textos de esas versiones.",
        "compare_swapped": "Las dos versiones se eligieron en orden inverso: se comparan de la más antigua a la más reciente.",
        "compare_same": "Es la misma versión dos veces: no hay cambios que mostrar.",
        "executable_example": "Ejemplo ejecutable",
        "section_spanish": "Texto en español, salvo donde se indica: {label}.",
        "section_untranslated": "{count} de {total} reglas aún sin traducción: se muestran en inglés, marcadas «EN».",
        "section_hint": "Pulsa el número de una regla para copiar su enlace y ver su historial, su texto en inglés y sus fuentes.",
    },
    "en": {
        "site_name": "Magic Comprehensive Rules",
        "site_description": "The Magic: The Gathering Comprehensive Rules in Spanish and English",
        "home": "Home",
        "rules": "Rules",
        "contents": "Contents of the rules",
        "part": "Part",
        "section": "Section",
        "glossary": "Glossary",
        "terminology": "Terminology",
        "examples": "Examples",
        "executable_examples": "Executable examples",
        "releases": "Releases",
        "release_history": "Release history",
        "coverage": "Translation coverage",
        "graph": "Reference graph",
        "sources": "Sources",
        "wiki_sources": "Wiki pages",
        "search": "Search",
        "search_placeholder": "Search the rules",
        "search_zero": "Nothing found for [SEARCH_TERM]",
        "search_one": "[COUNT] result for [SEARCH_TERM]",
        "search_many": "[COUNT] results for [SEARCH_TERM]",
        "search_more": "More results",
        "search_clear": "Clear",
        "search_searching": "Searching for [SEARCH_TERM]…",
        "search_noscript": "Search needs JavaScript.",
        "search_corrected": "Showing results for “[SEARCH_TERM]”",
        "search_goto_rule": "Go to rule [RULE]",
        "search_shown": "[SHOWN] of [COUNT] results for [SEARCH_TERM]",
        "search_no_rule": "There is no rule [RULE] in the current rules ([RELEASE]).",
        "search_help": "A rule number, a keyword or a term, in English or Spanish. Enter opens the first result; the arrow keys move through the results.",
        "language": "Language",
        "untranslated": "untranslated",
        "untranslated_title": "This rule has no Spanish translation.",
        "translated": "translated",
        "referenced_by": "Referenced by",
        "references": "References",
        "history": "History",
        "example": "Example",
        "example_code_fold": "The example's code: read, edit and run it",
        "example_result": "Result on the reference engine",
        "example_text": "Description",
        "example_rules": "Rules",
        "example_passed": "passed",
        "example_failed": "failed",
        "example_error": "error",
        "from_release": "Rules release",
        "release": "Release",
        "effective": "effective",
        "spanish_source": "Spanish text",
        "spanish_source_from": "from",
        "source_wiki": "wiki page",
        "source_po": "translation catalog",
        "catalog_current": "up-to-date entry",
        "catalog_fuzzy": "entry marked fuzzy",
        "catalog_behind": "the English text has changed since",
        "catalog_id": "msgctxt in the catalog",
        "quoted_as": "quoted as",
        "newest_number": "number in the newest release",
        "translates_release": "translates the release of",
        "alignment": "Alignment",
        "evidence": "Evidence",
        "changed_since": "The English text has changed since the release that was translated.",
        "status_exact": "exact",
        "status_nearest": "nearest release",
        "status_renumbered": "renumbered",
        "status_drifted": "drifted",
        "status_unmatched": "unmatched",
        "event_present": "already present",
        "unchanged_since": "unchanged since {date}",
        "event_added": "added",
        "event_removed": "removed",
        "event_changed": "changed",
        "event_moved": "renumbered",
        "event_unchanged": "unchanged",
        "words": "words",
        "see_diff": "see changes",
        "in_release": "in the release of",
        "other_language": "Leer en español",
        "other_language_short": "ES",
        "english_text": "English text",
        "spanish_text": "Spanish text",
        "graph_view": "show in the graph",
        "rule": "Rule",
        "term": "Term",
        "definition": "Definition",
        "english": "English",
        "spanish": "Spanish",
        "source": "Source",
        "kind": "Kind",
        "kind_term-pair": "term pair",
        "kind_glossary": "glossary",
        "kind_section-title": "section title",
        "rules_with_spanish": "Sections and rules with Spanish text",
        "section_title_known": "Spanish title",
        "fuzzy": "translate an earlier English text",
        "fuzzy_one": "translates an earlier English text",
        "fuzzy_short": "Of an earlier text",
        "from_catalogs": "from translation catalogs",
        "from_catalogs_short": "From catalogs",
        "coverage_note": "Per section of the newest release: the section and its rules with a Spanish text, how many of those texts come from imported translation catalogs (the others from quotes on wiki pages), how many of those translations are of an English text that changed since, and whether the section's Spanish title is known.",
        "total": "Total",
        "yes": "yes",
        "no": "no",
        "added": "Added",
        "removed": "Removed",
        "changed": "Changed",
        "moved": "Renumbered",
        "before": "Before",
        "after": "After",
        "diff_between": "Changes between releases",
        "no_changes": "None.",
        "diff_pages": "Pages",
        "releases_in_english": "The rules text compared here is each release's official English.",
        "line": "line",
        "quotes_rules": "Rules quoted",
        "page_text": "Page text",
        "stamp": "Release quoted",
        "graph_intro": "Pick a rule to see which rules it cites and which rules cite it.",
        "graph_rule": "Rule",
        "graph_show": "Show",
        "graph_out": "Cites",
        "graph_in": "Cited by",
        "graph_unknown": "The newest release has no such rule.",
        "graph_noscript": "The graph needs JavaScript; each rule's references are also on its page.",
        "none": "none",
        "of": "of",
        "pages": "pages",
        "glossary_from_wiki": "The Spanish definitions come from the glossary quotes on the wiki pages.",
        "title_untranslated": "untranslated title",
        "parts_and_sections": "Parts and sections",
        "release_newest": "newest",
        "fulltext": "The whole rules on one page",
        "fulltext_intro": "Every rule of the {release} release on a single page: for Ctrl+F, slow connections and printing.",
        "fulltext_spanish": "The Spanish is this project's translation, not an official one, except the official texts quoted, which say so. {translated} of {total} rules are in Spanish; those without a translation of their current English are shown in English, marked.",
        "fulltext_untranslated": "untranslated",
        "fulltext_outdated": "outdated translation",
        "fulltext_quoted": "official text",
        "fulltext_download": "The Spanish rules as plain text (.txt)",
        "fulltext_contents": "Contents",
        "text_download": "Spanish text (.txt)",
        "text_download_release": "The rules of {release} in Spanish as plain text (.txt): line for line as the official English file, in English where no Spanish translates that text",
        "text_download_note": "Each release can be downloaded in Spanish as plain text (UTF-8), with the same lines and numbers as the official English file; where no Spanish text translates that release's English, the line stays in English.",
        "examples_none": "This site has no executable examples.",
        "example_not_run": "not run",
        "state_reviewed": "reviewed",
        "state_translated": "not reviewed",
        "state_fuzzy": "needs updating",
        "stale_english_changes": "What changed in the English since",
        "label_project": "this project's translation, {state}",
        "label_wiki": "official Spanish text, quoted on the wiki ({page})",
        "label_translates": "translates the English of {release}",
        "label_translates_unchanged": "translates the English of {release}, unchanged since",
        "label_translates_older": "translates an earlier English text",
        "label_warning": "Warning: the English changed on {changed}, and this Spanish text does not have the change.",
        "label_warning_unknown": "Warning: the English has changed since, and this Spanish text does not have the change.",
        "label_other": "Another Spanish text",
        "label_older": "Earlier Spanish text",
        "label_shown": "Spanish text",
        "label_kept_in": "Where the Spanish is kept",
        "words_one": "{n} word",
        "words_other": "{n} words",
        "examples_one": "{n} example",
        "examples_other": "{n} examples",
        "count_added_one": "{n} added",
        "count_added_other": "{n} added",
        "count_removed_one": "{n} removed",
        "count_removed_other": "{n} removed",
        "count_changed_one": "{n} changed",
        "count_changed_other": "{n} changed",
        "count_moved_one": "{n} renumbered",
        "count_moved_other": "{n} renumbered",
        "glossary_added": "Terms added",
        "glossary_removed": "Terms removed",
        "glossary_changed": "Terms changed",
        "glossary_none": "None.",
        "glossary_cut_short": "The published text of the {release} release ends inside its glossary, after the term {term}: the terms after it are not compared.",
        "rules_one": "{n} rule",
        "rules_other": "{n} rules",
        "lines_one": "{n} line",
        "lines_other": "{n} lines",
        "now_numbered": "now {id}",
        "more_about": "History, Spanish text and sources of rule {id}",
        "permalink": "Permanent link to rule {id}",
        "short_address": "Short address",
        "details_loading": "Loading…",
        "details_noscript": "The history and the text in the other language need JavaScript.",
        "rule_contents": "In this section",
        "quoted_as_rule": "quoted as rule {id}",
        "source_catalog": "{name}",
        "catalog_part": "part {n} of the rules",
        "catalog_glossary": "the glossary",
        "wiki_original": "Original page on the wiki",
        "wiki_licence": "Wiki text, quoted for information under the licence",
        "official_rules": "Official rules (Wizards of the Coast)",
        "fan_notice": "Unofficial Fan Content permitted under the Fan Content Policy. Not approved/endorsed by Wizards. Portions of the materials used are property of Wizards of the Coast. ©Wizards of the Coast LLC.",
        "compare": "Compare two releases",
        "compare_old": "Older release",
        "compare_new": "Newer release",
        "compare_show": "Compare",
        "compare_noscript": "Comparing any two releases needs JavaScript; the pages of changes between neighbouring releases do not.",
        "against_newest": "against the newest",
        "compare_intro": "Pick two releases of the rules: the rules added, removed, changed and renumbered between them are shown, word by word, each rule followed through every renumbering.",
        "compare_error": "The texts of those releases could not be read.",
        "compare_swapped": "The two releases were picked in reverse order: they are compared from the older to the newer.",
        "compare_same": "The same release twice: there are no changes to show.",
        "executable_example": "Executable example",
        "section_spanish": "Spanish text, unless stated: {label}.",
        "section_untranslated": "{count} of {total} rules not yet translated.",
        "section_hint": "Select a rule's number to copy its link and see its history, its Spanish text and its sources.",
    },
}


def strings(lang: str) -> dict[str, str]:
    return STRINGS[lang]


def plural(n: int, lang: str, key: str) -> str:
    """`n` with the word `key` in the plural form the language's rules (from babel) give for it:
    the table holds `key_one`, `key_other`, and any other form the language has."""
    from babel import Locale

    form = Locale.parse(lang).plural_form(n)
    table = STRINGS[lang]
    return (table.get(f"{key}_{form}") or table[f"{key}_other"]).format(n=n)


def parse_release(release: str) -> dt.date | None:
    """An ISO date ("2024-06-07"), or None for anything else."""
    try:
        return dt.date.fromisoformat(release[:10])
    except (TypeError, ValueError):
        return None


@lru_cache(maxsize=4096)
def format_release(release: str | None, lang: str) -> str:
    """A release date as a reader of `lang` writes it; text that is no ISO date is returned as is."""
    if not release:
        return ""
    date = parse_release(release)
    if date is None:
        return release
    return format_date(date, format="long", locale=lang)


@lru_cache(maxsize=1024)
def short_release(release: str, lang: str) -> str:
    date = parse_release(release)
    if date is None:
        return release
    return format_date(date, format="medium", locale=lang)


# Sorts after every letter, so "n" + this places "ñ" after all of "na".."nz" and before "o".
_AFTER_LETTERS = "\u007f"


def _fold(text: str, keep_enye: bool) -> str:
    folded = []
    for char in unicodedata.normalize("NFC", text).casefold():
        if keep_enye and char == "ñ":
            folded.append("n" + _AFTER_LETTERS)
            continue
        base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
        folded.append(base)
    return "".join(folded)


def sort_key(lang: str) -> Callable[[str], tuple[str, str, str]]:
    """A key that orders words the way a dictionary of `lang` does.

    First by letters alone (case and accents folded; in Spanish "ñ" kept as its own letter after
    "n"), then with accents, then by the exact text, so the order is total and stable.
    """
    keep_enye = lang == "es"

    def key(text: str) -> tuple[str, str, str]:
        stripped = text.strip().lstrip("\"'“”«»¿¡(")
        return (_fold(stripped, keep_enye), unicodedata.normalize("NFC", stripped).casefold(), text)

    return key


def sorted_words(items, lang: str, key: Callable = lambda item: item):
    word_key = sort_key(lang)
    return sorted(items, key=lambda item: word_key(key(item)))
