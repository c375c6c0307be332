"""Libraries and their book index: fs listings, keyset paging, search.

A library is either a real folder (`--library PATH`) or the synthetic "Big
Library" (`--synthetic-books N`) whose books exist only in the index.

Which folders are books? If the library root has the sample generator's
`library.json`, its `books` are the index exactly (titles, narrators, series,
durations and m4b chapters come from it; this server cannot probe audio).
Otherwise a scan decides: a folder whose audio files sit directly in it is a
book; a loose audio file beside sub-folders is a single-file book. Either
way `item` indexes a not-yet-known book on demand, as the real server does.
"""

import base64
import bisect
import binascii
import datetime
import json
import os

from . import media
from .util import (ApiError, bad_request, clean_rel_path, from_timestamp,
                   norm_text, nullable, number, parse_int, rfc3339)


class BookFile:
    def __init__(self, rel_path, duration, size, mod_time=None):
        self.rel_path = rel_path
        self.duration = float(duration or 0)
        self.size = int(size or 0)
        self.format = media.extension(rel_path)
        self.mod_time = mod_time


class Book:
    def __init__(self, library, rel_path, *, is_folder, title, author="", series="",
                 series_index=0, narrator="", files=(), chapters=None, added_at=None,
                 asin="", isbn=""):
        self.id = 0  # assigned by the catalog; an index artifact, not identity
        self.library = library
        self.rel_path = rel_path
        self.is_folder = is_folder
        self.title = title or ""
        self.author = author or ""
        self.series = series or ""
        self.series_index = series_index or 0
        self.narrator = narrator or ""
        self.files = list(files)
        # Embedded chapters of a single-file book: [(title, start, end)].
        self.embedded_chapters = list(chapters or [])
        self.added_at = added_at or datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
        self.asin = asin
        self.isbn = isbn
        words = " ".join((self.title, self.author, self.series, self.narrator))
        self.search_tokens = set(norm_text(words).split())

    # --- derived facts ------------------------------------------------------

    @property
    def duration(self):
        return sum(f.duration for f in self.files)

    @property
    def size(self):
        return sum(f.size for f in self.files)

    @property
    def format(self):
        return self.files[0].format if self.files else media.extension(self.rel_path)

    @property
    def codec(self):
        return media.CODECS.get(self.format, "")

    @property
    def multi_file(self):
        return len(self.files) > 1

    def direct_playable(self, direct_formats):
        return bool(self.files) and all(f.format in direct_formats for f in self.files)

    @property
    def dedup_key(self):
        """Display hint grouping copies of one book (same rule order as the
        reference client's bookDedupKey)."""
        if norm_text(self.asin):
            return "a:" + norm_text(self.asin)
        if norm_text(self.isbn):
            return "i:" + norm_text(self.isbn)
        author, title = norm_text(self.author), norm_text(self.title)
        if not author and not title:
            return f"u:{self.library.id}:{self.rel_path}"
        return f"m:{author}|{title}|{norm_text(self.narrator)}"

    def chapters(self):
        """Chapter rows. A single-file book with embedded chapters lists them;
        a multi-file book gets one chapter per file, titled with the file name
        (clients tidy those for display); otherwise there are none (null).

        Deliberate quirk: multi-file FLAC books report `book_offset` 0 for
        every chapter, as some real-server books do, so clients are tested
        on recomputing offsets from file durations plus `start`."""
        rows = []
        if len(self.files) == 1 and self.embedded_chapters:
            path = self.files[0].rel_path
            for i, (title, start, end) in enumerate(self.embedded_chapters):
                rows.append(self._chapter(i, title, 0, path, start, end, start))
        elif len(self.files) > 1:
            quirk = self.format == "flac"
            offset = 0.0
            for i, f in enumerate(self.files):
                title = f.rel_path.rsplit("/", 1)[-1]
                rows.append(self._chapter(i, title, i, f.rel_path, 0.0, f.duration,
                                          0.0 if quirk else offset))
                offset += f.duration
        return nullable(rows)

    @staticmethod
    def _chapter(index, title, file_index, file_path, start, end, book_offset):
        return {"index": index, "title": title, "file_index": file_index,
                "file_path": file_path, "start": number(round(start, 3)),
                "end": number(round(end, 3)), "book_offset": number(round(book_offset, 3))}

    # --- JSON shapes --------------------------------------------------------

    def list_json(self):
        out = {
            "id": self.id, "library_id": self.library.id, "rel_path": self.rel_path,
            "is_folder": self.is_folder, "title": self.title, "author": self.author,
            "series": self.series, "series_index": number(self.series_index),
            "narrator": self.narrator, "duration": number(round(self.duration, 3)),
            "format": self.format, "codec": self.codec, "size": self.size,
            "added_at": rfc3339(self.added_at),
        }
        if self.asin:
            out["asin"] = self.asin
        if self.isbn:
            out["isbn"] = self.isbn
        return out

    def files_json(self):
        return nullable({"rel_path": f.rel_path, "seq": i, "duration": number(round(f.duration, 3)),
                         "format": f.format, "size": f.size}
                        for i, f in enumerate(self.files))

    def item_json(self, direct_formats):
        out = self.list_json()
        out["files"] = self.files_json()
        out["chapters"] = self.chapters()
        out["direct_playable"] = self.direct_playable(direct_formats)
        return out

    def location_json(self):
        return {"library_id": self.library.id, "library_name": self.library.name,
                "path": self.rel_path, "format": self.format, "size": self.size,
                "multi_file": self.multi_file}


# --- keyset paging ----------------------------------------------------------

# Each sort is a total order: rel_path (unique in a library) breaks ties.
SORT_KEYS = {
    "author": lambda b: (b.author.casefold(), b.series.casefold(), float(b.series_index),
                         b.title.casefold(), b.rel_path),
    "title": lambda b: (b.title.casefold(), b.rel_path),
    "recent": lambda b: (-b.added_at.timestamp(), b.rel_path),
}
SORT_KEY_TYPES = {
    "author": (str, str, float, str, str),
    "title": (str, str),
    "recent": (float, str),
}


def encode_cursor(sort, key):
    """Opaque to clients: base64url JSON of the last row's sort key."""
    raw = json.dumps({"v": 1, "s": sort, "k": list(key)}, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(sort, cursor):
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        data = json.loads(raw)
        key = data["k"]
        types = SORT_KEY_TYPES[sort]
        if data.get("v") != 1 or data.get("s") != sort or len(key) != len(types):
            raise ValueError
        out = []
        for value, kind in zip(key, types):
            if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
                out.append(float(value))
            elif kind is str and isinstance(value, str):
                out.append(value)
            else:
                raise ValueError
        return tuple(out)
    except (ValueError, TypeError, KeyError, AttributeError, binascii.Error, UnicodeDecodeError):
        raise bad_request("invalid cursor") from None


# --- libraries --------------------------------------------------------------

class Library:
    def __init__(self, catalog, lib_id, name, root, *, virtual=False,
                 default_view="folders", sort_order=0):
        self.catalog = catalog
        self.id = lib_id
        self.name = name
        self.root = root
        self.virtual = virtual  # synthetic: no files on disk
        self.default_view = default_view
        self.sort_order = sort_order
        self.books = {}  # rel_path -> Book
        self._sorted = {}  # sort -> (keys, books), rebuilt when books change
        self._tree = None  # virtual libraries: rel_path -> {name: node}
        # Virtual libraries: image files their books take covers from
        # (`--synthetic-cover-dir`); empty means every cover is a 404.
        self.cover_files = []

    def json(self):
        return {"id": self.id, "name": self.name, "root": self.root,
                "default_view": self.default_view, "sort_order": self.sort_order}

    # --- paths --------------------------------------------------------------

    def resolve(self, rel):
        """Absolute path of a library-relative path; 400 if a symlink leads
        out of the root (`clean_rel_path` already refused `..`)."""
        full = os.path.join(self.root, rel) if rel else self.root
        real, root = os.path.realpath(full), os.path.realpath(self.root)
        if real != root and not real.startswith(root + os.sep):
            raise bad_request("path escapes library root")
        return full

    def add(self, book):
        self.catalog.assign_id(book)
        self.books[book.rel_path] = book
        self._sorted.clear()
        self._tree = None

    def synthetic_cover(self, rel):
        """The cover file of a virtual library's book: book id mod the number
        of files, so neighbours differ and every run picks the same one."""
        book = self.books.get(rel)
        if not book or not self.cover_files:
            return None
        return self.cover_files[book.id % len(self.cover_files)]

    # --- the book index -----------------------------------------------------

    def sorted_books(self, sort):
        if sort not in self._sorted:
            keyed = sorted(((SORT_KEYS[sort](b), b) for b in self.books.values()),
                           key=lambda pair: pair[0])
            self._sorted[sort] = ([k for k, _ in keyed], [b for _, b in keyed])
        return self._sorted[sort]

    def page_books(self, sort, author, series, limit, cursor):
        keys, books = self.sorted_books(sort)
        if author or series:
            pairs = [(k, b) for k, b in zip(keys, books)
                     if (not author or b.author.casefold() == author.casefold())
                     and (not series or b.series.casefold() == series.casefold())]
            keys, books = [k for k, _ in pairs], [b for _, b in pairs]
        start = bisect.bisect_right(keys, decode_cursor(sort, cursor)) if cursor else 0
        page = books[start:start + limit]
        next_cursor = None
        if start + limit < len(books):
            next_cursor = encode_cursor(sort, keys[start + limit - 1])
        return page, next_cursor

    def book_at(self, rel, index_on_demand=True):
        """The book whose path is `rel`, indexing it now if it is a book
        the index has not seen yet; None when `rel` is not a book."""
        book = self.books.get(rel)
        if book or not index_on_demand or self.virtual or not rel:
            return book
        full = self.resolve(rel)
        if os.path.isdir(full):
            # As the scan decides: direct audio files and no books below.
            files = audio_files_in(self, rel)
            if not files or self._has_audio_below(full):
                return None
            book = book_from_files(self, rel, True, files)
        elif os.path.isfile(full) and media.is_audio_name(rel):
            parent = rel
            while "/" in parent:  # a track of a known book is not a book
                parent = parent.rsplit("/", 1)[0]
                if parent in self.books:
                    return None
            book = book_from_files(self, rel, False, [file_entry(self, rel)])
        else:
            return None
        self.add(book)
        return book

    @staticmethod
    def _has_audio_below(full):
        for folder, dirs, files in os.walk(full):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            if folder != full and any(media.is_audio_name(f) for f in files
                                      if not f.startswith(".")):
                return True
        return False

    # --- fs -----------------------------------------------------------------

    def list_dir(self, rel):
        """Entries of one folder: folders first, then audio files, each by
        name (case-insensitively); dotfiles and non-audio files are hidden."""
        if self.virtual:
            return self._virtual_list(rel)
        full = self.resolve(rel)
        if not os.path.exists(full):
            raise ApiError(404, "not found")
        if not os.path.isdir(full):
            raise bad_request("not a directory")
        dirs, files = [], []
        with os.scandir(full) as it:
            for entry in it:
                if entry.name.startswith("."):
                    continue
                path = f"{rel}/{entry.name}" if rel else entry.name
                try:
                    self.resolve(path)
                    st = entry.stat()
                    is_dir = entry.is_dir()
                except (OSError, ApiError):
                    continue  # dangling or escaping symlink: not shown
                if not is_dir and not media.is_audio_name(entry.name):
                    continue
                row = {"name": entry.name, "path": path, "is_dir": is_dir,
                       "is_audio": not is_dir, "size": 0 if is_dir else st.st_size,
                       "mod_time": rfc3339(from_timestamp(int(st.st_mtime)))}
                (dirs if is_dir else files).append(row)
        return self._with_book_fields(sorted(dirs, key=_by_name) + sorted(files, key=_by_name))

    def _with_book_fields(self, rows):
        """The "hybrid" rows: an entry that is an indexed book carries the
        book's display fields, so a folder view can show titles."""
        for row in rows:
            book = self.books.get(row["path"])
            if book:
                row.update({"is_book": True, "title": book.title, "author": book.author,
                            "series": book.series, "series_index": number(book.series_index),
                            "duration": number(round(book.duration, 3))})
        return rows

    def _virtual_list(self, rel):
        if self._tree is None:
            self._tree = build_virtual_tree(self)
        if rel not in self._tree:
            raise ApiError(404, "not found")
        children = self._tree[rel]
        if children is None:
            raise bad_request("not a directory")
        dirs = sorted((r for r in children.values() if r["is_dir"]), key=_by_name)
        files = sorted((r for r in children.values() if not r["is_dir"]), key=_by_name)
        return self._with_book_fields([dict(r) for r in dirs + files])


def _by_name(row):
    return (row["name"].casefold(), row["name"])


def build_virtual_tree(lib):
    """Folder tree implied by the synthetic books' paths: {dir: {name: row}},
    with files mapping to None (not a directory)."""
    tree = {"": {}}
    for book in lib.books.values():
        stamp = rfc3339(book.added_at)
        for f in book.files:
            parts = f.rel_path.split("/")
            for depth in range(len(parts)):
                parent = "/".join(parts[:depth])
                path = "/".join(parts[:depth + 1])
                is_dir = depth < len(parts) - 1
                tree.setdefault(parent, {})
                if parts[depth] not in tree[parent]:
                    tree[parent][parts[depth]] = {
                        "name": parts[depth], "path": path, "is_dir": is_dir,
                        "is_audio": not is_dir, "size": 0 if is_dir else f.size,
                        "mod_time": stamp}
                if is_dir:
                    tree.setdefault(path, {})
                else:
                    tree[path] = None
    return tree


# --- building books from disk -----------------------------------------------

def file_entry(lib, rel, duration=0.0):
    st = os.stat(lib.resolve(rel))
    return BookFile(rel, duration, st.st_size, from_timestamp(int(st.st_mtime)))


def audio_files_in(lib, rel):
    full = lib.resolve(rel)
    names = sorted((n for n in os.listdir(full)
                    if not n.startswith(".") and media.is_audio_name(n)
                    and os.path.isfile(os.path.join(full, n))), key=lambda n: (n.casefold(), n))
    return [file_entry(lib, f"{rel}/{n}" if rel else n) for n in names]


def book_from_files(lib, rel, is_folder, files):
    """A book the server knows only from its files: title from the name,
    author and series from the folders above it (Author/Series/Book)."""
    parts = rel.split("/")
    title = parts[-1] if is_folder else parts[-1].rsplit(".", 1)[0]
    folders = parts[:-1]
    return Book(lib, rel, is_folder=is_folder, title=title,
                author=folders[0] if folders else "",
                series=folders[1] if len(folders) > 1 else "",
                files=files, added_at=max((f.mod_time for f in files), default=None))


def scan_library(lib):
    """Index a folder without a manifest (see the module docstring).
    Symlinks are followed only inside the root, and each folder once."""
    seen = set()

    def walk(rel):
        full = lib.resolve(rel) if rel else lib.root
        if os.path.realpath(full) in seen:
            return False
        seen.add(os.path.realpath(full))
        subdirs, audio = [], []
        for name in sorted(os.listdir(full)):
            path = f"{rel}/{name}" if rel else name
            if name.startswith("."):
                continue
            try:
                lib.resolve(path)
            except ApiError:
                continue  # a symlink out of the library
            if os.path.isdir(os.path.join(full, name)):
                subdirs.append(path)
            elif media.is_audio_name(name) and os.path.isfile(os.path.join(full, name)):
                audio.append(path)
        found_below = False
        for sub in subdirs:
            found_below = walk(sub) or found_below
        if audio and not found_below and rel:
            lib.add(book_from_files(lib, rel, True, [file_entry(lib, p) for p in audio]))
        elif audio:
            for p in audio:
                lib.add(book_from_files(lib, p, False, [file_entry(lib, p)]))
        return bool(audio) or found_below
    walk("")


def load_manifest(lib, manifest):
    """Index exactly the books `library.json` describes."""
    for entry in manifest.get("books", []):
        rel = clean_rel_path(entry["path"])
        files = [file_entry(lib, f["path"], f.get("duration", 0)) for f in entry.get("files", [])]
        chapters = [(c["title"], float(c["start"]), float(c["end"]))
                    for c in entry.get("chapters") or []]
        lib.add(Book(lib, rel, is_folder=os.path.isdir(lib.resolve(rel)),
                     title=entry.get("title"), author=entry.get("author"),
                     series=entry.get("series"), series_index=entry.get("series_part") or 0,
                     narrator=entry.get("narrator"), files=files, chapters=chapters,
                     added_at=max((f.mod_time for f in files), default=None)))


# --- synthetic books --------------------------------------------------------

ADJECTIVES = ["Silent", "Crimson", "Hollow", "Gilded", "Restless", "Distant", "Broken",
              "Hidden", "Burning", "Frozen", "Endless", "Quiet", "Wandering", "Final",
              "Shattered", "Lonely", "Golden", "Last", "Secret", "Winter"]
NOUNS = ["Harbour", "Crown", "Garden", "River", "Tower", "Orchard", "Lantern", "Archive",
         "Meadow", "Compass", "Voyage", "Citadel", "Bell", "Forest", "Bridge", "Signal",
         "Island", "Mirror", "Kingdom", "Road", "Engine", "Letter", "Shore", "Storm", "Key"]


def add_synthetic_books(lib, count):
    """`count` deterministic books, "Author 0042/Series 2/Book 3": 10 per
    author in 2 series of 5 (so 10,000 books give a 1,000-folder root, more
    than one fs page can hold). Titles repeat (100 distinct) and `added_at`
    comes in threes, so every sort has ties only the keyset tie-breaker
    (rel_path) separates."""
    base = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
    for i in range(count):
        author = f"Author {i // 10:04d}"
        series = f"Series {(i // 5) % 2 + 1}"
        number_in_series = i % 5 + 1
        rel = f"{author}/{series}/Book {number_in_series}"
        title = f"The {ADJECTIVES[(i * 7) % len(ADJECTIVES)]} {NOUNS[(i * 13) % len(NOUNS)]}"
        duration = 3600 + (i * 7919) % 72000
        files = [BookFile(f"{rel}/{title}.m4b", duration, duration * 8000)]
        lib.add(Book(lib, rel, is_folder=True, title=title, author=author, series=series,
                     series_index=number_in_series, narrator=f"Narrator {i % 17:02d}",
                     files=files, added_at=base + datetime.timedelta(minutes=i // 3)))


def add_stress_books(lib, wide_folder, long_book_chapters):
    """Shapes that break naive clients: "Wide Shelf" holds `wide_folder`
    single-file books side by side (titles include right-to-left text and
    emoji), and "Long Chapters/The Endless Saga.m4b" has
    `long_book_chapters` one-minute chapters."""
    base = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
    odd_titles = ["كتاب الرمال", "📚 The Emoji Almanac 🐉", "שירי הים", "Zero ⏱"]
    for i in range(wide_folder):
        rel = f"Wide Shelf/Book {i + 1:05d}.m4b"
        title = odd_titles[i % len(odd_titles)] if i % 97 == 0 else f"Shelf Book {i + 1}"
        duration = 0 if i % 101 == 0 else 1800 + i % 3600  # some unknown durations
        lib.add(Book(lib, rel, is_folder=False, title=title, author=f"Writer {i % 50:02d}",
                     files=[BookFile(rel, duration, duration * 8000)],
                     added_at=base + datetime.timedelta(seconds=i)))
    if long_book_chapters > 0:
        rel = "Long Chapters/The Endless Saga.m4b"
        chapters = [(f"Chapter {i + 1}", i * 60.0, (i + 1) * 60.0) for i in range(long_book_chapters)]
        duration = long_book_chapters * 60.0
        lib.add(Book(lib, rel, is_folder=False, title="The Endless Saga", author="Ada Long",
                     files=[BookFile(rel, duration, int(duration * 8000))], chapters=chapters,
                     added_at=base))


# --- the catalog --------------------------------------------------------------

class Catalog:
    def __init__(self, direct_formats=None):
        self.libraries = {}
        self._next_id = 1
        self.direct_formats = set(direct_formats if direct_formats is not None
                                  else media.DIRECT_PLAYABLE)

    def assign_id(self, book):
        book.id = self._next_id
        self._next_id += 1

    def add_folder_library(self, name, root):
        root = os.path.abspath(root)
        lib = Library(self, len(self.libraries) + 1, name, root,
                      sort_order=len(self.libraries))
        self.libraries[lib.id] = lib
        manifest = os.path.join(root, "library.json")
        if os.path.isfile(manifest):
            with open(manifest, encoding="utf-8") as f:
                load_manifest(lib, json.load(f))
        else:
            scan_library(lib)
        return lib

    def add_synthetic_library(self, name, count, wide_folder=0, long_book_chapters=0,
                              cover_dir=None):
        lib = Library(self, len(self.libraries) + 1, name, "/synthetic/big-library",
                      virtual=True, default_view="books", sort_order=len(self.libraries))
        self.libraries[lib.id] = lib
        if cover_dir:
            lib.cover_files = media.cover_files(cover_dir)
        add_synthetic_books(lib, count)
        add_stress_books(lib, wide_folder, long_book_chapters)
        return lib

    def library(self, raw_id):
        lib = self.libraries.get(parse_int(raw_id, "library id"))
        if not lib:
            raise ApiError(404, "library not found")
        return lib

    def all_books(self):
        for lib in self.libraries.values():
            yield from lib.books.values()

    def _dedup(self, books):
        """Fold copies (same dedup_key) into the first one by (library,
        path); the rest become its `other_locations`."""
        groups = {}
        for book in sorted(books, key=lambda b: (b.library.id, b.rel_path)):
            groups.setdefault(book.dedup_key, []).append(book)
        return list(groups.values())

    def _dedup_json(self, group):
        winner = group[0]
        out = winner.list_json()
        out["dedup_key"] = winner.dedup_key
        out["multi_file"] = winner.multi_file
        out["other_locations"] = nullable(b.location_json() for b in group[1:])
        return out

    def search(self, query, limit):
        """Every query token must be a prefix of some word of the title,
        author, series or narrator (AND). No words in the query: no results."""
        tokens = norm_text(query).split()
        if not tokens:
            return None
        hits = [b for b in self.all_books()
                if all(any(w.startswith(t) for w in b.search_tokens) for t in tokens)]
        groups = self._dedup(hits)
        groups.sort(key=lambda g: (g[0].title.casefold(), g[0].library.id, g[0].rel_path))
        return nullable(self._dedup_json(g) for g in groups[:limit])

    def recent(self, limit):
        groups = self._dedup(self.all_books())
        groups.sort(key=lambda g: (-g[0].added_at.timestamp(), g[0].library.id, g[0].rel_path))
        return nullable(self._dedup_json(g) for g in groups[:limit])
