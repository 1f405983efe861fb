"""The Spanish rules of every release as a plain-text download: line for line as that release's
English file (same count, same number on each numbered line, blank where the English is blank),
Spanish only where it translates that release's very English, the same bytes twice, and linked from
the release history and each release's diff page."""

from __future__ import annotations

import re

import pytest
from fakes import NEW, OLD

from conftest import fake_kb

NUMBER = re.compile(r"^(\d+(?:\.\d+[a-z]?)?\.?) ")
# The first release (bare CR line ends), two hard-wrapped ones (2003-2004), one of the middle, one recent.
RELEASES = ["2003-03-15", "2003-10-01", "2004-02-01", "2014-02-01", "2021-04-22"]


@pytest.fixture(scope="module")
def downloads(real_kb, tmp_path_factory):
    from kb.site.downloads import available, write_downloads
    from kb.site.sitedata import SiteData

    data = SiteData.collect(real_kb)
    data.downloads = available(real_kb, data.releases)
    site = tmp_path_factory.mktemp("downloads")
    sizes = write_downloads(real_kb, data, site)
    return real_kb, data, site, sizes


def _number(line: str) -> str | None:
    found = NUMBER.match(line)
    return found.group(1) if found else None


@pytest.mark.parametrize("release", [*RELEASES, "newest"])
def test_each_file_has_the_lines_and_numbers_of_its_english(downloads, release):
    from kb.documents import english_lines

    kb, data, site, sizes = downloads
    release = data.newest if release == "newest" else release
    assert release in data.downloads, f"the release {release} is not at hand"
    english = english_lines(kb, release)
    raw = (site / data.downloads[release]).read_bytes()
    spanish = raw.decode("utf-8").split("\n")
    assert spanish[-1] == "" and "\r" not in raw.decode("utf-8")
    spanish = spanish[:-1]
    assert len(spanish) == len(english)
    # The one line that is not the English file's: after the title, in place of a blank line, how
    # many of the release's rules are in Spanish.
    note = next(at for at, es in enumerate(spanish, 1) if es.startswith("["))
    assert english[note - 1].strip() == "" and note <= 3 and " reglas" in spanish[note - 1]
    for at, (en, es) in enumerate(zip(english, spanish), 1):
        assert _number(en) == _number(es), (release, at, en[:80], es[:80])
        assert (en.strip() == "") == (es.strip() == "") or at == note, (release, at)
    assert sum(en != es for en, es in zip(english, spanish)) > 50, f"no Spanish in {release}"


def test_spanish_only_where_it_translates_that_releases_english(downloads):
    """In an older release, a rule with the newest's English has the newest's Spanish line; a rule
    whose English differs from the newest's, with only a translation of the newest, stays English."""
    from kb.documents import english_lines

    kb, data, site, sizes = downloads
    newest_lines = {}
    for line in (site / data.downloads[data.newest]).read_text(encoding="utf-8").split("\n"):
        newest_lines.setdefault(_number(line), line)
    newest_number = {n: rule_id for rule_id, n in data.descent[data.newest].items()}
    same_checked = changed_checked = 0
    for release in RELEASES[3:]:
        english = english_lines(kb, release)
        spanish = (site / data.downloads[release]).read_text(encoding="utf-8").split("\n")
        for rule in kb.documents[release].rules:
            if rule.kind not in ("rule", "subrule") or not 0 < rule.line <= len(english):
                continue
            newest_id = newest_number.get(data.descent[release].get(rule.id))
            if newest_id is None:
                continue
            en, es = english[rule.line - 1], spanish[rule.line - 1]
            same = data.release_texts[release][rule.id] == data.release_texts[data.newest][newest_id]
            translation = data.rules[newest_id].spanish
            if same and newest_id == rule.id and en == newest_english(kb, data, rule.id):
                assert es == newest_lines[_number(en)], (release, rule.id)
                same_checked += es != en
            elif not same and translation is not None and not translation.others \
                    and translation.english_release == data.newest:
                assert es == en, (release, rule.id)
                changed_checked += 1
    assert same_checked > 100 and changed_checked > 10, (same_checked, changed_checked)


def newest_english(kb, data, rule_id: str) -> str | None:
    """The line of `rule_id` in the newest release's English file."""
    from kb.documents import english_lines

    if not hasattr(newest_english, "lines"):
        newest_english.lines = english_lines(kb, data.newest)
    rule = kb.documents[data.newest].rule(rule_id)
    return newest_english.lines[rule.line - 1] if rule is not None else None


def test_the_same_bytes_twice(downloads, tmp_path):
    from kb.site.downloads import write_downloads

    kb, data, site, sizes = downloads
    again = {release: data.downloads[release] for release in (RELEASES[1], data.newest) if release in data.downloads}
    data_again = type(data)(**{**data.__dict__, "downloads": again})
    for name, size in write_downloads(kb, data_again, tmp_path).items():
        assert (tmp_path / name).read_bytes() == (site / name).read_bytes()
        assert size == sizes[name]


def test_every_release_at_hand_is_written_outside_the_api(downloads):
    kb, data, site, sizes = downloads
    assert set(sizes) == set(data.downloads.values())
    assert len(sizes) == len(data.releases)
    assert all(name.startswith("downloads/") for name in sizes)
    assert not (site / "api").exists()


def test_release_pages_link_the_text_files(tmp_path):
    from kb.site.generate import generate
    from kb.site.sitedata import SiteData

    kb = fake_kb(tmp_path)
    data = SiteData.collect(kb)
    data.downloads = {NEW: f"downloads/MagicCompRules-es-{NEW}.txt"}
    generate(data, tmp_path / "docs", search=False)
    # The history is at releases/ (en/releases/), a diff at releases/OLD--NEW/ (en/...).
    for lang, back in (("es", ".."), ("en", "../..")):
        history = (tmp_path / "docs" / lang / "releases" / "index.md").read_text(encoding="utf-8")
        assert f'href="{back}/downloads/MagicCompRules-es-{NEW}.txt"' in history
        assert f"MagicCompRules-es-{OLD}.txt" not in history
        diff = (tmp_path / "docs" / lang / "releases" / f"{OLD}--{NEW}.md").read_text(encoding="utf-8")
        assert f'href="../{back}/downloads/MagicCompRules-es-{NEW}.txt"' in diff
    data.downloads = {}
    generate(data, tmp_path / "none", search=False)
    assert "downloads/" not in (tmp_path / "none" / "es" / "releases" / "index.md").read_text(encoding="utf-8")
