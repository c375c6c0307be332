"""Searching every server as you type, from Ctrl+F or "/", through the real
window against the test server."""
from test_browse import list_items, open_row
from test_sign_in import sign_in_with_invite


def test_search_as_you_type_and_open_a_result(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    hark.key("ctrl+f")
    entry = hark.find("entry", "Search", timeout=5)
    entry.queryEditableText().setTextContents("tide")
    hark.wait_until(lambda: any(n.startswith("The Last Tide") for n in list_items(hark, "Search results")), timeout=15)
    names = list(list_items(hark, "Search results"))
    assert any(n.startswith("The Tidewater") or "Tide" in n for n in names), names
    hark.screenshot("search-results")
    requests = [r for r in audiosilo.call("GET", "/requests")["requests"] if r["path"] == "/api/v1/search"]
    # The debounce: one request per pause, not one per key.
    assert [r["params"]["q"] for r in requests] == ["tide"], requests

    entry.queryEditableText().setTextContents("zzzz")
    hark.find("label", "No Results", timeout=15)

    entry.queryEditableText().setTextContents("clockwork")
    open_row(hark, "Search results", "A Clockwork Orchard")
    hark.wait_for_page("Book")
    hark.find("label", "A Clockwork Orchard", timeout=15)


def test_slash_opens_search_and_escape_closes_it(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    hark.key("slash")
    hark.find("entry", "Search", timeout=5)
    hark.key("Escape")
    hark.wait_until(lambda: not hark.find_shown("entry", "Search"), timeout=5)
    hark.find("label", "Audiobooks")
