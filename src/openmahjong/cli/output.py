"""What every command shares: the consoles, the one way a user error ends a command, and
:func:`plain`, which every piece of text that is not ours goes through before it is printed.

rich reads ``[...]`` as markup: a file named ``[/x].json`` would end the command in a
``MarkupError``, ``[red]g.json`` would be shown as ``g.json``. So user input (hands, file names,
player names, commands) and exception text are escaped; only the styles we write stay markup.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def plain(value: object) -> str:
    """``value`` as text that rich prints exactly as it is (its brackets are not markup)."""
    return escape(str(value))


def fail(message: str) -> NoReturn:
    """A user error: one clear line on stderr and exit code 2 (like a usage error), no trace.
    ``message`` is plain text, printed as it is."""
    err.print(f"[bold red]error:[/] {plain(message)}")
    raise typer.Exit(code=2)


def print_json(document: Any) -> None:
    """Machine output: plain JSON on stdout, nothing else."""
    typer.echo(json.dumps(document, ensure_ascii=False, indent=2))
