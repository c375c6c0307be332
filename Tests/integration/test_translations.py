"""Hark speaks the listener's language (issue 14): a catalog built now from
po/hark.pot, every message wrapped in ⟦…⟧, installed where Hark looks for
catalogs (a data folder, or share/locale beside an installed binary), and Hark started in a test
language. Only C, C.UTF-8 and POSIX locales exist here: glibc ignores
LANGUAGE when the locale is "C" or "POSIX", not with C.UTF-8, so
LANG=C.UTF-8 LANGUAGE=en@hark-test selects the catalog, and the window's
texts (page tabs, an empty state, an accessible name, a plural form) must
come out wrapped."""
import os
import shutil
import subprocess

import pytest

from conftest import REPO

LANGUAGE = "en@hark-test"


def wrapped(text):
    return f"⟦{text}⟧"


def build_catalog(folder, share):
    """en.po from the template (msginit copies English msgids into msgstrs),
    each msgstr wrapped by msgfilter, compiled by msgfmt into
    SHARE/locale/LANGUAGE/LC_MESSAGES/hark.mo."""
    english, test = folder / "en.po", folder / "test.po"
    subprocess.run(["msginit", "--no-translator", "--locale=en", "-i", os.path.join(REPO, "po", "hark.pot"),
                    "-o", english], check=True, capture_output=True)
    subprocess.run(["msgfilter", "--keep-header", "-i", english, "-o", test,
                    "sed", "-e", "1s/^/⟦/", "-e", "$s/$/⟧/"], check=True)
    catalog = share / "locale" / LANGUAGE / "LC_MESSAGES" / "hark.mo"
    catalog.parent.mkdir(parents=True)
    subprocess.run(["msgfmt", "--check", "-o", catalog, test], check=True)


@pytest.fixture(params=["data-folder", "installed"])
def hark_in_test_language(request, accessibility_bus, keyring, tmp_path, monkeypatch):
    """The catalog where Hark finds it: in a data folder (the private home's,
    as the build tree's .build/prefix/share is through XDG_DATA_DIRS), or
    installed beside the binary, PREFIX/bin/hark and PREFIX/share/locale, as
    scripts/install and the Flatpak (/app) lay Hark out."""
    from conftest import _run_hark
    from hark_ui import HarkDriver
    env = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": LANGUAGE}  # empty = unset
    if request.param == "installed":
        prefix = tmp_path / "prefix"
        build_catalog(tmp_path, prefix / "share")
        binary = os.environ.get("HARK_BINARY") or os.path.join(REPO, ".build", "debug", "hark")
        (prefix / "bin").mkdir()
        shutil.copy2(binary, prefix / "bin" / "hark")  # a copy: a link would resolve to the build tree
        monkeypatch.setenv("HARK_BINARY", str(prefix / "bin" / "hark"))
    else:
        build_catalog(tmp_path, tmp_path / "data")
    monkeypatch.setattr(HarkDriver, "library_tab", wrapped("Library"))
    yield from _run_hark(tmp_path, env)


def test_the_window_shows_hark_in_the_listeners_language(hark_in_test_language):
    hark = hark_in_test_language
    for page in ("Library", "Book", "Player", "Downloads"):
        hark.find("page tab", wrapped(page), timeout=10)
    hark.find("label", wrapped("No Audiobooks Yet"))  # HarkCore's empty state, through the seam
    hark.find("panel", wrapped("Mini Player"))  # an accessible name set in Views
    # A plural form: msgstr[1] of "Skip Back %d Second(s)" with the setting's 15.
    hark.find("push button", wrapped("Skip Back 15 Seconds"))
    assert not hark.find_shown("push button", "Skip Back 15 Seconds"), "an English name is left"
    hark.screenshot("translated-library")
