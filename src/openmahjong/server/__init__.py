"""The game server: FastAPI over HTTP and WebSocket, the imperative shell around the core."""

from openmahjong.server.app import create_app
from openmahjong.server.settings import Settings

__all__ = ["Settings", "create_app"]
