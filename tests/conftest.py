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
    # Under pytest-xdist (`make test`: `-n 2 --dist loadfile --no-loadscope-reorder`) whole
    # modules are handed to the workers in the order collected here, so a module's browser,
    # live server and other module fixtures are built once. Modules that drive the browser go
    # first: they are the long ones (a match played by clicking takes a minute or more), and the
    # many short modules after them even out the two workers' ends. A serial run keeps the
    # file order.
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    browser_modules = {item.path for item in items if "browser" in item.fixturenames}
    items.sort(key=lambda item: item.path not in browser_modules)
