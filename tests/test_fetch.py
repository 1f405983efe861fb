"""`kb fetch`: releases and a rules page served from 127.0.0.1 only (http.server in a thread)."""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.corpus import load_manifest, read_corpus
from kb.fetch import BadDate, FetchError, date_in_name, fetch, fetch_latest, newest_text_link
from test_align_corpus import cr_text, write_tiny_corpus

PROJECT = Path(__file__).resolve().parent.parent


def release_text(date_words: str, count: int = 60, glossary: bool = True) -> bytes:
    rules = [(f"100.{n}", f"Rule number {n} of the general rules. See rule 100.1.", []) for n in range(1, count + 1)]
    sections = [("100", "General", rules), ("101", "Players", [("101.1", "A player is one of the people in the game.", [])])]
    entries = [("Active Player", "The player whose turn it is. See rule 101.1.")] if glossary else []
    return cr_text(date_words, sections, entries).encode("utf-8")


NEW = release_text("March 6, 2026")
OTHER = release_text("May 1, 2026")
PAGE = """<!doctype html><html><body><h1>Comprehensive Rules</h1>
<a href="/docs/MagicCompRules%2020260306.txt">TXT</a>
<a href="/docs/MagicCompRules%2020260306.pdf">PDF</a>
<a href="https://127.0.0.1:1/old/MagicCompRules 20250101.txt">an older text</a>
</body></html>"""


class Server:
    """A tiny web server: `routes` maps a path to (status, body, seconds to wait before answering)."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, bytes, float]] = {}
        # path -> the length a route states (Content-Length), where it is not its body's
        self.stated: dict[str, int] = {}
        # path -> (bytes per write, seconds between writes): a body sent a little at a time
        self.trickle: dict[str, tuple[int, float]] = {}
        self.asked: list[str] = []
        routes, asked, stated, trickle = self.routes, self.asked, self.stated, self.trickle

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                asked.append(self.path)
                status, body, delay = routes.get(self.path, (404, b"not found", 0.0))
                if delay:
                    time.sleep(delay)
                try:
                    self.send_response(status)
                    self.send_header("Content-Length", str(stated.get(self.path, len(body))))
                    self.end_headers()
                    size, pause = trickle.get(self.path, (len(body), 0.0))
                    for start in range(0, len(body), max(size, 1)):
                        self.wfile.write(body[start:start + size])
                        self.wfile.flush()
                        time.sleep(pause)
                except OSError:
                    pass

            def log_message(self, *args) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_port}{path}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def server():
    served = Server()
    served.routes["/docs/MagicCompRules 20260306.txt"] = (200, NEW, 0.0)
    served.routes["/docs/MagicCompRules%2020260306.txt"] = (200, NEW, 0.0)
    served.routes["/en/rules"] = (200, PAGE.encode("utf-8"), 0.0)
    yield served
    served.close()


@pytest.fixture()
def corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no releases here"))
    return write_tiny_corpus(tmp_path / "corpus")


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_fetch_stores_the_release_by_its_publication_date_and_adds_its_entry(server, corpus):
    before = (corpus / "manifest.toml").read_bytes()
    url = server.url("/docs/MagicCompRules%2020260306.txt")
    done = fetch(url, corpus)
    assert done.status == "added"
    assert done.rel == "cr/MagicCompRules-2026-03-06.txt"
    assert (corpus / done.rel).read_bytes() == NEW
    after = (corpus / "manifest.toml").read_bytes()
    assert after.startswith(before)  # what was written is kept, byte for byte
    entry = tomllib.loads(after.decode("utf-8"))["file"][-1]
    assert entry == {
        "path": "cr/MagicCompRules-2026-03-06.txt", "kind": "cr", "lang": "en",
        "title": "Magic: The Gathering Comprehensive Rules", "release": "March 6, 2026",
        "published": "2026-03-06", "effective": "2026-03-06", "sha256": hashlib.sha256(NEW).hexdigest(),
        "url": url,
    }
    assert [e.rel for e in load_manifest(corpus)][-1] == "cr/MagicCompRules-2026-03-06.txt"
    assert not [p for p in (corpus / "cr").iterdir() if p.name.startswith(".")]  # no temporary file left
    again = fetch(url, corpus)
    assert again.status == "present"
    assert (corpus / "manifest.toml").read_bytes() == after


def test_a_release_the_manifest_lists_but_lacks_is_stored_without_touching_the_manifest(server, corpus):
    url = server.url("/docs/MagicCompRules%2020260306.txt")
    fetch(url, corpus)
    manifest = (corpus / "manifest.toml").read_bytes()
    (corpus / "cr" / "MagicCompRules-2026-03-06.txt").unlink()
    assert len(read_corpus(corpus).unavailable) == 1
    done = fetch(url, corpus)
    assert done.status == "stored"
    assert (corpus / "manifest.toml").read_bytes() == manifest
    assert read_corpus(corpus).unavailable == []


def test_an_address_without_a_date_needs_published_or_takes_the_effective_date(server, corpus):
    server.routes["/rules.txt"] = (200, OTHER, 0.0)
    done = fetch(server.url("/rules.txt"), corpus, published="2026-04-20")
    assert done.rel == "cr/MagicCompRules-2026-04-20.txt" and done.effective == "2026-05-01"


def test_an_address_without_a_date_is_named_by_the_effective_date_with_a_note(server, corpus):
    server.routes["/rules.txt"] = (200, OTHER, 0.0)
    done = fetch(server.url("/rules.txt"), corpus)
    assert done.rel == "cr/MagicCompRules-2026-05-01.txt"
    assert "takes effect" in tomllib.loads((corpus / "manifest.toml").read_text(encoding="utf-8"))["file"][-1]["note"]


@pytest.mark.parametrize(
    "route, body, match",
    [
        ("/missing.txt", None, r"HTTP 404"),
        ("/page.txt", b"<html><body>Service unavailable</body></html>", "not a rules text"),
        ("/empty.txt", b"", "empty"),
        ("/binary.txt", bytes(range(256)) * 40, "not"),
        ("/short.txt", release_text("March 6, 2026", count=3), "not a rules text"),
    ],
)
def test_a_failed_fetch_is_one_line_and_writes_nothing(server, corpus, route, body, match):
    if body is not None:
        server.routes[route] = (200, body, 0.0)
    before = snapshot(corpus)
    with pytest.raises(FetchError, match=match) as err:
        fetch(server.url(route), corpus)
    assert "\n" not in str(err.value)
    assert snapshot(corpus) == before


def test_a_download_cut_short_is_refused_and_writes_nothing(server, corpus):
    """The server states the whole length, sends half and closes: a text that would still parse
    (half the rules) is not kept."""
    server.routes["/cut.txt"] = (200, NEW[: len(NEW) // 2], 0.0)
    server.stated["/cut.txt"] = len(NEW)
    before = snapshot(corpus)
    with pytest.raises(FetchError, match=rf"cut short \({len(NEW) // 2} of {len(NEW)} bytes\)"):
        fetch(server.url("/cut.txt"), corpus)
    assert snapshot(corpus) == before


def test_a_rules_text_without_its_glossary_is_refused(server, corpus):
    server.routes["/headless.txt"] = (200, release_text("March 6, 2026", glossary=False), 0.0)
    before = snapshot(corpus)
    with pytest.raises(FetchError, match="ends before its glossary"):
        fetch(server.url("/headless.txt"), corpus)
    assert snapshot(corpus) == before


def test_a_server_that_does_not_answer_in_time(server, corpus):
    server.routes["/slow.txt"] = (200, NEW, 2.0)
    before = snapshot(corpus)
    with pytest.raises(FetchError, match=r"no answer within 0\.3 s"):
        fetch(server.url("/slow.txt"), corpus, timeout=0.3)
    assert snapshot(corpus) == before


def test_a_release_listed_with_other_bytes_is_refused(server, corpus):
    server.routes["/a/MagicCompRules-2026-03-06.txt"] = (200, NEW, 0.0)
    server.routes["/b/MagicCompRules-2026-03-06.txt"] = (200, OTHER, 0.0)
    fetch(server.url("/a/MagicCompRules-2026-03-06.txt"), corpus)
    before = snapshot(corpus)
    with pytest.raises(FetchError, match="listed with another SHA-256"):
        fetch(server.url("/b/MagicCompRules-2026-03-06.txt"), corpus)
    assert snapshot(corpus) == before


def test_a_file_of_that_name_is_never_overwritten(server, corpus):
    (corpus / "cr" / "MagicCompRules-2026-03-06.txt").write_bytes(b"the user's own file\n")
    before = snapshot(corpus)
    with pytest.raises(FetchError, match="a different file of that name"):
        fetch(server.url("/docs/MagicCompRules%2020260306.txt"), corpus)
    assert snapshot(corpus) == before


def test_latest_follows_the_rules_page_to_the_newest_text(server, corpus):
    done = fetch_latest(server.url("/en/rules"), corpus)
    assert done.status == "added" and done.rel == "cr/MagicCompRules-2026-03-06.txt"
    again = fetch_latest(server.url("/en/rules"), corpus)
    assert again.status == "present"


def test_latest_with_a_page_without_a_link(server, corpus):
    server.routes["/en/rules"] = (200, b"<html><a href='/rules.pdf'>PDF</a></html>", 0.0)
    before = snapshot(corpus)
    with pytest.raises(FetchError, match="links to no rules text"):
        fetch_latest(server.url("/en/rules"), corpus)
    assert snapshot(corpus) == before


def test_links_and_dates():
    page = '<a href="a/MagicCompRules 20240607.txt">x</a><a href="/MagicCompRules%2020260116.txt">y</a>'
    assert newest_text_link(page, "https://example.org/en/rules") == "https://example.org/MagicCompRules%2020260116.txt"
    assert date_in_name("https://x/MagicCompRules%2020260116.txt") == "2026-01-16"
    assert date_in_name("https://x/MagicCompRules-2017-09-25.txt") == "2017-09-25"
    assert date_in_name("https://x/2026/rules.txt") == ""
    assert date_in_name("https://x/MagicCompRules 20261399.txt") == ""


def test_fetch_command(server, corpus, monkeypatch):
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    runner = CliRunner()
    result = runner.invoke(cli, ["fetch", server.url("/docs/MagicCompRules%2020260306.txt"), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["status"] == "added"
    result = runner.invoke(cli, ["fetch", "--latest", "--page", server.url("/en/rules")])
    assert result.exit_code == 0, result.output
    assert "already in the corpus" in result.output


@pytest.mark.parametrize(
    "args, code",
    [([], 2), (["--latest", "http://127.0.0.1:9/x.txt"], 2), (["ftp://127.0.0.1/x.txt"], 2),
     (["--page", "http://127.0.0.1:9/"], 2), (["--timeout", "0", "http://127.0.0.1:9/x.txt"], 2),
     (["--timeout", "nan", "http://127.0.0.1:9/x.txt"], 2), (["--timeout", "inf", "http://127.0.0.1:9/x.txt"], 2),
     (["--timeout", "1e10", "http://127.0.0.1:9/x.txt"], 2)],
)
def test_fetch_command_bad_usage(corpus, monkeypatch, args, code):
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    result = CliRunner().invoke(cli, ["fetch", *args])
    assert result.exit_code == code
    assert len(result.output.strip().splitlines()) == 1


def test_fetch_command_failure_from_a_shell(server, corpus):
    env = {**os.environ, "KB_CORPUS": str(corpus), "PYTHONPATH": str(PROJECT)}
    done = subprocess.run([sys.executable, "-m", "kb", "fetch", server.url("/nothing.txt")],
                          env=env, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [f"kb: {server.url('/nothing.txt')}: HTTP 404 Not Found"]


# --- the publication date, checked before any download ---------------------------------------------


@pytest.mark.parametrize("date", ["2026-13-45", "2026-02-30", "20260116", "2026-1-16", "yesterday", ""])
def test_an_invalid_publication_date_is_refused_before_any_download(server, corpus, monkeypatch, date):
    monkeypatch.setenv("KB_CORPUS", str(corpus))
    before = snapshot(corpus)
    url = server.url("/docs/MagicCompRules%2020260306.txt")
    result = CliRunner().invoke(cli, ["fetch", "--published", date, url])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert "'--published'" in lines[0] and ("YYYY-MM-DD" in lines[0] or "no such date" in lines[0])
    if date:
        with pytest.raises(BadDate):
            fetch(url, corpus, published=date)
    assert server.asked == []  # the server was never asked
    assert snapshot(corpus) == before


# --- the file's mode ---------------------------------------------------------------------------------


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640), (0o002, 0o664)])
def test_a_fetched_release_gets_the_mode_of_any_new_file(server, corpus, umask, mode):
    old = os.umask(umask)
    try:
        done = fetch(server.url("/docs/MagicCompRules%2020260306.txt"), corpus)
        manifest_mode = (corpus / "manifest.toml").stat().st_mode & 0o777
    finally:
        os.umask(old)
    assert Path(done.path).stat().st_mode & 0o777 == mode
    assert manifest_mode == 0o644  # the manifest keeps the mode it had (written under umask 022)
    assert not [p for p in (corpus / "cr").iterdir() if p.name.startswith(".")]


# --- --timeout bounds the whole download; progress as bytes arrive ----------------------------------


def test_a_server_trickling_bytes_forever_is_stopped_at_the_timeout(server, corpus):
    """One byte every 50 ms: each read is answered in time, the download would take minutes."""
    server.routes["/trickle.txt"] = (200, NEW, 0.0)
    server.trickle["/trickle.txt"] = (1, 0.05)
    before = snapshot(corpus)
    started = time.monotonic()
    with pytest.raises(FetchError, match=rf"not received within 1 s \(\d+ of {len(NEW)} bytes came\)"):
        fetch(server.url("/trickle.txt"), corpus, timeout=1.0)
    assert time.monotonic() - started < 5.0  # not the minutes the whole body would take
    assert snapshot(corpus) == before


def test_the_command_stops_a_trickling_server_at_its_timeout(server, corpus):
    server.routes["/trickle.txt"] = (200, NEW, 0.0)
    server.trickle["/trickle.txt"] = (1, 0.05)
    env = {**os.environ, "KB_CORPUS": str(corpus), "PYTHONPATH": str(PROJECT)}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "kb", "fetch", "--timeout", "1", server.url("/trickle.txt")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert time.monotonic() - started < 15.0
    assert done.returncode == 1 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "not received within 1 s" in done.stderr


def test_a_slow_download_within_its_timeout_is_kept(server, corpus):
    server.routes["/slow/MagicCompRules-2026-03-06.txt"] = (200, NEW, 0.0)
    server.trickle["/slow/MagicCompRules-2026-03-06.txt"] = (len(NEW) // 5 + 1, 0.1)
    told = []
    done = fetch(server.url("/slow/MagicCompRules-2026-03-06.txt"), corpus, timeout=20,
                 progress=lambda url, received, total: told.append((url, received, total)))
    assert done.status == "added"
    assert len(told) >= 3  # told as the parts came (parts that come together are read together)
    received = [r for _, r, _ in told]
    assert received == sorted(received) and received[0] == 0 and received[-1] == len(NEW)
    assert {total for _, _, total in told} == {len(NEW)}


def _run_on_a_terminal(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    """Run kb with its standard error on a pseudo-terminal; its exit status, stdout, and what the
    terminal received."""
    import pty
    import select

    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "kb", *args], env=env, stdout=subprocess.PIPE,
                            stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    seen = bytearray()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal is gone with the process
                break
            if not chunk:
                break
            seen += chunk
        elif proc.poll() is not None:
            break
    out = proc.stdout.read().decode("utf-8")
    proc.wait(timeout=30)
    os.close(leader)
    return proc.returncode, out, seen.decode("utf-8", errors="replace")


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_progress_is_shown_on_a_terminal_and_never_with_json(server, corpus, as_json):
    route = "/slow/MagicCompRules-2026-03-06.txt"
    server.routes[route] = (200, NEW, 0.0)
    server.trickle[route] = (len(NEW) // 10 + 1, 0.2)
    env = {**os.environ, "KB_CORPUS": str(corpus), "PYTHONPATH": str(PROJECT), "TERM": "xterm",
           "COLUMNS": "120"}
    code, out, terminal = _run_on_a_terminal(["fetch", server.url(route), *(["--json"] if as_json else [])], env)
    assert code == 0, terminal
    if as_json:
        assert json.loads(out)["status"] == "added"
        assert terminal == ""
        return
    assert "added" in out
    assert "MagicCompRules-2026-03-06.txt" in terminal, terminal
    # the bytes received of the total the server stated, in kB as they come
    total = f"/{len(NEW) / 1000:.1f} kB"
    counts = re.findall(r"(\d+\.\d)" + re.escape(total), terminal)
    assert len(set(counts)) >= 2, terminal
