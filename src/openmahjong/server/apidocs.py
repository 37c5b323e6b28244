"""The interactive API docs (/docs: Swagger UI, /redoc: ReDoc) served from local files.

FastAPI's own pages load their scripts and styles from a CDN, so they are blank on a machine
without Internet access. Here the same pages take them from ``/docs/assets``, which serves the
files shipped by the ``fastapi-offline`` package (MIT; Swagger UI and ReDoc are themselves
Apache-2.0 and MIT): only the asset files are used, the application stays a plain FastAPI.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["ASSETS", "install_docs"]

#: Where the pages find their scripts, style sheet and icon.
ASSETS = "/docs/assets"


def _asset_dir() -> Path:
    return Path(str(files("fastapi_offline") / "static"))


def install_docs(app: FastAPI) -> None:
    """Add /docs, /docs/oauth2-redirect and /redoc to an app built with ``docs_url=None`` and
    ``redoc_url=None``; call it before any catch-all mount at ``/``."""
    openapi_url = app.openapi_url or "/openapi.json"
    redirect = "/docs/oauth2-redirect"
    app.mount(ASSETS, StaticFiles(directory=_asset_dir()), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url,
            title=f"{app.title} - API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon.png",
            oauth2_redirect_url=redirect,
        )

    @app.get(redirect, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi_url,
            title=f"{app.title} - API",
            redoc_js_url=f"{ASSETS}/redoc.standalone.js",
            redoc_favicon_url=f"{ASSETS}/favicon.png",
            with_google_fonts=False,
        )
