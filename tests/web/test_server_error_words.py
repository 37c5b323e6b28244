"""Every error code docs/protocol.md lists (the socket's `error` table and the HTTP API's) has
its words in i18n-errors.js in English, Chinese and Japanese (issue 18, bug 10: server
messages stayed English in zh/ja), and each message's placeholders are the same in the three."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = ROOT / "docs" / "protocol.md"
WORDS = ROOT / "src" / "openmahjong" / "web" / "js" / "i18n-errors.js"


def documented_codes() -> set[str]:
    """The codes in the first cell of each row of the two error tables."""
    doc = PROTOCOL.read_text(encoding="utf-8")
    section = doc[doc.index("### `error`") : doc.index("## Sequence numbers")]
    codes: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith("| code"):
            codes |= set(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return codes


def words_by_language() -> dict[str, dict[str, str]]:
    text = WORDS.read_text(encoding="utf-8")
    tables = dict(re.findall(r"export const (\w+) = \{(.*?)\n\};", text, re.S))
    return {
        lang: dict(re.findall(r'"srv\.([a-z_]+)": "((?:[^"\\]|\\.)*)"', body))
        for lang, body in tables.items()
    }


def test_every_documented_error_code_has_words_in_each_language():
    codes = documented_codes()
    assert {"room_full", "wrong_credentials", "bad_email", "no_rooms"} <= codes  # read right
    words = words_by_language()
    assert set(words) == {"en", "zh", "ja"}
    for lang, table in words.items():
        missing = sorted(codes - set(table))
        assert not missing, (lang, missing)
    for code, english in words["en"].items():
        wanted = set(re.findall(r"\{(\w+)\}", english))
        for lang in ("zh", "ja"):
            assert set(re.findall(r"\{(\w+)\}", words[lang][code])) == wanted, (lang, code)
