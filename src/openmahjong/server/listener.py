"""How the server listens: uvicorn's configuration, taken from our settings in one place.

``openmahjong serve`` and the tests' live servers build their uvicorn ``Config`` here, so what
the tests exercise is what runs in production. Three things differ from uvicorn's defaults:

* **No proxy headers by uvicorn.** Its default (``proxy_headers`` on, trusting 127.0.0.1)
  rewrites the client address from ``X-Forwarded-For`` before the application sees it, whatever
  ``OPENMAHJONG_TRUST_PROXY`` says. The application decides instead
  (:func:`openmahjong.server.deps.client_address`).
* **A request-head timeout.** uvicorn closes idle keep-alive connections but waits forever
  for a request's headers: a client sending half a request holds its socket open. Each request
  must deliver its whole head within ``header_timeout_seconds`` of its first byte (or of the
  connection opening).
* **Bounded shutdown and message size.** A SIGTERM waits at most ``shutdown_timeout_seconds``
  for open connections; a WebSocket frame over four times the play protocol's message
  limit is cut off by the transport.
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from openmahjong.server.play import MAX_MESSAGE_BYTES
from openmahjong.server.settings import Settings

__all__ = ["HeadTimeoutProtocol", "server_config"]

#: Frames up to this size reach the application, which refuses those over the play protocol's
#: limit with a ``too_large`` error and keeps the connection; larger ones are cut off by the
#: transport (close code 1009) before they are buffered whole.
WS_MAX_BYTES = 4 * MAX_MESSAGE_BYTES


class HeadTimeoutProtocol(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol with a deadline for each request's head.

    Both of uvicorn's HTTP implementations start a new ``cycle`` once a request's headers are
    complete, so "the head has arrived" is "``self.cycle`` is no longer the one we armed for".
    """

    head_timeout: float = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_timer: asyncio.TimerHandle | None = None
        self._armed_for: object = None
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        between_requests = self.cycle is None or self.cycle.response_complete
        if self._head_timer is None and between_requests:
            self._arm()  # the first bytes of the next request on a kept-alive connection
        super().data_received(data)
        if self._head_timer is not None and self.cycle is not self._armed_for:
            self._disarm()  # the head is complete: the request is the application's now

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._disarm()  # the WebSocket has its own hello timeout and pings
        super().handle_websocket_upgrade(*args)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._armed_for = self.cycle
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def server_config(
    app: FastAPI,
    settings: Settings,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    log_level: str = "info",
    lifespan: str = "on",
) -> uvicorn.Config:
    """The uvicorn configuration for ``app`` under ``settings`` (see the module docstring)."""
    protocol = type(
        "HeadTimeoutProtocol",
        (HeadTimeoutProtocol,),
        {"head_timeout": settings.header_timeout_seconds},
    )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        lifespan=lifespan,  # type: ignore[arg-type]
        http=protocol,
        proxy_headers=False,
        server_header=False,
        timeout_keep_alive=settings.keep_alive_seconds,  # type: ignore[arg-type]
        timeout_graceful_shutdown=settings.shutdown_timeout_seconds,  # type: ignore[arg-type]
        limit_concurrency=settings.max_connections or None,
        ws_max_size=WS_MAX_BYTES,
        # No permessage-deflate: play messages are small, and each compressed socket holds some
        # 60 KB of zlib state that lingers in reference cycles after it closes (docs/server.md,
        # "Memory").
        ws_per_message_deflate=False,
    )
