"""The Taiwan 16-tile game: one hand on the shared kernel, the match with its dealer repeats."""
