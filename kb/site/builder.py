"""The site builder, run from this one place.

The generated Markdown is turned into HTML by an external builder (MkDocs with Material today).
`BUILDER_COMMAND` is the only line that names it: another builder that reads the same
configuration (Zensical, or a maintained MkDocs 1.x fork) is a change of that line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kb.corpus import PROJECT_ROOT

BUILDER_COMMAND = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file"]


class SiteBuildError(RuntimeError):
    """The builder failed, or warned (the build is strict); `output` holds what it said."""

    def __init__(self, message: str, output: str = ""):
        super().__init__(message)
        self.output = output


@dataclass(frozen=True)
class BuilderRun:
    command: list[str]
    output: str
    warnings: list[str]


def builder_environment(source_date_epoch: int | None = None) -> dict[str, str]:
    """The environment the builder runs in (its pages are the same bytes in any other process
    started with it, `kb.site.partial`)."""
    env = dict(os.environ)
    if source_date_epoch is not None:
        # Dates the builder stamps into the site (the sitemap's) come from the corpus, not the clock.
        env["SOURCE_DATE_EPOCH"] = str(source_date_epoch)
    env.setdefault("PYTHONHASHSEED", "0")
    # The builder loads this package's Markdown extension, installed or not.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PROJECT_ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def run_builder(config_file: Path, source_date_epoch: int | None = None,
                meanwhile: Callable[[], None] | None = None) -> BuilderRun:
    """Build the site described by `config_file`; raises SiteBuildError on any warning or error.
    `meanwhile` runs in this process while the builder runs in its own (what it raises is raised
    once the builder has ended)."""
    command = [*BUILDER_COMMAND, str(config_file)]
    env = builder_environment(source_date_epoch)
    # The builder's output goes to a file, not a pipe: a pipe nobody reads while `meanwhile` runs
    # would fill and stall the builder.
    with tempfile.TemporaryFile() as captured:
        proc = subprocess.Popen(command, stdout=captured, stderr=subprocess.STDOUT, env=env,
                                cwd=Path(config_file).parent)
        try:
            if meanwhile is not None:
                meanwhile()
        finally:
            returncode = proc.wait()
        captured.seek(0)
        output = captured.read().decode("utf-8", errors="replace")
    warnings = [line for line in output.splitlines() if line.startswith(("WARNING", "ERROR"))]
    if returncode != 0:
        first = warnings[0] if warnings else (output.strip().splitlines() or ["no output"])[-1]
        raise SiteBuildError(f"the site builder failed ({len(warnings)} warnings or errors): {first}", output)
    return BuilderRun(command, output, warnings)
