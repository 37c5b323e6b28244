"""``openmahjong quiz frequency``: how often each quiz pattern comes with the others.

Generates winning hands, scores them with our scorers and prints, for the patterns that carry
more than one category (or the one ``--pattern`` names), the patterns they share hands with as
a percentage with counts. ``docs/quiz.md`` quotes the figures and how they are made.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from openmahjong.cli import app
from openmahjong.cli.output import fail, out, print_json
from openmahjong.quiz.catalogue import BY_ID, CATALOGUE, CATEGORIES, LANGS, Pattern, find
from openmahjong.quiz.frequency import TRACKED, Frequencies, measure

quiz_app = typer.Typer(help="The fan quiz's catalogue tools.", no_args_is_help=True)
app.add_typer(quiz_app, name="quiz")


def _pattern(text: str, ruleset: str) -> Pattern:
    if text in BY_ID:
        return BY_ID[text]
    for lang in LANGS:
        exact = [p for p in find(text, lang, "mcr+riichi") if p.name(lang) == text]
        exact = [p for p in exact if p.ruleset == ruleset] or exact
        if exact:
            return exact[0]
    fail(f"no quiz pattern {text!r}: give an id such as mcr:knitted_straight or an exact name")


def _pct(n: int, of: int) -> str:
    return f"{100 * n / of:.1f}% ({n}/{of})" if of else "-"


def _document(freq: Frequencies, subjects: list[Pattern], top: int) -> dict:
    return {
        "ruleset": freq.ruleset,
        "hands": freq.hands,
        "dropped": freq.dropped,
        "tracked": [
            {
                "pattern": p,
                "with_any_of": list(o),
                "both": freq.share(p, o)[0],
                "hands": freq.share(p, o)[1],
            }
            for p, o in TRACKED
            if p.split(":")[0] == freq.ruleset
        ],  # fmt: skip
        "patterns": [
            {
                "id": p.id,
                "categories": list(p.categories),
                "hands": freq.alone[p.id],
                "by_category": {c: freq.by_category[p.id, c] for c in CATEGORIES},
                "with": [
                    {"id": other, "both": both, "category": BY_ID[other].categories[0]}
                    for other, both, _ in freq.with_(p.id)[:top]
                ],
            }
            for p in subjects
        ],
    }


@quiz_app.command("frequency")
def frequency(
    ruleset: Annotated[str, typer.Option("--ruleset", help="mcr or riichi.")] = "mcr",
    hands: Annotated[int, typer.Option("--hands", help="Winning hands to score.")] = 20000,
    seed: Annotated[
        int, typer.Option("--seed", help="Generator seed (same seed, same figures).")
    ] = 0,
    pattern: Annotated[
        str | None,
        typer.Option("--pattern", help="Only this pattern (id or exact name), all it comes with."),
    ] = None,
    top: Annotated[int, typer.Option("--top", help="Co-occurring patterns shown each.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Measure the frequency principle (§7.4.1) over generated winning hands."""
    if ruleset not in ("mcr", "riichi"):
        fail(f"unknown ruleset {ruleset!r}: choose mcr or riichi")
    if hands < 1 or top < 1:
        fail("--hands and --top must be at least 1")
    if pattern is not None:
        subjects = [_pattern(pattern, ruleset)]
        if subjects[0].ruleset != ruleset:
            fail(
                f"{subjects[0].id} is not a {ruleset} pattern: pass --ruleset {subjects[0].ruleset}"
            )
        top = 10_000
    else:
        subjects = [p for p in CATALOGUE if p.ruleset == ruleset and len(p.categories) > 1]
    freq = measure(ruleset, hands, seed)
    document = _document(freq, subjects, top)
    if as_json:
        print_json(document)
        return
    out.print(
        f"{freq.hands} winning {ruleset} hands scored (seed {seed}; {freq.dropped} generated "
        "hands were no win and were dropped)"
    )
    for row in document["tracked"]:
        names = " or ".join(BY_ID[o].name_en for o in row["with_any_of"])
        out.print(
            f"{BY_ID[row['pattern']].name_en} with {names}: {_pct(row['both'], row['hands'])}"
        )
    table = Table(header_style="bold")
    for column in (
        "pattern",
        "categories",
        "hands",
        "with a pattern of category",
        "comes with",
    ):
        table.add_column(column)
    for p, row in zip(subjects, document["patterns"], strict=True):
        with_ = "\n".join(
            f"{BY_ID[w['id']].name_en} [{w['category']}] {_pct(w['both'], row['hands'])}"
            for w in row["with"]
        )
        shares = "\n".join(
            f"{c} {_pct(n, row['hands'])}" for c, n in row["by_category"].items() if n
        )
        table.add_row(
            f"{p.name_en}\n{p.id}", ", ".join(p.categories), str(row["hands"]), shares, with_
        )
    out.print(table)
