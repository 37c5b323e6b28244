"""The shipped deploy/ folder names real settings and proxies the play sockets correctly."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from openmahjong.server.settings import Settings

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())


def test_compose_runs_two_servers_on_postgres_and_redis_behind_nginx():
    services = compose()["services"]
    assert {"postgres", "redis", "app1", "app2", "nginx"} <= set(services)
    assert services["postgres"]["image"] == "postgres:16"
    assert services["redis"]["image"] == "redis:7"
    assert "8080:8080" in services["nginx"]["ports"]
    for name in ("app1", "app2"):
        app = services[name]
        assert app["build"]["dockerfile"] == "deploy/Dockerfile"
        env = app["environment"]
        assert env["OPENMAHJONG_DATABASE_URL"].startswith("postgresql+asyncpg://")
        assert env["OPENMAHJONG_REDIS_URL"].startswith("redis://redis:")
        assert "/api/health" in " ".join(app["healthcheck"]["test"])


def test_every_variable_in_compose_is_a_setting():
    fields = set(Settings.model_fields)
    for name, service in compose()["services"].items():
        for variable in service.get("environment") or {}:
            if variable.startswith("OPENMAHJONG_"):
                assert variable.removeprefix("OPENMAHJONG_").lower() in fields, (name, variable)


def test_the_servers_trust_only_nginx_for_the_client_address():
    services = compose()["services"]
    nginx_ip = services["nginx"]["networks"]["backend"]["ipv4_address"]
    env = services["app1"]["environment"]
    settings = Settings(
        trust_proxy=env["OPENMAHJONG_TRUST_PROXY"],
        proxy_addresses=env["OPENMAHJONG_PROXY_ADDRESSES"],
    )
    assert settings.trust_proxy is True
    assert settings.proxy_addresses == [nginx_ip]


def test_nginx_upgrades_the_play_sockets_and_balances_the_app_services():
    conf = (DEPLOY / "nginx.conf").read_text()
    ws = re.search(r"location /ws \{(.*?)\}", conf, re.S)
    assert ws is not None
    assert "proxy_set_header Upgrade $http_upgrade;" in ws.group(1)
    assert "proxy_set_header Connection $connection_upgrade;" in ws.group(1)
    assert "proxy_read_timeout" in ws.group(1)
    for header in ("X-Forwarded-For", "X-Real-IP"):
        assert f"proxy_set_header {header}" in conf
    assert "proxy_next_upstream" in conf
    for name in ("app1", "app2"):
        assert re.search(rf"server {name}:8000 max_fails=\d+ fail_timeout=\d+s;", conf)
    assert "ip_hash" not in conf and "sticky " not in conf and "hash " not in conf


def test_the_image_serves_on_every_interface():
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert dockerfile.startswith("#") and "FROM python:3.11-slim" in dockerfile
    assert '"openmahjong", "serve", "--host", "0.0.0.0"' in dockerfile
