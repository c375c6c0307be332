"""Hark honours the desktop's proxy settings (GNOME's org.gnome.system.proxy,
read through GProxyResolver): with a manual HTTP proxy set, a server whose
name does not even resolve is reached through the proxy."""
import http.server
import threading
import urllib.request

from test_sign_in import open_dialog, type_into


class ForwardingProxy(http.server.ThreadingHTTPServer):
    """A plain HTTP proxy that sends every request on to one upstream server
    and remembers the absolute URLs it was asked for."""

    def __init__(self, upstream):
        self.upstream, self.seen = upstream, []
        super().__init__(("127.0.0.1", 0), ProxyHandler)


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.server.seen.append(self.path)  # a proxy is asked for absolute URLs
        path = "/" + self.path.split("://", 1)[-1].split("/", 1)[-1] if "://" in self.path else self.path
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "proxy-connection")}
        try:
            with urllib.request.urlopen(urllib.request.Request(self.server.upstream + path, headers=headers),
                                        timeout=10) as response:
                status, body, kind = response.status, response.read(), response.headers.get("Content-Type")
        except urllib.error.HTTPError as error:
            status, body, kind = error.code, error.read(), error.headers.get("Content-Type")
        self.send_response(status)
        self.send_header("Content-Type", kind or "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_the_desktop_proxy_is_used(hark, audiosilo):
    proxy = ForwardingProxy(audiosilo.base)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    try:
        hark.stop()
        # What GNOME Settings → Network → Proxy writes, in the test's keyfile
        # settings backend; GNOME's resolver is chosen on a GNOME desktop.
        with open(hark.settings_keyfile, "a") as keyfile:
            keyfile.write("\n[system/proxy]\nmode='manual'\nignore-hosts=@as []\n"
                          f"\n[system/proxy/http]\nhost='127.0.0.1'\nport={proxy.server_address[1]}\n")
        hark.env["XDG_CURRENT_DESKTOP"] = "GNOME"
        hark.start()
        dialog = open_dialog(hark)
        # .invalid never resolves: only the proxy can reach it.
        type_into(hark, dialog, "Server Address or Link", "http://books.invalid")
        hark.click(hark.find("push button", "Continue", root=dialog))
        hark.find("page tab", "Invite Code", root=dialog, timeout=15)
        assert "http://books.invalid/api/v1/server" in proxy.seen, proxy.seen
    finally:
        proxy.shutdown()
