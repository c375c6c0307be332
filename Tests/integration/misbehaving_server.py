"""A misbehaving AudioSilo server for the tests that need one: a proxy in
front of the repository's test server (which stays well behaved) that
rewrites the JSON it answers and can answer a route with an error of the
test's choosing. Each test starts its own on a free port.

    proxy = MisbehavingServer(audiosilo.base)
    proxy.rewrite("/api/v1/server", lambda server: {**server, "name": "<b>"})
    proxy.fail("/api/v1/search", 500, {"error": "<span>BIG</span>"})
    ... sign in at proxy.base ...
    proxy.stop()
"""
import http.client
import http.server
import json
import threading
import urllib.parse

# Hop-by-hop headers, and the ones the proxy writes itself.
NOT_FORWARDED = {"connection", "keep-alive", "transfer-encoding", "content-length", "proxy-connection", "date", "server"}


class MisbehavingServer:
    def __init__(self, upstream):
        self.upstream = urllib.parse.urlsplit(upstream)
        self.rewrites = {}  # path -> function(JSON value, query dict) -> JSON value
        self.failures = {}  # path -> (status, JSON body)
        self.served = {}  # path -> (content type, bytes)
        self.served_count = 0
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.proxy = self
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def rewrite(self, path, change):
        """Passes every JSON answer on `path` (without its query) through
        change(value, query) before Hark sees it."""
        self.rewrites[path] = change

    def serve(self, path, content_type, payload):
        """Answers `path` (every query) with these bytes, a 200."""
        self.served[path] = (content_type, payload)

    def fail(self, path, status, body):
        """Answers `path` with `status` and the JSON `body` instead of asking upstream."""
        self.failures[path] = (status, body)

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self._relay()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_GET

    def _relay(self):
        proxy = self.server.proxy
        path, _, query_text = self.path.partition("?")
        query = {k: v[0] for k, v in urllib.parse.parse_qs(query_text).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        if path in proxy.served:
            content_type, payload = proxy.served[path]
            proxy.served_count += 1
            return self._answer(200, [("Content-Type", content_type)], payload)
        if path in proxy.failures:
            status, answer = proxy.failures[path]
            return self._answer(status, [("Content-Type", "application/json")], json.dumps(answer).encode())
        # The Host header goes on unchanged, so any address upstream writes
        # into an answer is the proxy's.
        headers = {k: v for k, v in self.headers.items() if k.lower() not in NOT_FORWARDED}
        connection = http.client.HTTPConnection(proxy.upstream.hostname, proxy.upstream.port, timeout=30)
        try:
            connection.request(self.command, self.path, body=body, headers=headers)
            response = connection.getresponse()
            payload = response.read()
            kept = [(k, v) for k, v in response.getheaders() if k.lower() not in NOT_FORWARDED]
            status = response.status
        finally:
            connection.close()
        change = proxy.rewrites.get(path)
        if change and payload and "json" in (response.getheader("Content-Type") or ""):
            payload = json.dumps(change(json.loads(payload), query)).encode()
        self._answer(status, kept, payload)

    def _answer(self, status, headers, payload):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    def log_message(self, *args):
        pass
