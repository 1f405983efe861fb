"""Download an official rules release into the corpus: check that it is a rules text, name it by its
publication date, keep it in `corpus/cr/` and add its entry to the manifest.

    fetch("https://…/MagicCompRules 20260116.txt")   # one release, by its address
    fetch_latest()                                     # the newest text the official rules page links

A download is bounded as a whole: `timeout` seconds for connecting, waiting and receiving together,
however slowly the bytes arrive. Nothing is half-written: the release is written to a temporary file
(made with the mode any new file gets under the user's umask) and put in place only if no file of
that name is there; the manifest is appended to (what is in it is kept byte for byte) through
a temporary file that replaces it. Any failure — the network, an HTTP error, a page without a link,
a file that is not a rules text, a release already listed with other bytes — raises `FetchError`
with one line, and leaves the corpus as it was.

Only http and https are spoken, redirects included: a redirect to any other scheme (ftp:, file:,
data:, ...) is refused. An HTML page is never taken for a release, whether the server says so
(Content-Type text/html or application/xhtml+xml) or its text shows it (a page wrapped around a
rules text). Credentials in an address (`https://user:password@host/...`) are sent to that address
only (HTTP basic authentication, not to where it redirects) and never shown: messages, progress,
the manifest and `--json` name the address without them.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import http.client
import json
import os
import re
import socket
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from kb import __version__
from kb.corpus import RELEASE_FOLDER, ManifestError, corpus_dir, manifest_path, read_corpus, read_manifest_entries
from kb.outputs import check_regular

RULES_PAGE = "https://magic.wizards.com/en/rules"
TITLE = "Magic: The Gathering Comprehensive Rules"
MAX_BYTES = 32 * 1024 * 1024  # a release is about 1 MB; anything this large is not one
MIN_RULES = 50  # numbered rules and subrules a text must have to be taken for a release
_DATE_IN_NAME = re.compile(r"(?<!\d)(\d{4})-?(\d{2})-?(\d{2})(?!\d)")
_USER_AGENT = f"kb/{__version__} (rules knowledge base; fetch of the official rules text)"
_CHUNK = 64 * 1024
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

# What a download reports as bytes arrive: the address, the bytes received, the bytes the server
# said it would send (None when it did not say).
Progress = Callable[[str, int, "int | None"], None]


class FetchError(ValueError):
    """A release that could not be fetched; the message is one line."""


class BadAddress(FetchError):
    """An address `kb fetch` does not download from (not http or https)."""


class BadDate(FetchError):
    """A publication date that is not a date written YYYY-MM-DD."""


def publication_date(text: str) -> str:
    """`text` as a publication date (YYYY-MM-DD, a real day), or `BadDate`."""
    shown = text if len(text) <= 60 else f"{text[:60]}…"
    if not _ISO_DATE.fullmatch(text):
        raise BadDate(f"{shown!r}: a publication date is written YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError as err:
        raise BadDate(f"{shown!r}: no such date ({err})") from None


@dataclass
class Fetched:
    """What `fetch` did: `status` is "added" (file and manifest entry written), "stored" (the manifest
    listed it, the file was missing and is now in corpus/cr/) or "present" (nothing to do)."""

    status: str
    url: str
    path: str  # where the release is now
    rel: str  # as the manifest names it: cr/MagicCompRules-YYYY-MM-DD.txt
    published: str
    effective: str
    release: str
    sha256: str
    rules: int
    note: str = ""


def fetch(url: str, root: Path | None = None, timeout: float = 30.0, published: str | None = None,
          progress: Progress | None = None) -> Fetched:
    """Download the release at `url` into the corpus at `root` (see the module's documentation).
    `published` (YYYY-MM-DD) names it when the address carries no date; it is checked before
    anything is downloaded (`BadDate`). `timeout` bounds the whole download; `progress` is told
    the bytes as they arrive."""
    root = Path(root) if root else corpus_dir()
    _check_url(url)
    if published:
        published = publication_date(published)
    data = download(url, timeout, progress, release=True)
    return store_release(data, without_credentials(url), root, published)


def fetch_latest(page: str = RULES_PAGE, root: Path | None = None, timeout: float = 30.0,
                 progress: Progress | None = None) -> Fetched:
    """Read the rules page, find its link to the newest rules text (.txt) and fetch that release if the
    corpus does not have it yet. Each download (the page, the text) is bounded by `timeout`."""
    root = Path(root) if root else corpus_dir()
    _check_url(page)
    html = download(page, timeout, progress)
    url = newest_text_link(html.decode("utf-8", errors="replace"), without_credentials(page))
    known = [e for e in read_manifest_entries(root) if e["kind"] == "cr" and e.get("url") == url]
    if known:
        available = {f.rel: f for f in read_corpus(root).files}
        entry = available.get(known[0]["path"])
        if entry is not None:
            return Fetched("present", url, str(entry.path), entry.rel, entry.published, entry.effective,
                           entry.release, entry.sha256, 0)
    return fetch(_same_credentials(url, page), root, timeout, progress=progress)


# -- the network ---------------------------------------------------------------------------------


SCHEMES = ("http", "https")  # what kb fetch downloads from, and follows a redirect to
# What servers call an HTML page: never a release.
HTML_TYPES = ("text/html", "application/xhtml+xml")
# The start of a page's markup (a tag or a declaration, after any blank), and the elements a page
# wraps a text in: no official rules text has any of them (its "<" opens an address, "<www...>").
_MARKUP_START = re.compile(r"[\s\ufeff]*<[A-Za-z!?/]")
_HTML_TAG = re.compile(r"<\s*/?\s*(?:!doctype|html|head|body|pre|br|p|div|span|script|style|meta|title|table|"
                       r"iframe|link|a\s+href)(?:\s[^<>]*)?/?>", re.IGNORECASE)
# The user name and password of an address: up to its last "@" before the path, or, for a password
# written with a raw "/" in it, "user:..." up to the last "@" before the query (shown without either).
_USERINFO = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*:(?://)?)(?:[^/?#]*@|[^/?#:]*:[^?#]*@)")


def _scheme(url: str) -> str:
    try:
        return urllib.parse.urlsplit(url).scheme.lower()
    except ValueError:  # an address that cannot be read ("http://[::1"): no scheme kb follows
        return ""


def _check_url(url: str) -> None:
    shown = without_credentials(url)
    try:  # read without its credentials, which a message about them would repeat
        parts = urllib.parse.urlsplit(shown)
        parts.port  # noqa: B018 - read for its check of the port
    except ValueError as err:
        raise BadAddress(f"{shown}: not an address ({err})") from None
    if parts.scheme.lower() not in SCHEMES:
        raise BadAddress(f"{shown}: not an http or https address")


def without_credentials(url: str) -> str:
    """`url` without the user name and password it may carry (`https://user:pw@host/…` is
    `https://host/…`): what is shown and kept of an address."""
    return _USERINFO.sub(r"\1", url)


def _credentials(url: str) -> str | None:
    """The `Authorization` header value of the user name and password `url` carries, or None."""
    match = _USERINFO.match(url)
    if match is None:
        return None
    userinfo = match.group(0)[len(match.group(1)):-1]
    user, _, password = userinfo.partition(":")
    plain = f"{urllib.parse.unquote(user)}:{urllib.parse.unquote(password)}"
    return "Basic " + base64.b64encode(plain.encode("utf-8")).decode("ascii")


def _same_credentials(url: str, page: str) -> str:
    """`url` with the credentials of `page`, if it is on the same server (scheme, host and port)."""
    match = _USERINFO.match(page)
    if match is None:
        return url
    try:
        same = urllib.parse.urlsplit(url)[:2] == urllib.parse.urlsplit(without_credentials(page))[:2]
    except ValueError:
        return url
    return url.replace("://", "://" + match.group(0)[len(match.group(1)):], 1) if same else url


def download(url: str, timeout: float, progress: Progress | None = None, release: bool = False) -> bytes:
    """The body at `url`, received whole within `timeout` seconds (connecting, waiting for the answer
    and receiving it, together: a server that sends a byte now and then cannot hold it longer), or
    `FetchError` naming the address and what went wrong. `progress` is told the bytes as they arrive.
    Only http and https are followed, redirects included; for a `release`, a server that answers
    with an HTML page is refused before its body is read.

    The network is read by a thread of its own, so that the time can be kept whatever the server
    does; past the time it is told to stop, and does so at its next read (each read waits at most
    `timeout` seconds)."""
    if not 0 < timeout < float("inf"):
        raise ValueError(f"timeout {timeout!r}: a positive number of seconds")
    timeout = min(timeout, threading.TIMEOUT_MAX)
    _check_url(url)
    authorization, url = _credentials(url), without_credentials(url)
    request = urllib.request.Request(_quoted(url), headers={"User-Agent": _USER_AGENT})
    if authorization:  # for this address only, never where it redirects
        request.add_unredirected_header("Authorization", authorization)
    transfer = _Transfer(url, request, timeout, progress, release)
    worker = threading.Thread(target=transfer.run, name="kb-fetch", daemon=True)
    worker.start()
    try:
        worker.join(timeout)
    except BaseException:  # an interrupt: the reading thread is told to stop too
        transfer.stop.set()
        raise
    if worker.is_alive():
        transfer.stop.set()
        if not transfer.answered:
            raise FetchError(f"{url}: no answer within {timeout:g} s")
        of = f" of {transfer.total}" if transfer.total is not None else ""
        raise FetchError(f"{url}: not received within {timeout:g} s ({transfer.received}{of} bytes came)")
    if transfer.error is not None:
        raise _failure(url, timeout, transfer.error) from None
    data = transfer.data
    if len(data) > MAX_BYTES:
        raise FetchError(f"{url}: more than {MAX_BYTES // (1024 * 1024)} MB, not a rules text")
    if transfer.missing:
        raise FetchError(f"{url}: the download was cut short ({len(data)} of {len(data) + transfer.missing} bytes)")
    return data


class _Transfer:
    """One download, as the thread reading it leaves it: the body or the error, and how far it got."""

    def __init__(self, url: str, request: urllib.request.Request, timeout: float, progress: Progress | None,
                 release: bool = False):
        self.url, self.request, self.timeout, self.progress = url, request, timeout, progress
        self.release = release
        self.stop = threading.Event()
        self.answered = False
        self.received = 0
        self.total: int | None = None
        self.data = b""
        self.missing: int | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with _opener().open(self.request, timeout=self.timeout) as response:
                self.answered = True
                kind = response.headers.get_content_type()
                if self.release and kind in HTML_TYPES:
                    raise FetchError(f"{self.url}: the server sends an HTML page (Content-Type {kind}), "
                                     "not a rules text; nothing written")
                self.total = response.length
                chunks: list[bytes] = []
                self._tell()
                while not self.stop.is_set() and self.received <= MAX_BYTES:
                    chunk = response.read1(_CHUNK)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    self.received += len(chunk)
                    self._tell()
                self.data = b"".join(chunks)
                # A body shorter than its stated length ends without an error: the connection closed.
                self.missing = response.length if self.received <= MAX_BYTES else None
        except BaseException as err:  # noqa: BLE001 - handed to the caller's thread, which raises it
            self.error = err

    def _tell(self) -> None:
        if self.progress is not None and not self.stop.is_set():
            self.progress(self.url, self.received, self.total)


class _HttpRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects followed to http and https addresses only; any other is refused in one line."""

    def http_error_302(self, req, fp, code, msg, headers):
        target = headers.get("location") or headers.get("uri")
        if target is not None:
            try:
                new = urllib.parse.urljoin(req.full_url, target)
            except ValueError:
                new = target
            if _scheme(new) not in SCHEMES:
                fp.close()
                raise FetchError(f"{without_credentials(req.full_url)}: redirected to "
                                 f"{shorten_url(without_credentials(new))}, not an http or https address; "
                                 "nothing written")
            if without_credentials(new) != new:
                # http.client would read the user name and password as the host and port, and say
                # the password in its error; credentials a server hands out are never sent either.
                fp.close()
                raise FetchError(f"{without_credentials(req.full_url)}: redirected to "
                                 f"{shorten_url(without_credentials(new))} with a user name and password in "
                                 "the address, which kb does not follow; nothing written")
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def shorten_url(url: str, limit: int = 200) -> str:
    """`url` cut in its middle past `limit` characters (a data: address may be megabytes long)."""
    return url if len(url) <= limit else f"{url[:limit // 2]}…{url[-(limit // 2):]}"


def _opener() -> urllib.request.OpenerDirector:
    """What opens an address: http and https (through the proxies the environment names), redirects
    checked; no ftp, file or data handler, so that no other scheme is ever read."""
    opener = urllib.request.OpenerDirector()
    for handler in (urllib.request.ProxyHandler(), urllib.request.UnknownHandler(), urllib.request.HTTPHandler(),
                    urllib.request.HTTPSHandler(), urllib.request.HTTPDefaultErrorHandler(), _HttpRedirects(),
                    urllib.request.HTTPErrorProcessor()):
        opener.add_handler(handler)
    return opener


def _failure(url: str, timeout: float, err: BaseException) -> BaseException:
    """The `FetchError` (one line) an error of the network stands for; any other error as it is."""
    if isinstance(err, urllib.error.HTTPError):
        return FetchError(f"{url}: HTTP {err.code} {err.reason}")
    if isinstance(err, urllib.error.URLError):
        reason = err.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            return FetchError(f"{url}: no answer within {timeout:g} s")
        return FetchError(f"{url}: {getattr(reason, 'strerror', None) or reason}")
    if isinstance(err, (socket.timeout, TimeoutError)):
        return FetchError(f"{url}: no answer within {timeout:g} s")
    if isinstance(err, http.client.IncompleteRead):
        return FetchError(f"{url}: the download was cut short ({len(err.partial)} bytes)")
    if isinstance(err, (http.client.HTTPException, OSError)):
        return FetchError(f"{url}: {type(err).__name__}: {err}")
    return err


def _quoted(url: str) -> str:
    """`url` with the characters an address cannot carry (the space in "MagicCompRules 2026….txt")
    percent-encoded, and what is encoded already left alone."""
    return urllib.parse.quote(url, safe=":/?#[]@!$&'()*+,;=%~")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href.strip())


def newest_text_link(html: str, page: str) -> str:
    """The address of the newest rules text the page links to: of its links to a .txt file, the one
    whose name carries the latest date (the first, if none does)."""
    parser = _Links()
    parser.feed(html)
    texts = []
    for href in parser.links:
        try:
            url = urllib.parse.urljoin(page, href)
            name = urllib.parse.unquote(urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1])
        except ValueError:  # a link that is no address
            continue
        # javascript:, file:, mailto:, data:, ftp: ... are passed over: kb fetch follows http(s) only.
        if _scheme(url) in SCHEMES and name.lower().endswith(".txt") and url not in texts:
            texts.append(without_credentials(url))
    if not texts:
        raise FetchError(f"{page}: the page links to no rules text (.txt) at an http or https address")
    dated = [(d, i, u) for i, u in enumerate(texts) if (d := date_in_name(u))]
    return max(dated, key=lambda t: (t[0], -t[1]))[2] if dated else texts[0]


def date_in_name(url: str) -> str:
    """The date (YYYY-MM-DD) a release's address carries in its file name, or ""."""
    name = urllib.parse.unquote(urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1])
    for match in _DATE_IN_NAME.finditer(name):
        try:
            return dt.date(*(int(g) for g in match.groups())).isoformat()
        except ValueError:
            continue
    return ""


# -- into the corpus -------------------------------------------------------------------------------


def check_rules_text(data: bytes, url: str):
    """The parsed release, or `FetchError` saying why `data` is not an official rules text."""
    from kb.decode import DecodeError, decode_bytes
    from kb.ingest import sniff_kind
    from kb.parse.cr import parse_cr_text

    if not data.strip():
        raise FetchError(f"{url}: empty, not a rules text")
    try:
        text, decoding = decode_bytes(data, url)
    except DecodeError as err:
        raise FetchError(f"{url}: not text ({err})") from None
    markup = _MARKUP_START.match(text) or _HTML_TAG.search(text)
    if markup:
        line = text.count("\n", 0, markup.end()) + 1
        raise FetchError(f"{url}: an HTML page, not a rules text (markup on line {line}); nothing written")
    if sniff_kind(text) != "cr":
        raise FetchError(f"{url}: not a rules text (no effective date, no numbered rules near the top)")
    doc = parse_cr_text(text, url, decoding)
    counts = doc.counts()
    numbered = counts.get("rules", 0) + counts.get("subrules", 0)
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", doc.release or ""):
        raise FetchError(f"{url}: a rules text that states no effective date")
    if numbered < MIN_RULES:
        raise FetchError(f"{url}: not a rules text ({numbered} numbered rules; a release has over a thousand)")
    if not doc.glossary:
        raise FetchError(f"{url}: a rules text that ends before its glossary (cut short?)")
    return doc, numbered


def store_release(data: bytes, url: str, root: Path, published: str | None = None) -> Fetched:
    """Check `data`, then keep it in `root/cr/` and add its manifest entry (see `fetch`)."""
    doc, numbered = check_rules_text(data, url)
    sha256 = hashlib.sha256(data).hexdigest()
    note = ""
    published = publication_date(published) if published else date_in_name(url)
    if not published:
        published = doc.release
        note = "The address carried no date: the file is named by the date it takes effect."
    name = f"MagicCompRules-{published}.txt"
    rel = f"{RELEASE_FOLDER}/{name}"
    try:
        entries = read_manifest_entries(root)
        corpus = read_corpus(root)
    except ManifestError as err:
        raise FetchError(str(err)) from None
    found = {f.rel: f for f in corpus.files}
    for entry in (e for e in entries if e["kind"] == "cr"):
        same_bytes = entry.get("sha256", "").lower() == sha256
        if same_bytes or entry["path"] == rel:
            if not same_bytes and entry.get("sha256"):
                raise FetchError(
                    f"{manifest_path(root)}: {entry['path']} is listed with another SHA-256 "
                    f"({entry['sha256'][:12]}…, the download's is {sha256[:12]}…); nothing written"
                )
            have = found.get(entry["path"])
            if have is not None:
                if same_bytes or _sha256_file(have.path) == sha256:
                    return _result("present", url, have.path, entry["path"], entry, doc, sha256, numbered)
                raise FetchError(
                    f"{have.path}: {entry['path']} is listed without a checksum and this copy has other bytes "
                    "than the download; nothing written"
                )
            target = root / entry["path"]
            check_regular(target)
            _write_new(target, data)
            return _result("stored", url, target, entry["path"], entry, doc, sha256, numbered)
        if entry.get("effective") == doc.release:
            raise FetchError(
                f"{manifest_path(root)}: the release effective {doc.release} is already listed as {entry['path']}; "
                "nothing written"
            )
    target = root / rel
    check_regular(target)  # a FIFO or a device there is neither read nor replaced
    if target.exists() and _sha256_file(target) != sha256:
        raise FetchError(f"{target}: a different file of that name is there; nothing written")
    created = not target.exists()
    if created:
        _write_new(target, data)
    fields = {
        "path": rel, "kind": "cr", "lang": "en", "title": TITLE, "release": doc.effective,
        "published": published, "effective": doc.release, "sha256": sha256, "url": url,
    }
    if note:
        fields["note"] = note
    try:
        append_entry(manifest_path(root), fields)
    except BaseException:
        if created:
            target.unlink(missing_ok=True)
        raise
    return Fetched("added", url, str(target), rel, published, doc.release, doc.effective, sha256, numbered, note)


def _result(status, url, path, rel, entry, doc, sha256, numbered) -> Fetched:
    return Fetched(status, url, str(path), rel, entry.get("published", ""), entry.get("effective") or doc.release,
                   entry.get("release", doc.effective), sha256, numbered, entry.get("note", ""))


def _sha256_file(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _write_new(target: Path, data: bytes) -> None:
    """Write `target` whole or not at all, and never over a file that is there. The file gets the
    mode any new file gets (0666 less the umask)."""
    from kb.atomic import staged

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with staged(target, data) as scratch:
            os.link(scratch, target)  # fails if the name is taken: nothing is overwritten
    except FileExistsError:
        raise FetchError(f"{target}: a file of that name appeared meanwhile; nothing written") from None
    except OSError as err:
        raise FetchError(f"{err.filename or target}: {err.strerror or err}") from None


def append_entry(manifest: Path, fields: dict[str, str]) -> None:
    """Add one `[[file]]` entry at the end of `manifest`, keeping every byte already there; the new
    manifest replaces the old one whole, and only if it reads back. The manifest is read and written
    under the corpus's write lock (`kb.corpus_write`), so two fetches at once both land."""
    from kb.corpus_write import CorpusBusy, corpus_lock

    try:
        with corpus_lock(manifest.parent):
            _append_locked(manifest, fields)
    except CorpusBusy as err:
        raise FetchError(str(err)) from None
    except ValueError as err:  # $KB_LOCK_WAIT that is no number of seconds
        raise FetchError(str(err)) from None
    except OSError as err:
        raise FetchError(f"{manifest.parent}: {err.strerror or err}") from None


def _append_locked(manifest: Path, fields: dict[str, str]) -> None:
    import tomllib

    if manifest.is_symlink():  # a rename would put a file in the link's place, not in its file's
        raise FetchError(f"{manifest}: a symbolic link (to {os.readlink(manifest)}), which adding an entry would "
                         "replace by a file; nothing added")
    try:
        old = manifest.read_bytes()
    except OSError as err:
        raise FetchError(f"{manifest}: {err.strerror or err}") from None
    try:
        listed = tomllib.loads(old.decode("utf-8")).get("file", [])
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise FetchError(f"{manifest}: {err}") from None
    for entry in (e for e in listed if isinstance(e, dict)):
        # Read again under the lock: another fetch may have listed this release meanwhile, under this
        # name or another (the same text, or another text of the same effective date).
        same = [key for key in ("path", "sha256", "effective") if fields.get(key) and entry.get(key) == fields[key]]
        if same:
            raise FetchError(f"{manifest}: {fields.get('path')} was listed meanwhile by another command "
                             f"(as {entry.get('path')}, the same {' and '.join(same)}); nothing added")
    newline = b"\r\n" if b"\r\n" in old else b"\n"
    lines = ["[[file]]"] + [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in fields.items()]
    block = newline.join(line.encode("utf-8") for line in lines) + newline
    separator = b"" if not old else (newline if old.endswith((b"\n", b"\r")) else newline + newline)
    new = old + separator + block
    try:
        tomllib.loads(new.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise FetchError(f"{manifest}: the manifest would not read back with the new entry ({err})") from None
    from kb.atomic import write_atomic

    try:
        write_atomic(manifest, new)
    except OSError as err:
        raise FetchError(f"{manifest}: {err.strerror or err}") from None
