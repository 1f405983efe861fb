"""A build whose inputs are those of the previous build of its folder, with that build's output as it
was left, keeps it; any change to an input or to the output builds again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import kb.corpus
from kb.corpus import PROJECT_ROOT
from kb.site import build_site
from kb.site.output import STAMP
from kb.site.stamp import build_inputs, output_digest, unchanged_build, write_stamp

SUMMARY = {"pages": {"es": 1, "en": 1}, "html_files": 2, "site_bytes": 10, "search_bytes": {}}


def _fake_output(out: Path) -> None:
    (out / "docs").mkdir(parents=True)
    (out / "site" / "cr").mkdir(parents=True)
    (out / "docs" / "index.md").write_text("# Reglas\n", encoding="utf-8")
    (out / "site" / "index.html").write_text("<p>Reglas</p>\n", encoding="utf-8")
    (out / "site" / "cr" / "index.html").write_text("<p>100</p>\n", encoding="utf-8")
    (out / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")


@pytest.fixture
def stamped(tmp_path):
    out = tmp_path / "out"
    _fake_output(out)
    inputs = {"format": 1, "corpus": {"files": {"a": "1"}}, "search": True}
    write_stamp(out, inputs, SUMMARY)
    return out, inputs


def test_the_same_inputs_and_an_intact_output_keep_the_build(stamped):
    out, inputs = stamped
    assert unchanged_build(out, inputs) == SUMMARY


def test_other_inputs_build_again(stamped):
    out, inputs = stamped
    assert unchanged_build(out, {**inputs, "search": False}) is None
    assert unchanged_build(out, {**inputs, "corpus": {"files": {"a": "2"}}}) is None


@pytest.mark.parametrize("change", ["edited", "added", "removed", "folder removed", "renamed"])
def test_an_output_changed_by_hand_builds_again(stamped, change):
    out, inputs = stamped
    page = out / "site" / "cr" / "index.html"
    if change == "edited":
        page.write_text("<p>101</p>\n", encoding="utf-8")
    elif change == "added":
        (out / "site" / "extra.html").write_text("", encoding="utf-8")
    elif change == "removed":
        page.unlink()
    elif change == "folder removed":
        shutil.rmtree(out / "docs")
    else:
        page.rename(page.with_name("other.html"))
    assert unchanged_build(out, inputs) is None


@pytest.mark.parametrize("stamp", ["", "not json", "[]", '{"inputs": {}}'])
def test_a_damaged_stamp_builds_again(stamped, stamp):
    out, inputs = stamped
    (out / STAMP).write_text(stamp, encoding="utf-8")
    assert unchanged_build(out, inputs) is None


def test_the_output_digest_covers_names_and_bytes(tmp_path):
    out = tmp_path / "out"
    _fake_output(out)
    first = output_digest(out)
    assert first == output_digest(out)
    (out / "mkdocs.yml").write_text("site_name: y\n", encoding="utf-8")
    assert output_digest(out) != first
    (out / "mkdocs.yml").unlink()
    assert output_digest(out) is None


@pytest.fixture
def own_project(tmp_path, monkeypatch):
    """A project of its own: a copy of the corpus, the examples, and code, templates and
    configuration to change."""
    root = tmp_path / "project"
    for name in ("kb", "site"):
        (root / name).mkdir(parents=True)
    (root / "kb" / "module.py").write_text("VALUE = 1\n", encoding="utf-8")
    (root / "site" / "page.html").write_text("<p>{{ text }}</p>\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    corpus = tmp_path / "corpus"
    shutil.copytree(PROJECT_ROOT / "corpus", corpus, ignore=shutil.ignore_patterns("cr"))
    examples = tmp_path / "examples"
    shutil.copytree(PROJECT_ROOT / "examples", examples)
    monkeypatch.setattr(kb.corpus, "PROJECT_ROOT", root)
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    monkeypatch.setenv("KB_EXAMPLES", str(examples))
    monkeypatch.setenv("KB_RELEASES", str(PROJECT_ROOT.parent / "shared" / "cr"))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    return root, corpus, examples


def _append(path: Path, text: str) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(text)


def test_every_kind_of_input_is_in_the_inputs(own_project, tmp_path):
    root, corpus, examples = own_project
    out = tmp_path / "out"
    before, _ = build_inputs(out, search=True)
    assert before == build_inputs(out, search=True)[0]
    assert json.loads(json.dumps(before)) == before  # plain data, as stamped
    assert build_inputs(out, search=False)[0] != before
    assert build_inputs(tmp_path / "elsewhere", search=True)[0] != before
    changes = {
        "code": (root / "kb" / "module.py", "VALUE = 2\n"),
        "template": (root / "site" / "page.html", "<p>{{ other }}</p>\n"),
        "configuration": (root / "mkdocs.yml", "# more\n"),
        "catalog": (next((corpus / "po").rglob("*.po")), "\n"),
        "term base": (corpus / "terms" / "terms.tsv", ""),
        "wiki page": (next((corpus / "wiki").iterdir()), "\n"),
        "example": (next(examples.rglob("*.md")), "\n"),
    }
    seen = before
    for what, (path, text) in changes.items():
        if what == "term base":
            path.write_text(path.read_text(encoding="utf-8").replace("\n", "\r\n", 1), encoding="utf-8")
        else:
            _append(path, text)
        now, _ = build_inputs(out, search=True)
        assert now != seen, f"a change to the {what} is not in the build's inputs"
        seen = now


def test_the_unavailable_releases_are_told_with_the_inputs(own_project, tmp_path, monkeypatch):
    """A kept build tells them, as loading the knowledge base would: one line for each."""
    root, corpus, examples = own_project
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no-releases"))
    listed = (corpus / "manifest.toml").read_text(encoding="utf-8").count('kind = "cr"')
    inputs, unavailable = build_inputs(tmp_path / "out", search=True)
    assert len(unavailable) == listed > 100
    assert "MagicCompRules-2026-01-16.txt" in unavailable[-1]
    assert len(inputs["corpus"]["unavailable"]) == listed


@pytest.mark.slow
def test_a_second_build_with_nothing_changed_keeps_the_first(real_build):
    # The first build is the session's build of the real site; this test leaves it as it found it
    # (byte for byte, stamp included, as its last assertions check) for the tests that read it after.
    # Where a build must begin (forced, or over an edited page), the build itself is replaced by one
    # that raises: that it begins is what is checked here; what a build makes, the session's build
    # and test_build_safety check.
    from checks import tree_digest

    out = real_build.out
    first = real_build.site
    assert not first.unchanged and (out / STAMP).is_file()
    stamp = (out / STAMP).read_bytes()
    digest = tree_digest(out / "site")
    again = build_site(out=out)
    assert again.unchanged and list(again.timings) == ["check"]
    assert again.summary()["pages"] == first.summary()["pages"]
    assert (again.html_files, again.site_bytes) == (first.html_files, first.site_bytes)
    assert tree_digest(out / "site") == digest

    def no_build(*args, **kwargs):
        raise LookupError("built again")

    page = out / "site" / "index.html"
    original = page.read_bytes()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("kb.site.build._build_into", no_build)
            with pytest.raises(LookupError, match="built again"):
                build_site(out=out, force=True)
            assert tree_digest(out / "site") == digest  # a build that fails leaves the output as it was

            (out / STAMP).write_bytes(stamp)
            page.write_bytes(b"edited")
            with pytest.raises(LookupError, match="built again"):
                build_site(out=out)
    finally:
        page.write_bytes(original)
        (out / STAMP).write_bytes(stamp)
    assert build_site(out=out).unchanged  # the output, stamp and all, is the session's build again
