"""The 214 edge-case hands of ChineseOfficialMahjongHelper's unit tests, with PyMahjongGB 1.4.0's
fans as the expected answer (``tests/data/mcr/mcr_unit_test_golden.jsonl``).

Every row agrees with the platform's rules, including the one 明暗杠 row (a melded plus a
concealed kong, which the platform scores as 明暗杠 = 5 fan, as PyMahjongGB does), so every
assertion is strict. Rows below 8 fan are compared through ``BelowMinimum.win``.
"""

from __future__ import annotations

import json

import pytest
from mcr_gb import GB_NAME, score_row
from tests.shared_data import shared_data

GOLDEN = shared_data("mcr", "mcr_unit_test_golden.jsonl")
ROWS = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line]


def test_all_rows_are_here():
    assert len(ROWS) == 214


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}:{r['helper_string']}" for i, r in enumerate(ROWS)])
def test_golden_row(row):
    expected = {GB_NAME.get(name, name): n for name, n in row["expected"].items()}
    if row["flowerCount"]:
        expected["花牌"] = row["flowerCount"]
    assert score_row(row) == expected


def test_golden_totals():
    from openmahjong.rules.mcr.fans import FAN_BY_ZH

    for row in ROWS:
        fans = score_row(row)
        assert sum(FAN_BY_ZH[z].value * n for z, n in fans.items()) == row["expected_total"]


def test_concealed_and_melded_kong_row_scores_five():
    # [1111s][EEEE1][SSS][789m] 8m self-drawn: PyMahjongGB and the platform both give 明暗杠 = 5.
    row = next(r for r in ROWS if "明暗杠" in r["expected"])
    fans = score_row(row)
    assert fans["明暗杠"] == 1
    assert "明杠" not in fans and "暗杠" not in fans
    assert row["expected_total"] == 14
