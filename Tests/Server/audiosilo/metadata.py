"""Canned answers for `GET /libraries/{id}/meta`.

The real server asks an upstream metadata service; here a few sample books
are "matched" to hand-written works whose characters and recaps carry
`reveal.chapter` / `through.chapter`, so clients can test spoiler gating
(chapters are 1-based; 0 means front matter or earlier books). Every other
book answers `{"matched": false}`. A 502 (service down) is scripted with a
fault on the meta path.
"""

from .util import norm_text

WEB = "https://meta.example.invalid"


def _author(name):
    return {"id": "a-" + norm_text(name).replace(" ", "-"), "name": name}


def _char(cid, name, chapter, description, role=None, aliases=None):
    out = {"id": cid, "name": name, "reveal": {"chapter": chapter}, "description": description}
    if role:
        out["role"] = role
    if aliases:
        out["aliases"] = aliases
    return out


def _recap(chapter, text, scope="book"):
    return {"through": {"chapter": chapter}, "scope": scope, "text": text}


TIDEWATER_AUTHOR = "Rosalind Achterberg"
TIDEWATER = [  # (position, work id, title)
    (1, "w-salt-road", "The Salt Road"),
    (2, "w-drowned-bell", "The Drowned Bell"),
    (10, "w-last-tide", "The Last Tide"),
]

# Keyed by (normalised author, normalised title) so any copy of the book, in
# any library, matches.
WORKS = {
    ("rosalind achterberg", "the salt road"): {
        "work": {
            "id": "w-salt-road", "title": "The Salt Road", "subtitle": "Tidewater Chronicles, Book 1",
            "first_published": "2019", "description": "A courier walks the salt road to the sea.",
            "characters": [
                _char("c-maren", "Maren Tallis", 1, "A courier with a borrowed map.", "protagonist",
                      ["the courier"]),
                _char("c-brill", "Coxswain Brill", 1, "Keeps the ferry at Low Ness."),
                _char("c-salt-witch", "The Salt Witch", 3, "Who has been writing the letters.",
                      "antagonist"),
            ],
            "recaps": [_recap(1, "Maren takes the commission and leaves the city at dawn.")],
        },
        "series_position": 1,
    },
    ("rosalind achterberg", "the drowned bell"): {
        "work": {
            "id": "w-drowned-bell", "title": "The Drowned Bell", "first_published": "2020",
            "description": "A bell rings under the harbour.",
            "characters": [
                _char("c-maren", "Maren Tallis", 0, "The courier, now harbour-bound.", "protagonist"),
                _char("c-ilse", "Ilse Varga", 1, "A diver who hears the bell."),
                _char("c-bellwright", "The Bellwright", 2, "Cast the bell; should be dead.",
                      "antagonist"),
            ],
            "recaps": [
                _recap(0, "Previously: Maren reached the sea and burned the last letter.", "series"),
                _recap(1, "Ilse and Maren dive to the bell.", "book"),
            ],
        },
        "series_position": 2,
    },
    ("rosalind achterberg", "the last tide"): {
        "work": {
            "id": "w-last-tide", "title": "The Last Tide", "first_published": "2026",
            "characters": [
                _char("c-maren", "Maren Tallis", 0, "Older, and tired of the sea.", "protagonist"),
                _char("c-oriel", "Captain Oriel", 1, "Commands the last ship."),
            ],
            "recaps": [_recap(0, "Previously: the bell was raised; the tides stopped.", "series")],
        },
        "series_position": 10,
    },
    ("theodore quill", "a clockwork orchard"): {
        "work": {
            "id": "w-clockwork-orchard", "title": "A Clockwork Orchard", "first_published": "2021",
            "description": "Trees of brass, apples that tick.",
            "characters": [
                _char("c-ada", "Ada Quill", 1, "Plants the brass seed.", "protagonist"),
                _char("c-tinker", "The Tinker", 2, "Winds the trees each night."),
                _char("c-marrow", "Marrow", 3, "The gardener who hates the frost.", None, ["the gardener"]),
                _char("c-engine", "The Frost Engine", 4, "What stops the gears.", "antagonist"),
                _char("c-ticking-apple", "The Ticking Apple", 5, "It was never an apple."),
            ],
            "recaps": [
                _recap(1, "Ada plants a brass seed and it grows overnight."),
                _recap(2, "The Tinker teaches Ada to wind the orchard."),
                _recap(3, "A frost creeps into the gears; Marrow blames the Tinker."),
                _recap(4, "Ada finds the apple that ticks."),
            ],
        },
    },
    ("marguerite holloway", "the lighthouse keeper"): {
        "work": {
            "id": "w-lighthouse-keeper", "title": "The Lighthouse Keeper", "first_published": "2018",
            "characters": [
                _char("c-keeper", "The Keeper", 1, "Counts the hundred and twelve steps.", "protagonist"),
                _char("c-captain", "The Dark Captain", 2, "Sails without lights."),
            ],
            "recaps": [_recap(2, "A ship passes without lights; the keeper logs it.")],
        },
    },
}


def meta_for(book):
    """The `meta` envelope for a Book."""
    entry = WORKS.get((norm_text(book.author), norm_text(book.title)))
    if not entry:
        return {"matched": False}
    work = dict(entry["work"])
    work["authors"] = [_author(book.author)]
    work["language"] = "en"
    out = {
        "matched": True,
        "work": work,
        "recording": {
            "id": "r-" + work["id"][2:], "narrators": [book.narrator] if book.narrator else [],
            "abridged": False, "runtime_min": round(book.duration / 60),
            "release_date": work.get("first_published", "2020") + "-01-01",
            "publisher": "Example Audio",
        },
        "web_url": f"{WEB}/works/{work['id']}",
    }
    if "series_position" in entry:
        out["series"] = [{
            "id": "s-tidewater", "name": "The Tidewater Chronicles",
            "position": entry["series_position"],
            "works": [{"id": wid, "title": title, "position": pos,
                       "authors": [_author(TIDEWATER_AUTHOR)], "web_url": f"{WEB}/works/{wid}"}
                      for pos, wid, title in TIDEWATER],
        }]
    return out
