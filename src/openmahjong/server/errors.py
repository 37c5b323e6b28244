"""One error shape for the whole API.

Every error answer is ``{"error": {"code": ..., "message": ..., "params": {...}}}``, plus
``"fields"`` when the request body or query was malformed. ``code`` is stable for programs;
``message`` is for people; ``params`` holds the values the message names, so a client can word
the error in its own language from ``code`` and ``params`` (docs/protocol.md lists the codes).
A request that ends in an error changes nothing: handlers commit only on success.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from openmahjong.server.ids import NO_SUCH_ROW

__all__ = ["ApiError", "error_body", "install_error_handlers"]

log = logging.getLogger("openmahjong.server")


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        params: dict[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.params = params or {}
        self.extra = extra


def error_body(
    code: str, message: str, params: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "params": params or {}, **extra}}


_STATUS_CODES = {
    400: "bad_request",
    401: "not_signed_in",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    429: "rate_limited",
    501: "not_implemented",
    503: "unavailable",
}


def _field_name(location: tuple[Any, ...]) -> str:
    # A dict key is part of the location: each part is cut short, so no input is echoed long.
    parts = [_short(str(p)) for p in location]
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:] if len(parts) > 1 else parts
    return ".".join(parts)


def _short(text: str, room: int = 40) -> str:
    return text if len(text) <= room else f"{text[:room]}..."


def _describe(errors: list[dict[str, Any]]) -> tuple[str, list[dict[str, str]]]:
    fields = []
    for e in errors:
        if e.get("type") == "json_invalid":
            return "the request body is not valid JSON", []
        if tuple(e.get("loc", ())) == ("body",) and e.get("type") == "model_attributes_type":
            # FastAPI reads a body as JSON only when it is declared so.
            return "send the body as a JSON object with Content-Type: application/json", []
        fields.append({"field": _field_name(tuple(e.get("loc", ()))), "problem": e.get("msg", "")})
    if not fields:
        return "the request is malformed", []
    first = fields[0]
    more = f" (and {len(fields) - 1} more)" if len(fields) > 1 else ""
    return f"{first['field']}: {first['problem']}{more}", fields


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(
            error_body(exc.code, exc.message, exc.params, **exc.extra),
            status_code=exc.status,
            headers=exc.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        for e in errors:
            if e.get("type") == NO_SUCH_ROW:  # a path id no row can have: missing, like any
                ctx = e["ctx"]
                params = {ctx["noun"]: ctx["id"]}  # as the message shows it (cut short)
                return JSONResponse(error_body(ctx["code"], e["msg"], params), status_code=404)
        message, fields = _describe(errors)
        extra: dict[str, Any] = {"fields": fields} if fields else {}
        # The first field and its problem, as the message names them.
        params = dict(fields[0]) if fields else {}
        return JSONResponse(
            error_body("invalid_request", message, params, **extra), status_code=422
        )

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # A bug, not bad input: logged with its trace, answered in the usual shape.
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse(
            error_body("internal_error", "the server failed on this request; it was logged"),
            status_code=500,
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "error")
        message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ")
        return JSONResponse(
            error_body(code, message), status_code=exc.status_code, headers=exc.headers
        )
