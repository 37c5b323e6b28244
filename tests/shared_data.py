"""The real game records and reference tables the tests read.

A plain run reads the curated set committed under ``tests/data`` (``tests/data/README.md`` names
each file's source and licence), so a clone anywhere runs every data test. ``pytest --corpus``
runs the same tests on a larger corpus of the same layout instead: the folder named by
``OPENMAHJONG_SHARED_DATA``, else ``../shared/data`` beside the checkout. Asked for and not
found, the corpus stops the run with an error; nothing is ever skipped for want of data.

Tests take paths from :func:`shared_data`; a test whose figures depend on the set (a count of
games or wins) asks :func:`using_corpus`. The run's header line names the set in use.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: The committed curated set.
COMMITTED = Path(__file__).resolve().parent / "data"

#: The tenhou.net/6 edge-case excerpts that contradict themselves (hand-edited for call-ordering
#: tests): a replay reports them instead of matching them (tests/rules/riichi_game/test_real_games).
SELF_CONTRADICTORY = frozenset({"confusing_nakis_1.json", "confusing_nakis_2.json"})

_root: Path = COMMITTED


def _corpus() -> Path:
    named = os.environ.get("OPENMAHJONG_SHARED_DATA")
    where = Path(named) if named else Path(__file__).resolve().parents[2] / "shared" / "data"
    if not where.is_dir():
        raise pytest.UsageError(
            f"--corpus: no reference corpus at {where} "
            "(set OPENMAHJONG_SHARED_DATA to its folder; see tests/data/README.md)"
        )
    return where


def shared_data(*parts: str) -> Path:
    """A path inside the reference data of this run (``tests/data`` unless ``--corpus``)."""
    return _root.joinpath(*parts)


def using_corpus() -> bool:
    """True when this run reads the larger corpus (``--corpus``) rather than ``tests/data``."""
    return _root != COMMITTED


# --------------------------------------------------------------------------- pytest hooks
# Registered by tests/conftest.py (``pytest_plugins``).


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--corpus",
        action="store_true",
        help="run the data tests on the larger reference corpus ($OPENMAHJONG_SHARED_DATA, "
        "else ../shared/data) instead of the curated set in tests/data",
    )


def pytest_configure(config: pytest.Config) -> None:
    global _root
    _root = _corpus() if config.getoption("corpus") else COMMITTED


def pytest_report_header(config: pytest.Config) -> str:
    if using_corpus():
        return f"reference data: the corpus at {_root} (--corpus)"
    return "reference data: the curated set in tests/data (--corpus for the larger one)"


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001
    if using_corpus():  # said at the end too: -q hides the header
        terminalreporter.write_line(f"reference data: the corpus at {_root} (--corpus)")
