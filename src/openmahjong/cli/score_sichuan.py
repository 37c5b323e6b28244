"""``openmahjong score sichuan HAND --win TILE ...``: score a Sichuan Bloody win.

Prints the base yaku and the bonus yaku with their han, the han (capped at 6) and the points, and
who pays them; ``--json`` gives the same as JSON for scripts. Input that is no win (no winning
shape, a tile of the void suit, three suits) ends with exit code 2 and one sentence.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong.cli import score_app
from openmahjong.cli.output import out
from openmahjong.cli.score_common import check_lang, score_and_print
from openmahjong.tools import sichuan_calculator as calculator


def _show(document: dict[str, Any], lang: str) -> None:
    unit = "fan" if document.get("scoring") == "chengdu" else "han"
    table = Table(title="Sichuan win", header_style="bold")
    table.add_column("yaku")
    table.add_column("kind")
    table.add_column(unit, justify="right")
    for entry in document["yaku"]:
        table.add_row(entry[lang], entry["kind"], str(entry["han"]))
    out.print(table)
    han, uncapped = document["han"], document["uncapped_han"]
    capped = f" (capped from {uncapped})" if uncapped > han else ""
    named = "" if document["preset"] == "majsoul-bloodshed" else f" ({document['preset']})"
    out.print(f"{han} {unit}{capped}: {document['total']} points{named}")
    if document["tsumo"]:
        out.print(f"tsumo: each seat still playing pays {document['each_pays']}")
    else:
        out.print(f"ron: the discarder pays {document['each_pays']}")


@score_app.command("sichuan")
def score_sichuan(
    hand: Annotated[
        str,
        typer.Argument(
            help="Concealed tiles, with or without the winning tile, e.g. 123456789m2345p."
        ),
    ],
    win: Annotated[str, typer.Option("--win", help="The winning tile, e.g. 5p.")],
    meld: Annotated[
        list[str] | None,
        typer.Option(
            "--meld",
            "--melds",
            help="A declared set: pon:555m, minkan:5555m, ankan:5555m, kakan:5555m (repeatable).",
        ),
    ] = None,
    void: Annotated[
        str | None, typer.Option("--void", help="The void suit m, p or s (its tiles refuse a win).")
    ] = None,
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Self-drawn (default: ron).")] = False,
    after_kan: Annotated[
        bool, typer.Option("--after-kan", help="Self-drawn on a kan's replacement (杠上开花).")
    ] = False,
    kan_deal_in: Annotated[
        bool, typer.Option("--kan-deal-in", help="On the discard after a kan (杠上炮).")
    ] = False,
    robbing_kan: Annotated[
        bool, typer.Option("--robbing-kan", help="On another seat's added kan (抢杠胡).")
    ] = False,
    last_tile: Annotated[
        bool, typer.Option("--last-tile", help="On the last tile, drawn or discarded (海底捞月).")
    ] = False,
    heaven: Annotated[
        bool, typer.Option("--heaven", help="Blessing of heaven: the dealer's first draw.")
    ] = False,
    earth: Annotated[
        bool, typer.Option("--earth", help="Blessing of earth: a non-dealer's first draw.")
    ] = False,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            help="Score by a table preset: majsoul-bloodshed (default) or chengdu-xuezhan.",
        ),
    ] = None,
    lang: Annotated[str, typer.Option(help="Yaku names in en, zh or ja.")] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a Sichuan Bloody winning hand: one base yaku, the bonus yaku, han and points."""
    check_lang(lang)
    score_and_print(
        lambda: calculator.score(
            calculator.SichuanRequest(
                hand=hand,
                win=win,
                melds=meld or [],
                void=void,
                tsumo=tsumo,
                after_kan=after_kan,
                kan_deal_in=kan_deal_in,
                robbing_kan=robbing_kan,
                last_tile=last_tile,
                heaven=heaven,
                earth=earth,
                preset=preset,
            )
        ),
        as_json,
        lambda d: _show(d, lang),
    )
