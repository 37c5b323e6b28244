"""In-app notifications (docs/events.md, "Notifications")."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["router"]

router = APIRouter(prefix="/api/notifications", tags=["notifications"])
