"""The control port: JSON over plain HTTP, no auth, for tests only.

  GET    /                    this list
  POST   /faults              add a fault rule (FAULT_FIELDS below) -> 201 rule
  GET    /faults              {"faults": [rule]}
  DELETE /faults              clear every rule and the unreachable switch -> 204
  DELETE /faults/{id}         drop one rule -> 204
  POST   /unreachable         {"on": bool} -> {"unreachable": bool}
  GET    /requests?since=N    {"requests": [entry]} (entries with seq > N)
  DELETE /requests            clear the log -> 204
  POST   /revoke-all-tokens   every session and API key -> 401 -> {"revoked": n}
  GET    /state               progress, bookmarks, notes, history, favourites,
                              sessions, invites, users, faults, unreachable,
                              refused_connections
  POST   /invites             {"code", "uses"?, "expires_at"?, "username"?} upsert
  POST   /rate-limit          {"rate"?, "burst"?}: set and forget all counters
  POST   /capabilities        {"metadata"?, "transcode"?, "demo"?} flip at runtime
"""

import re

from .httpbase import ANY, BOOL, INT, NUMBER, OPT_INT, OPT_STR, STR, Handler
from .util import ApiError, parse_int, parse_rfc3339


# The fields of a fault rule (anything else is a 400, as on the main port).
FAULT_FIELDS = {
    "path_prefix": (OPT_STR, False),   # matched against the decoded path
    "method": (OPT_STR, False),        # e.g. "GET"; null = any
    "status": (OPT_INT, False),        # answer with this instead of the route
    "body": (ANY, False),              # str sent as-is, anything else as JSON
    "content_type": (OPT_STR, False),
    "headers": (ANY, False),           # e.g. {"Retry-After": "5"}
    "count": (OPT_INT, False),         # how many requests; null = until cleared
    "delay_ms": (OPT_INT, False),      # answer after this long
    "drop_after_bytes": (OPT_INT, False),  # send this much body, then reset
    "bytes_per_second": (OPT_INT, False),  # send the body no faster (a slow link)
    "then_unreachable": (BOOL, False),  # after the drop, the unreachable switch goes on
    "malformed": (OPT_STR, False),     # truncated-json|wrong-types|not-json|huge-error
}


class ControlHandler(Handler):
    def dispatch(self):
        try:
            self.parse_target()
            self.read_body()
            result = self.route()
        except ApiError as err:
            return self.send_api_error(err)
        except Exception:  # a bug here: report it, keep serving
            return self.send_internal_error()
        if result is None:
            self.send_empty(204)
        else:
            status, obj = result if isinstance(result, tuple) else (200, result)
            self.send_json(status, obj)

    def route(self):
        app = self.server.app
        method, path = self.command, self.decoded_path.rstrip("/") or "/"
        book = app.faults
        if (method, path) == ("GET", "/"):
            return {"help": __doc__.strip().splitlines()}
        if (method, path) == ("POST", "/faults"):
            return 201, book.add(self.json_body(FAULT_FIELDS))
        if (method, path) == ("GET", "/faults"):
            return {"faults": book.list()}
        if (method, path) == ("DELETE", "/faults"):
            book.clear()
            return None
        match = re.fullmatch(r"/faults/([^/]+)", path)
        if method == "DELETE" and match:
            book.remove(parse_int(match.group(1), "id"))
            return None
        if (method, path) == ("POST", "/unreachable"):
            book.unreachable = bool(self.json_body({"on": (BOOL, True)})["on"])
            return {"unreachable": book.unreachable}
        if (method, path) == ("GET", "/unreachable"):
            return {"unreachable": book.unreachable}
        if (method, path) == ("GET", "/requests"):
            since = parse_int(self.params.get("since", "0"), "since")
            return {"requests": book.requests(since)}
        if (method, path) == ("DELETE", "/requests"):
            book.clear_requests()
            return None
        if (method, path) == ("POST", "/revoke-all-tokens"):
            self.json_body({})
            with app.lock:
                return {"revoked": app.accounts.revoke_all()}
        if (method, path) == ("GET", "/state"):
            with app.lock:
                state = app.listening.state_json(app.accounts.users)
                state.update(app.accounts.state_json())
            state["faults"] = book.list()
            state["unreachable"] = book.unreachable
            state["refused_connections"] = book.refused_connections
            return state
        if (method, path) == ("POST", "/invites"):
            body = self.json_body({"code": (STR, True), "uses": (INT, False),
                                   "expires_at": (OPT_STR, False), "username": (STR, False)})
            expires = None
            if body.get("expires_at"):
                try:
                    expires = parse_rfc3339(body["expires_at"])
                except ValueError:
                    raise ApiError(400, "invalid expires_at") from None
            with app.lock:
                return app.accounts.set_invite(body["code"], body.get("uses", 3), expires,
                                               body.get("username", "listener"))
        if (method, path) == ("POST", "/rate-limit"):
            body = self.json_body({"rate": (NUMBER, False), "burst": (NUMBER, False)})
            limiter = app.limiter
            limiter.configure(body.get("rate", limiter.rate), body.get("burst", limiter.burst))
            return {"rate": limiter.rate, "burst": limiter.burst}
        if (method, path) == ("POST", "/capabilities"):
            body = self.json_body({"metadata": (BOOL, False), "transcode": (BOOL, False),
                                   "demo": (BOOL, False)})
            with app.lock:
                app.metadata = body.get("metadata", app.metadata)
                app.transcode = body.get("transcode", app.transcode)
                app.accounts.demo_enabled = body.get("demo", app.accounts.demo_enabled)
                return app.server_json()
        raise ApiError(404, "not found")
