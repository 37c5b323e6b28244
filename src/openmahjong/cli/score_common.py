"""What the ``score`` commands share: the yaku-name languages, and scoring a request with its
errors made one clear line and its answer printed as JSON or as the command's table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from openmahjong.cli.output import fail, print_json
from openmahjong.tools.parsing import plain_message

#: The languages ``--lang`` names yaku in.
LANGS = ("en", "zh", "ja")


def check_lang(lang: str) -> None:
    """Refuse a ``--lang`` the names are not kept in."""
    if lang not in LANGS:
        fail(f"--lang {lang!r}: choose {', '.join(LANGS[:-1])} or {LANGS[-1]}")


def score_and_print(
    score: Callable[[], dict[str, Any]], as_json: bool, show: Callable[[dict[str, Any]], None]
) -> dict[str, Any]:
    """Run ``score`` (building the request and scoring it: a ValueError is the user's, such as
    a hand that is no win, contradicting flags or unreadable tiles), print the document and
    return it."""
    try:
        document = score()
    except ValueError as problem:
        fail(plain_message(problem))
    if as_json:
        print_json(document)
    else:
        show(document)
    return document
