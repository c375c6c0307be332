"""Per-user listening state, addressed by (library_id, BOOK path): progress
(last-write-wins), bookmarks, notes, history and favourites. In memory."""

from .util import ApiError, now, number, parse_rfc3339, rfc3339


def _timestamp(value, name):
    try:
        return parse_rfc3339(value)
    except ValueError:
        raise ApiError(400, f"invalid {name}: want an RFC 3339 time") from None


def _non_negative(value, name):
    if value < 0:
        raise ApiError(400, f"invalid {name}")
    return float(value)


class Listening:
    def __init__(self):
        self.progress = {}  # (user_id, lib_id, path) -> row dict (+ "_ts")
        self.bookmarks = {}  # id -> row (+ "_user")
        self.notes = {}
        self.history = {}
        self.favourites = {}  # (user_id, lib_id, path) -> created_at
        self._next_id = 1

    def _new_id(self):
        self._next_id += 1
        return self._next_id - 1

    @staticmethod
    def public(row):
        return {k: v for k, v in row.items() if not k.startswith("_")}

    # --- progress ---------------------------------------------------------------

    def all_progress(self, user):
        rows = [r for (uid, _, _), r in self.progress.items() if uid == user.id]
        rows.sort(key=lambda r: r["_ts"], reverse=True)
        return [self.public(r) for r in rows]

    def get_progress(self, user, lib_id, path):
        row = self.progress.get((user.id, lib_id, path))
        return self.public(row) if row else None

    def put_progress(self, user, lib_id, path, body):
        """Keep the newest `updated_at`, then the higher `version`. A stale
        write is not an error: it gets the winning row back. The stored
        version counts accepted writes, so replaying a save with the same
        `updated_at` and `version: 0` (as clients send) is a no-op."""
        ts = _timestamp(body["updated_at"], "updated_at") if "updated_at" in body else now()
        version = int(body.get("version", 0))
        key = (user.id, lib_id, path)
        old = self.progress.get(key)
        if old and (old["_ts"], old["version"]) >= (ts, version):
            return self.public(old)
        speed = float(body.get("playback_speed", 1.0))
        row = {
            "library_id": lib_id, "path": path,
            "position": number(_non_negative(body.get("position", 0), "position")),
            "duration": number(_non_negative(body.get("duration", 0), "duration")),
            "finished": bool(body.get("finished", False)),
            "playback_speed": number(speed if speed > 0 else 1.0),
            "version": max(version, old["version"] + 1 if old else 1),
            "device_id": body.get("device_id", ""),
            "updated_at": rfc3339(ts),
            "_ts": ts,
        }
        self.progress[key] = row
        return self.public(row)

    # --- bookmarks and notes ----------------------------------------------------

    def _rows(self, table, user, lib_id, path):
        rows = [r for r in table.values()
                if r["_user"] == user.id and r["library_id"] == lib_id and r["path"] == path]
        rows.sort(key=lambda r: (r["position"], r["id"]))
        return [self.public(r) for r in rows]

    def list_bookmarks(self, user, lib_id, path):
        return self._rows(self.bookmarks, user, lib_id, path)

    def add_bookmark(self, user, lib_id, path, body):
        row = {"id": self._new_id(), "library_id": lib_id, "path": path,
               "position": number(_non_negative(body["position"], "position")),
               "note": body.get("note") or "", "created_at": rfc3339(now()), "_user": user.id}
        self.bookmarks[row["id"]] = row
        return self.public(row)

    def delete_bookmark(self, user, bookmark_id):
        """204 whether or not it existed (or was someone else's)."""
        row = self.bookmarks.get(bookmark_id)
        if row and row["_user"] == user.id:
            del self.bookmarks[bookmark_id]

    def list_notes(self, user, lib_id, path):
        return self._rows(self.notes, user, lib_id, path)

    def add_note(self, user, lib_id, path, body):
        if not body["body"].strip():
            raise ApiError(400, "body is required")
        stamp = rfc3339(now())
        row = {"id": self._new_id(), "library_id": lib_id, "path": path,
               "position": number(_non_negative(body.get("position", 0), "position")),
               "body": body["body"], "created_at": stamp, "updated_at": stamp, "_user": user.id}
        self.notes[row["id"]] = row
        return self.public(row)

    def delete_note(self, user, note_id):
        row = self.notes.get(note_id)
        if row and row["_user"] == user.id:
            del self.notes[note_id]

    # --- history ----------------------------------------------------------------

    def add_history(self, user, lib_id, path, body):
        started = _timestamp(body["started_at"], "started_at")
        ended = _timestamp(body["ended_at"], "ended_at")
        row = {"id": self._new_id(), "library_id": lib_id, "path": path,
               "from_pos": number(_non_negative(body["from_pos"], "from_pos")),
               "to_pos": number(_non_negative(body["to_pos"], "to_pos")),
               "started_at": rfc3339(started), "ended_at": rfc3339(ended),
               "_user": user.id, "_ts": started}
        self.history[row["id"]] = row

    def list_history(self, user, limit, lib_id=None, path=None):
        rows = [r for r in self.history.values() if r["_user"] == user.id
                and (lib_id is None or (r["library_id"] == lib_id and r["path"] == path))]
        rows.sort(key=lambda r: (r["_ts"], r["id"]), reverse=True)  # newest first
        return [self.public(r) for r in rows[:limit]]

    # --- favourites -------------------------------------------------------------

    def add_favourite(self, user, lib_id, path):
        self.favourites.setdefault((user.id, lib_id, path), now())

    def remove_favourite(self, user, lib_id, path):
        self.favourites.pop((user.id, lib_id, path), None)

    def list_favourites(self, user):
        rows = [(lib_id, path, created) for (uid, lib_id, path), created
                in self.favourites.items() if uid == user.id]
        return sorted(rows, key=lambda r: r[2], reverse=True)

    # --- for the control port ---------------------------------------------------

    def state_json(self, users):
        name = {u.id: u.username for u in users.values()}
        def tag(table):
            return [dict(self.public(r), username=name.get(r["_user"])) for r in table.values()]
        return {
            "progress": [dict(self.public(r), username=name.get(uid))
                         for (uid, _, _), r in self.progress.items()],
            "bookmarks": tag(self.bookmarks),
            "notes": tag(self.notes),
            "history": tag(self.history),
            "favourites": [{"username": name.get(uid), "library_id": lib_id, "path": path,
                            "created_at": rfc3339(created)}
                           for (uid, lib_id, path), created in self.favourites.items()],
        }
