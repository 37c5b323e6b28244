"""Suite-wide test settings."""

from hypothesis import HealthCheck, settings

# Property tests check behaviour, never speed: no per-example deadline on shared CI machines.
settings.register_profile(
    "openmahjong", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("openmahjong")
