"""The Flatpak manifest: valid for flatpak-builder, on the GNOME runtime
with the Swift 6 SDK extension, every Swift package dependency an offline
source pinned to what Package.swift asks for, and a sandbox no wider than
Hark needs. (The GNOME runtime cannot be downloaded here, so the manifest is
not built in this suite.)"""
import json
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MANIFEST = os.path.join(REPO, "flatpak", "dev.hark.Hark.json")
SCHEMA = os.path.join(os.path.dirname(REPO), "shared", "data", "flatpak-manifest.schema.json")


def manifest():
    with open(MANIFEST) as file:
        return json.load(file)


def test_the_manifest_is_what_flatpak_builder_accepts():
    m = manifest()
    if os.path.exists(SCHEMA):
        import jsonschema
        with open(SCHEMA) as file:
            jsonschema.validate(m, json.load(file))
    else:
        print(f"{SCHEMA} is absent: checking the required fields only")
    for field in ("id", "runtime", "runtime-version", "sdk", "command", "modules"):
        assert m.get(field), field
    assert m["id"] == "dev.hark.Hark" and m["command"] == "hark"
    assert (m["runtime"], m["sdk"]) == ("org.gnome.Platform", "org.gnome.Sdk")
    assert m["sdk-extensions"] == ["org.freedesktop.Sdk.Extension.swift6"]
    assert m["build-options"]["append-path"] == "/usr/lib/sdk/swift6/bin"


def test_the_sandbox_is_no_wider_than_hark_needs():
    assert sorted(manifest()["finish-args"]) == sorted([
        "--share=network", "--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri",
        "--socket=pulseaudio", "--own-name=org.mpris.MediaPlayer2.Hark", "--filesystem=xdg-music:ro"])


def test_every_swift_package_is_an_offline_source_at_the_version_package_swift_asks_for():
    with open(os.path.join(REPO, "Package.swift")) as file:
        wanted = dict(re.findall(r'\.package\(url: "([^"]+)", from: "([^"]+)"\)', file.read()))
    assert wanted, "Package.swift names no packages?"
    hark = next(module for module in manifest()["modules"] if module["name"] == "hark")
    git = {source["url"]: source for source in hark["sources"] if source["type"] == "git"}
    assert set(git) == set(wanted)
    commands = "\n".join(hark["build-commands"])
    for url, version in wanted.items():
        assert git[url]["tag"] == version and re.fullmatch(r"[0-9a-f]{40}", git[url]["commit"])
        # SwiftPM fetches it from the source flatpak-builder put beside Hark.
        assert f"--original {url} --mirror \"file://$FLATPAK_BUILDER_BUILDDIR/{git[url]['dest']}\"" in commands
