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

  // Untranslated, gettext hands back the very pointer it was given: the C
  // copy Swift made of `msgid` for the call, gone once the call returns. So
  // the lookups keep that copy alive while reading the answer, and an answer
  // that is the argument itself means "as written".
  public static func text(_ msgid: String, domain: String) -> String {
    msgid.withCString { id in
      guard let found = dgettext(domain, id), UnsafePointer(found) != id else { return msgid }
      return String(cString: found)
    }
  }

  public static func plural(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
    let english = count == 1 ? singular : plural
    return singular.withCString { one in
      plural.withCString { many in
        // gettext takes an unsigned long; a negative count has no plural form.
        let found = UnsafePointer(dngettext(domain, one, many, UInt(max(0, count))))
        guard let found, found != one, found != many else { return english }
        return String(cString: found)
      }
    }
  }

  /// `pgettext`: the catalog keys a string with a context as
  /// "context\u{4}text"; untranslated, the text alone is the answer.
  public static func inContext(_ context: String, _ msgid: String, domain: String) -> String {
    let key = context + "\u{4}" + msgid
    let found = text(key, domain: domain)
    return found == key ? msgid : found
  }
}
