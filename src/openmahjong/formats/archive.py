"""Bulk archives: many records in one zip, written as a stream.

:class:`ZipStream` writes a zip file entry by entry into an in-memory buffer that the caller
empties after every entry (``take``), so an archive of any size never sits in memory whole:
``zipfile`` writes to an unseekable stream with data descriptors. :func:`record_entry` is one
game's file in one format (our JSON, tenhou.net/6, mjai), or the reason it cannot be.
"""

from __future__ import annotations

import json
import zipfile
from typing import Any

__all__ = ["ARCHIVE_FORMATS", "ZipStream", "entry_name", "record_entry"]

#: The formats of a bulk archive and the extension of each game's file in it.
ARCHIVE_FORMATS = {"json": "json", "tenhou6": "tenhou6.json", "mjai": "mjai.jsonl"}


class _Sink:
    """A write-only file that keeps what was written until it is taken."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def write(self, data: bytes, /) -> int:
        self.parts.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


class ZipStream:
    """A zip archive written to a stream: ``add`` entries, ``take`` the bytes so far,
    ``close`` and ``take`` the rest (the central directory)."""

    def __init__(self) -> None:
        self._sink = _Sink()
        self._zip = zipfile.ZipFile(self._sink, "w", compression=zipfile.ZIP_DEFLATED)

    def add(self, name: str, text: str) -> None:
        # A fixed time: the same games make the same archive.
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with self._zip.open(info, "w") as f:
            f.write(text.encode("utf-8"))

    def close(self) -> None:
        self._zip.close()

    def take(self) -> bytes:
        data = b"".join(self._sink.parts)
        self._sink.parts.clear()
        return data


def entry_name(game_id: int, fmt: str) -> str:
    return f"{game_id}.{ARCHIVE_FORMATS[fmt]}"


def record_entry(record: dict[str, Any], fmt: str) -> tuple[str | None, str | None]:
    """``(text, None)``: the record in ``fmt``; ``(None, reason)`` when it cannot be."""
    if fmt == "json":
        return json.dumps(record, ensure_ascii=False) + "\n", None
    if not record.get("hands"):
        return None, "the record has no per-hand summaries (rebuilt from its action log)"
    from openmahjong.formats.convert import export_record
    from openmahjong.formats.riichi_import import FormatError

    try:
        return export_record(record, fmt), None
    except (FormatError, KeyError, ValueError, TypeError) as exc:
        return None, str(exc) or type(exc).__name__
