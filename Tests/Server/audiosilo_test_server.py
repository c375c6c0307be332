#!/usr/bin/python3
"""An AudioSilo-compatible server for Hark's tests (standard library only).

    audiosilo_test_server.py --library PATH [--port 0] [--control-port 0]
        [--host 127.0.0.1] [--tls-cert F --tls-key F] [--synthetic-books N]
        [--synthetic-cover-dir DIR]
        [--name NAME] [--server-id ID] [--rate 20 --burst 40]
        [--no-demo] [--code-method NAME] [--no-metadata] [--not-direct EXT,...] [--verbose]

Prints exactly one line once both ports listen, then serves until SIGTERM
or SIGINT:

    LISTENING base=http://127.0.0.1:PORT control=http://127.0.0.1:CPORT

The main port speaks the AudioSilo API (AUDIOSILO-API.md); the control port
scripts faults and exposes what the server saw (audiosilo/control.py).
`--library` may be repeated (each folder becomes a library, "Audiobooks",
"Audiobooks 2", ...: the same folder twice gives duplicate books for search
de-duplication); `--synthetic-books N` adds "Big Library" after them, whose
books have no cover unless `--synthetic-cover-dir DIR` lends them DIR's images.
See README.md beside this file for the seed data.
"""

import argparse
import os
import signal
import ssl
import sys
import threading

sys.dont_write_bytecode = True  # a test fixture: leave no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from audiosilo.accounts import Accounts  # noqa: E402 - after the path fix-up
from audiosilo.api import App, MainHandler, MainServer  # noqa: E402
from audiosilo.catalog import Catalog  # noqa: E402
from audiosilo.control import ControlHandler  # noqa: E402
from audiosilo.faults import FaultBook  # noqa: E402
from audiosilo.httpbase import Server  # noqa: E402
from audiosilo.limits import RateLimiter  # noqa: E402
from audiosilo.listening import Listening  # noqa: E402
from audiosilo import media  # noqa: E402


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--library", action="append", required=True, metavar="PATH",
                   help="a library folder (repeatable)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=0, help="0 picks a free port")
    p.add_argument("--control-port", type=int, default=0)
    p.add_argument("--tls-cert")
    p.add_argument("--tls-key")
    p.add_argument("--synthetic-books", type=int, default=0, metavar="N")
    p.add_argument("--wide-folder", type=int, default=0, metavar="N",
                   help="Big Library gets a folder of N books side by side")
    p.add_argument("--synthetic-cover-dir", metavar="DIR",
                   help="Big Library's books get covers from DIR's JPEG/PNG files "
                        "(book id mod their number); without it they have none")
    p.add_argument("--long-book-chapters", type=int, default=0, metavar="N",
                   help="Big Library gets a book with N chapters")
    p.add_argument("--name", default="Hark Test Server")
    p.add_argument("--server-id", default="test-server-1")
    p.add_argument("--rate", type=float, default=20.0, help="requests/s per client IP")
    p.add_argument("--burst", type=float, default=40.0)
    p.add_argument("--no-demo", action="store_true")
    p.add_argument("--code-method", default="code", metavar="NAME",
                   help="what auth.methods calls the invite/recovery code (AUDIOSILO-API.md names "
                        "no string for it; servers say code, auth_code, invite…); \"\" lists none")
    p.add_argument("--no-metadata", action="store_true")
    p.add_argument("--not-direct", default="", metavar="EXT,...",
                   help="formats reported as direct_playable false (e.g. opus)")
    p.add_argument("--verbose", action="store_true", help="log requests to stderr")
    args = p.parse_args(argv)
    if bool(args.tls_cert) != bool(args.tls_key):
        p.error("--tls-cert and --tls-key go together")
    for path in args.library:
        if not os.path.isdir(path):
            p.error(f"--library {path}: not a directory")
    if args.synthetic_cover_dir and not (os.path.isdir(args.synthetic_cover_dir)
                                         and media.cover_files(args.synthetic_cover_dir)):
        p.error(f"--synthetic-cover-dir {args.synthetic_cover_dir}: no .jpg or .png files in it")
    return args


def build_app(args):
    not_direct = {e.strip().lower().lstrip(".") for e in args.not_direct.split(",") if e.strip()}
    catalog = Catalog(media.DIRECT_PLAYABLE - not_direct)
    for i, path in enumerate(args.library):
        catalog.add_folder_library("Audiobooks" if i == 0 else f"Audiobooks {i + 1}", path)
    if args.synthetic_books > 0 or args.wide_folder > 0 or args.long_book_chapters > 0:
        catalog.add_synthetic_library("Big Library", args.synthetic_books, args.wide_folder,
                                      args.long_book_chapters, args.synthetic_cover_dir)
    return App(catalog=catalog,
               accounts=Accounts(args.name, args.server_id, demo_enabled=not args.no_demo),
               listening=Listening(), limiter=RateLimiter(args.rate, args.burst),
               faults=FaultBook(), tls=bool(args.tls_cert),
               metadata=not args.no_metadata, verbose=args.verbose, code_method=args.code_method)


def url(scheme, host, port):
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"  # a wildcard is not an address to connect to
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}:{port}"


def main(argv):
    args = parse_args(argv)
    app = build_app(args)
    context = None
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
    main_server = MainServer((args.host, args.port), MainHandler, app, context)
    control_server = Server((args.host, args.control_port), ControlHandler, app)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    threads = [threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
               for s in (main_server, control_server)]
    for t in threads:
        t.start()
    print(f"LISTENING base={url('https' if context else 'http', args.host, main_server.server_address[1])}"
          f" control={url('http', args.host, control_server.server_address[1])}", flush=True)
    while not stop.wait(0.5):
        pass
    for s in (main_server, control_server):
        s.shutdown()
        s.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
