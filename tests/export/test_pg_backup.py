"""deploy/README.md's backup, done for real: pg_dump in custom format, pg_restore into
a scratch database, and the club's standings read from the restored copy are the
ones of the moment of the dump. PostgreSQL only; needs the pg_dump and pg_restore
binaries (CI: ROOKCLUB_REQUIRE_PG_TOOLS=1 makes their absence a failure)."""

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection

from rookclub.clubs.models import Club
from tests.export.club_data import add_nights, build_club, standings_of

pytestmark = pytest.mark.django_db(transaction=True)  # pg_dump sees committed rows only


def _tools() -> dict[str, str]:
    if connection.vendor != "postgresql":
        pytest.skip("pg_dump and pg_restore back up PostgreSQL only")
    found = {name: shutil.which(name) for name in ("pg_dump", "pg_restore")}
    missing = [name for name, path in found.items() if path is None]
    if missing:
        message = f"needs {' and '.join(missing)} (Debian: apt-get install postgresql-client)"
        if os.environ.get("ROOKCLUB_REQUIRE_PG_TOOLS"):
            pytest.fail(message)
        pytest.skip(message)
    return found  # type: ignore[return-value]


def _args(db: dict) -> tuple[list[str], dict[str, str]]:
    args = ["--host", db.get("HOST") or "localhost", "--port", str(db.get("PORT") or 5432)]
    if db.get("USER"):
        args += ["--username", db["USER"]]
    env = {**os.environ, "PGPASSWORD": db.get("PASSWORD") or ""}
    return args, env


@contextmanager
def reading(name: str) -> Iterator[None]:
    """Every query in the block goes to database ``name``."""
    db = connection.settings_dict
    original = db["NAME"]
    connection.close()
    db["NAME"] = name
    try:
        yield
    finally:
        connection.close()
        db["NAME"] = original


def test_a_pg_dump_restored_into_a_new_database_has_the_same_standings(tmp_path):
    tools = _tools()
    club = build_club(nights=1)
    at_dump = standings_of(club)
    db = connection.settings_dict
    args, env = _args(db)
    dump = tmp_path / "rookclub.dump"

    subprocess.run(
        [tools["pg_dump"], *args, "--format=custom", "--no-owner", "--file", str(dump), db["NAME"]],
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    add_nights(club, 1)  # after the dump: the restored copy must not have it
    assert standings_of(club) != at_dump

    scratch = f"{db['NAME']}_restore"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{scratch}"')
        cursor.execute(f'CREATE DATABASE "{scratch}"')
    try:
        subprocess.run(
            [
                tools["pg_restore"],
                *args,
                "--no-owner",
                "--exit-on-error",
                "--dbname",
                scratch,
                str(dump),
            ],
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )
        with reading(scratch):
            restored = standings_of(Club.objects.get(slug=club.slug))
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{scratch}"')
    assert restored == at_dump
