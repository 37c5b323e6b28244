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


def pytest_collection_modifyitems(config, items):  # noqa: ANN001, ANN201
    # Under pytest-xdist (`make test`: `-n 2 --dist loadgroup`) each test may run on either
    # worker, and each worker builds its own fixtures. A module whose tests share a
    # module-scoped fixture (a browser, a live server, a searched seed, a played game) stays
    # on one worker, so that fixture is built once; every other test is dealt out one by one.
    # New test modules inherit this: nothing to mark by hand.
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        shared = any(
            defs and defs[-1].scope in ("module", "package", "class")
            for defs in info.name2fixturedefs.values()
        )
        if shared:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
