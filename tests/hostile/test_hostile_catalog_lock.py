"""One writer at a time: two imports editing the same catalog at once both land (or one is refused
in one line), a writer that waits too long for the lock is refused, and two `kb fetch` at once
both add their manifest entry. Each child is held at a barrier so that the two read what is stored
at the same moment, then is slowed between reading and writing: without the lock, one change is lost."""

from __future__ import annotations

import http.server
import shutil
import subprocess
import sys
import threading
import time
import tomllib

import pytest

from hostile_catalog_support import PROJECT, kb_env, run_kb, snapshot, tiny_catalogs
from kb.corpus_write import corpus_lock
from test_align_corpus import cr_text, write_tiny_corpus

TRIES = 6

# Run first in each child: wait at the barrier (a folder where each child leaves a file) before the
# import checks its catalog or the fetch checks its download, then dawdle after reading what is stored.
RACE = """
import os, time
import kb.translations.importer as importer, kb.fetch as fetch
barrier = os.environ["RACE_BARRIER"]

def meet(real):
    def wrapped(*args, **kwargs):
        open(os.path.join(barrier, str(os.getpid())), "w").close()
        deadline = time.monotonic() + 30
        while len(os.listdir(barrier)) < 2 and time.monotonic() < deadline:
            time.sleep(0.005)
        return real(*args, **kwargs)
    return wrapped

def dawdle(real):
    def wrapped(*args, **kwargs):
        value = real(*args, **kwargs)
        time.sleep(0.5)
        return value
    return wrapped

importer.check_catalog = meet(importer.check_catalog)
fetch.check_rules_text = meet(fetch.check_rules_text)
for name in ("read_stored", "read_po_file"):  # how an import reads a stored catalog
    if hasattr(importer, name):
        setattr(importer, name, dawdle(getattr(importer, name)))
import kb.atomic as atomic
atomic.write_atomic = dawdle(atomic.write_atomic)  # between reading the manifest and replacing it
"""


def start(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    code = f"import sys\n{RACE}\nfrom kb.cli.main import main\nsys.argv = ['kb', *{args!r}]\nmain()\n"
    return subprocess.Popen([sys.executable, "-c", code], cwd=PROJECT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(run: subprocess.Popen) -> tuple[int, str]:
    _out, err = run.communicate(timeout=120)
    return run.returncode, err


def refused_in_one_line(code: int, err: str) -> bool:
    return code == 1 and len(err.strip().splitlines()) == 1 and "another command is writing" in err


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    base = tmp_path_factory.mktemp("lock")
    corpus, _kb, edits = tiny_catalogs(base, {"a": {"100.1": "Estas reglas, de la edición A."},
                                               "b": {"101": "Jugadores, de la edición B"}})
    env = kb_env(corpus, base / "store")
    assert run_kb(["translations", "stats"], env).returncode == 0  # the store, built once
    return base, corpus, env, edits


def test_two_imports_of_one_catalog_at_once_both_land(tiny):
    base, corpus, env, edits = tiny
    for attempt in range(TRIES):
        shutil.rmtree(corpus / "po", ignore_errors=True)
        barrier = base / f"barrier-{attempt}"
        barrier.mkdir()
        runs = {name: start(["translations", "import", str(path)], {**env, "RACE_BARRIER": str(barrier)})
                for name, path in edits.items()}
        results = {name: finish(run) for name, run in runs.items()}
        part = (corpus / "po" / "part-1.po").read_text(encoding="utf-8")
        landed = {"a": "edición A" in part, "b": "edición B" in part}
        for name, (code, err) in results.items():
            assert code == 0 or refused_in_one_line(code, err), (attempt, name, err)
            assert landed[name] == (code == 0), (attempt, name, err)  # stored means stored
        assert any(code == 0 for code, _ in results.values())
        assert all(not p.name.startswith(".") for p in (corpus / "po").iterdir())


def test_a_writer_that_waits_too_long_is_refused_in_one_line(tiny):
    base, corpus, env, edits = tiny
    shutil.rmtree(corpus / "po", ignore_errors=True)
    assert run_kb(["translations", "import", str(edits["a"])], env).returncode == 0
    before = snapshot(corpus / "po")
    with corpus_lock(corpus):
        started = time.monotonic()
        done = run_kb(["translations", "import", str(edits["b"])], {**env, "KB_LOCK_WAIT": "0.5"})
        waited = time.monotonic() - started
    assert refused_in_one_line(done.returncode, done.stderr), done.stderr
    assert "KB_LOCK_WAIT" in done.stderr and waited < 60
    assert snapshot(corpus / "po") == before
    bad = run_kb(["translations", "import", str(edits["b"])], {**env, "KB_LOCK_WAIT": "soon"})
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    assert snapshot(corpus / "po") == before


# -- kb fetch ---------------------------------------------------------------------------------------


def release(date_words: str) -> bytes:
    rules = [(f"100.{n}", f"Rule number {n} of the general rules.", []) for n in range(1, 61)]
    sections = [("100", "General", rules), ("101", "Players", [("101.1", "A player is one of the people.", [])])]
    return cr_text(date_words, sections, [("Active Player", "The player whose turn it is.")]).encode("utf-8")


@pytest.fixture()
def served():
    routes = {"/MagicCompRules%2020260306.txt": release("March 6, 2026"),
              "/MagicCompRules%2020260501.txt": release("May 1, 2026")}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            body = routes.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield [f"http://127.0.0.1:{httpd.server_port}{path}" for path in routes]
    httpd.shutdown()
    httpd.server_close()


def test_two_fetches_at_once_both_add_their_entry(served, tmp_path):
    for attempt in range(3):
        corpus = write_tiny_corpus(tmp_path / f"corpus-{attempt}")
        barrier = tmp_path / f"barrier-{attempt}"
        barrier.mkdir()
        env = {**kb_env(corpus, tmp_path / "store"), "RACE_BARRIER": str(barrier),
               "KB_RELEASES": str(tmp_path / "no releases here")}
        runs = [start(["fetch", url], env) for url in served]
        results = [finish(run) for run in runs]
        listed = {e["path"] for e in tomllib.loads((corpus / "manifest.toml").read_text(encoding="utf-8"))["file"]}
        for (code, err), name in zip(results, ("cr/MagicCompRules-2026-03-06.txt", "cr/MagicCompRules-2026-05-01.txt")):
            assert code == 0 or refused_in_one_line(code, err), err
            assert (name in listed) == (code == 0), (attempt, err)
        assert all(not p.name.startswith(".") for p in corpus.iterdir() if p.name != ".kb-write.lock")
