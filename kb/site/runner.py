"""The examples, runnable in the reader's browser: what the site serves for that, and what its
pages say about it.

A Run button on an example page (or the playground) starts a Web Worker that loads Pyodide (the
CPython of the browser, installed from npm by `ensure_pyodide` and copied into the site), unpacks
the engine's wheel into it and runs the edited code with `kb.examples.web`. The wheel holds the
engine, the narration and the runner, with the narration's catalogs compiled: standard library
only, as Pyodide's core has it. Everything is served from the site's own folder; nothing loads
before the first Run, and a service worker keeps what was loaded for use offline.

    runner/pyodide/…               the Pyodide runtime (only the files a run needs)
    runner/kb_engine-….whl         the engine, the narration and the runner
    runner/runner.json             what the worker loads, with each file's size (its progress)
    runner/examples.json           every example's code, for the playground
    runner-sw.js                   the service worker (at the root: it serves the whole site)
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import io
import json
import os
import shutil
import subprocess
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kb.corpus import PROJECT_ROOT
from kb.site.urls import asset_url

RUNNER_DIR = "runner"
SERVICE_WORKER = "runner-sw.js"
PYODIDE_PACKAGE = "pyodide"
# What loadPyodide reads in a browser: the module, the interpreter, the standard library, the lock
# file (written here without Pyodide's package list: no package of it is loaded).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_FILE = "pyodide-lock.json"
WHEEL_NAME = "kb_engine"
WHEEL_VERSION = "0.1.0"
# The modules the browser runs: the engine whole, and of the examples what runs and tells a doctest.
BUNDLED_EXAMPLES = ("narration.py", "runner.py", "web.py")
EXAMPLES_INIT = '"""The executable examples as the site runs them in the browser: the runner and the narration."""\n'
NPM_TIMEOUT = 600
# The zip entries' date: the wheel's bytes depend on its files only.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

STRINGS = {
    "es": {
        "run": "Ejecutar",
        "stop": "Detener",
        "reset": "Restablecer",
        "code_label": "Código del ejemplo (editable)",
        "output": "Resultado de la ejecución en este navegador",
        "loading": "Cargando Python en el navegador…",
        "starting": "Iniciando Python…",
        "engine": "Cargando el motor de reglas…",
        "running": "Ejecutando…",
        "stopped": "Ejecución detenida.",
        "error": "Error",
        "unavailable": "Esta copia del sitio se construyó sin Pyodide: los ejemplos no se pueden ejecutar en el navegador.",
        "failed_to_load": "No se pudo cargar Python en el navegador",
        "hint": "Edita el código y pulsa Ejecutar (Ctrl+Intro): el motor corre en tu navegador.",
        "playground": "Zona de pruebas",
        "playground_intro": "Escribe una partida y ejecútala en el motor de reglas de referencia, en tu navegador. Empieza desde cualquier ejemplo o desde una partida en blanco.",
        "start_from": "Empezar desde",
        "blank_game": "Partida en blanco",
        "cards": "Cartas que conoce el motor",
        "cards_filter": "Filtrar cartas",
        "cards_guide": "Cómo definir una carta propia",
        "cards_loading": "Cargando las cartas…",
        "open_playground": "Abrir en la zona de pruebas",
    },
    "en": {
        "run": "Run",
        "stop": "Stop",
        "reset": "Reset",
        "code_label": "The example's code (editable)",
        "output": "Output of the run in this browser",
        "loading": "Loading Python in the browser…",
        "starting": "Starting Python…",
        "engine": "Loading the rules engine…",
        "running": "Running…",
        "stopped": "Run stopped.",
        "error": "Error",
        "unavailable": "This copy of the site was built without Pyodide: the examples cannot run in the browser.",
        "failed_to_load": "Python could not be loaded in the browser",
        "hint": "Edit the code and press Run (Ctrl+Enter): the engine runs in your browser.",
        "playground": "Playground",
        "playground_intro": "Write a game and run it on the reference rules engine, in your browser. Start from any example or from a blank game.",
        "start_from": "Start from",
        "blank_game": "Blank game",
        "cards": "Cards the engine knows",
        "cards_filter": "Filter cards",
        "cards_guide": "How to define a card of your own",
        "cards_loading": "Loading the cards…",
        "open_playground": "Open in the playground",
    },
}

# The playground's blank game: two players, a few cards, the narration of a turn and one check.
BLANK_GAME = """>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', hand=['Lightning Bolt'], library=10)
>>> bruno = Player('Bruno', battlefield=['Grizzly Bears'], library=10)
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> game.cast(ana, 'Lightning Bolt', targets=[bruno])
Spell(Card('Lightning Bolt'), controller=Player('Ana'))
>>> game.pass_all()
>>> bruno.life
17
"""


class RunnerUnavailable(RuntimeError):
    """Pyodide is not installed and could not be."""


# ---------------------------------------------------------------------------------------------
# Pyodide, from npm


def pyodide_dir() -> Path:
    """Where the npm package is: `$KB_PYODIDE` if set, else the project's node_modules."""
    return Path(os.environ.get("KB_PYODIDE") or PROJECT_ROOT / "node_modules" / PYODIDE_PACKAGE)


def _wanted_version() -> str | None:
    """The version package-lock.json pins, or None without a lock file."""
    try:
        lock = json.loads((PROJECT_ROOT / "package-lock.json").read_text(encoding="utf-8"))
        return lock["packages"][f"node_modules/{PYODIDE_PACKAGE}"]["version"]
    except (OSError, ValueError, KeyError):
        return None


def pyodide_version(folder: Path | None = None) -> str | None:
    """The version of the Pyodide installed in `folder`, or None if it is missing or incomplete."""
    folder = folder or pyodide_dir()
    try:
        version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None
    if not all((folder / name).is_file() for name in (*PYODIDE_FILES, LOCK_FILE)):
        return None
    return version


def ensure_pyodide(say: Callable[[str], None] = lambda line: None) -> str:
    """Install the Pyodide that package-lock.json pins (`npm ci`) unless it is there; returns its
    version. Raises `RunnerUnavailable` with one line saying why when it cannot be had."""
    if os.environ.get("KB_PYODIDE"):
        version = pyodide_version()
        if version is None:
            raise RunnerUnavailable(f"$KB_PYODIDE={os.environ['KB_PYODIDE']} holds no Pyodide package")
        return version
    wanted = _wanted_version()
    version = pyodide_version()
    if version is not None and version == (wanted or version):
        return version
    npm = shutil.which("npm")
    if npm is None:
        raise RunnerUnavailable("npm is not installed, so Pyodide cannot be (apt-get install npm)")
    # Two builds at once install once: the second waits, then finds it installed.
    with open(PROJECT_ROOT / ".kb-npm.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        version = pyodide_version()
        if version is not None and version == (wanted or version):
            return version
        say(f"installing Pyodide {wanted or ''} with npm (once)".replace("  ", " "))
        command = [npm, "ci" if wanted else "install", "--no-audit", "--no-fund", "--prefer-offline"]
        try:
            proc = subprocess.run(command, cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=NPM_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise RunnerUnavailable(f"npm did not install Pyodide within {NPM_TIMEOUT} s") from None
        version = pyodide_version()
        if proc.returncode != 0 or version is None:
            reason = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise RunnerUnavailable(f"npm could not install Pyodide: {reason}")
    return version


def runtime_for_runner() -> str | None:
    """The Pyodide version a build ships (installed first if need be), or None, said in one line on
    standard error, when it cannot be had: the site is then built without it, and its Run buttons
    say that the examples cannot run in this copy."""
    import sys

    say = (lambda line: print(f"kb build: {line}", file=sys.stderr)) if sys.stderr.isatty() else (lambda line: None)
    try:
        return ensure_pyodide(say)
    except RunnerUnavailable as err:
        print(f"kb build: the examples will not run in the browser: {err}", file=sys.stderr)
        return None


# ---------------------------------------------------------------------------------------------
# The engine's wheel


def _compiled_catalogs() -> dict[str, bytes]:
    """The narration's .mo files, compiled from the .po files now."""
    from kb.examples.i18n import _mo_bytes, _read
    from kb.examples.narration import LANGS

    return {lang: _mo_bytes(_read(lang)) for lang in LANGS}


def bundle_files() -> dict[str, bytes]:
    """The files of the engine's wheel, by their path in it."""
    package = PROJECT_ROOT / "kb"
    files: dict[str, bytes] = {"kb/__init__.py": (package / "__init__.py").read_bytes()}
    for path in sorted((package / "engine").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[path.relative_to(PROJECT_ROOT).as_posix()] = path.read_bytes()
    files["kb/examples/__init__.py"] = EXAMPLES_INIT.encode("utf-8")
    for name in BUNDLED_EXAMPLES:
        files[f"kb/examples/{name}"] = (package / "examples" / name).read_bytes()
    for lang, mo in _compiled_catalogs().items():
        files[f"kb/locale/{lang}/LC_MESSAGES/engine.mo"] = mo
    return files


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def wheel_name() -> str:
    return f"{WHEEL_NAME}-{WHEEL_VERSION}-py3-none-any.whl"


def engine_wheel() -> bytes:
    """The engine, the narration and the runner as a pure-Python wheel; the same files give the
    same bytes."""
    files = bundle_files()
    info = f"{WHEEL_NAME}-{WHEEL_VERSION}.dist-info"
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {WHEEL_NAME}\nVersion: {WHEEL_VERSION}\n"
        "Summary: The reference rules engine and its narration, as the site runs them in the browser\n"
    ).encode("utf-8")
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: kb\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files.items())
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode("utf-8")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data, compresslevel=9)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# What the site serves


def _code_line(name: str) -> tuple[str, int]:
    """Where an example's code begins, as the failures of `kb example run` name it."""
    try:
        from kb.examples.catalog import find

        example = find(name)
    except Exception:  # noqa: BLE001 - an example of another provider: its code's own lines
        return f"examples/{name}.md", 1
    return f"examples/{Path(example.path).name}", example.code_line


def example_source(name: str) -> dict[str, Any]:
    path, line = _code_line(name)
    return {"path": path, "line": line}


def engine_cards() -> list[dict[str, str]]:
    """Every card the engine knows (not its tokens), with its Oracle text, by name."""
    from kb.engine.objects import CardDefinition, TokenDefinition, _load_cards

    _load_cards()
    cards = []
    for name, definition in sorted(CardDefinition.registry.items()):
        if issubclass(definition, TokenDefinition):
            continue
        cards.append({
            "name": name,
            "es": getattr(definition, "name_es", None) or "",
            "cost": str(getattr(definition, "mana_cost", "") or ""),
            "types": " ".join([*definition.supertypes, *definition.types]) + (
                " — " + " ".join(definition.subtypes) if definition.subtypes else ""),
            "pt": f"{definition.power}/{definition.toughness}" if definition.power is not None else "",
            "oracle": definition.oracle or "",
        })
    return cards


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _service_worker(version: str) -> str:
    template = (PROJECT_ROOT / "site" / "runner" / SERVICE_WORKER).read_text(encoding="utf-8")
    return template.replace("__KB_RUNNER_VERSION__", version)


def write_runner_files(folder: Path, examples: list[Any], version: str | None) -> None:
    """The runtime, the wheel and what the playground reads, under `folder` as in the site;
    without Pyodide (`version` None) only what the playground reads, and the pages say the
    examples cannot run here."""
    runner = Path(folder) / RUNNER_DIR
    runner.mkdir(parents=True, exist_ok=True)
    (runner / "examples.json").write_text(_json([
        {"name": e.name, "code": e.code, **example_source(e.name)} for e in examples
    ]), encoding="utf-8")
    if version is None:
        return
    source = pyodide_dir()
    (runner / "pyodide").mkdir(exist_ok=True)
    sizes: dict[str, int] = {}
    digest = hashlib.sha256(version.encode("utf-8"))
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, runner / "pyodide" / name)
        sizes[f"pyodide/{name}"] = (runner / "pyodide" / name).stat().st_size
    lock = json.loads((source / LOCK_FILE).read_text(encoding="utf-8"))
    lock_text = _json({"info": lock["info"], "packages": {}})
    (runner / "pyodide" / LOCK_FILE).write_text(lock_text, encoding="utf-8")
    sizes[f"pyodide/{LOCK_FILE}"] = len(lock_text.encode("utf-8"))
    wheel = engine_wheel()
    (runner / wheel_name()).write_bytes(wheel)
    sizes[wheel_name()] = len(wheel)
    digest.update(wheel)
    worker = PROJECT_ROOT / "site" / "assets" / "runner-worker.js"
    digest.update(worker.read_bytes())
    build = digest.hexdigest()[:16]
    (runner / "runner.json").write_text(_json({
        "pyodide": version, "wheel": wheel_name(), "sizes": sizes, "build": build,
    }), encoding="utf-8")
    (Path(folder) / SERVICE_WORKER).write_text(_service_worker(build), encoding="utf-8")


PLAYGROUND = "examples/playground"
CARDS_GUIDE_PAGE = "examples/cards"


def runner_context(key: str, lang: str, name: str = "") -> dict[str, Any]:
    """What a page with a code area tells its template: the site's root and the runner's script
    as seen from the page, its words, where the example's code comes from, and the pages it links."""
    from kb.site.locale import DEFAULT_LANG
    from kb.site.urls import relative_url

    source = example_source(name) if name else {"path": "", "line": 1}
    return {
        "lang": lang,
        "id": name or "playground",
        "root": relative_url(key, lang, "index", DEFAULT_LANG),
        "script": asset_url(key, lang, "assets/runner.js"),
        "style": asset_url(key, lang, "assets/runner.css"),
        "playground": relative_url(key, lang, PLAYGROUND, lang),
        "guide": relative_url(key, lang, CARDS_GUIDE_PAGE, lang),
        "t": STRINGS[lang],
        **source,
    }
