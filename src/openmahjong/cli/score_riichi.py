"""``openmahjong score riichi HAND --win TILE ...``: score a Riichi win from the terminal.

Prints the yaku, han, the fu breakdown, the limit and who pays what; ``--json`` gives the same as
JSON for scripts.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong.cli import score_app
from openmahjong.cli.output import out
from openmahjong.cli.score_common import check_lang, score_and_print
from openmahjong.rules.riichi.context import FLAGS
from openmahjong.tools import riichi_calculator as calculator


def _show(document: dict[str, Any], lang: str, preset: str) -> None:
    yaku = Table(title=f"Riichi win ({preset})", show_header=True, header_style="bold")
    yaku.add_column("yaku")
    yaku.add_column("han", justify="right")
    for entry in document["yaku"]:
        yaku.add_row(entry[lang], str(entry["han"]))
    out.print(yaku)
    if document["yakuman"]:
        out.print(f"{document['yakuman']}x yakuman")
    else:
        out.print(f"{document['han']} han {document['fu']} fu")
    parts = " + ".join(f"{d['fu']} {d['reason']}" for d in document["fu_details"])
    out.print(f"fu: {parts} -> {document['fu']} ({document['wait']} wait)")
    limit = f" ({document['limit']})" if document["limit"] else ""
    who = ("dealer " if document["dealer"] else "non-dealer ") + (
        "tsumo" if document["tsumo"] else "ron"
    )
    out.print(f"value: {document['total']}{limit}, {who}")
    pays = ", ".join(f"{seat} {d:+d}" for seat, d in document["payments"].items() if d)
    out.print(f"payments: {pays}")


@score_app.command("riichi")
def score_riichi(
    hand: Annotated[str, typer.Argument(help="Concealed tiles including the winning tile.")],
    win: Annotated[str, typer.Option("--win", help="The winning tile, e.g. 4s.")],
    meld: Annotated[
        list[str] | None,
        typer.Option("--meld", help="A meld like pon:555z, chi:406p, ankan:1111m (repeatable)."),
    ] = None,
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Self-drawn (default: ron).")] = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    local: Annotated[
        list[str] | None,
        typer.Option(
            "--local",
            help="A situation only local yaku read (majsoul-melee): tsubame_gaeshi or kanburi "
            "(repeatable).",
        ),
    ] = None,
    seat: Annotated[str, typer.Option(help="Seat wind E/S/W/N (E is the dealer).")] = "E",
    round_wind: Annotated[str, typer.Option("--round", help="Round wind E/S/W/N.")] = "E",
    dora: Annotated[
        list[str] | None, typer.Option("--dora", help="Dora indicator(s), e.g. 3m (repeatable).")
    ] = None,
    ura: Annotated[list[str] | None, typer.Option("--ura", help="Ura-dora indicator(s).")] = None,
    honba: int = 0,
    sticks: Annotated[int, typer.Option(help="Riichi sticks on the table.")] = 0,
    discarder: Annotated[str | None, typer.Option(help="Seat wind that dealt in.")] = None,
    pao: Annotated[str | None, typer.Option(help="Seat wind liable for the yakuman.")] = None,
    preset: Annotated[
        str,
        typer.Option(
            help="Rules: majsoul, tenhou or majsoul-melee (local yaku), or a table preset "
            "(MAJSOUL_TONPUU...)."
        ),
    ] = "majsoul",
    lang: Annotated[str, typer.Option(help="Yaku names in en, zh or ja.")] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a Riichi winning hand: yaku, han, fu, limit and payments."""
    # The flags options (--tsumo .. --renhou) are context.FLAGS by name; pass them on as such.
    flags = locals()
    check_lang(lang)
    score_and_print(
        lambda: calculator.score(
            calculator.RiichiRequest(
                hand=hand,
                win=win,
                melds=meld or [],
                **{name: flags[name] for name in FLAGS},
                local=local or [],
                seat=seat,
                round=round_wind,
                dora=dora or [],
                ura=ura or [],
                honba=honba,
                sticks=sticks,
                discarder=discarder,
                pao=pao,
                preset=preset,
            )
        ),
        as_json,
        lambda d: _show(d, lang, preset),
    )
