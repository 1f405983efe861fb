"""The runner's Python compiled ahead of time, for the CPython inside the Pyodide the site ships.

In the browser every module is compiled from source at its first import, inside WebAssembly: for
the ~170 modules of the standard library that Pyodide's start and the engine import, and the ~160
of the engine, that is most of a first Run's wait. A build compiles them once instead, with that
very Pyodide run by Node (the only interpreter whose bytecode it reads: the magic number changes
with every minor version of Python), and ships:

- the engine, the narration and the runner as bytecode alone (`kb/engine/game.pyc`, read by the
  importer as a module without source), without the docstrings of modules and functions, which
  nothing there reads (a class keeps its own: a dataclass without one would compute one at
  import): `kb.site.wheel.engine_archive`;
- the standard library's archive with the modules a Run imports as bytecode alone (the others stay
  source, compiled if some code ever imports them), docstrings and all.

The bytecode is hash-based and unchecked (PEP 552): no timestamp in it, and the importer trusts it
without reading the source, so the same sources give the same bytes, wherever and whenever they
are built. Which standard modules a Run imports is found by doing it: Pyodide is started, the
engine imported and warmed as the browser's worker does, and a few runs made in each language.
Without Node, or if that Pyodide fails, the site ships the sources: slower to start, the same runs.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.workers import ends_with_this_process

# The zip entries' date, as the wheel's: the archive's bytes depend on its files only.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
NODE_TIMEOUT = 600

# Run by Node: start Pyodide from the package the site ships, do what a Run does, then compile.
_NODE_SCRIPT = """
import { loadPyodide } from %(module)s;
import fs from "fs";
const [engine, sample, out] = process.argv.slice(2);
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
const bytes = new Uint8Array(fs.readFileSync(engine));
pyodide.unpackArchive(bytes, "xztar");
const web = pyodide.pyimport("kb.examples.web");
web.warm();
const { code, table } = JSON.parse(fs.readFileSync(sample, "utf8"));
for (const lang of ["es", "en"]) {
  web.run(code, lang, "sample", "<sample>", 1);
  web.play(JSON.stringify(table), "[]", lang);
}
pyodide.FS.writeFile("/tmp/kb-engine.tar.xz", bytes);
pyodide.runPython(%(compile)s);
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/kb-compiled.zip"));
"""

# Run inside that Pyodide: every module of the wheel, and every module of the standard library's
# archive that is imported now, as unchecked hash-based bytecode; the code objects name the files
# as an import from source would.
_COMPILE = r"""
import ast, importlib.util, os, site, sys, tarfile, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def bytecode(source, filename, docstrings=True):
    tree = ast.parse(source, filename)
    if not docstrings:
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                    and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) \
                    and isinstance(node.body[0].value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), node.body[0])]
    code = compile(tree, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))

stdlib = next(path for path in sys.path if path.endswith(".zip"))
imported = sorted({module.__file__[len(stdlib) + 1:] for module in list(sys.modules.values())
                   if (getattr(module, "__file__", None) or "").startswith(stdlib + "/")
                   and module.__file__.endswith(".py")})
packages = site.getsitepackages()[0]
with zipfile.ZipFile("/tmp/kb-compiled.zip", "w") as out:
    out.writestr("cache_tag", sys.implementation.cache_tag)
    with zipfile.ZipFile(stdlib) as archive:
        for name in imported:
            out.writestr("stdlib/" + name, bytecode(archive.read(name), stdlib + "/" + name))
    with tarfile.open("/tmp/kb-engine.tar.xz") as engine:
        for member in engine.getmembers():
            if member.name.endswith(".py"):
                source = engine.extractfile(member).read()
                out.writestr("wheel/" + member.name, bytecode(source, os.path.join(packages, member.name), docstrings=False))
"""


class BytecodeUnavailable(RuntimeError):
    """The runner's Python could not be compiled for Pyodide (no Node, or Pyodide failed)."""


@dataclass(frozen=True)
class Bytecode:
    """What one Pyodide compiled: its cache tag (`cpython-314`), the bytecode of each module of
    the wheel and of each standard module a Run imports, by the source's path in its archive."""

    cache_tag: str
    wheel: dict[str, bytes]
    stdlib: dict[str, bytes]


# What this process compiled, by the sources and the Pyodide: a second build of the same files in
# one process (the tests build several sites) does not start Pyodide again.
_COMPILED: dict[tuple[str, str, str], Bytecode] = {}


def compile_for_pyodide(engine: bytes, pyodide: Path, sample: dict[str, Any]) -> Bytecode:
    """Compile the modules of `engine` (`kb.site.wheel.engine_archive` of the sources, unpacked as
    the browser unpacks it), and the standard modules a Run imports, with the Pyodide in the
    folder `pyodide` (run by Node). Which standard modules those are is found by doing what a Run
    does with `sample`: its doctest `code` run in each language and its playground `table` played.
    Raises `BytecodeUnavailable`, with one line saying why."""
    node = shutil.which("node")
    if node is None:
        raise BytecodeUnavailable("node is not installed")
    key = _key(engine, pyodide, sample)
    if key not in _COMPILED:
        _COMPILED[key] = _compile(node, engine, pyodide, key[2])
    return _COMPILED[key]


def compiled() -> dict[tuple[str, str, str], Bytecode]:
    """What this process has compiled, by its sources, Pyodide and sample: for `remember` in another."""
    return dict(_COMPILED)


def remember(made: dict[tuple[str, str, str], Bytecode]) -> None:
    """What another process (a build's forked worker) compiled (its `compiled()`), kept as if
    compiled here: a `compile_for_pyodide` of the same arguments in this process is not made again."""
    _COMPILED.update(made)


def _key(engine: bytes, pyodide: Path, sample: dict[str, Any]) -> tuple[str, str, str]:
    return hashlib.sha256(engine).hexdigest(), _fingerprint(pyodide), json.dumps(sample, sort_keys=True)


def _fingerprint(pyodide: Path) -> str:
    """The Pyodide in a folder, as far as the bytecode goes: its files' sizes and dates."""
    found = []
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        try:
            info = (pyodide / name).stat()
        except OSError:
            return ""
        found.append(f"{name}:{info.st_size}:{info.st_mtime_ns}")
    return f"{pyodide.resolve()}|" + "|".join(found)


def _compile(node: str, engine: bytes, pyodide: Path, sample: str) -> Bytecode:
    with tempfile.TemporaryDirectory(prefix="kb-bytecode-") as tmp:
        folder = Path(tmp)
        (folder / "engine.tar.xz").write_bytes(engine)
        (folder / "sample.json").write_text(sample, encoding="utf-8")
        script = folder / "compile.mjs"
        script.write_text(_NODE_SCRIPT % {"module": json.dumps((pyodide / "pyodide.mjs").as_uri()),
                                          "compile": json.dumps(_COMPILE)}, encoding="utf-8")
        try:
            # Node ends with the process that started it, a build's worker or the build itself.
            proc = subprocess.run([node, str(script), str(folder / "engine.tar.xz"), str(folder / "sample.json"),
                                   str(folder / "out.zip")], capture_output=True, text=True, timeout=NODE_TIMEOUT,
                                  preexec_fn=ends_with_this_process())
        except subprocess.TimeoutExpired:
            raise BytecodeUnavailable(f"Pyodide did not compile within {NODE_TIMEOUT} s") from None
        if proc.returncode != 0 or not (folder / "out.zip").is_file():
            reason = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise BytecodeUnavailable(f"Pyodide could not compile: {reason}")
        with zipfile.ZipFile(folder / "out.zip") as out:
            names = out.namelist()
            return Bytecode(
                cache_tag=out.read("cache_tag").decode("ascii"),
                wheel={name[len("wheel/"):]: out.read(name) for name in names if name.startswith("wheel/")},
                stdlib={name[len("stdlib/"):]: out.read(name) for name in names if name.startswith("stdlib/")},
            )


def stdlib_with_bytecode(archive: bytes, compiled: dict[str, bytes]) -> bytes:
    """The standard library's archive with each compiled module's source replaced by its bytecode
    (`json/decoder.py` -> `json/decoder.pyc`, which the zip importer reads first); everything else
    as it was, in the same order."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            name, data = info.filename, source.read(info)
            if name in compiled:
                name, data = name + "c", compiled[name]
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(entry, data, compresslevel=9)
    return out.getvalue()


def say_unavailable(err: BytecodeUnavailable) -> None:
    print(f"kb build: the examples' Python ships as source (slower to start in the browser): {err}", file=sys.stderr)
