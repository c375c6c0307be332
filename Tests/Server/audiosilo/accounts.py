"""Users, invite codes, pairing tokens, sessions and personal API keys.

Seed (deterministic, see README.md): users `admin` (role admin, password
"admin password"), `listener` (password "correct horse"), `nopass` (no
password), `disabled` (disabled, password "correct horse") and `demo` (the
demo account); invite `9M4K-P2TQ-WX7V-3RHD` for `listener` with 3 uses, and
`XPRD-2020-0101-0000`, expired. Tokens themselves are random.
"""

import base64
import datetime
import hmac
import secrets
import struct
import urllib.parse
import zlib

from .util import ApiError, now, rfc3339

PAIRING_TTL = datetime.timedelta(minutes=10)
MIN_PASSWORD = 8


def _tiny_png():
    """A valid 1x1 white PNG: stands in for the QR code image."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)  # 1x1, 8-bit greyscale
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00\xff")) + chunk(b"IEND", b""))


QR_DATA_URI = "data:image/png;base64," + base64.b64encode(_tiny_png()).decode()


def normalize_code(code):
    """Codes are typed by people: ignore case, dashes and spaces, and read
    the look-alikes O as 0 and I/L as 1 (codes never contain O, I or L)."""
    text = "".join(code.split()).replace("-", "").upper()
    return text.translate(str.maketrans({"O": "0", "I": "1", "L": "1"}))


class User:
    def __init__(self, uid, username, role="user", password=None, disabled=False,
                 has_recovery=False, is_demo=False):
        self.id = uid
        self.username = username
        self.role = role
        self.password = password
        self.disabled = disabled
        self.has_recovery = has_recovery
        self.is_demo = is_demo
        self.last_seen_at = None

    def json(self):
        out = {"id": self.id, "username": self.username, "role": self.role,
               "disabled": self.disabled, "has_password": self.password is not None,
               "has_recovery": self.has_recovery, "is_demo": self.is_demo}
        if self.last_seen_at:
            out["last_seen_at"] = rfc3339(self.last_seen_at)
        return out


class Credential:
    """What a bearer token stands for: a device session or an API key."""

    def __init__(self, token, user, kind, device_name="", key_id=None):
        self.token = token
        self.user = user
        self.kind = kind  # "session" | "api_key"
        self.device_name = device_name
        self.key_id = key_id
        self.created_at = now()
        self.last_seen = None

    @property
    def is_api_key(self):
        return self.kind == "api_key"


class Accounts:
    def __init__(self, server_name, server_id, demo_enabled=True):
        self.server_name = server_name
        self.server_id = server_id
        self.demo_enabled = demo_enabled
        self.users = {u.id: u for u in [
            User(1, "admin", role="admin", password="admin password", has_recovery=True),
            User(2, "listener", password="correct horse", has_recovery=True),
            User(3, "nopass"),
            User(4, "disabled", password="correct horse", disabled=True),
            User(5, "demo", is_demo=True),
        ]}
        self.invites = {}  # normalised code -> invite dict
        self.set_invite("9M4K-P2TQ-WX7V-3RHD", uses=3)
        self.set_invite("XPRD-2020-0101-0000", uses=3,
                        expires_at=datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc))
        self.pairings = {}  # pairing token -> {user, invite, expires_at}
        self.credentials = {}  # bearer token -> Credential
        self.api_keys = {}  # key id -> Credential
        self._next_key_id = 1

    def user_named(self, name):
        return next((u for u in self.users.values() if u.username == name), None)

    # --- invites and pairing --------------------------------------------------

    def set_invite(self, code, uses=3, expires_at=None, username="listener"):
        user = self.user_named(username)
        if user is None:
            raise ApiError(400, f"no user {username!r}")
        # Update in place: pairings already handed out see the change.
        invite = self.invites.setdefault(normalize_code(code), {})
        invite.update({"code": code, "user": user, "uses_remaining": uses,
                       "expires_at": expires_at})
        return self.invite_json(invite)

    @staticmethod
    def invite_json(invite):
        return {"code": invite["code"], "username": invite["user"].username,
                "uses_remaining": invite["uses_remaining"],
                "expires_at": rfc3339(invite["expires_at"]) if invite["expires_at"] else None}

    @staticmethod
    def _invite_problem(invite):
        """The exchange 401 messages, verbatim: clients show them as-is."""
        if invite["expires_at"] and invite["expires_at"] <= now():
            return "invite has expired"
        if invite["uses_remaining"] is not None and invite["uses_remaining"] <= 0:
            return "invite already used on all its devices"
        return None

    def redeem(self, code, base_url):
        """Check a code and hand out a pairing payload. Does not use up the
        invite: the exchange does."""
        invite = self.invites.get(normalize_code(code))
        if invite is None:
            raise ApiError(401, "invalid or expired code")
        problem = self._invite_problem(invite)
        if problem:
            raise ApiError(401, problem)
        return self._pairing(invite["user"], base_url, invite)

    def pair(self, user, base_url):
        return self._pairing(user, base_url, None)

    def _pairing(self, user, base_url, invite):
        token = secrets.token_urlsafe(24)
        self.pairings[token] = {"user": user, "invite": invite, "expires_at": now() + PAIRING_TTL}
        uri = ("audiosilo://connect?" + urllib.parse.urlencode({"server": base_url, "token": token}))
        web_url = f"{base_url}/web/connect?token={urllib.parse.quote(token)}"
        out = {"server_name": self.server_name, "base_url": base_url, "pairing_token": token,
               "uri": uri, "web_url": web_url, "qr_png_data_uri": QR_DATA_URI,
               "links": {"app": uri, "web": web_url}}
        if invite is not None:
            if invite["expires_at"]:
                out["code_expires_at"] = rfc3339(invite["expires_at"])
            out["uses_remaining"] = invite["uses_remaining"]
        return out

    def exchange(self, pairing_token, device_name):
        pairing = self.pairings.get(pairing_token)
        if pairing is None or pairing["expires_at"] <= now():
            raise ApiError(401, "invalid or expired pairing token")
        invite = pairing["invite"]
        if invite is not None:
            problem = self._invite_problem(invite)
            if problem:
                raise ApiError(401, problem)
            if invite["uses_remaining"] is not None:
                invite["uses_remaining"] -= 1
        del self.pairings[pairing_token]  # single use
        cred = self._session(pairing["user"], device_name)
        return {"token": cred.token, "server_id": self.server_id, "user": cred.user.json()}

    # --- sessions ---------------------------------------------------------------

    def _session(self, user, device_name):
        cred = Credential(secrets.token_urlsafe(32), user, "session", device_name)
        self.credentials[cred.token] = cred
        return cred

    def login(self, username, password, device_name):
        """None for bad credentials, disabled and password-less accounts
        alike (one message, so it leaks nothing)."""
        user = self.user_named(username)
        if (user is None or user.disabled or user.password is None
                or not hmac.compare_digest(user.password.encode(), password.encode())):
            return None
        cred = self._session(user, device_name)
        return {"token": cred.token, "user": user.json()}

    def demo_session(self, device_name, base_url):
        user = next(u for u in self.users.values() if u.is_demo)
        cred = self._session(user, device_name)
        return {"token": cred.token, "user": user.json(), "pairing": self.pair(user, base_url)}

    def authenticate(self, token):
        cred = self.credentials.get(token)
        if cred is None or cred.user.disabled:
            return None
        cred.user.last_seen_at = cred.last_seen = now()
        return cred

    def logout(self, cred):
        self.credentials.pop(cred.token, None)
        if cred.key_id is not None:
            self.api_keys.pop(cred.key_id, None)

    def revoke_all(self):
        count = len(self.credentials)
        self.credentials.clear()
        self.api_keys.clear()
        self.pairings.clear()
        return count

    def set_password(self, user, password, current):
        if user.password is not None:
            if current is None or not hmac.compare_digest(user.password.encode(), current.encode()):
                # 403, not 401: a 401 would tell the client its session died.
                raise ApiError(403, "current password is incorrect")
        if len(password) < MIN_PASSWORD:
            raise ApiError(400, f"password must be at least {MIN_PASSWORD} characters")
        user.password = password

    # --- API keys -------------------------------------------------------------

    @staticmethod
    def key_json(cred):
        return {"id": cred.key_id, "label": cred.device_name,
                "created_at": rfc3339(cred.created_at),
                "last_seen": rfc3339(cred.last_seen) if cred.last_seen else None}

    def create_api_key(self, user, label):
        cred = Credential("as_" + secrets.token_urlsafe(32), user, "api_key", label,
                          self._next_key_id)
        self._next_key_id += 1
        self.credentials[cred.token] = cred
        self.api_keys[cred.key_id] = cred
        return {"token": cred.token, "api_key": self.key_json(cred)}

    def list_api_keys(self, user):
        return [self.key_json(c) for c in self.api_keys.values() if c.user is user]

    def delete_api_key(self, user, key_id):
        cred = self.api_keys.get(key_id)
        if cred is None or cred.user is not user:
            raise ApiError(404, "api key not found")
        del self.api_keys[key_id]
        self.credentials.pop(cred.token, None)

    def state_json(self):
        return {
            # The control port is test-only: tests need the real token to prove
            # the client never writes it anywhere but the keyring.
            "sessions": [{"username": c.user.username, "kind": c.kind, "device_name": c.device_name,
                          "token": c.token, "created_at": rfc3339(c.created_at)}
                         for c in self.credentials.values()],
            "invites": [self.invite_json(i) for i in self.invites.values()],
            "users": [u.json() for u in self.users.values()],
        }
