"""deploy/nginx.conf renders for one machine (bench/tuesday.py and the live pages'
tests run it so) changing only its upstream, ports and cache folder: a change to the
shipped file that the rendering no longer understands fails here, with or without
nginx installed."""

from bench._nginx import SHIPPED, render_site


def test_the_shipped_site_is_rendered_with_only_its_addresses_changed(tmp_path):
    shipped = SHIPPED.read_text()

    site = render_site(
        shipped, upstreams=["127.0.0.1:8001"], port=8443, plain_port=8080, cache=tmp_path
    )

    assert "10.0.0.1" not in site and "server 127.0.0.1:8001 " in site
    assert "listen 127.0.0.1:8443;" in site and "listen 127.0.0.1:8080;" in site
    assert "ssl_certificate" not in site and "listen 443" not in site
    assert f"proxy_cache_path {tmp_path} " in site
    kept = [line for line in shipped.splitlines() if "proxy_" in line and "cache_path" not in line]
    assert kept and all(line in site.splitlines() for line in kept)
