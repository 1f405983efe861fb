"""Arguments as people type them: a rule id written "702.1A" or "101.1." is the rule; an empty
--release is refused, not taken for the newest; an argument of any length is repeated cut short."""

from __future__ import annotations

import json

import pytest

from test_cli_contract import _no_traceback, _one_line, invoke
from test_cli_robustness import tiny_env, tiny_store  # noqa: F401 (fixtures)

LONG = 100_000


@pytest.mark.parametrize("written, rule", [("702.1A", "702.1a"), ("101.1.", "101.1"), ("702.1A.", "702.1a"),
                                           (" 101.1 ", "101.1"), ("702.", "702")])
def test_a_rule_id_as_people_write_it_is_the_rule(written, rule, tiny_env):
    result = invoke(["rule", written, "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["id"] == rule
    assert result.stdout == invoke(["rule", rule, "--json"]).stdout


@pytest.mark.parametrize("args", [["history", "101.1."], ["refs", "702.1A"], ["path", "702.1A", "702.1."]],
                         ids=" ".join)
def test_every_command_taking_a_rule_id_reads_it_so(args, tiny_env):
    result = invoke([*args, "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    if args[0] == "history":
        assert data["rule"] == "101.1"
    elif args[0] == "refs":
        assert data["rule"] == "702.1a"
    else:
        assert data["from"].endswith(":702.1a") and data["to"].endswith(":702.1")


@pytest.mark.parametrize("garbage", ["101.1.1", "10l.1", "101.1ab", "101..1", "101.1-", "a101.1", "101.1 a", "\u0661\u0660\u0661.\u0661"])
def test_what_is_no_rule_id_is_still_refused(garbage, tiny_env):
    result = invoke(["rule", garbage])
    assert result.exit_code == 2
    assert garbage.strip() in _one_line(result)


RELEASE_COMMANDS = [["rule", "101.1"], ["history", "101.1"], ["refs", "101.1"], ["path", "101.1", "101.2"],
                    ["graph"], ["translations", "stats"], ["translations", "export", "{tmp}/out.po"]]


@pytest.mark.parametrize("args", RELEASE_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("empty", ["", "  "], ids=["empty", "blank"])
def test_an_empty_release_is_refused_not_taken_for_the_newest(args, empty, tiny_env, tmp_path):
    result = invoke([*(a.format(tmp=tmp_path) for a in args), "--release", empty])
    assert result.exit_code == 2
    line = _one_line(result)
    assert "'--release'" in line and "must not be empty" in line
    assert result.stdout == ""
    assert not (tmp_path / "out.po").exists()


@pytest.mark.parametrize(
    "args",
    [["rule", "9" * LONG], ["rule", "x" * LONG], ["rule", "101.1", "--release", "2" * LONG],
     ["history", "y" * LONG], ["refs", "z" * LONG], ["path", "101.1", "w" * LONG], ["terms", "q" * LONG],
     ["diff", "2020-01-10", "v" * LONG], ["example", "run", "n" * LONG], ["rule", "101.1", "--lang", "e" * LONG],
     ["graph", "--release", "r" * LONG], ["parse", "p" * LONG], ["rule", "101.1", "--" + "o" * LONG],
     ["fetch", "ftp://" + "u" * LONG], ["fetch", "--published", "1" * LONG, "http://127.0.0.1:9/x.txt"]],
    ids=lambda args: " ".join(a[:12] for a in args),
)
def test_a_long_argument_is_repeated_cut_short(args, tiny_env):
    result = invoke(args)
    assert result.exit_code == 2
    line = _one_line(result)
    assert len(line) < 400, line[:400]
    long = next(a for a in args if len(a) > 1000)
    assert long[:20] in line and "…" in line  # named, not echoed whole
    _no_traceback(result)


def test_a_long_path_is_cut_in_its_middle_keeping_its_file_name(tiny_env):
    path = "/nowhere/" + "deep/" * 20_000 + "rules.txt"
    result = invoke(["parse", path])
    assert result.exit_code != 0
    line = _one_line(result)
    assert len(line) < 400
    assert "/nowhere/deep/" in line and "…" in line and line.split(":")[1].endswith("rules.txt")


def test_a_short_argument_is_repeated_whole(tiny_env):
    rule = "9" * 59
    line = _one_line(invoke(["rule", rule]))
    assert rule in line and "…" not in line
