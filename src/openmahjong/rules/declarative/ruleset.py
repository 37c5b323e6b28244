"""From a :class:`~openmahjong.rules.declarative.declaration.Declaration` to a whole ruleset
(:func:`declare_ruleset`): the wall registered with the fairness scheme, the match class, the
presets, the bot, what the web client is told, the shape checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openmahjong.fairness import WallRuleset
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.declarative.bot import DeclaredBot
from openmahjong.rules.declarative.declaration import Declaration, ScoredWin, score_win
from openmahjong.rules.declarative.hand import winning_shapes
from openmahjong.rules.declarative.match import DeclaredMatch, DeclaredOptions
from openmahjong.rules.declarative.round import DeclaredWon, FlowerLaidOut
from openmahjong.rules.kit import BaseRuleset, Presets
from openmahjong.tiles import kind

__all__ = ["DeclaredRuleset", "declare_ruleset", "declared_wall", "declared_presets"]


def declared_wall(declaration: Declaration) -> WallRuleset:
    """The declaration's wall (not registered: :func:`declare_ruleset` registers it)."""
    tiles = declaration.tiles
    return WallRuleset(
        name=declaration.name,
        size=tiles.size,
        hand_number="round_index",
        dealer_extra=True,
        note=tiles.describe(),
        kinds=tiles.kinds,
        extra=tiles.extra,
    )


def declared_presets(declaration: Declaration) -> dict[str, DeclaredOptions]:
    """The declaration's presets as options: its own, or ``<name>-quick`` (4 hands) and
    ``<name>-full`` (``declaration.hands``)."""
    base = {"hands": declaration.hands, "starting_points": declaration.starting_points}
    named = dict(declaration.presets) or {
        f"{declaration.name}-quick": {"hands": min(4, declaration.hands)},
        f"{declaration.name}-full": {},
    }
    return {
        name: DeclaredOptions(**{**base, **changes, "name": name})
        for name, changes in named.items()
    }


@dataclass(frozen=True, eq=False, kw_only=True)
class DeclaredRuleset(BaseRuleset[DeclaredOptions, DeclaredMatch]):
    """A ruleset made from a declaration (:func:`declare_ruleset` builds it)."""

    declaration: Declaration
    preferred_preset: str | None = None

    @property
    def standard_preset(self) -> str:
        return self.preferred_preset or next(iter(self.presets))

    @property
    def analysis_forms(self) -> tuple[str, ...]:
        return tuple(self.declaration.forms)

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        return {self.name: self.bot}

    def bot(self, seed: int) -> Bot:
        return DeclaredBot(seed, self.declaration.forms)

    # ------------------------------------------------------------------ shapes and scoring
    def _shapes(self, tiles: Sequence[int]) -> bool:
        melds = (14 - len(tiles)) // 3
        d = self.declaration
        return bool(
            winning_shapes(tiles, melds, d.forms, four_in_seven_pairs=d.four_in_seven_pairs)
        )

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        """A winning shape of the declared forms (3k + 2 tiles), before ``accept``, the
        patterns and the minimum."""
        tiles = list(concealed)
        return len(tiles) % 3 == 2 and self._shapes(tiles)

    def is_ready(self, concealed: Iterable[int]) -> bool:
        """One tile from a winning shape (3k + 1 tiles)."""
        tiles = [kind(t) for t in concealed]
        if len(tiles) % 3 != 1:
            return False
        return any(
            tiles.count(k) < 4 and self._shapes([*tiles, k]) for k in self.declaration.tiles.kinds
        )

    def score(
        self,
        concealed: Sequence[int],
        melds: Sequence[tuple[str, Sequence[int]]] = (),
        winning_tile: int | None = None,
        *,
        self_drawn: bool = False,
        **situation: Any,
    ) -> ScoredWin:
        """Score a win (``declarative.score_win``): ``concealed`` with the winning tile (by
        default its last tile), ``melds`` as ``(kind, tiles)``."""
        tile = concealed[-1] if winning_tile is None else winning_tile
        return score_win(
            self.declaration, concealed, melds, tile, self_drawn=self_drawn, **situation
        )

    # ------------------------------------------------------------------ the client
    def messages(self) -> dict[str, dict[str, str]]:
        """The ruleset's words by language: its name, its patterns, its unit of points."""
        d = self.declaration
        out: dict[str, dict[str, str]] = {}
        for lang in ("en", "zh", "ja"):
            words = out.setdefault(lang, {})
            words[f"{d.name}.name"] = (
                d.names.get(lang) or d.names.get("zh" if lang == "ja" else "en") or d.names["en"]
            )
            words[f"{d.name}.points"] = d.unit.get(lang) or d.unit.get("en", "{n}")
            for p in d.all_patterns:
                fallback = p.names.get("zh" if lang == "ja" else "en") or p.names["en"]
                words[f"{d.name}.pattern.{p.key}"] = p.names.get(lang) or fallback
        return out

    def client_info(self) -> dict[str, Any]:
        d = self.declaration
        return {
            **super().client_info(),
            "label": f"{d.name}.name",
            "default_preset": self.standard_preset,
            "words": {},
            "table": {
                "dead_wall": 0,
                "dora": False,
                "sticks": False,
                "flowers": d.tiles.flowers,
                "kinds": list(d.tiles.kinds),
            },
            "lobby": [
                {"option": "hands", "label": "lobby.length"},
                {"option": "starting_points", "label": "lobby.startingPoints"},
            ],
            "patterns": [
                {"key": p.key, "label": f"{d.name}.pattern.{p.key}", "value": p.value}
                for p in d.all_patterns
            ],
            "points_label": f"{d.name}.points",
            "minimum": d.minimum,
            "limit": d.limit if isinstance(d.limit, int) else None,
            "source": d.source,
            "messages": self.messages(),
        }


def declare_ruleset(declaration: Declaration) -> DeclaredRuleset:
    """The whole ruleset a declaration describes; hand the result to an entry point
    (``openmahjong.rulesets``) or to ``registry.register``. Either registers its wall with the
    fairness scheme; declaring alone does not, so a declaration that is imported but never
    installed (a test's) adds no wall to the seed tools' list."""
    wall = declared_wall(declaration)
    presets = declared_presets(declaration)
    camel = "".join(part.capitalize() for part in declaration.name.split("-"))
    match_type = type(
        f"{camel}Match",
        (DeclaredMatch,),
        {
            "ruleset": declaration.name,
            "presets": presets,
            "wall": wall,
            "declaration": declaration,
            "__module__": __name__,
        },
    )
    standard = declaration.standard_preset or (
        None if declaration.presets else f"{declaration.name}-full"
    )
    if standard is not None and standard not in presets:
        raise ValueError(f"standard_preset {standard!r} is none of {', '.join(presets)}")
    return DeclaredRuleset(
        match_type=match_type,
        options_schema=DeclaredOptions,
        presets=Presets(presets),
        events=(DeclaredWon, FlowerLaidOut),
        declaration=declaration,
        preferred_preset=standard,
    )


if TYPE_CHECKING:
    _AS_CONTRACT: Ruleset = declare_ruleset(
        Declaration(name="x", names={"en": "x", "zh": "x"}, patterns=())
    )
