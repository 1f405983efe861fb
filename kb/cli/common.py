"""What every command shares: JSON output for scripts, one-line errors for people."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from kb.model import to_data

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


def emit_json(data: Any) -> None:
    click.echo(json.dumps(to_data(data), ensure_ascii=False, indent=2, sort_keys=False))


def fail(message: str, code: int = 1) -> None:
    """Print one clear line on standard error and exit non-zero."""
    click.echo(f"kb: {message}", err=True)
    sys.exit(code)
