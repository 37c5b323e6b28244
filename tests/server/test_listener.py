"""How the server listens (``openmahjong.server.listener``), over real sockets.

An outside probe found that uvicorn's own proxy-header handling trusted ``X-Forwarded-For``
from 127.0.0.1 although ``OPENMAHJONG_TRUST_PROXY`` was off (rotating it bypassed the sign-up
and login limits), and that 500 sockets with half-sent headers stayed open for minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
from types import SimpleNamespace

import httpx
import pytest
import websockets
from server_helpers import PASSWORD, Server, make_settings, running, serving_app
from starlette.datastructures import Headers

from openmahjong.server.deps import client_address
from openmahjong.server.protocol import PROTOCOL_VERSION


async def _register_from(address: str, name: str, forwarded: str) -> int:
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        response = await http.post(
            "/api/auth/register",
            json={"name": name, "password": PASSWORD},
            headers={"X-Forwarded-For": forwarded},
        )
        return response.status_code


@pytest.mark.asyncio
async def test_a_rotated_forwarded_for_does_not_dodge_the_signup_limit(tmp_path):
    settings = make_settings(tmp_path, signup_limit=1)
    assert not settings.trust_proxy
    async with running(settings) as app, serving_app(app) as address:
        assert await _register_from(address, "olga", "198.51.100.1") == 201
        # From 127.0.0.1, uvicorn's default proxy_headers took this as a new client.
        assert await _register_from(address, "petra", "198.51.100.2") == 429


@pytest.mark.asyncio
async def test_a_trusted_proxy_names_the_client_by_its_own_hop(tmp_path):
    settings = make_settings(tmp_path, signup_limit=1, trust_proxy=True)
    async with running(settings) as app, serving_app(app) as address:
        # The proxy (127.0.0.1) appended the address it saw; what the client wrote is ignored.
        assert await _register_from(address, "olga", "6.6.6.6, 198.51.100.1") == 201
        assert await _register_from(address, "petra", "7.7.7.7, 198.51.100.1") == 429
        assert await _register_from(address, "quinn", "198.51.100.2") == 201


@pytest.mark.asyncio
async def test_forwarded_for_from_a_peer_that_is_not_a_configured_proxy_is_ignored(tmp_path):
    settings = make_settings(
        tmp_path, signup_limit=1, trust_proxy=True, proxy_addresses="10.0.0.0/8"
    )
    async with running(settings) as app, serving_app(app) as address:
        assert await _register_from(address, "olga", "198.51.100.1") == 201
        assert await _register_from(address, "petra", "198.51.100.2") == 429


def _connection(peer: str, forwarded: list[str], **settings) -> SimpleNamespace:
    values = {"trust_proxy": True, "proxy_addresses": ["127.0.0.1", "10.0.0.0/8"], **settings}
    app = SimpleNamespace(
        state=SimpleNamespace(om=SimpleNamespace(settings=SimpleNamespace(**values)))
    )
    headers = Headers(raw=[(b"x-forwarded-for", value.encode()) for value in forwarded])
    return SimpleNamespace(client=SimpleNamespace(host=peer), headers=headers, app=app)


@pytest.mark.parametrize(
    ("peer", "forwarded", "expected"),
    [
        ("203.0.113.5", ["1.2.3.4"], "203.0.113.5"),  # not our proxy: its header is ignored
        ("127.0.0.1", [], "127.0.0.1"),  # our proxy, no header: the proxy itself
        ("127.0.0.1", ["1.2.3.4"], "1.2.3.4"),
        ("127.0.0.1", ["9.9.9.9, 1.2.3.4"], "1.2.3.4"),  # the left end is the client's own text
        ("127.0.0.1", ["1.2.3.4, 10.1.2.3"], "1.2.3.4"),  # two proxies of ours in a chain
        ("127.0.0.1", ["1.2.3.4", "10.1.2.3"], "1.2.3.4"),  # the header repeated
        ("127.0.0.1", ["1.2.3.4, 10.1.2.3, 10.9.9.9"], "1.2.3.4"),
        ("127.0.0.1", ["not-an-address"], "127.0.0.1"),  # garbage: counted as the proxy's
        ("127.0.0.1", ["1.2.3.4, 10.1.2.3, junk"], "127.0.0.1"),
        ("127.0.0.1", ["2001:db8::1"], "2001:db8::1"),
    ],
)
def test_client_address_reads_forwarded_for_from_the_right(peer, forwarded, expected):
    assert client_address(_connection(peer, forwarded)) == expected  # type: ignore[arg-type]


def test_client_address_ignores_forwarded_for_unless_trusted():
    connection = _connection("127.0.0.1", ["1.2.3.4"], trust_proxy=False)
    assert client_address(connection) == "127.0.0.1"  # type: ignore[arg-type]


def test_proxy_addresses_must_be_addresses_or_networks(tmp_path):
    with pytest.raises(ValueError, match="'proxy.example' is not an IP address or network"):
        make_settings(tmp_path, proxy_addresses="127.0.0.1, proxy.example")
    assert make_settings(tmp_path, proxy_addresses="10.0.0.0/8, ::1").proxy_addresses == [
        "10.0.0.0/8",
        "::1",
    ]


async def _closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Whether the server closes the connection within ``seconds`` (reading what it sends)."""
    with contextlib.suppress(TimeoutError, ConnectionError):
        async with asyncio.timeout(seconds):
            while await reader.read(4096):
                pass
            return True
    return False


@pytest.mark.asyncio
@pytest.mark.parametrize("sent", [b"", b"GET /api/health HTTP/1.1\r\nHost: x\r\n"])
async def test_a_request_head_that_never_completes_is_closed(tmp_path, sent):
    settings = make_settings(tmp_path, header_timeout_seconds=0.3)
    async with running(settings) as app, serving_app(app) as address:
        host, port = address.split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(sent)
        await writer.drain()
        assert await _closed_within(reader, 10)
        writer.close()


@pytest.mark.asyncio
async def test_a_kept_alive_connection_gets_the_same_deadline_for_its_next_head(tmp_path):
    settings = make_settings(tmp_path, header_timeout_seconds=0.3, keep_alive_seconds=30)
    async with running(settings) as app, serving_app(app) as address:
        host, port = address.split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200")
        length = int(
            next(
                line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
            ).split(b":")[1]
        )
        assert json.loads(await reader.readexactly(length)) == {"status": "ok"}
        # The keep-alive wait is long, but half a head must still arrive whole in time.
        writer.write(b"GET /api/health HTTP/1.1\r\n")
        await writer.drain()
        assert await _closed_within(reader, 10)
        writer.close()


@pytest.mark.asyncio
async def test_a_slow_but_complete_request_and_a_long_websocket_are_served(tmp_path):
    settings = make_settings(tmp_path, header_timeout_seconds=0.5)
    async with running(settings) as app, serving_app(app) as address:
        host, port = address.split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        for part in (b"GET /api/health HTTP/1.1\r\n", b"Host: x\r\n", b"\r\n"):
            writer.write(part)
            await writer.drain()
            await asyncio.sleep(0.1)
        assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 200")
        writer.close()
        # A WebSocket outlives the head deadline: it has its own hello timeout and pings.
        async with httpx.AsyncClient(base_url=f"http://{address}") as http:
            token = (await http.post("/api/auth/guest", json={"session": "bearer"})).json()["token"]
        async with websockets.connect(f"ws://{address}/ws") as ws:
            await ws.send(
                json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token})
            )
            assert json.loads(await ws.recv())["type"] == "welcome"
            await asyncio.sleep(1.0)
            await ws.send(json.dumps({"type": "ping", "id": 7}))
            assert json.loads(await ws.recv()) == {"type": "pong", "id": 7}


@pytest.mark.asyncio
async def test_openmahjong_serve_listens_this_way_and_stops_on_sigterm(tmp_path):
    """The real command: proxy headers ignored, and SIGTERM ends it although a WebSocket and a
    half-sent request are still open (the probe's server could not be stopped)."""
    server = Server(
        f"sqlite:///{tmp_path / 'serve.db'}",
        tmp_path / "serve.log",
        signup_limit=1,
        shutdown_timeout_seconds=2,
    )
    try:
        server.wait_ready()
        address = server.url.removeprefix("http://")
        assert await _register_from(address, "olga", "198.51.100.1") == 201
        assert await _register_from(address, "petra", "198.51.100.2") == 429
        async with httpx.AsyncClient(base_url=server.url) as http:
            token = (await http.post("/api/auth/guest", json={"session": "bearer"})).json()["token"]
        async with websockets.connect(f"ws://{address}/ws") as ws:
            hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "token": token}
            await ws.send(json.dumps(hello))
            assert json.loads(await ws.recv())["type"] == "welcome"
            _reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"POST /api/auth/guest HTTP/1.1\r\nHost: x\r\n")
            await writer.drain()
            server.process.send_signal(signal.SIGTERM)
            # Waiting for the exit, not timing it: the bound only stops a hung test.
            # uvicorn shuts down, then re-raises the signal it caught: killed by SIGTERM.
            assert await asyncio.to_thread(server.process.wait, 60) == -signal.SIGTERM
            writer.close()
        assert "Finished server process" in server.log.read_text()
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait(timeout=10)


@pytest.mark.asyncio
async def test_the_play_socket_declines_permessage_deflate(tmp_path):
    """Each compressed socket held some 60 KB of zlib state that outlived it in reference
    cycles (the churn soak's growth); play messages are small, so the server sends them plain."""
    settings = make_settings(tmp_path)
    # The websockets client offers permessage-deflate by default, as browsers do.
    async with (
        running(settings) as app,
        serving_app(app) as address,
        websockets.connect(f"ws://{address}/ws") as ws,
    ):
        assert ws.response is not None
        assert "sec-websocket-extensions" not in ws.response.headers
        await ws.send(json.dumps({"type": "ping", "id": 1}))
        assert json.loads(await ws.recv())["type"] == "error"  # hello first, as ever
