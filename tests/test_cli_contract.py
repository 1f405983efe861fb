"""The `kb` command line as a Unix tool, for every command found in the click group (none listed by
hand): -h/--help with an example that parses, --json that is JSON and nothing else on stdout, one line
on stderr and a non-zero exit for bad usage, no traceback for a closed pipe or Ctrl-C."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import click
import pytest
from click.testing import CliRunner

from kb.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
RULE = "101.4"  # present in every release since 2004; its text has a curly apostrophe


def invoke(args, **kwargs):
    # `result.stderr` apart from `result.stdout`, as click (8.2 on) keeps them.
    return CliRunner().invoke(cli, [str(a) for a in args], **kwargs)


def _walk(command: click.Command, path: tuple[str, ...] = ()):
    yield path, command
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            yield from _walk(command.commands[name], (*path, name))


COMMANDS = list(_walk(cli))
LEAVES = [(path, command) for path, command in COMMANDS if not isinstance(command, click.Group)]


def _name(path: tuple[str, ...]) -> str:
    return " ".join(("kb", *path))


def _releases() -> list[str]:
    from kb.history import corpus_releases

    return [release.effective for release in corpus_releases()]


def _newest_rules_file() -> Path:
    from kb.corpus import load_manifest

    files = sorted((e for e in load_manifest() if e.kind == "cr"), key=lambda e: e.path.name)
    return files[-1].path


def _one_line(result) -> str:
    lines = result.stderr.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {lines!r}"
    assert lines[0].strip()
    return lines[0]


def _no_traceback(result) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


# --- help ------------------------------------------------------------------------------------------


def test_the_walk_finds_the_commands_and_their_subcommands():
    names = {_name(path) for path, _ in COMMANDS}
    assert {"kb", "kb rule", "kb example run", "kb translations import"} <= names
    assert len(LEAVES) >= 18


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=_name)
def test_help(path, flag):
    result = invoke([*path, flag])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"Usage: {_name(path)} ")
    assert result.stderr == ""
    command = dict(COMMANDS)[path]
    assert (command.help or "").strip(), f"{_name(path)} does not say what it does"


def _examples(help_text: str) -> list[str]:
    lines = help_text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == "Examples:"), None)
    if start is None:
        return []
    found = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        found.append(line.strip())
    return found


def _parse_only(words: list[str]) -> None:
    """Parse a command line the way `kb` would, without running it (bad usage raises)."""
    command: click.Command = cli
    ctx = cli.make_context("kb", [], resilient_parsing=True)
    rest = words
    while isinstance(command, click.Group) and rest and rest[0] in command.commands:
        command = command.commands[rest[0]]
        rest = rest[1:]
    command.make_context(command.name, list(rest), parent=ctx)


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=_name)
def test_help_shows_examples_that_parse(path):
    result = invoke([*path, "--help"])
    examples = _examples(result.stdout)
    assert examples, f"{_name(path)} --help shows no example"
    for example in examples:
        # The kb part of a pipeline, without the note that may follow it after two spaces.
        command_line = next((part for part in example.split(" | ") if part.strip().startswith("kb ")), example)
        words = shlex.split(command_line.strip().split("  ")[0])
        assert words[0] == "kb" and words[1:1 + len(path)] == list(path), example
        _parse_only(words[1:])


@pytest.mark.parametrize("path", [p for p, c in COMMANDS if isinstance(c, click.Group)], ids=_name)
def test_short_help_of_each_subcommand_is_not_cut_mid_phrase(path):
    group = dict(COMMANDS)[path]
    for name, command in group.commands.items():
        short = command.get_short_help_str(limit=1000)
        assert short.count("(") == short.count(")"), f"{_name((*path, name))}: {short!r}"


# --- --json ----------------------------------------------------------------------------------------


def test_every_command_has_json():
    for path, command in LEAVES:
        assert any("--json" in p.opts for p in command.params if isinstance(p, click.Option)), _name(path)


@pytest.fixture(scope="module")
def rules_site():
    """The official rules page and the newest release, served from 127.0.0.1 (for `kb fetch`)."""
    from test_fetch import Server

    served = Server()
    newest = _newest_rules_file()
    served.routes[f"/{newest.name}"] = (200, newest.read_bytes(), 0.0)
    served.routes["/en/rules"] = (200, f'<a href="/{newest.name}">TXT</a>'.encode(), 0.0)
    yield served
    served.close()


@pytest.fixture(scope="module")
def samples(tmp_path_factory, rules_site):
    """For every command, arguments that make it do real work on the corpus."""
    from kb.examples import catalog

    tmp = tmp_path_factory.mktemp("cli")
    releases = _releases()
    oldest, newest = releases[0], releases[-1]
    catalog_file = tmp / "rules-es.po"
    exported = invoke(["translations", "export", catalog_file, "--json"])
    assert exported.exit_code == 0, exported.stderr
    return {
        "kb align": ["--kind", "rule"],
        "kb cite": ["716.1", "--as-of", "2019-08-23", "--to", "2019-10-04"],
        "kb diff": [oldest, newest, "--only", "changed"],
        "kb engine conformance": ["--section", "704"],
        "kb example coverage": [],
        "kb example list": [],
        "kb example run": [catalog()[0].name, "--lang", "en"],
        "kb export": [tmp / "export", "--format", "json", "--what", "terminology"],
        # The newest release, which the corpus has: downloaded, checked, found present, nothing written.
        "kb fetch": ["--latest", "--page", rules_site.url("/en/rules")],
        "kb graph": ["--release", newest, "--no-pages", "--graphml", tmp / "g.graphml"],
        "kb history": [RULE],
        "kb parse": [_newest_rules_file(), "--summary"],
        "kb path": [RULE, "702.9"],
        "kb refs": [RULE],
        "kb rule": [RULE, "--lang", "es"],
        "kb stats": [],
        "kb terms": [],
        "kb text": ["--release", oldest, "--out", tmp / "reglas.txt"],
        "kb translations export": [tmp / "again.po"],
        "kb translations import": [catalog_file, "--check"],
        "kb translations stats": [],
        # The catalogs are of the newest release already: the update says so and writes nothing.
        "kb translations update": ["--release", newest, "--check"],
        "kb translations todo": [],
        "kb translations check-terms": [catalog_file, "--terms", _term_base(tmp)],
        "kb translations check-consistency": [catalog_file],
        "kb translations check": [catalog_file],
    }


def _term_base(tmp: Path) -> Path:
    path = tmp / "terms.tsv"
    path.write_text("en\tes\tkind\tsource\tvariants\tnote\nplayer\tjugador\tglossary\tofficial\t\t\n",
                    encoding="utf-8")
    return path


# The commands that build the real site have tests of their own, on the session's one build of it.
SITE_COMMANDS = {"kb build", "kb serve"}


def test_every_command_has_a_sample(samples):
    assert set(samples) | SITE_COMMANDS == {_name(path) for path, _ in LEAVES}


@pytest.mark.parametrize("path", [p for p, _ in LEAVES if _name(p) not in SITE_COMMANDS], ids=_name)
def test_json_is_json_and_alone_on_stdout(path, samples):
    result = invoke([*path, *samples[_name(path)], "--json"])
    _json_alone(result)


def _json_alone(result) -> dict:
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert result.stderr == ""
    _no_traceback(result)
    return data


@pytest.mark.slow
def test_build_json_is_json_and_alone_on_stdout(real_build):
    # The session's build of the real site is `kb build --out OUT --json` (tests/conftest.py).
    summary = _json_alone(real_build)
    assert summary["out"] == str(real_build.out) and summary["unchanged"] is False
    assert summary["pages"] == real_build.site.pages


@pytest.mark.slow
def test_serve_json_is_json_and_alone_on_stdout(real_build):
    # The session's build (kept: its inputs are this command's), served on a free port for no time.
    result = invoke(["serve", "--out", real_build.out, "--no-watch", "--port", "0", "--for", "0", "--json"])
    event = _json_alone(result)
    assert event["event"] == "serving" and event["site"] == str(real_build.site.site_dir)


@pytest.mark.parametrize(
    "args",
    [["path", RULE, "702.9", "--json"], ["refs", "405.1", "--lang", "es", "--json"], ["terms", "--json"],
     ["history", "702.9", "--json"]],
    ids=" ".join,
)
def test_json_is_the_same_bytes_whatever_the_hash_seed(args):
    outputs = set()
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-m", "kb", *args], capture_output=True, cwd=ROOT, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_a_release_is_named_by_either_of_its_dates(tmp_path):
    from kb.history import corpus_releases

    renamed = [r for r in corpus_releases() if r.published and r.published != r.effective]
    if not renamed:
        pytest.skip("every release of this corpus takes effect the day it is published")
    release = renamed[0]
    for args in (["rule", RULE], ["history", RULE], ["translations", "export", tmp_path / "r.po"]):
        for name in release.names:
            result = invoke([*args, "--release", name, "--json"])
            assert result.exit_code == 0, result.stderr
            assert json.loads(result.stdout)["release"] == release.effective


# --- bad usage -------------------------------------------------------------------------------------


@pytest.fixture
def places(tmp_path):
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("x\n", encoding="utf-8")
    a_folder = tmp_path / "a-folder"
    a_folder.mkdir()
    return {"file": a_file, "dir": a_folder, "missing": tmp_path / "missing.txt", "binary": tmp_path / "binary.bin"}


BAD_USAGE = [
    # (arguments, something the one line must name)
    (["rule", "999.99"], "999.99"),
    (["rule", RULE, "--release", "1999-01-01"], "1999-01-01"),
    (["rule", RULE, "--release", "nonsense"], "nonsense"),
    (["rule", RULE, "--lang", "fr"], "fr"),
    (["rule"], "RULE"),
    (["rule", " "], "RULE"),
    (["history", "999.99"], "999.99"),
    (["history", RULE, "--release", "1999-01-01"], "1999-01-01"),
    (["diff", "2017-09-25", "1999-01-01"], "1999-01-01"),
    (["diff", "2017-09-25"], "NEW"),
    (["diff", "2017-09-25", "2026-01-16", "--only", "renamed"], "renamed"),
    (["refs", "999.99"], "999.99"),
    (["refs", "no:such:node:id:x"], "no:such"),
    (["refs", "999.99", "--lang", "es"], "999.99"),
    (["path", RULE, "999.99"], "999.99"),
    (["path", RULE], "B"),
    (["graph", "--release", "1999-01-01"], "1999-01-01"),
    (["graph", "--graphml", "{dir}"], "a-folder"),
    (["export", "{file}"], "a-file.txt"),
    (["export", "{dir}", "--format", "xls"], "xls"),
    (["parse", "{missing}"], "missing.txt"),
    (["parse", "{dir}"], "a-folder"),
    (["parse"], "PATH"),
    (["parse", "{file}", "--kind", "pdf"], "pdf"),
    (["example", "run", "no-such-example"], "no-such-example"),
    (["example", "run"], "NAME"),
    (["example", "bogus"], "bogus"),
    (["translations", "export", "{dir}"], "a-folder"),
    (["translations", "export", "{dir}/x.po", "--release", "1999-01-01"], "1999-01-01"),
    (["translations", "import", "{missing}"], "missing.txt"),
    (["translations", "import", "{dir}"], "a-folder"),
    (["translations", "update", "--release", "1999-01-01"], "1999-01-01"),
    (["translations", "update"], "--release"),
    (["translations", "todo", "--state", "done"], "done"),
    (["translations", "todo", "--take", "100.1", "--state", "fuzzy"], "--take"),
    (["translations", "check", "--only", "grammar"], "grammar"),
    (["translations", "check", "{missing}"], "missing.txt"),
    (["build", "--out", "{file}"], "a-file.txt"),
    (["serve", "--out", "{file}"], "a-file.txt"),
    (["serve", "--port", "70000"], "70000"),
    (["serve", "--for", "-1"], "-1"),
    (["terms", "--kind", "noun"], "noun"),
    (["align", "--status", "lost"], "lost"),
    (["align", "--page", "no-such-page"], "no-such-page"),
    (["stats", "extra"], "extra"),
    (["cite", "nonsense"], "nonsense"),
    (["cite", RULE, "--to", "1999-01-01"], "1999-01-01"),
    (["cite", "--check", "{dir}"], "a-folder"),
    (["cite", "--check", "{missing}"], "missing.txt"),
    (["text", "--release", "1999-01-01"], "1999-01-01"),
    (["text", "--lang", "fr"], "fr"),
    (["text", "--out", "{dir}"], "a-folder"),
    (["bogus"], "bogus"),
    (["--bogus"], "--bogus"),
]


@pytest.mark.parametrize("args, named", BAD_USAGE, ids=[" ".join(a) for a, _ in BAD_USAGE])
def test_bad_usage_is_one_line_and_a_failure(args, named, places):
    result = invoke([a.format(**places) for a in args])
    assert result.exit_code == 2  # bad usage, as the README promises; 1 is for work that fails
    line = _one_line(result)
    assert line.startswith("kb")
    assert named in line
    assert result.stdout == ""
    _no_traceback(result)


WORK_FAILURES = [
    # Asked properly, but the work cannot be done: exit 1, one line naming the file.
    (["graph", "--release", "2026-01-16", "--node-link", "{missing}/x.json"], "missing.txt"),
    (["export", "{file}/out", "--what", "terminology", "--format", "csv"], "a-file.txt"),
    (["translations", "export", "{missing}/x.po"], "missing.txt"),
    (["parse", "{binary}"], "binary.bin"),
]


@pytest.mark.parametrize("args, named", WORK_FAILURES, ids=[" ".join(a) for a, _ in WORK_FAILURES])
def test_work_that_fails_is_one_line_and_exit_1(args, named, places):
    places["binary"].write_bytes(bytes(range(256)))
    result = invoke([a.format(**places) for a in args])
    assert result.exit_code == 1
    line = _one_line(result)
    assert line.startswith("kb: ") and named in line
    assert result.stdout == ""
    _no_traceback(result)


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=_name)
def test_an_unknown_option_is_one_line(path):
    result = invoke([*path, "--no-such-option"])
    assert result.exit_code == 2
    line = _one_line(result)
    assert "--no-such-option" in line and f"{_name(path)} --help" in line
    _no_traceback(result)


@pytest.mark.parametrize(
    "path",
    [p for p, c in LEAVES if any(isinstance(x, click.Argument) and x.required for x in c.params)],
    ids=_name,
)
def test_a_missing_argument_is_one_line(path):
    result = invoke(list(path))
    assert result.exit_code == 2
    assert "Missing argument" in _one_line(result)
    _no_traceback(result)


# --- progress --------------------------------------------------------------------------------------


@pytest.fixture
def watched_load(monkeypatch):
    """The knowledge base loads as usual, and says one thing when given somewhere to say it."""
    import kb.rulecard
    from kb.knowledge import KnowledgeBase

    loaded = KnowledgeBase.load()
    real_rule_card = kb.rulecard.rule_card

    def load(cls, *args, progress=None, **kwargs):
        if progress is not None:
            progress("reading the corpus")
        return loaded

    def rule_card(*args, progress=None, **kwargs):
        if progress is not None:
            progress("reading the corpus")
        return real_rule_card(*args, **kwargs)

    monkeypatch.setattr(KnowledgeBase, "load", classmethod(load))
    monkeypatch.setattr(kb.rulecard, "rule_card", rule_card)


@pytest.mark.parametrize("args", [["terms"], ["translations", "stats"], ["rule", RULE], ["align"]], ids=" ".join)
def test_progress_on_a_terminal_only(args, watched_load, monkeypatch):
    import kb.cli.common

    monkeypatch.setattr(kb.cli.common, "stderr_is_terminal", lambda: True)
    assert invoke(args).stderr == "kb: reading the corpus\n"
    assert invoke([*args, "--json"]).stderr == ""
    monkeypatch.setattr(kb.cli.common, "stderr_is_terminal", lambda: False)
    assert invoke(args).stderr == ""


def test_build_draws_no_progress_bar_into_a_pipe(monkeypatch, tmp_path):
    import kb.site

    def build_site(out=None, search=True, on_stage=None, force=False):
        for stage in kb.site.STAGES:
            on_stage(stage, "start")
            on_stage(stage, "end")
        return SimpleNamespace(
            site_dir=tmp_path, total_pages=2, pages={"es": 1, "en": 1}, html_files=2, site_bytes=10,
            search_bytes={}, timings={"load": 0.0}, summary=lambda: {"pages": {"es": 1, "en": 1}}, unchanged=False,
        )

    monkeypatch.setattr(kb.site, "build_site", build_site)
    text = invoke(["build", "--out", tmp_path / "out"])
    assert text.exit_code == 0 and "pages: 2" in text.stdout
    assert text.stderr == ""
    as_json = invoke(["build", "--out", tmp_path / "out", "--json"])
    assert json.loads(as_json.stdout) == {"pages": {"es": 1, "en": 1}} and as_json.stderr == ""


# --- standard streams ------------------------------------------------------------------------------


def test_parse_reads_standard_input():
    path = _newest_rules_file()
    from_file = json.loads(invoke(["parse", path, "--json"]).stdout)
    from_stdin = invoke(["parse", "-", "--json"], input=path.read_bytes())
    assert from_stdin.exit_code == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout)["counts"] == from_file["counts"]


def test_an_unreadable_file_is_one_line_naming_it(monkeypatch, places):
    import kb.ingest

    def refuse(path, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(kb.ingest, "parse_file", refuse)
    result = invoke(["parse", places["file"]])
    assert result.exit_code == 1
    assert _one_line(result) == f"kb: {places['file']}: Permission denied"


def _kb(*args: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.Popen([sys.executable, "-m", "kb", *args], cwd=ROOT, env=env, **kwargs)


@pytest.mark.parametrize("json_flag", [[], ["--json"]], ids=["text", "json"])
def test_a_pipe_closed_early_is_no_traceback(json_flag):
    path = _newest_rules_file()
    writer = _kb("parse", str(path), *json_flag, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = subprocess.Popen(["head", "-1"], stdin=writer.stdout, stdout=subprocess.PIPE)
    writer.stdout.close()  # only `head` holds the pipe's reading end now
    first, _ = head.communicate(timeout=300)
    errors = writer.stderr.read().decode()
    writer.wait(timeout=300)
    assert first.decode().startswith(str(path) if not json_flag else "{")
    assert "Traceback" not in errors and "Exception ignored" not in errors and "BrokenPipe" not in errors
    assert writer.returncode in (0, 1)


def test_ctrl_c_is_one_line_and_exit_130():
    # `kb parse -` waits on standard input for as long as it is open: the interrupt always finds it
    # busy, however slow the machine.
    process = _kb("parse", "-", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(2)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode() == "kb: interrupted\n" and out == b""


def test_a_terminal_that_cannot_show_a_character_gets_an_escape():
    env = {"PYTHONIOENCODING": "latin-1"}
    text = _kb("rule", RULE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, err = text.communicate(timeout=300)
    assert text.returncode == 0 and err == b""
    assert b"\\u2019" in out
    scripted = subprocess.run([sys.executable, "-m", "kb", "rule", RULE, "--json"], capture_output=True,
                              cwd=ROOT, env={**os.environ, **env}, timeout=300)
    card = json.loads(scripted.stdout)
    assert "\u2019" in card["text"]  # the JSON escape decodes to the character itself


def test_a_closed_standard_output_is_no_error():
    process = _kb("example", "list", stdout=None, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    _, err = process.communicate(timeout=300)
    assert process.returncode == 0 and err == b""
