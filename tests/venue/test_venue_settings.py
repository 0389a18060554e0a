"""Venue mode's pieces without a server: the secret key kept in var/, the address phones
use, the hosts served, and the settings ROOKCLUB_VENUE=1 gives (plain http, DEBUG off)."""

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rookclub import venue

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_secret_key_is_made_once_and_readable_by_its_owner_only(tmp_path):
    first = venue.venue_secret_key(tmp_path)
    again = venue.venue_secret_key(tmp_path)

    assert first == again and len(first) >= 50
    mode = stat.S_IMODE(os.stat(tmp_path / venue.SECRET_KEY_FILE).st_mode)
    assert mode == 0o600


def test_another_laptops_key_is_never_guessed(tmp_path):
    assert venue.venue_secret_key(tmp_path) != venue.venue_secret_key(tmp_path / "..")


@pytest.mark.parametrize(
    ("addresses", "expected"),
    [
        (["127.0.0.1", "169.254.3.4", "192.168.8.20", "fd00::2"], "192.168.8.20"),
        (["127.0.0.1", "203.0.113.9"], "203.0.113.9"),  # no private one: any outside one
        (["8.8.4.4", "10.0.0.7"], "10.0.0.7"),  # a private one first
        (["127.0.0.1", "::1"], "127.0.0.1"),  # no network at all
    ],
)
def test_phones_are_given_the_lan_address(addresses, expected):
    assert venue.lan_address(addresses) == expected


def test_the_site_address_is_the_lan_address_and_port():
    assert venue.default_site_url(8080, "192.168.8.20") == "http://192.168.8.20:8080/"
    assert venue.default_site_url(8000, "fd00::2") == "http://[fd00::2]:8000/"


def test_the_machines_names_and_addresses_are_served():
    hosts = venue.allowed_hosts(
        extra=["rook.lan"],
        site_url="http://club.example:8000/",
        host_name="Rook-Laptop",
        addresses=["127.0.0.1", "192.168.8.20", "::1"],
    )

    for host in (
        "rook-laptop",
        "rook-laptop.local",
        "localhost",
        "127.0.0.1",
        "192.168.8.20",
        "[::1]",
        "rook.lan",
        "club.example",
    ):
        assert host in hosts
    assert len(hosts) == len(set(hosts))


def test_without_names_or_addresses_given_the_machines_own_are_served():
    hosts = venue.allowed_hosts()

    assert socket.gethostname().strip().rstrip(".").lower() in hosts
    assert "localhost" in hosts
    for address in venue.machine_addresses():
        assert (f"[{address}]" if ":" in address else address) in hosts


def test_the_banner_gives_the_address_and_its_qr_code():
    text = venue.banner("http://192.168.8.20:8000/")

    assert "phones join at http://192.168.8.20:8000/" in text
    assert "█" in text or "▀" in text  # the QR code, drawn in block characters
    assert "Ctrl-C" in text


def venue_settings(**env: str) -> dict:
    """The settings a ``manage.py`` process reads with ROOKCLUB_VENUE=1 and ``env``."""
    dropped = {
        "DEBUG",
        "SECRET_KEY",
        "SITE_URL",
        "ALLOWED_HOSTS",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "NUM_PROXIES",
        "PORT",
    }
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    code = (
        "import json; from django.conf import settings as s; print(json.dumps({"
        "'debug': s.DEBUG, 'site_url': s.SITE_URL, 'hosts': s.ALLOWED_HOSTS,"
        "'redirect': s.SECURE_SSL_REDIRECT, 'hsts': s.SECURE_HSTS_SECONDS,"
        "'secure_cookies': s.SESSION_COOKIE_SECURE or s.CSRF_COOKIE_SECURE,"
        "'proxies': s.REST_FRAMEWORK['NUM_PROXIES'], 'static': s.STORAGES['staticfiles']}))"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env={**clean, "ROOKCLUB_VENUE": "1", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_venue_mode_is_plain_http_with_debug_off():
    found = venue_settings(SECRET_KEY="venue-test-" + "k" * 50, PORT="8123", DEBUG="1")

    assert found["debug"] is False  # DEBUG=1 is not honoured at the hall
    assert found["redirect"] is False and found["hsts"] == 0 and not found["secure_cookies"]
    assert found["proxies"] == 0  # no proxy in front: X-Forwarded-For is not believed
    assert found["site_url"].startswith("http://") and found["site_url"].endswith(":8123/")
    assert "localhost" in found["hosts"] and "127.0.0.1" in found["hosts"]
    assert "Manifest" in found["static"]["BACKEND"]  # collected into var/, served by whitenoise


def test_a_site_url_given_is_kept_and_its_host_served():
    found = venue_settings(
        SECRET_KEY="venue-test-" + "k" * 50, SITE_URL="http://rook.lan:8000", ALLOWED_HOSTS="x.lan"
    )

    assert found["site_url"] == "http://rook.lan:8000/"
    assert {"rook.lan", "x.lan", "localhost"} <= set(found["hosts"])
