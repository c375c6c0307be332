"""scripts/install-resources installs what po/ holds (issue 14): each
language of po/LINGUAS as share/locale/LANG/LC_MESSAGES/hark.mo, and its
translations merged into the desktop file and the metainfo by msgfmt. Run
on a copy of the scripts, resources and po/ with a test language added
(Hark ships none yet); no window needed."""
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
APP_ID = "dev.hark.Hark"


def test_install_resources_installs_each_language_and_merges_it_into_the_desktop_files(tmp_path):
    tree = tmp_path / "tree"
    for folder in ("scripts", "resources", "po"):
        shutil.copytree(ROOT / folder, tree / folder)
    po = tree / "po"
    subprocess.run(["msginit", "--no-translator", "--locale=en", "-i", po / "hark.pot", "-o", po / "en.po"],
                   check=True, capture_output=True)
    subprocess.run(["msgfilter", "--keep-header", "-i", po / "en.po", "-o", po / "xx.po",
                    "sed", "-e", "1s/^/⟦/", "-e", "$s/$/⟧/"], check=True)
    (po / "en.po").unlink()
    with open(po / "LINGUAS", "a") as linguas:
        linguas.write("xx\n")
    prefix = tmp_path / "prefix"
    subprocess.run([tree / "scripts" / "install-resources", prefix], check=True)
    share = prefix / "share"
    assert (share / "locale" / "xx" / "LC_MESSAGES" / "hark.mo").is_file()
    desktop = (share / "applications" / f"{APP_ID}.desktop").read_text()
    assert "Name=Hark\n" in desktop and "Name[xx]=⟦Hark⟧\n" in desktop
    assert "Comment[xx]=⟦Listen to audiobooks from your AudioSilo server or a local folder⟧\n" in desktop
    metainfo = (share / "metainfo" / f"{APP_ID}.metainfo.xml").read_text()
    assert '<summary xml:lang="xx">⟦Listen to your audiobooks⟧</summary>' in metainfo
    subprocess.run(["desktop-file-validate", share / "applications" / f"{APP_ID}.desktop"], check=True)
