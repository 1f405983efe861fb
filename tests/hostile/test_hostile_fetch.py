"""`kb fetch` against hostile servers on 127.0.0.1: redirects to other schemes, HTML pages passed off
as releases, rules pages whose links are not web addresses, addresses carrying a password, and a
FIFO where the release goes. Each case ends in one line and leaves the corpus as it was (or, where
it should, fetches the release). Every server is local, and every run bounded in time."""

from __future__ import annotations

import base64
import http.server
import json
import os
import socket
import stat
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.cli.main import cli  # noqa: E402
from test_align_corpus import write_tiny_corpus  # noqa: E402
from test_fetch import NEW  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RELEASE = "/docs/MagicCompRules%2020260306.txt"
ADDED = "cr/MagicCompRules-2026-03-06.txt"
SECRET = "s3cr3t-Pa55"


class Server:
    """A local web server: `routes` maps a path to (status, headers, body); `seen` keeps each
    request's path and headers."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, dict[str, str], bytes]] = {}
        self.seen: list[tuple[str, dict[str, str]]] = []
        routes, seen = self.routes, self.seen

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                seen.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
                status, headers, body = routes.get(self.path, (404, {}, b"not found"))
                if callable(body):
                    status, headers, body = body(self.headers)
                try:
                    self.send_response(status)
                    for key, value in {"Content-Type": "text/plain; charset=utf-8", **headers}.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass

            def log_message(self, *args) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str, userinfo: str = "") -> str:
        return f"http://{userinfo}127.0.0.1:{self.httpd.server_port}{path}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Listener:
    """A bare TCP port on 127.0.0.1 that only counts who connects (where an ftp: redirect points)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(5)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.stop = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


@pytest.fixture()
def server():
    served = Server()
    yield served
    served.close()


@pytest.fixture()
def corpus(tmp_path, monkeypatch):
    root = write_tiny_corpus(tmp_path / "corpus")
    monkeypatch.setenv("KB_CORPUS", str(root))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    monkeypatch.setenv("KB_RELEASES", str(tmp_path / "no releases here"))
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def kb(*args: str):
    return CliRunner().invoke(cli, list(args))


def one_line(result, code: int) -> str:
    assert result.exit_code == code, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("kb: ") and "internal error" not in lines[0], result.output
    return lines[0]


# -- redirects -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["ftp", "file", "data", "gopher", "javascript"])
def test_a_redirect_to_another_scheme_is_refused_and_nothing_written(server, corpus, tmp_path, scheme):
    listener = Listener()
    local = tmp_path / "MagicCompRules 20260306.txt"
    local.write_bytes(NEW)
    targets = {
        "ftp": f"ftp://127.0.0.1:{listener.port}/MagicCompRules%2020260306.txt",
        "file": local.as_uri(),
        "data": "data:text/plain;base64," + base64.b64encode(NEW).decode("ascii"),
        "gopher": f"gopher://127.0.0.1:{listener.port}/0/rules.txt",
        "javascript": "javascript:alert(1)",
    }
    server.routes["/hop/MagicCompRules%2020260306.txt"] = (302, {"Location": RELEASE}, b"")
    server.routes[RELEASE] = (301, {"Location": targets[scheme]}, b"")
    before = snapshot(corpus)
    try:
        line = one_line(kb("fetch", server.url("/hop/MagicCompRules%2020260306.txt"), "--timeout", "10"), 1)
    finally:
        listener.close()
    # The first redirect, between web addresses, was followed; the second, to another scheme, was not.
    assert f"{RELEASE}: redirected to {scheme}:" in line and "not an http or https address" in line
    assert len(line) < 400  # a data: address megabytes long is not repeated whole
    assert listener.connections == 0  # nothing was asked of the other scheme's server
    assert snapshot(corpus) == before


# -- HTML is not a release ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["text/html", "text/html; charset=utf-8", "application/xhtml+xml", "TEXT/HTML"])
def test_a_release_served_as_html_is_refused(server, corpus, kind):
    server.routes[RELEASE] = (200, {"Content-Type": kind}, NEW)
    before = snapshot(corpus)
    line = one_line(kb("fetch", server.url(RELEASE), "--timeout", "10"), 1)
    assert "HTML" in line and "Content-Type" in line
    assert snapshot(corpus) == before


WRAPPED = {
    "doctype": b"<!DOCTYPE html>\n<html><body><pre>\n" + NEW + b"\n</pre></body></html>\n",
    "bom and blanks": b"\xef\xbb\xbf \r\n\t<html>\n<pre>" + NEW + b"</pre></html>",
    "a pre after the text's heading": NEW.replace(b"\r\n", b"<br>\r\n", 3),
    "utf-16": ("<html><body><pre>" + NEW.decode("utf-8") + "</pre></body></html>").encode("utf-16"),
    "a comment first": b"<!-- saved page -->" + NEW,
}


@pytest.mark.parametrize("case", sorted(WRAPPED))
def test_an_html_page_around_a_rules_text_is_refused(server, corpus, case):
    server.routes[RELEASE] = (200, {"Content-Type": "text/plain"}, WRAPPED[case])
    before = snapshot(corpus)
    line = one_line(kb("fetch", server.url(RELEASE), "--timeout", "10"), 1)
    assert "an HTML page, not a rules text" in line
    assert snapshot(corpus) == before


def test_markup_is_refused_but_web_addresses_in_angle_brackets_are_not(server, corpus):
    server.routes[RELEASE] = (200, {}, NEW.replace(b"This document", b"<p>This document", 1))
    one_line(kb("fetch", server.url(RELEASE), "--timeout", "10"), 1)
    # The oldest official releases write "<www.wizards.com/...>" and "<http://...>": not markup.
    text = NEW.replace(b"This document is the ultimate authority.",
                       b"See <http://www.wizards.com/magic> and <www.wizards.com/customerservice>.")
    server.routes[RELEASE] = (200, {}, text)
    assert kb("fetch", server.url(RELEASE), "--timeout", "10").exit_code == 0
    assert (corpus / ADDED).read_bytes() == text


# -- the links of the rules page -------------------------------------------------------------------------


def test_latest_skips_links_of_other_schemes_and_fetches_the_next_web_one(server, corpus):
    listener = Listener()
    later = "MagicCompRules%2020991231.txt"
    page = f"""<!doctype html><html><body>
<a href="javascript:alert(1)//{later}">newest</a>
<a href="file:///etc/{later}">newest</a>
<a href="data:text/plain,{later}">newest</a>
<a href="mailto:rules@example.org?subject=/{later}">newest</a>
<a href="ftp://127.0.0.1:{listener.port}/{later}">newest</a>
<a href="vbscript:msgbox/{later}">newest</a>
<a href="http://[::1/{later}">broken</a>
<a href="{RELEASE}">TXT</a>
</body></html>"""
    server.routes["/en/rules"] = (200, {"Content-Type": "text/html"}, page.encode("utf-8"))
    server.routes[RELEASE] = (200, {}, NEW)
    try:
        result = kb("fetch", "--latest", "--page", server.url("/en/rules"), "--timeout", "10", "--json")
    finally:
        listener.close()
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rel"] == ADDED
    assert (corpus / ADDED).read_bytes() == NEW
    assert listener.connections == 0


def test_latest_with_no_web_link_at_all_says_so(server, corpus):
    page = '<a href="file:///MagicCompRules%2020260306.txt">x</a><a href="javascript:x//a.txt">y</a>'
    server.routes["/en/rules"] = (200, {"Content-Type": "text/html"}, page.encode("utf-8"))
    before = snapshot(corpus)
    line = one_line(kb("fetch", "--latest", "--page", server.url("/en/rules"), "--timeout", "10"), 1)
    assert "links to no rules text" in line and "http" in line
    assert snapshot(corpus) == before


# -- passwords -------------------------------------------------------------------------------------------


def test_no_error_line_repeats_a_password(server, corpus):
    userinfo = f"alice:{SECRET}@"
    cases = [
        (kb("fetch", server.url("/missing.txt", userinfo), "--timeout", "10"), 1),  # HTTP 404
        (kb("fetch", f"http://{userinfo}127.0.0.1:99999/MagicCompRules%2020260306.txt"), 2),  # no such port
        (kb("fetch", f"http://{userinfo}[::1/MagicCompRules%2020260306.txt"), 2),  # not an address
        (kb("fetch", f"ftp://{userinfo}127.0.0.1/MagicCompRules%2020260306.txt"), 2),  # not the web
        (kb("fetch", "--latest", "--page", server.url("/nothing", userinfo), "--timeout", "10"), 1),
    ]
    slash = f"alice:{SECRET}/x@"  # a password with a raw "/" in it
    cases.append((kb("fetch", server.url("/missing.txt", slash), "--timeout", "10"), 1))
    server.routes["/page.txt"] = (200, {}, b"<html>a page</html>")
    cases.append((kb("fetch", server.url("/page.txt", userinfo), "--timeout", "10"), 1))
    for result, code in cases:
        line = one_line(result, code)
        assert SECRET not in line and "alice" not in line, line
        assert "127.0.0.1" in line or "::1" in line, line  # the address is still named


def test_credentials_are_sent_once_and_never_kept(server, corpus):
    wanted = "Basic " + base64.b64encode(f"alice:{SECRET}".encode()).decode()

    def guarded(headers):
        if headers.get("Authorization") != wanted:
            return 401, {"WWW-Authenticate": 'Basic realm="rules"'}, b"who are you?"
        return 302, {"Location": "/open/MagicCompRules%2020260306.txt"}, b""

    server.routes[RELEASE] = (200, {}, guarded)
    server.routes["/open/MagicCompRules%2020260306.txt"] = (200, {}, NEW)
    result = kb("fetch", server.url(RELEASE, f"alice:{SECRET}@"), "--timeout", "10", "--json")
    assert result.exit_code == 0, result.output
    assert SECRET not in result.output and "alice" not in result.output
    assert json.loads(result.output)["url"] == server.url(RELEASE)
    manifest = (corpus / "manifest.toml").read_text(encoding="utf-8")
    assert SECRET not in manifest and "alice" not in manifest
    assert tomllib.loads(manifest)["file"][-1]["url"] == server.url(RELEASE)
    # Sent to the address it came with, not to where that address redirects.
    assert [h.get("authorization") for p, h in server.seen] == [wanted, None]


def test_progress_never_names_the_password(server, corpus):
    from kb.fetch import fetch_latest

    told: list[str] = []
    page = f'<a href="{RELEASE}">TXT</a>'
    server.routes["/en/rules"] = (200, {"Content-Type": "text/html"}, page.encode("utf-8"))
    server.routes[RELEASE] = (200, {}, NEW)
    done = fetch_latest(server.url("/en/rules", f"alice:{SECRET}@"), corpus, timeout=10,
                        progress=lambda url, received, total: told.append(url))
    assert done.status == "added" and done.url == server.url(RELEASE)
    assert told and not [url for url in told if SECRET in url or "alice" in url]
    # The text, on the page's own server, was asked for with the page's credentials.
    assert [h.get("authorization", "") != "" for p, h in server.seen] == [True, True]


# -- where the release goes --------------------------------------------------------------------------------


def test_a_fifo_where_the_release_goes_is_refused_without_blocking(server, corpus, tmp_path):
    server.routes[RELEASE] = (200, {}, NEW)
    (corpus / "cr").mkdir(exist_ok=True)
    os.mkfifo(corpus / ADDED)
    manifest = (corpus / "manifest.toml").read_bytes()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store"),
           "KB_RELEASES": str(tmp_path / "none")}
    done = subprocess.run([sys.executable, "-m", "kb", "fetch", server.url(RELEASE), "--timeout", "10"], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "FIFO" in done.stderr
    assert stat.S_ISFIFO(os.lstat(corpus / ADDED).st_mode)
    assert (corpus / "manifest.toml").read_bytes() == manifest
