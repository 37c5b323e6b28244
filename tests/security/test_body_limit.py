"""Request bodies over the cap are refused with 413 before any handler or model sees them."""

from __future__ import annotations

import pytest

from openmahjong.server.bodylimit import MAX_BODY_BYTES

pytestmark = pytest.mark.asyncio

MEGABYTE_HAND = {"hand": "1m" * 500_000}


def _too_large(response) -> None:
    assert response.status_code == 413, response.text
    error = response.json()["error"]
    assert error["code"] == "too_large"
    assert str(MAX_BODY_BYTES) in error["message"]


async def test_a_megabyte_body_never_reaches_the_parser(client, parse_calls):
    _too_large(await client.post("/api/tools/analyze", json=MEGABYTE_HAND))
    assert parse_calls.calls == 0


async def test_a_streamed_body_is_cut_off_at_the_cap(client, parse_calls):
    """No Content-Length (chunked): counted as it arrives, refused once over the cap."""
    sent = 0

    async def chunks():
        nonlocal sent
        yield b'{"hand": "'
        for _ in range(64):  # 64 x 16 KiB = 1 MiB, if it were all read
            sent += 1
            yield b"1m" * 8192
        yield b'"}'

    response = await client.post(
        "/api/tools/analyze", content=chunks(), headers={"Content-Type": "application/json"}
    )
    _too_large(response)
    assert parse_calls.calls == 0
    assert sent < 64  # reading stopped at the cap


async def test_the_cap_holds_for_every_method_and_route(client):
    body = b"x" * (MAX_BODY_BYTES + 1)
    for method, url in [("GET", "/api/health"), ("PUT", "/api/admin/users/1/role"),
                        ("POST", "/api/auth/login"), ("DELETE", "/api/rooms/1")]:  # fmt: skip
        _too_large(await client.request(method, url, content=body))


async def test_a_body_at_the_cap_is_read(client):
    hand = "123m406p789s1122z"
    padding = MAX_BODY_BYTES - len(f'{{"hand": "{hand}", "visible": ""}}')
    text = f'{{"hand": "{hand}", "visible": ""}}' + " " * padding
    assert len(text) == MAX_BODY_BYTES
    response = await client.post(
        "/api/tools/analyze", content=text, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("length", ["lots", "-5", "1" * 30])
async def test_a_nonsense_content_length_is_a_bad_request(app, length):
    """A declared length that is not a sane number is refused before reading anything."""
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/api/tools/analyze", "raw_path": b"/api/tools/analyze",
        "root_path": "", "query_string": b"", "client": ("127.0.0.1", 5), "server": ("t", 80),
        "headers": [(b"content-type", b"application/json"), (b"content-length", length.encode())],
    }  # fmt: skip
    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    expected = 413 if length.isdigit() else 400
    assert start["status"] == expected
