"""WeasyPrint fetches only Rookclub's own static files and QR codes; nothing else."""

import base64
import io
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from PIL import Image
from pypdf import PdfReader

from rookclub.printing.documents import qr_data_uri
from rookclub.printing.fetch import FetchRefused, static_url, url_fetcher
from rookclub.printing.render import html_to_pdf


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def server():
    """A local web server that records every request (and would serve an image)."""
    hits = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            self.wfile.write(png())

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", hits
    httpd.shutdown()


@pytest.fixture
def static_png(settings, tmp_path):
    """A PNG among the static files (and the same bytes as a plain file elsewhere)."""
    static = tmp_path / "static"
    static.mkdir()
    (static / "red.png").write_bytes(png())
    settings.STATICFILES_DIRS = [*django_settings.STATICFILES_DIRS, static]
    outside = tmp_path / "outside.png"
    outside.write_bytes(png())
    return outside


def images_in(pdf: bytes) -> int:
    count = 0
    for page in PdfReader(io.BytesIO(pdf)).pages:
        x_objects = page["/Resources"].get_object().get("/XObject", {})
        for ref in x_objects.get_object().values():
            count += ref.get_object().get("/Subtype") == "/Image"
    return count


def test_a_template_with_external_and_file_urls_fetches_none_of_them(server, static_png):
    web, hits = server
    nested = f'<svg xmlns="http://www.w3.org/2000/svg"><image href="{web}/nested.png"/></svg>'
    html = f"""<html><head>
      <link rel="stylesheet" href="{web}/linked.css">
      <style>@import url("{web}/imported.css");
        @font-face {{ font-family: Evil; src: url("{web}/font.ttf"); }}
        body {{ font-family: Evil; background: url("{web}/background.png"); }}</style>
    </head><body>
      <img src="{web}/image.png"><img src="{static_png.as_uri()}">
      <img src="data:image/png;base64,{base64.b64encode(png()).decode()}">
      <img src="data:image/svg+xml,{quote(nested)}">
      <object data="{web}/object.png"></object>
      <img src="/static/red.png"><img src="{qr_data_uri("https://rook.example.org/t/x/")}">
    </body></html>"""

    pdf = html_to_pdf(html)

    assert hits == [], "nothing was fetched from the web"
    assert images_in(pdf) == 1, "only the app's own static image; not the file:// or data: PNG"


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/hostname",
        "http://127.0.0.1/",
        "https://example.org/static/css/print.css",
        "ftp://example.org/x",
        "data:text/html,<b>x</b>",
        "data:image/png;base64,iVBORw0KGgo=",
        "rookclub-stamp:grid-1",
        "https://rookclub.invalid/media/print/2025/x.pdf",
        "https://rookclub.invalid/static/../rookclub/settings.py",
        "https://rookclub.invalid/static/%2e%2e/rookclub/settings.py",
        "https://rookclub.invalid/static//etc/hostname",
        "https://rookclub.invalid/static/css/nothing-here.css",
        "https://rookclub.invalid:8080/static/css/print.css",
    ],
)
def test_the_fetcher_refuses(url):
    with pytest.raises(FetchRefused):
        url_fetcher(url)


def test_the_fetcher_serves_static_files_from_disk_and_the_apps_qr_codes():
    sheet = url_fetcher(static_url("css/print.css"))
    qr = url_fetcher(qr_data_uri("https://rook.example.org/t/x/"))

    assert sheet["string"] == (django_settings.BASE_DIR / "static/css/print.css").read_bytes()
    assert sheet["mime_type"] == "text/css"
    assert qr["mime_type"] == "image/svg+xml" and qr["string"].lstrip().startswith(b"<")
