"""A local server for the built site, on 127.0.0.1: the site's files as they are, except that each
page it sends carries a small script that reloads the page when the site changes (`kb serve`).

The script is added to the page as it is sent; the files of the site are never changed, and stay
those `kb build` writes. It asks `RELOAD_PATH` for the site's version (`Preview.version`) every
`POLL_MS` milliseconds and reloads the page when it differs from the one the page was sent with.
"""

from __future__ import annotations

import posixpath
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

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


class _Handler(SimpleHTTPRequestHandler):
    server: _Server

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(args[2].site_dir), **kwargs)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        pass  # a request is no news for the terminal

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        path = urlsplit(self.path).path
        if path == RELOAD_PATH:
            return self._send(HTTPStatus.OK, str(self.server.version()).encode("ascii"), "text/plain")
        page = self._page(path)
        if page is None:
            return super().do_GET()
        status, file = page
        try:
            data = file.read_bytes()
        except OSError:
            return self.send_error(HTTPStatus.NOT_FOUND)
        self._send(status, with_reload(data, self.server.version()), "text/html; charset=utf-8")

    def _page(self, path: str) -> tuple[HTTPStatus, Path] | None:
        """The HTML file a path names (a folder's index.html), the site's 404 page for a page
        that is not there, or None for any other file (sent as it is)."""
        parts = [p for p in posixpath.normpath(unquote(path)).split("/") if p not in ("", ".", "..")]
        site_dir = self.server.site_dir
        target = Path(site_dir, *parts)
        if target.is_dir():
            if not path.endswith("/"):
                return None  # the base class redirects to the folder's address
            target = target / "index.html"
        if target.suffix == ".html" and target.is_file():
            return HTTPStatus.OK, target
        if target.suffix in ("", ".html") and not target.exists() and (Path(site_dir) / "404.html").is_file():
            return HTTPStatus.NOT_FOUND, Path(site_dir) / "404.html"
        return None

    def _send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        # Every file as it is now: a page reloaded after a refresh reads the refreshed files.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()



class SiteServer:
    """A built site served on `HOST`:`port` (0: a free port) in a thread of its own. The address
    is taken when it is made; `point_at` names the site and its version before `start`."""

    def __init__(self, site_dir: Path, port: int = 8000, version: Callable[[], int] = lambda: 0):
        self.httpd = _Server((HOST, port), _Handler)
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
