#!/usr/bin/python3
"""One address, two servers: a TCP relay that forwards every connection to
one of several backends, and can switch to another at any moment.

This is how the tests make another AudioSilo server take over a signed-in
address (a reinstall, a reused port, a DNS change) while the first one keeps
its sessions: both run, and the relay decides which one answers.

    address_swap_proxy.py --backend 127.0.0.1:8001 --backend 127.0.0.1:8002

prints `LISTENING base=http://127.0.0.1:<port> control=http://127.0.0.1:<port>`.
`POST <control>/use/<n>` makes backend n (0-based) answer from then on and
closes every connection still open, so nothing kept alive reaches the old one.
"""
import argparse
import http.server
import socket
import sys
import threading


class Relay:
    def __init__(self, backends):
        self.backends = backends
        self.current = 0
        self.lock = threading.Lock()
        self.open = set()

    def use(self, index):
        with self.lock:
            self.current = index
            stale, self.open = self.open, set()
        for sock in stale:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def serve(self, listener):
        while True:
            client, _ = listener.accept()
            threading.Thread(target=self.connect, args=(client,), daemon=True).start()

    def connect(self, client):
        with self.lock:
            host, port = self.backends[self.current]
        try:
            upstream = socket.create_connection((host, port), timeout=10)
        except OSError:
            client.close()
            return
        upstream.settimeout(None)
        with self.lock:
            self.open.update((client, upstream))
        for source, sink in ((client, upstream), (upstream, client)):
            threading.Thread(target=self.pipe, args=(source, sink), daemon=True).start()

    def pipe(self, source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        with self.lock:
            self.open.discard(source)


def control_handler(relay):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            parts = self.path.strip("/").split("/")
            if len(parts) == 2 and parts[0] == "use" and parts[1].isdigit() \
                    and int(parts[1]) < len(relay.backends):
                relay.use(int(parts[1]))
                self.send_response(204)
            else:
                self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass
    return Handler


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--backend", action="append", required=True, metavar="HOST:PORT")
    args = p.parse_args()
    backends = [(b.rsplit(":", 1)[0], int(b.rsplit(":", 1)[1])) for b in args.backend]
    relay = Relay(backends)
    listener = socket.create_server(("127.0.0.1", 0))
    control = http.server.ThreadingHTTPServer(("127.0.0.1", 0), control_handler(relay))
    threading.Thread(target=control.serve_forever, daemon=True).start()
    print(f"LISTENING base=http://127.0.0.1:{listener.getsockname()[1]} "
          f"control=http://127.0.0.1:{control.server_address[1]}", flush=True)
    try:
        relay.serve(listener)
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
