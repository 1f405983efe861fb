"""The site builder, run from this one place.

The generated Markdown is turned into HTML by an external builder (MkDocs with Material today).
`BUILDER_COMMAND` is the only line that names it: another builder that reads the same
configuration (Zensical, or a maintained MkDocs 1.x fork) is a change of that line.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from kb.corpus import PROJECT_ROOT
from kb.site.output import move_tree_into

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
                meanwhile: Callable[[], None] | None = None, languages: Sequence[str] = ()) -> BuilderRun:
    """Build the site described by `config_file`; raises SiteBuildError on any warning or error.
    `meanwhile` runs in this process while the builder runs in its own (what it raises is raised
    once the builder has ended).

    With `languages` (the site's, the default first), each is built by a process of its own at the
    same time (`kb.site.one_language`): the default language into the configuration's output folder,
    each other into a folder beside it, laid over the first when all are done, as the builder lays
    each language over the one before when it builds them in turn in one process."""
    config_file = Path(config_file)
    commands = [[*BUILDER_COMMAND, str(config_file)]]
    apart: list[Path] = []
    configs: list[Path] = []
    if len(languages) > 1:
        site_dir = Path(_config(config_file)["site_dir"])
        commands = [[sys.executable, "-m", "kb.site.one_language", languages[0], *BUILDER_COMMAND[3:], str(config_file)]]
        for lang in languages[1:]:
            apart.append(site_dir.with_name(f"{site_dir.name}-{lang}"))
            own = config_file.with_name(f"{config_file.stem}-{lang}{config_file.suffix}")
            configs.append(own)
            _write_config(own, {**_config(config_file), "site_dir": str(apart[-1])})
            commands.append([sys.executable, "-m", "kb.site.one_language", lang, *BUILDER_COMMAND[3:], str(own)])
    env = builder_environment(source_date_epoch)
    # The builder's output goes to a file, not a pipe: a pipe nobody reads while `meanwhile` runs
    # would fill and stall the builder.
    with contextlib.ExitStack() as files:
        runs = []
        try:
            for command in commands:
                captured = files.enter_context(tempfile.TemporaryFile())
                runs.append((captured, subprocess.Popen(command, stdout=captured, stderr=subprocess.STDOUT, env=env,
                                                        cwd=config_file.parent)))
            if meanwhile is not None:
                meanwhile()
        finally:
            returncodes = [proc.wait() for _, proc in runs]
            for own in configs:
                own.unlink(missing_ok=True)
        outputs = []
        for captured, _ in runs:
            captured.seek(0)
            outputs.append(captured.read().decode("utf-8", errors="replace"))
    output = "".join(outputs)
    warnings = [line for line in output.splitlines() if line.startswith(("WARNING", "ERROR"))]
    if any(returncodes):
        for folder in apart:
            shutil.rmtree(folder, ignore_errors=True)
        first = warnings[0] if warnings else (output.strip().splitlines() or ["no output"])[-1]
        raise SiteBuildError(f"the site builder failed ({len(warnings)} warnings or errors): {first}", output)
    for folder in apart:
        move_tree_into(folder, site_dir, files_replace_folders=True)
    return BuilderRun(commands[0], output, warnings)


def share_sitemap(site_dir: Path, languages: Sequence[str]) -> None:
    """The sitemap of the default language's root copied to each other language's root: the theme's
    scripts read it at the root of the language a page is in (its language selector finds a page's
    counterpart there), and the builder writes one at the site's root only."""
    for lang in languages[1:]:
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            if (site_dir / name).is_file() and (site_dir / lang).is_dir():
                shutil.copyfile(site_dir / name, site_dir / lang / name)


def _config(config_file: Path) -> dict:
    import yaml

    return yaml.safe_load(Path(config_file).read_text(encoding="utf-8"))


def _write_config(path: Path, config: dict) -> None:
    import yaml

    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
