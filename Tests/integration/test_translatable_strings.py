"""Every string a listener reads goes through gettext (issue 14): a text
literal in Views or App (and the HarkCore files that build texts for them)
is passed to `tr`, `trFormat`, `trPlural` or `trContext`
(Sources/HarkCore/Localization/Translation.swift), so scripts/update-po puts
it in po/hark.pot. Each offender is listed as file:line.

"Text" is a literal that reads as words: a capital then a small letter
("Play", "_Cancel"), two words ("and \\(n) more"), or an ellipsis. A lone
small word ("listened") is not told from an id: mark those by eye. Ids, CSS classes, icon,
signal and action names are lower-case single words and never match; the
few texts that are not for a listener are allowed below, by call or by
literal, each with its reason.

No window needed: it reads the sources.
"""
import pathlib
import re

from swift_literals import literals

ROOT = pathlib.Path(__file__).resolve().parents[2]
# HarkCore's files that build texts for the views (selectors, formats,
# messages); the rest of the core holds no text a listener reads.
SCANNED = [ROOT / "Sources" / "Views", ROOT / "Sources" / "App"] + [
    # Player's texts that reach the screen: why sound or a file cannot play.
    ROOT / "Sources" / "Player" / path for path in (
        "Discovery.swift",
        "EngineErrorText.swift",
        "GStreamerRuntime.swift",
        "PlaybinPipeline.swift",
        "TrackInspector.swift",
        "LocalScan/LocalTrackReader.swift",
    )] + [
    ROOT / "Sources" / "HarkCore" / path for path in (
        "Browse/BookExtrasSelector.swift",
        "Browse/BookList.swift",
        "Browse/BookPageSelector.swift",
        "Browse/Home.swift",
        "Browse/NeedsServer.swift",
        "Browse/Offline.swift",
        "Browse/Search.swift",
        "LocalLibrary/LocalLibraryOffer.swift",
        "Desktop/MediaPlayerSelector.swift",
        "Downloads/DownloadFailure.swift",
        "Downloads/DownloadsSelector.swift",
        "Library/BookFormat.swift",
        "Library/ChapterNames.swift",
        "Library/RelativeTime.swift",
        "LocalLibrary/LibraryFoldersSelector.swift",
        "Player/BookmarkNotice.swift",
        "Player/PlayerPageSelector.swift",
        "Player/SleepChoices.swift",
        "Player/UpNext.swift",
        "Secrets/KeyringProblem.swift",
        "SeekBar/SeekBarDisplay.swift",
        "Selectors/BannerSelector.swift",
        "Selectors/EmptyState.swift",
        "Selectors/LibraryOverviewSelector.swift",
        "Selectors/MiniPlayer.swift",
        "Selectors/SignInSelector.swift",
        "Selectors/SignInStorageSelector.swift",
        "State/Page.swift",
        "API/Client/APIError.swift",
        "Connections/ConnectionsReducer.swift",
        "Downloads/DownloadsReducer.swift",
        "LocalLibrary/LocalFiles.swift",
        "LocalLibrary/LocalSource.swift",
        "LocalLibrary/CueSheet.swift",
        "Secrets/SecretStore.swift",
        "Secrets/SecretAccount.swift",
    )]

LOOKS_LIKE_TEXT = re.compile(r"^_?[A-Z][a-z]|[A-Za-z][ ,%·]+[A-Za-z]{2}|…")
MARKING = {"tr", "trFormat", "trPlural", "trContext", "trNoop"}

# Calls whose text arguments no listener reads in Hark's window.
NOT_FOR_LISTENERS = {
    "printToStandardError": "log lines stay in English for bug reports",
    "print": "log lines",
    "gtk_shortcut_trigger_parse_string": "key names (\"Escape\", \"<Control>w\")",
    "g_dbus_connection_call": "D-Bus method and interface names",
    "g_dbus_method_invocation_return_dbus_error": "D-Bus error names and messages for programs",
    "g_application_add_main_option": "command-line option help, read in a terminal",
}

# Single literals that stay as written, by file.
ALLOWED = {
    ("Sources/Views/MainWindow.swift", "Hark"): "the app's name",
    ("Sources/Player/EngineErrorText.swift", "Unauthorized"): "matched in GStreamer's HTTP error",
    ("Sources/Player/EngineErrorText.swift", "Forbidden"): "matched in GStreamer's HTTP error",
    ("Sources/Player/TrackInspector.swift", "No valid"): "matched in GstDiscoverer's error",
    ("Sources/Player/TrackInspector.swift", "not determine type"): "matched in GstDiscoverer's error",
    ("Sources/Views/AboutWindow.swift", "Hark"): "the app's name",
    ("Sources/App/MediaPlayerService.swift", "Hark"): "MPRIS Identity, the app's name",
    ("Sources/App/HarkApplication.swift", "Hark/\\(…)"): "the HTTP User-Agent",
    ("Sources/App/DeviceName.swift", "Hark on \\(…)"): "the device's name kept by the server, matched as sent",
    ("Sources/Views/PlaybackShortcuts.swift", "Left"): "a key name",
    ("Sources/Views/PlaybackShortcuts.swift", "Right"): "a key name",
    ("Sources/Views/ShortcutsWindow.swift", "Left"): "a key name",
    ("Sources/Views/ShortcutsWindow.swift", "Right"): "a key name",
    ("Sources/App/HarkApplication.swift", "Back"): "a key name",
    ("Sources/Views/SignIn/AddServerWindow.swift", "Escape"): "a key name",
    ("Sources/HarkCore/Desktop/MediaPlayerSelector.swift", "Playing"): "an MPRIS PlaybackStatus value",
    ("Sources/HarkCore/Desktop/MediaPlayerSelector.swift", "Paused"): "an MPRIS PlaybackStatus value",
    ("Sources/HarkCore/Desktop/MediaPlayerSelector.swift", "Stopped"): "an MPRIS PlaybackStatus value",
    ("Sources/HarkCore/API/Client/APIError.swift", "Request failed"): "the server's words when it gave none",
    ("Sources/HarkCore/API/Client/APIError.swift", "…"): "the mark of a server message cut short",
    ("Sources/HarkCore/API/Client/APIError.swift", "timed out"): "log detail (`description`)",
    ("Sources/HarkCore/API/Client/APIError.swift", "certificate rejected: \\(…)"): "log detail",
    ("Sources/HarkCore/API/Client/APIError.swift", "invalid response: \\(…)"): "log detail",
    ("Sources/HarkCore/API/Client/APIError.swift", "a different server answers: \\(…)"): "log detail",
    ("Sources/HarkCore/API/Client/APIError.swift", "request not sent: \\(…)"): "log detail",
    ("Sources/Views/ShortcutsWindow.swift", "&lt;ctrl&gt;f slash"): "key names",
    ("Sources/Views/ShortcutsWindow.swift", "&lt;alt&gt;Left Escape"): "key names",
}
# D-Bus members (MPRIS, GNOME Shell's search provider) are names for programs.
DBUS_FILES = {"Sources/App/MediaPlayerService.swift", "Sources/App/SearchProviderService.swift"}
DBUS_MEMBER = re.compile(r"^[A-Z][a-z]+([A-Z][a-z]*)*$")
# Two capitalised words run together ("PlaybackStatus") name code, not text.
IDENTIFIER = re.compile(r"^[A-Z][a-z]+([A-Z][a-z]*)+$")
# GtkBuilder and D-Bus introspection XML (their texts come in marked, as
# \(…)) and CSS.
XML_OR_CSS = re.compile(r"^\s*(<|\S[^\n]*\{)")


def offenders():
    found = []
    for folder in SCANNED:
        for source in sorted(folder.rglob("*.swift") if folder.is_dir() else [folder]):
            name = str(source.relative_to(ROOT))
            for item in literals(source.read_text()):
                where = f"{name}:{item.line}: {item.text!r}"
                words = re.sub(r"\\\(…\)", "X", item.text)
                if item.call in MARKING and not item.in_interpolation:
                    if item.interpolated or item.multiline:
                        found.append(f"{where}: xgettext cannot read a marked \\(…) or \"\"\" literal; use trFormat")
                elif item.in_interpolation and item.text.startswith("tr…("):
                    found.append(f"{where}: xgettext does not see a tr…(…) inside \\(…); mark it outside the literal")
                elif (LOOKS_LIKE_TEXT.search(words) and item.call.split(".")[-1] not in NOT_FOR_LISTENERS
                      and (name, item.text) not in ALLOWED and not IDENTIFIER.match(item.text)
                      and not (item.multiline and XML_OR_CSS.match(item.text))
                      and not (name in DBUS_FILES and DBUS_MEMBER.match(item.text))):
                    found.append(f"{where}: not marked for translation")
    return found


def test_every_text_a_listener_reads_is_marked_for_translation():
    problems = offenders()
    assert problems == [], f"{len(problems)} strings:\n" + "\n".join(problems)
