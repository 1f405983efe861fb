"""Fixtures for the site tests: a small site built from a fake knowledge base, a local HTTP server
for it and for the real site (built once per session, see tests/conftest.py), and headless Chromium."""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fakes import FakeKnowledgeBase, fake_examples, write_wiki_page  # noqa: E402

from kb.corpus import PROJECT_ROOT  # noqa: E402

ARTIFACTS = PROJECT_ROOT / "test-artifacts" / "site"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Corpus text that must come out as text: markup, a Markdown link, a Markdown emphasis.
HOSTILE = '<script>alert("x")</script> [a link](http://example.invalid/) *not emphasis* & more'
HOSTILE_TITLE = '<b>Bold</b> [title](http://example.invalid/)'


def fake_kb(tmp: Path, overrides: dict[str, str] | None = None) -> FakeKnowledgeBase:
    wiki = write_wiki_page(tmp / "es-jugador.txt")
    return FakeKnowledgeBase(wiki, overrides)


@pytest.fixture(scope="session")
def fake_site(tmp_path_factory):
    """A site built from the fake knowledge base, with hostile text in rule 101.4a and section 405's title."""
    from kb.site import build_site

    tmp = tmp_path_factory.mktemp("fake-site")
    kb = fake_kb(tmp, {"101.4a": HOSTILE, "405": HOSTILE_TITLE})
    return build_site(kb, tmp / "out", examples=fake_examples())


class _Server:
    def __init__(self, root: Path):
        handler = functools.partial(_QuietHandler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def real_server(real_site):
    server = _Server(real_site.site_dir)
    yield server.url
    server.close()


@pytest.fixture(scope="session")
def fake_server(fake_site):
    server = _Server(fake_site.site_dir)
    yield server.url
    server.close()


def _ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get") is None:
        pytest.skip("no /usr/bin/chromium and no apt-get to install it")
    subprocess.run(["apt-get", "update", "-q"], check=False, capture_output=True)
    proc = subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], capture_output=True, text=True)
    if proc.returncode != 0 or not CHROMIUM.exists():
        pytest.skip(f"could not install chromium: {proc.stderr.strip()[-200:]}")


@pytest.fixture(scope="session")
def browser():
    _ensure_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def new_page(browser, init_script: str | None = None, **options):
    """A page in a browser context of its own (`options` are the context's; `init_script` runs in
    its top frame before the page's own scripts, on every page it opens), the script errors it
    meets gathered in `page.js_errors` and the requests it has started and not yet ended in
    `page.open_requests` (for `settle`); returns (context, page)."""
    context = browser.new_context(**options)
    if init_script is not None:
        context.add_init_script(script=init_script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.js_errors = errors
    _track_requests(page)
    return context, page


def _track_requests(page) -> None:
    page.open_requests = set()
    page.requests_started = 0

    def started(request):
        page.open_requests.add(request)
        page.requests_started += 1

    def ended(request):
        page.open_requests.discard(request)

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)


# Resolves once the page has drawn two frames: the tasks its scripts queued by then have run.
_TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))))"


def settle(page, timeout: float = 15.0) -> None:
    """Wait until the page has loaded and every request it started (a page from `new_page`) has
    ended, with none started over two rounds of two frames after that: the page's scripts have
    acted on all they fetched. What `wait_for_load_state("networkidle")` waits for, without its
    fixed half second of silence."""
    page.wait_for_load_state("load")
    deadline = time.monotonic() + timeout
    quiet_rounds = 0
    while quiet_rounds < 2:
        if time.monotonic() > deadline:
            pending = sorted(request.url for request in page.open_requests)
            raise TimeoutError(f"the page was still fetching after {timeout:g} s: {pending[:5]}")
        if page.open_requests:
            quiet_rounds = 0
            page.wait_for_timeout(10)
            continue
        started = page.requests_started
        page.evaluate(_TWO_FRAMES)
        quiet_rounds = quiet_rounds + 1 if not page.open_requests and page.requests_started == started else 0


# Every fold opened as a reader opens it (the `toggle` event the browser fires, which some folds
# draw their content on), then the transitions this starts (a fold's marker turning) run to their
# end and the page is drawn: what a reader can unfold is checked as they would see it.
# The transitions running (a fold's marker turning, the header's title changing with the scroll) run
# to their end and the page is drawn: a check then sees the page as a reader who waited sees it.
_TRANSITIONS_END = """async () => {
    const running = document.getAnimations().filter(a => a.playState === 'running' && a.effect &&
        a.effect.getComputedTiming().endTime !== Infinity);
    const ended = Promise.all(running.map(a => a.finished.catch(() => null)));
    await Promise.race([ended, new Promise((_, fail) =>
        setTimeout(() => fail(new Error('a transition was still running after 10 s')), 10000))]);
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""

# Every fold opened as a reader opens it (the `toggle` event the browser fires, which some folds
# draw their content on).
_OPEN_EVERY_FOLD = """async () => {
    const closed = [...document.querySelectorAll('details')].filter(d => !d.open);
    const toggled = closed.map(d => new Promise(done => d.addEventListener('toggle', done, {once: true})));
    closed.forEach(d => { d.open = true; });
    await Promise.race([Promise.all(toggled), new Promise((_, fail) => setTimeout(() =>
        fail(new Error('a fold opened by the test never fired its toggle event after 10 s')), 10000))]);
}"""


def finish_transitions(page) -> None:
    page.evaluate(_TRANSITIONS_END)


def open_every_fold(page) -> None:
    """Open every fold, then let the transitions this starts end: what a reader can unfold is
    checked as they would see it."""
    page.evaluate(_OPEN_EVERY_FOLD)
    finish_transitions(page)


def axe_source() -> str:
    """axe-core as package-lock.json pins it, from the project's node_modules/ (`npm ci`)."""
    # Imported here: this module is also imported outside pytest (a build in another process, in
    # test_build_safety), where only this folder is on the path.
    from node_packages import node_package_file

    return node_package_file("axe-core", "axe.min.js").read_text(encoding="utf-8")


def axe_init_script() -> str:
    """axe-core for `new_page(init_script=...)`: given to the browser once, in every page the context
    opens (its top frame only, as a script tag added to the page would be) before the page's own
    scripts, instead of sent into each page after it loads."""
    return "if (window === window.top) {\n" + axe_source() + "\n}"


@pytest.fixture
def page(browser):
    context, page = new_page(browser, viewport={"width": 1280, "height": 900}, locale="es-ES")
    yield page
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def pagefind_search(page, query: str, limit: int = 20) -> list[dict]:
    """Results of `query` with the Pagefind API and ranking the page's own search box uses (the
    index of the page's language): URL, sub-result URLs and plain content of each result."""
    return page.evaluate(
        """async ([query, limit]) => {
            const box = document.getElementById('kb-search');
            const root = new URL(box.dataset.root, location.href);
            const pagefind = await import(new URL('pagefind.js', new URL(box.dataset.bundle, location.href)).href);
            await pagefind.options({ranking: window.kbSearchRanking || {}, baseUrl: root.pathname});
            await pagefind.init();
            const search = await pagefind.search(query);
            // A rule's entry names the rule's place on its section's page; headings' addresses are
            // from the server's root.
            const place = u => { const x = new URL(u, u.startsWith('/') ? location.origin : root); return x.pathname + x.hash; };
            const out = [];
            for (const result of search.results.slice(0, limit)) {
                const data = await result.data();
                out.push({url: place(data.meta.url || data.url), title: data.meta.title, content: data.content,
                          excerpt: data.excerpt, sub: data.sub_results.map(s => place(s.url))});
            }
            return out;
        }""",
        [query, limit],
    )
