"""A real ``openmahjong serve`` in a child process for the benches that load a server.

Not a bench itself (``make bench`` skips files starting with ``_``): ``server_load.py`` and
``soak_connections.py`` start their server and read its CPU and memory through this.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

__all__ = ["cpu_seconds", "free_port", "rss_mib", "start_server"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    """Resident memory of process ``pid`` (``VmRSS``), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def start_server(
    database: str, port: int, log: Path, settings: dict[str, str]
) -> subprocess.Popen[bytes]:
    """``openmahjong serve`` on ``port`` with ``settings`` (``OPENMAHJONG_*`` names without the
    prefix, e.g. ``{"GUEST_LIMIT": "0"}``) and nothing else from the environment's settings;
    returns once it answers ``/api/health``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENMAHJONG_")}
    env.update({f"OPENMAHJONG_{name}": value for name, value in settings.items()})
    command = [sys.executable, "-c", "from openmahjong.cli import app; app()", "serve"]
    command += ["--port", str(port), "--database", database, "--log-level", "warning"]
    process = subprocess.Popen(command, stdout=log.open("ab"), stderr=subprocess.STDOUT, env=env)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if process.poll() is not None:
            raise SystemExit("server exited:\n" + log.read_text())
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise SystemExit("server did not start:\n" + log.read_text())
