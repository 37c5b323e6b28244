"""``openmahjong replay check FILE...``: replay game records through the engine and compare.

Each file is read, its format detected (:func:`detect_format`, one branch per format), and the
format's checker replays it: every action goes through the engine again and every hand's
summary, the final result, the seating and the fairness commitment are compared with what the
record says. Only our own format exists today; Tenhou and mjai logs become new branches of
``detect_format`` plus a checker in ``CHECKERS``.

Outcome per file: ``ok``, ``mismatch`` (the record replays but says something the engine does
not), ``skipped`` (cannot be checked, with a reason, e.g. a live game's unrevealed seed) or
``error`` (malformed or inconsistent: not JSON, missing fields, an action the engine refuses;
the message names the hand and the action). Exit code: 0 when every hand of every file matched,
1 when something mismatched or was skipped, 2 when a file could not be read or replayed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError

from openmahjong import fairness, tiles
from openmahjong.cli import app as root_app
from openmahjong.cli.output import out, plain, print_json

__all__ = [
    "RecordError",
    "FileReport",
    "detect_format",
    "check_data",
    "check_file",
    "CHECKERS",
]

app = typer.Typer(help="Replay game records through the engine.", no_args_is_help=True)
root_app.add_typer(app, name="replay")


class RecordError(ValueError):
    """The record is malformed or inconsistent (the message says where)."""


@dataclass
class FileReport:
    file: str
    format: str | None = None
    status: str = "ok"
    games: int = 0
    hands: int = 0
    hands_matched: int = 0
    mismatches: list[dict[str, str]] = field(default_factory=list)
    skipped: str | None = None
    error: str | None = None

    def mismatch(self, hand: str, what: str) -> None:
        self.status = "mismatch"
        self.mismatches.append({"file": self.file, "hand": hand, "what": what})


# --------------------------------------------------------------------------- format detection


def detect_format(data: Any) -> str:
    """Name of a record's format. One branch per format; add Tenhou and mjai here."""
    if isinstance(data, str):  # not one JSON document: mjlog XML or JSON lines
        from openmahjong.formats.convert import detect
        from openmahjong.formats.riichi_import import FormatError

        try:
            return detect(data)
        except FormatError as problem:
            raise RecordError(str(problem)) from None
    if isinstance(data, dict) and isinstance(data.get("log"), list):
        return "tenhou6"
    if (
        isinstance(data, dict)
        and isinstance(data.get("header"), dict)
        and "deals" in data["header"]
    ):
        return "openmahjong-imported"  # an imported game: its walls in header.deals
    if isinstance(data, dict) and data.get("format") == "openmahjong":
        return "openmahjong"
    if isinstance(data, dict) and {"options", "actions"} <= data.keys() and "log" not in data:
        return "openmahjong"  # the older flat form: {ruleset, options, master_seed, actions}
    # Future: tenhou.net/6 JSON ({"log": [...], "rule": ...}) and mjai (one event per line,
    # {"type": "start_game", ...}) get their own branches and checkers.
    raise RecordError(
        "not a game record this command knows: expected our JSON record "
        '({"format": "openmahjong", "header": ..., "actions": [...]})'
    )


#: File names that promise Tenhou's XML: what is wrong with one is said in XML's terms.
XML_SUFFIXES = (".mjlog", ".xml")


def _read(path: Path) -> Any:
    xml = path.suffix.lower() in XML_SUFFIXES
    try:
        # utf-8-sig: a byte order mark (Windows editors write one) is not part of the text.
        text = path.read_text(encoding="utf-8-sig")
    except OSError as problem:
        raise RecordError(f"cannot read the file: {problem.strerror or problem}") from None
    except UnicodeDecodeError:
        what = "mjlog XML" if xml else "a JSON record or log"
        raise RecordError(
            f"not {what}: the file is not UTF-8 text (binary or compressed?)"
        ) from None
    if not text.strip():
        raise RecordError("the file is empty")
    if text.lstrip().startswith("<"):
        return text  # mjlog XML
    if xml:
        raise RecordError(
            f"not mjlog XML: a Tenhou log starts with <mjloggm, this file with {text[:20]!r}"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        if "\n{" in text.strip():
            return text  # JSON lines (mjai, tenhou.net/6 one kyoku a line)
        raise RecordError(
            f"not valid JSON (line {problem.lineno}, column {problem.colno}: {problem.msg})"
        ) from None


# --------------------------------------------------------------------------- our records


def _describe(seat: Any, data: Any) -> str:
    if not isinstance(data, dict):
        return f"seat {seat}: {data!r}"
    kind = data.get("type", "?")
    parts = [f"seat {seat} {kind}"]
    for key in ("tile", "tiles"):
        value = data.get(key)
        try:
            if isinstance(value, int):
                parts.append(tiles.format([value]))
            elif isinstance(value, list):
                parts.append(tiles.format(value))
        except (ValueError, TypeError):
            parts.append(repr(value))
    if data.get("riichi"):
        parts.append("(riichi)")
    if kind == "reveal":
        parts.append("show" if data.get("show") else "hide")
    return " ".join(parts)


def _check_openmahjong(data: dict[str, Any], report: FileReport) -> None:
    from openmahjong.rules.registry import get_ruleset
    from openmahjong.table.actions import action_from_dict
    from openmahjong.table.errors import IllegalAction
    from openmahjong.table.match import split_entry

    header = data.get("header", data)
    if not isinstance(header, dict):
        raise RecordError("the header is not an object")
    name = header.get("ruleset", "riichi")
    try:
        ruleset = get_ruleset(name)
    except ValueError as problem:
        report.status, report.skipped = "skipped", str(problem)
        return
    options_data = header.get("options")
    if options_data is None and header.get("preset") is not None:
        if header["preset"] not in ruleset.presets:
            raise RecordError(f"header.preset {header['preset']!r} is not a {name} preset")
        options_data = ruleset.presets[header["preset"]].model_dump()
    if options_data is None:
        raise RecordError("header.options is missing (and no preset names them)")
    try:
        options = ruleset.options_schema(**options_data)
    except (ValidationError, TypeError) as problem:
        where, why = "", str(problem)
        if isinstance(problem, ValidationError):
            first = problem.errors()[0]
            where, why = ".".join(str(p) for p in first["loc"]), first["msg"]
        raise RecordError(f"header.options{'.' + where if where else ''}: {why}") from None
    seed_value = header.get("master_seed")
    if seed_value is None:
        report.status = "skipped"
        report.skipped = "the master seed is not revealed (a live game): walls cannot be rebuilt"
        return
    try:
        seed = (
            seed_value
            if isinstance(seed_value, int) and not isinstance(seed_value, bool)
            else fairness.parse_master_seed(seed_value)
        )
    except ValueError as problem:
        raise RecordError(f"header.master_seed: {problem}") from None
    salt, commitment = header.get("salt"), header.get("commitment")
    if salt is not None and commitment is not None:
        try:
            expected = fairness.commitment(seed, salt)
        except ValueError as problem:
            raise RecordError(f"header.salt: {problem}") from None
        try:
            published = fairness.parse_commitment(str(commitment))
        except ValueError as problem:
            raise RecordError(f"header.commitment: {problem}") from None
        if published != expected:
            report.mismatch("header", "commitment is not SHA-256(master_seed + salt)")
    entry = header.get("player_entry_order")
    players = header.get("players")
    if entry is not None:
        if not isinstance(entry, list) or len(entry) != 4:
            raise RecordError("header.player_entry_order must list 4 players")
        if players is not None and fairness.seat_order(seed, entry) != players:
            report.mismatch("header", "players are not seated as the master seed orders them")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions is missing or not a list")
    timeouts = set(data.get("timeouts", ()))  # the store's form: positions played on timeout

    report.games = 1
    match = ruleset.new_match(options, seed)
    stored_hands = data.get("hands")
    bad_hands: set[int] = set()  # indices of hands with an action-level mismatch
    for position, entry_data in enumerate(actions):
        where = match.label()
        if match.finished:
            raise RecordError(
                f"action {position}: the match ended after {len(match.results)} hands, "
                "but the record goes on"
            )
        try:
            seat, action_data, flags = split_entry(entry_data)
        except (ValueError, TypeError) as problem:
            raise RecordError(f"{where}, action {position}: {problem}") from None
        if len(entry_data) >= 3 and isinstance(entry_data[2], dict):
            hand_number = entry_data[0]
            if hand_number != match.hand_number():
                raise RecordError(
                    f"{where}, action {position} ({_describe(seat, action_data)}): recorded "
                    f"for hand number {hand_number}, but the engine is in hand number "
                    f"{match.hand_number()}"
                )
        try:
            action = action_from_dict(action_data)
        except (ValueError, KeyError, TypeError) as problem:
            raise RecordError(
                f"{where}, action {position} ({_describe(seat, action_data)}): not an action "
                f"({problem})"
            ) from None
        hand_index = len(match.results)
        try:
            if "timeout" in flags or position in timeouts:
                events = match.timeout(seat)
            else:
                events = match.act(seat, action)
        except IllegalAction as problem:
            raise RecordError(
                f"{where}, action {position} ({_describe(seat, action_data)}): the engine "
                f"refuses it: {problem}"
            ) from None
        except (TypeError, ValueError, KeyError) as problem:
            raise RecordError(
                f"{where}, action {position} ({_describe(seat, action_data)}): {problem}"
            ) from None
        if "tsumogiri" in action_data:
            from openmahjong.table.events import Discarded

            drawn = next((e.tsumogiri for e in events if isinstance(e, Discarded)), None)
            if drawn is not None and drawn != action_data["tsumogiri"]:
                report.mismatch(
                    where,
                    f"action {position} ({_describe(seat, action_data)}): recorded tsumogiri "
                    f"{action_data['tsumogiri']}, the replay says {drawn}",
                )
                bad_hands.add(hand_index)
    replayed = match.hands
    report.hands = len(replayed)
    # Digests of each hand's actions, when the record has them (older records and other writers
    # carry none): they catch an edit after which the hand still ends the same way.
    digests = data.get("digests")
    if isinstance(digests, list):
        for i, (summary, mine_digest) in enumerate(zip(replayed, match.digests, strict=True)):
            theirs_digest = digests[i] if i < len(digests) else None
            if theirs_digest != mine_digest:
                report.mismatch(
                    summary["label"],
                    f"digest: record {theirs_digest!r}, replay {mine_digest!r}",
                )
                bad_hands.add(i)
    if not match.finished:
        report.mismatch(match.label(), "the record ends before the match does (unfinished game)")
    if stored_hands is None:
        # Nothing stored to compare: a record of actions only matches by replaying cleanly.
        report.hands_matched = len(replayed) - len(bad_hands)
    else:
        if not isinstance(stored_hands, list):
            raise RecordError("hands must be a list of hand summaries")
        for i, mine in enumerate(replayed):
            theirs = stored_hands[i] if i < len(stored_hands) else None
            if theirs is None:
                report.mismatch(mine["label"], "the record has no summary for this hand")
                continue
            if not isinstance(theirs, dict):
                raise RecordError(f"hands[{i}] is not an object")
            differs = [k for k in mine if theirs.get(k) != mine[k]]
            differs += [k for k in theirs if k not in mine]
            if differs:
                what = "; ".join(
                    f"{k}: record {theirs.get(k)!r}, replay {mine.get(k)!r}" for k in differs
                )
                report.mismatch(mine["label"], what)
            elif i not in bad_hands:
                report.hands_matched += 1
        if len(stored_hands) > len(replayed):
            report.mismatch(
                "result",
                f"the record lists {len(stored_hands)} hands, the replay plays {len(replayed)}",
            )
    stored_result = data.get("result")
    if isinstance(stored_result, dict) and match.finished:
        mine_result = match.record()["result"]
        for key in ("final_points", "ranking", "places", "settlement"):
            if key in stored_result and stored_result[key] != mine_result[key]:
                report.mismatch(
                    "result",
                    f"{key}: record {stored_result[key]!r}, replay {mine_result[key]!r}",
                )


#: Format name -> checker (fills a FileReport, raises RecordError on a broken record).
CHECKERS: dict[str, Callable[[Any, FileReport], None]] = {"openmahjong": _check_openmahjong}


def _check_log(fmt: str) -> Callable[[Any, FileReport], None]:
    """A checker for a Tenhou or mjai log, or one of our imported records
    (:mod:`openmahjong.formats`): replay every hand, compare with what the file says."""

    def check(data: Any, report: FileReport) -> None:
        from openmahjong.formats.convert import read_log
        from openmahjong.formats.riichi_import import (
            FormatError,
            UnsupportedGame,
            replay_game,
            replay_imported,
        )

        try:
            if fmt == "openmahjong-imported":
                _tables, result = replay_imported(data)
            else:
                text = data if isinstance(data, str) else json.dumps(data)
                _record, result = replay_game(read_log(text, fmt, Path(report.file).name))
        except UnsupportedGame as problem:
            report.status, report.skipped = "skipped", str(problem)
            return
        except FormatError as problem:
            raise RecordError(str(problem)) from None
        report.games, report.hands = 1, result.hands
        report.hands_matched = result.hands_matched
        for hand, what in result.mismatches:
            report.mismatch(hand, what)

    return check


for _fmt in ("mjlog", "tenhou6", "mjai", "openmahjong-imported"):
    CHECKERS[_fmt] = _check_log(_fmt)


def check_data(data: Any, name: str = "<record>") -> FileReport:
    report = FileReport(file=name)
    try:
        report.format = detect_format(data)
        CHECKERS[report.format](data, report)
    except RecordError as problem:
        report.status, report.error = "error", str(problem)
    return report


def check_file(path: Path) -> FileReport:
    try:
        data = _read(path)
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
