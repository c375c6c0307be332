"""The AudioSilo routes of the main port (AUDIOSILO-API.md).

Every request goes: unreachable switch -> request log -> scripted fault ->
per-IP rate limit -> route lookup (404/405) -> bearer auth -> route. Routes
run under one lock (the state is small and in memory) and return what to
send; the media routes (`stream`, `cover`) send for themselves, unlocked.
"""

import email.utils
import json
import os
import re
import shutil
import subprocess
import threading
import time
import urllib.parse

from . import media
from .httpbase import (BOOL, INT, NUMBER, OPT_STR, STR, Dropped, Handler, Server,
                       reset_socket)
from .metadata import meta_for
from .util import ApiError, clean_rel_path, nullable, number, parse_int, rfc3339

VERSION = "0.0.0-test"
RAW = object()  # a route's "I have sent the answer myself"
ROUTES = []  # (method, compiled pattern, options, function)


class App:
    """Everything both ports share."""

    def __init__(self, *, catalog, accounts, listening, limiter, faults,
                 tls=False, metadata=True, verbose=False, code_method="code"):
        self.lock = threading.RLock()
        self.catalog = catalog
        self.accounts = accounts
        self.listening = listening
        self.limiter = limiter
        self.faults = faults
        self.tls = tls
        self.metadata = metadata  # capability; the control port can flip it
        self.transcode = shutil.which("ffmpeg") is not None
        self.verbose = verbose
        self.code_method = code_method  # the invite code's name in auth.methods

    def server_json(self):
        acc = self.accounts
        methods = ([self.code_method] if self.code_method else []) + ["password"] + (
            ["demo"] if acc.demo_enabled else [])
        return {
            "name": acc.server_name, "server_id": acc.server_id, "version": VERSION,
            "api": "v1",
            "capabilities": {"admin_ui": False, "web_player": False, "transcode": self.transcode,
                             "upload": False, "websocket": False, "api_keys": True,
                             "metadata": self.metadata},
            "auth": {"methods": methods},
            "demo": {"enabled": acc.demo_enabled},
        }


def route(method, pattern, public=False, media_route=False):
    """Register a route. `public`: no token needed. `media_route`: also
    accepts `?token=` and runs unlocked (it streams)."""
    def register(fn):
        ROUTES.append((method, re.compile("^" + pattern + "$"),
                       {"public": public, "media": media_route}, fn))
        return fn
    return register


ID = r"(?P<id>[^/]+)"  # checked as an integer by the route (400 otherwise)


# --- request helpers (the routes' vocabulary) -----------------------------------

def lib_of(h, raw_id):
    return h.server.app.catalog.library(raw_id)


def path_param(h, required=True):
    raw = h.params.get("path")
    if required and not raw:
        raise ApiError(400, "missing path")
    return clean_rel_path(raw)


def book_path_param(h):
    rel = path_param(h)
    if not rel:
        raise ApiError(400, "missing path")
    return rel


def int_param(h, name, default, maximum=None, minimum=None):
    """Integer query parameter: absent -> default; not an integer -> 400;
    `limit`-style values <= 0 mean the default and are capped at `maximum`."""
    raw = h.params.get(name)
    if raw is None or raw == "":
        return default
    value = parse_int(raw, name)
    if minimum is not None:
        if value < minimum:
            raise ApiError(400, f"invalid {name}")
        return value
    if value <= 0:
        return default
    return min(value, maximum) if maximum else value


def the_book(h, lib, rel):
    book = lib.book_at(rel)
    if book is None:
        raise ApiError(404, "not found")
    return book


def user(h):
    return h.cred.user


def forbid_api_key(h):
    if h.cred.is_api_key:
        raise ApiError(403, "not allowed with an API key")


def forbid_demo(h):
    if h.cred.user.is_demo:
        raise ApiError(403, "not available for the demo account")


def check_login_limit(h):
    retry = h.server.app.limiter.login_blocked(h.client_address[0])
    if retry:
        raise ApiError(429, "too many failed attempts", headers={"Retry-After": str(retry)})


# --- server and health -------------------------------------------------------------

@route("GET", "/api/v1/server", public=True)
def server_info(h):
    return h.server.app.server_json()


@route("GET", "/healthz", public=True)
@route("GET", "/api/v1/healthz", public=True)
def healthz(h):
    return {"status": "ok"}


# --- signing in ----------------------------------------------------------------------

@route("POST", "/api/v1/auth/redeem", public=True)
def redeem(h):
    check_login_limit(h)
    body = h.json_body({"code": (STR, True)})
    app = h.server.app
    try:
        return app.accounts.redeem(body["code"], h.base_url())
    except ApiError:
        app.limiter.note_failure(h.client_address[0])
        raise


@route("POST", "/api/v1/auth/exchange", public=True)
def exchange(h):
    body = h.json_body({"pairing_token": (STR, True), "device_name": (STR, False)})
    return h.server.app.accounts.exchange(body["pairing_token"], body.get("device_name", ""))


@route("POST", "/api/v1/auth/login", public=True)
def login(h):
    check_login_limit(h)
    body = h.json_body({"username": (STR, True), "password": (STR, True),
                        "device_name": (STR, False)})
    app = h.server.app
    result = app.accounts.login(body["username"], body["password"], body.get("device_name", ""))
    if result is None:
        app.limiter.note_failure(h.client_address[0])
        raise ApiError(401, "invalid credentials")
    return result


@route("POST", "/api/v1/demo/session", public=True)
def demo_session(h):
    body = h.json_body({"device_name": (STR, False)})
    accounts = h.server.app.accounts
    if not accounts.demo_enabled:
        raise ApiError(404, "demo is not enabled")
    return accounts.demo_session(body.get("device_name", ""), h.base_url())


@route("POST", "/api/v1/auth/logout")
def logout(h):
    h.json_body({})
    h.server.app.accounts.logout(h.cred)
    return 204, None


@route("GET", "/api/v1/me")
def me(h):
    return user(h).json()


@route("POST", "/api/v1/auth/pair")
def pair(h):
    forbid_api_key(h)
    h.json_body({})
    return h.server.app.accounts.pair(user(h), h.base_url())


@route("POST", "/api/v1/auth/password")
def password(h):
    forbid_api_key(h)
    forbid_demo(h)
    body = h.json_body({"password": (STR, True), "current_password": (OPT_STR, False)})
    h.server.app.accounts.set_password(user(h), body["password"], body.get("current_password"))
    return 204, None


@route("POST", "/api/v1/auth/tokens")
def create_api_key(h):
    forbid_api_key(h)
    forbid_demo(h)
    body = h.json_body({"label": (STR, True)})
    return 201, h.server.app.accounts.create_api_key(user(h), body["label"])


@route("GET", "/api/v1/auth/tokens")
def list_api_keys(h):
    return {"api_keys": nullable(h.server.app.accounts.list_api_keys(user(h)))}


@route("DELETE", "/api/v1/auth/tokens/" + ID)
def delete_api_key(h, id):  # noqa: A002 - named like the path parameter
    forbid_demo(h)
    h.server.app.accounts.delete_api_key(user(h), parse_int(id, "id"))
    return 204, None


# --- libraries and browsing ---------------------------------------------------------

@route("GET", "/api/v1/libraries")
def libraries(h):
    return {"libraries": nullable(lib.json() for lib in h.server.app.catalog.libraries.values())}


@route("GET", f"/api/v1/libraries/{ID}/fs")
def fs(h, id):  # noqa: A002
    lib = lib_of(h, id)
    rel = path_param(h, required=False)
    offset = int_param(h, "offset", 0, minimum=0)
    limit = int_param(h, "limit", 200, maximum=500)
    entries = lib.list_dir(rel)
    page = entries[offset:offset + limit]
    out = {"path": rel, "entries": nullable(page), "total": len(entries), "offset": offset}
    if offset + len(page) < len(entries):
        out["next_offset"] = offset + len(page)
    return out


@route("GET", f"/api/v1/libraries/{ID}/books")
def books(h, id):  # noqa: A002
    lib = lib_of(h, id)
    sort = h.params.get("sort") or "author"
    if sort not in ("author", "title", "recent"):
        raise ApiError(400, "invalid sort: want author, title or recent")
    limit = int_param(h, "limit", 50, maximum=200)
    page, next_cursor = lib.page_books(sort, h.params.get("author", ""),
                                       h.params.get("series", ""), limit,
                                       h.params.get("cursor") or None)
    out = {"books": nullable(b.list_json() for b in page)}
    if next_cursor:
        out["next_cursor"] = next_cursor
    return out


@route("GET", "/api/v1/search")
def search(h):
    limit = int_param(h, "limit", 50, maximum=200)
    return {"books": h.server.app.catalog.search(h.params.get("q", ""), limit)}


@route("GET", "/api/v1/books/recent")
def recent(h):
    limit = int_param(h, "limit", 20, maximum=100)
    return {"books": h.server.app.catalog.recent(limit)}


# --- a book ------------------------------------------------------------------------------

@route("GET", f"/api/v1/libraries/{ID}/item")
def item(h, id):  # noqa: A002
    lib = lib_of(h, id)
    book = the_book(h, lib, book_path_param(h))
    return book.item_json(h.server.app.catalog.direct_formats)


@route("GET", f"/api/v1/libraries/{ID}/chapters")
def chapters(h, id):  # noqa: A002
    lib = lib_of(h, id)
    book = the_book(h, lib, book_path_param(h))
    return {"library_id": lib.id, "path": book.rel_path, "duration": number(round(book.duration, 3)),
            "is_folder": book.is_folder, "files": book.files_json(), "chapters": book.chapters(),
            "codec": book.codec,
            "direct_playable": book.direct_playable(h.server.app.catalog.direct_formats)}


@route("GET", f"/api/v1/libraries/{ID}/meta")
def meta(h, id):  # noqa: A002
    if not h.server.app.metadata:
        raise ApiError(404, "not found")  # the route only exists with the capability
    lib = lib_of(h, id)
    return meta_for(the_book(h, lib, book_path_param(h)))


# --- media ----------------------------------------------------------------------------------

def parse_range(header, size):
    """One `bytes=` range -> (start, end) inclusive; None to serve it all;
    "unsatisfiable" for a 416. Several ranges are answered with the whole
    file (allowed by RFC 9110; the real server would send multipart)."""
    if not header:
        return None
    unit, _, spec = header.partition("=")
    if unit.strip().lower() != "bytes" or "," in spec:
        return None
    first, dash, last = spec.strip().partition("-")
    try:
        if not dash:
            raise ValueError
        if first == "":
            suffix = int(last)
            if suffix <= 0 or size == 0:
                return "unsatisfiable"
            return max(0, size - suffix), size - 1
        start = int(first)
        end = int(last) if last else size - 1
        if start < 0 or end < start:
            return "unsatisfiable"
        if start >= size:
            return "unsatisfiable"
        return start, min(end, size - 1)
    except ValueError:
        return "unsatisfiable"


def if_range_holds(h, headers):
    """RFC 9110 13.1.5: with `If-Range`, a `Range` is honoured only while
    the file is the version the client has. The contract promises no ETag
    (none is sent), so an entity tag never matches; a date must exactly
    match the Last-Modified value. When it does not, the Range is ignored
    and the whole current file goes out as a 200, never the rest of
    another version. Without a Range, If-Range is ignored."""
    validator = h.headers.get("If-Range")
    if validator is None or h.headers.get("Range") is None:
        return True
    validator = validator.strip()
    if validator.startswith('"') or validator.startswith("W/"):
        return False
    return validator == headers["Last-Modified"]


def content_disposition(name):
    ascii_name = name.encode("ascii", "replace").decode().replace('"', "'").replace("?", "_")
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{urllib.parse.quote(name)}"


@route("GET", f"/api/v1/libraries/{ID}/stream", media_route=True)
def stream(h, id):  # noqa: A002
    """ONE audio file. stream's own errors are plain text ("not found")."""
    with h.server.app.lock:
        lib = lib_of(h, id)
    rel = path_param(h)
    if not rel:
        raise ApiError(400, "not a file", plain=True)
    if lib.virtual:
        raise ApiError(404, "not found", plain=True)  # synthetic books have no files
    full = lib.resolve(rel)
    if os.path.isdir(full):
        raise ApiError(400, "not a file", plain=True)
    if not os.path.isfile(full) or not media.is_audio_name(rel):
        raise ApiError(404, "not found", plain=True)
    if h.params.get("transcode") == "1":
        return transcode(h, full)
    st = os.stat(full)
    size = st.st_size
    headers = {"Accept-Ranges": "bytes", "Last-Modified": email.utils.formatdate(st.st_mtime, usegmt=True)}
    if h.params.get("download") == "1":
        headers["Content-Disposition"] = content_disposition(os.path.basename(full))
    wanted = parse_range(h.headers.get("Range"), size) if if_range_holds(h, headers) else None
    if wanted == "unsatisfiable":
        raise ApiError(416, "requested range not satisfiable", plain=True,
                       headers={"Content-Range": f"bytes */{size}", **headers})
    status, start, end = 200, 0, size - 1
    if wanted:
        status, (start, end) = 206, wanted
        headers["Content-Range"] = f"bytes {start}-{end}/{size}"
    with open(full, "rb") as f:
        content_type = media.sniff_content_type(f.read(64))
        h.send_response(status)
        h.send_header("Content-Type", content_type)
        for name, value in headers.items():
            h.send_header(name, value)
        h.send_header("Content-Length", str(end - start + 1))
        h.end_headers()
        f.seek(start)
        remaining = 0 if h.head_only else end - start + 1
        while remaining > 0:
            chunk = f.read(min(65536, remaining))
            if not chunk:
                break
            h.write_body(chunk)
            remaining -= len(chunk)
    return RAW


def transcode(h, full):
    """`transcode=1&t=<s>`: MP3 from second t, no Range, no Content-Length
    (so the connection closes at the end)."""
    if not h.server.app.transcode:
        raise ApiError(503, "transcoding is not available")
    try:
        start = float(h.params.get("t") or 0)
    except ValueError:
        raise ApiError(400, "invalid t") from None
    proc = subprocess.Popen(
        ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-ss", str(max(0.0, start)),
         "-i", full, "-vn", "-codec:a", "libmp3lame", "-b:a", "64k", "-f", "mp3", "pipe:1"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        first = proc.stdout.read1(65536)
        if not first:
            raise ApiError(500, "transcode failed", plain=True)
        h.close_connection = True
        h.send_response(200)
        h.send_header("Content-Type", "audio/mpeg")
        h.send_header("Connection", "close")
        h.end_headers()
        chunk = first
        while chunk:
            h.write_body(chunk)
            chunk = proc.stdout.read1(65536)
    finally:
        proc.kill()
        proc.wait()
    return RAW


@route("GET", f"/api/v1/libraries/{ID}/cover", media_route=True)
def cover(h, id):  # noqa: A002
    """cover.jpg/png beside the book's audio (for a synthetic book, one of
    `--synthetic-cover-dir`'s files); 404 `{"error":"no cover"}`."""
    with h.server.app.lock:
        lib = lib_of(h, id)
    rel = book_path_param(h)
    if lib.virtual:
        found = lib.synthetic_cover(rel)  # None unless --synthetic-cover-dir
    else:
        found = None
        full = lib.resolve(rel)
        folder = full if os.path.isdir(full) else os.path.dirname(full)
        if os.path.exists(full):
            found = media.find_cover(folder)
    if not found:
        raise ApiError(404, "no cover")
    with open(found, "rb") as f:
        data = f.read()
    h.send_bytes(200, data, media.sniff_content_type(data[:64]),
                 {"Cache-Control": "public, max-age=86400"})
    return RAW


# --- listening state ---------------------------------------------------------------------

PROGRESS_FIELDS = {"position": (NUMBER, False), "duration": (NUMBER, False),
                   "finished": (BOOL, False), "playback_speed": (NUMBER, False),
                   "version": (INT, False), "device_id": (STR, False),
                   "updated_at": (STR, False)}


@route("GET", "/api/v1/me/progress")
def all_progress(h):
    return {"progress": nullable(h.server.app.listening.all_progress(user(h)))}


@route("GET", f"/api/v1/libraries/{ID}/progress")
def get_progress(h, id):  # noqa: A002
    lib = lib_of(h, id)
    return {"progress": h.server.app.listening.get_progress(user(h), lib.id, book_path_param(h))}


@route("PUT", f"/api/v1/libraries/{ID}/progress")
def put_progress(h, id):  # noqa: A002
    lib = lib_of(h, id)
    rel = book_path_param(h)
    body = h.json_body(PROGRESS_FIELDS)
    return {"progress": h.server.app.listening.put_progress(user(h), lib.id, rel, body)}


@route("GET", f"/api/v1/libraries/{ID}/bookmarks")
def list_bookmarks(h, id):  # noqa: A002
    lib = lib_of(h, id)
    rows = h.server.app.listening.list_bookmarks(user(h), lib.id, book_path_param(h))
    return {"bookmarks": nullable(rows)}


@route("POST", f"/api/v1/libraries/{ID}/bookmarks")
def add_bookmark(h, id):  # noqa: A002
    lib = lib_of(h, id)
    rel = book_path_param(h)
    body = h.json_body({"position": (NUMBER, True), "note": (OPT_STR, False)})
    return 201, h.server.app.listening.add_bookmark(user(h), lib.id, rel, body)


@route("DELETE", "/api/v1/bookmarks/" + ID)
def delete_bookmark(h, id):  # noqa: A002
    h.server.app.listening.delete_bookmark(user(h), parse_int(id, "id"))
    return 204, None


@route("GET", f"/api/v1/libraries/{ID}/notes")
def list_notes(h, id):  # noqa: A002
    lib = lib_of(h, id)
    return {"notes": nullable(h.server.app.listening.list_notes(user(h), lib.id, book_path_param(h)))}


@route("POST", f"/api/v1/libraries/{ID}/notes")
def add_note(h, id):  # noqa: A002
    lib = lib_of(h, id)
    rel = book_path_param(h)
    body = h.json_body({"position": (NUMBER, False), "body": (STR, True)})
    return 201, h.server.app.listening.add_note(user(h), lib.id, rel, body)


@route("DELETE", "/api/v1/notes/" + ID)
def delete_note(h, id):  # noqa: A002
    h.server.app.listening.delete_note(user(h), parse_int(id, "id"))
    return 204, None


@route("GET", "/api/v1/me/history")
def my_history(h):
    limit = int_param(h, "limit", 50, maximum=500)
    return {"history": nullable(h.server.app.listening.list_history(user(h), limit))}


@route("GET", f"/api/v1/libraries/{ID}/history")
def book_history(h, id):  # noqa: A002
    lib = lib_of(h, id)
    rel = book_path_param(h)
    limit = int_param(h, "limit", 50, maximum=500)
    return {"history": nullable(h.server.app.listening.list_history(user(h), limit, lib.id, rel))}


@route("POST", f"/api/v1/libraries/{ID}/history")
def add_history(h, id):  # noqa: A002
    lib = lib_of(h, id)
    rel = book_path_param(h)
    body = h.json_body({"from_pos": (NUMBER, True), "to_pos": (NUMBER, True),
                        "started_at": (STR, True), "ended_at": (STR, True)})
    h.server.app.listening.add_history(user(h), lib.id, rel, body)
    return 201, b""


@route("GET", "/api/v1/me/favourites")
def favourites(h):
    app = h.server.app
    rows = []
    for lib_id, rel, created in app.listening.list_favourites(user(h)):
        lib = app.catalog.libraries.get(lib_id)
        book = lib.books.get(rel) if lib else None
        row = {"library_id": lib_id, "path": rel, "is_book": book is not None}
        if book:
            row.update({"title": book.title, "author": book.author, "series": book.series,
                        "series_index": number(book.series_index),
                        "duration": number(round(book.duration, 3))})
        row["created_at"] = rfc3339(created)
        rows.append(row)
    return {"favourites": nullable(rows)}


@route("POST", f"/api/v1/libraries/{ID}/favourites")
def add_favourite(h, id):  # noqa: A002
    lib = lib_of(h, id)
    h.server.app.listening.add_favourite(user(h), lib.id, book_path_param(h))
    return 201, b""


@route("DELETE", f"/api/v1/libraries/{ID}/favourites")
def remove_favourite(h, id):  # noqa: A002
    lib = lib_of(h, id)
    h.server.app.listening.remove_favourite(user(h), lib.id, book_path_param(h))
    return 204, None


# --- the handler ---------------------------------------------------------------------------

_HUGE_ERROR = []


def huge_error_body():
    """A 10 MB JSON error, built once."""
    if not _HUGE_ERROR:
        _HUGE_ERROR.append(b'{"error":"' + b"x" * (10 * 1024 * 1024) + b'"}')
    return _HUGE_ERROR[0]


def mangle(value):
    """"wrong-types": every string becomes a number and every number or bool
    a string, keeping the shape, so a decoder must cope with a type error."""
    if isinstance(value, dict):
        return {k: mangle(v) for k, v in value.items()}
    if isinstance(value, list):
        return [mangle(v) for v in value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return len(value)
    return value


def redact(body):
    if isinstance(body, dict):
        return {k: ("present" if "password" in k else v) for k, v in body.items()}
    return body


class MainServer(Server):
    def verify_request(self, request, client_address):
        """The unreachable switch: reset every new connection at accept."""
        if self.app.faults.unreachable:
            self.app.faults.refused_connections += 1
            reset_socket(request)
            return False
        return True


class MainHandler(Handler):
    """The AudioSilo port."""

    def base_url(self):
        scheme = "https" if self.server.app.tls else "http"
        host = self.headers.get("Host") or "%s:%d" % self.server.server_address[:2]
        return f"{scheme}://{host}"

    def dispatch(self):
        app = self.server.app
        if app.faults.unreachable:  # also for requests on kept-alive connections
            self.close_connection = True
            reset_socket(self.connection)
            return
        self.fault = None
        # Every key exists before the entry is logged: the control port may
        # copy it while this thread fills in status/fault_id/dropped.
        entry = {"method": self.command, "path": self.path, "raw_path": self.path, "query": "",
                 "params": {}, "client": self.client_address[0], "status": None,
                 "fault_id": None, "dropped": False}
        try:
            self.parse_target()
            self.read_body()
            entry.update({"path": self.decoded_path, "raw_path": self.raw_path,
                          "query": self.query, "params": dict(self.params)})
        except ApiError as err:
            entry["status"] = err.status
            app.faults.log_request(self._log_fields(entry))
            self.close_connection = True
            self.send_api_error(err)
            return
        except (ValueError, OSError):
            self.close_connection = True
            self.send_json(400, {"error": "bad request"})
            return
        app.faults.log_request(self._log_fields(entry))
        # The status is written into the log as the status line goes out, not
        # after the route returns: a client that has its answer may read the
        # log at once, before this thread runs again.
        self.logged_entry = entry
        try:
            self.handle_request(entry)
        except Dropped:
            entry["dropped"] = True
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception:  # a bug in a route: say so, keep serving
            self.send_internal_error()
        finally:
            self.logged_entry = None
        entry["status"] = self.status

    def send_response(self, code, message=None):
        entry = getattr(self, "logged_entry", None)
        if entry is not None:
            entry["status"] = code
        super().send_response(code, message)

    def _log_fields(self, entry):
        headers = {}
        for name, value in self.headers.items():
            if name.lower() == "authorization":
                continue
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
        headers["Authorization"] = "present" if self.headers.get("Authorization") else "absent"
        entry["headers"] = headers
        body = None
        if self.body:
            try:
                body = redact(self.json_loads(self.body))
            except ValueError:
                body = self.body[:4096].decode("utf-8", "replace")
        entry["body"] = body
        return entry

    @staticmethod
    def json_loads(data):
        return json.loads(data.decode("utf-8"))

    def handle_request(self, entry):
        app = self.server.app
        fault = app.faults.take(self.command, self.decoded_path)
        if fault:
            entry["fault_id"] = fault.id
            self.fault = fault
            self.drop_budget = fault.drop_after_bytes
            self.rate = fault.bytes_per_second
            if fault.delay_ms:
                time.sleep(fault.delay_ms / 1000)
            if fault.replaces_response:
                return self.send_fault(fault)
        try:
            retry = app.limiter.take(self.client_address[0])
            if retry:
                raise ApiError(429, "rate limit exceeded", headers={"Retry-After": str(retry)})
            self.route()
        except ApiError as err:
            self.send_api_error(err)

    def route(self):
        method = "GET" if self.command == "HEAD" else self.command
        allowed = []
        for route_method, pattern, options, fn in ROUTES:
            match = pattern.match(self.decoded_path)
            if not match:
                continue
            if route_method != method:
                allowed.append(route_method)
                continue
            self.cred = None
            if not options["public"]:
                self.authenticate(options["media"])
            if options["media"]:
                result = fn(self, **match.groupdict())
            else:
                with self.server.app.lock:
                    result = fn(self, **match.groupdict())
            return self.send_result(result)
        if allowed:
            raise ApiError(405, "method not allowed", headers={"Allow": ", ".join(sorted(set(allowed)))})
        raise ApiError(404, "not found")

    def authenticate(self, media_route):
        token = self.bearer_token()
        if token is None and media_route:
            token = self.params.get("token") or None  # media URLs may carry it
        if token is None:
            raise ApiError(401, "missing token")
        with self.server.app.lock:
            self.cred = self.server.app.accounts.authenticate(token)
        if self.cred is None:
            raise ApiError(401, "invalid or revoked token")

    def send_result(self, result):
        if result is RAW:
            return
        status, obj = result if isinstance(result, tuple) else (200, result)
        if obj is None and status == 204:
            self.send_empty(204)
        elif isinstance(obj, bytes):
            self.send_bytes(status, obj, None)
        else:
            self.send_json(status, obj)

    def send_json(self, status, obj, headers=None):
        """JSON, unless a `malformed` fault says to spoil it."""
        fault = self.fault
        if fault and fault.malformed in ("truncated-json", "wrong-types"):
            if fault.status is not None:
                status = fault.status
            if fault.malformed == "wrong-types":
                obj = mangle(obj)
            data = self.encode_json(obj)
            if fault.malformed == "truncated-json":
                data = data[:max(1, len(data) // 2)]
            return self.send_bytes(status, data, "application/json", headers)
        return super().send_json(status, obj, headers)

    def send_fault(self, fault):
        headers = dict(fault.headers)
        if fault.malformed == "huge-error":
            return self.send_bytes(fault.status or 500, huge_error_body(),
                                   fault.content_type or "application/json", headers)
        if fault.malformed == "not-json":
            body = fault.body if isinstance(fault.body, str) else \
                "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"
            return self.send_bytes(fault.status or 200, body.encode("utf-8"),
                                   fault.content_type or "text/html; charset=utf-8", headers)
        if fault.body is None:
            reason = self.responses.get(fault.status, ("error",))[0].lower()
            data, ctype = self.encode_json({"error": reason}), "application/json"
        elif isinstance(fault.body, str):
            data = fault.body.encode("utf-8")
            ctype = "application/json" if fault.body.lstrip().startswith(("{", "[")) else \
                "text/plain; charset=utf-8"
        else:
            data, ctype = self.encode_json(fault.body), "application/json"
        return self.send_bytes(fault.status, data, fault.content_type or ctype, headers)
