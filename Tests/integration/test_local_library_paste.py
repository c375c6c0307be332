"""Issue 16, "This Computer": books copied in Files and pasted into Hark
with Ctrl+V (the same offer a drop onto the window makes) ask the
listener's choice — copy into the library folder, or add the folder where
it is — in a dialog used from the keyboard; a copy lands whole (no hidden
partial copy left) and its book appears."""
import os
import pathlib
import shutil
import subprocess
import time

from hark_ui import sized_descendants
from test_local_library import BOOK, set_library_folders


def files_on_clipboard(*paths):
    """As Files' Copy does: the clipboard holds the files as a URI list.
    xclip serves it until stopped."""
    uris = "".join(pathlib.Path(p).as_uri() + "\r\n" for p in paths)
    owner = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-t", "text/uri-list", "-i"],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    owner.stdin.write(uris.encode())
    owner.stdin.close()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        targets = subprocess.run(["xclip", "-o", "-selection", "clipboard", "-t", "TARGETS"],
                                 capture_output=True, text=True).stdout
        if "text/uri-list" in targets:
            return owner
        time.sleep(0.1)
    raise AssertionError("xclip did not take the clipboard")


def response_button(hark, label, timeout=10):
    """A button of the dialog. libadwaita 1.2 names each one with its
    mnemonic label and its text ("_Cancel Cancel"): matched by the start."""
    found = []

    def look():
        found[:] = [a for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "push button" and (
            a.name or "").replace("_", "").startswith(label)) if hark.on_screen(a)]
        return bool(found)
    hark.wait_until(look, timeout=timeout)
    return found[0]


def test_pasted_books_are_copied_or_added_where_they_are(hark, tmp_path):
    folder = tmp_path / "Audiobooks"
    folder.mkdir()
    elsewhere = tmp_path / "Elsewhere"
    shutil.copytree(os.path.join(os.environ["HARK_SAMPLE_LIBRARY"], "Ingrid Marsh"), elsewhere / "Ingrid Marsh")
    hark.stop()
    set_library_folders(hark, [str(folder)])
    hark.start()
    hark.find("label", "No Audiobooks Yet", timeout=15)

    # Copied in Files, pasted here: the choice, by keys alone.
    owner = files_on_clipboard(os.path.join(os.environ["HARK_SAMPLE_LIBRARY"], *BOOK))
    try:
        hark.key("ctrl+v")
        dialog = hark.x_window("Add to Your Library?")
        response_button(hark, "Copy into “Audiobooks”")
        response_button(hark, "Add Where It Is")
        response_button(hark, "Cancel")
        hark.screenshot("local-library-paste-choice", with_popovers=True)
        hark.key("Return", window_id=dialog)  # the suggested answer: copy
        hark.find("label", f"Copied “{BOOK[1]}” into “Audiobooks”", timeout=20)
        hark.find("label", "1 book", timeout=20)
        hark.screenshot("local-library-pasted")
    finally:
        owner.terminate()
    copied = sorted(os.listdir(folder / BOOK[1]))
    assert copied == sorted(os.listdir(os.path.join(os.environ["HARK_SAMPLE_LIBRARY"], *BOOK))), copied
    assert [n for n in os.listdir(folder) if n.startswith(".")] == [], "a partial copy was left behind"

    # A folder added where it is: nothing copied.
    owner = files_on_clipboard(elsewhere)
    try:
        hark.key("ctrl+v")
        hark.click(response_button(hark, "Add Where It Is"))
        hark.find("list item", "Elsewhere", timeout=20)
    finally:
        owner.terminate()
    assert sorted(os.listdir(folder)) == [BOOK[1]]
