"""``openmahjong records import|export``: Tenhou and mjai logs in, tenhou.net/6 and mjai out.

``import FILE --from mjlog|tenhou6|mjai [-o OUT]`` replays the log through the engine (see
:mod:`openmahjong.formats.riichi_import`) and writes our record; a hand the engine reads
differently from the log is reported on stderr and makes the exit code 1. ``export FILE --to
tenhou6|mjai [-o OUT]`` replays our record and writes the other format. Without ``-o`` the output
goes to stdout. A malformed file is one clear line on stderr (exit 2), never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from openmahjong.cli import app as root_app
from openmahjong.cli.output import err, fail, plain

__all__ = ["import_", "export"]

app = typer.Typer(help="Import Tenhou and mjai logs; export our records.", no_args_is_help=True)
root_app.add_typer(app, name="records")


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as problem:
        fail(f"{path}: cannot read the file: {problem.strerror or problem}")
    except UnicodeDecodeError:
        fail(f"{path}: the file is not UTF-8 text")


def _write(text: str, out_path: Path | None) -> None:
    if out_path is None:
        typer.echo(text, nl=False)
        return
    try:
        out_path.write_text(text, encoding="utf-8")
    except OSError as problem:
        fail(f"{out_path}: cannot write: {problem.strerror or problem}")


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A Tenhou mjlog, tenhou.net/6 JSON or mjai file.")],
    source: Annotated[
        str, typer.Option("--from", help="The file's format: mjlog, tenhou6 or mjai.")
    ],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here.")] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            help="Rules of an mjai game (default tenhou-hanchan); Tenhou logs say theirs."
        ),
    ] = None,
) -> None:
    """Read a log, replay every hand through the engine and write our JSON record."""
    from openmahjong.formats.convert import FORMATS, import_text
    from openmahjong.formats.riichi_import import FormatError, UnsupportedGame

    if source not in FORMATS:
        fail(f"--from must be one of {', '.join(FORMATS)}, not {source!r}")
    try:
        record, report = import_text(_text(file), source, file.name, preset)
    except UnsupportedGame as problem:
        fail(f"{file}: unsupported game: {problem}")
    except FormatError as problem:
        fail(f"{file}: {problem}")
    _write(json.dumps(record, ensure_ascii=False) + "\n", output)
    for label, what in report.mismatches:
        err.print(f"[yellow]mismatch[/] {plain(f'{file.name} {label}: {what}')}")
    err.print(
        f"{file.name}: {report.hands_matched}/{report.hands} hands match the log"
        + (f" -> {output}" if output else ""),
        markup=False,
    )
    if report.mismatches:
        raise typer.Exit(code=1)


@app.command("export")
def export(
    file: Annotated[Path, typer.Argument(help="Our JSON record (self-play or imported).")],
    to: Annotated[str, typer.Option("--to", help="tenhou6 or mjai.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here.")] = None,
) -> None:
    """Replay our record and write it as tenhou.net/6 JSON or mjai JSONL."""
    from openmahjong.formats.convert import export_record
    from openmahjong.formats.riichi_import import FormatError

    if to not in ("tenhou6", "mjai"):
        fail(f"--to must be tenhou6 or mjai, not {to!r}")
    text = _text(file)
    try:
        record: Any = json.loads(text)
    except json.JSONDecodeError as problem:
        fail(f"{file}: not valid JSON (line {problem.lineno}, column {problem.colno})")
    if not isinstance(record, dict) or record.get("format") != "openmahjong":
        fail(f'{file}: not our record (expected {{"format": "openmahjong", ...}})')
    try:
        _write(export_record(record, to), output)
    except FormatError as problem:
        fail(f"{file}: {problem}")
