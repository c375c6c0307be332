"""Scripted misbehaviour for the main port, and what the main port saw.

Tests post fault rules to the control port; the main port consults them
before routing, so a fault behaves like the server (or a proxy in front of
it) answering badly. The request log lets tests assert what a client sent.
"""

import threading

from .util import ApiError, now, rfc3339

MALFORMED_KINDS = ("truncated-json", "wrong-types", "not-json", "huge-error")
LOG_LIMIT = 20000

class Fault:
    def __init__(self, fid, spec):
        self.id = fid
        self.path_prefix = spec.get("path_prefix") or "/"
        self.method = (spec.get("method") or "").upper() or None
        self.status = spec.get("status")
        self.body = spec.get("body")
        self.content_type = spec.get("content_type")
        headers = spec.get("headers") or {}
        if not isinstance(headers, dict):
            raise ApiError(400, "headers must be an object")
        self.headers = {str(k): str(v) for k, v in headers.items()}
        self.remaining = spec.get("count")  # None: until cleared
        self.delay_ms = spec.get("delay_ms") or 0
        self.drop_after_bytes = spec.get("drop_after_bytes")
        self.bytes_per_second = spec.get("bytes_per_second")
        if self.bytes_per_second is not None and self.bytes_per_second < 1:
            raise ApiError(400, "bytes_per_second must be at least 1")
        self.then_unreachable = bool(spec.get("then_unreachable"))
        if self.then_unreachable and self.drop_after_bytes is None:
            raise ApiError(400, "then_unreachable needs drop_after_bytes")
        self.malformed = spec.get("malformed")
        if self.malformed is not None and self.malformed not in MALFORMED_KINDS:
            raise ApiError(400, f"malformed must be one of {', '.join(MALFORMED_KINDS)}")
        if self.status is not None and not 100 <= self.status <= 599:
            raise ApiError(400, "status must be an HTTP status code")
        if self.remaining is not None and self.remaining < 1:
            raise ApiError(400, "count must be at least 1 (or null for until cleared)")
        if (self.status is None and self.malformed is None and not self.delay_ms
                and self.drop_after_bytes is None and self.bytes_per_second is None):
            raise ApiError(400, "a fault needs status, delay_ms, drop_after_bytes, bytes_per_second or malformed")

    @property
    def replaces_response(self):
        """A status without `malformed` answers instead of the real route;
        "not-json" and "huge-error" never need the route either."""
        return (self.status is not None and self.malformed is None) or \
            self.malformed in ("not-json", "huge-error")

    def json(self):
        return {"id": self.id, "path_prefix": self.path_prefix, "method": self.method,
                "status": self.status, "body": self.body, "content_type": self.content_type,
                "headers": self.headers or None, "count": self.remaining,
                "delay_ms": self.delay_ms, "drop_after_bytes": self.drop_after_bytes,
                "bytes_per_second": self.bytes_per_second,
                "then_unreachable": self.then_unreachable,
                "malformed": self.malformed}


class FaultBook:
    def __init__(self):
        self.lock = threading.Lock()
        self.faults = []
        self.unreachable = False
        self.refused_connections = 0
        self._next_id = 1
        self.log = []
        self._seq = 0

    # --- faults -----------------------------------------------------------------

    def add(self, spec):
        with self.lock:
            fault = Fault(self._next_id, spec)
            self._next_id += 1
            self.faults.append(fault)
            return fault.json()

    def remove(self, fid):
        with self.lock:
            self.faults = [f for f in self.faults if f.id != fid]

    def clear(self):
        with self.lock:
            self.faults = []
            self.unreachable = False

    def list(self):
        with self.lock:
            return [f.json() for f in self.faults]

    def take(self, method, path):
        """The first rule matching this request, using up one of its count."""
        with self.lock:
            for fault in self.faults:
                if path.startswith(fault.path_prefix) and fault.method in (None, method):
                    if fault.remaining is not None:
                        fault.remaining -= 1
                        if fault.remaining <= 0:
                            self.faults.remove(fault)
                    return fault
            return None

    # --- request log ----------------------------------------------------------

    def log_request(self, entry):
        with self.lock:
            self._seq += 1
            entry["seq"] = self._seq
            entry["time"] = rfc3339(now())
            self.log.append(entry)
            del self.log[:-LOG_LIMIT]
            return entry

    def requests(self, since=0):
        with self.lock:
            return [dict(e) for e in self.log if e["seq"] > since]

    def clear_requests(self):
        with self.lock:
            self.log = []
