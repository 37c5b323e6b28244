"""/docs and /redoc work offline: every script, style sheet and icon they load is served by this
server (FastAPI's defaults load Swagger UI and ReDoc from a CDN, so the pages were blank
without Internet access)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.asyncio

SOURCES = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|url:\s*["']([^"']+)["']""")


def referenced(html: str) -> list[str]:
    return [a or b for a, b in SOURCES.findall(html)]


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
async def test_docs_pages_load_only_local_assets(client, page):
    response = await client.get(page)
    assert response.status_code == 200
    assert "://" not in response.text  # no other host named anywhere in the page
    urls = referenced(response.text)
    assert urls, response.text
    for url in urls:
        assert url.startswith("/") and not url.startswith("//"), url
        assert (await client.get(url)).status_code == 200, url


async def test_swagger_ui_gets_its_script_and_the_schema(client):
    urls = referenced((await client.get("/docs")).text)
    assert "/openapi.json" in urls
    script = next(u for u in urls if u.endswith(".js"))
    body = await client.get(script)
    assert "SwaggerUIBundle" in body.text
    assert "javascript" in body.headers["content-type"]
