"""Events over HTTP (docs/events.md): the application, the review and the public pages."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["router"]

router = APIRouter()
