"""A real PostgreSQL for the tests, found or started by the tests themselves.

Where the server comes from, first match wins:

1. ``DATABASE_URL`` (``postgresql://user:pass@host:port/db``): an existing server; the tests
   create and drop their own ``pgtest_*`` databases on it, so the role needs CREATEDB.
2. A system PostgreSQL: ``initdb``/``postgres`` on ``PATH`` or under
   ``/usr/lib/postgresql/<version>/bin`` (Debian, Ubuntu) — a throwaway cluster in a temp dir.
3. The ``pgserver`` wheel (PostgreSQL 16 in ``site-packages/pgserver/pginstall``) — the same
   throwaway cluster from its binaries. ``PGTEST_BINARIES=pgserver`` forces this choice,
   ``PGTEST_BINARIES=system`` the one before.

PostgreSQL refuses to run as root ("root execution of the PostgreSQL server is not permitted"),
and CI machines and containers usually are root. pgserver's own launcher answers that by
``useradd``-ing a ``pgserver`` account and chmod-ing every parent directory of the data and
the binaries; a test run should not change the machine's accounts, so the cluster is started
here instead: as root, ``initdb`` and ``postgres`` run as an existing unprivileged account
(``postgres`` where the distribution made one, else ``nobody``) that owns the temp dir, and
when that account cannot reach the binaries (a venv under ``/root``, mode 700) the installation
is copied into the temp dir first. The cluster listens on 127.0.0.1 at a free port with trust
authentication, fsync off (a test cluster is thrown away, never recovered), and is stopped
(fast shutdown) at the end of the session.

Each test gets a fresh database (``CREATE DATABASE pgtest_<n>`` from ``template0``), dropped
afterwards, so tests never see each other's rows.
"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict
from urllib.parse import urlsplit, urlunsplit

import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints
import pytest

START_TIMEOUT = 30.0
SUPERUSER = "postgres"
#: Settings for a throwaway cluster: durability off, room for several bot processes.
SERVER_SETTINGS = {
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "listen_addresses": "127.0.0.1",
}


class NoPostgres(RuntimeError):
    """No PostgreSQL could be found or started."""


class AccountOptions(TypedDict, total=False):
    """The subprocess options that run a PostgreSQL binary as the unprivileged account."""

    user: int
    group: int
    extra_groups: list[int]
    env: dict[str, str]
    cwd: str


def system_binaries() -> Path | None:
    """The bin directory of an installed PostgreSQL (initdb and postgres), newest first."""
    on_path = shutil.which("initdb")
    candidates = [Path(on_path).resolve().parent] if on_path else []
    candidates += sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    for directory in candidates:
        if (directory / "initdb").is_file() and (directory / "postgres").is_file():
            return directory
    return None


def pgserver_binaries() -> Path | None:
    """The bin directory inside the pgserver wheel, found without importing it (its import
    sets up lock files and atexit hooks this launcher does not use)."""
    spec = importlib.util.find_spec("pgserver")
    if spec is None or spec.origin is None:
        return None
    directory = Path(spec.origin).parent / "pginstall" / "bin"
    return directory if (directory / "postgres").is_file() else None


def choose_binaries() -> Path:
    """The binaries to start a cluster from, as the module docstring orders them."""
    wanted = os.environ.get("PGTEST_BINARIES", "")
    finders = {"system": system_binaries, "pgserver": pgserver_binaries}
    order = [finders[wanted]] if wanted in finders else [system_binaries, pgserver_binaries]
    for find in order:
        found = find()
        if found is not None:
            return found
    raise NoPostgres(
        "no PostgreSQL: set DATABASE_URL, install PostgreSQL, or `pip install pgserver`"
    )


def unprivileged_account() -> pwd.struct_passwd:
    """The account a root test run starts PostgreSQL as (it must exist already)."""
    for name in (os.environ.get("PGTEST_USER"), "postgres", "nobody"):
        if not name:
            continue
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise NoPostgres("running as root and neither a 'postgres' nor a 'nobody' account exists")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _reachable_by(account: pwd.struct_passwd, path: Path) -> bool:
    # Run the check as the account itself: exact, whatever ACLs or modes are in the way.
    result = subprocess.run(
        ["/bin/sh", "-c", 'test -x "$1"', "sh", str(path)],
        user=account.pw_uid,
        group=account.pw_gid,
        extra_groups=[],
        check=False,
    )
    return result.returncode == 0


@dataclass
class Cluster:
    """A throwaway PostgreSQL cluster in a temp dir, started from ``binaries``."""

    binaries: Path
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="pgtest-")))
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    account: pwd.struct_passwd | None = None

    @property
    def url(self) -> str:
        """The superuser's URL of the ``postgres`` database."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def start(self) -> Cluster:
        """initdb, then run postgres until it accepts connections."""
        if os.geteuid() == 0:
            self.account = unprivileged_account()
            os.chmod(self.root, 0o755)
            if not _reachable_by(self.account, self.binaries / "postgres"):
                self.binaries = self._copy_installation()
            os.chown(self.root, self.account.pw_uid, self.account.pw_gid)
        data = self.root / "data"
        self._run(
            [
                str(self.binaries / "initdb"),
                "-D",
                str(data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ]
        )
        for _attempt in range(5):
            self.port = free_port()
            settings = [f"--{key}={value}" for key, value in SERVER_SETTINGS.items()]
            log = open(self.root / "postgres.log", "ab")  # noqa: SIM115 - kept open by the server
            self.process = subprocess.Popen(
                [
                    str(self.binaries / "postgres"),
                    "-D",
                    str(data),
                    "-p",
                    str(self.port),
                    "-k",
                    str(self.root),
                    *settings,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                **self._as_account(),
            )
            log.close()
            if self._wait_ready():
                return self
            self.stop()
        raise NoPostgres(f"postgres did not start; see {self.root / 'postgres.log'}")

    def stop(self) -> None:
        """Fast shutdown (SIGINT: roll back open transactions, disconnect, stop)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def remove(self) -> None:
        """Stop the server and delete the temp dir."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def _wait_ready(self) -> bool:
        assert self.process is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            ready = subprocess.run(
                [str(self.binaries / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)],
                check=False,
            )
            if ready.returncode == 0:
                return True
            time.sleep(0.05)
        return False

    def _run(self, command: list[str]) -> None:
        result = subprocess.run(command, capture_output=True, check=False, **self._as_account())
        if result.returncode != 0:
            output = (result.stdout + result.stderr).decode(errors="replace")
            raise NoPostgres(f"{command[0]} failed ({result.returncode}):\n{output}")

    def _as_account(self) -> AccountOptions:
        if self.account is None:
            return {}
        return {
            "user": self.account.pw_uid,
            "group": self.account.pw_gid,
            "extra_groups": [],
            "env": {**os.environ, "HOME": str(self.root), "USER": self.account.pw_name},
            "cwd": str(self.root),
        }

    def _copy_installation(self) -> Path:
        # bin, lib and share sit side by side and postgres finds the others relative to itself;
        # the pgserver wheel's binaries also load libraries from $ORIGIN/../../../pgserver.libs.
        installation = self.binaries.parent
        copy = self.root / "pg" / "package" / installation.name
        shutil.copytree(installation, copy, symlinks=True)
        libs = installation.parent.parent / "pgserver.libs"
        if libs.is_dir():
            shutil.copytree(libs, self.root / "pg" / libs.name, symlinks=True)
        for path in [self.root / "pg", *(self.root / "pg").rglob("*")]:
            if not path.is_symlink():
                path.chmod(path.stat().st_mode | 0o055)
        return copy / "bin"


def with_database(url: str, database: str) -> str:
    """``url`` pointing at another database of the same server."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + database))


@dataclass
class PostgresServer:
    """The server for this test session: hands out fresh databases."""

    url: str
    cluster: Cluster | None = None
    _names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def source(self) -> str:
        """Where the server came from, for messages: DATABASE_URL or the binaries used."""
        return "DATABASE_URL" if self.cluster is None else str(self.cluster.binaries)

    @contextlib.asynccontextmanager
    async def database(self) -> AsyncIterator[str]:
        """A new empty database for one test; its URL; dropped afterwards."""
        name = f"pgtest_{os.getpid()}_{next(self._names)}"
        admin = await asyncpg.connect(self.url)
        try:
            await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        finally:
            await admin.close()
        try:
            yield with_database(self.url, name)
        finally:
            admin = await asyncpg.connect(self.url)
            try:
                await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            finally:
                await admin.close()


def start_server() -> PostgresServer:
    """The session's server: DATABASE_URL, else a cluster from system or pgserver binaries."""
    given = os.environ.get("DATABASE_URL", "")
    if given.startswith(("postgresql://", "postgres://")):
        return PostgresServer(given)
    cluster = Cluster(choose_binaries()).start()
    return PostgresServer(cluster.url, cluster)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL for the whole test session (started on first use)."""
    server = start_server()
    try:
        yield server
    finally:
        if server.cluster is not None:
            server.cluster.remove()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """The URL of a fresh, empty database of its own for this test."""
    async with postgres_server.database() as url:
        yield url
