"""Verifying a game record: replay it through the engine and compare with what it says.

:func:`verify_record` takes a record already read (our JSON, one of our imported games, or a
Tenhou / mjai log as text or JSON) and returns a :class:`RecordReport`: the format, how many
hands replayed and matched, every mismatch with its hand, the fairness checks (the master seed
against the published commitment, the seating the seed decides) and, when the record cannot be
checked or is broken, why. :func:`read_record` reads a file for it. ``openmahjong replay check``
and the server's ``GET /api/games/{id}/check`` both call these; they only print or send the
report (``docs/records.md``, "Checking a record").

Our records are checked by the ruleset the header names (found through the registry, so a
ruleset from another package is checked the same way): a fresh match from the header's options
and seed, every action through ``act`` (or ``timeout``) one at a time, so that a refused action
is reported with its hand and position and each discard's recorded ``tsumogiri`` flag can be
compared with the engine's. Then each hand's summary and digest, and the final result. Logs and
imported games go through :mod:`openmahjong.formats.riichi_import`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from openmahjong import fairness, tiles

__all__ = [
    "RecordError",
    "Mismatch",
    "FairnessCheck",
    "RecordReport",
    "Status",
    "detect_format",
    "read_record",
    "verify_record",
    "VERIFIERS",
]

#: ``ok``: every hand matched; ``mismatch``: the record replays but says something the engine
#: does not; ``skipped``: it cannot be checked (e.g. a live game's unrevealed seed); ``error``:
#: malformed or inconsistent (the message names the hand and the action).
Status = Literal["ok", "mismatch", "skipped", "error"]


class RecordError(ValueError):
    """The record is malformed or inconsistent (the message says where)."""


@dataclass(frozen=True)
class Mismatch:
    #: The hand's label (``E1-0``), or ``header`` / ``result``.
    hand: str
    what: str


@dataclass
class FairnessCheck:
    """What the record's fairness fields proved; ``None``: not checked (the field is absent,
    or the record was not read that far)."""

    #: The master seed is in the record, so the walls were rebuilt from it.
    seed_revealed: bool | None = None
    #: SHA-256(master seed + salt) equals the published commitment.
    commitment: bool | None = None
    #: The players sit where the master seed seats them.
    seating: bool | None = None


@dataclass
class RecordReport:
    format: str | None = None
    status: Status = "ok"
    games: int = 0
    hands: int = 0
    hands_matched: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    fairness: FairnessCheck = field(default_factory=FairnessCheck)
    skipped: str | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def mismatch(self, hand: str, what: str) -> None:
        self.status = "mismatch"
        self.mismatches.append(Mismatch(hand, what))

    def skip(self, reason: str) -> None:
        self.status, self.skipped = "skipped", reason


# --------------------------------------------------------------------------- reading


def detect_format(data: Any) -> str:
    """The name of a record's format (a key of :data:`VERIFIERS`); ``RecordError`` if none."""
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
    raise RecordError(
        "not a game record this command knows: expected our JSON record "
        '({"format": "openmahjong", "header": ..., "actions": [...]})'
    )


#: File names that promise Tenhou's XML: what is wrong with one is said in XML's terms.
XML_SUFFIXES = (".mjlog", ".xml")


def read_record(path: Path) -> Any:
    """A record file's content for :func:`verify_record`: a JSON document as data, mjlog XML
    and JSON lines as text. ``RecordError`` says what is wrong with an unreadable file."""
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
    """An action entry in words for a message (``seat 2 discard 5m (riichi)``)."""
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


def _options(ruleset: Any, name: str, header: dict[str, Any]) -> Any:
    options_data = header.get("options")
    if options_data is None and header.get("preset") is not None:
        if header["preset"] not in ruleset.presets:
            raise RecordError(f"header.preset {header['preset']!r} is not a {name} preset")
        options_data = ruleset.presets[header["preset"]].model_dump()
    if options_data is None:
        raise RecordError("header.options is missing (and no preset names them)")
    try:
        return ruleset.options_schema(**options_data)
    except (ValidationError, TypeError) as problem:
        where, why = "", str(problem)
        if isinstance(problem, ValidationError):
            first = problem.errors()[0]
            where, why = ".".join(str(p) for p in first["loc"]), first["msg"]
        raise RecordError(f"header.options{'.' + where if where else ''}: {why}") from None


def _check_fairness(header: dict[str, Any], seed: int, report: RecordReport) -> None:
    """The commitment and the seating, when the record carries what they need."""
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
        report.fairness.commitment = published == expected
        if published != expected:
            report.mismatch("header", "commitment is not SHA-256(master_seed + salt)")
    entry = header.get("player_entry_order")
    players = header.get("players")
    if entry is not None:
        if not isinstance(entry, list) or len(entry) != 4:
            raise RecordError("header.player_entry_order must list 4 players")
        if players is not None:
            seated = fairness.seat_order(seed, entry) == players
            report.fairness.seating = seated
            if not seated:
                report.mismatch("header", "players are not seated as the master seed orders them")


def _verify_openmahjong(data: dict[str, Any], report: RecordReport) -> None:
    from openmahjong.rules.registry import get_ruleset
    from openmahjong.table.actions import action_from_dict
    from openmahjong.table.errors import IllegalAction
    from openmahjong.table.events import Discarded
    from openmahjong.table.match import split_entry

    header = data.get("header", data)
    if not isinstance(header, dict):
        raise RecordError("the header is not an object")
    name = header.get("ruleset", "riichi")
    try:
        ruleset = get_ruleset(name)
    except ValueError as problem:
        report.skip(str(problem))
        return
    options = _options(ruleset, name, header)
    seed_value = header.get("master_seed")
    if seed_value is None:
        report.fairness.seed_revealed = False
        report.skip("the master seed is not revealed (a live game): walls cannot be rebuilt")
        return
    try:
        seed = (
            seed_value
            if isinstance(seed_value, int) and not isinstance(seed_value, bool)
            else fairness.parse_master_seed(seed_value)
        )
    except ValueError as problem:
        raise RecordError(f"header.master_seed: {problem}") from None
    report.fairness.seed_revealed = True
    _check_fairness(header, seed, report)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions is missing or not a list")
    timeouts = set(data.get("timeouts", ()))  # the store's form: positions played on timeout

    report.games = 1
    # Step by step rather than ``ruleset.replay(record)``: a verifier names the action the
    # engine refuses and compares each discard's tsumogiri flag, which a replay does not.
    match = ruleset.new_match(None, seed, None, options)
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
    _compare_hands(stored_hands, replayed, bad_hands, report)
    stored_result = data.get("result")
    if isinstance(stored_result, dict) and match.finished:
        mine_result = match.record()["result"]
        for key in ("final_points", "ranking", "places", "settlement"):
            if key in stored_result and stored_result[key] != mine_result[key]:
                report.mismatch(
                    "result",
                    f"{key}: record {stored_result[key]!r}, replay {mine_result[key]!r}",
                )


def _compare_hands(
    stored_hands: Any, replayed: list[dict[str, Any]], bad_hands: set[int], report: RecordReport
) -> None:
    """Each hand's summary as recorded against the replay's (every field)."""
    if stored_hands is None:
        # Nothing stored to compare: a record of actions only matches by replaying cleanly.
        report.hands_matched = len(replayed) - len(bad_hands)
        return
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


# --------------------------------------------------------------------------- logs


def _log_verifier(fmt: str) -> Callable[[Any, RecordReport, str], None]:
    """A verifier for a Tenhou or mjai log, or one of our imported records (their walls in
    ``header.deals``): replay every hand, compare with what the file says."""

    def verify(data: Any, report: RecordReport, name: str) -> None:
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
                _record, result = replay_game(read_log(text, fmt, Path(name).name))
        except UnsupportedGame as problem:
            report.skip(str(problem))
            return
        except FormatError as problem:
            raise RecordError(str(problem)) from None
        report.games, report.hands = 1, result.hands
        report.hands_matched = result.hands_matched
        for hand, what in result.mismatches:
            report.mismatch(hand, what)

    return verify


#: Format name -> verifier: fills a report, raises ``RecordError`` on a broken record. The
#: third argument is the record's name (a file name helps the log readers; messages use it).
VERIFIERS: dict[str, Callable[[Any, RecordReport, str], None]] = {
    "openmahjong": lambda data, report, _name: _verify_openmahjong(data, report),
    **{fmt: _log_verifier(fmt) for fmt in ("mjlog", "tenhou6", "mjai", "openmahjong-imported")},
}


def verify_record(data: Any, name: str = "<record>") -> RecordReport:
    """Replay ``data`` (a record as :func:`read_record` returns it) and report what matched.
    Never raises for a bad record: a broken one is ``status == "error"`` with the reason."""
    report = RecordReport()
    try:
        report.format = detect_format(data)
        VERIFIERS[report.format](data, report, name)
    except RecordError as problem:
        report.status, report.error = "error", str(problem)
    return report
