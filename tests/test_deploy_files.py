"""The container files parse and say what the README promises (no Docker daemon here to run
them): a python:3.11-slim image running ``python -m bot``; PostgreSQL 16 with a volume and a
health check; two bot processes with one shard each, started once PostgreSQL is healthy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_dockerfile_builds_on_python_slim_and_runs_the_bot() -> None:
    lines = [
        line.strip()
        for line in (ROOT / "Dockerfile").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines[0] == "FROM python:3.11-slim"
    assert any(line.startswith("RUN pip install") for line in lines)
    assert lines[-1] == 'CMD ["python", "-m", "bot"]'
    for folder in ("bot", "render", "data"):
        assert f"COPY {folder} ./{folder}" in lines


def test_compose_runs_two_shards_on_one_healthy_postgres() -> None:
    compose: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    postgres = services["postgres"]
    assert postgres["image"].startswith("postgres:16")
    volume = postgres["volumes"][0].split(":")[0]
    assert volume in compose["volumes"]
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    bots = {name: s for name, s in services.items() if name != "postgres"}
    assert len(bots) == 2
    shard_ids = set()
    for bot in bots.values():
        env = bot["environment"]
        assert bot["build"] == "."
        assert env["SHARD_COUNT"] == "2"
        assert env["DATABASE_URL"].startswith("postgresql://")
        assert "@postgres:5432/" in env["DATABASE_URL"]
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert env["HEARTBEAT_FILE"] in " ".join(bot["healthcheck"]["test"])
        shard_ids.add(env["SHARD_IDS"])
    assert shard_ids == {"0", "1"}
