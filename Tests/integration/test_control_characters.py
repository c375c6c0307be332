"""Control characters in a server's text (issue 21, item 6), through the
real window against a misbehaving server (a rewriting proxy): GTK reads
strings as C strings, so two folders named "Lib\\0…" both read "Lib"; now a
NUL shows as U+FFFD and the rows stay apart. A right-to-left override in a
name stays inside the name instead of reversing the rest of its row."""
from misbehaving_server import MisbehavingServer
from test_browse import list_items, open_row
from test_sign_in import sign_in_with_invite

RENAMED = {"Beatrix Fenwick": "Lib\0 Beatrix", "Casimir Lindqvist": "Lib\0 Casimir"}
OVERRIDING_NAME = "\u202eevil Books"


def renamed_folders(answer, query):
    if query.get("path", "") != "":
        return answer
    entries = [{**entry, "name": RENAMED.get(entry.get("name"), entry.get("name"))}
               for entry in answer.get("entries") or []]
    return {**answer, "entries": entries}


def test_names_that_differ_after_a_nul_are_told_apart(hark, audiosilo):
    proxy = MisbehavingServer(audiosilo.base)
    try:
        proxy.rewrite("/api/v1/libraries/1/fs", renamed_folders)
        sign_in_with_invite(hark, proxy)
        hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
        shown = ["Lib\ufffd Beatrix", "Lib\ufffd Casimir"]
        if not hark.wait_until(lambda: all(name in list_items(hark, "Folder contents") for name in shown),
                               timeout=15, fail=False):
            raise AssertionError(f"rows: {list(list_items(hark, 'Folder contents'))}")
        hark.screenshot("control-characters-nul-names")
        # Each row still opens its own folder.
        open_row(hark, "Folder contents", "Lib\ufffd Casimir")
        hark.wait_until(lambda: any(n.startswith("Songs of the Northern Rail")
                                    for n in list_items(hark, "Folder contents")), timeout=15)
    finally:
        proxy.stop()


def test_a_right_to_left_override_stays_inside_its_name(hark, audiosilo):
    proxy = MisbehavingServer(audiosilo.base)
    try:
        proxy.rewrite("/api/v1/server", lambda server, _: {**server, "name": OVERRIDING_NAME})
        sign_in_with_invite(hark, proxy)
        # Isolated, the name's override ends with it: " · Audiobooks" after
        # it in the Recently Added rows reads as written, not "skoobiduA".
        isolated = f"\u2068{OVERRIDING_NAME}\u2069 · Audiobooks"
        if not hark.wait_until(lambda: any(isolated in (label.name or "") for label in _labels(hark)),
                               timeout=15, fail=False):
            hark.screenshot("control-characters-override-failed")
            raise AssertionError("no row shows the server's name isolated")
        hark.screenshot("control-characters-isolated-name")
    finally:
        proxy.stop()


def _labels(hark):
    from hark_ui import sized_descendants
    return [a for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "label") if hark.on_screen(a)]
