"""HTTP plumbing shared by the main and control ports: parsing the target and
query, reading bounded JSON bodies strictly, and writing answers (with the
hooks the fault injector needs: HEAD, drop-after-N-bytes, abrupt resets).

Query strings are parsed as application/x-www-form-urlencoded (what
URLSearchParams and the reference client produce): `+` is a space and
`%2B` is a plus, `%2F` is a slash, text is UTF-8. A client that wants a
literal `+` in `?path=` must send `%2B`. The first of repeated parameters
wins (as Go's `Query().Get`). Request paths are matched after decoding.
"""

import fcntl
import json
import socket
import ssl
import struct
import sys
import termios
import time
import traceback
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .util import ApiError

MAX_BODY = 1 << 20  # 1 MiB, as the real server
DRAIN_LIMIT = 16 << 20  # larger refused bodies are not read at all


class Dropped(Exception):
    """The connection was cut on purpose; nothing more may be written."""


def reset_socket(sock):
    """Close with SO_LINGER 0, so the peer sees a reset (RST), not a clean
    end of stream: the closest thing to a server that vanished."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


def wait_until_sent(sock, timeout=2.0):
    """Wait (briefly) until the peer has acknowledged everything we sent, so
    a reset that follows does not throw away the bytes we meant to deliver
    (a RST discards the sender's unsent queue). Linux: TIOCOUTQ = SIOCOUTQ."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            unsent = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0" * 4))[0]
        except OSError:
            return
        if unsent == 0:
            return
        time.sleep(0.005)


class Server(ThreadingHTTPServer):
    daemon_threads = True  # a stuck streaming client never blocks shutdown
    allow_reuse_address = True

    def __init__(self, address, handler, app, ssl_context=None):
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self.app = app
        self.ssl_context = ssl_context
        super().__init__(address, handler)

    def finish_request(self, request, client_address):
        """TLS handshakes happen here, in the connection's own thread, so a
        client that refuses our certificate cannot stall the accept loop."""
        if self.ssl_context is None:
            return super().finish_request(request, client_address)
        try:
            request.settimeout(10)
            request = self.ssl_context.wrap_socket(request, server_side=True)
            request.settimeout(None)
        except (OSError, ssl.SSLError):
            return None
        try:
            self.RequestHandlerClass(request, client_address, self)
        finally:
            try:
                request.close()
            except OSError:
                pass
        return None


# Field types for strict JSON bodies.
NUMBER, INT, OPT_INT, BOOL, STR, OPT_STR, ANY, OBJECT = (
    "number", "integer", "integer or null", "boolean", "string", "string or null", "any",
    "object")


def _type_ok(value, kind):
    if kind == ANY:
        return True
    if kind == NUMBER:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == OPT_INT:
        return value is None or _type_ok(value, INT)
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == STR:
        return isinstance(value, str)
    if kind == OPT_STR:
        return value is None or isinstance(value, str)
    if kind == OBJECT:
        return isinstance(value, dict)
    raise AssertionError(kind)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive; every answer has a length
    server_version = "AudioSilo-Test/1.0"
    sys_version = ""
    timeout = 60  # idle keep-alive connections end eventually

    # --- plumbing BaseHTTPRequestHandler needs ----------------------------------

    def setup(self):
        super().setup()
        # Headers and body go out in separate writes; without NODELAY, Nagle
        # plus delayed ACKs would add ~40 ms to every keep-alive request.
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass

    def version_string(self):
        return self.server_version

    def log_message(self, format, *args):  # noqa: A002 - base-class signature
        if getattr(self.server.app, "verbose", False):
            sys.stderr.write("%s %s\n" % (self.address_string(), format % args))

    def do_GET(self):
        self.dispatch()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    # --- reading the request ----------------------------------------------------

    def parse_target(self):
        """Sets raw_path, path (decoded), query (raw) and params (first value
        of each name). Raises ApiError 400 on undecodable bytes."""
        self.status = None
        self.head_only = self.command == "HEAD"
        self.drop_budget = None
        self.rate = None
        self.body, self.body_too_large = b"", False  # until read_body
        raw_path, _, self.query = self.path.partition("?")
        self.query, _, _ = self.query.partition("#")
        self.raw_path = raw_path
        self.params = {}
        try:
            self.decoded_path = urllib.parse.unquote(raw_path, errors="strict")
            for key, value in urllib.parse.parse_qsl(self.query, keep_blank_values=True,
                                                     encoding="utf-8", errors="strict"):
                self.params.setdefault(key, value)
        except UnicodeDecodeError:
            self.decoded_path = raw_path
            raise ApiError(400, "invalid URL encoding") from None

    def read_body(self):
        """Read the whole body (so keep-alive stays in step even when the
        route then refuses the request). Bodies over 1 MiB are refused by
        json_body; they are drained up to DRAIN_LIMIT, beyond that the
        connection closes after the 400."""
        self.body = b""
        self.body_too_large = False
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks, total = [], 0
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    break
                total += size
                if total > MAX_BODY:  # refused; not worth draining
                    self.body_too_large = True
                    self.close_connection = True
                    return
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            self.body = b"".join(chunks)
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            # Refused, but drained (up to a point) so the client, which is
            # still sending, gets to read our 400 instead of a reset.
            self.body_too_large = True
            if length > DRAIN_LIMIT:
                self.close_connection = True
                return
            while length > 0:
                chunk = self.rfile.read(min(length, 65536))
                if not chunk:
                    break
                length -= len(chunk)
            return
        if length > 0:
            self.body = self.rfile.read(length)

    def json_body(self, fields):
        """The request body as a dict, strictly: `fields` maps each allowed
        name to (type, required). Any other field is a 400, as the real
        server rejects unknown fields. An empty body counts as `{}`."""
        if self.body_too_large:
            raise ApiError(400, "request body too large")
        if not self.body.strip():
            data = {}
        else:
            try:
                data = json.loads(self.body.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                raise ApiError(400, "invalid JSON body") from None
            if not isinstance(data, dict):
                raise ApiError(400, "request body must be a JSON object")
        for name, value in data.items():
            if name not in fields:
                raise ApiError(400, f'unknown field "{name}"')
            kind, _required = fields[name]
            if not _type_ok(value, kind):
                raise ApiError(400, f'invalid value for "{name}": want {kind}')
        for name, (_kind, required) in fields.items():
            if required and name not in data:
                raise ApiError(400, f'missing field "{name}"')
        return data

    def bearer_token(self):
        value = self.headers.get("Authorization", "")
        scheme, _, token = value.partition(" ")
        if scheme.lower() == "bearer" and token.strip():
            return token.strip()
        return None

    # --- writing the answer -------------------------------------------------------

    def write_body(self, data):
        """Every body byte goes through here: HEAD sends none, and a
        `drop_after_bytes` fault cuts the connection once its budget is
        spent (headers promised the full length, so the client sees a
        truncated body and a reset)."""
        if self.head_only or not data:
            return
        if self.drop_budget is not None:
            if len(data) > self.drop_budget:
                if self.drop_budget:
                    self.wfile.write(data[:self.drop_budget])
                self.wfile.flush()
                self.close_connection = True
                fault = getattr(self, "fault", None)
                if fault is not None and fault.then_unreachable:
                    # The server goes away mid-answer: the client's
                    # reconnect must fail too, not resume where it was cut.
                    self.server.app.faults.unreachable = True
                wait_until_sent(self.connection)
                reset_socket(self.connection)
                raise Dropped()
            self.drop_budget -= len(data)
        if self.rate:
            # A slow link: the body in slices of a tenth of a second.
            step = max(1, self.rate // 10)
            for start in range(0, len(data), step):
                self.wfile.write(data[start:start + step])
                self.wfile.flush()
                time.sleep(len(data[start:start + step]) / self.rate)
            return
        self.wfile.write(data)

    def send_bytes(self, status, body, content_type, headers=None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if status not in (204, 304):
            self.send_header("Content-Length", str(len(body)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if status not in (204, 304):
            self.write_body(body)

    @staticmethod
    def encode_json(obj):
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False).encode("utf-8")

    def send_json(self, status, obj, headers=None):
        self.send_bytes(status, self.encode_json(obj), "application/json", headers)

    def send_empty(self, status=204, headers=None):
        self.send_bytes(status, b"", None, headers)

    def send_api_error(self, err):
        if err.plain:
            self.send_bytes(err.status, (err.message + "\n").encode(),
                            "text/plain; charset=utf-8", err.headers)
        else:
            self.send_json(err.status, {"error": err.message}, err.headers)

    def send_internal_error(self):
        traceback.print_exc()
        if self.status is None:  # nothing sent yet: answer properly
            self.close_connection = True
            self.send_json(500, {"error": "internal error"})
        else:
            self.close_connection = True
