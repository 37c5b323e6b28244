"""``openmahjong score taiwan HAND --win TILE ...``: score a Taiwan 16-tile (台湾十六张) win.

Prints each tai, the dealer's tai, and what each payer pays (``base + tai * per_tai``);
``--json`` gives the same as JSON (``POST /api/tools/score/taiwan`` answers the same document).
Input that is no win ends with exit code 2 and one sentence.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong.cli import score_app
from openmahjong.cli.output import fail, out
from openmahjong.cli.score_common import score_and_print
from openmahjong.tools import taiwan_calculator as calculator


def _show(document: dict[str, Any], lang: str) -> None:
    table = Table(title="Taiwan 16-tile win", header_style="bold")
    table.add_column("tai")
    table.add_column("", justify="right")
    for entry in document["tai"]:
        count = f" x{entry['count']}" if entry["count"] > 1 else ""
        table.add_row(f"{entry[lang]}{count}", str(entry["total"]))
    out.print(table)
    dealer = " + ".join(f"{e[lang]} {e['total']}" for e in document["dealer_tai"])
    out.print(f"{document['hand_tai']} tai in the hand; the dealer's: {dealer}")
    stakes = document["stakes"]
    pays = ", ".join(f"{seat} pays {n}" for seat, n in document["payments"].items())
    out.print(f"base {stakes['base']} + {stakes['per_tai']} a tai: {pays}")


@score_app.command("taiwan")
def score_taiwan(
    hand: Annotated[str, typer.Argument(help="Concealed tiles, with or without the winning one.")],
    win: Annotated[str, typer.Option("--win", help="The winning tile, e.g. 5p.")],
    meld: Annotated[
        list[str] | None,
        typer.Option("--meld", "--melds", help="chi:123m, pon:999s, ankan:1111z (repeatable)."),
    ] = None,
    flowers: Annotated[str, typer.Option(help="Flowers laid out, e.g. 1f5f.")] = "",
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Self-drawn (default: ron).")] = False,
    seat_wind: Annotated[
        str, typer.Option("--seat-wind", help="The winner's seat wind (E is the dealer).")
    ] = "E",
    prevalent_wind: Annotated[
        str, typer.Option("--prevalent-wind", help="The round's wind.")
    ] = "E",
    discarder: Annotated[
        str | None, typer.Option(help="Who threw it (default: the winner's left).")
    ] = None,
    replacement: Annotated[
        bool, typer.Option("--replacement", help="槓上開花: a kong's or a flower's replacement.")
    ] = False,
    robbing: Annotated[bool, typer.Option("--robbing", help="搶槓: robbing a kong.")] = False,
    last_tile: Annotated[
        bool, typer.Option("--last-tile", help="The wall's last tile (海底撈月 / 河底撈魚).")
    ] = False,
    heavenly: Annotated[bool, typer.Option("--heavenly", help="天胡.")] = False,
    earthly: Annotated[bool, typer.Option("--earthly", help="地胡.")] = False,
    human: Annotated[bool, typer.Option("--human", help="人胡.")] = False,
    repeats: Annotated[int, typer.Option(help="連莊: the dealer's repeats.")] = 0,
    base: Annotated[int, typer.Option(help="底.")] = 100,
    per_tai: Annotated[int, typer.Option("--per-tai", help="台.")] = 20,
    lang: Annotated[str, typer.Option(help="Tai names in zh or en.")] = "zh",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a Taiwan 16-tile winning hand: its tai and what each payer pays."""
    if lang not in ("zh", "en"):
        fail(f"--lang {lang!r}: choose zh or en")
    score_and_print(
        lambda: calculator.score(
            calculator.TaiwanRequest(
                hand=hand,
                win=win,
                melds=meld or [],
                flowers=flowers,
                tsumo=tsumo,
                seat_wind=seat_wind,
                prevalent_wind=prevalent_wind,
                discarder=discarder,
                replacement=replacement,
                robbing=robbing,
                last_tile=last_tile,
                heavenly=heavenly,
                earthly=earthly,
                human=human,
                repeats=repeats,
                base=base,
                per_tai=per_tai,
            )
        ),
        as_json,
        lambda document: _show(document, lang),
    )
