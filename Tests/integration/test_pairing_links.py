"""Pairing links: passed on the command line, or handed by the desktop to
the running Hark (GApplication `open`), they sign in without typing."""
import json
import subprocess
import urllib.parse
import urllib.request

INVITE = "9M4K-P2TQ-WX7V-3RHD"


def pairing_token(audiosilo):
    request = urllib.request.Request(
        audiosilo.base + "/api/v1/auth/redeem", data=json.dumps({"code": INVITE}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)["pairing_token"]


def app_link(audiosilo):
    query = urllib.parse.urlencode({"server": audiosilo.base, "token": pairing_token(audiosilo)})
    return f"audiosilo://connect?{query}"


def test_link_on_the_command_line_signs_in(hark, audiosilo):
    link = app_link(audiosilo)
    hark.stop()
    hark.start(link)
    hark.find("label", "Audiobooks", timeout=20)
    assert audiosilo.call("GET", "/state")["sessions"][0]["username"] == "listener"


def test_link_opened_while_running_goes_to_the_running_hark(hark, audiosilo):
    web_link = f"{audiosilo.base}/web/connect?token={pairing_token(audiosilo)}"
    # A second launch hands the link over to the running instance and exits.
    second = subprocess.run([hark.binary, web_link], env=hark.env, capture_output=True, text=True, timeout=20)
    assert second.returncode == 0, second.stderr
    hark.find("label", "Audiobooks", timeout=20)
    assert hark.process.poll() is None, "the first Hark must still be the one running"
