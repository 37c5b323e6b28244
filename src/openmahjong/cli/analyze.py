"""``openmahjong analyze HAND``: shanten per form, waits, useful tiles and the discard table."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong import hand, tiles
from openmahjong.cli import app
from openmahjong.cli.output import fail, out, print_json

_RULESETS = tuple(hand.FORMS_BY_RULESET)


def analysis(text: str, ruleset: str, visible_text: str = "") -> dict[str, Any]:
    """The analysis as plain data (the JSON output, and what the table is printed from)."""
    if ruleset not in hand.FORMS_BY_RULESET:
        raise ValueError(f"unknown ruleset {ruleset!r}: choose from {', '.join(_RULESETS)}")
    held = [t for t in tiles.parse(text) if not tiles.is_flower(t)]
    if ruleset == "sichuan" and any(tiles.is_honor(t) for t in held):
        raise ValueError("Sichuan is played with the three suits only: honors are not in the set")
    visible = tiles.parse(visible_text) if visible_text else []
    forms = hand.FORMS_BY_RULESET[ruleset]
    by_form = hand.shanten_by_form(held, forms=forms)
    result: dict[str, Any] = {
        "hand": tiles.format(sorted(held, key=tiles.sort_key)),
        "ruleset": ruleset,
        "tiles": len(held),
        "shanten": min(by_form.values()),
        "shanten_by_form": {f: (None if v >= 99 else v) for f, v in by_form.items()},
    }
    if len(held) % 3 == 1:
        result["waits"] = [tiles.format([t]) for t in hand.waits(held, forms=forms)]
        useful = hand.useful_tiles(held, visible=visible, forms=forms)
        result["useful"] = [{"tile": tiles.format([u.tile]), "remaining": u.remaining}
                            for u in useful]
        result["useful_total"] = sum(u.remaining for u in useful)
    else:
        result["discards"] = [
            {
                "discard": tiles.format([o.discard]),
                "shanten": o.shanten,
                "useful": [tiles.format([u.tile]) for u in o.useful],
                "useful_total": o.total,
            }
            for o in hand.discard_table(held, visible=visible, forms=forms)
        ]
    return result


def _shanten_words(n: int) -> str:
    return {-1: "complete", 0: "ready (tenpai)"}.get(n, f"{n}-shanten")


@app.command("analyze")
def analyze(
    hand_text: Annotated[str, typer.Argument(metavar="HAND", help="Tiles, e.g. 123m406p789s11z.")],
    ruleset: Annotated[str, typer.Option(help="riichi, mcr or sichuan: which forms count.")] = (
        "riichi"
    ),
    visible: Annotated[
        str, typer.Option(help="Tiles seen elsewhere (discards, melds), left out of counts.")
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Analyse a hand: shanten for each form, waits, and what to discard."""
    try:
        result = analysis(hand_text, ruleset, visible)
    except ValueError as problem:
        fail(str(problem))
    if as_json:
        print_json(result)
        return
    out.print(f"[bold]{result['hand']}[/]  ({result['ruleset']}, {result['tiles']} tiles): "
              f"[bold]{_shanten_words(result['shanten'])}[/]")
    forms = ", ".join(
        f"{name.replace('_', ' ')} {'-' if v is None else v}"
        for name, v in result["shanten_by_form"].items()
    )
    out.print(f"by form: {forms}")
    if "waits" in result:
        if result["waits"]:
            out.print(f"waits: {' '.join(result['waits'])}")
        useful = " ".join(f"{u['tile']}x{u['remaining']}" for u in result["useful"])
        out.print(f"useful tiles ({result['useful_total']}): {useful or '-'}")
        return
    table = Table("discard", "shanten", "useful tiles", "count")
    for row in result["discards"]:
        table.add_row(row["discard"], str(row["shanten"]), " ".join(row["useful"]) or "-",
                      str(row["useful_total"]))
    out.print(table)
