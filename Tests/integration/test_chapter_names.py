"""Chapter names and the Book page's place, through the real window: a long
chapterless book's virtual chapters are "Chapter N" on the Book page and
the Player page (never blank, never "No Chapters" above "Chapter 1 of 3"),
and the Book page follows the book as it plays, naming the place by the
time into its chapter."""
from hark_ui import sized_descendants
from test_book_page import open_book, visible
from test_browse import list_items
from test_player import player_button
from test_sign_in import sign_in_with_invite


def labels_starting(hark, prefix):
    return [a.name for a in sized_descendants(
        hark.app, lambda a: a.getRoleName() == "label" and (a.name or "").startswith(prefix))
        if hark.on_screen(a)]


def test_virtual_chapters_are_named_and_the_book_page_follows_the_player(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    # 3,700 s in one file without chapter marks: three 30-minute chapters.
    open_book(hark, "Ingrid Marsh", "The Long Night Watch")
    hark.wait_until(lambda: any(n.startswith("Chapter 3,") for n in list_items(hark, "Chapters")), timeout=15)
    rows = [n for n in list_items(hark, "Chapters") if n.startswith("Chapter ")]
    assert [n.split(",")[0] for n in rows] == ["Chapter 1", "Chapter 2", "Chapter 3"], rows
    assert not [n for n in list_items(hark, "Chapters") if n[:1].isdigit()], "an unnamed, numbered row"
    hark.find("label", "Not started", timeout=10)
    hark.screenshot("book-virtual-chapters")

    hark.click(hark.find("push button", "Play", timeout=10))
    hark.key("alt+3")
    hark.wait_for_page("Player")
    player_button(hark, "Pause", timeout=20)
    hark.find("label", "Chapter 1 of 3", timeout=10)
    assert visible(hark, "label", "Chapter 1"), "the Player page names the chapter"
    assert not visible(hark, "label", "No Chapters")
    hark.screenshot("player-virtual-chapter")

    # The Book page follows the playing book: no "Not started" once it plays,
    # and the place is the time into the named chapter (however far a loaded
    # machine let it play: chapter 1 is 30 minutes long).
    hark.key("alt+2")
    hark.wait_for_page("Book")
    if not hark.wait_until(lambda: labels_starting(hark, "Now at Chapter 1 · "), timeout=15, fail=False):
        hark.screenshot("book-not-following")
        raise AssertionError(f"the Book page says {labels_starting(hark, 'Now') or labels_starting(hark, 'Resume') or labels_starting(hark, 'Not')}")
    assert not visible(hark, "label", "Not started")
    hark.screenshot("book-follows-player")
    hark.resize(360, 720)
    hark.screenshot("book-follows-player-phone")
