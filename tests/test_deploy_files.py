"""The container files parse and say what the README promises (no Docker daemon here to run
them): a python:3.11-slim image, its search compiled, running ``python -m bot``; PostgreSQL 16
with a volume and a health check; two bot processes with one shard each, started once
PostgreSQL is healthy."""

from __future__ import annotations

import os
import subprocess
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
    run = " ".join(line for line in lines if not line.startswith(("FROM", "COPY", "CMD")))
    assert "pip install -e '.[native]'" in run
    # The search compiled in the image, and the compiler gone again in the same layer.
    assert run.index("apt-get install -y --no-install-recommends gcc") < run.index(
        "python -m bot.build_native"
    )
    # The palettes fitted in the image, before the bot's user (who cannot write there) takes over.
    assert run.index("from render.draw import warm; warm()") < run.index("useradd")
    assert run.index("python -m bot.build_native") < run.index("apt-get purge -y gcc")
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


def documented_copy() -> str:
    """The copy command compose.yaml's comment gives, as one shell line."""
    lines = (ROOT / "compose.yaml").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if "docker compose run" in line)
    command = []
    for line in lines[start:]:
        text = line.removeprefix("#").strip()
        command.append(text.removesuffix("\\").strip())
        if not text.endswith("\\"):
            break
    return " ".join(command)


def test_the_documented_copy_sends_the_containers_database_url() -> None:
    """Run as written on a host without DATABASE_URL: docker gets the copy command with
    "$DATABASE_URL" unexpanded, and the container's shell fills in the service's URL."""
    compose: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    host = {"PATH": os.environ["PATH"], "PWD": str(ROOT)}
    given = subprocess.run(
        ["bash", "-c", 'docker() { printf "%s\\0" "$@"; }; ' + documented_copy()],
        env=host,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")[:-1]
    assert given[:3] == ["compose", "run", "--rm"]
    at = given.index("sh")
    service, script = given[at - 1], given[at + 2]
    assert given[at + 1] == "-c" and f"{ROOT}/data:/import" in given
    url = compose["services"][service]["environment"]["DATABASE_URL"]
    ran = subprocess.run(
        ["sh", "-c", 'python() { printf "%s\\0" "$@"; }; ' + script],
        env={**host, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")[:-1]
    assert ran == ["-m", "bot.admin", "copy", "--from", "/import/penguins.sqlite3", "--to", url]
