"""web/js/local-yaku-names.js names every local yaku (the Melee Room's) exactly as the Python
table does, and the win screens' yakuName reads it."""

from __future__ import annotations

import json
import re
import subprocess

from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU

from .jsrun import NODE, WEB, needs_node


def test_the_browser_local_yaku_names_are_the_python_table():
    text = (WEB / "js" / "local-yaku-names.js").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^  (\w+): (\{.*\}),$", text, flags=re.M))
    assert set(rows) == set(LOCAL_YAKU)
    for yaku_id, info in LOCAL_YAKU.items():
        assert json.loads(rows[yaku_id]) == {"en": info.en, "zh": info.zh, "ja": info.ja}


@needs_node
def test_yaku_name_reads_the_local_table_too():
    module = (WEB / "js" / "yaku-names.js").as_uri()
    script = (
        f"import {{ yakuName }} from {json.dumps(module)};"
        "console.log(JSON.stringify(['daichisei', 'tsubame_gaeshi', 'riichi', 'nope']"
        ".map((id) => yakuName(id, 'ja'))));"
    )
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == ["大七星", "燕返し", "立直", "nope"]
