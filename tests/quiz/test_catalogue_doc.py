"""docs/quiz.md's catalogue table is the data's: regenerate it when the data changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from openmahjong.quiz.catalogue import CATALOGUE
from openmahjong.quiz.catalogue_doc import BEGIN, END, reason, rewrite, table

DOC = Path(__file__).resolve().parents[2] / "docs" / "quiz.md"


def test_the_doc_table_equals_the_data():
    text = DOC.read_text(encoding="utf-8")
    assert rewrite(text) == text, "run: python -m openmahjong.quiz.catalogue_doc docs/quiz.md"
    inside = text.split(BEGIN, 1)[1].split(END, 1)[0]
    assert inside.count("\n| ") == len(CATALOGUE) + 1  # the header and a row per pattern


def test_every_pattern_has_a_reason():
    assert all(reason(p) for p in CATALOGUE)
    assert "§7.4.1" in reason(next(p for p in CATALOGUE if p.id == "mcr:knitted_straight"))


def test_a_row_shows_the_fields():
    row = next(line for line in table().splitlines() if line.startswith("| riichi:ittsu "))
    assert (
        "| 一气通贯 | Pure straight | 一気通貫 | sequence | 2, 1 | 3 | mcr:pure_straight |" in row
    )


def test_a_doc_without_markers_is_refused():
    with pytest.raises(ValueError, match="markers"):
        rewrite("# no table here\n")
