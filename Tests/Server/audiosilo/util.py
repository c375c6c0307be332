"""Small helpers shared by every module: errors, time stamps, paths, lists."""

import datetime
import posixpath
import re


class ApiError(Exception):
    """An error answer. Routes raise it; the handler turns it into
    `{"error": message}` (or plain text when `plain`, as `stream` does)."""

    def __init__(self, status, message, plain=False, headers=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.plain = plain
        self.headers = headers or {}


def bad_request(message):
    return ApiError(400, message)


def not_found(message="not found"):
    return ApiError(404, message)


# --- time -------------------------------------------------------------------

UTC = datetime.timezone.utc


def now():
    return datetime.datetime.now(UTC)


def rfc3339(dt):
    """RFC 3339 in UTC with a `Z`. Fractional seconds appear only when there
    are any (as Go's time.Time does), so clients must parse both forms."""
    dt = dt.astimezone(UTC)
    if dt.microsecond:
        text = dt.isoformat(timespec="milliseconds")
    else:
        text = dt.isoformat(timespec="seconds")
    return text.replace("+00:00", "Z")


def from_timestamp(seconds):
    return datetime.datetime.fromtimestamp(seconds, UTC)


_RFC3339 = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


def parse_rfc3339(text):
    """Parse a client time stamp. RFC 3339 demands a zone, so a bare local
    time is rejected rather than guessed at. Raises ValueError."""
    if not isinstance(text, str) or not _RFC3339.match(text):
        raise ValueError(text)
    text = text.upper().replace("Z", "+00:00")
    # fromisoformat wants 3 or 6 fraction digits on some versions: pad/cut.
    match = re.match(r"^(.*?\d{2}:\d{2}:\d{2})(\.\d+)?(.*)$", text)
    head, frac, zone = match.groups()
    if frac:
        frac = "." + (frac[1:] + "000000")[:6]
    return datetime.datetime.fromisoformat(head + (frac or "") + zone)


# --- lists ------------------------------------------------------------------

def nullable(items):
    """The real server is written in Go, where an empty slice marshals as
    JSON `null`. We do the same on purpose, everywhere a list can be empty,
    so clients are tested against `{"books": null}` and `"chapters": null`."""
    items = list(items)
    return items if items else None


# --- library-relative paths -------------------------------------------------

def clean_rel_path(raw):
    """Normalise a `?path=` value to a library-relative POSIX path ("" is the
    root). Leading/trailing slashes are ignored and `a/./b`, `a//b` collapse;
    anything that climbs above the root is a 400, as the contract says."""
    if raw is None:
        return ""
    if "\x00" in raw:
        raise bad_request("invalid path")
    stripped = raw.strip("/")
    if not stripped:
        return ""
    normal = posixpath.normpath(stripped)
    if normal == ".":
        return ""
    if normal == ".." or normal.startswith("../"):
        raise bad_request("path escapes library root")
    return normal


def parse_int(value, name):
    """`{id}` path parameters and integer query parameters: integers only."""
    if value is None or not re.fullmatch(r"-?\d+", value):
        raise bad_request(f"invalid {name}")
    return int(value)


def number(value):
    """JSON numbers come back as int or float; show whole floats as ints so
    `series_index: 2` does not become `2.0` on the wire."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def norm_text(text):
    """Lower-case, every run of non-letters/digits to one space, trimmed:
    the same normalisation the reference client uses for dedup keys."""
    return " ".join(re.findall(r"[^\W_]+", (text or "").lower()))
