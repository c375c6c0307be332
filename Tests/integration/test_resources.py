"""Checks for Hark's desktop integration files in resources/ and the scripts
that install them.

Run: /usr/bin/python3 -m pytest Tests/integration/test_resources.py
Needs: desktop-file-utils, appstream, libglib2.0-bin, librsvg2-bin.
"""

import configparser
import os
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

APP_ID = "dev.hark.Hark"
ROOT = Path(__file__).resolve().parents[2]
RES = ROOT / "resources"
DESKTOP = RES / f"{APP_ID}.desktop"
METAINFO = RES / f"{APP_ID}.metainfo.xml"
SCHEMA = RES / f"{APP_ID}.gschema.xml"
ICON = RES / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg"
SYMBOLIC = RES / "icons/hicolor/symbolic/apps" / f"{APP_ID}-symbolic.svg"
INSTALL = ROOT / "scripts/install-resources"
COMPILE = ROOT / "scripts/compile-schemas"

# key -> (type, default as gsettings prints it, range as gsettings prints it)
KEYS = {
    "skip-back-seconds": ("i", "15", "range i 5 120"),
    "skip-forward-seconds": ("i", "30", "range i 5 120"),
    "auto-rewind-seconds": ("i", "5", "range i 0 30"),
    "virtual-chapter-minutes": ("i", "30", "range i 5 120"),
    "default-speed": ("d", "1.0", "range d 0.5 3.0"),
    "window-width": ("i", "960", "type i"),
    "window-height": ("i", "720", "type i"),
    "window-maximized": ("b", "false", "type b"),
    "keep-sign-in-in-file": ("b", "false", "type b"),
    "play-next-book": ("b", "false", "type b"),
    "play-in-background": ("b", "true", "type b"),
    "book-layout": ("s", "'grid'", "enum 'grid' 'list'"),
    "simultaneous-downloads": ("i", "1", "range i 1 3"),
    "download-on-metered": ("b", "false", "type b"),
    "downloads-folder": ("s", "''", "type s"),
    "library-folders": ("as", "@as []", "type as"),
}

TOOLS = {
    "desktop-file-validate": "desktop-file-utils",
    "appstreamcli": "appstream",
    "glib-compile-schemas": "libglib2.0-bin",
    "gsettings": "libglib2.0-bin",
    "rsvg-convert": "librsvg2-bin",
}


def run(*args, env=None, check=True):
    tool = str(args[0])
    if os.sep not in tool and shutil.which(tool) is None:
        pytest.fail(f"{tool} is missing: apt-get install {TOOLS.get(tool, tool)}")
    result = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, env=env
    )
    if check and result.returncode != 0:
        pytest.fail(
            f"{' '.join(map(str, args))} exited {result.returncode}\n"
            f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
        )
    return result


def png_size(path):
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def desktop_entry():
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def gsettings(schemadir, *args):
    env = dict(os.environ, GSETTINGS_BACKEND="memory")
    env.pop("GSETTINGS_SCHEMA_DIR", None)
    return run("gsettings", "--schemadir", schemadir, *args, env=env).stdout.strip()


@pytest.fixture(scope="module")
def compiled_schemas(tmp_path_factory):
    out = tmp_path_factory.mktemp("schemas")
    run("glib-compile-schemas", "--strict", f"--targetdir={out}", RES)
    assert (out / "gschemas.compiled").is_file()
    return out


# Desktop file


def test_desktop_file_validates_silently():
    result = run("desktop-file-validate", DESKTOP, check=False)
    assert result.returncode == 0
    assert result.stdout == "" and result.stderr == "", result.stdout + result.stderr


def test_desktop_file_entries():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Hark"
    assert entry["GenericName"] == "Audiobook Player"
    assert entry["Exec"] == "hark %U"
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert entry["StartupNotify"] == "true"
    assert entry["Categories"] == "AudioVideo;Audio;Player;GTK;GNOME;"
    keywords = entry["Keywords"].split(";")
    for word in ("audiobook", "book", "listen", "audiosilo"):
        assert word in keywords
    # Hark is the desktop's handler for AudioSilo pairing links.
    assert entry["MimeType"] == "x-scheme-handler/audiosilo;"


# AppStream metainfo


def test_metainfo_validates():
    result = run("appstreamcli", "validate", "--no-net", METAINFO, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    issues = [l for l in output.splitlines() if l.startswith(("E:", "W:"))]
    assert issues == [], output


def test_metainfo_agrees_with_desktop_file():
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    launchable = root.find("launchable")
    assert launchable.get("type") == "desktop-id"
    assert launchable.text == DESKTOP.name
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "GPL-3.0-or-later"
    assert root.findtext("provides/binary") == desktop_entry()["Exec"].split()[0]
    assert root.findtext("name") == desktop_entry()["Name"]
    assert root.find("content_rating").get("type") == "oars-1.1"
    # The newest release named is the version the app says it is.
    release = root.find("releases/release")
    app_version = re.search(r'static let version = "([^"]+)"',
                            (ROOT / "Sources" / "App" / "HarkApplication.swift").read_text()).group(1)
    assert release.get("version") == app_version and re.fullmatch(r"\d{4}-\d\d-\d\d", release.get("date"))
    length = root.find("requires/display_length")
    assert (length.get("compare"), length.text) == ("ge", "360")


def test_license_file_present():
    assert "GNU GENERAL PUBLIC LICENSE" in (ROOT / "LICENSE").read_text()


# GSettings schema


def test_schema_source():
    root = ET.parse(SCHEMA).getroot()
    assert root.get("gettext-domain") == "hark"
    schema = root.find("schema")
    assert schema.get("id") == APP_ID
    assert schema.get("path") == "/dev/hark/Hark/"
    keys = {key.get("name"): key for key in schema.findall("key")}
    assert set(keys) == set(KEYS)
    for name, key in keys.items():
        assert key.get("type") == KEYS[name][0], name
        assert (key.findtext("summary") or "").strip(), f"{name} has no summary"
        assert (key.findtext("description") or "").strip(), f"{name} has no description"


def test_schema_compiles_strictly(compiled_schemas):
    assert set(gsettings(compiled_schemas, "list-keys", APP_ID).split()) == set(KEYS)


@pytest.mark.parametrize("key", sorted(KEYS))
def test_schema_key_default_and_range(compiled_schemas, key):
    _, default, key_range = KEYS[key]
    assert gsettings(compiled_schemas, "get", APP_ID, key) == default
    assert " ".join(gsettings(compiled_schemas, "range", APP_ID, key).split()) == key_range


def test_schema_rejects_out_of_range_values(compiled_schemas):
    env = dict(os.environ, GSETTINGS_BACKEND="memory")
    for key, value in (("skip-back-seconds", "4"), ("default-speed", "3.5")):
        result = run(
            "gsettings", "--schemadir", compiled_schemas, "set", APP_ID, key, value,
            env=env, check=False,
        )
        assert result.returncode != 0, f"{key}={value} was accepted"


# Icons


@pytest.mark.parametrize(
    "svg, size", [(ICON, 128), (SYMBOLIC, 16)], ids=["app", "symbolic"]
)
def test_icon_parses_and_renders(tmp_path, svg, size):
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == f"0 0 {size} {size}"
    png = tmp_path / "natural.png"
    run("rsvg-convert", svg, "-o", png)
    assert png_size(png) == (size, size)
    for render in (32, 128):
        png = tmp_path / f"{render}.png"
        run("rsvg-convert", "-w", render, "-h", render, svg, "-o", png)
        assert png_size(png) == (render, render)


def test_symbolic_icon_is_single_colour_fills():
    colours = set()
    for element in ET.parse(SYMBOLIC).getroot().iter():
        # GTK recolours fills only, so a stroke would render wrongly.
        assert element.get("stroke") in (None, "none"), element.tag
        assert "stroke" not in (element.get("style") or "")
        if element.get("fill") not in (None, "none"):
            colours.add(element.get("fill").lower())
    assert colours == {"#2e3436"}


# Scripts


EXPECTED_TREE = {
    f"share/applications/{APP_ID}.desktop": DESKTOP,
    f"share/metainfo/{APP_ID}.metainfo.xml": METAINFO,
    f"share/glib-2.0/schemas/{APP_ID}.gschema.xml": SCHEMA,
    f"share/icons/hicolor/scalable/apps/{APP_ID}.svg": ICON,
    f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg": SYMBOLIC,
    f"share/gnome-shell/search-providers/{APP_ID}.search-provider.ini": RES / f"{APP_ID}.search-provider.ini",
}
# Written for the prefix (it names the prefix's binary), not copied.
SERVICE = f"share/dbus-1/services/{APP_ID}.service"


def test_install_resources(tmp_path):
    prefix = tmp_path / "prefix"
    env = {k: v for k, v in os.environ.items() if k != "DESTDIR"}
    for _ in range(2):  # idempotent
        run(INSTALL, prefix, env=env)
    files = {
        str(p.relative_to(prefix)) for p in prefix.rglob("*") if p.is_file()
    }
    compiled = "share/glib-2.0/schemas/gschemas.compiled"
    assert files == set(EXPECTED_TREE) | {compiled, SERVICE}
    assert (prefix / SERVICE).read_text() == (
        f"[D-BUS Service]\nName={APP_ID}\nExec={prefix}/bin/hark --gapplication-service\n")
    for rel, source in EXPECTED_TREE.items():
        if rel.endswith(".metainfo.xml"):  # through msgfmt --xml, which drops blank lines
            assert [line for line in (prefix / rel).read_text().splitlines() if line.strip()] == \
                [line for line in source.read_text().splitlines() if line.strip()], rel
            continue
        assert (prefix / rel).read_bytes() == source.read_bytes(), rel
    assert gsettings(prefix / "share/glib-2.0/schemas", "get", APP_ID, "skip-back-seconds") == "15"
    run("desktop-file-validate", prefix / f"share/applications/{APP_ID}.desktop")
    run("appstreamcli", "validate-tree", "--no-net", prefix)


def test_install_resources_with_destdir(tmp_path):
    stage = tmp_path / "stage"
    env = dict(os.environ, DESTDIR=str(stage))
    run(INSTALL, "/usr", env=env)
    files = {str(p.relative_to(stage / "usr")) for p in stage.rglob("*") if p.is_file()}
    assert files == set(EXPECTED_TREE) | {SERVICE}
    assert "Exec=/usr/bin/hark --gapplication-service" in (stage / "usr" / SERVICE).read_text()


def test_install_resources_needs_a_prefix():
    assert run(INSTALL, check=False).returncode == 2


def test_compile_schemas(tmp_path):
    out = tmp_path / "build" / "schemas"
    for _ in range(2):  # idempotent, creates OUTDIR
        run(COMPILE, out)
    assert sorted(p.name for p in out.iterdir()) == ["gschemas.compiled"]
    assert gsettings(out, "get", APP_ID, "default-speed") == "1.0"
