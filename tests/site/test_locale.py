"""Dates and word order as readers of each language expect them."""

from kb.site.locale import STRINGS, format_release, sort_key, sorted_words


def test_dates_are_written_per_locale():
    assert format_release("2024-06-07", "es") == "7 de junio de 2024"
    assert format_release("2024-06-07", "en") == "June 7, 2024"
    assert format_release("2017-09-29", "es") == "29 de septiembre de 2017"


def test_a_release_that_is_no_date_is_shown_as_is():
    assert format_release("Horizontes de Modern 3", "es") == "Horizontes de Modern 3"
    assert format_release(None, "en") == ""


def test_spanish_order_ignores_accents_and_case():
    words = ["pila", "Ábaco", "acción", "Acá", "abeja", "Órbita", "oro"]
    assert sorted_words(words, "es") == ["Ábaco", "abeja", "Acá", "acción", "Órbita", "oro", "pila"]


def test_spanish_enye_is_a_letter_between_n_and_o():
    words = ["oasis", "ñandú", "nube", "nz", "ña", "Ñu", "nácar", "o"]
    assert sorted_words(words, "es") == ["nácar", "nube", "nz", "ña", "ñandú", "Ñu", "o", "oasis"]


def test_english_order_folds_enye_like_any_accent():
    assert sorted_words(["nz", "ña", "nb"], "en") == ["ña", "nb", "nz"]


def test_accented_and_plain_words_tie_break_stably():
    key = sort_key("es")
    assert key("el") < key("él")
    assert sorted_words(["él", "el", "El"], "es") == sorted_words(["El", "él", "el"], "es")


def test_leading_quotes_and_spanish_opening_marks_do_not_count():
    assert sorted_words(["¿zeta?", "“alfa”", "beta"], "es") == ["“alfa”", "beta", "¿zeta?"]


def test_both_languages_have_the_same_interface_strings():
    assert set(STRINGS["es"]) == set(STRINGS["en"])
    assert STRINGS["es"]["referenced_by"] == "Referenciada por"
    assert STRINGS["en"]["referenced_by"] == "Referenced by"
    assert STRINGS["es"]["untranslated"] == "sin traducción"
