"""The ruleset contract: what the server, the CLI, the table and the web client may ask of a
ruleset, and nothing more. ``docs/rulesets.md`` explains each member with an example.

A ruleset is one object (``RULESET`` in its package) registered under the entry-point group
``openmahjong.rulesets`` (or with :func:`openmahjong.rules.registry.register`);
:func:`openmahjong.rules.registry.get_ruleset` returns it typed as :class:`Ruleset`. Code
outside ``rules/<name>/`` never names a ruleset and never probes one with ``getattr``: what
differs between rulesets is a member here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel

if TYPE_CHECKING:
    from openmahjong.fairness import WallRuleset
    from openmahjong.table.events import Event
    from openmahjong.table.match import Match

__all__ = ["Ruleset", "Bot"]


@runtime_checkable
class Bot(Protocol):
    """A seat played by the program: given the seat's view of the table (``Table.view``, which
    lists the legal actions), it returns one of them."""

    def act(self, view: Any) -> Any: ...


@runtime_checkable
class Ruleset(Protocol):
    """One ruleset. The members are read-only (a frozen dataclass or properties satisfy them);
    :class:`openmahjong.rules.kit.BaseRuleset` gives most of them from a few declared pieces."""

    @property
    def name(self) -> str:
        """The registry name, written into records and room rows."""
        ...

    @property
    def seats(self) -> int:
        """Seats at the table."""
        ...

    @property
    def tiles(self) -> int:
        """Tiles in a full wall with the default options."""
        ...

    @property
    def options_schema(self) -> type[BaseModel]:
        """The options model (pydantic): the lobby form is generated from its JSON schema."""
        ...

    @property
    def wall_rules(self) -> WallRuleset:
        """The wall this ruleset shuffles, registered with ``fairness.register_wall`` on
        import; its ``hand_number`` names the counter that feeds ``fairness.hand_seed``."""
        ...

    @property
    def events(self) -> tuple[type[Event], ...]:
        """Event types of this ruleset beyond the shared ones in ``table.events`` (for the
        protocol documentation and for decoding records); may be empty."""
        ...

    @property
    def presets(self) -> Mapping[str, BaseModel]:
        """The named presets: iterating lists the canonical names; ``in`` and ``[]`` may
        also answer the aliases."""
        ...

    @property
    def preset_aliases(self) -> Mapping[str, str]:
        """Other accepted names of presets -> the canonical name (may be empty)."""
        ...

    def preset_name(self, name: str) -> str:
        """The canonical name of a preset or alias; ``ValueError`` when unknown."""
        ...

    def options(self, name: str, **changes: Any) -> BaseModel:
        """A preset with changes applied (``ValueError`` / ``ValidationError`` when bad)."""
        ...

    def new_match(
        self,
        players: Sequence[str] | None,
        master_seed: int,
        salt: str | None,
        options: BaseModel | str,
    ) -> Match[Any, Any]:
        """A fresh match: ``players`` in entry order (seats come from the master seed)."""
        ...

    @property
    def standard_preset(self) -> str:
        """The preset of a full, standard game: what self-play plays when no preset is named."""
        ...

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """This ruleset's bots by name (``selfplay --bot``), each made from a seed; the first is
        the one :meth:`bot` gives."""
        ...

    def bot(self, seed: int) -> Bot:
        """This ruleset's own bot for one seat (the first of :attr:`bots`)."""
        ...

    @property
    def outside_formats(self) -> frozenset[str]:
        """Outside formats this ruleset's games speak: ``"mjai"`` (outside AIs play it, over
        ``/ws/mjai`` or ``selfplay --seat``, and records export to mjai), ``"tenhou6"``
        (records export to tenhou.net/6). Empty: our own JSON record only."""
        ...

    def replay(self, record: Mapping[str, Any]) -> Match[Any, Any]:
        """Rebuild a match from our JSON record by pushing every action through it again
        (``IllegalAction`` / ``ValueError`` when the record does not fit)."""
        ...

    def client_info(self) -> dict[str, Any]:
        """What the web client shows differently for this ruleset (JSON-ready): call and win
        words, whether there are riichi sticks, red fives, flowers, the wall's kinds..."""
        ...

    def is_ready(self, concealed: Iterable[int]) -> bool: ...

    def is_winning_shape(self, concealed: Iterable[int]) -> bool: ...
