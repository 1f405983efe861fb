"""The examples run in the reader's browser: the engine's wheel (standard library only, the same
bytes every build), the site's code areas and playground, and, in headless Chromium, runs that
print what `kb example run` prints, edited code, errors in one line, nothing fetched from
elsewhere, and runs offline once loaded. The site is a small one, from the fake knowledge base
with a few of the real examples."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from kb.corpus import PROJECT_ROOT
from kb.site import pyodide, runner, wheel

SAMPLE = ("intervening-if-felidar-sovereign", "two-headed-giant-flame-rift", "state-based-actions-lightning-bolt",
          "apnap-each-player-sacrifices")
RUN_TIMEOUT = 90_000  # ms: a cold start on a busy machine, with room to spare


def need_pyodide() -> None:
    """Install Pyodide as the build does; as the other npm packages of the tests, a machine that
    cannot have it (no npm, no registry and nothing in npm's cache) skips what needs it."""
    try:
        pyodide.ensure_pyodide()
    except pyodide.RunnerUnavailable as err:
        pytest.skip(str(err))


class SampleExamples:
    """A few of the real examples, run in this process (a build runs each in both languages)."""

    def catalog(self):
        from kb.examples import find

        return [find(name) for name in SAMPLE]

    def run(self, name, lang):
        from kb.examples import run

        return run(name, lang)


def cli_run(name: str, lang: str, examples: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if examples is not None:
        env["KB_EXAMPLES"] = str(examples)
    return subprocess.run([sys.executable, "-m", "kb", "example", "run", name, "--lang", lang], cwd=PROJECT_ROOT,
                          capture_output=True, text=True, env=env, timeout=120)


# ---------------------------------------------------------------------------------------------
# The wheel and what runs in it


def test_the_narration_lists_as_babel_does():
    from babel import Locale
    from babel.lists import format_list as babel_list

    from kb.examples.narration import LIST_PATTERNS, format_list

    for lang in ("es", "en"):
        assert LIST_PATTERNS[lang] == dict(Locale.parse(lang).list_patterns["standard"])
        for size in range(0, 6):
            items = [f"card{i}" for i in range(size)]
            assert format_list(items, lang) == babel_list(items, locale=lang)
    # Where CLDR's patterns stop: Spanish "y" is "e" before the sound i.
    assert format_list(["card0", "item1"], "es") == "card0 e item1" != babel_list(["card0", "item1"], locale="es")


def test_the_wheel_is_the_same_bytes_every_time_and_holds_the_engine_and_compiled_catalogs():
    first, second = wheel.engine_wheel(), wheel.engine_wheel()
    assert first == second
    import io

    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert "kb/engine/cards/__init__.py" in names and "kb/examples/web.py" in names
    assert {"kb/locale/es/LC_MESSAGES/engine.mo", "kb/locale/en/LC_MESSAGES/engine.mo"} <= set(names)
    # Nothing of the rest of the package: not the catalog tools, not the example files' reader.
    assert not any(n.startswith(("kb/site", "kb/parse", "kb/cli")) or n in ("kb/examples/i18n.py", "kb/examples/catalog.py")
                   for n in names)
    assert any(n.endswith(".dist-info/RECORD") for n in names)


# Run in a Python that can import only the standard library and the wheel, as Pyodide's core.
_ISOLATED = r"""
import importlib.abc, json, sys
sys.path[:] = [p for p in sys.path if 'site-packages' not in p and 'dist-packages' not in p]
sys.path.insert(0, sys.argv[1])
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.partition('.')[0]
        if top != 'kb' and top not in sys.stdlib_module_names:
            raise ImportError(f'not in the standard library: {name}')
sys.meta_path.insert(0, Refuse())
from kb.examples import web
code = open(sys.argv[2], encoding='utf-8').read()
print(web.run(code, sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])))
"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_wheel_runs_an_example_with_the_standard_library_alone_as_the_command_line_does(tmp_path, lang):
    from kb.examples import find

    archive = tmp_path / wheel.wheel_name()
    archive.write_bytes(wheel.engine_wheel())
    example = find(SAMPLE[0])
    code = tmp_path / "code.txt"
    code.write_text(example.code, encoding="utf-8")
    source = runner.example_source(example.name)
    proc = subprocess.run([sys.executable, "-I", "-c", _ISOLATED, str(archive), str(code), lang, example.name,
                           source["path"], str(source["line"])], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    answer = json.loads(proc.stdout)
    assert "error" not in answer, answer
    assert answer["stdout"] == cli_run(example.name, lang).stdout
    assert answer["passed"] is True and answer["stderr"] == ""


# Every example in both languages on Pyodide itself (its CPython, a newer one than the command
# line's), run by Node from the runner's files as the site ships them: the standard library and the
# engine compiled at build time (kb.site.bytecode).
_EVERY_EXAMPLE = """
import { loadPyodide } from %(module)s;
import fs from "fs";
const [engine, examples, out] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(engine)), "xztar");
const web = pyodide.pyimport("kb.examples.web");
const answers = {};
for (const e of JSON.parse(fs.readFileSync(examples, "utf8")))
  for (const lang of ["es", "en"]) answers[e.name + " " + lang] = JSON.parse(web.run(e.code, lang, e.name, e.path, e.line));
fs.writeFileSync(out, JSON.stringify(answers));
"""


@pytest.mark.slow
def test_every_example_prints_on_pyodide_what_it_prints_on_the_command_line(tmp_path):
    from kb.examples import catalog, run

    node = shutil.which("node")
    if node is None:
        pytest.skip("no node to run Pyodide outside a browser")
    need_pyodide()
    runner.write_runner_files(tmp_path, [], pyodide.pyodide_version())
    shipped = tmp_path / runner.RUNNER_DIR
    config = json.loads((shipped / "runner.json").read_text(encoding="utf-8"))
    examples = [{"name": e.name, "code": e.code, **runner.example_source(e.name)} for e in catalog()]
    (tmp_path / "examples.json").write_text(json.dumps(examples), encoding="utf-8")
    script = tmp_path / "every.mjs"
    script.write_text(_EVERY_EXAMPLE % {"module": json.dumps((shipped / "pyodide" / "pyodide.mjs").as_uri())},
                      encoding="utf-8")
    proc = subprocess.run([node, str(script), str(shipped / config["engine"]), str(tmp_path / "examples.json"),
                           str(tmp_path / "out.json")], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-1500:]
    answers = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    differ = [key for key, answer in answers.items() if answer.get("stdout") != run(*key.split(" ")).report]
    assert len(answers) == 2 * len(examples) and differ == []


def test_warming_imports_every_module_the_browser_ships():
    """A Python restored from the snapshot made after `warm` runs before its files are unpacked
    again (runner-worker.js): every module of the engine's archive must be in memory by then."""
    from kb.examples import web

    web.warm()
    shipped = {name[:-3].replace("/", ".").removesuffix(".__init__") for name in wheel.bundle_files()
               if name.endswith(".py")}
    assert "kb.engine.commander" in shipped and "kb.examples.playground" in shipped
    assert sorted(shipped - set(sys.modules)) == []


def test_a_run_that_cannot_start_and_an_exception_are_one_line_each():
    from kb.examples import web

    error = json.loads(web.run(">>>broken", "es"))["error"]
    assert error == "La línea 1 no tiene un espacio después de «>>>»: escribe «>>> » y la instrucción."
    answer = json.loads(web.run(">>> from kb.engine import Player\n>>> Player('Ana').nothing\n>>> 1 / 0\n", "en"))
    assert "\nAttributeError: 'Player' object has no attribute 'nothing'\n" in answer["stdout"]
    assert "\nZeroDivisionError: division by zero\n" in answer["stdout"]
    assert "Traceback" not in answer["stdout"] and "File " not in answer["stdout"]
    # Code that expects no output is not judged, but an exception still stops it and says so.
    assert answer["passed"] is False and answer["outcome"] == "error"
    assert answer["stdout"].endswith("No expected output to check: the game stopped at the error above.\n")
    syntax = json.loads(web.run(">>> x = (\n", "en"))["stdout"]
    assert re.search(r"\nSyntaxError: .+ \(line 1\)\n", syntax)


def test_without_pyodide_the_build_says_so_in_one_line_and_the_pages_still_offer_the_code(tmp_path, monkeypatch, capfd):
    from conftest import fake_kb
    from kb.site import build_site

    monkeypatch.setenv("KB_PYODIDE", str(tmp_path / "nowhere"))
    built = build_site(fake_kb(tmp_path), tmp_path / "out", examples=SampleExamples(), search=False)
    lines = [line for line in capfd.readouterr().err.splitlines() if "browser" in line]
    assert len(lines) == 1 and "holds no Pyodide" in lines[0]
    assert not (built.site_dir / "runner" / "pyodide").exists()
    assert (built.site_dir / "runner" / "examples.json").is_file()
    page = (built.site_dir / "examples" / SAMPLE[0] / "index.html").read_text(encoding="utf-8")
    assert "<textarea" in page and "data-kb-run" in page


# ---------------------------------------------------------------------------------------------
# The site


@pytest.fixture(scope="module")
def runner_site(tmp_path_factory):
    from conftest import fake_kb
    from kb.site import build_site

    need_pyodide()
    tmp = tmp_path_factory.mktemp("runner-site")
    return build_site(fake_kb(tmp), tmp / "out", examples=SampleExamples())


def test_every_example_page_has_its_code_to_edit_and_a_run_button_and_nothing_of_the_runtime(runner_site):
    from kb.examples import find

    for prefix, label in (("", "Ejecutar"), ("en/", "Run")):
        for name in SAMPLE:
            html = (runner_site.site_dir / f"{prefix}examples/{name}" / "index.html").read_text(encoding="utf-8")
            area = re.search(r"<textarea[^>]*>(.*?)</textarea>", html, re.DOTALL)
            from html import unescape

            assert area and unescape(area.group(1)) == find(name).code
            assert f">{label}</button>" in html
            # The runtime and the runner's script load at the first Run, not with the page.
            assert "pyodide" not in html.lower()
            assert not re.search(r"<script[^>]*\bsrc=[^>]*runner", html) and "runner.js" in html  # named by the loader


def test_the_runtime_is_served_from_the_site_and_the_same_bytes_every_build(runner_site, tmp_path):
    site = runner_site.site_dir
    config = json.loads((site / "runner" / "runner.json").read_text(encoding="utf-8"))
    for name, size in config["sizes"].items():
        assert (site / "runner" / name).stat().st_size == size
    assert (site / "runner-sw.js").read_text(encoding="utf-8").count(config["build"]) == 1
    again = tmp_path / "again"
    runner.write_runner_files(again, [], pyodide.pyodide_version())
    for name in config["sizes"]:
        assert (again / "runner" / name).read_bytes() == (site / "runner" / name).read_bytes()
    assert (again / "runner-sw.js").read_bytes() == (site / "runner-sw.js").read_bytes()


def _pyc_header(data: bytes) -> tuple[bytes, int]:
    """A .pyc file's magic number (the Python version that reads it) and its flags (PEP 552)."""
    return data[:4], int.from_bytes(data[4:8], "little")


def test_the_runner_ships_its_python_compiled_for_the_interpreter_inside_pyodide(runner_site):
    """The engine and the standard modules a Run imports as bytecode alone, hash-based and
    unchecked (no timestamp, no source read), all for one Python: Pyodide's, not this one."""
    import tarfile

    shipped = runner_site.site_dir / "runner"
    config = json.loads((shipped / "runner.json").read_text(encoding="utf-8"))
    with tarfile.open(shipped / config["engine"]) as archive:
        members = {m.name: archive.extractfile(m).read() for m in archive.getmembers() if m.isfile()}
    sources = wheel.bundle_files()
    modules = {name for name in sources if name.endswith(".py")}
    # Their functions' and modules' docstrings are left out: nothing shipped may read one.
    assert not [name for name in modules if re.search(rb"__doc__|getdoc|\bhelp\(", sources[name])]
    assert {name + "c" for name in modules} <= set(members) and not any(n.endswith(".py") for n in members)
    # Everything else the wheel holds (the names table, the catalogs) ships as it is.
    assert all(members[name] == data for name, data in sources.items() if name not in modules)
    with zipfile.ZipFile(shipped / "pyodide" / pyodide.STDLIB) as stdlib:
        names = set(stdlib.namelist())
        compiled = {name: stdlib.read(name) for name in names if name.endswith(".pyc")}
    # What Python's start, the runner and a doctest import; a module nothing imports stays source.
    assert {"doctest.pyc", "gettext.pyc", "json/decoder.pyc", "_pyodide/_base.pyc"} <= set(compiled)
    assert "doctest.py" not in names and "mailbox.py" in names and "mailbox.pyc" not in names
    headers = {_pyc_header(data) for data in [*compiled.values(), *(members[n + "c"] for n in modules)]}
    assert len(headers) == 1
    magic, flags = headers.pop()
    assert flags == 0b01  # hash-based, not checked against a source
    import importlib.util

    assert magic != importlib.util.MAGIC_NUMBER and magic.endswith(b"\r\n")


def test_without_node_the_runner_ships_the_sources_and_says_so_in_one_line(tmp_path, monkeypatch, capfd):
    import io
    import tarfile

    need_pyodide()
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))
    runner.write_runner_files(tmp_path, [], pyodide.pyodide_version())
    lines = [line for line in capfd.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and "node is not installed" in lines[0]
    shipped = tmp_path / runner.RUNNER_DIR
    config = json.loads((shipped / "runner.json").read_text(encoding="utf-8"))
    with tarfile.open(fileobj=io.BytesIO((shipped / config["engine"]).read_bytes())) as archive:
        names = archive.getnames()
    assert "kb/engine/game.py" in names and not any(name.endswith(".pyc") for name in names)
    assert (shipped / "pyodide" / pyodide.STDLIB).read_bytes() == (pyodide.pyodide_dir() / pyodide.STDLIB).read_bytes()


@pytest.mark.parametrize(("prefix", "guide"), [("", "Cómo definir una carta propia"), ("en/", "How to define a card of your own")])
def test_the_playground_lists_the_examples_and_the_engines_cards(runner_site, prefix, guide):
    html = (runner_site.site_dir / f"{prefix}examples/playground" / "index.html").read_text(encoding="utf-8")
    assert all(f'<option value="{name}">' in html for name in SAMPLE)
    cards = runner.engine_cards()
    assert len(cards) > 50 and html.count('class="kb-cards__card"') == len(cards)
    assert "Lightning Bolt deals 3 damage to any target." in html
    assert f'href="../cards/">{guide}</a>' in html


# ---------------------------------------------------------------------------------------------
# In the browser

@pytest.fixture(scope="module")
def runner_server(runner_site):
    from conftest import _Server

    server = _Server(runner_site.site_dir)
    yield server.url
    server.close()


@pytest.fixture
def runner_context(browser):
    """A browser context of its own (its own service worker and caches), with every request it makes."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.requested = []
    context.on("request", lambda request: context.requested.append(request.url))
    yield context
    context.close()


def open_code(page) -> None:
    """Unfold an example page's code (folded below the result), as a reader does to edit or run it."""
    if page.is_visible("details.kb-example-code > summary") and not page.is_visible("[data-kb-run]"):
        page.click("details.kb-example-code > summary")


def run_in(page, timeout: int = RUN_TIMEOUT) -> dict:
    """Press Run and wait for its end: the status and what the run printed."""
    open_code(page)
    page.click("[data-kb-run]")
    page.wait_for_selector("[data-kb-runner][aria-busy='false'] .kb-runner__status", timeout=timeout)
    return page.evaluate("""() => ({
        status: document.querySelector('.kb-runner__status').className,
        text: document.querySelector('.kb-runner__status').textContent,
        stdout: document.querySelector('.kb-runner__stdout').textContent,
        stderr: document.querySelector('.kb-runner__stderr').textContent})""")


# True once the browser's cache holds a Python's memory for the next page (runner-worker.js).
KEPT_SNAPSHOT = """async () => {
    for (const name of await caches.keys())
        if ((await (await caches.open(name)).keys()).some(r => r.url.endsWith('.snapshot'))) return true;
    return false;
}"""


def choose(page, name: str) -> None:
    """Start the playground from the example `name`."""
    page.select_option("[data-kb-start]", name)
    page.wait_for_function("name => document.querySelector('[data-kb-runner]').dataset.name === name", arg=name)


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize(("prefix", "lang"), [("", "es"), ("en/", "en")])
def test_run_prints_what_the_command_line_prints(runner_context, runner_server, artifacts, prefix, lang):
    """The first example of the sample on its own page, the others in the playground (a page's
    first Run starts Python; the next ones reuse it)."""
    page = runner_context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{runner_server}/{prefix}examples/{SAMPLE[0]}/")
    page.wait_for_load_state("networkidle")
    # Before the click, nothing of the runner: the page weighs what it did.
    assert not any("runner" in url.rpartition("/")[2] or "/runner/" in url for url in runner_context.requested), \
        runner_context.requested
    result = run_in(page)
    assert result["stdout"] == cli_run(SAMPLE[0], lang).stdout
    assert "kb-runner__status--passed" in result["status"]
    page.screenshot(path=str(artifacts / f"runner-example-phone-{lang}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    # The next page starts from Python's memory as the first left it, kept by the browser, and
    # runs the same.
    page.wait_for_function(KEPT_SNAPSHOT, timeout=RUN_TIMEOUT)
    page.goto(f"{runner_server}/{prefix}examples/playground/")
    for name in SAMPLE[1:]:
        choose(page, name)
        result = run_in(page)
        assert result["stdout"] == cli_run(name, lang).stdout, name
        if name == SAMPLE[1]:
            assert "restored" in json.loads(page.get_attribute("[data-kb-runner]", "data-run-timings"))
    assert errors == []
    origin = runner_server + "/"
    assert all(url.startswith(origin) for url in runner_context.requested), \
        [u for u in runner_context.requested if not u.startswith(origin)]


@pytest.mark.browser
@pytest.mark.slow
def test_an_edited_example_gives_the_changed_outcome_as_the_command_line_does(runner_context, runner_server, tmp_path):
    from kb.examples import examples_dir

    name = SAMPLE[0]
    page = runner_context.new_page()
    page.goto(f"{runner_server}/en/examples/{name}/")
    open_code(page)
    code = page.input_value("textarea")
    assert "upkeep(39)" in code
    edited = code.replace("upkeep(39)", "upkeep(41)")
    page.fill("textarea", edited)
    result = run_in(page)
    # The same edit, made to a copy of the example's file, run from the command line.
    folder = tmp_path / "examples"
    folder.mkdir()
    original = (examples_dir() / f"{name}.md").read_text(encoding="utf-8")
    (folder / f"{name}.md").write_text(original.replace("upkeep(39)", "upkeep(41)"), encoding="utf-8")
    expected = cli_run(name, "en", folder)
    assert expected.returncode == 1
    assert result["stdout"] == expected.stdout
    assert "Felidar Sovereign doesn't trigger" not in result["stdout"]
    assert result["stdout"].endswith("doctest: FAILED (13/14 checks)\n")
    assert "kb-runner__status--failed" in result["status"]
    # The failure, as the command line tells it on standard error (the file named as in the project).
    assert result["stderr"] == expected.stderr.replace(str(folder) + os.sep, "examples/")
    # An exception is one line where the statement that raised it was; a doctest that cannot be
    # read is one line in place of the output.
    page.fill("textarea", ">>> from kb.engine import Game, Player\n>>> Game(players=[Player('Ana')]).cast(Player('Ana'), 'Nope')\n")
    result = run_in(page)
    lines = [line for line in result["stdout"].splitlines() if "Error" in line]
    assert len(lines) == 1 and "Traceback" not in result["stdout"], result["stdout"]
    page.fill("textarea", ">>>broken")
    result = run_in(page)
    assert "kb-runner__status--error" in result["status"]
    assert result["text"] == 'Error: Line 1 has no space after ">>>": write ">>> " and then the statement.'
    assert result["stdout"] == "" and result["stderr"] == ""


@pytest.mark.browser
@pytest.mark.slow
def test_the_playground_starts_from_an_example_and_runs_offline_once_loaded(runner_context, runner_server, artifacts):
    name = SAMPLE[1]
    page = runner_context.new_page()
    page.goto(f"{runner_server}/en/examples/playground/")
    choose(page, name)
    result = run_in(page)
    assert result["stdout"] == cli_run(name, "en").stdout
    page.fill("[data-kb-card-filter]", "flame rift")
    assert page.locator(".kb-cards__card:visible").count() == 1
    page.screenshot(path=str(artifacts / "runner-playground-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    # Offline: the page and the runtime come from the service worker's cache.
    runner_context.set_offline(True)
    try:
        page.goto(f"{runner_server}/en/examples/playground/?example={SAMPLE[2]}")
        page.wait_for_function("document.querySelector('textarea').value.includes('Grizzly Bears')")
        result = run_in(page)
        assert result["stdout"] == cli_run(SAMPLE[2], "en").stdout
    finally:
        runner_context.set_offline(False)


@pytest.mark.browser
@pytest.mark.slow
def test_a_game_is_played_in_the_playground_without_writing_code(runner_context, runner_server, artifacts):
    """Players, a card in a hand and one on the battlefield, then moves from the engine's menu: the
    narration with its rule links, the same game as code and as a doctest."""
    page = runner_context.new_page()
    page.goto(f"{runner_server}/en/examples/playground/")
    table = page.locator("[data-kb-table]")
    for card, seat, zone in (("Lightning Bolt", "0", "hand"), ("Grizzly Bears", "1", "battlefield")):
        table.locator("[data-kb-card]").fill(card)
        table.locator("[data-kb-seat]").select_option(seat)
        table.locator("[data-kb-zone]").select_option(zone)
        table.locator("[data-kb-add]").click()
    assert "hand: Lightning Bolt" in table.locator(".kb-table__zones").first.inner_text()
    table.locator("[data-kb-play]").click()
    page.wait_for_selector(".kb-table__choice", timeout=RUN_TIMEOUT)
    labels = table.locator(".kb-table__choice").all_inner_texts()
    # Only what the engine allows now: the Bolt at each legal target, passing, later steps.
    assert "Ana casts Lightning Bolt targeting Grizzly Bears" in labels and "Every player passes priority" in labels
    assert not any("Bruno casts" in label for label in labels)
    table.locator(".kb-table__choice", has_text="targeting Grizzly Bears").click()
    page.wait_for_function("() => document.querySelector('[data-kb-table]').getAttribute('aria-busy') === 'false'"
                           " && document.querySelector('.kb-table__narration').textContent.includes('casts')")
    table.locator(".kb-table__choice", has_text="Every player passes priority").click()
    page.wait_for_function("() => document.querySelector('.kb-table__narration').textContent.includes('704.5g')")
    link = table.locator(".kb-table__narration a", has_text="704.5g")
    assert link.get_attribute("href").endswith("/en/r/704.5g/")
    assert "Grizzly Bears" in table.locator(".kb-table__state").inner_text()
    table.locator("[data-kb-code]").click()
    code = table.locator(".kb-runner__stdout").inner_text()
    assert "game.cast(ana, ana.hand[0], targets=[bruno.battlefield[0]])" in code and "game.pass_all()" in code
    table.locator("[data-kb-save]").click()
    doctest = table.locator(".kb-runner__stdout").inner_text()
    assert "Spell(Card('Lightning Bolt'), controller=Player('Ana'))" in doctest
    # The doctest it gives passes as an example's does.
    from kb.examples.runner import run_code

    assert run_code(doctest, "en").outcome == "passed"
    page.screenshot(path=str(artifacts / "playground-table-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    assert page.js_errors == [] if hasattr(page, "js_errors") else True


@pytest.mark.browser
@pytest.mark.slow
def test_pressing_run_starts_python_before_the_click_and_the_click_runs(runner_context, runner_server):
    page = runner_context.new_page()
    page.goto(f"{runner_server}/en/examples/{SAMPLE[0]}/")
    page.wait_for_load_state("networkidle")
    open_code(page)
    page.hover("[data-kb-run]")
    page.wait_for_timeout(300)
    assert not any("/runner/" in url for url in runner_context.requested)  # a hover is no press
    with page.expect_request(lambda request: request.url.endswith("/pyodide.asm.wasm"), timeout=RUN_TIMEOUT):
        page.dispatch_event("[data-kb-run]", "pointerdown")
    assert page.get_attribute("[data-kb-runner]", "aria-busy") is None  # loading, not running
    result = run_in(page)
    assert result["stdout"] == cli_run(SAMPLE[0], "en").stdout
    assert "kb-runner__status--passed" in result["status"]


@pytest.mark.browser
@pytest.mark.slow
def test_stop_ends_a_runaway_game_and_the_page_runs_again(runner_context, runner_server):
    page = runner_context.new_page()
    page.goto(f"{runner_server}/en/examples/playground/")
    area = "[data-kb-runner] textarea"
    # Python loaded first, so that Stop meets the loop and not the loading.
    page.fill(area, ">>> 1 + 1\n2\n")
    assert "kb-runner__status--passed" in run_in(page)["status"]
    page.fill(area, ">>> while True:\n...     pass\n")
    page.click("[data-kb-run]")
    page.wait_for_selector(".kb-runner__stop:visible", timeout=RUN_TIMEOUT)
    page.wait_for_timeout(500)
    page.click(".kb-runner__stop")
    status = page.locator("[data-kb-runner] .kb-runner__status")
    assert status.inner_text() == "Run stopped."
    assert page.locator("[data-kb-run]").is_enabled()
    page.fill(area, ">>> 2 + 2\n4\n")
    result = run_in(page)
    assert "kb-runner__status--passed" in result["status"] and "doctest: passed (1/1 checks)" in result["stdout"]
