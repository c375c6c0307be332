"""GNOME Shell's search asks Hark (org.gnome.Shell.SearchProvider2) as the
Activities overview would: a title typed there finds the book on the
signed-in server, with its author, and picking it resumes the book."""
from gi.repository import Gio, GLib

from test_media_controls import MediaControls
from test_sign_in import sign_in_with_invite

PROVIDER = ("dev.hark.Hark", "/dev/hark/Hark/SearchProvider", "org.gnome.Shell.SearchProvider2")


def ask(bus, method, parameters, reply_type):
    reply = bus.call_sync(*PROVIDER, method, parameters, GLib.VariantType(reply_type) if reply_type else None,
                          Gio.DBusCallFlags.NONE, 15000, None)
    return reply.unpack()[0] if reply_type else None


def test_the_shells_search_finds_a_book_and_picking_it_resumes_it(hark, audiosilo):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)

    ids = ask(bus, "GetInitialResultSet", GLib.Variant("(as)", (["clockwork"],)), "(as)")
    metas = ask(bus, "GetResultMetas", GLib.Variant("(as)", (ids,)), "(aa{sv})")
    assert [m["name"] for m in metas] == ["A Clockwork Orchard"]
    assert metas[0]["description"].startswith("Theodore Quill · ")
    narrowed = ask(bus, "GetSubsearchResultSet", GLib.Variant("(asas)", (ids, ["clockwork", "orchard"])), "(as)")
    assert narrowed == ids
    assert ask(bus, "GetInitialResultSet", GLib.Variant("(as)", (["zzzz-no-such-book"],)), "(as)") == []

    controls = MediaControls()
    ask(bus, "ActivateResult", GLib.Variant("(sasu)", (ids[0], ["clockwork"], 0)), None)
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Playing", timeout=20)
    assert controls.get("Metadata")["xesam:album"] == "A Clockwork Orchard"
    hark.screenshot("shell-search-resumed")
