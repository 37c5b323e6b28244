"""web/js/yaku-names.js names every Riichi yaku id exactly as the Python table does."""

from __future__ import annotations

import json
import re

from openmahjong.rules.riichi.yaku_table import YAKU

from .jsrun import WEB


def test_the_browser_yaku_names_are_the_python_table():
    text = (WEB / "js" / "yaku-names.js").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^  (\w+): (\{.*\}),$", text, flags=re.M))
    assert set(rows) == set(YAKU)
    for yaku_id, info in YAKU.items():
        assert json.loads(rows[yaku_id]) == {"en": info.en, "zh": info.zh, "ja": info.ja}
