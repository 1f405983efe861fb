"""Absurd option values are bad usage (exit 2, one line on standard error), never an internal
error: every numeric option of the command line, given negative, zero, huge, NaN, infinite, in
other digits or not a number at all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
ABSURD = ["99999999999G", "99999999999999999999999", "9" * 5000, "-1", "-5M", "0", "0K", "0.0000001K", "nan",
          "NaN", "inf", "-inf", "1e999", "1e3", "0x10", "1_000", "\u0663", "\uff15", "", " ", "2T", "5 X", "K"]


def kb(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    return subprocess.run([sys.executable, "-m", "kb", *args], input=stdin, capture_output=True, timeout=60,
                          env=env, cwd=PROJECT)


def assert_bad_usage(done: subprocess.CompletedProcess, option: str) -> None:
    error = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, error
    assert "internal error" not in error and "Traceback" not in error
    lines = error.splitlines()
    assert len(lines) == 1 and option in lines[0], lines
    assert len(lines[0]) < 300


@pytest.mark.parametrize("value", ABSURD)
def test_an_absurd_max_bytes_is_bad_usage(value):
    assert_bad_usage(kb("parse", "-", "--kind", "cr", "--summary", f"--max-bytes={value}", stdin=b"100.1. Rules\n"),
                     "--max-bytes")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", "0", "-1", "86401", "", "0x10", "1e3e3"])
def test_an_absurd_timeout_is_bad_usage(value):
    # Refused before any address is looked at: nothing is fetched.
    assert_bad_usage(kb("fetch", "http://127.0.0.1:9/rules.txt", f"--timeout={value}"), "--timeout")


@pytest.mark.parametrize("value, size", [("1T", 1 << 40), ("64G", 64 << 30), ("1.5K", 1536), ("5 KiB", 5120),
                                         ("200mb", 200 << 20), ("100", 100), ("+2k", 2048)])
def test_sizes_as_people_write_them_are_read(value, size):
    import click

    from kb.cli.ingest import ByteSize

    assert ByteSize().convert(value, None, None) == size
    with pytest.raises(click.BadParameter):
        ByteSize().convert(f"{value}x", None, None)


def test_the_largest_limit_reads_standard_input_without_taking_its_memory():
    """With the highest limit, standard input is read as it comes: a few bytes take a few bytes."""
    done = kb("parse", "-", "--kind", "cr", "--summary", "--max-bytes", "1T", stdin=b"100.1. Rules\n")
    assert done.returncode == 0, done.stderr.decode()
    done = kb("parse", "-", "--kind", "cr", "--summary", "--max-bytes", "10", stdin=b"100.1. Rules of the game\n")
    assert done.returncode == 1 and "--max-bytes" in done.stderr.decode()
