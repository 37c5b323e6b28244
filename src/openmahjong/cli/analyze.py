"""``openmahjong analyze HAND``: shanten per form, waits, useful tiles and the discard table."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from openmahjong.cli import app
from openmahjong.cli.output import fail, out, print_json
from openmahjong.tools.analysis import AnalyzeRequest
from openmahjong.tools.analysis import analyze as analyze_hand
from openmahjong.tools.parsing import plain_message


def _shanten_words(n: int) -> str:
    return {-1: "complete", 0: "ready (tenpai)"}.get(n, f"{n}-shanten")


@app.command("analyze")
def analyze(
    hand_text: Annotated[str, typer.Argument(metavar="HAND", help="Tiles, e.g. 123m406p789s11z.")],
    ruleset: Annotated[
        str,
        typer.Option(
            help="An installed ruleset (riichi, mcr, sichuan, changsha, qingque, taiwan, "
            "freeplay, a plugin's): which forms count and which tiles exist."
        ),
    ] = "riichi",
    visible: Annotated[
        str, typer.Option(help="Tiles seen elsewhere (discards, melds), left out of counts.")
    ] = "",
    void: Annotated[
        str | None,
        typer.Option(
            help="Sichuan: the void suit (m, p or s), whose tiles go first "
            "(default: the suit that leaves the hand closest to winning)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Analyse a hand: shanten for each form, waits, and what to discard."""
    try:
        request = AnalyzeRequest(hand=hand_text, ruleset=ruleset, visible=visible, void=void)
        result = analyze_hand(request)
    except ValueError as problem:
        fail(plain_message(problem))
    if as_json:
        print_json(result)
        return
    out.print(
        f"[bold]{result['hand']}[/]  ({result['ruleset']}, {result['tiles']} tiles): "
        f"[bold]{_shanten_words(result['shanten'])}[/]"
    )
    forms = ", ".join(
        f"{name.replace('_', ' ')} {'-' if v is None else v}"
        for name, v in result["shanten_by_form"].items()
    )
    out.print(f"by form: {forms}")
    if "void" in result:
        how = "given" if result["void_given"] else "chosen: closest to winning"
        held = result["void_tiles"]
        out.print(f"void suit: {result['void']} ({how}); {held} void tile(s) to discard first")
    if "waits" in result:
        if result["waits"]:
            out.print(f"waits: {' '.join(result['waits'])}")
        useful = " ".join(f"{u['tile']}x{u['remaining']}" for u in result["useful"])
        out.print(f"useful tiles ({result['useful_total']}): {useful or '-'}")
        return
    table = Table("discard", "shanten", "useful tiles", "count")
    for row in result["discards"]:
        table.add_row(
            row["discard"] + (" (void)" if row.get("void") else ""),
            str(row["shanten"]),
            " ".join(row["useful"]) or "-",
            str(row["useful_total"]),
        )
    out.print(table)
