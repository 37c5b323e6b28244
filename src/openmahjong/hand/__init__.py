"""Shape analysis shared by every ruleset: decompositions, shanten, waits, useful tiles."""
