"""Characters a terminal would act on (ESC, BEL, a right-to-left override, NUL) never reach a catalog
(issue 33 item 6): a release's English holding one is refused with its file and line by every command
that writes catalogs from it, and a translation holding one is an error on its line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_catalog_support import TINY_NEWEST, snapshot  # noqa: E402

from kb.cli.main import cli  # noqa: E402
from kb.knowledge import KnowledgeBase  # noqa: E402
from kb.translations import export_catalog  # noqa: E402
from test_align_corpus import write_tiny_corpus  # noqa: E402
from test_translations import fill  # noqa: E402

SAGA = "A Saga card has chapter abilities."


def env_of(corpus: Path, tmp_path: Path) -> dict[str, str]:
    return {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store"), "KB_RELEASES": ""}


@pytest.mark.parametrize("character", ["\x1b[31m", "\x07", "\u202e", "\x9b"])
def test_a_release_whose_english_holds_one_is_refused_with_file_and_line(tmp_path, character):
    corpus = write_tiny_corpus(tmp_path / "corpus")
    release = corpus / "cr" / f"MagicCompRules-{TINY_NEWEST}.txt"
    text = release.read_bytes().decode("utf-8")
    line = text[: text.index(SAGA)].count("\n") + 1
    release.write_bytes(text.replace(SAGA, SAGA.replace("chapter", f"{character}chapter")).encode("utf-8"))
    env = env_of(corpus, tmp_path)
    (corpus / "po").mkdir()
    before = snapshot(corpus / "po")
    for args in (["translations", "export", str(tmp_path / "es.po")],
                 ["translations", "export", str(tmp_path / "split"), "--split"],
                 ["translations", "update", "--release", TINY_NEWEST]):
        result = CliRunner().invoke(cli, args, env=env)
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 1 and len(lines) == 1, (args, result.output)
        assert f"{release.name}:{line}:" in lines[0] and "701.1" in lines[0] and "U+" in lines[0], lines[0]
        assert not (tmp_path / "es.po").exists() and not (tmp_path / "split").exists()
        assert snapshot(corpus / "po") == before


@pytest.mark.parametrize("character", ["\x1b[2J", "\x07", "\u202e", "\x00"])
def test_a_translation_holding_one_is_an_error_on_its_line(tmp_path, character):
    corpus = write_tiny_corpus(tmp_path / "corpus")
    kb = KnowledgeBase.build(corpus)
    export_catalog(kb, tmp_path / "es.po", TINY_NEWEST)
    filled = fill(tmp_path / "es.po", tmp_path / "filled.po", {"100.1": f"Estas reglas{character} valen."})
    result = CliRunner().invoke(cli, ["translations", "import", str(filled)], env=env_of(corpus, tmp_path))
    assert result.exit_code == 1, result.output
    assert f"{filled}:" in result.stderr and "nothing imported" in result.stderr
    assert not (corpus / "po").exists() or not any((corpus / "po").glob("*.po"))
