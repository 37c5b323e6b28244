"""web/js/yaku-names.js names every Riichi yaku id exactly as the Python table does, and
web/js/mcr-fan-names.js every MCR fan exactly as openmahjong.rules.mcr.fans does."""

from __future__ import annotations

import json
import re

from openmahjong.rules.mcr.fans import FANS
from openmahjong.rules.riichi.yaku_table import YAKU

from .jsrun import WEB


def test_the_browser_yaku_names_are_the_python_table():
    text = (WEB / "js" / "yaku-names.js").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^  (\w+): (\{.*\}),$", text, flags=re.M))
    assert set(rows) == set(YAKU)
    for yaku_id, info in YAKU.items():
        assert json.loads(rows[yaku_id]) == {"en": info.en, "zh": info.zh, "ja": info.ja}


def test_the_browser_mcr_fan_names_are_the_python_table():
    text = (WEB / "js" / "mcr-fan-names.js").read_text(encoding="utf-8")
    rows = [
        (json.loads(zh), json.loads(en))
        for zh, en in re.findall(r'^  ("[^"]+"): ("[^"]+"),$', text, flags=re.M)
    ]
    assert rows == [(fan.zh, fan.en) for fan in FANS]
