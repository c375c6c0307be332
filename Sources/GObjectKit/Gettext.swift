// gettext (glibc's libintl) for Swift: binds a text domain to the folder of
// its compiled catalogs and looks strings up in it. The lookups name the
// domain on each call (`dgettext`), so no other library's `textdomain` can
// take Hark's strings elsewhere.
import CGLib

public enum Gettext {
  /// Takes the locale from the environment (LANG, LC_*, LANGUAGE) and points
  /// `domain` at `localeDirectory`/<lang>/LC_MESSAGES/`domain`.mo, in UTF-8.
  /// Call before the first lookup; GTK's own `setlocale` in `gtk_init` comes
  /// later and changes nothing then.
  public static func start(domain: String, localeDirectory: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(domain, localeDirectory)
    bind_textdomain_codeset(domain, "UTF-8")
    textdomain(domain)
  }

  public static func text(_ msgid: String, domain: String) -> String {
    String(cString: dgettext(domain, msgid))
  }

  public static func plural(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
    // gettext takes an unsigned long; a negative count has no plural form.
    String(cString: dngettext(domain, singular, plural, UInt(max(0, count))))
  }

  /// `pgettext`: the catalog keys a string with a context as
  /// "context\u{4}text"; untranslated, gettext hands the key back and the
  /// text alone is the answer.
  public static func inContext(_ context: String, _ msgid: String, domain: String) -> String {
    let key = context + "\u{4}" + msgid
    let found = String(cString: dgettext(domain, key))
    return found == key ? msgid : found
  }
}
