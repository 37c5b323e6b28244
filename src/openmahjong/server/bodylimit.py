"""A cap on HTTP request bodies: anything larger is a 413 before a handler or model reads it.

No route takes more than a few kilobytes (a room with its rules is the largest), so the cap
stops megabyte bodies from costing JSON decoding and validation at all. A declared
``Content-Length`` over the cap is refused before any byte is read; a body without one
(chunked) is counted as it arrives and refused the moment it passes the cap.
"""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from openmahjong.server.errors import error_body

__all__ = ["MAX_BODY_BYTES", "BodyLimit"]

#: The largest request body the API reads, in bytes (the WebSocket's message cap, too).
MAX_BODY_BYTES = 64 * 1024


class BodyTooLarge(HTTPException):
    """Raised from ``receive`` when the body passes the cap. It is an ``HTTPException`` so that
    FastAPI re-raises it from its body reading instead of calling it a parse error, and the
    error handlers answer it in the usual shape."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is over {limit} bytes")


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared == -1:
            await _answer(send, 400, "bad_request", "the Content-Length header is not a length")
            return
        if declared is not None and declared > self.max_bytes:
            await _answer(send, 413, "too_large", BodyTooLarge(self.max_bytes).detail)
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLarge(self.max_bytes)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge as refused:
            if started:  # too late to answer: let the server drop the connection
                raise
            await _answer(send, 413, "too_large", refused.detail)


def _declared_length(scope: Scope) -> int | None:
    """The Content-Length, ``None`` if absent, -1 if it is not a plain decimal number."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            if not text.isdigit() or not text.isascii():
                return -1
            return int(text) if len(text) <= 18 else 1 << 62  # no int() of 10^30 digits
    return None


async def _answer(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps(error_body(code, message)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
