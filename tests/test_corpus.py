import hashlib
from pathlib import Path

import pytest

from kb.corpus import ManifestError, corpus_dir, load_manifest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def test_manifest_lists_every_corpus_file_once():
    listed = sorted(str(e.path.relative_to(corpus_dir())) for e in load_manifest())
    present = sorted(
        str(p.relative_to(corpus_dir()))
        for p in corpus_dir().rglob("*")
        if p.is_file() and p.name != "manifest.toml"
    )
    assert listed == present
    assert len(listed) == len(set(listed))


def test_manifest_entries_are_complete():
    for entry in load_manifest():
        assert entry.kind in {"cr", "wiki", "po"}
        assert entry.lang in {"en", "es"}
        assert entry.title and entry.release


@pytest.mark.skipif(not (SHARED / "cr").is_dir(), reason="the shared inputs are not beside the project")
def test_corpus_is_byte_for_byte_the_shared_inputs():
    def digest(path):
        return hashlib.sha256(path.read_bytes()).hexdigest()

    for entry in load_manifest():
        origin = SHARED / ("seeds/" + entry.seed if entry.seed else "cr/" + entry.path.name)
        if entry.kind in ("cr", "wiki"):
            assert digest(entry.path) == digest(origin), entry.path


def test_bad_manifest_is_a_clear_error(tmp_path):
    with pytest.raises(ManifestError, match="no corpus manifest"):
        load_manifest(tmp_path)
    (tmp_path / "manifest.toml").write_text('[[file]]\npath = "x.txt"\n', encoding="utf-8")
    with pytest.raises(ManifestError, match="entry 1 lacks"):
        load_manifest(tmp_path)
    (tmp_path / "manifest.toml").write_text(
        '[[file]]\npath = "x.txt"\nkind = "cr"\nlang = "en"\ntitle = "t"\nrelease = "r"\n', encoding="utf-8"
    )
    with pytest.raises(ManifestError, match="not there"):
        load_manifest(tmp_path)
