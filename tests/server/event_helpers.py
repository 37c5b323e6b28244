"""Shared helpers of the event tests: a valid application, accounts of each role, and the
review steps (imported by the test modules, like server_helpers)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
from fastapi import FastAPI
from server_helpers import register
from sqlalchemy import select, update

from openmahjong.store.event_models import EventNote
from openmahjong.store.models import User, utcnow

PHONE = "+86 138 0013 8000"


def application(**changes: Any) -> dict[str, Any]:
    """An application every rule accepts (the guide's own valid name)."""
    start = utcnow() + timedelta(days=30)
    body: dict[str, Any] = {
        "name": "Gugu Gaga MCR Mahjong Group Tournament",
        "planned_start": start.isoformat(),
        "planned_end": (start + timedelta(days=2)).isoformat(),
        "description": "Two days of MCR at the club. Register: QQ group 123456789.",
        "organiser_name": "Zhang Wei",
        "contact": "WeChat zhangwei_mj, answers within a day",
        "phone": PHONE,
        "notes": "first time organising here",
        "accept_rules": True,
        "submit": True,
    }
    body.update(changes)
    return body


def client_like(client: httpx.AsyncClient) -> httpx.AsyncClient:
    """Another browser on the same app: its own cookie jar."""
    return httpx.AsyncClient(transport=client._transport, base_url="http://testserver")


async def set_role(app: FastAPI, name: str, role: str) -> None:
    async with app.state.om.db.session() as s:
        await s.execute(update(User).where(User.name == name).values(role=role))


async def account(app: FastAPI, client: httpx.AsyncClient, name: str, role: str = "player"):
    """Register ``name`` on ``client`` (signed in there) with ``role``; answers its id."""
    user = (await register(client, name))["user"]
    if role != "player":
        await set_role(app, name, role)
    return user["id"]


async def revoke_organiser(admin: httpx.AsyncClient, user_id: int) -> None:
    body = {"kind": "organiser_revoked", "reason": "prizes not paid"}
    r = await admin.post(f"/api/admin/accounts/{user_id}/sanctions", json=body)
    assert r.status_code == 201, r.text


async def notes_of(app: FastAPI, event_id: int) -> list[tuple[str, str, str]]:
    """(kind, author, text) of every history row, in the order stored."""
    async with app.state.om.db.session() as s:
        rows = await s.execute(
            select(EventNote.kind, User.name, EventNote.text)
            .join(User, User.id == EventNote.author_id)
            .where(EventNote.event_id == event_id)
            .order_by(EventNote.id)
        )
        return [tuple(r) for r in rows]


def code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]
