"""Self-play: four bots play a match through the engine, each seeing only its own view.

Everything is derived from the self-play seed, so one seed always plays the same games and
writes the same records: game ``g``'s master seed and salt are SHA-256 hashes of the seed and
``g`` (:func:`selfplay_seed`), and each seat's bot is seeded from the master seed and the seat.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openmahjong.bots.driver import play_to_end
from openmahjong.bots.riichi import RiichiBot
from openmahjong.rules.riichi.game.match import RiichiMatch
from openmahjong.rules.riichi.game.options import GameOptions

__all__ = ["BOTS", "make_bot", "play_match", "selfplay_seed", "PLAYERS"]

#: Bot names -> factories taking a seed.
BOTS: dict[str, Callable[[int], Any]] = {
    "efficiency": lambda seed: RiichiBot(seed),
    "efficiency-nodefence": lambda seed: RiichiBot(seed, defend=False),
}

#: Entry order of the four self-play players (seats come from the master seed).
PLAYERS = ("bot-1", "bot-2", "bot-3", "bot-4")


def make_bot(name: str, seed: int) -> Any:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOTS)}") from None


def selfplay_seed(seed: int, game: int) -> tuple[int, str]:
    """Game ``game``'s (0-based) master seed (256 bits) and salt for self-play seed ``seed``."""
    digest = hashlib.sha256(f"openmahjong-selfplay:{seed}:{game}".encode()).hexdigest()
    salt = hashlib.sha256(f"openmahjong-selfplay-salt:{seed}:{game}".encode()).hexdigest()[:32]
    return int(digest, 16), salt


def play_match(
    options: GameOptions,
    master_seed: int,
    *,
    salt: str | None = None,
    bots: Sequence[str] | str = "efficiency",
    players: Sequence[str] = PLAYERS,
    on_hand: Callable[[RiichiMatch], None] | None = None,
    max_actions: int = 1_000_000,
    outside: Mapping[int, Any] | None = None,
) -> RiichiMatch:
    """Play one match to its end with bots and return it (``match.record()`` is its record).

    ``bots``: one name for every seat, or four names in seat order. ``on_hand`` is called after
    each finished hand (progress bars). Each decision sees ``table.view(seat, events=False)``:
    the seat's own view, without the event stream the bot does not read. ``outside``: seats
    played by outside mjai programs (started :class:`~openmahjong.bots.mjai_process.MjaiProcess`
    objects, by table seat); our bots fill the other seats.
    """
    names = [bots] * 4 if isinstance(bots, str) else list(bots)
    seat_bots = [make_bot(name, (master_seed >> (32 * s)) ^ s) for s, name in enumerate(names)]
    match = RiichiMatch(options, master_seed, players=players, salt=salt)
    if outside:
        from openmahjong.bots.mjai_process import play_with_outside

        return play_with_outside(  # type: ignore[no-any-return]
            match, outside, seat_bots.__getitem__, max_actions=max_actions, on_hand=on_hand
        )
    return play_to_end(match, seat_bots.__getitem__, max_actions=max_actions, on_hand=on_hand)
