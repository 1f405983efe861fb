"""Two fetches of one release under two names: the second to take the corpus lock finds the release
listed and adds nothing (the check before the download ran before the lock, so both passed it)."""

from __future__ import annotations

import pytest

from kb.fetch import FetchError, append_entry


def _fields(path: str, sha: str, effective: str) -> dict[str, str]:
    return {"path": path, "kind": "cr", "lang": "en", "title": "Comprehensive Rules", "release": effective,
            "published": effective, "effective": effective, "sha256": sha, "url": "http://127.0.0.1/x.txt"}


@pytest.mark.parametrize("second", [
    ("cr/MagicCompRules 20260116.txt", "a" * 64, "2026-01-16"),  # the same text under another name
    ("cr/MagicCompRules-2026-01-17.txt", "b" * 64, "2026-01-16"),  # another text of the same date
])
def test_a_release_listed_meanwhile_under_another_name_is_not_listed_twice(tmp_path, second):
    manifest = tmp_path / "manifest.toml"
    manifest.write_text('title = "corpus"\n', encoding="utf-8")
    append_entry(manifest, _fields("cr/MagicCompRules-2026-01-16.txt", "a" * 64, "2026-01-16"))
    before = manifest.read_bytes()
    with pytest.raises(FetchError, match="listed meanwhile"):
        append_entry(manifest, _fields(*second))
    assert manifest.read_bytes() == before


def test_another_release_is_added(tmp_path):
    manifest = tmp_path / "manifest.toml"
    manifest.write_text('title = "corpus"\n', encoding="utf-8")
    append_entry(manifest, _fields("cr/MagicCompRules-2026-01-16.txt", "a" * 64, "2026-01-16"))
    append_entry(manifest, _fields("cr/MagicCompRules-2026-04-10.txt", "c" * 64, "2026-04-10"))
    assert manifest.read_text(encoding="utf-8").count("[[file]]") == 2
