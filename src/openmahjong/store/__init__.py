"""Storage: SQLAlchemy 2 async models, Alembic migrations and the queries the server needs.

SQLite by default (a file, zero setup), PostgreSQL in production, through the same code.
"""

# Registers the admin tables (roles, sanctions, audit log) on ``Base.metadata``.
# Registers the statistics summary tables (``openmahjong.stats``) on ``Base.metadata``.
# Registers duplicate sets, favourites, notes and download counts (migration 0010).
# Registers the fan quiz's ratings, matches and rounds (issue 22).
# Registers events, their notes, participants and rooms, and notifications (issue 23).
from openmahjong.store import (
    admin_models,  # noqa: E402, F401
    event_models,  # noqa: E402, F401
    quiz_models,  # noqa: E402, F401
    record_models,  # noqa: E402, F401
    stats_tables,  # noqa: E402, F401
)
from openmahjong.store.database import (
    DEFAULT_DATABASE_URL,
    Database,
    DatabaseURLError,
    normalize_url,
)
from openmahjong.store.models import (
    AuthSession,
    Base,
    EmailCode,
    Game,
    GameAction,
    GameSeat,
    GameStatus,
    Rating,
    Role,
    Room,
    RoomStatus,
    User,
)

__all__ = [
    "DEFAULT_DATABASE_URL",
    "AuthSession",
    "Base",
    "Database",
    "DatabaseURLError",
    "EmailCode",
    "Game",
    "GameAction",
    "GameSeat",
    "GameStatus",
    "Rating",
    "Role",
    "Room",
    "RoomStatus",
    "User",
    "normalize_url",
]
