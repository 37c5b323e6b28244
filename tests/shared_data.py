"""Where the shared reference data lives: real game records and MCR tables (used in place).

The data sits beside the checkout at ``../shared/data``. A clone made elsewhere (CI checks in a
temporary directory) finds it through ``OPENMAHJONG_SHARED_DATA`` or the workplace's
``/work/shared/data``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_REPO = Path(__file__).resolve().parents[1]


def _find() -> Path | None:
    candidates = [
        os.environ.get("OPENMAHJONG_SHARED_DATA"),
        _REPO.parent / "shared" / "data",
        "/work/shared/data",
    ]
    for candidate in candidates:
        if candidate and Path(candidate, "README.md").is_file():
            return Path(candidate)
    return None


SHARED_DATA: Path | None = _find()


def shared_data(*parts: str) -> Path:
    """A path inside the shared data. Called at module level, it skips the whole module (with
    the reason) when the data is absent; in a test, that test."""
    if SHARED_DATA is None:
        pytest.skip(
            "shared reference data not found: set OPENMAHJONG_SHARED_DATA",
            allow_module_level=True,
        )
    return SHARED_DATA.joinpath(*parts)
