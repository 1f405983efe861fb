"""The examples, runnable in the reader's browser: what the site serves for that, and what its
pages say about it.

A Run button on an example page (or the playground) starts a Web Worker that loads Pyodide (the
CPython of the browser, installed from npm by `kb.site.pyodide` and copied into the site), unpacks
the engine (`kb.site.wheel`) into it and runs the edited code with `kb.examples.web`.
Everything is served from the site's own folder; nothing loads before the first Run, and a
service worker keeps what was loaded for use offline.

    runner/pyodide/…               the Pyodide runtime (only the files a run needs; the standard
                                   modules a run imports compiled, `kb.site.bytecode`)
    runner/kb_engine-….tar.xz      the engine, the narration and the runner, compiled (or, when
                                   they cannot be, their sources)
    runner/runner.json             what the worker loads, with each file's size (its progress)
    runner/examples.json           every example's code, for the playground
    runner-sw.js                   the service worker (at the root: it serves the whole site)
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kb.corpus import PROJECT_ROOT
from kb.site.bytecode import Bytecode, BytecodeUnavailable, compile_for_pyodide, say_unavailable, stdlib_with_bytecode
from kb.site.pyodide import LOCK_FILE, PYODIDE_FILES, STDLIB, pyodide_dir
from kb.site.urls import asset_url
from kb.site.wheel import archive_name, bundle_files, engine_archive

RUNNER_DIR = "runner"
SERVICE_WORKER = "runner-sw.js"

# The words of the pages; those of a run (progress, errors) are in assets/runner.js, which loads
# with it.
STRINGS = {
    "es": {
        "run": "Ejecutar",
        "code_label": "Código del ejemplo (editable)",
        "code_label_playground": "Código de la partida (editable)",
        "hint": "Edita el código y pulsa Ejecutar (Ctrl+Intro): el motor corre en tu navegador.",
        "playground": "Zona de pruebas",
        "playground_intro": "Escribe una partida y ejecútala en el motor de reglas de referencia, en tu navegador. Empieza desde cualquier ejemplo o desde una partida en blanco.",
        "start_from": "Empezar desde",
        "blank_game": "Partida en blanco",
        "cards": "Cartas que conoce el motor",
        "cards_filter": "Filtrar cartas",
        "cards_guide": "Cómo definir una carta propia",
        "open_playground": "Abrir en la zona de pruebas",
        "table_title": "Una partida sin escribir código",
        "table_intro": "Elige los jugadores, sus vidas y las cartas de cada zona (de la lista de cartas, por su nombre en inglés o en español), el paso en que empieza la partida, y juega: cada acción que el motor permite en ese momento aparece como un botón, y lo que ocurre se cuenta con enlaces a las reglas.",
        "table_player": "Jugador",
        "table_name": "Nombre",
        "table_life": "Vidas",
        "table_library": "Cartas en la biblioteca",
        "table_card": "Carta",
        "table_zone": "Zona",
        "table_add": "Añadir",
        "table_step": "Empieza en",
        "table_turn": "Turno",
        "table_play": "Empezar la partida",
        "zone_hand": "Mano",
        "zone_battlefield": "Campo de batalla",
        "zone_graveyard": "Cementerio",
        "table_undo": "Deshacer",
        "table_code": "Ver código",
        "table_save": "Guardar como ejemplo",
        "code_title": "O escribe la partida en Python",
    },
    "en": {
        "run": "Run",
        "code_label": "The example's code (editable)",
        "code_label_playground": "The game's code (editable)",
        "hint": "Edit the code and press Run (Ctrl+Enter): the engine runs in your browser.",
        "playground": "Playground",
        "playground_intro": "Write a game and run it on the reference rules engine, in your browser. Start from any example or from a blank game.",
        "start_from": "Start from",
        "blank_game": "Blank game",
        "cards": "Cards the engine knows",
        "cards_filter": "Filter cards",
        "cards_guide": "How to define a card of your own",
        "open_playground": "Open in the playground",
        "table_title": "A game without writing code",
        "table_intro": "Choose the players, their life totals and the cards in each zone (from the list of cards, by their English or Spanish name), the step the game begins at, and play: every action the engine allows at that moment is a button, and what happens is told with links to the rules.",
        "table_player": "Player",
        "table_name": "Name",
        "table_life": "Life",
        "table_library": "Cards in library",
        "table_card": "Card",
        "table_zone": "Zone",
        "table_add": "Add",
        "table_step": "Begins at",
        "table_turn": "Turn",
        "table_play": "Start the game",
        "zone_hand": "Hand",
        "zone_battlefield": "Battlefield",
        "zone_graveyard": "Graveyard",
        "table_undo": "Undo",
        "table_code": "Show code",
        "table_save": "Save as example",
        "code_title": "Or write the game in Python",
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

# What the build runs to find the standard modules a Run imports (`kb.site.bytecode`): the blank
# game with a passing check, then a failing one and an exception (a failure's report and the one line
# an error is told in import modules of their own), in each language; and the same game played in
# the playground without code.
COMPILE_SAMPLE = {
    "code": BLANK_GAME + """>>> bruno.life
18
>>> game.cast(ana, 'Nothing Known')
>>> 1 / 0
""",
    "table": {"players": [{"name": "Ana", "hand": ["Lightning Bolt"], "library": 10},
                          {"name": "Bruno", "battlefield": ["Grizzly Bears"], "library": 10}]},
}


# ---------------------------------------------------------------------------------------------
# What the site serves


def example_sources(names: list[str]) -> dict[str, dict[str, Any]]:
    """Where each example's code begins (`path`, `line`), as the failures of `kb example run` name
    it, the catalog read once for them all; an example of another provider: its code's own lines."""
    try:
        from kb.examples.catalog import catalog

        found = {example.name: example for example in catalog()}
    except Exception:  # noqa: BLE001 - no catalog of the package's own: every example is another provider's
        found = {}
    sources = {}
    for name in names:
        example = found.get(name)
        sources[name] = ({"path": f"examples/{Path(example.path).name}", "line": example.code_line}
                         if example is not None else {"path": f"examples/{name}.md", "line": 1})
    return sources


def example_source(name: str) -> dict[str, Any]:
    return example_sources([name])[name]


def engine_cards() -> list[dict[str, str]]:
    """Every card the engine knows (not its tokens), with its Oracle text, by name."""
    import kb.engine.cards  # noqa: F401 (defining the cards registers them)
    from kb.engine.objects import CardDefinition, TokenDefinition

    from kb.examples.card_names import spanish_names

    spanish = spanish_names()
    cards = []
    for name, definition in sorted(CardDefinition.registry.items()):
        # Only the engine's own library: a card defined at run time (a guide's doctest, a test) in
        # the same process is no card the site offers, and would make two builds differ.
        if issubclass(definition, TokenDefinition) or not definition.__module__.startswith("kb.engine.cards"):
            continue
        cards.append({
            "name": name,
            # Its Spanish name only where the names table confirms it (the narration's rule too).
            "es": spanish.get(name, ""),
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
    write_examples_list(folder, examples)
    if version is not None:
        write_runtime(folder, version)


def write_examples_list(folder: Path, examples: list[Any]) -> None:
    """What the playground reads: every example's code and where it comes from."""
    runner = Path(folder) / RUNNER_DIR
    runner.mkdir(parents=True, exist_ok=True)
    sources = example_sources([e.name for e in examples])
    (runner / "examples.json").write_text(_json([
        {"name": e.name, "code": e.code, **sources[e.name]} for e in examples
    ]), encoding="utf-8")


def write_runtime(folder: Path, version: str,
                  unavailable: Callable[[BytecodeUnavailable], None] = say_unavailable) -> Bytecode | None:
    """The runtime (Pyodide's files), the engine's archive, what the worker loads and the service
    worker, under `folder` as in the site: made from the engine's sources and the Pyodide of
    `version` alone, nothing of the corpus, so a build can make them while it reads the corpus.
    Returns the bytecode compiled for them, or None where the sources ship (told to `unavailable`)."""
    runner = Path(folder) / RUNNER_DIR
    (runner / "pyodide").mkdir(parents=True, exist_ok=True)
    source = pyodide_dir()
    sizes: dict[str, int] = {}
    digest = hashlib.sha256(version.encode("utf-8"))
    files = bundle_files()
    sources = engine_archive(files)
    try:
        # The modules a Run imports, compiled now rather than in every reader's browser.
        bytecode = compile_for_pyodide(sources, source, COMPILE_SAMPLE)
    except BytecodeUnavailable as err:
        unavailable(err)
        bytecode = None
    for name in PYODIDE_FILES:
        if name == STDLIB and bytecode is not None:
            (runner / "pyodide" / name).write_bytes(stdlib_with_bytecode((source / name).read_bytes(), bytecode.stdlib))
        else:
            shutil.copyfile(source / name, runner / "pyodide" / name)
        sizes[f"pyodide/{name}"] = (runner / "pyodide" / name).stat().st_size
    lock = json.loads((source / LOCK_FILE).read_text(encoding="utf-8"))
    lock_text = _json({"info": lock["info"], "packages": {}})
    (runner / "pyodide" / LOCK_FILE).write_text(lock_text, encoding="utf-8")
    sizes[f"pyodide/{LOCK_FILE}"] = len(lock_text.encode("utf-8"))
    # The engine as the browser unpacks it: compiled, or else its sources.
    engine = engine_archive(files, bytecode) if bytecode is not None else sources
    (runner / archive_name()).write_bytes(engine)
    sizes[archive_name()] = len(engine)
    digest.update(engine)
    worker = PROJECT_ROOT / "site" / "assets" / "runner-worker.js"
    digest.update(worker.read_bytes())
    build = digest.hexdigest()[:16]
    (runner / "runner.json").write_text(_json({
        "pyodide": version, "engine": archive_name(), "sizes": sizes, "build": build,
    }), encoding="utf-8")
    (Path(folder) / SERVICE_WORKER).write_text(_service_worker(build), encoding="utf-8")
    return bytecode


PLAYGROUND = "examples/playground"
CARDS_GUIDE_PAGE = "examples/cards"


def runner_context(key: str, lang: str, name: str = "", source: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a page with a code area tells its template: the site's root and the runner's script
    as seen from the page, its words, where the example's code comes from (`source`, else found in
    the catalog), and the pages it links."""
    from kb.site.locale import DEFAULT_LANG
    from kb.site.urls import relative_url

    if source is None:
        source = example_source(name) if name else {"path": "", "line": 1}
    return {
        "lang": lang,
        "id": name or "playground",
        "root": relative_url(key, lang, "index", DEFAULT_LANG),
        "script": asset_url(key, lang, "assets/runner.js"),
        "style": asset_url(key, lang, "assets/runner.css"),
        "playground": relative_url(key, lang, PLAYGROUND, lang),
        "guide": relative_url(key, lang, CARDS_GUIDE_PAGE, lang),
        "t": STRINGS[lang] if name else {**STRINGS[lang], "code_label": STRINGS[lang]["code_label_playground"]},
        "steps": [] if name else step_names(lang),
        **source,
    }


def step_names(lang: str) -> list[dict[str, str]]:
    """Each step of a turn, by its engine name and as the narration names it."""
    from kb.engine.turns import Step
    from kb.examples.narration import Narrator

    tell = Narrator(lang)
    return [{"name": step.name, "label": tell.name(step)} for step in Step]
