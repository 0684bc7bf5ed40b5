"""Settings: the User-Agent, the mirror, the cache directory and the clock.

Every setting comes from, in order: an explicit argument (the CLI flag), an
environment variable, the config file in the platformdirs user config dir.

- ``SEC_USER_AGENT``: the "Name email" the SEC requires on every request.
- ``EDGAR_MIRROR``: a base URL; ``https://data.sec.gov/x`` is then fetched as
  ``<mirror>/data.sec.gov/x`` (likewise www.sec.gov and efts.sec.gov).
- ``EDGAR_CACHE_DIR``: where the disk cache lives (the rate-limit bucket does not: sec/ratelimit.py);
  a relative path is made absolute against the working directory at start.
- ``EDGAR_CONFIG_DIR``: where config.json (the saved User-Agent) lives.
- ``EDGAR_DATA_DIR``: where edgar's own data lives (the local text index,
  ``index.sqlite``; ``EDGAR_INDEX`` names that file directly).
- ``EDGAR_NO_CACHE=1``: bypass the cache (``--no-cache``).
- ``EDGAR_COMMAND_TIMEOUT``: seconds one command (a CLI run, an MCP tool call) may spend on its SEC
  requests, every attempt, retry wait and rate-limit wait included (default 60).
- ``EDGAR_RATE_SHARE``: requests/second this host keeps to, for hosts that divide the SEC's 10
  between them (without Redis always; with ``EDGAR_REDIS_URL`` while Redis is unreachable).
- ``EDGAR_REDIS_KEY`` or ``EDGAR_REDIS_KEY_FILE``: the secret every host of a team signs the shared
  (Redis) cache's entries with (sec/redis_shared.py); required with ``EDGAR_REDIS_URL``.
- ``EDGAR_TODAY=YYYY-MM-DD``: pin "today" (reproducible runs and tests).

Every ``EDGAR_*`` variable and ``SEC_USER_AGENT`` is read here and nowhere else
(tests/test_config_reads.py): the other modules call the named accessors below
(:func:`debug`, :func:`redis_url`, :func:`bulk_dir`, ...). Each reads the
environment when it is called, so a change to the environment (a test's
monkeypatch) is seen by the next call.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path

from .errors import EdgarError

APP_NAME = "edgar-cli"
_UA_PATTERN = re.compile(r"\S+.*\s+\S+@\S+\.\S+")

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    """Now in UTC, unless ``EDGAR_TODAY`` pins the date."""
    pinned = os.environ.get("EDGAR_TODAY")
    if pinned:
        try:
            d = date.fromisoformat(pinned)
        except ValueError as exc:
            raise EdgarError(
                "invalid_argument",
                f"EDGAR_TODAY={pinned!r} is not a date",
                "Set EDGAR_TODAY to YYYY-MM-DD or unset it.",
            ) from exc
        return datetime(d.year, d.month, d.day, 12, tzinfo=UTC)
    return datetime.now(UTC)


def rich_styles_any_stream() -> bool:
    """FORCE_COLOR, TTY_COMPATIBLE or TTY_INTERACTIVE is set: rich may style a stream that is no terminal."""
    return any(k in os.environ for k in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"))


def config_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(os.environ.get("EDGAR_CONFIG_DIR") or user_config_dir(APP_NAME))


def cache_dir() -> Path:
    """``EDGAR_CACHE_DIR`` made absolute (a relative path cannot name the cache's SQLite file as a URI,
    and a later change of directory must not move the cache), else the platform's user cache dir."""
    env = os.environ.get("EDGAR_CACHE_DIR")
    if env:
        return Path(env).expanduser().absolute()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME))


def data_dir() -> Path:
    """``EDGAR_DATA_DIR``, else the platform's user data dir (``~/.local/share/edgar-cli`` on Linux)."""
    env = os.environ.get("EDGAR_DATA_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME))


DEFAULT_COMMAND_TIMEOUT = 60.0


def command_timeout() -> float:
    """``EDGAR_COMMAND_TIMEOUT`` in seconds (default 60): how long one command may spend on the SEC.

    Raises ``invalid_argument`` for anything but a positive number of seconds (at most a day)."""
    raw = (os.environ.get("EDGAR_COMMAND_TIMEOUT") or "").strip()
    if not raw:
        return DEFAULT_COMMAND_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 86400:  # also refuses nan and inf
        raise EdgarError(
            "invalid_argument",
            f"EDGAR_COMMAND_TIMEOUT={raw[:40]!r} is not a number of seconds between 0 and 86400.",
            "Set it to the seconds one command may wait for the SEC, e.g. export EDGAR_COMMAND_TIMEOUT=60, or "
            "unset it for the default of 60.",
        )
    return value


def rate_share() -> int | None:
    """``EDGAR_RATE_SHARE``: the requests/second this host keeps to (1-10), or None when unset.

    Raises ``invalid_argument`` for anything but a whole number from 1 to 10."""
    raw = (os.environ.get("EDGAR_RATE_SHARE") or "").strip()
    if not raw:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= 10:
        raise EdgarError(
            "invalid_argument",
            f"EDGAR_RATE_SHARE={raw[:40]!r} is not a whole number of requests per second from 1 to 10.",
            "Set it to 10 divided by the number of hosts that share one outgoing address, rounded down "
            "(e.g. 3 for three hosts), or unset it on a host that has the SEC's 10/s to itself.",
        )
    return int(raw)


def mirror_from_env() -> str | None:
    """``EDGAR_MIRROR`` checked: an http(s) URL with a host. Anything else is a configuration error (exit 2)."""
    from urllib.parse import urlsplit

    value = (os.environ.get("EDGAR_MIRROR") or "").strip()
    if not value:
        return None
    parts = urlsplit(value)
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
        ok = parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:
        ok = False
    if not ok:
        from .logs import redact_url as _redact_url  # logs.py imports logging: only for this message

        raise EdgarError(
            "invalid_argument",
            f"EDGAR_MIRROR={_redact_url(value)[:120]!r} is not a URL edgar can fetch from: it needs http:// or https:// and a host.",
            "Set it to the mirror's base URL, e.g. export EDGAR_MIRROR=http://127.0.0.1:8080, or unset it to "
            "reach the SEC directly.",
        )
    return value


REDIS_KEY_ENV = "EDGAR_REDIS_KEY"
REDIS_KEY_FILE_ENV = "EDGAR_REDIS_KEY_FILE"
MIN_REDIS_KEY = 32  # characters: a 16-byte secret in hex, or a token_urlsafe(24)
REDIS_KEY_HELP = (
    f"Give every host the same secret of {MIN_REDIS_KEY}+ characters, kept from whoever can write to Redis: "
    f"export {REDIS_KEY_ENV}=\"$(python3 -c 'import secrets; print(secrets.token_hex(32))')\" (or put it in a "
    f"file readable by edgar only and set {REDIS_KEY_FILE_ENV} to its path), or unset EDGAR_REDIS_URL to keep "
    "this host's own rate limit and cache."
)


def redis_key() -> bytes | None:
    """The shared cache's signing key: ``EDGAR_REDIS_KEY``, or the contents of the file named by
    ``EDGAR_REDIS_KEY_FILE`` (surrounding whitespace stripped); None when neither is set.

    Raises ``invalid_argument`` when both are set, when the file cannot be read, or when the key is
    shorter than MIN_REDIS_KEY characters. The key itself never appears in a message."""
    value = os.environ.get(REDIS_KEY_ENV) or ""
    path = (os.environ.get(REDIS_KEY_FILE_ENV) or "").strip()
    if value.strip() and path:
        raise EdgarError(
            "invalid_argument",
            f"Both {REDIS_KEY_ENV} and {REDIS_KEY_FILE_ENV} are set.",
            f"Set only one of them. {REDIS_KEY_HELP}",
        )
    origin = REDIS_KEY_ENV
    if path:
        origin = f"{REDIS_KEY_FILE_ENV} ({path})"
        try:
            value = Path(path).expanduser().read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise EdgarError(
                "invalid_argument",
                f"The Redis key file {path} ({REDIS_KEY_FILE_ENV}) cannot be read: {type(exc).__name__}.",
                REDIS_KEY_HELP,
            ) from None
    key = value.strip()
    if not key:
        if path:
            raise EdgarError(
                "invalid_argument", f"The Redis key file {path} ({REDIS_KEY_FILE_ENV}) is empty.", REDIS_KEY_HELP
            )
        return None
    if len(key) < MIN_REDIS_KEY:
        raise EdgarError(
            "invalid_argument",
            f"The Redis key from {origin} has {len(key)} characters; it needs at least {MIN_REDIS_KEY}.",
            REDIS_KEY_HELP,
        )
    return key.encode("utf-8")


def env_set(name: str) -> bool:
    """Whether the environment variable ``name`` is set to something (``config show`` names its source)."""
    return bool(os.environ.get(name))


def user_agent_env() -> str | None:
    """``SEC_USER_AGENT`` as it is set (None when unset); :func:`resolve_user_agent` checks it."""
    return os.environ.get("SEC_USER_AGENT")


def debug() -> bool:
    """``EDGAR_DEBUG=1``: unexpected exceptions are re-raised, not turned into an internal_error."""
    return os.environ.get("EDGAR_DEBUG") == "1"


def completing() -> bool:
    """A shell is asking for completions: click sets ``_<PROG>_COMPLETE`` (``_EDGAR_COMPLETE``) in the
    environment of the run it makes for them."""
    return any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ)


def no_cache() -> bool:
    """``EDGAR_NO_CACHE=1``: bypass the cache (as ``--no-cache``)."""
    return os.environ.get("EDGAR_NO_CACHE") == "1"


def noninteractive() -> bool:
    """``EDGAR_NONINTERACTIVE=1``: never prompt, even on a terminal."""
    return os.environ.get("EDGAR_NONINTERACTIVE") == "1"


def fastpath_off() -> bool:
    """``EDGAR_FASTPATH`` set to 0, false, no or off: the warm fast path stands aside."""
    return (os.environ.get("EDGAR_FASTPATH") or "").strip().lower() in ("0", "false", "no", "off")


def progress_after(default: float) -> float:
    """``EDGAR_PROGRESS_AFTER``: seconds before the CLI shows progress (``default`` when unset; at least 0).

    Raises ValueError for a value that is not a number."""
    return max(0.0, float(os.environ.get("EDGAR_PROGRESS_AFTER", default)))


def log_format() -> str | None:
    """``EDGAR_LOG_FORMAT`` as it is set (``json`` turns stderr into JSON lines: logs.py), None when unset."""
    return os.environ.get("EDGAR_LOG_FORMAT")


def command_timeout_set() -> bool:
    """Whether ``EDGAR_COMMAND_TIMEOUT`` is set (then :func:`command_timeout` reads it)."""
    return bool(os.environ.get("EDGAR_COMMAND_TIMEOUT"))


def redis_url() -> str | None:
    """``EDGAR_REDIS_URL`` stripped, None when unset or blank (the team's shared rate limit and cache)."""
    return (os.environ.get("EDGAR_REDIS_URL") or "").strip() or None


def redis_rate_share(default: int) -> int:
    """``EDGAR_RATE_SHARE`` read leniently for the Redis limiter: ``default`` when unset or not a whole number,
    clamped to 1-10 (:func:`rate_share` is the strict reading, with its error)."""
    raw = (os.environ.get("EDGAR_RATE_SHARE") or "").strip()
    try:
        value = int(raw) if raw else default
    except ValueError:
        value = default
    return max(1, min(10, value))


def ratelimit_dir() -> str | None:
    """``EDGAR_RATELIMIT_DIR``: where the local rate-limit bucket lives (sec/ratelimit.py), None when unset."""
    return os.environ.get("EDGAR_RATELIMIT_DIR") or None


def runtime_dir() -> str | None:
    """``XDG_RUNTIME_DIR`` (the rate-limit bucket's second choice), None when unset."""
    return os.environ.get("XDG_RUNTIME_DIR") or None


def bulk_dir() -> str | None:
    """``EDGAR_BULK_DIR``: where the bulk store lives, None when unset (``bulk/`` in the cache directory)."""
    return os.environ.get("EDGAR_BULK_DIR") or None


def bulk_max_age_hours(default: float) -> float:
    """``EDGAR_BULK_MAX_AGE_HOURS``: hours a bulk store stays fresh; ``default`` when unset or not a number."""
    raw = os.environ.get("EDGAR_BULK_MAX_AGE_HOURS")
    try:
        return float(raw) if raw else default
    except ValueError:
        return default


def index_file() -> str | None:
    """``EDGAR_INDEX``: the local text index's SQLite file as set, None when unset."""
    return os.environ.get("EDGAR_INDEX") or None


def index_url() -> str | None:
    """``EDGAR_INDEX_URL`` stripped (a PostgreSQL index), None when unset or blank."""
    return (os.environ.get("EDGAR_INDEX_URL") or "").strip() or None


def cache_dir_env() -> str | None:
    """``EDGAR_CACHE_DIR`` as it is set (None when unset); :func:`cache_dir` makes it a path."""
    return os.environ.get("EDGAR_CACHE_DIR")


def mcp_token() -> str | None:
    """``EDGAR_MCP_TOKEN`` as it is set: the bearer token of the MCP server over HTTP."""
    return os.environ.get("EDGAR_MCP_TOKEN")


def semantic_off() -> bool:
    """``EDGAR_SEMANTIC=0``: no semantic vectors (the local index searches by words only)."""
    return os.environ.get("EDGAR_SEMANTIC") == "0"


def embedding_model_dir() -> str | None:
    """``EDGAR_EMBEDDING_MODEL``: a directory with model.onnx and tokenizer.json, None when unset."""
    return os.environ.get("EDGAR_EMBEDDING_MODEL") or None


def rerank_model_dir() -> str | None:
    """``EDGAR_RERANK_MODEL``: a cross-encoder's directory (model.onnx, tokenizer.json), None when unset."""
    return os.environ.get("EDGAR_RERANK_MODEL") or None


def integer_model_on() -> bool:
    """Unless ``EDGAR_INTEGER_MODEL=0``: the packaged model's integer (quantised) form is used."""
    return os.environ.get("EDGAR_INTEGER_MODEL") != "0"


def fused_model_on() -> bool:
    """Unless ``EDGAR_FUSED_MODEL=0``: the packaged model's fused form is used when it can be built."""
    return os.environ.get("EDGAR_FUSED_MODEL") != "0"


def onnx_threads() -> int | None:
    """``EDGAR_ONNX_THREADS``: onnxruntime's intra-op threads, a whole number above 0; None otherwise."""
    threads = os.environ.get("EDGAR_ONNX_THREADS", "")
    return int(threads) if threads.isdigit() and int(threads) > 0 else None


def config_file() -> Path:
    return config_dir() / "config.json"


def _read_config() -> dict:
    try:
        data = json.loads(config_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def valid_user_agent(value: str) -> bool:
    """The SEC asks for a declared "Company or Name email@domain" User-Agent.

    Printable ASCII only: a line break (CRLF) or another control character would
    split or corrupt the request's headers, and non-ASCII cannot be sent in one.
    """
    text = (value or "").strip()
    if not text or len(text) >= 300 or not all(" " <= c <= "~" for c in text):
        return False
    return bool(_UA_PATTERN.fullmatch(text))


def save_user_agent(value: str) -> Path:
    data = _read_config()
    data["user_agent"] = value.strip()
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
    os.replace(tmp, path)
    return path


USER_AGENT_HELP = (
    "Set a User-Agent naming you and an email address, as the SEC requires: "
    'export SEC_USER_AGENT="Jane Doe jane@example.com" (or pass --user-agent, '
    'or run `edgar config user-agent "Jane Doe jane@example.com"`). '
    "For an MCP client, add SEC_USER_AGENT to the server's \"env\" block in the client's config."
)


def resolve_user_agent(explicit: str | None = None, *, interactive: bool | None = None) -> str:
    """The User-Agent to send, from the flag, ``SEC_USER_AGENT`` or the config file.

    When none is set and stdin is a terminal, ask once and save the answer.
    Otherwise raise ``user_agent_required`` with instructions.
    """
    sources = (
        lambda: (explicit, "--user-agent"),
        lambda: (os.environ.get("SEC_USER_AGENT"), "SEC_USER_AGENT"),
        lambda: (_read_config().get("user_agent"), str(config_file())),  # read only when the others are unset
    )
    for source in sources:
        candidate, origin = source()
        if candidate:
            if not valid_user_agent(candidate):
                raise EdgarError(
                    "user_agent_required",
                    f"The User-Agent from {origin} ({candidate[:120]!r}) is not a 'Name email' pair in "
                    "printable ASCII on one line.",
                    USER_AGENT_HELP,
                )
            return candidate.strip()
    if interactive is None:
        interactive = sys.stdin.isatty() and os.environ.get("EDGAR_NONINTERACTIVE") != "1"
    if interactive:
        answer = _ask_user_agent()
        if answer is not None:
            return answer
    raise EdgarError("user_agent_required", "No SEC User-Agent is configured.", USER_AGENT_HELP)


PROMPT_TRIES = 3


def user_agent_problem(value: str) -> str | None:
    """Why ``value`` is not a usable User-Agent, in words, or None when it is."""
    text = value.strip()
    if not text:
        return "the answer is empty"
    if len(text) >= 300:
        return "it is longer than 300 characters"
    if "@" not in text:
        return "it has no email address (the SEC asks for a name and an email to contact)"
    if not re.search(r"\S+@\S+\.\S+", text):
        return "the email address needs a domain with a dot, as in jane@example.com"
    if not valid_user_agent(text):
        return "it needs a name before the email address, as in 'Jane Doe jane@example.com'"
    return None


def _ask_user_agent() -> str | None:
    """Ask on the terminal (stderr) until a usable answer, at most PROMPT_TRIES times; save it.

    Says why an answer was refused. Ctrl-D ends the prompt: None, and the caller raises
    ``user_agent_required`` with the instructions. Ctrl-C is the person leaving: KeyboardInterrupt goes on to
    the entry point, which exits 130 quietly, as it does during long work.
    """
    err = sys.stderr
    err.write(
        "The SEC requires a User-Agent naming you and an email address on every request "
        "(its fair-access policy); edgar saves it in " + str(config_file()) + ".\n"
    )
    for attempt in range(PROMPT_TRIES):
        err.write("Your name and email (e.g. Jane Doe jane@example.com): ")
        err.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            err.write("\n")
            raise
        except EOFError:
            line = ""
        if not line:  # Ctrl-D (end of input)
            err.write("\n")
            return None
        problem = user_agent_problem(line)
        if problem is None:
            path = save_user_agent(line)
            err.write(f"Saved to {path}\n")
            return line.strip()
        left = PROMPT_TRIES - attempt - 1
        err.write(f"Not accepted: {problem}." + (" Try again.\n" if left else "\n"))
    return None


@dataclass
class Settings:
    """Resolved settings for one client. ``user_agent`` is resolved lazily."""

    user_agent: str | None = None
    mirror: str | None = None
    cache_dir: Path = field(default_factory=cache_dir)
    use_cache: bool = True
    clock: Clock = system_clock
    interactive: bool | None = None

    def __post_init__(self) -> None:
        self.cache_dir = Path(self.cache_dir).expanduser().absolute()  # a later chdir must not move the cache

    @classmethod
    def from_env(cls, *, user_agent: str | None = None, no_cache: bool | None = None) -> Settings:
        mirror = mirror_from_env()
        if no_cache is None:
            no_cache = os.environ.get("EDGAR_NO_CACHE") == "1"
        return cls(user_agent=user_agent, mirror=mirror, use_cache=not no_cache)


def install_hint(extra: str) -> str:
    """The command that adds the optional ``extra`` (semantic, chart, team) to this installation, as it was made.

    edgar-cli is installed from a clone (it is on no package index): the source is read from the installed
    distribution's direct_url.json (PEP 610), and the installer from where this interpreter lives (a uv tool
    or a pipx venv); otherwise pip. E.g. ``uv tool install --reinstall '/src/edgar[semantic]'``.
    """
    import json as _json
    import sys as _sys
    from importlib import metadata

    source, editable = ".", False
    try:
        info = _json.loads(metadata.distribution("edgar-cli").read_text("direct_url.json") or "{}")
        url = str(info.get("url") or "")
        if url.startswith("file://"):
            from urllib.parse import unquote, urlparse

            source = unquote(urlparse(url).path) or "."
        editable = bool((info.get("dir_info") or {}).get("editable"))
    except (metadata.PackageNotFoundError, ValueError, OSError):
        pass
    target = f"'{source}[{extra}]'"
    prefix = _sys.prefix.replace("\\", "/")
    if "/uv/tools/" in prefix:
        return f"uv tool install --reinstall {target}"
    if "/pipx/venvs/" in prefix:
        return f"pipx install --force {target}"
    return f"{_sys.executable} -m pip install {'-e ' if editable else ''}{target}"
