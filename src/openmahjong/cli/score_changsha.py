"""``openmahjong score changsha HAND --win TILE ...``: score a Changsha (长沙麻将) win.

Prints the small win or each big win with its value, and each seat's payment after the birds
(``--birds``, counted from ``--dealer``); ``--json`` gives the same as JSON. Input that is no
win (no shape, a small win without a 2-5-8 pair) ends with exit code 2 and one sentence.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong.cli import score_app
from openmahjong.cli.output import out
from openmahjong.cli.score_common import check_lang, score_and_print
from openmahjong.tools import changsha_calculator as calculator


def _show(document: dict[str, Any], lang: str) -> None:
    table = Table(title="Changsha win", header_style="bold")
    table.add_column("win")
    table.add_column("value", justify="right")
    for entry in document["patterns"]:
        table.add_row(entry[lang], str(entry["value"]))
    out.print(table)
    kind = "small win" if document["small"] else "big win"
    how = "each other seat pays" if document["tsumo"] else "the discarder pays"
    out.print(f"{kind}: {how} {document['value']} before the birds")
    if document["birds"]:
        out.print(f"birds point at seats {document['bird_seats']}")
    out.print(f"payments by seat: {document['payments']}")


@score_app.command("changsha")
def score_changsha(
    hand: Annotated[str, typer.Argument(help="Concealed tiles, with or without the winning tile.")],
    win: Annotated[str, typer.Option("--win", help="The winning tile, e.g. 5p.")],
    meld: Annotated[
        list[str] | None,
        typer.Option("--meld", "--melds", help="chi:123m, pon:555m, ankan:5555m (repeatable)."),
    ] = None,
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Self-drawn (default: ron).")] = False,
    after_kan: Annotated[
        bool, typer.Option("--after-kan", help="On a tile a kan turned (杠上开花).")
    ] = False,
    robbing_kan: Annotated[
        bool, typer.Option("--robbing-kan", help="On another seat's added kan (抢杠胡).")
    ] = False,
    last_tile: Annotated[
        bool, typer.Option("--last-tile", help="On the last tile (海底捞月 / 海底炮).")
    ] = False,
    heaven: Annotated[bool, typer.Option("--heaven", help="天胡: the dealt hand.")] = False,
    earth: Annotated[
        bool, typer.Option("--earth", help="地胡: on the dealer's first discard.")
    ] = False,
    birds: Annotated[str, typer.Option("--birds", help="The birds turned, e.g. 1p5s.")] = "",
    seat: Annotated[int, typer.Option("--seat", help="The winner's seat 0-3.")] = 0,
    dealer: Annotated[int, typer.Option("--dealer", help="The dealer's seat 0-3.")] = 0,
    discarder: Annotated[
        int | None, typer.Option("--discarder", help="Who dealt in (default: the seat before).")
    ] = None,
    lang: Annotated[str, typer.Option(help="Names in en, zh or ja.")] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a Changsha winning hand: the small win or the big wins, and the payments."""
    check_lang(lang)
    score_and_print(
        lambda: calculator.score(
            calculator.ChangshaRequest(
                hand=hand,
                win=win,
                melds=meld or [],
                tsumo=tsumo,
                after_kan=after_kan,
                robbing_kan=robbing_kan,
                last_tile=last_tile,
                heaven=heaven,
                earth=earth,
                birds=birds,
                seat=seat,
                dealer=dealer,
                discarder=discarder,
            )
        ),
        as_json,
        lambda d: _show(d, lang),
    )
