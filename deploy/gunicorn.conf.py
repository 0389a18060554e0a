"""gunicorn settings for a Rookclub web node (deploy/rookclub-web.service).

    gunicorn rookclub.wsgi -c deploy/gunicorn.conf.py

Everything can be changed from the environment (the service's EnvironmentFile), so
each machine keeps the same file. The numbers come from deploy/README.md's capacity
table: a sync worker records about one hand at a time, so the workers (and threads)
per node set how many phones a node serves at once.
"""

import multiprocessing
import os


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


# Where nginx (or the load balancer) reaches this node: a private address in a
# multi-node setup, 127.0.0.1 when nginx runs on the same machine.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Two per core plus one is gunicorn's advice; each holds one database connection
# (per thread) for CONN_MAX_AGE seconds: count them against PostgreSQL's
# max_connections (or PgBouncer's pool) for every node.
workers = _int("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count() + 1)
# 1: sync workers (one request at a time each). More: gthread, for slow phones on
# bad wifi holding a request open; each thread is a database connection too.
threads = _int("GUNICORN_THREADS", 1)
worker_class = "gthread" if threads > 1 else "sync"
# A request that takes longer is killed (its worker restarted). Single PDFs render in
# the request in well under a second; batches go to the print workers.
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = _int("GUNICORN_KEEPALIVE", 5)
# Restart each worker after this many requests (a slow leak never grows for long);
# the jitter keeps them from restarting all at once.
max_requests = _int("GUNICORN_MAX_REQUESTS", 2000)
max_requests_jitter = _int("GUNICORN_MAX_REQUESTS_JITTER", 200)
# The addresses of the proxies allowed to set X-Forwarded-Proto (https) for Django's
# SECURE_PROXY_SSL_HEADER: nginx or the load balancer, comma-separated.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# Access log to stdout (journald keeps it), with the time taken (microseconds) and the
# client's address as the proxy saw it. GUNICORN_ACCESS_LOG=off: none (nginx keeps one).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
if accesslog in ("", "off"):
    accesslog = None
errorlog = "-"
access_log_format = (
    '%({x-forwarded-for}i)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(D)sus'
)
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Table and door keys, invitation tokens and reset links are blanked out of the
# access log's request lines and Referers (rookclub/core/redact.py).
logger_class = "rookclub.core.redact.GunicornLogger"
# Each worker loads the app itself (no preload): a deploy restarts cleanly with
# `systemctl reload` (HUP), and connections are never shared across a fork.
preload_app = False
proc_name = "rookclub-web"
