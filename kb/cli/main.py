"""The `kb` command group; each area of the knowledge base contributes its commands."""

from __future__ import annotations

import importlib

import click

from kb import __version__

# Each module exposes `commands`, a list of click commands or groups.
COMMAND_MODULES = [
    "kb.cli.kb_cmds",
    "kb.cli.translations",
    "kb.cli.examples",
    "kb.cli.ingest",
    "kb.cli.site",
    "kb.cli.history",
]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kb")
def cli() -> None:
    """The bilingual (Spanish/English) knowledge base of the Magic Comprehensive Rules."""


for _name in COMMAND_MODULES:
    for _command in importlib.import_module(_name).commands:
        cli.add_command(_command)


def main() -> None:
    cli(prog_name="kb")
