// The seam through which every string a listener reads is translated.
//
// HarkCore imports only Foundation, so it cannot call gettext itself: App
// installs a `Translator` backed by gettext at start-up, before any view or
// selector runs; until then (and in the core's tests) strings stay as written.
// `scripts/update-po` finds the strings by these functions' names, so a
// marked string is one literal (no `\(…)` interpolation, no `"""`): values go
// in with `String(format:)` and positional `%1$@` where a translation may
// reorder them.
import Foundation

/// How strings are translated: plain, plural by a count, and in a context
/// that tells translators which meaning of a short string is meant.
public struct Translator: Sendable {
  public var text: @Sendable (String) -> String
  public var plural: @Sendable (_ singular: String, _ plural: String, _ count: Int) -> String
  public var inContext: @Sendable (_ context: String, _ text: String) -> String

  public init(
    text: @escaping @Sendable (String) -> String,
    plural: @escaping @Sendable (String, String, Int) -> String,
    inContext: @escaping @Sendable (String, String) -> String
  ) {
    self.text = text
    self.plural = plural
    self.inContext = inContext
  }

  /// English as written, with English plural rules.
  public static let untranslated = Translator(
    text: { $0 }, plural: { singular, plural, count in count == 1 ? singular : plural },
    inContext: { _, text in text })
}

/// The translator in use; App installs gettext's once at start-up.
public enum Translation {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var installed = Translator.untranslated

  public static func install(_ translator: Translator) {
    lock.withLock { installed = translator }
  }

  static var current: Translator { lock.withLock { installed } }
}

/// `text` in the listener's language (gettext's `_()`).
public func tr(_ text: String) -> String {
  Translation.current.text(text)
}

/// The form of `singular`/`plural` for `count` in the listener's language
/// (gettext's `ngettext`), still a format: pass the count to
/// `String(format:)`, e.g. `String(format: trPlural("%d book", "%d books", n), n)`.
public func trPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
  Translation.current.plural(singular, plural, count)
}

/// `text` as meant in `context` (gettext's `pgettext`), for short strings
/// with more than one meaning, such as "Play" the verb on a button.
public func trContext(_ context: String, _ text: String) -> String {
  Translation.current.inContext(context, text)
}

/// Marks `text` for the template and hands it back as written: for a text
/// that also serves as a key (compared, or stored), translated with `tr`
/// where it is shown (gettext's `N_`/`gettext_noop`).
public func trNoop(_ text: String) -> String {
  text
}

/// `tr(format)` with `arguments` put in (`%@` for text, `%d` for whole
/// numbers, `%1$@`… where a translation may reorder them).
public func trFormat(_ format: String, _ arguments: any CVarArg...) -> String {
  String(format: Translation.current.text(format), arguments: arguments)
}
