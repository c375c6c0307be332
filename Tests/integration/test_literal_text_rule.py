"""Hark shows every string as written (issue 21): libadwaita 1.2 parses some
labels as Pango markup, so every text for them goes through the setters in
Sources/Views/Support/LiteralText.swift, which escape it or turn markup off.
This check keeps the rule in that one place: a page that calls one of those
libadwaita setters itself would show a server's `<span>` as formatting.

No window needed: it reads the sources.
"""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
THE_ONE_PLACE = ROOT / "Sources" / "Views" / "Support" / "LiteralText.swift"

# Setters whose text libadwaita 1.2 or GTK 4.8 may parse as markup, and the
# switches that turn markup on.
MARKUP_SETTERS = re.compile(r"\b(" + "|".join([
    r"adw_preferences_group_set_(title|description)",
    r"adw_status_page_set_(title|description)",
    r"adw_preferences_row_set_(title|use_markup)",
    r"adw_action_row_set_subtitle",
    r"adw_expander_row_set_subtitle",
    r"adw_toast_(new|set_title)",
    r"adw_message_dialog_set_(heading|body)_use_markup",
    r"gtk_label_set_(markup|markup_with_mnemonic|use_markup)",
    r"gtk_widget_set_tooltip_markup",
]) + r")\b|\"use-markup\"")


def test_markup_taking_setters_are_called_only_from_the_one_place():
    assert THE_ONE_PLACE.exists()
    offenders = []
    for source in sorted((ROOT / "Sources").rglob("*.swift")):
        if source == THE_ONE_PLACE:
            continue
        for number, line in enumerate(source.read_text().splitlines(), 1):
            if MARKUP_SETTERS.search(line) and not line.lstrip().startswith("//"):
                offenders.append(f"{source.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == [], "text set on a markup-parsing widget outside LiteralText.swift:\n" + "\n".join(offenders)
