"""Outside mjai programs for the tests: each file runs as ``python FILE ... SEAT``."""
