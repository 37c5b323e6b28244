"""``openmahjong replay check FILE...``: replay game records through the engine and compare.

The checking is :func:`openmahjong.formats.verify.verify_record` (the server's
``/api/games/{id}/check`` calls it too): each file is read, its format detected, and every
action replayed and compared with what the record says (hands, result, seating, commitment).
This module only reads the arguments and prints the reports.

Outcome per file: ``ok``, ``mismatch`` (the record replays but says something the engine does
not), ``skipped`` (cannot be checked, with a reason, e.g. a live game's unrevealed seed) or
``error`` (malformed or inconsistent: not JSON, missing fields, an action the engine refuses;
the message names the hand and the action). Exit code: 0 when every hand of every file matched,
1 when something mismatched or was skipped, 2 when a file could not be read or replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from openmahjong.cli import app as root_app
from openmahjong.cli.output import out, plain, print_json
from openmahjong.formats.verify import (
    RecordError,
    RecordReport,
    detect_format,
    read_record,
    verify_record,
)

__all__ = [
    "RecordError",
    "FileReport",
    "detect_format",
    "check_data",
    "check_file",
]

app = typer.Typer(help="Replay game records through the engine.", no_args_is_help=True)
root_app.add_typer(app, name="replay")


@dataclass
class FileReport:
    """One file's :class:`~openmahjong.formats.verify.RecordReport` as this command prints it
    (each mismatch names its file, for the JSON summary of many files)."""

    file: str
    format: str | None = None
    status: str = "ok"
    games: int = 0
    hands: int = 0
    hands_matched: int = 0
    mismatches: list[dict[str, str]] = field(default_factory=list)
    skipped: str | None = None
    error: str | None = None

    @classmethod
    def of(cls, file: str, report: RecordReport) -> FileReport:
        return cls(
            file=file,
            format=report.format,
            status=report.status,
            games=report.games,
            hands=report.hands,
            hands_matched=report.hands_matched,
            mismatches=[{"file": file, "hand": m.hand, "what": m.what} for m in report.mismatches],
            skipped=report.skipped,
            error=report.error,
        )


def check_data(data: Any, name: str = "<record>") -> FileReport:
    return FileReport.of(name, verify_record(data, name))


def check_file(path: Path) -> FileReport:
    try:
        data = read_record(path)
    except RecordError as problem:
        return FileReport(file=str(path), status="error", error=str(problem))
    return check_data(data, str(path))


def summary(reports: list[FileReport]) -> dict[str, Any]:
    return {
        "files": len(reports),
        "games": sum(r.games for r in reports),
        "hands": sum(r.hands for r in reports),
        "hands_matched": sum(r.hands_matched for r in reports),
        "skipped": [{"file": r.file, "reason": r.skipped} for r in reports if r.skipped],
        "mismatches": [m for r in reports for m in r.mismatches],
        "errors": [{"file": r.file, "error": r.error} for r in reports if r.error],
        "ok": all(r.status == "ok" for r in reports),
    }


@app.command("check")
def check(
    files: Annotated[
        list[Path],
        typer.Argument(help="Record files: ours, Tenhou mjlog, tenhou.net/6 JSON or mjai JSONL."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Replay records through the engine; report hands that do not match. Exit 0 only when
    every hand of every file matches (1: mismatches or skipped files, 2: unreadable files)."""
    reports = [check_file(path) for path in files]
    result = summary(reports)
    if as_json:
        print_json(result)
    else:
        for r in reports:
            colour = {"ok": "green", "mismatch": "red", "error": "red", "skipped": "yellow"}
            line = f"[{colour[r.status]}]{r.status:8}[/] {plain(r.file)}"
            if r.status in ("ok", "mismatch"):
                line += f"  {r.hands_matched}/{r.hands} hands match"
            out.print(line)
            for m in r.mismatches:
                out.print(f"    {plain(m['hand'])}: {plain(m['what'])}")
            if r.skipped:
                out.print(f"    skipped: {plain(r.skipped)}")
            if r.error:
                out.print(f"    error: {plain(r.error)}")
        out.print(
            f"{result['games']} games, {result['hands_matched']}/{result['hands']} hands "
            f"match, {len(result['mismatches'])} mismatches, {len(result['skipped'])} skipped, "
            f"{len(result['errors'])} errors"
        )
    if result["errors"]:
        raise typer.Exit(code=2)
    if not result["ok"]:
        raise typer.Exit(code=1)
