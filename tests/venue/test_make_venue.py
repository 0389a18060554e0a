"""``make venue`` from a fresh clone, as a director runs it at the hall: it answers the
machine's own name, prints the address phones join at, and a table card printed from it
carries a QR code (read back with zbar) that opens that address, as does the terminal's
own QR code; a phone at another name is told what to do; Ctrl-C stops it cleanly.

The clone is ``git clone`` of this repository (its last commit: commit before running
this) into a temporary folder; the virtualenv running the tests is reused
(``make venue VENV=...``, ``-o`` so make never reinstalls into it). Needs git, make,
zbarimg (zbar-tools) and pdftoppm (poppler-utils); without them it is skipped, or failed
with ROOKCLUB_REQUIRE_VENUE=1 (CI). About a minute: skip it with ``-m "not venue"``.
ROOKCLUB_VENUE_TEST_PORT picks the port (a free one otherwise).
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlencode

import pytest
from PIL import Image

from tests.venue.test_terminal_qr import WHITE_TERMINAL, paint

pytestmark = pytest.mark.venue

ROOT = Path(__file__).resolve().parent.parent.parent
VENV = Path(sys.executable).parent.parent
READY = re.compile(r"phones join at (\S+)")
START_SECONDS = 300  # migrate, collectstatic and the demo club on a slow machine


def _needs(tools: list[str]) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if not missing and not (ROOT / ".git").exists():
        missing = ["a git checkout to clone"]
    if not missing:
        return
    message = f"needs {', '.join(missing)} (deploy/install-system-packages.sh)"
    if os.environ.get("ROOKCLUB_REQUIRE_VENUE"):
        pytest.fail(message)
    pytest.skip(message)


def _port() -> int:
    chosen = os.environ.get("ROOKCLUB_VENUE_TEST_PORT")
    if chosen:
        return int(chosen)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """``make venue`` in its own process group (as a terminal runs it), its output kept."""

    def __init__(self, clone: Path, port: int) -> None:
        # A director's shell: none of the test run's database, Redis or Django settings.
        keep = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "USER")
        env = {k: os.environ[k] for k in keep if k in os.environ}
        installed = f"{VENV}/.installed"
        self.process = subprocess.Popen(
            [
                "make",
                "--no-print-directory",
                "-o",
                installed,
                "venue",
                f"VENV={VENV}",
                f"PORT={port}",
            ],
            cwd=clone,
            env={**env, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: list[str] = []
        self.address: str | None = None
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)
            found = READY.search(line)
            if found and not self.ready.is_set():
                self.address = found.group(1)
                self.ready.set()
        self.ready.set()  # it ended: whoever waits stops waiting

    def output(self) -> str:
        return "".join(self.lines)

    def ctrl_c(self) -> int:
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(timeout=60)

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)


class Phone:
    """HTTP to 127.0.0.1:port with a chosen Host header, keeping cookies by hand."""

    def __init__(self, port: int, host: str) -> None:
        self.port, self.host = port, host
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []

    def request(self, method: str, path: str, form: dict | None = None):
        cookies = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        headers = {"Host": self.host, "Cookie": cookies}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"http://{self.host}"
            headers["Referer"] = f"http://{self.host}{path}"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for cookie in response.msg.get_all("Set-Cookie") or []:
            self.set_cookies.append(cookie)
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        return response, data


def _log_in(phone: Phone) -> None:
    response, page = phone.request("GET", "/accounts/login/")
    assert response.status == 200, page[:500]
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    form = {"csrfmiddlewaretoken": token, "username": "director", "password": "rookclub-demo"}
    response, page = phone.request("POST", "/accounts/login/", form)
    assert response.status == 302, page[:1000]
    assert "sessionid" in phone.cookies


def _qr_codes(pdf: bytes, folder: Path) -> list[str]:
    (folder / "card.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", "card.pdf", "card"],
        cwd=folder,
        check=True,
        timeout=60,
    )
    image = next(folder.glob("card*.png"))
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, timeout=60
    )
    assert read.returncode == 0, read.stderr
    return read.stdout.split()


# A clone, a migrate, collectstatic and the demo club: minutes on a busy machine, more
# than the suite's 300 s per test while the other test processes share the cores.
@pytest.mark.timeout(600)
def test_make_venue_from_a_fresh_clone_serves_the_hall_and_its_cards_open_it(tmp_path):
    _needs(["git", "make", "zbarimg", "pdftoppm"])
    clone = tmp_path / "rookclub"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=120)
    port = _port()
    server = Server(clone, port)
    try:
        assert server.ready.wait(START_SECONDS), server.output()
        assert server.address, f"make venue stopped before serving:\n{server.output()}"
        assert server.address.startswith("http://") and f":{port}/" in server.address

        # A phone that names the laptop by its host name is served (DEBUG is off).
        phone = Phone(port, f"{socket.gethostname()}:{port}")
        response, page = phone.request("GET", "/")
        assert response.status == 200, page[:500]
        name = f"rookclub-{secrets.token_hex(4)}.example"
        stranger = Phone(port, f"{name}:{port}")
        response, refused = stranger.request("GET", "/")
        assert response.status == 400  # not one of the laptop's names: the page says so
        assert f"ALLOWED_HOSTS={name} make venue".encode() in refused, refused[:2000]
        assert f'href="{server.address}"'.encode() in refused

        # The terminal's QR code, as a white terminal paints it, opens the address.
        picture = tmp_path / "terminal.png"
        painted = paint(server.output(), WHITE_TERMINAL)
        image = Image.new("RGB", (len(painted[0]), len(painted)))
        image.putdata([p for row in painted for p in row])
        image.resize((image.width * 8, image.height * 8), Image.NEAREST).save(picture)
        read = subprocess.run(
            ["zbarimg", "--quiet", "--raw", str(picture)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert read.stdout.strip() == server.address, read.stderr

        # Plain http: the login cookies are not Secure-only, or no phone could log in.
        _log_in(phone)
        assert phone.set_cookies
        assert all("secure" not in c.lower() for c in phone.set_cookies)

        # The director's club page says where phones join; a night's table card opens it.
        response, club = phone.request("GET", "/clubs/maple-street/")  # the demo club
        assert f'Phones join at <a href="{server.address}"'.encode() in club
        night = re.search(rb'href="/sessions/(\d+)/"', club).group(1).decode()
        response, night_page = phone.request("GET", f"/sessions/{night}/")
        card = re.search(rb'href="(/print/rounds/\d+/tables/\d+/card\.pdf)"', night_page)
        assert card, night_page[:2000]
        response, pdf = phone.request("GET", card.group(1).decode())
        assert response.status == 200 and pdf.startswith(b"%PDF"), pdf[:500]

        codes = _qr_codes(pdf, tmp_path)
        assert len(codes) == 1
        assert codes[0].startswith(server.address)
        assert "/t/" in codes[0]  # the table's link, no login needed
        table_page = codes[0].removeprefix(server.address.rstrip("/"))
        assert phone.request("GET", table_page)[0].status == 200

        status = server.ctrl_c()  # make itself reports the interrupt: 130 in a shell
        assert status in (0, 130, -signal.SIGINT), server.output()[-3000:]
        # Neither the stranger's 400 nor Ctrl-C put a traceback on the director's screen.
        assert "Traceback" not in server.output(), server.output()
        assert "Invalid HTTP_HOST header" in server.output()  # one line says why
        assert (clone / "var" / "venue-secret-key").exists()  # it ran from the clone
    finally:
        server.kill()
    # Stopped: the port is free again.
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0
