"""``openmahjong score qingque HAND --win TILE ...``: score a Qingque (青雀) win.

Prints each fan with its value, the fan total, the base points and who pays them; ``--json``
gives the same as JSON (``POST /api/tools/score/qingque`` answers the same document). Input that
is no win ends with exit code 2 and one sentence.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong.cli import score_app
from openmahjong.cli.output import fail, out
from openmahjong.cli.score_common import score_and_print
from openmahjong.tools import qingque_calculator as calculator


def _show(document: dict[str, Any], lang: str) -> None:
    table = Table(title="Qingque win", header_style="bold")
    table.add_column("fan")
    table.add_column("value", justify="right")
    for entry in document["fans"]:
        table.add_row(entry[lang], str(entry["value"]))
    out.print(table)
    payments = document["payments"]
    who = (
        f"each other seat pays {payments['each']}"
        if document["tsumo"]
        else f"the discarder pays {payments['discarder']}"
    )
    out.print(f"{document['fan']} fan, base {document['base']}: {who}")
    out.print(f"[dim]values: {document['values']}[/]")


@score_app.command("qingque")
def score_qingque(
    hand: Annotated[str, typer.Argument(help="Concealed tiles, the winning tile included.")],
    win: Annotated[str, typer.Option("--win", help="The winning tile, e.g. 5p.")],
    meld: Annotated[
        list[str] | None,
        typer.Option("--meld", "--melds", help="chi:123m, pon:999s, ankan:1111z (repeatable)."),
    ] = None,
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Self-drawn (default: ron).")] = False,
    seat_wind: Annotated[
        str, typer.Option("--seat-wind", help="The winner's seat wind: E, S, W or N.")
    ] = "E",
    kong: Annotated[
        bool, typer.Option("--kong", help="On a kong's replacement, or robbing a kong.")
    ] = False,
    last_tile: Annotated[
        bool, typer.Option("--last-tile", help="On the wall's last tile (海底捞月 / 河底捞鱼).")
    ] = False,
    heavenly: Annotated[bool, typer.Option("--heavenly", help="天和: the dealt hand.")] = False,
    earthly: Annotated[
        bool, typer.Option("--earthly", help="地和: on the dealer's first discard.")
    ] = False,
    lang: Annotated[str, typer.Option(help="Fan names in zh or en.")] = "zh",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a Qingque winning hand: its fans, the base points and the payments."""
    if lang not in ("zh", "en"):
        fail(f"--lang {lang!r}: choose zh or en (the source names its fans in these two)")
    score_and_print(
        lambda: calculator.score(
            calculator.QingqueRequest(
                hand=hand,
                win=win,
                melds=meld or [],
                tsumo=tsumo,
                seat_wind=seat_wind.upper(),
                kong=kong,
                last_tile=last_tile,
                heavenly=heavenly,
                earthly=earthly,
            )
        ),
        as_json,
        lambda document: _show(document, lang),
    )
