"""What every ruleset is made of, written once: its presets (:class:`Presets`), the ruleset
object the registry hands out (:class:`BaseRuleset`), rebuilding a match from its record
(:func:`replay_record`) and a single hand's record (:func:`hand_record`, :func:`replay_hand`).

A ruleset declares its match class (which names it, seats it and shuffles its wall), its
options model and presets, and writes only what is its own: its bot, what the web client shows
differently, and its hand shapes. ``docs/rulesets.md`` walks through one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from pydantic import BaseModel

from openmahjong.table.match import Match, master_seed_of, replay_into

if TYPE_CHECKING:
    from openmahjong.fairness import WallRuleset
    from openmahjong.rules.contract import Bot, Ruleset
    from openmahjong.table.events import Event
    from openmahjong.table.kernel import Table

__all__ = ["BaseRuleset", "Presets", "hand_record", "replay_hand", "replay_record"]

O = TypeVar("O", bound=BaseModel)
M = TypeVar("M", bound=Match[Any, Any])


class Presets(Mapping[str, O]):
    """A ruleset's named presets, read-only. Iterating lists the canonical names; ``in`` and
    ``[]`` also answer the aliases, so every caller that checks a name accepts them."""

    def __init__(self, presets: Mapping[str, O], aliases: Mapping[str, str] | None = None) -> None:
        self._presets = dict(presets)
        #: Other accepted names -> the canonical name.
        self.aliases: Mapping[str, str] = MappingProxyType(dict(aliases or {}))
        for alias, target in self.aliases.items():
            if target not in self._presets:
                raise ValueError(f"alias {alias!r} names no preset ({target!r})")

    def canonical(self, name: str) -> str:
        """The canonical name of a preset or alias; ``ValueError`` when unknown."""
        canonical = self.aliases.get(name, name)
        if canonical not in self._presets:
            raise ValueError(f"unknown preset {name!r}: choose one of {', '.join(self._presets)}")
        return canonical

    def options(self, name: str, **changes: Any) -> O:
        """Preset ``name`` (or an alias), with ``changes`` applied when there are any."""
        base = self._presets[self.canonical(name)]
        return type(base)(**{**base.model_dump(), **changes}) if changes else base

    def __getitem__(self, name: str) -> O:
        try:
            return self._presets[self.canonical(name)]
        except ValueError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._presets)

    def __len__(self) -> int:
        return len(self._presets)


@dataclass(frozen=True, eq=False)
class BaseRuleset(ABC, Generic[O, M]):
    """A ruleset (:class:`~openmahjong.rules.contract.Ruleset`) built from a few declared
    pieces. The match class supplies the name, the seats and the wall; a subclass adds the
    bot, the client facts and the hand shapes."""

    #: The ruleset's match (a :class:`~openmahjong.table.match.Match` subclass).
    match_type: type[M]
    #: The options model (the lobby form is generated from its JSON schema).
    options_schema: type[O]
    presets: Presets[O]
    #: Event types beyond the shared ones in ``table.events``.
    events: tuple[type[Event], ...] = ()
    #: The winning forms of ``hand.shanten`` (``SICHUAN_FORMS``, ``MCR_FORMS``...) that give
    #: :meth:`is_ready` and :meth:`is_winning_shape`; empty when the subclass writes its own.
    shape_forms: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.match_type.ruleset

    @property
    def seats(self) -> int:
        return self.match_type.seats

    @property
    def wall_rules(self) -> WallRuleset:
        return self.match_type.wall

    @property
    def tiles(self) -> int:
        return self.match_type.wall.size

    @property
    def preset_aliases(self) -> Mapping[str, str]:
        return self.presets.aliases

    def preset_name(self, name: str) -> str:
        return self.presets.canonical(name)

    def options(self, name: str, **changes: Any) -> O:
        return self.presets.options(name, **changes)

    def new_match(
        self,
        players: Sequence[str] | None,
        master_seed: int,
        salt: str | None,
        options: BaseModel | str,
    ) -> M:
        if isinstance(options, str):
            options = self.options(options)
        return self.match_type(options, master_seed, players=players, salt=salt)

    def replay(self, record: Mapping[str, Any]) -> M:
        return cast(M, replay_record(self, record))

    @abstractmethod
    def bot(self, seed: int) -> Bot: ...

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """One bot, named after the ruleset; a ruleset with several lists them."""
        return {self.name: self.bot}

    @property
    def standard_preset(self) -> str:
        """The first preset, unless the ruleset names another."""
        return next(iter(self.presets))

    @property
    def outside_formats(self) -> frozenset[str]:
        """None: our own JSON record only."""
        return frozenset()

    def client_info(self) -> dict[str, Any]:
        """The facts every ruleset has (name, seats, wall size, its hand counter, red fives),
        JSON-ready; a ruleset adds its own (its words, its table, its lobby fields)."""
        wall = self.wall_rules
        return {
            "name": self.name,
            "seats": self.seats,
            "tiles": wall.size,
            "hand_number": wall.hand_number,
            "red_fives": wall.red_fives,
        }

    @property
    def analysis_forms(self) -> tuple[str, ...]:
        """The ``hand.shanten`` forms the hand-analysis tool measures a hand of this ruleset
        by (``openmahjong analyze --ruleset NAME``): :attr:`shape_forms` unless a ruleset that
        writes its own checks names them."""
        return self.shape_forms

    def _shanten(self, concealed: Iterable[int]) -> int:
        from openmahjong.hand.shanten import shanten_counts  # the hand tables load on first use
        from openmahjong.tiles import counts34, is_flower

        if not self.shape_forms:
            raise NotImplementedError(f"{self.name}: declare shape_forms or write the checks")
        tiles = (t for t in concealed if not is_flower(t))
        return shanten_counts(counts34(tiles), forms=self.shape_forms)

    def is_ready(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 13 - 3k tiles one tile from one of :attr:`shape_forms` (flowers
        set aside; fans, yaku and the ruleset's own limits unchecked)."""
        return self._shanten(concealed) == 0

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 14 - 3k tiles in one of :attr:`shape_forms`."""
        return self._shanten(concealed) == -1


def replay_record(ruleset: Ruleset, record: Mapping[str, Any]) -> Match[Any, Any]:
    """Rebuild a match from our JSON record (``docs/records.md``; also the older flat
    ``{options, master_seed, actions}``): a fresh match with the header's options, seed,
    players and salt, then every action through ``act`` / ``timeout`` again, so one that does
    not fit raises ``IllegalAction``. A header without options takes its preset's."""
    header = record.get("header", record)
    if header.get("options") is None and header.get("preset") is not None:
        options: BaseModel = ruleset.options(header["preset"])
    else:
        options = ruleset.options_schema(**header["options"])
    match = ruleset.new_match(
        header.get("player_entry_order"),
        master_seed_of(header.get("master_seed")),
        header.get("salt"),
        options,
    )
    return replay_into(match, record)


def hand_record(
    ruleset: str, table: Table, options: BaseModel, points: Sequence[int], **header: Any
) -> dict[str, Any]:
    """One hand as a record: the header that deals it (``header`` holds the ruleset's own
    fields, Riichi's honba or MCR's prevalent wind) plus the ordered actions. Its ruleset's
    ``replay_hand`` deals the same hand from it again (:func:`replay_hand`)."""
    return {
        "ruleset": ruleset,
        "options": options.model_dump(),
        "dealer": table.dealer,
        **header,
        "points": list(points),
        "wall": list(table.initial_wall),
        "actions": table.action_log(),
    }


#: The fields of a hand record that are not arguments of the ruleset's ``new_hand``.
_NOT_DEAL_ARGS = frozenset({"ruleset", "options", "wall", "actions"})


def replay_hand(
    record: Mapping[str, Any],
    new_hand: Callable[..., Table],
    options_schema: type[BaseModel],
    **renamed: str,
) -> Table:
    """Deal a :func:`hand_record`'s hand again with ``new_hand(wall, options, **header)`` and
    push its actions through. Each header field is the keyword of its own name, unless
    ``renamed`` gives another (Riichi's ``sticks_at_start="sticks"``)."""
    header = {renamed.get(k, k): v for k, v in record.items() if k not in _NOT_DEAL_ARGS}
    table = new_hand(record["wall"], options_schema(**record["options"]), **header)
    return replay_into(table, record)
