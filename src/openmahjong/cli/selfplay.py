"""``openmahjong selfplay``: bots play whole matches; one record per game and a summary.

Every game is determined by ``--seed`` (``openmahjong.bots.selfplay_seed``): the same seed writes
byte-identical records. Records carry no timestamps for that reason (``started_at`` and
``ended_at`` are null); the summary's ``seconds`` is the only measured number.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from openmahjong.bots.driver import play_to_end
from openmahjong.bots.selfplay import selfplay_seed
from openmahjong.cli import app
from openmahjong.cli.output import err, fail, out, plain, print_json
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.table.match import Match

__all__ = ["selfplay", "summarize", "record_name"]

#: Draw reasons the summary always lists (a ruleset's other ones are added when they occur).
_DRAW_REASONS = (
    "exhaustive",
    "nagashi",
    "nine_terminals",
    "four_winds",
    "four_riichi",
    "four_kans",
    "triple_ron",
)


#: A match that has not ended after this many actions is a bug (the loop stops with an error).
MAX_ACTIONS = 1_000_000


def record_name(game: int) -> str:
    return f"game-{game + 1:04d}.json"


def summarize(records: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """The self-play summary from the games' records (their ``hands`` and ``result``)."""
    hands = [h for r in records for h in r["hands"]]
    tsumo = sum(1 for h in hands for w in h["wins"] if w["from_seat"] is None)
    ron = sum(1 for h in hands for w in h["wins"] if w["from_seat"] is not None)
    # A draw is a hand nobody won, whatever the ruleset calls its ending (a Sichuan hand that
    # ran out of wall after two wins is no draw; its "bloody" ending is three wins).
    reasons = Counter(h["reason"] for h in hands if not h["wins"])
    draws = {reason: reasons[reason] for reason in (*_DRAW_REASONS, *sorted(reasons))}
    seats = max((len(r["result"]["places"]) for r in records), default=4)
    places: list[list[int]] = [[] for _ in range(seats)]
    for r in records:
        final = r["result"]["final_points"]
        for seat, place in enumerate(r["result"]["places"]):
            places[place - 1].append(final[seat])
    return {
        "games": len(records),
        "hands": len(hands),
        "seconds": round(seconds, 3),
        "hands_per_second": round(len(hands) / seconds, 1) if seconds > 0 else None,
        "wins": {"total": tsumo + ron, "tsumo": tsumo, "ron": ron},
        "draws": {"total": sum(draws.values()), **draws},
        # A deal-in is a discard or kan won off (a double ron is one deal-in; a hand that goes
        # on after a win, as Sichuan's do, may have several).
        "deal_ins": sum(_deal_ins(h["wins"]) for h in hands),
        # How the hands ended, by the ruleset's own reasons (wins and draws alike).
        "endings": dict(sorted(Counter(h["reason"] for h in hands).items())),
        "average_points_by_place": {
            str(place + 1): round(sum(p) / len(p), 1) if p else None
            for place, p in enumerate(places)
        },
    }


def _deal_ins(wins: list[dict[str, Any]]) -> int:
    """Deal-ins of one hand: runs of wins off the same seat's same tile count once."""
    count = 0
    previous: tuple[Any, Any] | None = None
    for w in wins:
        source = (w["from_seat"], w.get("tile")) if w["from_seat"] is not None else None
        if source is not None and source != previous:
            count += 1
        previous = source
    return count


@app.command("selfplay")
def selfplay(
    ruleset: Annotated[
        str, typer.Option(help="Ruleset to play (any installed one: riichi, mcr, ...).")
    ] = "riichi",
    preset: Annotated[
        str | None,
        typer.Option(
            help="Table preset, e.g. majsoul-hanchan or tenhou-tonpuu "
            "(default: the ruleset's standard game)."
        ),
    ] = None,
    games: Annotated[int, typer.Option(help="How many matches to play.")] = 1,
    seed: Annotated[
        int, typer.Option(help="Self-play seed: the same seed plays the same games.")
    ] = 0,
    out_dir: Annotated[
        Path, typer.Option("--out", help="Directory for the records (created if missing).")
    ] = Path("selfplay"),
    bot: Annotated[
        str | None,
        typer.Option(
            help="Bot for every seat, one of the ruleset's (riichi: efficiency, "
            "efficiency-nodefence; default: the ruleset's first)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="N=cmd:COMMAND (repeatable, N 0-3): table seat N is played by a local program "
            "speaking mjai over stdin/stdout (docs/bots.md); {seat} in COMMAND becomes N.",
        ),
    ] = None,
    move_seconds: Annotated[
        float,
        typer.Option(help="Seconds a --seat program has per decision before the default."),
    ] = 5.0,
) -> None:
    """Let bots play whole matches; write one JSON record per game and print a summary."""
    from openmahjong.bots.mjai_process import parse_seat_option
    from openmahjong.rules.registry import get_ruleset, preset_name

    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    if seed < 0:
        fail(f"--seed must be a non-negative integer, got {seed}")
    commands: dict[int, str] = {}
    for text in seat or []:
        try:
            n, command = parse_seat_option(text)
        except ValueError as problem:
            fail(str(problem))
        if n in commands:
            fail(f"--seat {n} is given twice")
        commands[n] = command
    if move_seconds <= 0:
        fail(f"--move-seconds must be positive, got {move_seconds}")
    try:
        rules = get_ruleset(ruleset)
    except ValueError as problem:
        fail(str(problem))
    if commands and "mjai" not in rules.outside_formats:
        fail(f"--seat (mjai programs) cannot play {ruleset}: mjai does not describe it")
    bot = bot or next(iter(rules.bots))
    if bot not in rules.bots:
        fail(f"unknown bot {bot!r}: {ruleset} has {', '.join(rules.bots)}")
    make_bot = rules.bots[bot]
    preset = preset or rules.standard_preset
    try:
        options = rules.options(preset)
    except ValueError as problem:
        fail(str(problem))
    preset = preset_name(rules, preset)  # an alias (MAJSOUL_TONPUU) is reported canonical
    if out_dir.exists() and not out_dir.is_dir():
        fail(f"--out {out_dir} exists and is not a directory")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        fail(f"cannot create --out {out_dir}: {problem.strerror or problem}")

    records: list[dict[str, Any]] = []
    errors: dict[int, Counter[str]] = {n: Counter() for n in commands}
    decisions = dict.fromkeys(commands, 0)
    start = time.perf_counter()
    columns = (
        TextColumn("[bold]self-play[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games  {task.fields[hands]} hands"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err, transient=as_json) as progress:
        task = progress.add_task("games", total=games, hands=0)
        played = 0

        def one_hand(_match: Any) -> None:
            nonlocal played
            played += 1
            progress.update(task, hands=played)

        for g in range(games):
            master_seed, salt = selfplay_seed(seed, g)
            match = rules.new_match(_players(rules), master_seed, salt, options)
            bot_at = _seat_bots(match, make_bot, master_seed)
            if commands:
                _play_outside(
                    match, bot_at, one_hand, commands, move_seconds, out_dir, errors, decisions
                )
            else:
                play_to_end(match, bot_at, max_actions=MAX_ACTIONS, on_hand=one_hand)
            record = match.record()
            (out_dir / record_name(g)).write_text(
                json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8"
            )
            records.append(record)
            progress.advance(task)
    summary = summarize(records, time.perf_counter() - start)
    summary = {
        "ruleset": ruleset,
        "preset": preset,
        "seed": seed,
        "bot": bot,
        "out": str(out_dir),
        **summary,
        "bot_errors": _bot_errors(errors),
    }
    if commands:
        summary["seats"] = {
            str(n): {
                "command": command,
                "decisions": decisions[n],
                "wins": sum(
                    1 for r in records for h in r["hands"] for w in h["wins"] if w["seat"] == n
                ),
                "errors": dict(sorted(errors[n].items())),
            }
            for n, command in sorted(commands.items())
        }
    if as_json:
        print_json(summary)
        return
    _print_summary(summary)


def _players(rules: Ruleset) -> list[str]:
    """The self-play players in entry order (seats come from the master seed)."""
    return [f"bot-{p + 1}" for p in range(rules.seats)]


def _seat_bots(
    match: Match[Any, Any], make_bot: Callable[[int], Bot], master_seed: int
) -> Callable[[int], Bot]:
    """One bot per player, seeded from the master seed and the player's index; asked by table
    seat, it is the bot of the player sitting there (seats may change between rounds)."""
    bots = [make_bot((master_seed >> (32 * p)) ^ p) for p in range(match.seats)]
    return lambda seat: bots[match.player_at(seat)]


def _play_outside(
    match: Match[Any, Any],
    bot_at: Callable[[int], Bot],
    on_hand: Any,
    commands: dict[int, str],
    move_seconds: float,
    out_dir: Path,
    errors: dict[int, Counter[str]],
    decisions: dict[int, int],
) -> None:
    """Play ``match`` with the --seat programs (started for it, ended after it)."""
    from openmahjong.bots.mjai_process import MjaiProcess, play_with_outside

    logs = {n: (out_dir / f"seat-{n}.stderr.log").open("ab") for n in commands}
    procs = {
        n: MjaiProcess(command, n, move_seconds=move_seconds, stderr=logs[n])
        for n, command in commands.items()
    }
    try:
        for n, proc in procs.items():
            try:
                proc.start()
            except (OSError, ValueError) as problem:
                fail(f"--seat {n}: cannot start {proc.command!r}: {problem}")
        play_with_outside(match, procs, bot_at, max_actions=MAX_ACTIONS, on_hand=on_hand)
    finally:
        for n, proc in procs.items():
            proc.close()
            logs[n].close()
            errors[n].update(proc.errors)
            decisions[n] += proc.decisions
            for note in proc.problems:
                err.print(f"[yellow]mjai[/] {plain(note)}", highlight=False)


def _bot_errors(errors: dict[int, Counter[str]]) -> dict[str, Any]:
    """``bot_errors``: decisions given the default action, in all and per seat by kind."""
    return {
        "total": sum(sum(c.values()) for c in errors.values()),
        "by_seat": {str(n): dict(sorted(c.items())) for n, c in sorted(errors.items())},
    }


def _print_summary(s: dict[str, Any]) -> None:
    out.print(
        f"[bold]{s['games']}[/] games, [bold]{s['hands']}[/] hands in {s['seconds']:.2f} s "
        f"({s['hands_per_second']} hands/s); records in {plain(s['out'])}"
    )
    wins, draws = s["wins"], s["draws"]
    out.print(
        f"wins {wins['total']} (tsumo {wins['tsumo']}, ron {wins['ron']}), "
        f"draws {draws['total']}, deal-ins {s['deal_ins']}"
    )
    endings = ", ".join(f"{reason} {n}" for reason, n in s["endings"].items())
    out.print(f"hands ended: {endings}", markup=False, highlight=False)
    table = Table("place", "average points")
    for place, points in s["average_points_by_place"].items():
        table.add_row(place, "-" if points is None else f"{points:,.1f}")
    out.print(table)
    for n, info in s.get("seats", {}).items():
        errors = ", ".join(f"{k} {v}" for k, v in info["errors"].items()) or "none"
        out.print(
            f"seat {n} (mjai: {info['command']}): {info['decisions']} decisions, "
            f"{info['wins']} wins, defaults played: {errors}",
            markup=False,
            highlight=False,
        )
