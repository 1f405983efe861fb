"""The corpus manifest's entries are kept beside the store's memo of checksums, by the SHA-256 of
the manifest's bytes: a manifest that changed is read again, and a memo that was changed is checked
as the manifest is, or not used."""

from __future__ import annotations

import json

import pytest

from kb.corpus import ManifestError, read_corpus


def _manifest(root, name: str) -> None:
    root.mkdir(exist_ok=True)
    (root / "manifest.toml").write_text(
        f'[[file]]\npath = "cr/{name}"\nkind = "cr"\nlang = "en"\ntitle = "Rules"\nrelease = "June 7, 2024"\n',
        encoding="utf-8")


def _named(corpus) -> list[str]:
    return [u.entry.rel for u in corpus.unavailable] + [f.rel for f in corpus.files]


def test_a_changed_manifest_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "none"))
    root, memo = tmp_path / "corpus", tmp_path / "store" / "checksums.json"
    _manifest(root, "MagicCompRules-A.txt")
    assert _named(read_corpus(root, checksums=memo)) == ["cr/MagicCompRules-A.txt"]
    kept = memo.with_name("checksums-manifest.json")
    assert json.loads(kept.read_text(encoding="utf-8"))["entries"][0]["path"] == "cr/MagicCompRules-A.txt"
    assert _named(read_corpus(root, checksums=memo)) == ["cr/MagicCompRules-A.txt"]
    _manifest(root, "MagicCompRules-B.txt")
    assert _named(read_corpus(root, checksums=memo)) == ["cr/MagicCompRules-B.txt"]


@pytest.mark.parametrize("damage", ["a path leaving the corpus", "not JSON", "entries not a list"])
def test_a_changed_memo_is_not_trusted(tmp_path, monkeypatch, damage):
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "none"))
    root, memo = tmp_path / "corpus", tmp_path / "store" / "checksums.json"
    _manifest(root, "MagicCompRules-A.txt")
    read_corpus(root, checksums=memo)
    kept = memo.with_name("checksums-manifest.json")
    data = json.loads(kept.read_text(encoding="utf-8"))
    if damage == "a path leaving the corpus":
        data["entries"][0]["path"] = "../../elsewhere.txt"
        kept.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "not JSON":
        kept.write_text("{", encoding="utf-8")
    else:
        data["entries"] = {"path": "cr/MagicCompRules-Z.txt"}
        kept.write_text(json.dumps(data), encoding="utf-8")
    assert _named(read_corpus(root, checksums=memo)) == ["cr/MagicCompRules-A.txt"]


def test_a_bad_manifest_is_refused_whatever_the_memo_holds(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "none"))
    root, memo = tmp_path / "corpus", tmp_path / "store" / "checksums.json"
    _manifest(root, "MagicCompRules-A.txt")
    read_corpus(root, checksums=memo)
    (root / "manifest.toml").write_text('[[file]]\npath = "cr/A.txt"\nkind = "nonsense"\n', encoding="utf-8")
    with pytest.raises(ManifestError, match="lacks"):
        read_corpus(root, checksums=memo)
