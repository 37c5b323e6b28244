"""Suite-wide test settings."""

import os

import pytest
from hypothesis import HealthCheck, settings

# The reference data: tests/data, or the larger corpus with --corpus (tests/shared_data.py).
pytest_plugins = ["tests.shared_data"]

# Property tests check behaviour, never speed: no per-example deadline on shared CI machines.
settings.register_profile(
    "openmahjong", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("openmahjong")


def pytest_sessionstart(session):  # noqa: ANN001, ANN201
    # Compiled modules built from older sources would shadow the code under test.
    from openmahjong import native

    if not os.environ.get("OPENMAHJONG_PURE") and native.stale():
        pytest.exit(
            "the compiled hot modules are older than their sources: run `make native` "
            "(or `make pure` to test plain Python)",
            returncode=2,
        )
