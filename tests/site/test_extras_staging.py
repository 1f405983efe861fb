"""The extra files made while the site builder runs are moved into the built site after it."""

from __future__ import annotations

import pytest

from kb.site.output import move_tree_into


def _tree(root):
    return {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8") for p in sorted(root.rglob("*")) if p.is_file()}


def test_staged_files_join_the_built_site_in_their_places(tmp_path):
    site, staged = tmp_path / "site", tmp_path / "staged"
    built = {"index.html": "home", "cr/101/index.html": "section", "en/cr/101/index.html": "section en"}
    extra = {"r/101.1/index.html": "forward", "en/r/101.1/index.html": "forward en", "cr/101/kb-details.json": "{}",
             "kb-words.es.json": "[]", "releases-data/texts.json": "[]"}
    for root, files in ((site, built), (staged, extra)):
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text, encoding="utf-8")
    move_tree_into(staged, site)
    assert _tree(site) == {**built, **extra}
    assert not staged.exists()


def test_a_staged_file_takes_the_place_of_the_builders(tmp_path):
    site, staged = tmp_path / "site", tmp_path / "staged"
    (site / "cr").mkdir(parents=True)
    (site / "cr" / "kb-details.json").write_text("old", encoding="utf-8")
    (staged / "cr").mkdir(parents=True)
    (staged / "cr" / "kb-details.json").write_text("new", encoding="utf-8")
    move_tree_into(staged, site)
    assert (site / "cr" / "kb-details.json").read_text(encoding="utf-8") == "new"


def test_a_folder_where_the_site_has_a_file_is_refused(tmp_path):
    site, staged = tmp_path / "site", tmp_path / "staged"
    site.mkdir()
    (site / "r").write_text("a file", encoding="utf-8")
    (staged / "r").mkdir(parents=True)
    (staged / "r" / "index.html").write_text("x", encoding="utf-8")
    with pytest.raises(OSError):
        move_tree_into(staged, site)


def test_the_compare_data_is_written_as_the_json_module_writes_it():
    """The compare page's files come from msgspec, in the json module's bytes: rule ids kept ASCII (a
    character past "~" escaped, as `json.dumps` does by default), texts with non-ASCII kept."""
    import json

    from kb.site.extras import _compact_json

    every_char = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    values = [every_char, [every_char[:500], "Ejemplo: «Ávila»"], {"702.19b": [1, 2], "100.1": [0, 3]},
              {"é": [3], "a\x7f": [0], '\n"\\': [5]}, {"z": [1], "a": [2]}, [], {}]
    for value in values:
        for ascii_only in (True, False):
            expected = json.dumps(value, ensure_ascii=ascii_only, separators=(",", ":"))
            assert _compact_json(value, ascii_only=ascii_only) == expected
