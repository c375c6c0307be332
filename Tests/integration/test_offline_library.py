"""Issue 15, "opens offline, library and all": Hark started with its server
away shows the library as last seen (home shelves, folders, Book pages and
covers, from the listening database and the cover cache), marks the books
that are not downloaded as needing the server, and Play on one says why."""
import pytest

from hark_ui import sized_descendants
from test_book_page import api, open_book, query, visible
from test_browse import list_items, open_row
from test_sign_in import sign_in_with_invite

SERVER = "Hark Test Server"
NEEDS = f"Needs “{SERVER}” — not downloaded"


def home_rows(hark):
    """The names of the Library home's rows on screen (shelves, libraries)."""
    return {a.name for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "list item" and a.name)
            if hark.on_screen(a)}


def open_library(hark):
    """The home's "Audiobooks" row, below the shelves: scrolled to, opened."""
    hark.key("alt+1")
    if visible(hark, "push button", "Audiobooks"):  # a breadcrumb: inside the library already
        hark.click(visible(hark, "push button", "Audiobooks")[0])
        return
    def clear_of_the_mini_player():
        rows = visible(hark, "list item", "Audiobooks")
        if not rows:
            return None
        _, y, _, height = hark.extents(rows[0])
        return rows[0] if y + height < 560 else None
    for _ in range(10):
        if clear_of_the_mini_player():
            break
        hark.scroll(5)
    hark.wait_until(clear_of_the_mini_player, timeout=5)
    hark.click_at(clear_of_the_mini_player())


def shelf_row(hark, title):
    rows = hark.find_shown("list item", title)
    assert rows, f"no shelf row {title!r}"
    return rows[0]


def big_images(hark):
    """The on-screen images as large as the Book page's cover: the
    placeholder, and the picture over it once a cover is shown."""
    def big(a):
        if a.getRoleName() != "image" or not hark.on_screen(a):
            return False
        _, _, width, height = hark.extents(a)
        return width >= 100 and height >= 100
    return sized_descendants(hark.app, big)


@pytest.mark.long
def test_the_library_opens_offline_as_last_seen(hark, audiosilo):
    # Another device's place, so the home has a Continue Listening shelf.
    api(audiosilo, "PUT", "/libraries/1/progress?" + query("Theodore Quill/A Clockwork Orchard"),
        {"position": 42.5, "duration": 100, "finished": False, "playback_speed": 1,
         "version": 0, "device_id": "phone", "updated_at": "2026-11-20T10:00:00Z"})
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Continue Listening", timeout=15)
    hark.find("label", "A Clockwork Orchard", timeout=10)
    hark.find("label", "Recently Added")
    online_shelves = home_rows(hark)
    assert "A Clockwork Orchard" in online_shelves, online_shelves

    # Seen once online: a series folder, a Book page, and a Book page with a cover.
    open_library(hark)
    for row in ("Rosalind Achterberg", "The Tidewater Chronicles", "The Drowned Bell"):
        open_row(hark, "Folder contents", row)
    hark.find("label", "Narrator", timeout=15)
    open_book(hark, "Marguerite Holloway", "The Lighthouse Keeper")
    hark.wait_until(lambda: len(big_images(hark)) >= 2, timeout=15)  # the cover over its placeholder
    hark.screenshot("offline-before-book-online")

    audiosilo.call("POST", "/unreachable", {"on": True})
    hark.restart()

    # The home as last seen: the shelves and the server's libraries, with
    # the banner saying the server is away and this is what was last seen.
    hark.find("label", "Continue Listening", timeout=20)
    hark.find("label", "Recently Added", timeout=10)
    hark.wait_until(lambda: online_shelves <= home_rows(hark), timeout=15)
    banner = [a for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "label"
                                     and (a.name or "").startswith(f"{SERVER} is offline.")) if hark.on_screen(a)]
    assert banner and "as last seen" in banner[0].name, [b.name for b in banner]
    # An alert for a screen reader (GTK 4.8 exports the role; it has no
    # announce call).
    assert banner[0].parent.getRoleName() == "alert", banner[0].parent.getRoleName()
    # A book not downloaded is marked on the shelf (dimmed, with a tooltip
    # that assistive technologies read as the row's description).
    orchard = shelf_row(hark, "A Clockwork Orchard")
    assert orchard.description == NEEDS, orchard.description
    hark.screenshot("offline-home")

    # The server's libraries and folders as last seen, their books marked.
    open_library(hark)
    open_row(hark, "Folder contents", "Rosalind Achterberg")
    open_row(hark, "Folder contents", "The Tidewater Chronicles")
    hark.wait_until(lambda: len(list_items(hark, "Folder contents")) == 3, timeout=15)
    rows = list(list_items(hark, "Folder contents"))
    assert [r.split(",")[0] for r in rows] == ["The Salt Road", "The Drowned Bell", "The Last Tide"], rows
    assert all(r.endswith(NEEDS) for r in rows), rows
    hark.screenshot("offline-folder")

    # The Book page as last seen; Play explains why it cannot start.
    open_row(hark, "Folder contents", "The Drowned Bell")
    hark.wait_for_page("Book")
    hark.find("label", "The Drowned Bell", timeout=15)
    hark.find("label", "Narrator", timeout=10)
    play = visible(hark, "push button", "Play")
    assert play, "a Play button"
    assert play[0].description == NEEDS, play[0].description
    hark.click(play[0])
    said = []
    hark.wait_until(lambda: said.extend(
        a for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "label" and "not downloaded" in (a.name or ""))
        if hark.on_screen(a)) or said, timeout=10)
    assert f"“{SERVER}” is not answering" in said[0].name, said[0].name
    assert not visible(hark, "push button", "Pause"), "nothing started"
    hark.screenshot("offline-play-explains")

    # A Book page with its cover, from the cover cache.
    open_book(hark, "Marguerite Holloway", "The Lighthouse Keeper")
    hark.find("label", "The Lighthouse Keeper", timeout=15)
    hark.wait_until(lambda: len(big_images(hark)) >= 2, timeout=15)
    hark.screenshot("offline-book-cover")
