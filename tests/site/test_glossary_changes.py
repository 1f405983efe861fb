"""The glossary's changes between two releases, as the release pages list them."""

from __future__ import annotations

from kb.model import GlossaryEntry
from kb.site.glossary_changes import GlossaryChange, counts, definition, glossary_changes


def entry(term: str, *senses: str) -> GlossaryEntry:
    return GlossaryEntry(term, list(senses), "2024-01-01", "en", "x.txt", 1)


def test_added_removed_and_changed_entries_sorted_by_term():
    old = [entry("Stack", "A zone."), entry("Tap", "To turn sideways."), entry("Ability", "Text.")]
    new = [entry("Ability", "Text."), entry("Stack", "A zone where spells wait."), entry("Banding", "An ability."),
           entry("Aura", "An enchantment.")]
    found = glossary_changes(old, new)
    assert [(c.status, c.term) for c in found] == [
        ("added", "Aura"), ("added", "Banding"), ("removed", "Tap"), ("changed", "Stack")]
    assert found[3] == GlossaryChange("changed", "Stack", "Stack", "A zone.", "A zone where spells wait.")
    assert counts(found) == {"added": 2, "removed": 1, "changed": 1}


def test_how_a_release_writes_its_marks_is_no_change():
    """Curly or straight quotes, a '?' for a lost mark, underscores for italics, a dash as '--':
    the same term and the same definition."""
    old = [entry('"As Though"', "Text that lets a player do what they couldn't -- normally."),
           entry("Planar _Magic_", "A casual variant.")]
    new = [entry("?As Though?", "Text that lets a player do what they couldn?t\u2014normally."),
           entry("Planar Magic", "A casual variant.")]
    assert glossary_changes(old, new) == []


def test_line_breaks_are_not_changes_and_not_shown():
    """A definition wrapped over several lines in one release and on one line in the next reads
    the same; each sense is written on one line."""
    old = [entry("Mana", "The primary resource\n  in the game. See rule 106.", "Second  sense.")]
    new = [entry("Mana", "The primary resource in the game. See rule 106.", "Second sense.")]
    assert glossary_changes(old, new) == []
    assert definition(old[0]) == "The primary resource in the game. See rule 106.\nSecond sense."


def test_a_reference_that_follows_the_renumbering_is_no_change():
    old = [entry("Dash", "A keyword ability. See rule 702.108, \u201cDash.\u201d")]
    new = [entry("Dash", "A keyword ability. See rule 702.109, \u201cDash.\u201d")]
    assert glossary_changes(old, new, {"702.108": "702.109"}) == []
    # Without the rule renumbered, the new number is a change.
    assert [c.status for c in glossary_changes(old, new, {"702.108": "702.108"})] == ["changed"]


def test_a_renamed_entry_is_one_change_and_a_new_case_is_a_change():
    old = [entry("Enchant World", "An old supertype."), entry("Put Into Play", "Old words.")]
    new = [entry("World", "An old supertype."), entry("Put into Play", "Old words.")]
    found = glossary_changes(old, new)
    assert [(c.status, c.old_term, c.new_term, c.renamed) for c in found] == [
        ("changed", "Put Into Play", "Put into Play", True), ("changed", "Enchant World", "World", True)]


def test_the_same_inputs_give_the_same_list():
    old = [entry(f"Term {i}", f"Text {i}.") for i in range(30)]
    new = [entry(f"Term {i}", f"Text {i}{'!' if i % 3 else '.'}") for i in range(5, 40)]
    first = glossary_changes(old, new)
    assert first == glossary_changes(list(reversed(old)), list(reversed(new)))
    assert counts(first) == {"added": 10, "removed": 5, "changed": 17}


def test_a_glossary_cut_short_is_compared_as_far_as_it_goes():
    """A release whose text ends inside its glossary lost the terms after the cut, not removed
    them; its last entry, perhaps cut in two, is not compared; the next release has not added them."""
    whole = [entry("Ability", "Text."), entry("Attack", "To declare."), entry("Banding", "An ability."),
             entry("Cast", "To take a spell.")]
    cut = [entry("Ability", "Text!"), entry("Attack", "To declare."), entry("Banding", "An abil")]
    assert [(c.status, c.term) for c in glossary_changes(whole, cut, new_cut=True)] == [("changed", "Ability")]
    later = [*whole, entry("Zone", "A place.")]
    assert [(c.status, c.term) for c in glossary_changes(cut, later, old_cut=True)] == [("changed", "Ability")]
    # Uncut, the same lists are terms removed and added.
    assert {(c.status, c.term) for c in glossary_changes(whole, cut)} == {
        ("changed", "Ability"), ("changed", "Banding"), ("removed", "Cast")}


def test_a_release_is_cut_short_when_its_text_ends_inside_its_glossary():
    from types import SimpleNamespace

    from kb.site.glossary_changes import cut_short

    assert cut_short(SimpleNamespace(regions=[("intro", 1, 5), ("rules", 6, 90), ("glossary", 91, 120)]))
    assert not cut_short(SimpleNamespace(regions=[("rules", 6, 90), ("glossary", 91, 120), ("credits", 121, 130)]))
    assert not cut_short(SimpleNamespace(regions=[("rules", 6, 90)]))
