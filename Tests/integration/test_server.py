"""The AudioSilo test server (Tests/Server) against the wire contract.

The server is a fixture for client tests, so these tests pin what clients
will meet: shapes, status codes, `null` lists, keyset paging, Range, LWW
progress, rate limits, and every scripted fault. Standard library only.
"""

import base64
import http.client
import json
import os
import select
import signal
import ssl
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER = os.path.join(REPO, "Tests", "Server", "audiosilo_test_server.py")
MAKE_CERT = os.path.join(REPO, "Tests", "Server", "make-self-signed-cert")
CODE = "9M4K-P2TQ-WX7V-3RHD"
SYNTHETIC = 10000


# --- plumbing -------------------------------------------------------------------------

class Resp:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.body[:200]!r}>"


class Http:
    def __init__(self, base, context=None):
        self.base = base
        self.context = context

    def call(self, method, path, params=None, body=None, token=None, headers=None,
             data=None, raw_query=None):
        url = self.base + path
        if params is not None:
            url += "?" + urllib.parse.urlencode(params)  # form encoding, as clients do
        if raw_query is not None:
            url += "?" + raw_query
        hdrs = dict(headers or {})
        if token:
            hdrs["Authorization"] = "Bearer " + token
        if body is not None:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=30, context=self.context) as r:
                return Resp(r.status, r.headers, r.read())
        except urllib.error.HTTPError as e:
            return Resp(e.code, e.headers, e.read())

    def get(self, path, params=None, **kw):
        return self.call("GET", path, params, **kw)

    def post(self, path, body=None, **kw):
        return self.call("POST", path, body=body, **kw)


class Running:
    def __init__(self, proc, base, control, stderr):
        self.proc, self.stderr = proc, stderr
        self.base, self.control_url = base, control
        self.api = Http(base + "/api/v1")
        self.root = Http(base)
        self.ctl = Http(control)

    def stop(self, sig=signal.SIGTERM):
        self.proc.send_signal(sig)
        code = self.proc.wait(timeout=10)
        self.stderr.seek(0)
        return code, self.stderr.read().decode(errors="replace")


def start_server(library, *args):
    stderr = tempfile.TemporaryFile()
    proc = subprocess.Popen(["/usr/bin/python3", SERVER, "--library", library, *args],
                            stdout=subprocess.PIPE, stderr=stderr, text=True)
    ready, _, _ = select.select([proc.stdout], [], [], 20)
    line = proc.stdout.readline() if ready else ""
    if not line.startswith("LISTENING "):
        proc.kill()
        stderr.seek(0)
        pytest.fail(f"server did not start: {line!r} {stderr.read().decode()}")
    fields = dict(part.split("=", 1) for part in line.split()[1:])
    return Running(proc, fields["base"], fields["control"], stderr)


@pytest.fixture(scope="module")
def library():
    out = subprocess.run([os.path.join(REPO, "scripts", "make-sample-library")],
                         check=True, capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def manifest(library):
    with open(os.path.join(library, "library.json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="module")
def server(library):
    # A generous bucket: the rate-limit test tightens it through the control port.
    srv = start_server(library, "--synthetic-books", str(SYNTHETIC), "--rate", "100000",
                       "--burst", "100000")
    yield srv
    code, err = srv.stop()
    assert code == 0, err  # SIGTERM is a clean exit
    assert "Traceback" not in err, err


@pytest.fixture(scope="module")
def token(server):
    return login(server)


def login(server, username="listener", password="correct horse"):
    r = server.api.post("/auth/login", {"username": username, "password": password,
                                        "device_name": "pytest"})
    assert r.status == 200, r
    return r.json()["token"]


def paged(server, token, lib, sort, limit, **filters):
    seen, cursor, pages = [], None, 0
    while True:
        params = {"sort": sort, "limit": limit, **filters}
        if cursor:
            params["cursor"] = cursor
        r = server.api.get(f"/libraries/{lib}/books", params, token=token)
        assert r.status == 200, r
        data = r.json()
        seen += data["books"] or []
        pages += 1
        cursor = data.get("next_cursor")
        if not cursor:
            return seen, pages


def book_path(manifest, kind):
    return next(b for b in manifest["books"] if b["kind"] == kind)


# --- server, health, auth -----------------------------------------------------------------

def test_server_info_and_health(server):
    info = server.api.get("/server").json()
    assert info["name"] == "Hark Test Server" and info["server_id"] == "test-server-1"
    assert info["api"] == "v1"
    assert set(info["capabilities"]) == {"admin_ui", "web_player", "transcode", "upload",
                                         "websocket", "api_keys", "metadata"}
    assert info["capabilities"]["metadata"] is True
    assert info["demo"] == {"enabled": True} and "password" in info["auth"]["methods"]
    for path in ("/healthz", "/api/v1/healthz"):
        r = server.root.get(path)
        assert (r.status, r.json()) == (200, {"status": "ok"})


def test_auth_is_required_except_on_public_routes(server):
    for path in ("/libraries", "/me", "/me/progress", "/search"):
        r = server.api.get(path, {"q": "x"})
        assert r.status == 401 and "error" in r.json(), (path, r)
    assert server.api.get("/libraries", token="nonsense").status == 401
    # A token in the URL counts only on media routes.
    good = login(server)
    assert server.api.get("/libraries", {"token": good}).status == 401


def test_redeem_and_exchange(server):
    for typed in (CODE, "9m4k p2tq wx7v 3rhd", "9M4KP2TQWX7V3RHD"):
        r = server.api.post("/auth/redeem", {"code": typed})
        assert r.status == 200, (typed, r)
    pairing = r.json()
    assert set(pairing) >= {"server_name", "base_url", "pairing_token", "uri", "web_url",
                            "qr_png_data_uri", "links", "uses_remaining"}
    assert pairing["uses_remaining"] == 3 and pairing["base_url"] == server.base
    assert pairing["uri"] == "audiosilo://connect?" + urllib.parse.urlencode(
        {"server": server.base, "token": pairing["pairing_token"]})
    assert pairing["web_url"].startswith(server.base + "/web/connect?token=")
    png = base64.b64decode(pairing["qr_png_data_uri"].split(",", 1)[1])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")

    r = server.api.post("/auth/exchange", {"pairing_token": pairing["pairing_token"],
                                           "device_name": "Laptop"})
    assert r.status == 200, r
    session = r.json()
    assert session["server_id"] == "test-server-1" and session["user"]["username"] == "listener"
    assert server.api.get("/me", token=session["token"]).status == 200
    # A pairing token is single use.
    r = server.api.post("/auth/exchange", {"pairing_token": pairing["pairing_token"]})
    assert (r.status, r.json()["error"]) == (401, "invalid or expired pairing token")
    # Look-alikes: O reads as 0, I and L as 1.
    server.ctl.post("/invites", {"code": "T0T1-1111-2222-3333", "uses": 5})
    assert server.api.post("/auth/redeem", {"code": "tOtI-lLlL-2222-3333"}).status == 200
    assert server.api.post("/auth/redeem", {"code": "0000-0000-0000-0000"}).status == 401


def test_exchange_messages_for_used_up_and_expired_invites(server):
    server.ctl.post("/invites", {"code": "AAAA-BBBB-CCCC-DDDD", "uses": 1})
    first = server.api.post("/auth/redeem", {"code": "AAAA-BBBB-CCCC-DDDD"}).json()
    second = server.api.post("/auth/redeem", {"code": "AAAA-BBBB-CCCC-DDDD"}).json()
    assert first["uses_remaining"] == 1  # redeeming does not use the invite up
    assert server.api.post("/auth/exchange", {"pairing_token": first["pairing_token"]}).status == 200
    r = server.api.post("/auth/exchange", {"pairing_token": second["pairing_token"]})
    assert (r.status, r.json()) == (401, {"error": "invite already used on all its devices"})

    server.ctl.post("/invites", {"code": "EEEE-FFFF-GGGG-HHHH", "uses": 2,
                                 "expires_at": "2099-01-01T00:00:00Z"})
    pairing = server.api.post("/auth/redeem", {"code": "EEEE-FFFF-GGGG-HHHH"}).json()
    assert pairing["code_expires_at"] == "2099-01-01T00:00:00Z"
    server.ctl.post("/invites", {"code": "EEEE-FFFF-GGGG-HHHH", "uses": 2,
                                 "expires_at": "2020-01-01T00:00:00Z"})
    r = server.api.post("/auth/exchange", {"pairing_token": pairing["pairing_token"]})
    assert (r.status, r.json()) == (401, {"error": "invite has expired"})
    r = server.api.post("/auth/redeem", {"code": "XPRD-2020-0101-0000"})  # seeded, expired
    assert (r.status, r.json()) == (401, {"error": "invite has expired"})


def test_login_demo_logout(server):
    r = server.api.post("/auth/login", {"username": "listener", "password": "correct horse",
                                        "device_name": "pytest"})
    assert r.status == 200 and set(r.json()) == {"token", "user"}
    user = r.json()["user"]
    assert user["role"] == "user" and user["has_password"] is True and user["is_demo"] is False
    for name, pw in (("listener", "wrong"), ("nopass", ""), ("disabled", "correct horse"),
                     ("nobody", "x")):
        r = server.api.post("/auth/login", {"username": name, "password": pw})
        assert (r.status, r.json()) == (401, {"error": "invalid credentials"}), name

    demo = server.api.post("/demo/session", {"device_name": "pytest"}).json()
    assert demo["user"]["is_demo"] is True and "pairing_token" in demo["pairing"]
    for path, body in (("/auth/password", {"password": "new password!"}),
                       ("/auth/tokens", {"label": "x"})):
        assert server.api.post(path, body, token=demo["token"]).status == 403

    tok = login(server)
    assert server.api.post("/auth/logout", token=tok).status == 204
    assert server.api.get("/me", token=tok).status == 401


def test_me_pair_and_password(server, token):
    me = server.api.get("/me", token=token).json()
    assert {"id", "username", "role", "disabled", "has_password", "has_recovery",
            "is_demo", "last_seen_at"} <= set(me)
    pairing = server.api.post("/auth/pair", token=token).json()
    assert "uses_remaining" not in pairing and pairing["pairing_token"]
    r = server.api.post("/auth/exchange", {"pairing_token": pairing["pairing_token"],
                                           "device_name": "Phone"})
    assert r.json()["user"]["username"] == "listener"

    r = server.api.post("/auth/password", {"password": "new password", "current_password": "nope"},
                        token=token)
    assert r.status == 403
    assert server.api.post("/auth/password", {"password": "short", "current_password":
                                              "correct horse"}, token=token).status == 400
    assert server.api.post("/auth/password", {"password": "battery staple", "current_password":
                                              "correct horse"}, token=token).status == 204
    tok = login(server, password="battery staple")
    assert server.api.post("/auth/password", {"password": "correct horse", "current_password":
                                              "battery staple"}, token=tok).status == 204


def test_api_keys(server, token):
    admin = login(server, "admin", "admin password")
    assert server.api.get("/auth/tokens", token=admin).json() == {"api_keys": None}
    r = server.api.post("/auth/tokens", {"label": "scripts"}, token=admin)
    assert r.status == 201
    created = r.json()
    key, meta = created["token"], created["api_key"]
    assert set(meta) == {"id", "label", "created_at", "last_seen"} and meta["label"] == "scripts"
    listed = server.api.get("/auth/tokens", token=admin).json()["api_keys"]
    assert [k["id"] for k in listed] == [meta["id"]] and "token" not in listed[0]
    assert server.api.get("/me", token=key).json()["username"] == "admin"
    for path, body in (("/auth/tokens", {"label": "again"}), ("/auth/pair", None),
                       ("/auth/password", {"password": "whatever123"})):
        assert server.api.post(path, body, token=key).status == 403, path
    assert server.api.call("DELETE", f"/auth/tokens/{meta['id']}", token=admin).status == 204
    assert server.api.get("/me", token=key).status == 401
    assert server.api.call("DELETE", "/auth/tokens/abc", token=admin).status == 400


def test_strict_bodies(server, token):
    r = server.api.post("/auth/login", {"username": "listener", "password": "correct horse",
                                        "remember_me": True})
    assert (r.status, r.json()) == (400, {"error": 'unknown field "remember_me"'})
    r = server.api.post("/auth/login", {"username": "listener", "password": 7})
    assert r.status == 400 and "password" in r.json()["error"]
    r = server.api.call("POST", "/auth/login", data=b"{not json",
                        headers={"Content-Type": "application/json"})
    assert r.status == 400
    r = server.api.call("POST", "/auth/login", data=b"[1]")
    assert r.status == 400
    big = json.dumps({"username": "x" * (1 << 20), "password": "y"}).encode()
    assert server.api.call("POST", "/auth/login", data=big).status == 400
    path = {"path": book_path_lw()}
    r = server.api.call("PUT", "/libraries/1/progress?" + urllib.parse.urlencode(path),
                        body={"position": 1, "percent": 3}, token=token)
    assert (r.status, r.json()) == (400, {"error": 'unknown field "percent"'})


def book_path_lw():
    return "Marguerite Holloway/The Lighthouse Keeper"


def test_routing_errors(server, token):
    assert server.api.get("/libraries/abc/fs", token=token).status == 400
    assert server.api.get("/libraries/1.0/books", token=token).status == 400
    assert server.api.get("/libraries/99/fs", token=token).status == 404
    assert server.api.get("/nope", token=token).status == 404
    r = server.api.call("DELETE", "/libraries", token=token)
    assert r.status == 405 and r.headers["Allow"] == "GET"
    for bad in ("../etc", "a/../../b", "Gapless/../../x"):
        r = server.api.get("/libraries/1/fs", {"path": bad}, token=token)
        assert (r.status, r.json()) == (400, {"error": "path escapes library root"}), bad
    assert server.api.get("/libraries/1/item", token=token).status == 400  # no path
    assert server.api.get("/libraries/1/books", {"sort": "size"}, token=token).status == 400
    assert server.api.get("/libraries/1/books", {"limit": "ten"}, token=token).status == 400


# --- libraries and browsing --------------------------------------------------------------

def test_libraries(server, token, library):
    libs = server.api.get("/libraries", token=token).json()["libraries"]
    assert [(l["id"], l["name"]) for l in libs] == [(1, "Audiobooks"), (2, "Big Library")]
    assert libs[0]["root"] == library
    assert all(set(l) == {"id", "name", "root", "default_view", "sort_order"} for l in libs)


def test_fs_listing(server, token):
    root = server.api.get("/libraries/1/fs", token=token).json()
    names = [e["name"] for e in root["entries"]]
    assert "library.json" not in names and ".complete" not in names  # dotfiles, non-audio
    assert root["path"] == "" and root["total"] == len(names) and "next_offset" not in root
    gapless = server.api.get("/libraries/1/fs", {"path": "Gapless"}, token=token).json()
    assert [e["name"] for e in gapless["entries"]] == ["AAC", "FLAC", "MP3-LAME", "Opus",
                                                       "source.wav"]  # directories first
    wav = gapless["entries"][-1]
    assert wav["is_audio"] and not wav["is_dir"] and wav["size"] > 0 and wav["mod_time"].endswith("Z")
    series = server.api.get("/libraries/1/fs", {"path": "Rosalind Achterberg/The Tidewater Chronicles/"},
                            token=token).json()
    books = {e["name"]: e for e in series["entries"]}
    assert books["Book 2"]["is_book"] and books["Book 2"]["title"] == "The Drowned Bell"
    assert books["Book 10"]["series_index"] == 10 and books["Book 10"]["duration"] > 0
    lighthouse = server.api.get("/libraries/1/fs", {"path": book_path_lw()}, token=token).json()
    assert all(e["is_audio"] for e in lighthouse["entries"])  # cover.jpg is not listed
    past = server.api.get("/libraries/1/fs", {"offset": 999}, token=token).json()
    assert past["entries"] is None and past["total"] == len(names)  # empty list is null
    assert server.api.get("/libraries/1/fs", {"path": "Nobody"}, token=token).status == 404
    assert server.api.get("/libraries/1/fs", {"path": "Gapless/source.wav"}, token=token).status == 400
    assert server.api.get("/libraries/1/fs", {"offset": -1}, token=token).status == 400


def test_fs_paging_and_limits(server, token):
    # Page the sample root two at a time: every entry once, in order.
    whole = server.api.get("/libraries/1/fs", token=token).json()["entries"]
    got, offset = [], 0
    while offset is not None:
        page = server.api.get("/libraries/1/fs", {"offset": offset, "limit": 2}, token=token).json()
        assert page["offset"] == offset
        got += page["entries"]
        offset = page.get("next_offset")
    assert got == whole
    # The synthetic root holds 1,000 author folders: default 200, cap 500.
    r = server.api.get("/libraries/2/fs", token=token).json()
    assert (len(r["entries"]), r["total"], r["next_offset"]) == (200, SYNTHETIC // 10, 200)
    r = server.api.get("/libraries/2/fs", {"limit": 5000, "offset": 0}, token=token).json()
    assert (len(r["entries"]), r["next_offset"]) == (500, 500)
    r = server.api.get("/libraries/2/fs", {"limit": 500, "offset": 500}, token=token).json()
    assert len(r["entries"]) == 500 and "next_offset" not in r
    leaf = server.api.get("/libraries/2/fs", {"path": "Author 0042/Series 1"}, token=token).json()
    assert [e["name"] for e in leaf["entries"]] == [f"Book {i}" for i in range(1, 6)]
    assert all(e["is_book"] for e in leaf["entries"])


def test_books_keyset_paging_sample(server, token, manifest):
    expected = {b["path"] for b in manifest["books"]}
    for sort in ("author", "title", "recent"):
        books, pages = paged(server, token, 1, sort, 2)
        paths = [b["rel_path"] for b in books]
        assert len(paths) == len(set(paths)) and set(paths) == expected, sort
        assert pages == (len(expected) + 1) // 2
    by_author, _ = paged(server, token, 1, "author", 3)
    tidewater = [b["series_index"] for b in by_author if b["series"] == "The Tidewater Chronicles"]
    assert tidewater == [1, 2, 10]  # numeric, not "Book 1, Book 10, Book 2"
    by_title, _ = paged(server, token, 1, "title", 50)
    titles = [b["title"].casefold() for b in by_title]
    assert titles == sorted(titles)
    b = by_title[0]
    assert {"id", "library_id", "rel_path", "is_folder", "title", "author", "series",
            "series_index", "narrator", "duration", "format", "size"} <= set(b)
    assert "files" not in b and "chapters" not in b
    one = server.api.get("/libraries/1/books", {"series": "the tidewater chronicles"},
                         token=token).json()
    assert len(one["books"]) == 3 and "next_cursor" not in one
    none = server.api.get("/libraries/1/books", {"author": "Nobody"}, token=token).json()
    assert none == {"books": None}


def test_books_keyset_paging_big_library(server, token):
    for sort in ("author", "title", "recent"):
        books, pages = paged(server, token, 2, sort, 200)
        paths = [b["rel_path"] for b in books]
        assert len(paths) == SYNTHETIC and len(set(paths)) == SYNTHETIC, sort
        assert pages == SYNTHETIC // 200
        if sort == "recent":
            stamps = [b["added_at"] for b in books]
            assert stamps == sorted(stamps, reverse=True)
    r = server.api.get("/libraries/2/books", token=token).json()
    assert len(r["books"]) == 50 and r["next_cursor"]  # default limit
    r = server.api.get("/libraries/2/books", {"limit": 1000}, token=token).json()
    assert len(r["books"]) == 200  # capped
    books, _ = paged(server, token, 2, "title", 3, author="Author 0042")
    assert len(books) == 10 and {b["author"] for b in books} == {"Author 0042"}
    books, _ = paged(server, token, 2, "author", 4, author="Author 0042", series="Series 2")
    assert [b["series_index"] for b in books] == [1, 2, 3, 4, 5]


def test_bad_cursor(server, token):
    for cursor in ("garbage!", "eyJ2IjoxfQ", base64.urlsafe_b64encode(b"[1,2]").decode()):
        r = server.api.get("/libraries/2/books", {"cursor": cursor}, token=token)
        assert (r.status, r.json()) == (400, {"error": "invalid cursor"}), cursor
    title_cursor = server.api.get("/libraries/2/books", {"sort": "title"}, token=token).json()["next_cursor"]
    r = server.api.get("/libraries/2/books", {"sort": "recent", "cursor": title_cursor}, token=token)
    assert r.status == 400


def test_search(server, token):
    def search(q, **extra):
        r = server.api.get("/search", {"q": q, **extra}, token=token)
        assert r.status == 200, r
        return r.json()["books"]
    hits = search("tide ros")
    assert {b["title"] for b in hits} == {"The Salt Road", "The Drowned Bell", "The Last Tide"}
    assert all({"dedup_key", "multi_file", "other_locations"} <= set(b) for b in hits)
    assert hits[0]["other_locations"] is None
    assert [b["title"] for b in search("salt road")] == ["The Salt Road"]  # AND
    assert search("salt zebra") is None
    assert search("alt") is None  # prefixes, not substrings
    assert search("") is None and search("  ") is None and search("!!! /+") is None
    # `/` and a form-encoded `+` inside the value: both are word separators.
    assert [b["title"] for b in search("Tidewater/Salt")] == ["The Salt Road"]
    r = server.api.get("/search", raw_query="q=salt%2Broad", token=token).json()["books"]
    assert [b["title"] for b in r] == ["The Salt Road"]
    r = server.api.get("/search", raw_query="q=salt+road", token=token).json()["books"]
    assert [b["title"] for b in r] == ["The Salt Road"]
    multi = search("lighthouse")
    assert multi[0]["multi_file"] is True
    assert len(search("author", limit=1000)) == 200  # capped
    assert len(search("author", limit=7)) == 7


def test_recent(server, token):
    books = server.api.get("/books/recent", {"limit": 30}, token=token).json()["books"]
    assert len(books) == 30
    stamps = [b["added_at"] for b in books]
    assert stamps == sorted(stamps, reverse=True)
    assert len({b["dedup_key"] for b in books}) == 30


# --- a book -----------------------------------------------------------------------------------

def test_item_and_chapters(server, token, manifest):
    for entry in manifest["books"]:
        item = server.api.get("/libraries/1/item", {"path": entry["path"]}, token=token).json()
        assert item["rel_path"] == entry["path"] and item["title"] == entry["title"]
        assert [(f["rel_path"], f["duration"]) for f in item["files"]] == \
            [(f["path"], f["duration"]) for f in entry["files"]]
        assert [f["seq"] for f in item["files"]] == list(range(len(entry["files"])))
        assert item["direct_playable"] is True
        chapters = item["chapters"]
        if entry["chapters"]:
            assert [(c["title"], c["start"], c["end"]) for c in chapters] == \
                [(c["title"], c["start"], c["end"]) for c in entry["chapters"]]
        elif len(entry["files"]) > 1:
            assert [c["file_path"] for c in chapters] == [f["path"] for f in entry["files"]]
            assert [c["title"] for c in chapters] == [os.path.basename(f["path"]) for f in entry["files"]]
        else:
            assert chapters is None  # the real server's empty list
        same = server.api.get("/libraries/1/chapters", {"path": entry["path"]}, token=token).json()
        assert set(same) == {"library_id", "path", "duration", "is_folder", "files", "chapters",
                             "codec", "direct_playable"}
        assert same["chapters"] == chapters and same["files"] == item["files"]

    def offsets(kind):
        p = book_path(manifest, kind)["path"]
        return [c["book_offset"] for c in
                server.api.get("/libraries/1/item", {"path": p}, token=token).json()["chapters"]]
    assert offsets("multi-file-mp3") == [0, 24.059, 55.119, 82.182]
    assert offsets("flac") == [0, 0]  # the documented server quirk
    assert offsets("m4b-chapters") == [0, 18, 40, 56, 81]
    r = server.api.get("/libraries/1/item", {"path": "Gapless"}, token=token)
    assert r.status == 404
    r = server.api.get("/libraries/2/item", {"path": "Author 0001/Series 1/Book 2"}, token=token)
    assert r.status == 200 and r.json()["files"][0]["rel_path"].endswith(".m4b")


def test_meta(server, token, manifest):
    series = server.api.get("/libraries/1/meta", {"path": book_path(manifest, "series-book")["path"]},
                            token=token).json()
    assert series["matched"] is True
    work = series["work"]
    assert all("chapter" in c["reveal"] for c in work["characters"])
    assert all("chapter" in r["through"] for r in work["recaps"])
    assert series["series"][0]["works"] and "recording" in series and "web_url" in series
    m4b = server.api.get("/libraries/1/meta", {"path": book_path(manifest, "m4b-chapters")["path"]},
                         token=token).json()
    assert sorted(c["reveal"]["chapter"] for c in m4b["work"]["characters"]) == [1, 2, 3, 4, 5]
    plain = server.api.get("/libraries/1/meta", {"path": book_path(manifest, "opus")["path"]},
                           token=token).json()
    assert plain == {"matched": False}
    try:
        info = server.ctl.post("/capabilities", {"metadata": False}).json()
        assert info["capabilities"]["metadata"] is False
        assert server.api.get("/server").json()["capabilities"]["metadata"] is False
        r = server.api.get("/libraries/1/meta", {"path": book_path(manifest, "m4b-chapters")["path"]},
                           token=token)
        assert r.status == 404
    finally:
        server.ctl.post("/capabilities", {"metadata": True})


# --- media -------------------------------------------------------------------------------------

def stream(server, token, path, headers=None, method="GET", **params):
    return server.api.call(method, "/libraries/1/stream", {"path": path, **params}, token=token,
                           headers=headers)


def test_stream_ranges(server, token, library, manifest):
    path = book_path(manifest, "m4b-chapters")["files"][0]["path"]
    with open(os.path.join(library, path), "rb") as f:
        data = f.read()
    size = len(data)
    whole = stream(server, token, path)
    assert whole.status == 200 and whole.body == data
    assert whole.headers["Accept-Ranges"] == "bytes" and int(whole.headers["Content-Length"]) == size
    part = stream(server, token, path, {"Range": "bytes=100-199"})
    assert part.status == 206 and part.body == data[100:200]
    assert part.headers["Content-Range"] == f"bytes 100-199/{size}"
    assert stream(server, token, path, {"Range": "bytes=-500"}).body == data[-500:]
    tail = stream(server, token, path, {"Range": f"bytes={size - 10}-"})
    assert tail.status == 206 and tail.body == data[-10:]
    past_end = stream(server, token, path, {"Range": f"bytes={size - 10}-{size + 99}"})
    assert past_end.body == data[-10:]
    bad = stream(server, token, path, {"Range": f"bytes={size}-"})
    assert bad.status == 416 and bad.headers["Content-Range"] == f"bytes */{size}"
    head = stream(server, token, path, method="HEAD")
    assert head.status == 200 and head.body == b"" and int(head.headers["Content-Length"]) == size
    dl = stream(server, token, path, download=1)
    assert dl.headers["Content-Disposition"].startswith("attachment;")
    # Media routes also take ?token= (the native client sends the header).
    r = server.api.get("/libraries/1/stream", {"path": path, "token": token},
                       headers={"Range": "bytes=0-3"})
    assert r.status == 206 and r.body == data[:4]


def test_stream_if_range(server, token, manifest):
    """RFC 9110 13.1.5: a Range with If-Range is honoured only when the
    validator is the current Last-Modified (no ETag is promised, so an
    entity tag never matches); otherwise the whole file is a 200."""
    path = book_path(manifest, "m4b-chapters")["files"][0]["path"]
    whole = stream(server, token, path)
    assert "ETag" not in whole.headers
    modified = whole.headers["Last-Modified"]
    same = stream(server, token, path, {"Range": "bytes=100-", "If-Range": modified})
    assert same.status == 206 and same.body == whole.body[100:]
    for stale in ("Thu, 01 Jan 1970 00:00:00 GMT", '"an-etag"', 'W/"weak"', modified + "x"):
        r = stream(server, token, path, {"Range": "bytes=100-", "If-Range": stale})
        assert r.status == 200 and r.body == whole.body and "Content-Range" not in r.headers, stale
    # A stale validator also drops an unsatisfiable range: the file is sent.
    size = len(whole.body)
    r = stream(server, token, path, {"Range": f"bytes={size}-", "If-Range": '"an-etag"'})
    assert r.status == 200 and r.body == whole.body
    r = stream(server, token, path, {"Range": f"bytes={size}-", "If-Range": modified})
    assert r.status == 416
    # If-Range without Range changes nothing.
    assert stream(server, token, path, {"If-Range": '"x"'}).status == 200


def test_stream_content_types_and_errors(server, token, manifest):
    expect = {"mp3": "audio/mpeg", "flac": "audio/flac", "opus": "audio/ogg",
              "m4a": "audio/mp4", "m4b": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg"}
    files = [f["path"] for b in manifest["books"] for f in b["files"]] + ["Gapless/source.wav"]
    seen = set()
    for path in files:
        ext = path.rsplit(".", 1)[1]
        if ext in seen:
            continue
        seen.add(ext)
        r = stream(server, token, path, {"Range": "bytes=0-15"})
        assert r.headers["Content-Type"] == expect[ext], path
    assert seen == set(expect)
    for path, status in (("Gapless", 400), ("Gapless/none.mp3", 404),
                         (book_path_lw() + "/cover.jpg", 404)):
        r = stream(server, token, path)
        assert r.status == status and r.headers["Content-Type"].startswith("text/plain"), path
    assert stream(server, token, "Gapless/none.mp3").body.strip() == b"not found"
    r = server.api.get("/libraries/2/stream", {"path": "Author 0001/Series 1/Book 2/x.m4b"}, token=token)
    assert r.status == 404 and r.body.strip() == b"not found"


def test_cover(server, token, library):
    r = server.api.get("/libraries/1/cover", {"path": book_path_lw()}, token=token)
    with open(os.path.join(library, book_path_lw(), "cover.jpg"), "rb") as f:
        assert r.status == 200 and r.body == f.read()
    assert r.headers["Content-Type"] == "image/jpeg" and "max-age=86400" in r.headers["Cache-Control"]
    r = server.api.get("/libraries/1/cover", {"path": "Ingrid Marsh/The Long Night Watch"}, token=token)
    assert (r.status, r.json()) == (404, {"error": "no cover"})
    r = server.api.get("/libraries/2/cover", {"path": "Author 0001/Series 1/Book 2"}, token=token)
    assert r.status == 404


# --- listening state ------------------------------------------------------------------------

def test_progress_last_write_wins(server, token):
    q = {"path": "Theodore Quill/A Clockwork Orchard"}
    url = "/libraries/1/progress?" + urllib.parse.urlencode(q)
    assert server.api.get("/libraries/1/progress", q, token=token).json() == {"progress": None}

    def put(position, stamp, speed=1.0):
        r = server.api.call("PUT", url, token=token, body={
            "position": position, "duration": 100, "finished": False, "playback_speed": speed,
            "version": 0, "device_id": "pytest", "updated_at": stamp})
        assert r.status == 200, r
        return r.json()["progress"]
    jan = put(10, "2026-01-01T00:00:00Z")
    assert set(jan) == {"library_id", "path", "position", "duration", "finished",
                        "playback_speed", "version", "device_id", "updated_at"}
    mar = put(30, "2026-03-01T00:00:00.250+01:00")
    assert mar["position"] == 30 and mar["updated_at"] == "2026-02-28T23:00:00.250Z"
    stale = put(20, "2026-02-01T00:00:00Z")  # older: not an error, returns the winner
    assert stale == mar
    assert put(99, mar["updated_at"]) == mar  # a replay at the same instant changes nothing
    assert server.api.get("/libraries/1/progress", q, token=token).json()["progress"] == mar
    newer = put(40, "2026-04-01T00:00:00Z", speed=0)
    assert newer["playback_speed"] == 1.0 and newer["version"] > mar["version"]
    rows = server.api.get("/me/progress", token=token).json()["progress"]
    assert any(r["path"] == q["path"] and r["position"] == 40 for r in rows)
    r = server.api.call("PUT", url, token=token, body={"position": 1, "updated_at": "yesterday"})
    assert r.status == 400
    admin = login(server, "admin", "admin password")
    assert server.api.get("/me/progress", token=admin).json() == {"progress": None}
    state = server.ctl.get("/state").json()
    assert any(r["path"] == q["path"] and r["username"] == "listener" for r in state["progress"])


def test_bookmarks_notes_history_favourites(server, token):
    lw = book_path_lw()
    q = urllib.parse.urlencode({"path": lw})
    assert server.api.get("/libraries/1/bookmarks", {"path": lw}, token=token).json() == {"bookmarks": None}
    r = server.api.post(f"/libraries/1/bookmarks?{q}", {"position": 12.5, "note": "steps"}, token=token)
    assert r.status == 201
    mark = r.json()
    assert set(mark) == {"id", "library_id", "path", "position", "note", "created_at"}
    assert mark["path"] == lw and mark["position"] == 12.5
    listed = server.api.get("/libraries/1/bookmarks", {"path": lw}, token=token).json()["bookmarks"]
    assert listed == [mark]
    assert server.api.call("DELETE", f"/bookmarks/{mark['id']}", token=token).status == 204
    assert server.api.call("DELETE", f"/bookmarks/{mark['id']}", token=token).status == 204
    assert server.api.call("DELETE", "/bookmarks/99999", token=token).status == 204

    r = server.api.post(f"/libraries/1/notes?{q}", {"body": "A good bit", "position": 3}, token=token)
    assert r.status == 201
    note = r.json()
    assert set(note) == {"id", "library_id", "path", "position", "body", "created_at", "updated_at"}
    assert server.api.get("/libraries/1/notes", {"path": lw}, token=token).json()["notes"] == [note]
    assert server.api.call("DELETE", f"/notes/{note['id']}", token=token).status == 204
    assert server.api.post(f"/libraries/1/notes?{q}", {"position": 3}, token=token).status == 400

    for start, end in (("2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z"),
                       ("2026-01-02T10:00:00Z", "2026-01-02T10:01:00Z")):
        r = server.api.post(f"/libraries/1/history?{q}", {"from_pos": 0, "to_pos": 60,
                                                          "started_at": start, "ended_at": end},
                            token=token)
        assert r.status == 201 and r.body == b""
    rows = server.api.get("/libraries/1/history", {"path": lw}, token=token).json()["history"]
    assert [r["started_at"] for r in rows] == ["2026-01-02T10:00:00Z", "2026-01-01T10:00:00Z"]
    assert set(rows[0]) == {"id", "library_id", "path", "from_pos", "to_pos", "started_at", "ended_at"}
    assert len(server.api.get("/me/history", {"limit": 1}, token=token).json()["history"]) == 1

    for _ in range(2):  # idempotent
        assert server.api.post(f"/libraries/1/favourites?{q}", token=token).status == 201
    folder = urllib.parse.urlencode({"path": "Gapless"})
    assert server.api.post(f"/libraries/1/favourites?{folder}", token=token).status == 201
    favs = server.api.get("/me/favourites", token=token).json()["favourites"]
    by_path = {f["path"]: f for f in favs}
    assert len(favs) == 2
    assert by_path[lw]["is_book"] is True and by_path[lw]["title"] == "The Lighthouse Keeper"
    assert by_path["Gapless"]["is_book"] is False and "title" not in by_path["Gapless"]
    for _ in range(2):
        assert server.api.call("DELETE", f"/libraries/1/favourites?{q}", token=token).status == 204
    server.api.call("DELETE", f"/libraries/1/favourites?{folder}", token=token)
    assert server.api.get("/me/favourites", token=token).json() == {"favourites": None}


# --- limits -----------------------------------------------------------------------------------

def test_rate_limit(server):
    server.ctl.post("/rate-limit", {"rate": 20, "burst": 40})
    try:
        conn = http.client.HTTPConnection(server.base.split("//")[1], timeout=10)
        statuses, limited = [], None
        for _ in range(60):
            conn.request("GET", "/api/v1/server")
            resp = conn.getresponse()
            body = resp.read()
            statuses.append(resp.status)
            if resp.status == 429 and limited is None:
                limited = (resp.getheader("Retry-After"), json.loads(body))
        conn.close()
        assert statuses[:40] == [200] * 40  # the burst
        assert 429 in statuses
        assert limited[1] == {"error": "rate limit exceeded"} and int(limited[0]) >= 1
    finally:
        server.ctl.post("/rate-limit", {"rate": 100000, "burst": 100000})


def test_failed_login_limit(server):
    server.ctl.post("/rate-limit", {})  # forget earlier failures
    try:
        for _ in range(10):
            assert server.api.post("/auth/login", {"username": "listener", "password": "no"}).status == 401
        r = server.api.post("/auth/login", {"username": "listener", "password": "correct horse"})
        assert r.status == 429 and int(r.headers["Retry-After"]) > 0
        assert server.api.post("/auth/redeem", {"code": CODE}).status == 429
    finally:
        server.ctl.post("/rate-limit", {})
    assert server.api.post("/auth/redeem", {"code": CODE}).status == 200


# --- faults ------------------------------------------------------------------------------------

@pytest.fixture
def faults(server):
    server.ctl.call("DELETE", "/faults")
    yield server.ctl
    server.ctl.call("DELETE", "/faults")


def test_fault_status(server, token, faults):
    r = faults.post("/faults", {"path_prefix": "/api/v1/libraries", "status": 503, "count": 2})
    assert r.status == 201 and r.json()["count"] == 2
    for _ in range(2):
        r = server.api.get("/libraries", token=token)
        assert (r.status, r.json()) == (503, {"error": "service unavailable"})
    assert server.api.get("/libraries", token=token).status == 200  # count used up
    faults.post("/faults", {"path_prefix": "/api/v1/server", "status": 502, "body": "<h1>proxy</h1>",
                            "content_type": "text/html", "headers": {"Retry-After": "7"}})
    for _ in range(3):  # no count: until cleared
        r = server.api.get("/server")
        assert (r.status, r.body, r.headers["Content-Type"], r.headers["Retry-After"]) == \
            (502, b"<h1>proxy</h1>", "text/html", "7")
    assert len(faults.get("/faults").json()["faults"]) == 1
    faults.call("DELETE", "/faults")
    assert server.api.get("/server").status == 200


def test_fault_delay(server, faults):
    faults.post("/faults", {"path_prefix": "/healthz", "delay_ms": 600, "count": 1})
    start = time.monotonic()
    r = server.root.get("/healthz")
    assert r.status == 200 and time.monotonic() - start >= 0.6
    start = time.monotonic()
    server.root.get("/healthz")
    assert time.monotonic() - start < 0.5


def test_fault_drop_after_bytes(server, token, library, manifest, faults):
    path = book_path(manifest, "long-chapterless")["files"][0]["path"]
    with open(os.path.join(library, path), "rb") as f:
        prefix = f.read(65536)
    faults.post("/faults", {"path_prefix": "/api/v1/libraries/1/stream", "drop_after_bytes": 65536,
                            "count": 1})
    conn = http.client.HTTPConnection(server.base.split("//")[1], timeout=10)
    conn.request("GET", "/api/v1/libraries/1/stream?" + urllib.parse.urlencode({"path": path}),
                 headers={"Authorization": "Bearer " + token})
    resp = conn.getresponse()
    assert resp.status == 200 and int(resp.getheader("Content-Length")) > 65536
    got = b""
    with pytest.raises((http.client.IncompleteRead, ConnectionError)):
        while True:
            chunk = resp.read(8192)
            if not chunk:
                raise http.client.IncompleteRead(got)
            got += chunk
    conn.close()
    assert got == prefix
    r = stream(server, token, path, {"Range": "bytes=0-9"})  # the next request is fine
    assert r.status == 206


def test_fault_drop_then_unreachable(server, token, library, manifest, faults):
    path = book_path(manifest, "long-chapterless")["files"][0]["path"]
    faults.post("/faults", {"path_prefix": "/api/v1/libraries/1/stream", "drop_after_bytes": 4096,
                            "then_unreachable": True, "count": 1})
    assert faults.post("/faults", {"then_unreachable": True, "status": 500}).status == 400
    conn = http.client.HTTPConnection(server.base.split("//")[1], timeout=10)
    conn.request("GET", "/api/v1/libraries/1/stream?" + urllib.parse.urlencode({"path": path}),
                 headers={"Authorization": "Bearer " + token})
    resp = conn.getresponse()
    with pytest.raises((http.client.IncompleteRead, ConnectionError)):
        resp.read()
    conn.close()
    # Gone: the reconnect that would resume from the cut is refused.
    with pytest.raises(OSError):
        stream(server, token, path, {"Range": "bytes=4096-"})
    assert faults.get("/unreachable").json() == {"unreachable": True}


@pytest.mark.parametrize("kind", ["truncated-json", "wrong-types", "not-json", "huge-error"])
def test_fault_malformed(server, token, faults, kind):
    faults.post("/faults", {"path_prefix": "/api/v1/libraries", "malformed": kind, "count": 1})
    r = server.api.get("/libraries", token=token)
    if kind == "truncated-json":
        assert r.status == 200 and int(r.headers["Content-Length"]) == len(r.body)
        with pytest.raises(ValueError):
            r.json()
    elif kind == "wrong-types":
        libs = r.json()["libraries"]
        assert isinstance(libs[0]["id"], str) and isinstance(libs[0]["name"], int)
    elif kind == "not-json":
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/html")
        with pytest.raises(ValueError):
            r.json()
    else:
        assert r.status == 500 and len(r.body) >= 10 * 1024 * 1024
        assert r.json()["error"].startswith("xxxx")
    assert server.api.get("/libraries", token=token).json()["libraries"][0]["id"] == 1


def test_unreachable(server, token, faults):
    keep_alive = http.client.HTTPConnection(server.base.split("//")[1], timeout=5)
    keep_alive.request("GET", "/api/v1/server")
    assert keep_alive.getresponse().read()
    assert faults.post("/unreachable", {"on": True}).json() == {"unreachable": True}
    with pytest.raises((OSError, http.client.HTTPException)):
        server.api.get("/server")
    with pytest.raises((OSError, http.client.HTTPException)):  # even on a kept-alive connection
        keep_alive.request("GET", "/api/v1/server")
        keep_alive.getresponse().read()
    assert faults.get("/state").status == 200  # the control port still answers
    faults.post("/unreachable", {"on": False})
    assert server.api.get("/server").status == 200
    faults.post("/unreachable", {"on": True})
    faults.call("DELETE", "/faults")  # clears the switch too
    assert server.api.get("/server").status == 200


def test_request_log(server, token, faults):
    assert faults.call("DELETE", "/requests").status == 204
    server.api.get("/libraries/1/fs", {"path": "Rosalind Achterberg/The Tidewater Chronicles"}, token=token)
    server.api.get("/libraries/1/fs", raw_query="path=Zo%C3%AB+%2B+Friends%2Fx", token=token)
    server.api.get("/server")
    server.api.post("/auth/login", {"username": "listener", "password": "correct horse"})
    log = faults.get("/requests").json()["requests"]
    assert [e["path"] for e in log] == ["/api/v1/libraries/1/fs"] * 2 + ["/api/v1/server",
                                                                          "/api/v1/auth/login"]
    first, unicode, public, login_entry = log
    assert first["method"] == "GET" and first["status"] == 200
    assert first["params"] == {"path": "Rosalind Achterberg/The Tidewater Chronicles"}
    assert first["query"] == "path=Rosalind+Achterberg%2FThe+Tidewater+Chronicles"
    assert first["headers"]["Authorization"] == "present" and token not in json.dumps(log)
    assert unicode["params"] == {"path": "Zoë + Friends/x"} and unicode["status"] == 404
    assert public["headers"]["Authorization"] == "absent"
    assert login_entry["body"]["password"] == "present" and login_entry["body"]["username"] == "listener"
    since = log[-1]["seq"]
    server.api.get("/server")
    assert [e["path"] for e in faults.get("/requests", {"since": since}).json()["requests"]] == \
        ["/api/v1/server"]


def test_revoke_all_tokens(server):
    tok = login(server)
    assert server.api.get("/me", token=tok).status == 200
    assert server.ctl.post("/revoke-all-tokens").json()["revoked"] >= 1
    r = server.api.get("/me", token=tok)
    assert r.status == 401 and "error" in r.json()
    assert server.api.get("/me", token=login(server)).status == 200


# --- other configurations ----------------------------------------------------------------------

def test_two_libraries_dedup_and_options(library):
    srv = start_server(library, "--library", library, "--no-demo", "--no-metadata",
                       "--name", "Other", "--server-id", "other-1", "--not-direct", "opus")
    try:
        info = srv.api.get("/server").json()
        assert (info["name"], info["server_id"]) == ("Other", "other-1")
        assert info["demo"] == {"enabled": False} and info["capabilities"]["metadata"] is False
        assert "demo" not in info["auth"]["methods"]
        assert srv.api.post("/demo/session", {}).status == 404
        tok = login(srv)
        assert [l["name"] for l in srv.api.get("/libraries", token=tok).json()["libraries"]] == \
            ["Audiobooks", "Audiobooks 2"]
        assert srv.api.get("/libraries/1/meta", {"path": book_path_lw()}, token=tok).status == 404
        hits = srv.api.get("/search", {"q": "salt road"}, token=tok).json()["books"]
        assert len(hits) == 1 and hits[0]["library_id"] == 1
        assert hits[0]["other_locations"] == [{"library_id": 2, "library_name": "Audiobooks 2",
                                               "path": hits[0]["rel_path"], "format": "mp3",
                                               "size": hits[0]["size"], "multi_file": False}]
        recent = srv.api.get("/books/recent", {"limit": 100}, token=tok).json()["books"]
        assert all(b["other_locations"] for b in recent)
        opus = srv.api.get("/libraries/1/item", {"path": "Gapless/Opus"}, token=tok).json()
        assert opus["direct_playable"] is False
        # Indexed on demand: a loose file the manifest does not list.
        item = srv.api.get("/libraries/1/item", {"path": "Gapless/source.wav"}, token=tok).json()
        assert item["is_folder"] is False and item["title"] == "source"
        books, _ = paged(srv, tok, 1, "title", 200)
        assert "Gapless/source.wav" in [b["rel_path"] for b in books]
        transcoded = srv.api.get("/libraries/1/stream", {"path": "Gapless/Opus/01 - Part 1.opus",
                                                          "transcode": 1, "t": 1}, token=tok)
        assert transcoded.status == 200 and transcoded.headers["Content-Type"] == "audio/mpeg"
        assert transcoded.headers.get("Content-Length") is None and len(transcoded.body) > 1000
    finally:
        code, err = srv.stop(signal.SIGINT)
    assert code == 0, err


def test_tls(library, tmp_path):
    out = subprocess.run([MAKE_CERT, str(tmp_path)], check=True, capture_output=True, text=True)
    cert, key = out.stdout.split()
    srv = start_server(library, "--tls-cert", cert, "--tls-key", key)
    try:
        assert srv.base.startswith("https://127.0.0.1:")
        with pytest.raises(urllib.error.URLError) as refused:
            Http(srv.base + "/api/v1").get("/server")  # nobody vouches for a self-signed cert
        assert isinstance(refused.value.reason, ssl.SSLCertVerificationError)
        trusting = Http(srv.base + "/api/v1", ssl.create_default_context(cafile=cert))
        info = trusting.get("/server").json()
        assert info["server_id"] == "test-server-1"
        pairing = trusting.post("/auth/redeem", {"code": CODE}).json()
        assert pairing["base_url"] == srv.base
        assert srv.ctl.get("/state").status == 200  # the control port stays plain HTTP
    finally:
        code, err = srv.stop()
    assert code == 0, err
