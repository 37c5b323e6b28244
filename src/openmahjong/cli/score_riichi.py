"""``openmahjong score riichi HAND --win TILE ...``: score a Riichi win from the terminal.

Prints the yaku, han, the fu breakdown, the limit and who pays what; ``--json`` gives the same as
JSON for scripts.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong import tiles as T
from openmahjong.cli import score_app
from openmahjong.cli.output import fail, out, print_json
from openmahjong.rules.riichi.errors import ScoringError
from openmahjong.rules.riichi.hand import parse_meld
from openmahjong.rules.riichi.options import PRESETS, resolve_rules
from openmahjong.rules.riichi.scoring import Win, score_win
from openmahjong.rules.riichi.yaku_table import YAKU

_WIND_WORDS = {
    "e": 41, "east": 41, "1z": 41, "41": 41,
    "s": 42, "south": 42, "2z": 42, "42": 42,
    "w": 43, "west": 43, "3z": 43, "43": 43,
    "n": 44, "north": 44, "4z": 44, "44": 44,
}  # fmt: skip
_WIND_NAME = {41: "East", 42: "South", 43: "West", 44: "North"}


def _wind(option: str, text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return _WIND_WORDS[text.strip().lower()]
    except KeyError:
        fail(f"{option} {text!r} is not a wind: write E, S, W or N")


def _tiles(option: str, texts: list[str]) -> list[int]:
    found: list[int] = []
    for text in texts:
        try:
            found += T.parse(text)
        except ValueError as exc:
            fail(f"{option} {text!r}: {exc}")
    return found


def win_document(win: Win) -> dict[str, Any]:
    """The JSON the command prints: everything in ``Win``, with display names."""
    return {
        "han": win.han,
        "fu": win.fu,
        "yakuman": win.yakuman,
        "limit": win.limit,
        "total": win.total,
        "basic_points": win.basic_points,
        "wait": win.wait,
        "dealer": win.dealer,
        "tsumo": win.tsumo,
        "yaku": [
            {"id": y, "han": han, "en": YAKU[y].en, "zh": YAKU[y].zh, "ja": YAKU[y].ja}
            for y, han in win.yaku
        ],
        "fu_details": [{"reason": why, "fu": fu} for why, fu in win.fu_details],
        "payments": {_WIND_NAME[seat]: delta for seat, delta in win.payments.items()},
    }


def _show(win: Win, lang: str, preset: str) -> None:
    yaku = Table(title=f"Riichi win ({preset})", show_header=True, header_style="bold")
    yaku.add_column("yaku")
    yaku.add_column("han", justify="right")
    for name, han in win.yaku_names(lang):
        yaku.add_row(name, str(han))
    out.print(yaku)
    if win.yakuman:
        out.print(f"{win.yakuman}x yakuman")
    else:
        out.print(f"{win.han} han {win.fu} fu")
    parts = " + ".join(f"{fu} {why}" for why, fu in win.fu_details)
    out.print(f"fu: {parts} -> {win.fu} ({win.wait} wait)")
    limit = f" ({win.limit})" if win.limit else ""
    who = ("dealer " if win.dealer else "non-dealer ") + ("tsumo" if win.tsumo else "ron")
    out.print(f"value: {win.total}{limit}, {who}")
    pays = ", ".join(f"{_WIND_NAME[s]} {d:+d}" for s, d in win.payments.items() if d)
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
    preset: Annotated[str, typer.Option(help="Rules: majsoul or tenhou.")] = "majsoul",
    lang: Annotated[str, typer.Option(help="Yaku names in en, zh or ja.")] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a Riichi winning hand: yaku, han, fu, limit and payments."""
    if preset not in PRESETS:
        fail(f"--preset {preset!r}: choose one of {', '.join(sorted(PRESETS))}")
    if lang not in ("en", "zh", "ja"):
        fail(f"--lang {lang!r}: choose en, zh or ja")
    try:
        melds = [parse_meld(text) for text in meld or []]
        result = score_win(
            hand,
            win,
            melds,
            tsumo=tsumo,
            riichi=riichi,
            double_riichi=double_riichi,
            ippatsu=ippatsu,
            rinshan=rinshan,
            chankan=chankan,
            haitei=haitei,
            houtei=houtei,
            tenhou=tenhou,
            chiihou=chiihou,
            renhou=renhou,
            seat_wind=_wind("--seat", seat) or 41,
            round_wind=_wind("--round", round_wind) or 41,
            dora_indicators=_tiles("--dora", dora or []),
            ura_indicators=_tiles("--ura", ura or []),
            honba=honba,
            riichi_sticks=sticks,
            discarder=_wind("--discarder", discarder),
            pao=_wind("--pao", pao),
            rules=resolve_rules(preset),
        )
    except ScoringError as exc:
        fail(str(exc))
    if as_json:
        print_json(win_document(result))
    else:
        _show(result, lang, preset)
