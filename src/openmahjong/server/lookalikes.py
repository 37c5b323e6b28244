"""What a name looks like: its skeleton, the scripts it mixes, the characters that show nothing.

Two names with the same *skeleton* can pass for each other on screen ("alice01", "aIice01",
"аlice01" with a Cyrillic а, "ＡＬＩＣＥ０１"). The skeleton is the name in NFKC, with the
lookalikes of ``confusables.txt`` replaced by the Latin letters they pass for, case-folded: a
small hand-made cut of Unicode's UTS #39 confusables for Latin, Cyrillic, Greek and Armenian,
the digits 0 and 1, and "rn"/"m", "vv"/"w". It catches the common tricks, not every one a
font can play (see docs/server.md, Accounts).

Python's ``unicodedata`` has no Script property, so a character's script is read from its
Unicode name ("CYRILLIC SMALL LETTER A" is Cyrillic), which holds for the letters that matter.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

__all__ = ["invisible", "mixed_scripts", "nfkc", "scripts", "skeleton"]

TABLE = Path(__file__).with_name("confusables.txt")

# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties): characters that draw nothing.
# Most are format characters, but the Hangul fillers are letters and pass any \w test.
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)

# Scripts that may share a name (UTS #39 "highly restrictive"): Japanese, Chinese with
# Bopomofo, and Korean names, each with Latin. Any other mix of two scripts is refused.
_ALLOWED_MIXES = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
# Name prefixes that are not the script's own name.
_SCRIPT_ALIASES = {"CJK": "HAN", "IDEOGRAPHIC": "HAN", "ARABIC-INDIC": "ARABIC"}
# The Japanese prolonged sound mark belongs to both kana scripts.
_COMMON_NAMES = ("KATAKANA-HIRAGANA",)


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def invisible(char: str) -> bool:
    """Whether ``char`` is a default-ignorable code point (draws nothing)."""
    code = ord(char)
    return any(low <= code <= high for low, high in _IGNORABLE)


@cache
def _tables() -> tuple[dict[int, str], dict[int, str]]:
    """The lookalikes as two ``str.translate`` tables: those applied before case folding
    (capitals, whose own lower case would look different: "I" is an "l", "i" is not) and
    those applied after it."""
    pairs: dict[str, str] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        data = line.partition("#")[0].strip()
        if not data:
            continue
        source, _, target = data.partition(";")
        pairs[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    after = {ord(s): t for s, t in pairs.items() if s.casefold() == s}
    # A target can hold lookalikes itself (Cyrillic ԝ is a w, w is vv): resolve them here,
    # since a translate pass maps each character once.
    for _ in range(len(after)):
        resolved = {s: t.translate(after) for s, t in after.items()}
        if resolved == after:
            break
        after = resolved
    before = {ord(s): t for s, t in pairs.items() if ord(s) not in after}
    return before, after


def skeleton(name: str) -> str:
    """The form lookalike names share: equal skeletons, names that can pass for each other."""
    before, after = _tables()
    return nfkc(name).translate(before).casefold().translate(after)


def _script(char: str) -> str | None:
    """The script of a letter or digit, from its Unicode name; ``None`` for ASCII digits and
    punctuation, which go with any script."""
    if char.isascii() and not char.isalpha():
        return None
    name = unicodedata.name(char, "UNKNOWN")
    if name.startswith(_COMMON_NAMES):
        return None
    words = name.split()
    word = words[1] if words[0] == "EXTENDED" and len(words) > 1 else words[0]
    return _SCRIPT_ALIASES.get(word, word)


def scripts(text: str) -> set[str]:
    """The scripts ``text`` is written in (names from Unicode: LATIN, CYRILLIC, HAN...)."""
    return {s for s in map(_script, text) if s is not None}


def mixed_scripts(text: str) -> set[str] | None:
    """The scripts of ``text`` when they are a mix a name may not use, else ``None``."""
    found = scripts(text)
    if len(found) <= 1 or any(found <= allowed for allowed in _ALLOWED_MIXES):
        return None
    return found
