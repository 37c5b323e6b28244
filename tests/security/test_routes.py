"""Every HTTP route, as anonymous, guest, player and admin, with oversized, malformed and
out-of-range inputs: always a 4xx in the documented error shape, never a 500.

The cases are generated from the app's OpenAPI schema: each path and query parameter and each
body field (nested ones too) gets the values that broke servers before (huge strings, 2^63,
10^30, -1, wrong types), and each body gets bad JSON, deep nesting, a 5 000-digit number and a
body over the cap. A new route or field is covered without editing this file, and
``test_every_route_has_cases`` fails if a route escapes the schema.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from tempfile import gettempdir
from typing import Any

import httpx
import pytest
import pytest_asyncio
from fastapi import FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute

from openmahjong.server import Settings, create_app
from openmahjong.server.bodylimit import MAX_BODY_BYTES
from tests.server.server_helpers import PASSWORD, client_for, make_settings, running

ROLES = ("anonymous", "guest", "player", "admin")
HUGE_TEXT = "x" * 10_000  # under the body cap, so the field's own limit must refuse it
HUGE_INTS = [2**63, 10**30, -(10**30)]
#: Path ids that no row can have; digits only, so the path id check (not int parsing) sees them.
BAD_PATH_IDS = [str(2**63), str(10**30), "-1", "0", "9" * 5000, "abc", "1.5"]
SETTINGS = {"admins": ["root-admin"], "guest_limit": 0, "signup_limit": 0}


# ---------------------------------------------------------------------------- the schema


# Only for reading routes and the schema at collection time: its database is never opened.
APP_FOR_SCHEMA = create_app(
    Settings(database_url=f"sqlite+aiosqlite:///{gettempdir()}/never-opened.db", **SETTINGS)
)
SCHEMA = APP_FOR_SCHEMA.openapi()


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SCHEMA["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _variants(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The non-null alternatives of a schema (``anyOf`` flattened, refs resolved)."""
    schema = _resolve(schema)
    if "anyOf" in schema:
        return [v for s in schema["anyOf"] for v in _variants(s)]
    return [] if schema.get("type") == "null" else [schema]


def _sample(schema: dict[str, Any]) -> Any:
    """A plausible valid value: the schema's example, first enum value, or a small one."""
    variants = _variants(schema)
    if not variants:
        return None
    s = variants[0]
    if "examples" in s or "examples" in schema:
        return (s.get("examples") or schema["examples"])[0]
    if "enum" in s:
        return s["enum"][0]
    kind = s.get("type")
    if kind == "object":
        return {
            name: _sample(prop)
            for name, prop in s.get("properties", {}).items()
            if name in s.get("required", [])
        }
    return {"string": "x", "integer": s.get("minimum", 1), "number": 1, "boolean": True}.get(
        kind, []
    )


def _bad_values(schema: dict[str, Any]) -> list[tuple[str, Any]]:
    """Values a field of this schema must refuse, each with a short name."""
    bad: list[tuple[str, Any]] = []
    kinds = {v.get("type") for v in _variants(schema)} | {
        "enum" for v in _variants(schema) if "enum" in v
    }
    if kinds & {"string", "enum"}:
        bad.append(("huge string", HUGE_TEXT))
    if kinds & {"integer", "number"}:
        bad += [(f"int {v:.0e}", v) for v in HUGE_INTS]
    if kinds == {"boolean"}:
        bad.append(("not a boolean", {"no": 1}))
    if "array" in kinds:
        bad.append(("huge list", ["1m"] * 5_000))
    if "object" in kinds:
        bad.append(("many keys", {f"k{i}": i for i in range(2_000)}))
        bad.append(("long key", {HUGE_TEXT: 1}))
    if not kinds & {"string", "enum"}:
        bad.append(("huge string", HUGE_TEXT))  # a wrong type, and a big one
    return bad


def _fields(schema: dict[str, Any], where: tuple[str, ...] = ()) -> Iterator[tuple[tuple, dict]]:
    """Every field of a body schema, nested objects included, as (path, schema)."""
    for variant in _variants(schema):
        for name, prop in variant.get("properties", {}).items():
            yield (*where, name), prop
            yield from _fields(prop, (*where, name))


@dataclass
class Case:
    method: str
    path: str  # with the path parameters filled in
    what: str
    params: dict[str, Any] = field(default_factory=dict)
    json: Any = None
    content: bytes | None = None
    #: A malformed value for a declared input: must be a 4xx. Otherwise (junk the route
    #: ignores) any answer but a 5xx is right.
    refused: bool = True
    #: The body or query field the value went into: a 422 listing fields must list it.
    target: str | None = None
    headers: dict[str, str] = field(default_factory=dict)


def _cases_for(path: str, method: str, operation: dict[str, Any]) -> list[Case]:
    params = operation.get("parameters", [])
    path_values = {p["name"]: "999999" for p in params if p["in"] == "path"}
    query = {p["name"]: _sample(p["schema"]) for p in params if p["in"] == "query"}
    query = {k: v for k, v in query.items() if v is not None}
    body_schema = operation.get("requestBody", {}).get("content", {}).get("application/json")
    body = _sample(body_schema["schema"]) if body_schema else None

    def url(**overrides: str) -> str:
        return path.format(**{**path_values, **overrides})

    def case(what: str, **kw: Any) -> Case:
        kw.setdefault("params", query)
        kw.setdefault("json", body)
        return Case(method.upper(), kw.pop("url", url()), what, **kw)

    raw = {"Content-Type": "application/json"}
    cases = [
        case("body over the cap", content=b"[" + b"1," * MAX_BODY_BYTES + b"1]", json=None),
        case("unknown huge query", params={**query, "zz": HUGE_TEXT}, refused=False),
    ]
    for p in params:
        if p["in"] == "path":
            cases += [case(f"path {p['name']}={v[:12]}", url=url(**{p["name"]: v}))
                      for v in BAD_PATH_IDS]  # fmt: skip
        elif p["in"] == "query":
            cases += [
                case(
                    f"query {p['name']} {name}",
                    params={**query, p["name"]: value},
                    target=p["name"],
                )  # fmt: skip
                for name, value in _bad_values(p["schema"])
                if not isinstance(value, dict | list)
            ]
    if body_schema:
        cases += [
            case("bad json", content=b'{"a": ', json=None),
            case("deep nesting", content=b"[" * 30_000 + b"]" * 30_000, json=None),
            case("5000-digit number", content=b"9" * 5_000, json=None),
            case("NaN", content=b'{"x": NaN}', json=None),
            case("a list body", json=[body]),
            case("a string body", json=HUGE_TEXT),
        ]
        for where, prop in _fields(body_schema["schema"]):
            for name, value in _bad_values(prop):
                mutated = copy.deepcopy(body) if isinstance(body, dict) else {}
                spot = mutated
                for part in where[:-1]:
                    spot = spot.setdefault(part, {})
                    if not isinstance(spot, dict):
                        break
                else:
                    spot[where[-1]] = value
                    cases.append(case(f"body {'.'.join(where)} {name}", json=mutated,
                                      target=".".join(where)))  # fmt: skip
    for c in cases:
        if c.content is not None:
            c.headers = raw
    return cases


OPERATIONS = [
    (method.upper(), path, op)
    for path, ops in SCHEMA["paths"].items()
    for method, op in ops.items()
    # Signing out ends the probe's own session: it goes last.
]
OPERATIONS.sort(key=lambda o: o[1] == "/api/auth/logout")
CASES = {f"{m} {p}": _cases_for(p, m, op) for m, p, op in OPERATIONS}


def _api_routes(routes: list[Any]) -> Iterator[Any]:
    """Every route of the app, through included routers whatever FastAPI nests them in."""
    for route in routes:
        if isinstance(route, APIRoute | APIWebSocketRoute):
            yield route
        elif hasattr(route, "original_router"):
            yield from _api_routes(route.original_router.routes)
        elif hasattr(route, "routes") and not hasattr(route, "app"):
            yield from _api_routes(route.routes)


# ---------------------------------------------------------------------------- static checks


def test_every_route_has_cases():
    routes = list(_api_routes(APP_FOR_SCHEMA.routes))
    # Pages kept out of the schema (the API docs) must take no input at all: nothing to walk.
    hidden = [r for r in routes if isinstance(r, APIRoute) and not r.include_in_schema]
    for route in hidden:
        d = route.dependant
        inputs = d.path_params + d.query_params + d.header_params + d.cookie_params
        assert not inputs and route.body_field is None, f"{route.path} takes input"
    routes = [r for r in routes if r not in hidden]
    http = {(m, r.path) for r in routes if isinstance(r, APIRoute) for m in r.methods}
    sockets = {r.path for r in routes if isinstance(r, APIWebSocketRoute)}
    covered = {tuple(key.split(" ", 1)) for key, cases in CASES.items() if cases}
    # Both ways: the walk found the routes, and every one of them has cases.
    assert http - {("HEAD", p) for _, p in http} == covered
    # The play socket is walked by test_ws_limits.py, the mjai socket by
    # tests/server/test_mjai_ws.py (its input limits); another socket needs its own cases.
    assert sockets == {"/ws", "/ws/mjai"}


def _unbounded(schema: dict[str, Any], where: str) -> Iterator[str]:
    for s in _variants(schema):
        kind = s.get("type")
        if kind == "string" and "enum" not in s and "maxLength" not in s:
            yield f"{where}: a string with no maxLength"
        low, high = (
            s.keys() & {"minimum", "exclusiveMinimum"},
            s.keys() & {"maximum", "exclusiveMaximum"},
        )
        if kind in ("integer", "number") and "enum" not in s and not (low and high):
            yield f"{where}: a number with no minimum or maximum"
        if kind == "array":
            if "maxItems" not in s:
                yield f"{where}: a list with no maxItems"
            yield from _unbounded(s.get("items", {}), f"{where}[]")
        if kind == "object":
            extra = s.get("additionalProperties")
            if extra is True or isinstance(extra, dict):  # an open dict: bounded too
                if "maxProperties" not in s:
                    yield f"{where}: a dict with no maxProperties"
                if "maxLength" not in s.get("propertyNames", {}):
                    yield f"{where}: a dict whose keys have no maxLength"
                if isinstance(extra, dict):
                    yield from _unbounded(extra, f"{where}{{}}")
            for name, prop in s.get("properties", {}).items():
                yield from _unbounded(prop, f"{where}.{name}")


def test_every_input_is_bounded_in_the_schema():
    """Every string, number, list and dict a client sends has a documented limit."""
    problems = []
    for method, path, op in OPERATIONS:
        for p in op.get("parameters", []):
            problems += _unbounded(p["schema"], f"{method} {path} {p['in']} {p['name']}")
        for media in op.get("requestBody", {}).get("content", {}).values():
            problems += _unbounded(media["schema"], f"{method} {path} body")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------------------- the walk


@dataclass
class World:
    app: FastAPI
    tokens: dict[str, str | None]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    settings = make_settings(tmp_path_factory.mktemp("security"), **SETTINGS)
    async with running(settings) as app, client_for(app) as c:
        for name in ("root-admin", "probe-player"):
            signed = await c.post(
                "/api/auth/register",
                json={"name": name, "password": PASSWORD, "session": "bearer"},
            )
            assert signed.status_code == 201, signed.text
        yield World(app, {"anonymous": None})


async def _token(world: World, client: httpx.AsyncClient, role: str) -> str | None:
    """A fresh session per route and role, so no case (a sign-out) spoils the next route's."""
    if role == "anonymous":
        return None
    if role == "guest":
        answer = await client.post("/api/auth/guest", json={"session": "bearer"})
    else:
        name = "root-admin" if role == "admin" else "probe-player"
        answer = await client.post(
            "/api/auth/login", json={"name": name, "password": PASSWORD, "session": "bearer"}
        )
    assert answer.status_code in (200, 201), answer.text
    return answer.json()["token"]


def _shape_problem(response: httpx.Response) -> str | None:
    """What is wrong with an error answer's shape (docs/server.md, Errors), or None."""
    try:
        body = response.json()
    except ValueError:
        return f"not JSON: {response.text[:80]!r}"
    error = body.get("error") if isinstance(body, dict) and set(body) == {"error"} else None
    if not isinstance(error, dict):
        return f"no error object: {str(body)[:80]}"
    if not (isinstance(error.get("code"), str) and re.fullmatch(r"[a-z_]+", error["code"])):
        return f"bad code {error.get('code')!r}"
    message = error.get("message")
    if not (isinstance(message, str) and 0 < len(message) <= 400):
        return f"message missing or {len(str(message))} characters long (input echoed?)"
    if set(error) - {"code", "message", "params", "fields", "retry_after"}:
        return f"unexpected keys {sorted(error)}"
    params = error.get("params")
    if not isinstance(params, dict) or len(json.dumps(params)) > 600:
        return f"params missing or too long (input echoed?): {str(params)[:120]}"
    for f in error.get("fields", []):
        if set(f) != {"field", "problem"} or len(f["field"]) + len(f["problem"]) > 400:
            return f"bad field entry {str(f)[:120]}"
    return None


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", list(CASES))
async def test_malformed_input_is_a_4xx_in_the_error_shape(world, route, role):
    failures = []
    async with client_for(world.app) as client:
        token = await _token(world, client, role)
        auth = {"Authorization": f"Bearer {token}"} if token else {}
        for case in CASES[route]:
            headers = {**auth, **case.headers}
            response = await client.request(
                case.method,
                case.path,
                params=case.params,
                json=case.json if case.content is None else None,
                content=case.content,
                headers=headers,
            )
            status = response.status_code
            if status >= 500 or (case.refused and status < 400):
                failures.append(f"{case.what}: {status} {response.text[:160]}")
                continue
            if status >= 400:
                problem = _shape_problem(response)
                if problem:
                    failures.append(f"{case.what}: {status} {problem}")
                    continue
                error = response.json()["error"]
                if case.target and status == 422 and error.get("fields"):
                    named = [f["field"] for f in error["fields"]]
                    if not any(n == case.target or n.startswith(f"{case.target}.") for n in named):
                        failures.append(f"{case.what}: 422 names {named}, not {case.target}")
    assert not failures, "\n".join(failures)


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize(
    "path", ["/" + "x" * 5_000, "/%00", "/..%2f..%2fetc%2fpasswd", "/js/" + "%ff" * 100]
)
async def test_the_static_client_never_fails(world, path):
    async with client_for(world.app) as client:
        response = await client.get(path)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert _shape_problem(response) is None


def test_the_cases_are_real():
    """The walk is not empty: every body field and parameter got values to refuse."""
    total = sum(len(c) for c in CASES.values())
    assert total > 250
    assert any("body rules many keys" in c.what for c in CASES["POST /api/rooms"])
    assert any("body table.move_seconds" in c.what for c in CASES["POST /api/rooms"])
    assert json.dumps([c.what for c in CASES["GET /api/games/{game_id}"]]).count("path") == 7
