"""The corpus manifest: every release of ../shared/cr/ listed with its dates and checksum, the files
found on the release search path, and a manifest that is wrong told in one line."""

import hashlib
import re
import subprocess
from pathlib import Path

import pytest

from kb.corpus import (
    PROJECT_ROOT, RELEASES_ENV, ManifestError, corpus_dir, load_manifest, read_corpus, read_manifest_entries,
    release_dirs,
)
from kb.decode import read_text, split_lines
from kb.parse.cr.dates import read_effective_date

SHARED = PROJECT_ROOT.parent / "shared"
needs_shared = pytest.mark.skipif(not (SHARED / "cr").is_dir(), reason="the shared inputs are not beside the project")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_manifest_lists_every_wiki_page_once():
    """Every page kept in corpus/wiki/ is in the manifest, and every manifest entry that is no
    release is a file of the corpus folder (the term base and the catalogs have their own formats)."""
    listed = sorted(e["path"] for e in read_manifest_entries() if e["kind"] == "wiki")
    present = sorted(p.relative_to(corpus_dir()).as_posix() for p in (corpus_dir() / "wiki").iterdir() if p.is_file())
    assert listed == present
    for entry in load_manifest():
        if entry.kind != "cr":
            assert entry.path.is_file() and entry.path.resolve().is_relative_to(corpus_dir().resolve())
    paths = [e["path"] for e in read_manifest_entries()]
    assert len(paths) == len(set(paths))


def test_no_official_release_is_committed():
    tracked = subprocess.run(
        ["git", "ls-files", "corpus"], cwd=PROJECT_ROOT, capture_output=True, text=True, check=False
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    assert not [line for line in tracked.stdout.splitlines() if line.startswith("corpus/cr/")]
    ignored = subprocess.run(["git", "check-ignore", "-q", "corpus/cr/MagicCompRules-2099-01-01.txt"],
                             cwd=PROJECT_ROOT, check=False)
    assert ignored.returncode == 0


def test_manifest_entries_are_complete():
    for entry in load_manifest():
        assert entry.kind in {"cr", "wiki", "po"}
        assert entry.lang in {"en", "es"}
        assert entry.title and entry.release
        if entry.kind == "cr":
            assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", entry.published)
            assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", entry.effective)
            assert re.fullmatch(r"[0-9a-f]{64}", entry.sha256)
            assert entry.rel == f"cr/MagicCompRules-{entry.published}.txt"
            assert not entry.url or entry.url.startswith("https://")


@needs_shared
def test_every_shared_release_is_in_the_manifest_with_its_checksum():
    releases = {e["path"]: e for e in read_manifest_entries() if e["kind"] == "cr"}
    shared = sorted((SHARED / "cr").glob("*.txt"))
    assert len(shared) == 110
    assert sorted(releases) == [f"cr/{p.name}" for p in shared]
    for path in shared:
        assert releases[f"cr/{path.name}"]["sha256"] == digest(path), path.name


@needs_shared
def test_dates_are_the_ones_each_file_states():
    """The file is the authority: its date line gives `release` and `effective`."""
    entries = {e.published: e for e in load_manifest() if e.kind == "cr"}
    assert len(entries) == 110
    for published, entry in entries.items():
        text, _ = read_text(entry.path)
        line = next(l for l in split_lines(text)[:60] if re.search(r"rules are (effective|current) as of", l, re.I))
        stated = read_effective_date(line[line.lower().index("these"):].strip())
        assert (stated.written, stated.iso) == (entry.release, entry.effective), published
    assert entries["2017-09-25"].effective == "2017-09-29"
    assert entries["2006-06-01"].effective == "2004-06-01"
    assert "June 1, 2004" in entries["2006-06-01"].note
    assert len({e.effective for e in entries.values()}) == 110


@needs_shared
def test_wiki_pages_are_byte_for_byte_the_seeds():
    for entry in load_manifest():
        if entry.kind == "wiki":
            assert digest(entry.path) == digest(SHARED / "seeds" / entry.seed), entry.path


def write_manifest(root: Path, body: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "manifest.toml").write_text(body, encoding="utf-8")
    return root


RELEASE = 'path = "cr/MagicCompRules-2030-01-01.txt"\nkind = "cr"\nlang = "en"\ntitle = "t"\nrelease = "January 1, 2030"\n'


def test_bad_manifest_is_a_clear_error(tmp_path):
    with pytest.raises(ManifestError, match="no corpus manifest"):
        load_manifest(tmp_path)
    write_manifest(tmp_path, '[[file]]\npath = "x.txt"\n')
    with pytest.raises(ManifestError, match="entry 1 lacks"):
        load_manifest(tmp_path)
    write_manifest(tmp_path, '[[file]]\npath = "x.txt"\nkind = "wiki"\nlang = "en"\ntitle = "t"\nrelease = "r"\n')
    with pytest.raises(ManifestError, match="not there"):
        load_manifest(tmp_path)


@pytest.mark.parametrize("path", ["../secret.txt", "/etc/passwd", "wiki/../../secret.txt", "cr/../../x.txt"])
def test_a_path_outside_the_corpus_is_refused(tmp_path, path):
    (tmp_path / "secret.txt").write_text("a secret\n", encoding="utf-8")
    root = write_manifest(tmp_path / "corpus", f'[[file]]\npath = "{path}"\nkind = "wiki"\nlang = "en"\n'
                                               'title = "t"\nrelease = "r"\n')
    with pytest.raises(ManifestError, match=r"manifest\.toml: entry 1: path .* leaves the corpus folder"):
        load_manifest(root)


def test_a_link_out_of_the_corpus_is_refused(tmp_path):
    (tmp_path / "secret.txt").write_text("a secret\n", encoding="utf-8")
    root = write_manifest(tmp_path / "corpus", '[[file]]\npath = "wiki/page.txt"\nkind = "wiki"\nlang = "en"\n'
                                               'title = "t"\nrelease = "r"\n')
    (root / "wiki").mkdir()
    (root / "wiki" / "page.txt").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(ManifestError, match="outside the corpus folder"):
        load_manifest(root)


def test_an_unknown_key_is_named(tmp_path):
    write_manifest(tmp_path, "[[file]]\n" + RELEASE + 'colour = "red"\n')
    with pytest.raises(ManifestError, match=r"manifest\.toml: entry 1: unknown key 'colour'"):
        load_manifest(tmp_path)


def test_a_value_that_is_no_string_is_named(tmp_path):
    write_manifest(tmp_path, "[[file]]\n" + RELEASE + "published = 2030-01-01\n")
    with pytest.raises(ManifestError, match="entry 1: published must be a string"):
        load_manifest(tmp_path)


def test_a_utf16_manifest_names_the_manifest_and_line(tmp_path):
    (tmp_path / "manifest.toml").write_bytes(("[[file]]\n" + RELEASE).encode("utf-16"))
    with pytest.raises(ManifestError, match=r"manifest\.toml: line 1: not UTF-8 text \(it looks like UTF-16\)"):
        load_manifest(tmp_path)


def test_a_release_found_nowhere_is_unavailable_with_a_way_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setenv(RELEASES_ENV, str(tmp_path / "nowhere"))
    root = write_manifest(tmp_path / "corpus", "[[file]]\n" + RELEASE)
    corpus = read_corpus(root)
    assert corpus.files == []
    [missing] = corpus.unavailable
    assert "\n" not in missing.line
    assert "cr/MagicCompRules-2030-01-01.txt" in missing.line and "found in no release folder" in missing.line
    assert "kb fetch" in missing.line and RELEASES_ENV in missing.line


def test_the_release_search_path_is_in_order(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    monkeypatch.setenv(RELEASES_ENV, f"{first}:{second}")
    root = tmp_path / "corpus"
    assert release_dirs(root) == [first, second, root / "cr", PROJECT_ROOT.parent / "shared" / "cr"]
    for folder in (second, root / "cr"):
        folder.mkdir(parents=True)
        (folder / "MagicCompRules-2030-01-01.txt").write_text(f"from {folder.name}\n", encoding="utf-8")
    write_manifest(root, "[[file]]\n" + RELEASE)
    [entry] = load_manifest(root)
    assert entry.path == second / "MagicCompRules-2030-01-01.txt"
    assert entry.rel == "cr/MagicCompRules-2030-01-01.txt"


def test_a_copy_with_other_bytes_is_passed_over_and_told(tmp_path, monkeypatch):
    good, bad = tmp_path / "good", tmp_path / "bad"
    for folder, text in ((bad, "tampered\n"), (good, "official\n")):
        folder.mkdir()
        (folder / "MagicCompRules-2030-01-01.txt").write_text(text, encoding="utf-8")
    checksum = digest(good / "MagicCompRules-2030-01-01.txt")
    monkeypatch.setenv(RELEASES_ENV, f"{bad}:{good}")
    root = write_manifest(tmp_path / "corpus", "[[file]]\n" + RELEASE + f'sha256 = "{checksum}"\n')
    [entry] = load_manifest(root)
    assert entry.path == good / "MagicCompRules-2030-01-01.txt"
    monkeypatch.setenv(RELEASES_ENV, str(bad))
    corpus = read_corpus(root)
    assert corpus.files == []
    assert "SHA-256 differs" in corpus.unavailable[0].line and str(bad) in corpus.unavailable[0].line


def test_checksums_are_remembered_by_stat_and_a_touched_file_is_read_again(tmp_path, monkeypatch):
    import kb.corpus

    folder = tmp_path / "releases"
    folder.mkdir()
    release = folder / "MagicCompRules-2030-01-01.txt"
    release.write_text("official\n", encoding="utf-8")
    monkeypatch.setenv(RELEASES_ENV, str(folder))
    root = write_manifest(tmp_path / "corpus", "[[file]]\n" + RELEASE + f'sha256 = "{digest(release)}"\n')
    memo = tmp_path / "store" / "checksums.json"
    assert read_corpus(root, checksums=memo).files and memo.is_file()
    read = []
    real = kb.corpus.sha256_of
    monkeypatch.setattr(kb.corpus, "sha256_of", lambda path: read.append(path) or real(path))
    assert [e.path for e in read_corpus(root, checksums=memo).files] == [release]
    assert read == []  # untouched: its checksum is not computed again
    release.write_text("tampered\n", encoding="utf-8")  # same size, new bytes
    corpus = read_corpus(root, checksums=memo)
    assert read == [release] and corpus.files == [] and "SHA-256 differs" in corpus.unavailable[0].line
