"""``openmahjong score declared RULESET HAND --win TILE ...``: score a win under any declared
ruleset (``openmahjong.rules.declarative``: a plugin such as ``examples/openmahjong-zungjung``).

Prints each pattern counted with its points, the total after the limit and each seat's payment
(seat 0 wins; on a discard seat 1 dealt in); ``--json`` gives the same as JSON. Input that is no
win ends with exit code 2 and one sentence.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong.cli import score_app
from openmahjong.cli.output import out
from openmahjong.cli.score_common import check_lang, score_and_print
from openmahjong.tools import declared_calculator as calculator


def _show(document: dict[str, Any], lang: str) -> None:
    table = Table(title=f"{document['ruleset']} win", header_style="bold")
    table.add_column("pattern")
    table.add_column("times", justify="right")
    table.add_column("points", justify="right")
    for entry in document["patterns"]:
        table.add_row(entry[lang], str(entry["times"]), str(entry["points"]))
    out.print(table)
    capped = (
        f" (limit; {document['raw']} before it)" if document["raw"] != document["points"] else ""
    )
    out.print(f"{document['points']} points{capped}")
    out.print(f"payments by seat (seat 0 wins): {document['payments']['by_seat']}")


@score_app.command("declared")
def score_declared(
    ruleset: Annotated[str, typer.Argument(help="An installed declared ruleset, e.g. zungjung.")],
    hand: Annotated[str, typer.Argument(help="Concealed tiles, with or without the winning tile.")],
    win: Annotated[str, typer.Option("--win", help="The winning tile, e.g. 5p.")],
    meld: Annotated[
        list[str] | None,
        typer.Option("--meld", "--melds", help="chi:123m, pon:999s, ankan:1111z (repeatable)."),
    ] = None,
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Self-drawn.")] = False,
    robbing_kong: Annotated[bool, typer.Option("--robbing-kong")] = False,
    after_kong: Annotated[bool, typer.Option("--after-kong")] = False,
    last_tile: Annotated[bool, typer.Option("--last-tile")] = False,
    heavenly: Annotated[bool, typer.Option("--heavenly")] = False,
    earthly: Annotated[bool, typer.Option("--earthly")] = False,
    seat_wind: Annotated[str, typer.Option("--seat-wind", help="E, S, W or N.")] = "E",
    prevalent_wind: Annotated[str, typer.Option("--prevalent-wind", help="E, S, W or N.")] = "E",
    dealer: Annotated[bool, typer.Option("--dealer", help="The winner is the dealer.")] = False,
    flowers: Annotated[str, typer.Option("--flowers", help="Flowers laid out.")] = "",
    lang: Annotated[str, typer.Option("--lang", help="Pattern names: en, zh or ja.")] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Score a win by a declared ruleset's own patterns, limit and payments."""
    check_lang(lang)

    def scored() -> dict[str, Any]:
        request = calculator.DeclaredRequest(
            hand=hand,
            win=win,
            melds=meld or [],
            tsumo=tsumo,
            robbing_kong=robbing_kong,
            after_kong=after_kong,
            last_tile=last_tile,
            heavenly=heavenly,
            earthly=earthly,
            seat_wind=seat_wind,
            prevalent_wind=prevalent_wind,
            dealer=dealer,
            flowers=flowers,
        )
        return calculator.score(ruleset, request)

    score_and_print(scored, as_json, lambda d: _show(d, lang))
