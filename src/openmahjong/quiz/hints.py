"""How a guess relates to the answer, field by field (the seed's §7.3).

Green: the field matches exactly. Yellow: related — the name of a synonym or a pattern of the
same merged group, a category the two share without the whole list matching, the answer's
other valid value or group count. Grey: unrelated. Numeric fields also carry an arrow saying
whether the answer is higher (``"up"``) or lower (``"down"``). ``related_hints=False`` turns
every yellow grey and keeps the greens and arrows.
"""

from __future__ import annotations

from dataclasses import dataclass

from openmahjong.quiz.catalogue import Pattern

__all__ = ["FieldHint", "Hint", "FIELDS", "compare"]

FIELDS = ("name", "ruleset", "category", "value", "groups")
GREEN, YELLOW, GREY = "green", "yellow", "grey"


@dataclass(frozen=True)
class FieldHint:
    field: str  # one of FIELDS
    colour: str  # "green" | "yellow" | "grey"
    arrow: str | None = None  # "up" | "down": the answer is higher / lower; None when equal or n/a


Hint = FieldHint  # the contract's other name for it


def _arrow(guess: int | str, answer: int | str) -> str | None:
    # "whole_hand" has no order against numbers: no arrow
    if not isinstance(guess, int) or not isinstance(answer, int) or guess == answer:
        return None
    return "up" if answer > guess else "down"


def _name(guess: Pattern, answer: Pattern) -> str:
    if guess.id == answer.id:
        return GREEN
    return YELLOW if guess.id in answer.related or answer.id in guess.related else GREY


def _category(guess: Pattern, answer: Pattern) -> str:
    # The seed's examples decide it: Knitted Straight [sequence, knitted] against a [sequence]
    # guess is yellow, so green needs the whole ordered list; any shared category is yellow.
    if guess.categories == answer.categories:
        return GREEN
    return YELLOW if set(guess.categories) & set(answer.categories) else GREY


def _numeric(
    field: str, guess_main: int | str, answer_main: int | str, answer_all: tuple
) -> FieldHint:
    # the guess's primary value against the drawn one; yellow when it is the answer's other value
    arrow = _arrow(guess_main, answer_main)
    if guess_main == answer_main:
        return FieldHint(field, GREEN)
    if guess_main in answer_all:
        return FieldHint(field, YELLOW, arrow)
    return FieldHint(field, GREY, arrow)


def compare(
    guess: Pattern,
    answer: Pattern,
    *,
    related_hints: bool = True,
    answer_value: int | str | None = None,
) -> tuple[FieldHint, ...]:
    """The hints for ``guess`` against ``answer``, one per field of ``FIELDS`` in that order.

    ``answer_value`` is the value the question drew (default and by §7.4.4 always: the
    primary one); it must be one of the answer's values."""
    drawn = answer.values[0] if answer_value is None else answer_value
    if drawn not in answer.values:
        raise ValueError(f"{answer.id} has values {list(answer.values)}, not {drawn!r}")
    hints = (
        FieldHint("name", _name(guess, answer)),
        FieldHint("ruleset", GREEN if guess.ruleset == answer.ruleset else GREY),
        FieldHint("category", _category(guess, answer)),
        _numeric("value", guess.values[0], drawn, answer.values),
        _numeric("groups", guess.groups, answer.groups, answer.group_counts or (answer.groups,)),
    )
    if related_hints:
        return hints
    return tuple(FieldHint(h.field, GREY, h.arrow) if h.colour == YELLOW else h for h in hints)
