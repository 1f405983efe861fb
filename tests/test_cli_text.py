"""`kb text`: a release's rules as plain text, in Spanish line for line as the English file, through
the output guard when written to a file."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from kb.cli.main import cli

NUMBER = re.compile(r"^(\d+(?:\.\d+[a-z]?)?\.?) ")


def test_the_spanish_text_of_a_release_into_a_file_and_never_over_a_file_kb_did_not_write(tmp_path):
    out = tmp_path / "reglas.txt"
    result = CliRunner().invoke(cli, ["text", "--release", "2009-10-01", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    told = json.loads(result.stdout)
    assert told["release"] == "2009-10-01" and told["text"] is None and told["in_spanish"] > 100
    english = CliRunner().invoke(cli, ["text", "--release", "2009-10-01", "--lang", "en"])
    assert english.exit_code == 0
    en_lines = english.stdout_bytes.decode("utf-8").split("\n")
    es_lines = out.read_bytes().decode("utf-8").split("\n")
    assert len(en_lines) == len(es_lines) == told["lines"] + 1
    for en, es in zip(en_lines, es_lines):
        found = NUMBER.match(en)
        assert (found.group(1) if found else None) == (NUMBER.match(es).group(1) if NUMBER.match(es) else None)
    # A file of the user's, not written by kb, is not replaced.
    mine = tmp_path / "mine.txt"
    mine.write_text("mine\n", encoding="utf-8")
    refused = CliRunner().invoke(cli, ["text", "--out", str(mine)])
    assert refused.exit_code == 2 and mine.read_text(encoding="utf-8") == "mine\n"
