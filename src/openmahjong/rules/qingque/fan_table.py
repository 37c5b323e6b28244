"""The source's Qingque value table, read from ``fan_cache.txt`` beside this module.

The source (``open_mahjong_unity/Assets/Resources/Qingque13/fan_cache.json`` in the public
repository ``xelnagamiao/open_mahjong_unity``, MIT, the same table as ``mmcr14.online``'s) maps
each raw fan set (a 96-character bit string, bit ``i`` counted from the right being
``criteria.CODE_ORDER[i]``) to the fan value of a hand with exactly that set, occasional fans
not counted. ``fan_cache.txt`` holds every one of its entries, with the licence and how the copy
was checked; ``tests/rules/qingque/test_scoring.py`` checks every line (和牌 present, no
occasional fan, the implications between fans held).
"""

from __future__ import annotations

from importlib.resources import files

__all__ = ["ENTRIES", "SOURCE_ENTRIES"]


def _parse(text: str) -> dict[frozenset[int], float]:
    out: dict[frozenset[int], float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            bits, value = line.split("=")
            out[frozenset(int(b) for b in bits.split())] = float(value)
    return out


#: Raw fan set (as bit numbers of ``criteria.CODE_ORDER``) -> the source's value.
ENTRIES: dict[frozenset[int], float] = _parse(
    files(__package__).joinpath("fan_cache.txt").read_text(encoding="utf-8")
)

#: How many entries the source's table has: all of them are here.
SOURCE_ENTRIES = 9645
