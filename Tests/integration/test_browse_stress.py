"""A folder of 10,000 books and a book of 5,000 chapters open without
freezing the window, build only the rows on screen, and are read from the
server without ever hitting its rate limit."""
import pytest

from test_browse import list_items, open_row
from test_sign_in import sign_in_with_invite


# GTK 4.8's list view keeps a window of about 200 rows around what is on
# screen (GTK_LIST_VIEW_MAX_LIST_ITEMS), however long the list: bounded,
# not proportional to the folder.
MAX_ROWS = 250


def realized_rows(hark, list_name):
    lists = hark.find_shown("list", list_name)
    return lists[0].childCount


@pytest.mark.long
def test_ten_thousand_books_and_five_thousand_chapters(hark, audiosilo_stress):
    server = audiosilo_stress
    sign_in_with_invite(hark, server)
    hark.click_at(hark.find("list item", "Big Library", timeout=15))
    open_row(hark, "Folder contents", "Wide Shelf")
    # Every page drained, then sorted: the first row is the first by name.
    if not hark.wait_until(
            lambda: next(iter(list_items(hark, "Folder contents")), "").startswith("كتاب الرمال"),
            timeout=30, fail=False):
        hark.screenshot("library-wide-folder-failed")
        raise AssertionError(f"first rows: {list(list_items(hark, 'Folder contents'))[:5]}")
    rows = realized_rows(hark, "Folder contents")
    assert 5 <= rows <= MAX_ROWS, f"{rows} rows built for a folder of 10,000"
    # The window still answers: switch pages and back.
    hark.key("alt+2", "alt+1")
    hark.wait_for_page("Library")
    hark.screenshot("library-wide-folder")

    hark.click(hark.find("push button", "Big Library"))
    open_row(hark, "Folder contents", "Long Chapters")
    open_row(hark, "Folder contents", "The Endless Saga")
    hark.wait_until(lambda: "Chapter 1, 1m" in list_items(hark, "Chapters"), timeout=30)
    rows = realized_rows(hark, "Chapters")
    assert 3 <= rows <= MAX_ROWS, f"{rows} rows built for 5,000 chapters"
    hark.screenshot("book-five-thousand-chapters")

    statuses = [r["status"] for r in server.call("GET", "/requests")["requests"]]
    assert 429 not in statuses, "Hark went over the server's rate limit"
    pages = [r for r in server.call("GET", "/requests")["requests"]
             if r["path"].endswith("/fs") and r["params"].get("path") == "Wide Shelf"]
    assert len(pages) == 10000 // 200, f"{len(pages)} pages for 10,000 entries"
