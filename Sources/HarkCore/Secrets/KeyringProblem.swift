/// Why the desktop keyring cannot keep sign-ins this run, so the banner and
/// Preferences can say what is really missing and how to fix it.
public enum KeyringProblem: Equatable, Sendable {
  /// No Secret Service answers on the session bus.
  case notRunning
  /// A Secret Service runs but has no default keyring (a fresh account, some
  /// non-GNOME desktops), and making one failed or was declined: there was
  /// no prompt to choose its password, or the listener dismissed it.
  case noDefaultKeyring
  /// The keyring answered but refused or failed to store the sign-in.
  case saveFailed

  /// The problem a failed keyring call shows.
  public init(_ error: SecretStoreError) {
    switch error {
    case .noDefaultKeyring: self = .noDefaultKeyring
    case .unavailable: self = .notRunning
    case .failed: self = .saveFailed
    }
  }

  /// The banner's sentence while sign-ins would be forgotten at quit.
  public var banner: String {
    switch self {
    case .notRunning:
      tr(
        "No keyring is running, so you will have to sign in again next time you open Hark. Preferences can keep you signed in."
      )
    case .noDefaultKeyring:
      tr(
        "Your keyring has no default collection, so you will have to sign in again next time you open Hark. Create one in Passwords and Keys, or let Preferences keep you signed in."
      )
    case .saveFailed:
      tr(
        "Your keyring could not save your sign-in, so you will have to sign in again next time you open Hark. Preferences can keep you signed in."
      )
    }
  }

  /// Preferences' explanation of where sign-ins are kept instead.
  public func notice(keepsInFile: Bool) -> String {
    let cause =
      switch self {
      case .notRunning: tr("No keyring is available")
      case .noDefaultKeyring: tr("Your keyring has no default collection")
      case .saveFailed: tr("Your keyring could not save your sign-in")
      }
    return keepsInFile
      ? trFormat("%@, so Hark keeps your sign-in in a file only you can read.", cause)
      : trFormat("%@, so Hark will forget your sign-in when it closes.", cause)
  }
}
