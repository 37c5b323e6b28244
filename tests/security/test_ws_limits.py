"""Every client message type, with oversized or out-of-range fields, after ``welcome``: an
``error`` answer and the connection stays open (a ping still gets its pong).

The cases are generated from the protocol's client models, so a new message type or field is
covered without editing this file.
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any, Literal

import httpx
import pytest
import pytest_asyncio
from pydantic import BaseModel
from websockets.asyncio.client import connect

from openmahjong.server.play import MAX_MESSAGE_BYTES
from openmahjong.server.protocol import CLIENT_TYPES, PROTOCOL_VERSION, AnyClientMessage
from tests.server.server_helpers import PASSWORD, register, serving_app

MODELS: list[type[BaseModel]] = list(typing.get_args(AnyClientMessage))
LONG_TEXT = "x" * 20_000  # well under the 64 KiB message cap: the field limit must refuse it


def _kinds(annotation: Any) -> set[type]:
    """The plain types a field accepts (``int | str | None`` -> {int, str, NoneType})."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return set().union(*(_kinds(a) for a in typing.get_args(annotation)))
    if origin is typing.Annotated:
        return _kinds(typing.get_args(annotation)[0])
    if origin is Literal:
        return {Literal}
    return {origin or annotation}


def _type_of(model: type[BaseModel]) -> str:
    return typing.get_args(model.model_fields["type"].annotation)[0]


def _base(model: type[BaseModel]) -> dict[str, Any]:
    """A message of this type that passes validation."""
    message: dict[str, Any] = {"type": _type_of(model)}
    for name, field in model.model_fields.items():
        if name == "type" or not field.is_required():
            continue
        kinds = _kinds(field.annotation)
        message[name] = 1 if int in kinds else {"type": "pass"} if dict in kinds else "riichi"
    model.model_validate(message)
    return message


def _oversized(model: type[BaseModel]) -> list[tuple[str, dict[str, Any]]]:
    base = _base(model)
    cases = [("unknown field", {**base, "extra": LONG_TEXT})]
    for name, field in model.model_fields.items():
        if name == "type":
            continue
        kinds = _kinds(field.annotation)
        if str in kinds:
            cases.append((f"{name} long", {**base, name: LONG_TEXT}))
        if int in kinds:
            cases.append((f"{name} 2^63", {**base, name: 2**63}))
            cases.append((f"{name} -10^30", {**base, name: -(10**30)}))
        if Literal in kinds:  # one of a few names: anything else, long or not, is refused
            cases.append((f"{name} not one of its names", {**base, name: LONG_TEXT}))
        if dict in kinds:
            many = {f"key{i}": i for i in range(500)}
            cases += [(f"{name} many keys", {**base, name: many}),
                      (f"{name} long key", {**base, name: {LONG_TEXT: 1}})]  # fmt: skip
    return cases


CASES = [(_type_of(m), what, message) for m in MODELS for what, message in _oversized(m)]
RAW = [
    ("over the message cap", json.dumps({"type": "ping", "id": "x" * MAX_MESSAGE_BYTES})),
    ("deep nesting", '{"type": "ping", "id": ' + "[" * 30_000 + "]" * 30_000 + "}"),
    ("a 5000-digit number", '{"type": "ping", "id": ' + "7" * 5000 + "}"),
    ("not json", "{type: ping"),
    ("not an object", "[1, 2, 3]"),
]


def test_every_client_type_and_field_has_cases():
    assert {kind for kind, _, _ in CASES} == set(CLIENT_TYPES)
    for model in MODELS:
        for name, field in model.model_fields.items():
            if name != "type" and _kinds(field.annotation) - {bool, type(None)}:
                assert any(k == _type_of(model) and w.startswith(f"{name} ") for k, w, _ in CASES)


@pytest_asyncio.fixture
async def socket_url(app):
    async with serving_app(app) as address:
        async with httpx.AsyncClient(base_url=f"http://{address}") as c:
            await register(c, "wsprobe")
            login = await c.post(
                "/api/auth/login",
                json={"name": "wsprobe", "password": PASSWORD, "session": "bearer"},
            )
        yield f"ws://{address}/ws", login.json()["token"]


async def _exchange(ws, text: str) -> dict:
    await ws.send(text)
    return json.loads(await ws.recv())


@pytest.mark.asyncio
async def test_oversized_messages_get_errors_and_the_socket_stays(socket_url):
    url, token = socket_url
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "token": token}
    failures = []
    async with connect(url, max_size=None) as ws:
        assert (await _exchange(ws, json.dumps(hello)))["type"] == "welcome"
        for kind, what, message in CASES:
            answer = await _exchange(ws, json.dumps(message))
            if (answer.get("type"), answer.get("code")) != ("error", "invalid_message"):
                failures.append((kind, what, answer))
            elif len(answer["message"]) > 300:
                failures.append((kind, what, "the error echoes the input"))
        for what, text in RAW:
            answer = await _exchange(ws, text)
            if answer.get("type") != "error" or answer.get("code") not in ("too_large", "bad_json"):
                failures.append(("raw", what, answer))
        await ws.send(b"\x00binary")
        if (json.loads(await ws.recv())).get("code") != "bad_json":
            failures.append(("raw", "binary", "no bad_json"))
        pong = await _exchange(ws, json.dumps({"type": "ping", "id": "still-there"}))
        assert pong == {"type": "pong", "id": "still-there"}
    assert not failures, failures
