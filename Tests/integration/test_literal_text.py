"""A server's strings reach the screen as written (issue 21, items 1 and 2):
names, titles and error texts that look like Pango markup are shown
literally, valid markup and broken markup alike, and GTK never has to
complain about markup it could not parse. Through the real window, against
a misbehaving server (a rewriting proxy) in front of the test server."""
import pytest

from misbehaving_server import MisbehavingServer
from test_browse import list_items, open_row
from test_sign_in import open_servers_preferences, sign_in_with_invite

# Valid markup: before the fix it filled the Library page with a huge red X.
BIG_RED_NAME = '<span size="40000" foreground="red">X</span>'
# Invalid markup (a bare "&", an unclosed tag): it blanked the title and
# printed "Gtk-WARNING … Failed to set text … from markup".
BROKEN_NAME = "Tom & Jerry <b>Books"
BOOK = "Theodore Quill/A Clockwork Orchard"
BOOK_TITLE = "<i>Clockwork</i> & <b>Orchard"
BIG_ERROR = '<span size="40000">BIG</span>'
BROKEN_ERROR = "<b>unclosed & broken"


def hark_output(hark):
    hark.log.flush()
    with open(hark.log.name) as log:
        return log.read()


def assert_no_markup_warnings(hark):
    output = hark_output(hark)
    assert "Gtk-WARNING" not in output and "Failed to set text" not in output, output


def renamed_library(answer, _query):
    return {**answer, "libraries": [{**library, "name": BROKEN_NAME} if library["id"] == 1 else library
                                    for library in answer["libraries"]]}


def retitled_entries(answer, _query):
    entries = [{**entry, "title": BOOK_TITLE} if entry.get("path") == BOOK else entry
               for entry in answer.get("entries") or []]
    return {**answer, "entries": entries}


def retitled_book(answer, query):
    return {**answer, "title": BOOK_TITLE} if query.get("path") == BOOK else answer


def series_with_markup(answer, query):
    """The community metadata with a series rail ("More in …", a group
    title, listing the work after this one) and a character whose names
    look like markup."""
    if query.get("path") != BOOK:
        return answer
    work = answer["work"]
    characters = [{**work["characters"][0], "name": BROKEN_NAME}] + work["characters"][1:]
    rail = {"id": "s-1", "name": BIG_RED_NAME, "position": "1",
            "works": [{"id": work["id"], "title": BOOK_TITLE, "position": "1"},
                      {"id": "w-sequel", "title": BROKEN_NAME, "position": "2"}]}
    return {**answer, "work": {**work, "characters": characters}, "series": [rail]}


@pytest.mark.long
def test_names_and_titles_that_look_like_markup_are_shown_as_written(hark, audiosilo):
    proxy = MisbehavingServer(audiosilo.base)
    try:
        proxy.rewrite("/api/v1/server", lambda server, _: {**server, "name": BIG_RED_NAME})
        proxy.rewrite("/api/v1/libraries", renamed_library)
        proxy.rewrite("/api/v1/libraries/1/fs", retitled_entries)
        proxy.rewrite("/api/v1/libraries/1/item", retitled_book)
        proxy.rewrite("/api/v1/libraries/1/meta", series_with_markup)
        sign_in_with_invite(hark, proxy)
        # The Library page: the server's group title and its library's row.
        hark.find("label", BIG_RED_NAME, timeout=15)
        hark.find("label", BROKEN_NAME, timeout=10)
        hark.screenshot("literal-server-name")

        # A book title in a folder's rows and on its Book page.
        hark.click_at(hark.find("list item", BROKEN_NAME))
        open_row(hark, "Folder contents", "Theodore Quill")
        hark.wait_until(lambda: any(n.startswith(BOOK_TITLE) for n in list_items(hark, "Folder contents")),
                        timeout=15)
        open_row(hark, "Folder contents", BOOK_TITLE)
        hark.wait_for_page("Book")
        hark.find("label", BOOK_TITLE, timeout=15)
        hark.screenshot("literal-book-title")
        # The community metadata: a character's row and the series group.
        hark.scroll(10)
        hark.find("label", BROKEN_NAME, timeout=10)
        hark.screenshot("literal-book-character")
        hark.scroll(6)
        hark.find("label", f"More in {BIG_RED_NAME}", timeout=10)
        hark.screenshot("literal-book-series")

        # Preferences → Servers: the API keys group is titled with the name.
        preferences = open_servers_preferences(hark)
        hark.find("label", f"API Keys for {BIG_RED_NAME}", root=preferences, timeout=10)
        hark.screenshot("literal-api-keys-title", window_id=hark.x_window("Preferences"))
        assert_no_markup_warnings(hark)
    finally:
        proxy.stop()


def test_error_texts_that_look_like_markup_are_shown_as_written(hark, audiosilo):
    proxy = MisbehavingServer(audiosilo.base)
    try:
        proxy.rewrite("/api/v1/server", lambda server, _: {**server, "name": BROKEN_NAME})
        proxy.fail("/api/v1/libraries/1/fs", 500, {"error": BIG_ERROR})
        proxy.fail("/api/v1/search", 500, {"error": BROKEN_ERROR})
        sign_in_with_invite(hark, proxy)
        hark.find("label", BROKEN_NAME, timeout=15)

        # A folder that fails: its status page gives the server's words.
        hark.click_at(hark.find("list item", "Audiobooks", timeout=10))
        hark.find("label", "Could Not Open This Folder", timeout=15)
        hark.find("label", f"The server ran into a problem ({BIG_ERROR}). Try again later.", timeout=5)
        hark.screenshot("literal-folder-error")

        # A search that fails: the same through the search results.
        hark.key("ctrl+f")
        hark.find("entry", "Search", timeout=5).queryEditableText().setTextContents("tide")
        hark.find("label", "Search Failed", timeout=15)
        hark.find("label", f"The server ran into a problem ({BROKEN_ERROR}). Try again later.", timeout=5)
        hark.screenshot("literal-search-error")
        assert_no_markup_warnings(hark)
    finally:
        proxy.stop()
