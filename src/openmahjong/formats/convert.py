"""One entry point per direction: detect a file's format, import a log, export a record.

* :func:`detect` names the format of a file's text: ``mjlog`` (XML), ``tenhou6`` (one JSON
  document with ``log``, or one per line), ``mjai`` (JSON lines with ``type``) or
  ``openmahjong`` (our record).
* :func:`read_log` parses a Tenhou or mjai file into a
  :class:`~openmahjong.formats.riichi_import.GameLog`.
* :func:`import_text` replays it through the engine: our record plus the comparison report.
* :func:`export_record` writes our record as tenhou.net/6 JSON or mjai JSONL.
"""

from __future__ import annotations

import json
from typing import Any

from openmahjong.formats import mjai, mjlog, tenhou6
from openmahjong.formats.export import write_mjai
from openmahjong.formats.riichi_import import FormatError, GameLog, GameReport, replay_game
from openmahjong.rules.riichi.game.options import preset as make_preset

__all__ = ["FORMATS", "detect", "read_log", "import_text", "export_record"]

#: Formats a log can be imported from.
FORMATS = ("mjlog", "tenhou6", "mjai")


def detect(text: str) -> str:
    head = text.lstrip()[:1]
    if head == "<":
        return "mjlog"
    if head != "{":
        raise FormatError("not a game record: expected mjlog XML or JSON")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        first = text.lstrip().split("\n", 1)[0]
        try:
            data = json.loads(first)
        except json.JSONDecodeError as problem:
            raise FormatError(f"line 1: not JSON ({problem.msg})") from None
    if isinstance(data, dict):
        if data.get("format") == "openmahjong" or {"options", "actions"} <= data.keys():
            return "openmahjong"
        if "log" in data:
            return "tenhou6"
        if "type" in data:
            return "mjai"
    raise FormatError("not a game record this tool knows (mjlog, tenhou.net/6, mjai, ours)")


def read_log(text: str, fmt: str, name: str = "<log>", preset: str | None = None) -> GameLog:
    """Parse a Tenhou or mjai log (``fmt``: mjlog, tenhou6, mjai). ``preset`` names the rules
    of an mjai game (mjai files do not say; default ``tenhou-hanchan``); Tenhou logs carry
    their own flags."""
    if fmt == "mjlog":
        return mjlog.read_game(text, name)
    if fmt == "tenhou6":
        return tenhou6.read_game(tenhou6.loads(text), name)
    if fmt == "mjai":
        options = None
        if preset is not None:
            try:
                options = make_preset(preset)
            except ValueError as problem:
                raise FormatError(str(problem)) from None
        return mjai.read_game(mjai.loads(text), name, options)
    raise FormatError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")


def import_text(
    text: str, fmt: str, name: str = "<log>", preset: str | None = None
) -> tuple[dict[str, Any], GameReport]:
    """Our record of a Tenhou or mjai game, and how its hands compared with the log."""
    return replay_game(read_log(text, fmt, name, preset))


def export_record(record: dict[str, Any], to: str) -> str:
    """Our record as tenhou.net/6 JSON (``to="tenhou6"``) or mjai JSONL (``"mjai"``)."""
    header = record.get("header", record)
    if isinstance(header, dict) and (header.get("options") or {}).get("asura"):
        # Neither format has the exchange or play after a win (docs/riichi-asura.md).
        raise FormatError(
            f"a Battle of Asura record cannot be exported to {to}: the format has no tile "
            "exchange and no play after a win"
        )
    if to == "tenhou6":
        return json.dumps(tenhou6.write_game(record), ensure_ascii=False) + "\n"
    if to == "mjai":
        return write_mjai(record)
    raise FormatError(f"cannot export to {to!r}: choose tenhou6 or mjai")
