"""MCR (Chinese Official, 国标): the 81-fan scorer; ``scoring.score_win`` is the entry point."""
