"""``openmahjong score mcr HAND --win TILE ...``: score an MCR (Chinese Official) win.

Prints every fan with its rulebook name, value and count, and the total (flowers included);
``--json`` gives the same as JSON for scripts. A hand below the 8-fan minimum is shown with its
fans and ends with exit code 1; input that cannot be a hand ends with exit code 2.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from openmahjong import tiles as T
from openmahjong.cli import score_app
from openmahjong.cli.output import err, fail, out, print_json
from openmahjong.rules.mcr.scoring import (
    MELD_KINDS,
    MINIMUM_FAN,
    BelowMinimum,
    InvalidHand,
    Meld,
    NotAWin,
    Win,
    score_win,
)

_WIND_WORDS = {
    "e": 41, "east": 41, "1z": 41, "41": 41,
    "s": 42, "south": 42, "2z": 42, "42": 42,
    "w": 43, "west": 43, "3z": 43, "43": 43,
    "n": 44, "north": 44, "4z": 44, "44": 44,
}  # fmt: skip


def _wind(option: str, text: str) -> int:
    try:
        return _WIND_WORDS[text.strip().lower()]
    except KeyError:
        fail(f"{option} {text!r} is not a wind: write E, S, W or N")


def _tiles(what: str, text: str) -> list[int]:
    try:
        return T.parse(text)
    except ValueError as exc:
        fail(f"{what} {text!r}: {exc}")


def _meld(text: str) -> Meld:
    kind, sep, tiles = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in MELD_KINDS:
        fail(
            f"--meld {text!r}: write kind:tiles with kind one of {', '.join(MELD_KINDS)}, "
            "e.g. pon:555z or chi:123m"
        )
    return Meld(kind, tuple(_tiles("--meld", tiles)))


def _show(win: Win, below: bool) -> None:
    table = Table(title=f"MCR win ({win.form})", header_style="bold")
    table.add_column("fan")
    table.add_column("name")
    table.add_column("value", justify="right")
    table.add_column("count", justify="right")
    table.add_column("points", justify="right")
    for e in win.fans:
        table.add_row(e.zh, e.en, str(e.value), str(e.count), str(e.points))
    out.print(table)
    if win.flowers:
        out.print(f"total: {win.total} fan ({win.fan_total} + {win.flowers} for flowers)")
    else:
        out.print(f"total: {win.total} fan")
    if below:
        err.print(
            f"[bold red]not a legal win:[/] {win.fan_total} fan before flowers, "
            f"the minimum is {MINIMUM_FAN}"
        )


@score_app.command("mcr")
def score_mcr(
    hand: Annotated[
        str,
        typer.Argument(help="Concealed tiles including the winning tile, e.g. 123456789m11122p."),
    ],
    win: Annotated[str, typer.Option("--win", help="The winning tile, e.g. 2m.")],
    meld: Annotated[
        list[str] | None,
        typer.Option(
            "--meld",
            help="A declared set: chi:123m, pon:555z, minkan:1111m, ankan:9999p, kakan:4444s "
            "(repeatable).",
        ),
    ] = None,
    self_drawn: Annotated[bool, typer.Option("--self-drawn", help="Won by self-draw.")] = False,
    fourth_tile: Annotated[
        bool, typer.Option("--fourth-tile", help="The last tile of its kind (和绝张).")
    ] = False,
    kong: Annotated[
        bool,
        typer.Option("--kong", help="On a kong replacement (self-drawn) or robbing a kong."),
    ] = False,
    last_tile: Annotated[
        bool, typer.Option("--last-tile", help="The wall's last tile (妙手回春 / 海底捞月).")
    ] = False,
    seat_wind: Annotated[str, typer.Option("--seat-wind", help="Seat wind E/S/W/N.")] = "E",
    prevalent_wind: Annotated[
        str, typer.Option("--prevalent-wind", help="Prevalent (round) wind E/S/W/N.")
    ] = "E",
    flowers: Annotated[int, typer.Option("--flowers", help="Flowers held, 1 fan each.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score an MCR winning hand: every fan, the total and whether it reaches 8 fan."""
    win_tiles = _tiles("--win", win)
    if len(win_tiles) != 1:
        fail(f"--win {win!r}: give exactly one tile, e.g. 2m")
    melds = [_meld(text) for text in meld or []]
    concealed = _tiles("hand", hand)
    if len(concealed) == 13 - 3 * len(melds):
        concealed.append(win_tiles[0])  # the hand was written without the winning tile
    below = False
    try:
        result = score_win(
            concealed,
            win_tiles[0],
            melds,
            self_drawn=self_drawn,
            fourth_tile=fourth_tile,
            kong=kong,
            last_tile=last_tile,
            seat_wind=_wind("--seat-wind", seat_wind),
            prevalent_wind=_wind("--prevalent-wind", prevalent_wind),
            flowers=flowers,
        )
    except BelowMinimum as low:
        result, below = low.win, True
    except (NotAWin, InvalidHand) as exc:
        fail(str(exc))
    if as_json:
        document = result.as_dict()
        document["legal"] = not below
        print_json(document)
    else:
        _show(result, below)
    if below:
        raise typer.Exit(code=1)
