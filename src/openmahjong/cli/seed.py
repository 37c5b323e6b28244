"""``openmahjong seed ...``: make fresh seeds and verify a finished game's walls.

``verify`` recomputes, from the master seed and salt revealed after a game, the commitment that
was published when it started, the seat order and every hand's wall and starting hands. It uses
nothing but :mod:`openmahjong.fairness`, so its answer is exactly what the server dealt.

Dealt hands are shown with seat 0 as the dealer for every hand number: the verifier does not
follow dealer rotation (that is the ruleset's business, and it only decides who takes the 14th
tile). Seat ``i`` always receives wall tiles ``13*i .. 13*i+12`` (``hand_size`` tiles each when
the wall deals another number: Taiwan's and free play's 16); the dealer's extra tile is wall
tile ``13*seats``.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from openmahjong import fairness, tiles
from openmahjong.cli import app as root_app
from openmahjong.cli.output import fail, out, plain, print_json

app = typer.Typer(
    help="Provably fair walls: new seeds, and verification of a finished game.",
    no_args_is_help=True,
)
# cli/__init__.py imports this module from _register(); like every command module it registers
# its own group, so the shared __init__ needs only its import line.
root_app.add_typer(app, name="seed")


SEATS = 4


def _parse_commitment(text: str) -> int:
    try:
        return fairness.parse_commitment(text)
    except ValueError as exc:
        shown = text if len(text) <= 80 else text[:80] + "..."
        fail(f"--commitment {shown!r}: {exc}")


def _parse_players(text: str | None) -> list[str]:
    if text is None:
        return [f"p{i + 1}" for i in range(SEATS)]
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        fail(f"--players {text!r} has an empty name: write a,b,c,d")
    if len(names) != SEATS:
        fail(f"--players needs exactly {SEATS} names in entry order, got {len(names)}")
    if len(set(names)) != len(names):
        fail(f"--players {text!r} names a player twice")
    return names


def _hex256(value: int) -> str:
    return "0x" + format(value, "064x")


def verification(
    master_seed: int,
    salt: str,
    ruleset: str,
    hands: int,
    players: list[str],
    claimed: int | None = None,
    *,
    red_fives: bool = True,
    wall_rules: fairness.WallRuleset | None = None,
) -> dict[str, Any]:
    """Everything ``seed verify`` reports, as plain JSON-ready data.

    256-bit numbers are written as decimal strings (``commitment``, ``hand_seed``) with
    ``*_hex`` twins, so JavaScript readers do not lose digits.
    """
    # ``wall_rules``: a preset's own description of the ruleset's wall (Asura's exchange).
    rules = fairness.WALL_RULESETS[ruleset] if wall_rules is None else wall_rules
    computed = fairness.commitment(master_seed, salt)
    seats = fairness.seat_order(master_seed, players)
    report: dict[str, Any] = {
        "ruleset": ruleset,
        "hand_number_field": rules.hand_number,
        "master_seed": fairness.format_master_seed(master_seed),
        "salt": salt,
        "commitment": str(computed),
        "commitment_hex": _hex256(computed),
        "commitment_matches": None if claimed is None else claimed == computed,
        "entry_order": list(players),
        "seat_order": seats,
        "dealer": 0,
        "hands": [],
    }
    for n in range(1, hands + 1):
        seed = fairness.hand_seed(master_seed, n)
        # The preset's own wall when it has one (free play's 144 or 108 tiles): ``rules``.
        wall = rules.shuffled(master_seed, n, red_fives=red_fives)
        dealt, _rest = fairness.deal(
            wall, SEATS, dealer=0, dealer_extra=rules.dealer_extra, tiles_each=rules.hand_size
        )
        hand: dict[str, Any] = {
            "hand_number": n,
            "hand_seed": str(seed),
            "hand_seed_hex": _hex256(seed),
            "wall": wall,
            "dealt": dealt,
        }
        if rules.exchange_directions:  # Sichuan, Asura: the hand's exchange of three tiles
            hand["exchange_direction"] = rules.exchange_direction(master_seed, n)
        report["hands"].append(hand)
    return report


def _hand_order(tile: int) -> tuple[int, int]:
    # Plain fives and red fives side by side (105 sorts with 15). Spelled out here rather than
    # tiles.sort_key, which currently sorts red fives as kind 5 (see the report on tiles.kind).
    return (tile // 100 * 10 + 5, 0) if tile > 100 else (tile, 1)


def _wall_rows(wall: list[int], per_row: int = 17) -> list[str]:
    """The wall as numbered rows of single tiles, so a position can be read off directly."""
    return [
        f"{start:>5}  " + " ".join(tiles.format([t]) for t in wall[start : start + per_row])
        for start in range(0, len(wall), per_row)
    ]


def _print_human(report: dict[str, Any]) -> None:
    matches = report["commitment_matches"]
    field = report["hand_number_field"]
    out.print(f"[bold]Ruleset[/] {report['ruleset']}  (hand number = {field})")
    published = fairness.format_commitment(int(report["commitment"]))
    out.print(f"[bold]Commitment[/] {published}")
    out.print(f"           (as a decimal number: {report['commitment']})")
    if matches is None:
        out.print("[yellow]No --commitment given: compare this with the published commitment[/]")
    elif matches:
        out.print("[bold green]Commitment matches[/]: this seed and salt were committed to")
    else:
        out.print(
            "[bold red]Commitment does NOT match[/]: this master seed and salt are not the ones "
            "committed to at the start."
        )
    seats = Table(title="Seat order", show_edge=False)
    seats.add_column("seat")
    seats.add_column("player")
    for i, name in enumerate(report["seat_order"]):
        seats.add_row(str(i), plain(name))
    out.print(seats)
    names = report["seat_order"]
    for hand in report["hands"]:
        out.print()
        out.print(f"[bold]Hand {hand['hand_number']}[/]  seed {hand['hand_seed_hex']}")
        if "exchange_direction" in hand:
            out.print(f"  exchange direction: {hand['exchange_direction']}")
        out.print(f"  wall, {len(hand['wall'])} tiles, position 0 is dealt first:")
        for row in _wall_rows(hand["wall"]):
            out.print(row)
        out.print("  dealt (sorted):")
        for seat, dealt in enumerate(hand["dealt"]):
            role = " dealer" if seat == report["dealer"] else ""
            shown = tiles.format(sorted(dealt, key=_hand_order))
            out.print(f"    seat {seat} {plain(f'{names[seat]:<12}')}{role:<7} {shown}")


@app.command()
def verify(
    master_seed: Annotated[
        str, typer.Option("--master-seed", help="The revealed master seed: 64 hex digits.")
    ],
    salt: Annotated[str, typer.Option("--salt", help="The salt published with the commitment.")],
    ruleset: Annotated[str, typer.Option("--ruleset", help="mcr, riichi, sichuan or changsha.")],
    hands: Annotated[int, typer.Option("--hands", help="Verify hand numbers 1..N.")],
    commitment: Annotated[
        str | None,
        typer.Option("--commitment", help="The published commitment (decimal, or hex with 0x)."),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option("--players", help="Players in entry order, a,b,c,d (default p1..p4)."),
    ] = None,
    red_fives: Annotated[
        bool, typer.Option("--red-fives/--no-red-fives", help="Riichi: the wall has red fives.")
    ] = True,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            help="The game's preset, where it changes what a hand draws from its seed "
            "(riichi majsoul-asura: each hand's exchange direction).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Recompute the commitment, seat order, walls and starting hands of a finished game."""
    try:
        seed = fairness.parse_master_seed(master_seed)
    except ValueError as exc:
        fail(f"--master-seed: {exc}")
    if ruleset not in fairness.WALL_RULESETS:
        known = ", ".join(sorted(fairness.WALL_RULESETS))
        fail(f"--ruleset {ruleset!r} is not known: use one of {known}")
    if hands < 1:
        fail(f"--hands must be at least 1, got {hands}")
    claimed = None if commitment is None else _parse_commitment(commitment)
    rules = None if preset is None else _preset_wall(ruleset, preset)
    report = verification(
        seed,
        salt,
        ruleset,
        hands,
        _parse_players(players),
        claimed,
        red_fives=red_fives,
        wall_rules=rules,
    )
    if as_json:
        print_json(report)
    else:
        _print_human(report)
    # A mismatch is a finding, not a usage error: exit 1 so scripts can tell.
    if report["commitment_matches"] is False:
        raise typer.Exit(code=1)


def _preset_wall(ruleset: str, preset: str) -> fairness.WallRuleset:
    """The wall a ``ruleset`` table of ``preset`` deals from (its match type's ``wall_for``,
    else the ruleset's wall)."""
    from openmahjong.rules.registry import rulesets

    found = rulesets().get(ruleset)
    if found is None:
        fail(f"--preset needs an installed ruleset; {ruleset!r} is none")
    try:
        options = found.options(preset)
    except (KeyError, ValueError):
        known = ", ".join(sorted(found.presets))
        fail(f"--preset {preset!r} is not a {ruleset} preset: use one of {known}")
    wall_for = getattr(getattr(found, "match_type", None), "wall_for", None)
    return wall_for(options) if wall_for is not None else found.wall_rules


@app.command()
def new(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Draw a fresh master seed and salt and print them with their commitment."""
    seed = fairness.new_seed()
    salt = fairness.new_salt()
    value = fairness.commitment(seed, salt)
    report = {
        "master_seed": fairness.format_master_seed(seed),
        "salt": salt,
        "commitment": str(value),
        "commitment_hex": _hex256(value),
    }
    if as_json:
        print_json(report)
        return
    out.print(f"[bold]Master seed[/] {report['master_seed']}  (keep secret until the game ends)")
    out.print(f"[bold]Salt[/]        {report['salt']}")
    out.print(f"[bold]Commitment[/]  {fairness.format_commitment(value)}")
    out.print(f"            (as a decimal number: {report['commitment']})")
