"""Running the Alembic migrations from inside the package (no alembic.ini needed).

The migration scripts live in ``store/migrations`` and ship in the wheel, so an installed
``openmahjong serve`` can upgrade its database on start. Developers writing a new migration use
the alembic command with ``src/openmahjong/store/alembic.ini`` (see docs/server.md).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

__all__ = ["MIGRATIONS", "alembic_config", "current_revision", "head_revision", "upgrade"]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        # env.py runs the migrations on this connection instead of opening its own.
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "no migrations found in the package"
    return head


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: Connection) -> list[str]:
    """Upgrade the database on ``connection`` to head; returns the revisions that were applied."""
    before = current_revision(connection)
    script = ScriptDirectory.from_config(alembic_config())
    command.upgrade(alembic_config(connection), "head")
    after = current_revision(connection)
    if before == after:
        return []
    applied = [rev.revision for rev in script.iterate_revisions(after, before)]
    return list(reversed(applied))
