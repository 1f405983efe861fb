"""History over every official release since 2003 (read from ../shared/cr): facts checked by
reading the texts, and properties every pair of neighbouring releases must have."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from kb.history import DiffCache, History, WordChange
from kb.parse.cr import parse_cr

ROOT = Path(__file__).resolve().parents[1]


def release_folder() -> Path:
    for folder in (os.environ.get("KB_RELEASES"), ROOT / "corpus" / "cr", ROOT.parent / "shared" / "cr"):
        if folder and len(list(Path(folder).glob("MagicCompRules-*.txt"))) > 100:
            return Path(folder)
    raise AssertionError("the official releases are not beside the project (../shared/cr) nor in $KB_RELEASES")


@pytest.fixture(scope="module")
def history() -> History:
    return History(parse_cr(path) for path in sorted(release_folder().glob("MagicCompRules-*.txt")))


def test_every_release_is_there(history: History) -> None:
    assert len(history.releases) == 110
    assert history.releases[0] == "2003-03-15" and history.releases[-1] == "2026-01-16"
    # The 2006-06-01 file holds the June 1, 2004 release: it takes its place in 2004.
    assert history.releases[5:7] == ["2004-06-01", "2004-10-01"]


def test_only_the_2009_release_renumbered_the_rules(history: History) -> None:
    assert [(d.old, d.new) for d in history.consecutive() if d.renumbering] == [("2009-05-01", "2009-07-11")]


def test_ending_the_turn_is_followed_back_across_the_renumbering(history: History) -> None:
    ids = history.trace("723.1")
    # 2026: 723.1; the recent renumberings 717 -> 720 -> 721 -> 723; 711 in the new numbering of
    # 2009; 509 "Ending the Turn" in the old one, since Time Stop (Champions of Kamigawa, 2004-10-01).
    assert ids["2019-10-04"] == "717.1"
    assert ids["2009-07-11"] == "711.1"
    assert ids["2009-05-01"] == "509.1"
    assert ids["2004-10-01"] == "509.1"
    assert ids["2004-06-01"] is None
    assert "Ending the Turn" not in "\n".join(r.text for r in history.doc("2004-06-01").rules)
    assert history.first_release("723.1") == "2004-10-01"
    events = {e.release: e for e in history.rule_history("723.1")}
    assert events["2004-10-01"].status == "added"
    crossing = events["2009-07-11"]
    assert (crossing.status, crossing.old_id, crossing.new_id, crossing.renumbering) == ("moved", "509.1", "711.1", True)
    # The section itself: 509 -> 711, its title the same.
    assert history.trace("723", "2026-01-16")["2009-05-01"] == "509"
    # Between the two: Time Stop spelt Timestop in 2005.
    assert events["2005-02-01"].words == (WordChange("replace", "(Time Stop)", "(Timestop)"),)


def test_a_rule_split_in_two_keeps_its_number(history: History) -> None:
    # 2003-07-01 split 409.1 (playing spells) in two: the steps stayed at 409.1, the paragraph on
    # opponents' choices became 409.2. Today's 601.2 goes back to the first release.
    assert history.trace("601.2")["2003-03-15"] == "409.1"
    assert history.first_release("601.2") == "2003-03-15"
    split = history.diff("2012-07-01", "2012-10-01")
    assert split.mapping["708.6a"] == "708.6a" and split.mapping["708.6c"] == "708.6c"


def test_subrules_of_ending_the_turn_cross_2009(history: History) -> None:
    diff = history.diff("2009-05-01", "2009-07-11")
    for old, new in {"509": "711", "509.1": "711.1", "509.1a": "711.1a", "509.1b": "711.1b",
                     "509.1c": "711.1c", "509.2": "711.2", "509.3": "711.3"}.items():
        assert diff.mapping[old] == new
    # "state-based effects" became "state-based actions" in 2009: moved and changed.
    entry = diff.entry_for(old_id="509.1b")
    assert entry.status == "moved" and WordChange("replace", "effects.", "actions.") in entry.words


def test_a_rule_that_became_a_subrule_is_followed(history: History) -> None:
    # "510.2 Status is not a characteristic ..." (2009-05-01) is 110.6a in the new numbering.
    diff = history.diff("2009-05-01", "2009-07-11")
    assert history.doc("2009-05-01").rule("510.2").text == history.doc("2009-07-11").rule("110.6a").text
    assert diff.mapping["510.2"] == "110.6a"
    # Section "217. Zones" became part "4. Zones".
    assert diff.mapping["217"] == "4"


def test_a_rule_with_no_text_before_the_renumbering_says_so(history: History) -> None:
    # Intimidate came with the 2009 rules (no "intimidate" anywhere in 2009-05-01); 702.11 then.
    assert "intimidate" not in "\n".join(r.text.lower() for r in history.doc("2009-05-01").rules)
    events = history.rule_history("702.11", "2009-07-11")
    assert (events[0].release, events[0].status, events[0].renumbering) == ("2009-07-11", "added", True)
    # Rewritten, yet followed: casting a spell step by step (601.2) was playing one (409.1).
    assert history.trace("601.2", "2009-07-11")["2009-05-01"] == "409.1"


def test_offering_and_ninjutsu_came_in_2005(history: History) -> None:
    diff = history.diff("2004-10-01", "2005-02-01")
    added = {e.new_id for e in diff.added}
    assert {"502.42", "502.42a", "502.42b", "502.42c", "502.43", "502.43a", "502.43b", "502.43c"} <= added
    assert history.doc("2005-02-01").rule("502.42").text == "Offering"
    assert history.doc("2005-02-01").rule("502.43").text == "Ninjutsu"
    assert not diff.removed and not diff.moved


def test_changes_of_examples_are_shown(history: History) -> None:
    # 2005-02-01 wrote mana symbols {3}{U}{U} where 2004-10-01 wrote {o3}{oU}{oU}: only examples changed.
    diff = history.diff("2004-10-01", "2005-02-01")
    entry = diff.entry_for(old_id="203.3")
    assert entry.status == "changed" and entry.words == () and entry.text_changed
    (change,) = entry.examples
    assert (change.op, change.old_number, change.new_number) == ("changed", 1, 1)
    assert "{o3}{oU}{oU}" in change.old and "{3}{U}{U}" in change.new
    assert change.words == (WordChange("replace", "{o3}{oU}{oU}", "{3}{U}{U}"),)
    assert diff.counts()["examples_changed"] >= 10


def test_quotes_lost_to_question_marks_are_no_change(history: History) -> None:
    # The 2008-05-01 file has "can?t" wherever the others have "can't".
    assert "can?t" in history.doc("2008-05-01").rule("101.4").text
    assert "can't" in history.doc("2008-02-01").rule("101.4").text.replace("’", "'")
    assert history.diff("2008-02-01", "2008-05-01").entry_for(old_id="101.4") is None
    assert history.diff("2008-05-01", "2008-07-15").counts()["changed"] < 200


def test_any_two_releases_compose_the_chain_between(history: History) -> None:
    diff = history.diff("2009-07-11", "2026-01-16")
    assert len(diff.via) == history.releases.index("2026-01-16") - history.releases.index("2009-07-11") - 1
    assert diff.mapping["711.1"] == "723.1"
    # Every pair the chain of neighbours makes is kept.
    chain = {rule_id: rule_id for rule_id in history.prepared("2009-07-11").rules}
    for old, new in zip(history.releases[history.releases.index("2009-07-11"):], history.releases[history.releases.index("2009-07-11") + 1:]):
        step = history.diff(old, new).mapping
        chain = {o: step[at] for o, at in chain.items() if at in step}
    assert all(diff.mapping[o] == n for o, n in chain.items())
    # Backwards too: the same pairs, the other way round.
    back = history.diff("2026-01-16", "2009-07-11")
    assert all(back.mapping[n] == o for o, n in chain.items())
    counts = diff.counts()
    assert counts["unchanged"] + counts["changed"] + counts["moved"] + counts["removed"] == len(
        history.prepared("2009-07-11").rules
    )


def test_old_numbering_pairs_compose(history: History) -> None:
    diff = history.diff("2004-10-01", "2009-07-11")
    assert diff.mapping["509.1"] == "711.1"
    assert diff.renumbering


def test_every_rule_is_accounted_for_in_every_pair(history: History) -> None:
    for diff in history.consecutive():
        old, new = history.prepared(diff.old), history.prepared(diff.new)
        assert set(diff.mapping) | {e.old_id for e in diff.removed} == set(old.rules)
        assert set(diff.mapping.values()) | {e.new_id for e in diff.added} == set(new.rules)
        assert len(set(diff.mapping.values())) == len(diff.mapping)
        counts = diff.counts()
        assert counts["unchanged"] + counts["changed"] + counts["moved"] + counts["removed"] == len(old.rules)
        # An entry that says it changed shows what changed.
        assert all(e.words or e.examples for e in diff.changed)


def test_diffs_are_plain_data_and_kept_by_content(history: History, tmp_path) -> None:
    from kb.cache import SUFFIX

    diff = history.diff("2019-08-23", "2019-10-04")
    again = pickle.loads(pickle.dumps(diff))
    assert again == diff and again.entry_for(old_id="716") == diff.entry_for(old_id="716")
    cache = DiffCache(tmp_path)
    old, new = history.doc("2019-08-23"), history.doc("2019-10-04")
    assert cache.get(old, new) is None
    cached = History([old, new], cache=cache)
    made = cached.diff(old.release, new.release)
    # Kept as checked data, never as a pickle (a cache holds data, never code).
    assert cache.misses == 2 and list(tmp_path.rglob(f"*{SUFFIX}")) and not list(tmp_path.rglob("*.pickle"))
    read = History([old, new], cache=cache).diff(old.release, new.release)
    assert cache.hits == 1 and read == made
    # Another release under the same pair of dates is another file.
    other = History([old, history.doc("2020-01-24")], cache=cache)
    assert cache.path(old, new) != cache.path(old, history.doc("2020-01-24"))
    other.diff(old.release, "2020-01-24")
    assert cache.misses == 3


def test_the_knowledge_base_traces_every_rule_and_tells_its_history_as_the_history_does(history: History) -> None:
    from kb.contents import CachedHistory

    cached = CachedHistory(history.docs, list(history.consecutive()))
    # Both sides of the 2009 renumbering, the oldest and the newest release.
    for release in ("2003-03-15", "2009-05-01", "2009-07-11", "2017-09-29", "2026-01-16"):
        if release not in history.releases:
            continue
        for rule in history.doc(release).rules:
            traced = cached.trace(rule.id, release)
            assert traced == history.trace(rule.id, release), (rule.id, release)
            traced[release] = "changed by the caller"
            assert cached.trace(rule.id, release)[release] == rule.id
            # Asked for from any release, a rule's history is the plain history's.
            assert cached.rule_history(rule.id, release) == history.rule_history(rule.id, release), (rule.id, release)
