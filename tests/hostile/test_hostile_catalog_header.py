"""The `msgfmt -c` promise: a catalog whose header lacks a field, keeps a template value, states no
charset or a plural rule that is not Spanish's is refused in one line naming the file and the line
of the field; a FIFO, a device, a folder or a socket given as a catalog is refused for what it is,
at once, without waiting on it."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostile_catalog_support import kb_env, run_kb, snapshot, tiny_catalogs
from kb.cli.main import cli
from kb.translations import check_catalog
from kb.translations.pofile import read_po_file

GOOD_PLURAL = '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"'


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    base = tmp_path_factory.mktemp("header")
    pristine, kb, catalogs = tiny_catalogs(base, {"filled": {"100.1": "Estas reglas."}})
    return base, pristine, kb, catalogs["filled"]


def edited(world, tmp_path: Path, old: str, new: str) -> Path:
    text = world[3].read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "edited.po"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, fragment: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in line)


def test_an_export_states_the_plural_rule_of_spanish(world):
    text = world[3].read_text(encoding="utf-8")
    assert GOOD_PLURAL in text
    assert not check_catalog(world[3], world[2].documents).errors
    assert subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(world[3])], capture_output=True).returncode == 0 \
        if shutil.which("msgfmt") else True


@pytest.mark.parametrize("new, reason", [
    ('"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);\\n"', "not the rule of es"),
    ('"Plural-Forms: nplurals=2; plural=(n != 1;\\n"', "invalid plural expression"),
    ('"Plural-Forms: nplurals=2; plural=(n > 1);\\n"', "not the rule of es"),
    ('"Plural-Forms: nplurals=1; plural=0;\\n"', "not the rule of es"),
    ('"Plural-Forms: nplurals=2; plural=n/0;\\n"', "not the rule of es"),
    ('"Plural-Forms: two forms\\n"', "is not 'nplurals=N; plural=EXPRESSION;'"),
    ('"X-Nothing: here\\n"', "'Plural-Forms' missing"),
])
def test_a_wrong_plural_rule_is_an_error_on_its_line(world, tmp_path, new, reason):
    path = edited(world, tmp_path, GOOD_PLURAL, new)
    errors = check_catalog(path, world[2].documents).errors
    [error] = errors
    assert reason in error.message
    assert error.line == (line_of(path, new[:14]) if "Plural" in new else line_of(path, 'msgid ""'))


@pytest.mark.parametrize("old, new, reason", [
    ('"Content-Type: text/plain; charset=utf-8\\n"', '"Content-Type: text/plain\\n"', "states no charset"),
    ('"Content-Type: text/plain; charset=utf-8\\n"', '"Content-Type: text/plain; charset=CHARSET\\n"',
     "charset CHARSET: the catalogs are UTF-8"),
    ('"Project-Id-Version: Magic', '"Project-Id-Version: PACKAGE VERSION\\n"\n"X-Was: Magic', "template value"),
    ('"Language-Team: es\\n"', '"Language-Team: LANGUAGE <LL@li.org>\\n"', "template value"),
    ('"MIME-Version: 1.0\\n"', "", "'MIME-Version' missing"),
])
def test_a_header_msgfmt_c_rejects_is_an_error(world, tmp_path, old, new, reason):
    path = edited(world, tmp_path, old, new)
    messages = [e.message for e in check_catalog(path, world[2].documents).errors]
    assert any(reason in m for m in messages), messages


def test_the_command_refuses_a_wrong_header_in_one_line_naming_file_and_line(world, tmp_path):
    corpus = Path(shutil.copytree(world[1], tmp_path / "corpus"))
    path = edited(world, tmp_path, GOOD_PLURAL, '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : 2);\\n"')
    result = CliRunner().invoke(cli, ["translations", "import", str(path)], env=kb_env(corpus, tmp_path / "store"))
    assert result.exit_code == 1
    line = line_of(path, "Plural-Forms")
    errors = [x for x in result.stderr.splitlines() if not x.startswith("kb:")]
    assert errors == [f"{path}:{line}: error: Plural-Forms 'nplurals=3; plural=(n == 1 ? 0 : 2);' is not the rule "
                      "of es ('nplurals=2; plural=(n != 1);')"]
    assert not (corpus / "po").exists()


# -- files that are not regular files ------------------------------------------------------------------


@pytest.fixture()
def odd_files(tmp_path):
    fifo = tmp_path / "pipe.po"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.po"
    folder.mkdir()
    sock_path = tmp_path / "socket.po"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(sock_path))
    yield {fifo: "is a FIFO", Path("/dev/zero"): "is a character device", folder: "is a folder",
           sock_path: "is a socket"}
    server.close()


def test_odd_files_are_refused_for_what_they_are_at_once(world, tmp_path, odd_files):
    corpus = Path(shutil.copytree(world[1], tmp_path / "corpus"))
    env = kb_env(corpus, tmp_path / "store")
    for path, reason in odd_files.items():
        for command in (["translations", "import"], ["translations", "check-terms"]):
            done = run_kb([*command, str(path)], env, timeout=60)
            assert done.returncode == 2, (path, done.stderr)
            [line] = done.stderr.strip().splitlines()
            assert line.startswith(f"kb: {path}: {reason}")
            assert "no such file" not in done.stderr
    assert not (corpus / "po").exists()


def test_the_reader_never_waits_on_a_fifo(tmp_path, odd_files):
    outcome = []

    def read(path):
        try:
            read_po_file(path)
        except OSError as err:
            outcome.append(err.strerror)
        except Exception as err:  # noqa: BLE001 (what it was is the test's message)
            outcome.append(repr(err))

    for path, reason in odd_files.items():
        reader = threading.Thread(target=read, args=(path,), daemon=True)
        reader.start()
        reader.join(10)
        assert not reader.is_alive(), path
        assert outcome and outcome.pop().startswith(reason), (path, outcome)


def test_a_stored_header_written_otherwise_keeps_its_bytes(world, tmp_path):
    """A stored catalog whose header another tool wrote is not rewritten by an import that does not
    change it: its bytes, header included, stay."""
    corpus = Path(shutil.copytree(world[1], tmp_path / "corpus"))
    env = kb_env(corpus, tmp_path / "store")
    assert run_kb(["translations", "import", str(world[3])], env).returncode == 0
    part = corpus / "po" / "part-1.po"
    part.write_text(re.sub(r"Generated-By: [^\\]*", "Generated-By: hand", part.read_text(encoding="utf-8")),
                    encoding="utf-8")
    before = snapshot(corpus / "po")
    done = run_kb(["translations", "import", str(world[3])], env)
    assert done.returncode == 0, done.stderr
    assert "nothing changed" in done.stdout
    assert snapshot(corpus / "po") == before
