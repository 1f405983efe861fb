"""A local server for the built site, on 127.0.0.1: the site's files as they are, except that each
page it sends carries a small script that reloads the page when the site changes (`kb serve`).

The script is added to the page as it is sent; the files of the site are never changed, and stay
those `kb build` writes. It asks `RELOAD_PATH` for the site's version (`Preview.version`) every
`POLL_MS` milliseconds and reloads the page when it differs from the one the page was sent with.
"""

from __future__ import annotations

import os
import posixpath
import stat
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

HOST = "127.0.0.1"
RELOAD_PATH = "/.kb-preview/version"
POLL_MS = 300


def reload_script(version: int) -> bytes:
    return (
        "<script>(function(){var seen=" + str(int(version)) + ";function poll(){"
        f'fetch("{RELOAD_PATH}",{{cache:"no-store"}}).then(function(r){{return r.text()}})'
        ".then(function(v){if(Number(v)!==seen){location.reload()}else{setTimeout(poll,"
        f"{POLL_MS})}}}}).catch(function(){{setTimeout(poll,1000)}})}}setTimeout(poll,{POLL_MS})}})();</script>"
    ).encode("ascii")


def with_reload(html: bytes, version: int) -> bytes:
    """`html` with the reload script before its last `</body>` (at its end if it has none)."""
    script = reload_script(version)
    at = html.lower().rfind(b"</body>")
    return html + script if at < 0 else html[:at] + script + html[at:]


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    site_dir = Path(".")
    version: Callable[[], int] = staticmethod(lambda: 0)
    say: Callable[[str], None] = staticmethod(lambda line: None)

    def handle_error(self, request, client_address) -> None:
        """A request that failed in a way no handler foresaw: one line, never a traceback; a
        client that went away is no news at all."""
        err = sys.exc_info()[1]
        if isinstance(err, (ConnectionError, TimeoutError)):
            return
        self.say(f"kb serve: a request from {client_address[0]} failed: {type(err).__name__}: {err}")


def _has_control(text: str) -> bool:
    return any(ord(char) < 32 and char != "\t" or ord(char) == 127 for char in text)


# A request's path: printable text, no NUL or other control character, at most this long.
_LONGEST_PATH = 4096


class _Handler(SimpleHTTPRequestHandler):
    """Only regular files inside the site are sent: a link leading out of it, a device, a FIFO is
    "404 Not Found"; a path that is no text (a NUL, a control character, bytes that are no UTF-8)
    is "400 Bad Request". Nothing is printed for a request, nor for a client that leaves."""

    server: _Server
    default_request_version = "HTTP/1.0"  # a request too broken to name one is still answered with a status line

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(args[2].site_dir), **kwargs)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        pass  # a request is no news for the terminal

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionError, TimeoutError):
            self.close_connection = True  # the client left: nothing to tell anyone

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        self._answer(body=True)

    def do_HEAD(self) -> None:  # noqa: N802 (the base class's name)
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        path = self._request_path()
        if path is None or self._headers_malformed():
            return self.send_error(HTTPStatus.BAD_REQUEST, "The address is not a path of this site")
        if path == RELOAD_PATH:
            return self._send(HTTPStatus.OK, str(self.server.version()).encode("ascii"), "text/plain", body)
        site = Path(os.path.realpath(self.server.site_dir))
        parts = [p for p in posixpath.normpath(path).split("/") if p not in ("", ".", "..")]
        target = self._inside(site, Path(site, *parts))
        if target is not None and target.is_dir():
            if not path.endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", quote(path) + "/")
                self.send_header("Content-Length", "0")
                return self.end_headers()
            target = self._inside(site, target / "index.html")
        status = HTTPStatus.OK
        if target is None or not target.is_file():
            missing = site / "404.html"
            if posixpath.splitext(path)[1] not in ("", ".html") or not missing.is_file():
                return self.send_error(HTTPStatus.NOT_FOUND)
            status, target = HTTPStatus.NOT_FOUND, missing
        data = self._read(target)
        if data is None:
            return self.send_error(HTTPStatus.NOT_FOUND)
        if target.suffix == ".html":
            return self._send(status, with_reload(data, self.server.version()), "text/html; charset=utf-8", body)
        self._send(status, data, self.guess_type(str(target)), body)

    def _request_path(self) -> str | None:
        """The path the request names, decoded; None when it is no text or holds a control character."""
        raw = urlsplit(self.path).path
        if len(raw) > _LONGEST_PATH or not raw.startswith("/"):
            return None
        try:
            path = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            return None
        return None if _has_control(path) else path

    def _headers_malformed(self) -> bool:
        """Whether a header line is no header ("name: value") or holds a control character."""
        if getattr(self.headers, "defects", None):
            return True
        return any(_has_control(name) or _has_control(value) for name, value in self.headers.items())

    @staticmethod
    def _inside(site: Path, target: Path) -> Path | None:
        """`target` with every link followed, if it is still inside the site; else None."""
        real = Path(os.path.realpath(target))
        return real if real == site or site in real.parents else None

    @staticmethod
    def _read(target: Path) -> bytes | None:
        """The bytes of a regular file (never a FIFO or a device, never through a link)."""
        try:
            handle = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        with os.fdopen(handle, "rb") as stream:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                return None
            return stream.read()

    def _send(self, status: HTTPStatus, data: bytes, kind: str, body: bool = True) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)

    def end_headers(self) -> None:
        # Every file as it is now: a page reloaded after a refresh reads the refreshed files.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class SiteServer:
    """A built site served on `HOST`:`port` (0: a free port) in a thread of its own. The address
    is taken when it is made; `point_at` names the site and its version before `start`."""

    def __init__(self, site_dir: Path, port: int = 8000, version: Callable[[], int] = lambda: 0,
                 say: Callable[[str], None] | None = None):
        self.httpd = _Server((HOST, port), _Handler)
        if say is not None:
            self.httpd.say = say
        self.point_at(site_dir, version)
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="kb-serve", daemon=True)

    def point_at(self, site_dir: Path, version: Callable[[], int]) -> None:
        self.httpd.site_dir = Path(site_dir)
        self.httpd.version = version

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.httpd.server_address[1]}/"

    def start(self) -> SiteServer:
        self._thread.start()
        return self

    def close(self) -> None:
        if self._thread.is_alive():
            self.httpd.shutdown()
            self._thread.join(timeout=5)
        self.httpd.server_close()
