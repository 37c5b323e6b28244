"""The fan quiz's catalogue: every MCR fan and Riichi yaku as a guessable pattern.

Names and values are read from the scorers' own tables (``rules.mcr.fans``,
``rules.riichi.yaku_table``); each ruleset's ``quiz_patterns`` beside them adds what only the quiz
needs (categories, group counts, Japanese MCR names, the merged dragon and wind yaku, Nagashi
mangan), and ``catalogue_data`` gathers those and the relations across rulesets.
``patterns(pool)`` gives a matchmaking pool's patterns; ``find`` completes names as typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from openmahjong.quiz import catalogue_data as D
from openmahjong.rules.mcr import fans as mcr_fans
from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU, YAKU, YakuInfo

__all__ = [
    "Pattern",
    "CATALOGUE",
    "BY_ID",
    "POOLS",
    "LANGS",
    "CATEGORIES",
    "patterns",
    "find",
    "get",
    "mcr_fan_keys",
]

POOLS = ("riichi", "mcr+riichi")
LANGS = ("en", "zh", "ja")
CATEGORIES = D.CATEGORIES


@dataclass(frozen=True)
class Pattern:
    """One guessable pattern. ``values``/``categories`` are primary first; ``groups`` is the
    primary group count (an int or ``"whole_hand"``), ``group_counts`` every valid one."""

    id: str
    ruleset: str
    name_zh: str
    name_en: str
    name_ja: str
    categories: tuple[str, ...]
    values: tuple[int | str, ...]
    groups: int | str
    related: tuple[str, ...]
    local: bool = False  # a Melee Room local yaku (or renhou, which only that room plays)
    covers: tuple[str, ...] = ()  # the scorer keys this pattern stands for (merged yaku: several)
    group_counts: tuple[int | str, ...] = ()

    @property
    def value(self) -> int | str:
        """The value a drawn question uses: always the primary (closed) one (§7.4.4)."""
        return self.values[0]

    def as_dict(self) -> dict[str, object]:
        """The pattern as JSON-ready data (lists for tuples), for the server and the pages."""
        return {
            "id": self.id,
            "ruleset": self.ruleset,
            "name": {"zh": self.name_zh, "en": self.name_en, "ja": self.name_ja},
            "categories": list(self.categories),
            "values": list(self.values),
            "groups": self.groups,
            "group_counts": list(self.group_counts),
            "related": list(self.related),
            "local": self.local,
        }

    def name(self, lang: str) -> str:
        if lang not in LANGS:
            raise ValueError(f"no pattern names in {lang!r}: choose en, zh or ja")
        return str(getattr(self, f"name_{lang}"))


def mcr_fan_keys() -> dict[int, str]:
    """Fan number -> the scorer's key: its named constant in ``fans.py``, in lower case."""
    keys = {}
    for name, number in vars(mcr_fans).items():
        if name.isupper() and isinstance(number, int) and name != "N_FANS":
            keys[number] = name.lower()
    return keys


def _groups(raw: object) -> tuple[int | str, tuple[int | str, ...]]:
    counts = raw if isinstance(raw, tuple) else (raw,)
    return counts[0], counts


def _related_index() -> dict[str, tuple[str, ...]]:
    related: dict[str, list[str]] = {}
    for group in D.RELATED_GROUPS:
        for member in group:
            bucket = related.setdefault(member, [])
            bucket.extend(m for m in group if m != member and m not in bucket)
    return {k: tuple(v) for k, v in related.items()}


def _mcr_patterns(related: dict[str, tuple[str, ...]]) -> list[Pattern]:
    out = []
    keys = mcr_fan_keys()
    for fan in mcr_fans.FANS:
        key = keys[fan.number]
        if key in D.MCR_LEFT_OUT:
            continue
        row = D.MCR[key]
        groups, counts = _groups(row[1])
        pid = f"mcr:{key}"
        values = tuple(row[2]) if len(row) > 2 else (fan.value,)
        out.append(
            Pattern(
                pid,
                "mcr",
                fan.zh,
                fan.en,
                D.MCR_JA[key],
                tuple(row[0]),
                values,
                groups,
                related.get(pid, ()),
                covers=(key,),
                group_counts=counts,
            )  # fmt: skip
        )
    return out


def _riichi_values(info: YakuInfo) -> tuple[int, ...]:
    if info.yakuman:
        return (D.DOUBLE_YAKUMAN if info.yakuman == 2 else D.YAKUMAN,)
    if info.han_open and info.han_open != info.han_closed:
        return (info.han_closed, info.han_open)
    return (info.han_closed,)


def _stem(name: str) -> str:
    # "自风 东" -> "自风": the merged yaku's name is the scorer's common stem
    return name.split(" ")[0]


def _riichi_patterns(related: dict[str, tuple[str, ...]]) -> list[Pattern]:
    merged_of = {i: k for k, (ids, _) in D.RIICHI_MERGED.items() for i in ids}
    rows: list[tuple[str, str, str, str, tuple[int, ...], bool, tuple[str, ...]]] = []
    seen: set[str] = set()
    for table, local in ((YAKU, False), (LOCAL_YAKU, True)):
        for info in table.values():
            key = merged_of.get(info.id, info.id)
            if key in seen:
                continue
            seen.add(key)
            if key in D.RIICHI_MERGED:
                ids, en = D.RIICHI_MERGED[key]
                zh, ja = _stem(info.zh), _stem(info.ja)
                rows.append((key, zh, en, ja, _riichi_values(info), local, ids))
                continue
            melee = local or key in D.RIICHI_MELEE_ONLY
            rows.append((key, info.zh, info.en, info.ja, _riichi_values(info), melee, (key,)))
            if key == "aka_dora":  # quiz-only rows follow the standard table
                for extra, (ezh, een, eja) in D.RIICHI_EXTRA_NAMES.items():
                    rows.append((extra, ezh, een, eja, (), False, ()))
    out = []
    for key, zh, en, ja, values, local, covers in rows:
        row = D.RIICHI[key]
        groups, counts = _groups(row[1])
        pid = f"riichi:{key}"
        if len(row) > 2:
            values = tuple(row[2])
        out.append(
            Pattern(
                pid,
                "riichi",
                zh,
                en,
                ja,
                tuple(row[0]),
                values,
                groups,
                related.get(pid, ()),
                local=local,
                covers=covers,
                group_counts=counts,
            )  # fmt: skip
        )
    return out


def _build() -> tuple[Pattern, ...]:
    related = _related_index()
    return tuple(_mcr_patterns(related) + _riichi_patterns(related))


#: Every pattern: the 81 MCR fans in rulebook order, then the Riichi yaku in the yaku table's
#: order (the merged dragon and wind yaku where their first member stands, Nagashi mangan after
#: the dora, the Melee Room's local yaku last).
CATALOGUE: tuple[Pattern, ...] = _build()
BY_ID: dict[str, Pattern] = {p.id: p for p in CATALOGUE}


def get(pattern_id: str) -> Pattern:
    """A pattern by id; a clear ``KeyError`` for an unknown one."""
    try:
        return BY_ID[pattern_id]
    except KeyError:
        raise KeyError(f"no quiz pattern {pattern_id!r}") from None


def patterns(pool: str, *, local: bool = True) -> tuple[Pattern, ...]:
    """The patterns a pool draws from and accepts as guesses: ``"riichi"`` (the Riichi yaku)
    or ``"mcr+riichi"`` (all). ``local=False`` leaves the Melee Room's local yaku out."""
    if pool not in POOLS:
        raise ValueError(f"unknown quiz pool {pool!r}: choose one of {', '.join(POOLS)}")
    rulesets = ("riichi",) if pool == "riichi" else ("mcr", "riichi")
    return tuple(p for p in CATALOGUE if p.ruleset in rulesets and (local or not p.local))


def _fold(text: str) -> str:
    # case, spaces, hyphens and the middle dot do not matter when typing a name
    return "".join(ch for ch in text.casefold() if ch not in " -·・'")


def find(text: str, lang: str, pool: str) -> list[Pattern]:
    """Patterns of ``pool`` whose name in ``lang`` contains ``text``: names that start with it
    first, then the rest, each in catalogue order. Empty text finds nothing."""
    if lang not in LANGS:
        raise ValueError(f"no pattern names in {lang!r}: choose en, zh or ja")
    needle = _fold(text)
    if not needle:
        return []
    starts, contains = [], []
    for p in patterns(pool):
        name = _fold(p.name(lang))
        if name.startswith(needle):
            starts.append(p)
        elif needle in name:
            contains.append(p)
    return starts + contains
