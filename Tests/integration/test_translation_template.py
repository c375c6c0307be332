"""po/hark.pot is the template of every marked string as the sources have
them now (issue 14): scripts/update-po regenerates it into a temporary
folder, and its messages (context, text, plural) and po/POTFILES must be
the committed ones. When this fails, run scripts/update-po and commit po/."""
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def messages(pot):
    """{(context, text, plural)} of a .po/.pot file, without its header."""
    found = set()
    for entry in pot.read_text().split("\n\n"):
        fields, current = {}, None
        for line in entry.splitlines():
            keyword = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(\[\d+\])?) ", line)
            if keyword:
                current = keyword.group(1)
                fields[current] = ""
            if current and not line.startswith("#"):
                fields[current] += "".join(STRING.findall(line))
        if fields.get("msgid"):
            found.add((fields.get("msgctxt"), fields["msgid"], fields.get("msgid_plural")))
    return found


def test_the_committed_template_has_every_marked_string_and_no_other(tmp_path):
    subprocess.run([ROOT / "scripts" / "update-po", tmp_path], check=True, cwd=ROOT, timeout=120)
    assert (tmp_path / "POTFILES").read_text() == (ROOT / "po" / "POTFILES").read_text()
    fresh, committed = messages(tmp_path / "hark.pot"), messages(ROOT / "po" / "hark.pot")
    assert len(fresh) > 200, "the template lost its strings?"
    assert sorted(fresh - committed, key=str) == [], "marked in the sources, missing from po/hark.pot"
    assert sorted(committed - fresh, key=str) == [], "in po/hark.pot, no longer in the sources"


def test_every_shipped_translation_is_a_language_in_linguas_that_compiles():
    languages = (ROOT / "po" / "LINGUAS").read_text()
    languages = re.sub(r"#.*", "", languages).split()
    assert sorted(path.stem for path in (ROOT / "po").glob("*.po")) == sorted(languages)
    for language in languages:
        subprocess.run(["msgfmt", "--check", "-o", "/dev/null", ROOT / "po" / f"{language}.po"], check=True)
