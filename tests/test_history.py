"""Release diffs and rule history: small invented releases first, then the real ones of the corpus."""

from __future__ import annotations

from functools import lru_cache

import pytest
from handmade import kind_and_parent

from kb.corpus import load_manifest
from kb.history import (
    ExampleChange,
    History,
    UnknownRelease,
    UnknownRule,
    WordChange,
    comparable,
    diff_releases,
    rule_history,
    trace,
    word_changes,
)
from kb.ingest import parse_corpus_file
from kb.model import CRDocument, Decoding, Example, Rule


def make_doc(release: str, rules: dict[str, str], examples: dict[str, list[str]] | None = None) -> CRDocument:
    made = []
    for line, (rule_id, text) in enumerate(rules.items(), 1):
        kind, parent = kind_and_parent(rule_id)
        rule = Rule(rule_id, kind, parent, text, release, "en", f"{release}.txt", line)  # type: ignore[arg-type]
        rule.examples = [Example(rule_id, n, t, line) for n, t in enumerate((examples or {}).get(rule_id, []), 1)]
        made.append(rule)
    return CRDocument(f"{release}.txt", release, release, Decoding("utf-8", False, {"LF": 0}), len(rules), rules=made)


OLD = make_doc(
    "2019-08-23",
    {
        "1": "Game Concepts",
        "100": "General",
        "100.1": "To end the turn, see rule 716. See also rules 716.1a–b.",
        "100.2": "A restart uses rule 717.",
        "7": "Additional Rules",
        "716": "Ending Turns and Phases",
        "716.1": "Some effects end the turn (see rule 716.2).",
        "716.1a": "Exile every spell and ability on the stack.",
        "716.1b": "Remove all creatures from combat.",
        "716.2": "Players may respond.",
        "717": "Restarting the Game",
        "717.1": "An effect may restart the game.",
        "717.2": "Reserved.",
    },
)
NEW = make_doc(
    "2019-10-04",
    {
        "1": "Game Concepts",
        "100": "General",
        "100.1": "To end the turn, see rule 717. See also rules 717.1a–b.",
        "100.2": "A restart uses rule 716.",
        "7": "Additional Rules",
        "716": "Adventurer Cards",
        "716.1": "Adventurer cards have a second set of characteristics.",
        "717": "Ending Turns and Phases",
        "717.1": "Some effects end the turn (see rule 717.2).",
        "717.1a": "Exile every spell and ability on the stack.",
        "717.1b": "Remove all creatures from combat.",
        "717.2": "Players may then respond.",
        "718": "Restarting the Game",
        "718.1": "An effect may restart the game.",
    },
)


@pytest.fixture(scope="module")
def small_diff():
    return diff_releases(OLD, NEW)


def test_renumbered_section_is_moved_with_its_rules(small_diff) -> None:
    moved = {e.old_id: e.new_id for e in small_diff.moved}
    assert moved == {
        "716": "717", "716.1": "717.1", "716.1a": "717.1a", "716.1b": "717.1b", "716.2": "717.2",
        "717": "718", "717.1": "718.1",
    }


def test_references_following_the_renumbering_are_no_change(small_diff) -> None:
    # 716.1 cites 716.2, which became 717.2: the new 717.1 citing 717.2 is the same text.
    assert not small_diff.entry_for(old_id="716.1").text_changed
    # 100.1 stayed where it was and follows the renumbering, ranges included.
    assert small_diff.entry_for(old_id="100.1") is None
    assert small_diff.mapping["100.1"] == "100.1"


def test_a_reference_that_no_longer_follows_is_a_change(small_diff) -> None:
    # 100.2 cited 717 (restarting the game, now 718); it now cites 716 (adventurers).
    entry = small_diff.entry_for(old_id="100.2")
    assert entry.status == "changed"
    # The words each release writes: the old one never said 718.
    assert entry.words == (WordChange("replace", "717.", "716."),)


def test_a_reference_the_new_release_left_unfollowed_is_no_change() -> None:
    """A text that reads the same in both releases has not changed, even where the renumbering
    would have rewritten its reference (the new release kept citing the old number), and the same
    goes for its examples; the diff reads the same either way round."""
    rules = {"1": "Game Concepts", "100": "General", "100.1": "See rule 100.3.", "100.2": "A new rule.",
             "100.3": "The rule cited."}
    kept = {"100.1": "See rule 100.2."}
    old = make_doc("2019-08-23", {k: v for k, v in rules.items() if k not in ("100.2", "100.3")} | kept
                   | {"100.2": "The rule cited."}, {"100.1": ["Cited: rule 100.2."]})
    new = make_doc("2019-10-04", rules | kept, {"100.1": ["Cited: rule 100.2."]})
    diff = diff_releases(old, new)
    assert diff.mapping["100.2"] == "100.3"
    assert diff.entry_for(old_id="100.1") is None
    back = diff_releases(new, old)
    assert back.entry_for(new_id="100.1") is None


def test_moved_and_slightly_changed(small_diff) -> None:
    entry = small_diff.entry_for(old_id="716.2")
    assert (entry.status, entry.new_id) == ("moved", "717.2")
    assert entry.words == (WordChange("insert", "", "then"),)
    assert 0.5 < entry.similarity < 1.0


def test_added_and_removed(small_diff) -> None:
    assert [e.new_id for e in small_diff.added] == ["716", "716.1"]
    assert [e.old_id for e in small_diff.removed] == ["717.2"]
    counts = small_diff.counts()
    assert counts == {
        "added": 2, "removed": 1, "changed": 1, "moved": 7, "moved_and_changed": 1, "examples_changed": 0,
        "unchanged": 4,
    }


def test_identical_releases_have_no_entries() -> None:
    diff = diff_releases(OLD, OLD)
    assert diff.entries == []
    assert diff.unchanged == len(OLD.rules)


def test_a_changed_example_changes_its_rule() -> None:
    before = make_doc("2020-01-01", {"1": "P", "100": "S", "100.1": "Rule."}, {"100.1": ["A player draws."]})
    after = make_doc("2020-02-01", {"1": "P", "100": "S", "100.1": "Rule."}, {"100.1": ["A player draws two."]})
    entry = diff_releases(before, after).entry_for(old_id="100.1")
    assert entry.status == "changed" and entry.text_changed
    # The rule's own text is the same: the change is in its example, and said there.
    assert entry.words == ()
    assert entry.examples == (
        ExampleChange("changed", 1, 1, "A player draws.", "A player draws two.",
                      (WordChange("replace", "draws.", "draws two."),)),
    )


def test_quotes_and_spaces_are_no_change() -> None:
    before = make_doc("2020-01-01", {"1": "P", "100": "S", "100.1": 'It\'s  "legal."'})
    after = make_doc("2020-02-01", {"1": "P", "100": "S", "100.1": "It’s “legal.”"})
    assert diff_releases(before, after).entries == []


def test_identical_texts_in_two_sections_pair_by_parent() -> None:
    before = make_doc(
        "2020-01-01",
        {"1": "P", "100": "Alpha", "100.1": "Reserved.", "101": "Beta", "101.1": "Reserved."},
    )
    after = make_doc(
        "2020-02-01",
        {"1": "P", "100": "New", "101": "Alpha", "101.1": "Reserved.", "102": "Beta", "102.1": "Reserved."},
    )
    diff = diff_releases(before, after)
    assert diff.mapping == {"1": "1", "100": "101", "100.1": "101.1", "101": "102", "101.1": "102.1"}


def test_rewritten_rule_in_place_is_changed() -> None:
    before = make_doc("2020-01-01", {"1": "P", "100": "S", "100.1": "Each team attacks using the old combat rules."})
    after = make_doc(
        "2020-02-01", {"1": "P", "100": "S", "100.1": "Each team attacks using the shared combat rules (see rule 100)."}
    )
    entry = diff_releases(before, after).entry_for(old_id="100.1")
    assert entry.status == "changed"
    assert [str(w) for w in entry.words] == ["[old] -> [shared]", "[rules.] -> [rules (see rule 100).]"]


def test_a_renamed_section_is_known_by_its_rules() -> None:
    rules = {"3": "Card Types", "308.1": "Each kind of card has a subtype.", "308.2": "It has no special rules."}
    before = make_doc("2023-04-14", {"3": "Card Types", "308": "Tribals", **rules})
    after = make_doc("2024-06-07", {"3": "Card Types", "308": "Kindreds", **rules})
    entry = diff_releases(before, after).entry_for(old_id="308")
    assert (entry.status, entry.new_id) == ("changed", "308")
    assert entry.words == (WordChange("replace", "Tribals", "Kindreds"),)


def ids_of(doc: CRDocument) -> list[str]:
    return [r.id for r in doc.rules]


def texts_of(doc: CRDocument) -> list[str]:
    return [r.text for r in doc.rules]


def test_a_rule_rewritten_in_place_is_changed_not_replaced() -> None:
    before = make_doc("2024-06-07", {
        "9": "P", "903": "Commander", "903.4": "Color identity.",
        "903.4a": "Color identity is established before the game begins.",
    })
    after = make_doc("2026-01-16", {
        "9": "P", "903": "Commander", "903.4": "Color identity.",
        "903.4a": "Color identity is established before the game begins. If a rule or effect refers to the"
                  " color identity of a card, it uses the color identity established then, and it never changes.",
    })
    entry = diff_releases(before, after).entry_for(old_id="903.4a")
    assert entry.status == "changed"
    # Without its parent rule in either release, the number alone places it.
    orphan_before = make_doc("2024-06-07", {k: v for k, v in zip(ids_of(before), texts_of(before)) if k != "903.4"})
    orphan_after = make_doc("2026-01-16", {k: v for k, v in zip(ids_of(after), texts_of(after)) if k != "903.4"})
    assert diff_releases(orphan_before, orphan_after).entry_for(old_id="903.4a").status == "changed"
    # An unrelated rule under the same number is not a rewrite of the old one.
    unrelated = make_doc("2026-01-16", {
        "9": "P", "903": "Commander", "903.4": "Color identity.", "903.4a": "Each deck has a commander zone seat.",
    })
    diff = diff_releases(before, unrelated)
    assert [e.status for e in diff.entries if "903.4a" in (e.old_id, e.new_id)] == ["added", "removed"]


def test_a_rule_split_in_two_keeps_its_number_for_the_part_that_stays() -> None:
    stays = "Playing a spell follows the steps listed below, in order, and none of them can be skipped."
    goes = (
        "Some spells specify that their controller's opponent does something the controller would"
        " normally do while it's being played, such as choose a mode or choose targets; in these cases"
        " the opponent does so when the spell's controller normally would do so."
    )
    before = make_doc("2003-03-15", {"4": "P", "409": "Playing Spells", "409.1": f"{stays}\n{goes}",
                                     "409.1a": "The player announces the spell."})
    after = make_doc("2003-07-01", {"4": "P", "409": "Playing Spells", "409.1": stays,
                                    "409.1a": "The player announces the spell.", "409.2": goes})
    diff = diff_releases(before, after)
    # The part that went is the longer, and the closer by similarity; the number goes with the start.
    assert diff.mapping["409.1"] == "409.1" and diff.mapping["409.1a"] == "409.1a"
    assert diff.entry_for(new_id="409.2").status == "added"
    # A shorter new text of other words under the same number is no part of the old one.
    other = make_doc("2003-07-01", {"4": "P", "409": "Playing Spells",
                                    "409.1": "A spell's controller may choose any mode it likes for it.",
                                    "409.1a": "The player announces the spell.", "409.2": f"{stays}\n{goes}"})
    assert diff_releases(before, other).mapping["409.1"] == "409.2"


def test_comparable_replaces_references() -> None:
    assert comparable("See rule 716.2 and rules 716.1a–b.") == comparable("See rule 717.2 and rules 717.1a–b.")
    assert comparable("See rule 716.2.") != comparable("See the rules.")


def test_word_changes() -> None:
    assert word_changes("a b c", "a x c") == (WordChange("replace", "b", "x"),)
    assert word_changes("a b c", "a b") == (WordChange("delete", "c", ""),)
    assert word_changes("", "a") == (WordChange("insert", "", "a"),)


# --- history of one rule -------------------------------------------------------------------------

THIRD = make_doc(
    "2020-01-24",
    {
        "1": "Game Concepts",
        "100": "General",
        "100.1": "To end the turn, see rule 718. See also rules 718.1a–b.",
        "7": "Additional Rules",
        "716": "Adventurer Cards",
        "716.1": "Adventurer cards have a second set of characteristics.",
        "717": "Companions",
        "718": "Ending Turns and Phases",
        "718.1": "Some effects end the turn (see rule 718.2).",
        "718.1a": "Exile every spell and ability on the stack.",
        "718.1b": "Remove all creatures from combat.",
        "718.2": "Players may then respond.",
    },
)


def test_trace_follows_a_rule_through_renumberings() -> None:
    docs = [THIRD, OLD, NEW]  # given out of order on purpose
    assert trace(docs, "717.1", "2019-10-04") == {"2019-08-23": "716.1", "2019-10-04": "717.1", "2020-01-24": "718.1"}
    assert trace(docs, "716.1") == {"2019-08-23": None, "2019-10-04": "716.1", "2020-01-24": "716.1"}
    assert trace(docs, "717.1", "2019-08-23") == {"2019-08-23": "717.1", "2019-10-04": "718.1", "2020-01-24": None}


def test_rule_history_events() -> None:
    history = History([OLD, NEW, THIRD])
    events = [(e.release, e.status, e.old_id, e.new_id, e.text_changed) for e in history.rule_history("718.2")]
    assert events == [
        ("2019-08-23", "present", None, "716.2", False),
        ("2019-10-04", "moved", "716.2", "717.2", True),
        ("2020-01-24", "moved", "717.2", "718.2", False),
    ]
    events = [(e.release, e.status) for e in rule_history([OLD, NEW, THIRD], "716.1")]
    assert events == [("2019-10-04", "added"), ("2020-01-24", "unchanged")]
    events = [(e.release, e.status, e.old_id) for e in history.rule_history("717.1", "2019-08-23")]
    assert events == [("2019-08-23", "present", None), ("2019-10-04", "moved", "717.1"), ("2020-01-24", "removed", "718.1")]


def test_history_computes_each_diff_once() -> None:
    history = History([OLD, NEW, THIRD])
    first = history.consecutive()
    assert [(d.old, d.new) for d in first] == [("2019-08-23", "2019-10-04"), ("2019-10-04", "2020-01-24")]
    assert all(a is b for a, b in zip(first, history.consecutive()))


def test_unknown_release_and_rule() -> None:
    history = History([OLD, NEW])
    with pytest.raises(UnknownRelease, match="no release 2001-01-01"):
        history.trace("100.1", "2001-01-01")
    with pytest.raises(UnknownRule, match="has no rule 999.9"):
        history.rule_history("999.9")
    with pytest.raises(ValueError, match="the same release given twice"):
        History([OLD, OLD])
    with pytest.raises(ValueError):
        History([])


# --- the corpus ----------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def corpus_history() -> History:
    return History(parse_corpus_file(e) for e in load_manifest() if e.kind == "cr")


@pytest.fixture(scope="module")
def history() -> History:
    return corpus_history()


def test_ending_the_turn_moves_716_to_717(history: History) -> None:
    diff = history.diff("2019-08-23", "2019-10-04")
    entry = diff.entry_for(old_id="716")
    assert (entry.status, entry.new_id, entry.text_changed) == ("moved", "717", False)
    rules_of_716 = [r.id for r in history.doc("2019-08-23").rules if r.parent == "716" or r.id.startswith("716.")]
    assert len(rules_of_716) > 10
    for rule_id in rules_of_716:
        assert diff.mapping[rule_id] == "717" + rule_id[3:]
    # The new section 715 (Adventurer Cards) is added; the old 715 moved to 716.
    assert diff.entry_for(new_id="715").status == "added"
    assert diff.mapping["715"] == "716"


def test_renumbered_references_are_not_changes(history: History) -> None:
    diff = history.diff("2019-08-23", "2019-10-04")
    # "See rule 718, “Restarting the Game.”" became "See rule 719, ...": the section moved, the text did not.
    assert "718" in history.doc("2019-08-23").rule("104.6").text
    assert "719" in history.doc("2019-10-04").rule("104.6").text
    assert diff.entry_for(old_id="104.6") is None
    assert diff.entry_for(old_id="801.17") is None


def test_trace_of_ending_the_turn(history: History) -> None:
    ids = history.trace("717", "2019-10-04")
    assert ids["2019-08-23"] == "716"
    assert ids["2026-01-16"] == "723"
    # Section 715 in 2017; renamed "Ending Turns and Phases" in 2019 (a change of title, not a new section).
    assert ids["2017-09-29"] == "715"
    assert ids["2018-07-13"] == "716"
    renamed = history.diff("2018-07-13", "2019-08-23").entry_for(old_id="716")
    assert renamed.status == "changed"
    assert renamed.words == (WordChange("replace", "the Turn", "Turns and Phases"),)
    assert history.trace("723.1")["2019-10-04"] == "717.1"


def test_two_headed_giant_combat_changed_in_2018(history: History) -> None:
    events = {e.release: e for e in history.rule_history("810.7")}
    assert events["2018-07-13"].status == "changed"
    changed_words = " ".join(w.new for w in events["2018-07-13"].words)
    assert "805.10" in changed_words
    assert events["2019-08-23"].status == "unchanged"


def test_every_rule_is_accounted_for(history: History) -> None:
    for diff in history.consecutive():
        old, new = history.prepared(diff.old), history.prepared(diff.new)
        assert set(diff.mapping) | {e.old_id for e in diff.removed} == set(old.rules)
        assert set(diff.mapping.values()) | {e.new_id for e in diff.added} == set(new.rules)
        assert len(set(diff.mapping.values())) == len(diff.mapping)
        counts = diff.counts()
        assert counts["unchanged"] + counts["changed"] + counts["moved"] + counts["removed"] == len(old.rules)


# --- the command line ----------------------------------------------------------------------------

def _invoke(args):
    from click.testing import CliRunner

    from kb.cli.main import cli

    return CliRunner().invoke(cli, args)


def test_kb_history_reaches_back_before_the_renumbering() -> None:
    import json

    result = _invoke(["history", "723.1", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["first_release"] < "2009-07-11"
    assert data["ids"]["2009-05-01"] == "509.1" and data["ids"]["2009-07-11"] == "711.1"
    crossing = next(e for e in data["events"] if e["release"] == "2009-07-11")
    assert (crossing["status"], crossing["renumbering"]) == ("moved", True)
    text = _invoke(["history", "723.1"]).stdout
    assert "followed back to 2004-10-01 (as 509.1)" in text
    assert "2009-07-11  moved      509.1 -> 711.1" in text


def test_kb_diff_of_releases_far_apart() -> None:
    import json

    result = _invoke(["diff", "2009-07-11", "2026-01-16", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["via"][0] == "2009-09-04" and data["via"][-1] == "2025-11-14"
    moved = {e["old_id"]: e["new_id"] for e in data["entries"] if e["status"] == "moved"}
    assert moved["711.1"] == "723.1"
    assert data["counts"]["unchanged"] + data["counts"]["changed"] > 400
    text = _invoke(["diff", "2009-07-11", "2026-01-16", "--only", "moved"]).stdout
    assert "moved    rule     711.1 -> 723.1" in text
    assert "(rules followed through the 83 releases between)" in text


def test_kb_diff_shows_changed_examples() -> None:
    import json

    result = _invoke(["diff", "2004-10-01", "2005-02-01"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("2004-10-01 -> 2005-02-01: 9 added, 0 removed,")
    at = lines.index("changed  rule     203.3")
    assert lines[at + 1] == "    example 1: [{o3}{oU}{oU}] -> [{3}{U}{U}]"
    data = json.loads(_invoke(["diff", "2004-10-01", "2005-02-01", "--json"]).stdout)
    entry = next(e for e in data["entries"] if e["old_id"] == "203.3")
    assert entry["words"] == [] and entry["examples"][0]["new"].startswith("A mana cost of {3}{U}{U}")
    # Either order: the same rules, the other way round.
    back = json.loads(_invoke(["diff", "2005-02-01", "2004-10-01", "--json"]).stdout)
    assert back["counts"]["removed"] == data["counts"]["added"]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Use the Oracle(tm) card reference.", "Use the Oracle? card reference."),
        ("the Odyssey_(TM) block", "the Odyssey™ block"),
        ("These _Magic_ rules apply.", "These Magic rules apply."),
        ("all cards—even the ones", "all cards -- even the ones"),
        ("all cards?even the ones", "all cards—even the ones"),
        ("{R} ? {W}", "{R} - {W}"),
        ("the phrase “Choose one —” or", 'the phrase "Choose one -- " or'),
        ("the phrase ?Choose one ?? or", 'the phrase "Choose one -- " or'),
        ("a player can?t pay", "a player can’t pay"),
    ],
)
def test_how_a_release_writes_its_marks_is_no_change(before: str, after: str) -> None:
    from kb.history.text import loose

    assert loose(before) == loose(after)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("entries. (c) The player", "entries. The player"),
        ("gets -1/-1", "gets +1/+1"),
        ("Is it a spell?", "Is it a spell"),
        ("one player", "one-player"),
    ],
)
def test_a_change_of_words_or_signs_is_a_change(before: str, after: str) -> None:
    from kb.history.text import loose

    assert loose(before) != loose(after)
