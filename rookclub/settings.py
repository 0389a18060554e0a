"""Rookclub settings, driven by the environment: every variable is in README.md's
Configuration table, running several machines in deploy/README.md. No environment: DEBUG,
SQLite under var/, eager Celery, local-memory cache."""

import ipaddress
import re
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import environ
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
# A .env file beside manage.py is read if present; real environment variables win.
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

# Venue mode (rookclub/venue.py): plain http on a hall's network, DEBUG off, no TLS settings.
VENUE = env.bool("ROOKCLUB_VENUE", default=False)
DEBUG = False if VENUE else env.bool("DEBUG", default=True)

# Production without SECRET_KEY refuses to start rather than sign with a known key.
_DEV_SECRET_KEY = "django-insecure-rookclub-development-only-never-use-in-production"
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY and VENUE:
    from rookclub.venue import venue_secret_key

    (BASE_DIR / "var").mkdir(exist_ok=True)
    SECRET_KEY = venue_secret_key(BASE_DIR / "var")  # made once, kept in var/ (mode 600)
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Production (DEBUG=0) needs a long random SECRET_KEY; "
            "generate one with: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env.list(
    "ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", "testserver"] if DEBUG else []
)
#: The address phones use in venue mode (SITE_URL below): http://<LAN address>:<PORT>/.
VENUE_SITE_URL = ""
if VENUE:
    from rookclub import venue as _venue

    VENUE_SITE_URL = env.str("SITE_URL", default="").strip() or _venue.default_site_url(
        env.int("PORT", default=8000)
    )
    # The machine's own names and addresses, whatever its network gives it tonight.
    ALLOWED_HOSTS = _venue.allowed_hosts(extra=ALLOWED_HOSTS, site_url=VENUE_SITE_URL)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "rookclub.apps.SiteConfig",
    "rookclub.clubs",
    "play",
    "standings",
    "tournaments",
    "rookclub.printing",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "rookclub.core.headers.PermissionsPolicyMiddleware",
    "rookclub.core.headers.OpenerPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Inside WhiteNoise (static files come compressed), outside all that reads the body.
    "rookclub.core.compression.TextGZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A database that does not answer: 503 (JSON on the API), not a 500.
    "rookclub.core.faults.DatabaseDownMiddleware",
    # Last, as django-axes asks: it turns a login refused by the lockout into its answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "rookclub.urls"
WSGI_APPLICATION = "rookclub.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database: SQLite under var/ unless DATABASE_URL (PostgreSQL in production) ---
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)
DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'rookclub.sqlite3'}")
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Two phones posting at once wait for each other rather than fail "database is locked".
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
else:
    # PgBouncer (transaction pooling) needs CONN_MAX_AGE=0, DISABLE_SERVER_SIDE_CURSORS=1.
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("CONN_HEALTH_CHECKS", default=True)
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env.bool(
        "DISABLE_SERVER_SIDE_CURSORS", default=False
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker, result backend and cache -----------------------
REDIS_URL = env.str("REDIS_URL", default="")
# Seconds any use of Redis waits to connect and for an answer: a Redis down costs this, no hang.
REDIS_TIMEOUT = env.float("REDIS_TIMEOUT", default=1.0)

if REDIS_URL:
    CACHES = {
        "default": {
            # Failures answered as misses; the client pauses after one (core/cache.py).
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "rookclub",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "REDIS_CLIENT_CLASS": "rookclub.core.cache.PausingRedis",
                "SOCKET_CONNECT_TIMEOUT": REDIS_TIMEOUT,
                "SOCKET_TIMEOUT": REDIS_TIMEOUT,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# With Redis, sessions are cached and written through to the database: a restart logs nobody out.
SESSION_ENGINE = (
    "django.contrib.sessions.backends.cached_db"
    if REDIS_URL
    else "django.contrib.sessions.backends.db"
)

#: Posts (hands recorded, hands confirmed) one table link may make a minute.
TABLE_LINK_POSTS_PER_MINUTE = env.int("TABLE_LINK_POSTS_PER_MINUTE", default=30)
#: How often a live page (standings, projector, night, door, table) polls, in seconds.
LIVE_POLL_SECONDS = 10
#: Seconds a shared proxy may answer a live page's poll for anonymous visitors (core/live.py).
LIVE_SHARED_SECONDS = env.int("LIVE_SHARED_SECONDS", default=5)
#: Check-ins one night's door link (/n/<key>/) may post a minute.
DOOR_LINK_POSTS_PER_MINUTE = env.int("DOOR_LINK_POSTS_PER_MINUTE", default=60)
#: Players one phone (its door cookie) may claim at the door in a night, refusals included.
DOOR_CLAIMS_PER_PHONE = env.int("DOOR_CLAIMS_PER_PHONE", default=3)
#: Claims at the door from one client address in 10 minutes (a hall may share one address).
DOOR_CLAIMS_PER_ADDRESS = env.int("DOOR_CLAIMS_PER_ADDRESS", default=30)


def _rate(name: str, default: str) -> str | None:
    """A throttle rate from the environment: "120/minute" (per s, m, h or d), or "off"."""
    value = env.str(name, default=default).strip().lower()
    if value in ("off", "none", "0"):
        return None
    if not re.fullmatch(r"\d+/[smhd][a-z]*", value):
        raise ImproperlyConfigured(
            f"{name} must be a number of requests per second, minute, hour or day, such as "
            f"120/minute, or off; it is {value!r}."
        )
    return value


# Rate limits (core/throttles.py) via django-ratelimit; its app is not installed because its
# system check refuses the local-memory cache development uses.
THROTTLE_RATES = {
    "anon": _rate("THROTTLE_ANON", "120/minute"),
    "user": _rate("THROTTLE_USER", "600/minute"),
    "signup": _rate("THROTTLE_SIGNUP", "20/hour"),
    "password_reset": _rate("THROTTLE_PASSWORD_RESET", "10/hour"),
}
# A limit whose count the cache cannot give (Redis down) lets the request through.
RATELIMIT_FAIL_OPEN = True

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
# No broker configured: tasks run in-process.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
# Acknowledged when finished: a task whose worker dies is put back for another worker.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Seconds before an unacknowledged task goes to another worker: longer than the longest batch.
CELERY_VISIBILITY_TIMEOUT = env.int("CELERY_VISIBILITY_TIMEOUT", default=600)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": REDIS_TIMEOUT,
    "socket_timeout": REDIS_TIMEOUT,
}
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT
# A send tries once more at once, then gives up and the caller decides (503, or run inline).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0,
    "interval_max": 0,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_TIMEOUT
CELERY_REDIS_SOCKET_TIMEOUT = REDIS_TIMEOUT
# A worker that loses Redis waits for it however long (giving up stopped printing for good).
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 60 * 60 * 24

# --- Celery queues: batch PDFs on PRINT_QUEUE with their own workers, the rest on "celery" ---
CELERY_TASK_DEFAULT_QUEUE = "celery"
PRINT_QUEUE = env.str("PRINT_QUEUE", default="print")
CELERY_TASK_ROUTES = {"rookclub.printing.tasks.*": {"queue": PRINT_QUEUE}}
# A batch rendering longer is stopped (soft: failed with a reason; hard: killed); keep both
# below CELERY_VISIBILITY_TIMEOUT.
PRINT_TASK_SOFT_TIME_LIMIT = env.int("PRINT_TASK_SOFT_TIME_LIMIT", default=240)
PRINT_TASK_TIME_LIMIT = env.int("PRINT_TASK_TIME_LIMIT", default=300)
if not 0 < PRINT_TASK_SOFT_TIME_LIMIT < PRINT_TASK_TIME_LIMIT:
    raise ImproperlyConfigured(
        "PRINT_TASK_SOFT_TIME_LIMIT must be a number of seconds below PRINT_TASK_TIME_LIMIT "
        f"(the soft limit records the failure first); they are {PRINT_TASK_SOFT_TIME_LIMIT} "
        f"and {PRINT_TASK_TIME_LIMIT}."
    )
CELERY_TASK_ANNOTATIONS = {
    "rookclub.printing.tasks.render_batch": {
        "soft_time_limit": PRINT_TASK_SOFT_TIME_LIMIT,
        "time_limit": PRINT_TASK_TIME_LIMIT,
    }
}

# --- Auth -------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login lockout (django-axes, core/lockout.py): per username and address.
AUTHENTICATION_BACKENDS = [
    "rookclub.core.lockout.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("LOGIN_LOCKOUT_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures are kept (admin: Access attempts), not every login
AXES_LOCKOUT_CALLABLE = "rookclub.core.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "rookclub.core.throttles.client_ip"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Email: EMAIL_URL smtp://, smtp+tls://, smtp+ssl://, submission:// (STARTTLS, 587) or
# consolemail:// (the default: written to the log).
_email_url = env.str("EMAIL_URL", default="").strip() or "consolemail://"
_submission = _email_url.startswith("submission://")
if _submission:
    _email_url = "smtp+tls://" + _email_url.removeprefix("submission://")
try:
    _email = env.email_url_config(_email_url)
except ImproperlyConfigured:
    raise ImproperlyConfigured(
        f"EMAIL_URL must start with smtp://, smtp+tls://, smtp+ssl://, submission:// or "
        f"consolemail://; it starts with {urlsplit(_email_url).scheme or 'nothing'}://."
    ) from None
_email.pop("OPTIONS", None)
if _submission and not _email.get("EMAIL_PORT"):
    _email["EMAIL_PORT"] = 587
globals().update({key: value for key, value in _email.items() if value not in (None, "")})
if EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend":  # noqa: F821 - set above
    # The log says an email was sent, never its link (unless DEBUG).
    EMAIL_BACKEND = "rookclub.core.redact.ConsoleEmailBackend"
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Rookclub <rookclub@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Internationalisation ----------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = env.str("TIME_ZONE", default="America/Chicago")
USE_I18N = True
USE_TZ = True

# --- Static files (whitenoise serves them; no separate web server needed) ---
STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns at every start when it is missing
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = env.path("MEDIA_ROOT", default=VAR_DIR / "media")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Batch PDFs in S3-compatible storage when AWS_STORAGE_BUCKET_NAME is set, else MEDIA_ROOT ---
AWS_STORAGE_BUCKET_NAME = env.str("AWS_STORAGE_BUCKET_NAME", default="")
if AWS_STORAGE_BUCKET_NAME:
    STORAGES["default"] = {"BACKEND": "storages.backends.s3.S3Storage"}
    AWS_S3_ENDPOINT_URL = env.str("AWS_S3_ENDPOINT_URL", default="") or None
    AWS_S3_REGION_NAME = env.str("AWS_S3_REGION_NAME", default="") or None
    AWS_ACCESS_KEY_ID = env.str("AWS_ACCESS_KEY_ID", default="") or None
    AWS_SECRET_ACCESS_KEY = env.str("AWS_SECRET_ACCESS_KEY", default="") or None
    AWS_LOCATION = env.str("AWS_LOCATION", default="")  # a key prefix inside the bucket
    AWS_DEFAULT_ACL = None  # the bucket's own policy: private
    AWS_QUERYSTRING_AUTH = True
    AWS_QUERYSTRING_EXPIRE = env.int("AWS_QUERYSTRING_EXPIRE", default=60)
    AWS_S3_FILE_OVERWRITE = False
    AWS_S3_SIGNATURE_VERSION = "s3v4"
    AWS_S3_ADDRESSING_STYLE = env.str("AWS_S3_ADDRESSING_STYLE", default="") or None
#: Object storage's PDFs as a redirect to a signed URL (0: streamed through the app).
PRINT_DOWNLOAD_REDIRECT = env.bool("PRINT_DOWNLOAD_REDIRECT", default=True)

# --- Printing ----------------------------------------------------------------
# Batch print jobs (printing/queue.py): re-queued when silent, failed when never taken.
PRINT_JOB_STALL_SECONDS = env.int("PRINT_JOB_STALL_SECONDS", default=10)
PRINT_JOB_QUEUE_SECONDS = env.int("PRINT_JOB_QUEUE_SECONDS", default=90)
PRINT_JOB_MAX_TRIES = env.int("PRINT_JOB_MAX_TRIES", default=3)
# Seconds a request waits for the broker when it sends a batch (then 503).
PRINT_JOB_SEND_TIMEOUT = env.float("PRINT_JOB_SEND_TIMEOUT", default=1.0)

# The public address for links in PDFs (QR codes); unset, production prints no QR code.
SITE_URL = env.str("SITE_URL", default="").strip() or VENUE_SITE_URL
if SITE_URL:
    _site = urlsplit(SITE_URL)
    if _site.scheme not in ("http", "https") or not _site.netloc:
        raise ImproperlyConfigured(
            f"SITE_URL must be the site's address as an http(s) URL, such as "
            f"https://rook.example.org; it is {SITE_URL!r}."
        )
    SITE_URL = SITE_URL.rstrip("/") + "/"

# --- REST API -----------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "rookclub.core.schema.AutoSchema",
    # ?format= empty or naming no answer of the view: 400 unknown_format, not DRF's 404.
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "rookclub.core.negotiation.FormatNegotiation",
    "DEFAULT_PAGINATION_CLASS": "rookclub.core.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    # JSON bodies up to DATA_UPLOAD_MAX_MEMORY_SIZE, nested 20 deep, real Unicode text.
    "DEFAULT_PARSER_CLASSES": [
        "rookclub.core.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Domain errors, 413, and 503 when the database is down: JSON with a sentence.
    "EXCEPTION_HANDLER": "rookclub.core.faults.api_exception_handler",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_THROTTLE_CLASSES": [
        "rookclub.core.throttles.AnonThrottle",
        "rookclub.core.throttles.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    # Proxies in front appending to X-Forwarded-For (deploy/nginx.conf: 1); 0: REMOTE_ADDR.
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
}
# The proxies whose X-Forwarded-For is believed (addresses, networks or *), as gunicorn's.
FORWARDED_ALLOW_IPS = env.list("FORWARDED_ALLOW_IPS", default=["127.0.0.1", "::1"])
for _proxy in FORWARDED_ALLOW_IPS:
    try:
        if _proxy != "*":
            ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ImproperlyConfigured(
            f"FORWARDED_ALLOW_IPS: {_proxy!r} is not an address or a network (10.0.0.5, "
            "10.0.0.0/24 or *)."
        ) from None
# A request body over 1 MB is refused (413); real ones are a few KB.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024

SPECTACULAR_SETTINGS = {
    "TITLE": "Rookclub API",
    "DESCRIPTION": "Record Rook hands, run club nights and tournaments, read standings.",
    "VERSION": "1.0.0",
    # 3.1: a hand's plays are [seat, card] pairs (prefixItems), which 3.0 cannot say.
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from our own static files (drf-spectacular-sidecar), not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several models have a "status" field; name each choice set after its model.
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": "tournaments.models.Match.Status",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "rookclub.core.schema.oas31_nulls",  # nullable: true -> "null" a type (OpenAPI 3.1)
        "rookclub.core.schema.rate_limit_answers",  # 429 with Retry-After on every operation
        "rookclub.core.schema.path_id_bounds",  # {id} path parameters: 1 to ID_MAX
        "rookclub.core.schema.no_nul_in_request_strings",  # JSON refuses NUL in a string
        "rookclub.core.schema.blank_or_value",  # a text or "": anyOf (both take "")
        "rookclub.core.schema.null_is_omitted",  # a form has no null: omit those fields
        "rookclub.core.schema.one_of_these_required",  # a body that needs one of two fields
        "play.api.schema.game_seats_by_ruleset",  # POST games/: the seats of each ruleset
        "play.api.schema.night_big_tables",  # POST sessions/: tables of five or six
        "rookclub.printing.schema.print_job_kinds",  # POST print-jobs/: parameters by kind
        "play.api.hand_schema.hand_shapes",  # a posted hand: a oneOf of its shapes
        "rookclub.core.schema.one_direction_components",
        "rookclub.core.schema.binary_content",
    ],
}

# --- Security headers (every answer, development too) -------------------------
# CSP: this site only; an inline script needs nonce="{{ request.csp_nonce }}".
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()"
)
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
# Sent on secure requests only (core/headers.py): plain http browsers log an error.
SECURE_CROSS_ORIGIN_OPENER_POLICY = None
CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# --- Security (production) ----------------------------------------------------
if not DEBUG and not VENUE:
    # Behind a TLS-terminating proxy (deploy/nginx.conf) that sets this header.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    # The load balancer probes /healthz over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
    if not SECURE_HSTS_PRELOAD:
        # Preloading is near-irreversible: the operator opts in.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Table and door keys, invitation tokens and reset links never reach a log line.
    "filters": {"redact": {"()": "rookclub.core.redact.RedactSecrets"}},
    "formatters": {"no_traceback": {"()": "rookclub.venue.NoTraceback"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["redact"]},
        "console_no_traceback": {
            "class": "logging.StreamHandler",
            "formatter": "no_traceback",
            "filters": ["redact"],
        },
    },
    # Venue mode: warnings only, so the address phones join at stays on the screen.
    "root": {
        "handlers": ["console"],
        "level": env.str("LOG_LEVEL", default="WARNING" if VENUE else "INFO"),
    },
    # WeasyPrint and fontTools log every step at INFO.
    "loggers": {"weasyprint.progress": {"level": "WARNING"}, "fontTools": {"level": "WARNING"}},
}
if VENUE:  # a phone at a wrong address (400) is one line on the terminal, no traceback
    LOGGING["loggers"]["django.security.DisallowedHost"] = {
        "handlers": ["console_no_traceback"],
        "propagate": False,
    }
