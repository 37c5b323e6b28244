"""``openmahjong score mcr HAND --win TILE ...``: score an MCR (Chinese Official) win.

Prints every fan with its rulebook name, value and count, and the total (flowers included);
``--json`` gives the same as JSON for scripts. A hand below the 8-fan minimum is shown with its
fans and ends with exit code 1; input that cannot be a hand ends with exit code 2.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong.cli import score_app
from openmahjong.cli.output import err, out
from openmahjong.cli.score_common import score_and_print
from openmahjong.rules.mcr.scoring import MINIMUM_FAN
from openmahjong.tools import mcr_calculator as calculator


def _show(document: dict[str, Any]) -> None:
    table = Table(title=f"MCR win ({document['form']})", header_style="bold")
    table.add_column("fan")
    table.add_column("name")
    table.add_column("value", justify="right")
    table.add_column("count", justify="right")
    table.add_column("points", justify="right")
    for e in document["fans"]:
        table.add_row(
            e["zh"], e["en"], str(e["value"]), str(e["count"]), str(e["value"] * e["count"])
        )
    out.print(table)
    total, flowers = document["total"], document["flowers"]
    if flowers:
        out.print(f"total: {total} fan ({document['fan_total']} + {flowers} for flowers)")
    else:
        out.print(f"total: {total} fan")
    if not document["legal"]:
        err.print(
            f"[bold red]not a legal win:[/] {document['fan_total']} fan before flowers, "
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
    document = score_and_print(
        lambda: calculator.score(
            calculator.McrRequest(
                hand=hand,
                win=win,
                melds=meld or [],
                self_drawn=self_drawn,
                fourth_tile=fourth_tile,
                kong=kong,
                last_tile=last_tile,
                seat_wind=seat_wind,
                prevalent_wind=prevalent_wind,
                flowers=flowers,
            )
        ),
        as_json,
        _show,
    )
    if not document["legal"]:
        raise typer.Exit(code=1)
