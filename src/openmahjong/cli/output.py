"""What every command shares: the consoles and the one way a user error ends a command."""

from __future__ import annotations

import json
from typing import Any, NoReturn

import typer
from rich.console import Console

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str) -> NoReturn:
    """A user error: one clear line on stderr and exit code 2 (like a usage error), no trace."""
    err.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code=2)


def print_json(document: Any) -> None:
    """Machine output: plain JSON on stdout, nothing else."""
    typer.echo(json.dumps(document, ensure_ascii=False, indent=2))
