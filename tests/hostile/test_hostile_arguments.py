"""Every command, found by walking the command tree (never a list kept by hand), given an argument
that is not valid text in the locale's encoding: one line, exit 2, nothing done (issue 33 item 7).
A file name may be any bytes: a path argument is let through to the command, which names it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))

from kb.cli.main import cli  # noqa: E402

NOT_TEXT = os.fsdecode(b"\xff\xfe101.4")  # what Python makes of those bytes on a UTF-8 command line


def leaf_commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    found = []
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += leaf_commands(command, (*path, name))
        else:
            found.append(((*path, name), command))
    return found


def group_paths(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [path]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += group_paths(command, (*path, name))
    return found


def is_path(param: click.Parameter) -> bool:
    return isinstance(param.type, (click.Path, click.File))


def hostile_calls() -> list[tuple[str, ...]]:
    """For each command: the argument as its first positional (or as one too many, when it takes
    none, or its first is a file), and as the value of each option that takes text."""
    calls = [(*path, NOT_TEXT) for path in group_paths()]  # a subcommand's name that is not text
    for path, command in leaf_commands():
        positionals = [p for p in command.params if isinstance(p, click.Argument)]
        calls.append((*path, NOT_TEXT) if not positionals or not is_path(positionals[0])
                     else (*path, "x", f"--{NOT_TEXT}"))
        for option in (p for p in command.params if isinstance(p, click.Option)):
            if option.is_flag or option.count or is_path(option) or not option.opts[0].startswith("--"):
                continue
            calls.append((*path, *(["x"] if positionals and positionals[0].required else []), option.opts[0], NOT_TEXT))
    return calls


CALLS = hostile_calls()


def test_the_tree_is_walked_whole():
    names = {" ".join(path) for path, _ in leaf_commands()}
    assert {"rule", "history", "cite", "translations import", "serve", "build"} <= names
    assert len(names) >= 25


@pytest.mark.parametrize("args", CALLS, ids=lambda args: " ".join(a.encode("ascii", "replace").decode() for a in args))
def test_an_argument_that_is_not_text_is_one_line_and_exit_2(args, tmp_path):
    env = {"KB_STORE": str(tmp_path / "store"), "KB_CORPUS": str(tmp_path / "corpus")}
    result = CliRunner().invoke(cli, list(args), env=env)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert len(lines) == 1 and "is not valid text" in lines[0], result.output
    assert "\\xff\\xfe" in lines[0] and "\udcff" not in lines[0]
    assert not (tmp_path / "store").exists() and not (tmp_path / "corpus").exists()  # nothing done


def test_the_command_line_of_a_shell_gives_the_same(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "KB_STORE": str(tmp_path / "store"), "LC_ALL": "C.UTF-8"}
    for args in ([b"rule", b"\xff\xfe101.4"], [b"rule", b"\xff\xfe101.4", b"--json"], [b"history", b"\xff"]):
        run = subprocess.run([sys.executable, "-m", "kb", *args], cwd=PROJECT, env=env, capture_output=True,
                             timeout=120)
        assert run.returncode == 2, run.stderr
        [line] = run.stderr.decode().splitlines()
        assert "is not valid text" in line and run.stdout == b""


def test_a_file_name_of_any_bytes_is_a_file_name(tmp_path):
    odd = tmp_path / os.fsdecode(b"reglas-\xff.txt")
    odd.write_bytes(b"not a rules text")
    result = CliRunner().invoke(cli, ["parse", str(odd)], env={"KB_STORE": str(tmp_path / "store")})
    assert "is not valid text" not in result.output  # read and judged as a file, not refused as text
