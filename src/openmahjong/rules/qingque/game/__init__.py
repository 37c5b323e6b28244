"""The Qingque game: one hand on the shared kernel, the match with its seed-drawn seat changes."""
