"""The preview server behaves like a server (issue 33 item 4): only regular files inside the site
are sent (no link followed out of it, no FIFO or device), a NUL or any malformed request is a
proper 400/404 to the client and nothing or one line in the terminal, a client that leaves is no
news; and a site deleted or replaced while served is built again on the next save."""

from __future__ import annotations

import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))
sys.path.insert(0, str(PROJECT / "tests"))

from kb.site.serve import RELOAD_PATH, SiteServer  # noqa: E402


@pytest.fixture()
def served(tmp_path):
    site = tmp_path / "site"
    (site / "cr" / "100").mkdir(parents=True)
    (site / "index.html").write_text("<html><body>home</body></html>", encoding="utf-8")
    (site / "404.html").write_text("<html><body>not here</body></html>", encoding="utf-8")
    (site / "cr" / "100" / "index.html").write_text("<html><body>100</body></html>", encoding="utf-8")
    (site / "rules.txt").write_text("100.1 These rules.", encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0", encoding="utf-8")
    (site / "leak.txt").symlink_to(secret)
    (site / "leak").symlink_to(tmp_path)
    (site / "etc").symlink_to("/etc")
    (site / "same.txt").symlink_to(site / "rules.txt")  # a link that stays inside the site
    os.mkfifo(site / "pipe.txt")
    said: list[str] = []
    server = SiteServer(site, port=0, say=said.append).start()
    yield server, said
    server.close()


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=20) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def raw(server: SiteServer, request: bytes, read: bool = True) -> bytes:
    port = server.httpd.server_address[1]
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(request)
        if not read:
            return b""
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def test_files_of_the_site_are_sent(served):
    server, said = served
    assert get(server.url + "rules.txt") == (200, b"100.1 These rules.")
    assert get(server.url + "same.txt") == (200, b"100.1 These rules.")
    status, page = get(server.url + "cr/100/")
    assert status == 200 and b"100" in page and RELOAD_PATH.encode() in page
    status, _ = get(server.url + "cr/100")  # redirected to the folder's address
    assert status == 200
    assert said == []


@pytest.mark.parametrize("path", ["leak.txt", "leak/secret.txt", "etc/passwd", "etc/hostname", "pipe.txt",
                                  "%2e%2e/secret.txt", "..%2fsecret.txt", "cr/../../secret.txt"])
def test_nothing_outside_the_site_nor_any_file_that_is_no_regular_file_is_sent(served, path):
    server, said = served
    status, body = get(server.url + path)
    assert status == 404 and b"root:x" not in body
    assert said == []


@pytest.mark.parametrize("request_line", [
    b"GET /index.html%00.txt HTTP/1.1", b"GET /%00 HTTP/1.1", b"GET /cr/%1b[31m HTTP/1.1",
    b"GET /%ff%fe HTTP/1.1", b"GET /" + b"a" * 5000 + b" HTTP/1.1", b"GET index.html HTTP/1.1",
])
def test_a_bad_path_is_400_and_nothing_in_the_terminal(served, request_line):
    server, said = served
    answer = raw(server, request_line + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.0 400") or answer.startswith(b"HTTP/1.1 400"), answer[:80]
    assert said == []


@pytest.mark.parametrize("request_bytes", [
    b"\x00\x01\x02\r\n\r\n", b"GARBAGE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET / HTTP/1.1\r\nBad\x00Header\r\n\r\n",
    b"BREW /pot HTTP/1.1\r\n\r\n",
])
def test_a_malformed_request_is_answered_with_an_error_and_nothing_in_the_terminal(served, request_bytes):
    server, said = served
    answer = raw(server, request_bytes)
    assert answer == b"" or answer.split(b" ", 2)[1][:1] in (b"4", b"5"), answer[:80]
    assert get(server.url + "rules.txt")[0] == 200  # still serving
    assert said == []


def test_clients_that_leave_are_no_news(served):
    server, said = served
    (Path(server.httpd.site_dir) / "big.txt").write_bytes(b"x" * 20_000_000)
    for _ in range(5):
        raw(server, b"GET /big.txt HTTP/1.1\r\nHost: x\r\n\r\n", read=False)  # gone before the answer
        raw(server, b"GET /rules", read=False)  # gone halfway through the request
    time.sleep(0.5)
    assert get(server.url + "rules.txt")[0] == 200
    assert said == []


# -- the site deleted or replaced while served -------------------------------------------------------


@pytest.fixture
def preview(tmp_path, monkeypatch):
    from kb.knowledge import KnowledgeBase
    from kb.site.preview import Preview
    from kb.translations import export_catalog
    from test_align_corpus import write_tiny_corpus

    root = write_tiny_corpus(tmp_path / "corpus")
    monkeypatch.setenv("KB_CORPUS", str(root))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    (root / "po").mkdir()
    export_catalog(KnowledgeBase.build(root), root / "po" / "part-1.po")
    made = Preview(tmp_path / "out", search=False, examples=None)
    made.start()
    yield made, root / "po" / "part-1.po"
    made.close()


def saved(catalog: Path) -> None:
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace('msgctxt "100.1"\n', '# a note\nmsgctxt "100.1"\n', 1), encoding="utf-8")
    future = time.time() + 5
    os.utime(catalog, (future, future))


def test_a_deleted_output_folder_is_built_again_on_the_next_save(preview):
    import shutil

    made, catalog = preview
    shutil.rmtree(made.out_dir)
    saved(catalog)
    refresh = made.check()
    assert refresh is not None and refresh.kind == "full" and "deleted or replaced" in refresh.reason
    assert (made.out_dir / "site" / "index.html").is_file()


def test_an_output_folder_replaced_by_a_file_is_one_line(preview):
    import shutil

    made, catalog = preview
    shutil.rmtree(made.out_dir)
    made.out_dir.write_text("not a folder", encoding="utf-8")
    saved(catalog)
    refresh = made.check()
    assert refresh is not None and refresh.kind == "refused"
    assert "deleted or replaced" in refresh.reason and "\n" not in refresh.line()
    assert made.out_dir.read_text(encoding="utf-8") == "not a folder"  # the user's file is left
