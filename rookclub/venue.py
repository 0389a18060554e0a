"""Venue mode (``ROOKCLUB_VENUE=1``): served from a laptop to a hall's phones over plain
http: the machine's names and addresses, the phones' address, the kept secret key."""

from __future__ import annotations

import contextlib
import io
import ipaddress
import logging
import os
import re
import secrets
import socket
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

#: The file under ``var/`` that keeps venue mode's secret key (mode 600).
SECRET_KEY_FILE = "venue-secret-key"


def venue_secret_key(var_dir: Path) -> str:
    """The secret key of venue mode: made once, then read from ``var/`` (owner-only), so logins
    survive a restart and the key is never in the environment or the repository."""
    path = var_dir / SECRET_KEY_FILE
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    key = secrets.token_urlsafe(50)
    # O_EXCL: two processes starting at once never write two keys; mode 600 from birth.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
    return key


def _interface_addresses() -> list[str]:
    """Every address of this machine's interfaces: ``ip`` (Linux), else ``ifconfig``
    (macOS, BSD); empty when neither answers."""
    for command in (["ip", "-o", "addr", "show"], ["ifconfig"]):
        try:
            out = subprocess.run(command, capture_output=True, text=True, timeout=5).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        found = re.findall(r"\binet6?\s+(?:addr:)?([0-9a-fA-F:.]+)", out)
        if found:
            return found
    return []


def _usable(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    return None if ip.is_unspecified or ip.is_multicast else ip


def machine_addresses() -> list[str]:
    """This machine's IP addresses, loopback included, each once, in a stable order."""
    found: list[str] = _interface_addresses()
    with contextlib.suppress(OSError):
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)]
    routed = _routed_address()
    if routed:
        found.append(routed)
    ips = {ip for ip in map(_usable, [*found, "127.0.0.1", "::1"]) if ip is not None}
    return [str(ip) for ip in sorted(ips, key=lambda ip: (ip.version, int(ip)))]


def _routed_address() -> str | None:
    """The address this machine would send from to another machine on its network
    (a UDP "connect" sends nothing), or None without a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            return probe.getsockname()[0]
        except OSError:
            return None


def lan_address(addresses: Iterable[str] | None = None) -> str:
    """The IPv4 address phones reach this machine at: the routed one if private, else the
    first private one, else any but loopback or link-local, else 127.0.0.1."""
    pool = list(machine_addresses() if addresses is None else addresses)
    candidates = [ip for ip in map(_usable, pool) if ip is not None and ip.version == 4]
    outside = [ip for ip in candidates if not ip.is_loopback and not ip.is_link_local]
    routed = _routed_address() if addresses is None else None
    for ip in outside:
        if str(ip) == routed and ip.is_private:
            return str(ip)
    for ip in outside:
        if ip.is_private:
            return str(ip)
    return str(outside[0]) if outside else "127.0.0.1"


def machine_names(host_name: str | None = None) -> list[str]:
    """The names phones and the laptop itself may use: the host name (``host_name``, or
    this machine's), its ``.local`` name (mDNS, as macOS and most phones resolve it), and
    localhost."""
    host = (socket.gethostname() if host_name is None else host_name).strip().rstrip(".")
    short = host.split(".", 1)[0]
    names = [host, short, f"{short}.local", "localhost"]
    return list(dict.fromkeys(name.lower() for name in names if name))


def allowed_hosts(
    *,
    extra: Iterable[str] = (),
    site_url: str = "",
    host_name: str | None = None,
    addresses: Iterable[str] | None = None,
) -> list[str]:
    """Venue mode's ALLOWED_HOSTS: the machine's names and addresses (``host_name`` and
    ``addresses``, or this machine's), ``extra`` and the host of ``site_url``."""
    from urllib.parse import urlsplit

    hosts = machine_names(host_name)
    found = machine_addresses() if addresses is None else addresses
    hosts += [f"[{a}]" if ":" in a else a for a in found]
    hosts += [h.strip() for h in extra if h.strip()]
    site_host = urlsplit(site_url).hostname if site_url else None
    if site_host:
        hosts.append(f"[{site_host}]" if ":" in site_host else site_host)
    return list(dict.fromkeys(hosts))


def default_site_url(port: int | str, address: str | None = None) -> str:
    """``http://<LAN address>:<port>/``: what phones type or scan."""
    host = address or lan_address()
    host = f"[{host}]" if ":" in host else host
    return f"http://{host}:{port}/"


class NoTraceback(logging.Formatter):
    """A log line without its traceback: a phone that asks for an address the laptop
    does not answer to is one line on the director's terminal, not a page of code."""

    def formatException(self, ei: Any) -> str:
        return ""

    def format(self, record: logging.LogRecord) -> str:
        # A traceback another handler (or the redacting filter) already wrote into
        # the record is left out too.
        plain = logging.makeLogRecord(record.__dict__)
        plain.exc_info = plain.exc_text = plain.stack_info = None
        return super().format(plain)


def banner(site_url: str, *, qr: bool = True) -> str:
    """What the terminal shows once the server answers: the address phones use, and
    the same address as a QR code a phone's camera opens."""
    lines = [
        "",
        f"Rookclub is serving the hall: phones join at {site_url}",
        "Show this QR code to a phone, or print table cards from the night's page.",
    ]
    text = "\n".join(lines) + "\n"
    if qr:
        text += terminal_qr(site_url)
    return text + "Stop it with Ctrl-C.\n"


#: Two rows of modules in one line of text: (top dark, bottom dark) -> character.
_HALF_BLOCKS = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584"}
#: Black characters on a bright white background, whatever the terminal's own colours.
_DARK_ON_LIGHT = "\033[30;107m"
_RESET = "\033[0m"


def terminal_qr(data: str, *, border: int = 4) -> str:
    """``data`` as a QR code in half-block characters, black on white on every line, so a
    camera reads it on a light or dark terminal and on paper. The quiet zone is ``border``."""
    import segno

    rows = [
        [bool(bit) for bit in row]
        for row in segno.make(data, error="m").matrix_iter(scale=1, border=border)
    ]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    out = io.StringIO()
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        cells = "".join(_HALF_BLOCKS.get(pair, " ") for pair in zip(top, bottom, strict=True))
        out.write(f"{_DARK_ON_LIGHT}{cells}{_RESET}\n")
    return out.getvalue()
