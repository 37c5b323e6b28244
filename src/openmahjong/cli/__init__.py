"""The ``openmahjong`` command. Each command group lives in its own module of this package."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="openmahjong",
    help="openmahjong: provably fair walls, hand analysis, scoring and records from the terminal.",
    no_args_is_help=True,
    add_completion=False,
)

#: ``openmahjong score <ruleset> ...``: one subcommand per ruleset's scorer.
score_app = typer.Typer(help="Score a winning hand under a ruleset.", no_args_is_help=True)
app.add_typer(score_app, name="score")


def _register() -> None:
    # Command modules import ``app``/``score_app`` from here, so they are loaded after both exist.
    # One line per module; each module registers its own commands on import.
    import openmahjong.cli.admin  # noqa: F401
    import openmahjong.cli.analyze  # noqa: F401
    import openmahjong.cli.loadtest  # noqa: F401
    import openmahjong.cli.quiz  # noqa: F401
    import openmahjong.cli.rank_credit  # noqa: F401
    import openmahjong.cli.records  # noqa: F401
    import openmahjong.cli.records_download  # noqa: F401
    import openmahjong.cli.replay  # noqa: F401
    import openmahjong.cli.score_changsha  # noqa: F401
    import openmahjong.cli.score_declared  # noqa: F401
    import openmahjong.cli.score_mcr  # noqa: F401
    import openmahjong.cli.score_qingque  # noqa: F401
    import openmahjong.cli.score_riichi  # noqa: F401
    import openmahjong.cli.score_sichuan  # noqa: F401
    import openmahjong.cli.score_taiwan  # noqa: F401
    import openmahjong.cli.seed  # noqa: F401
    import openmahjong.cli.selfplay  # noqa: F401
    import openmahjong.cli.serve  # noqa: F401
    import openmahjong.cli.stats  # noqa: F401


_register()
