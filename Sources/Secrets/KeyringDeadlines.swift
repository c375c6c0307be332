import Dispatch

/// Where the keyring's deadlines fire: a serial queue, because work on
/// `DispatchQueue.global()` starts libdispatch's watched worker pool, whose
/// once-a-second monitor then wakes Hark for the rest of its life. The
/// blocks here only flip a flag and cancel, so one queue serves every call.
enum KeyringDeadlines {
  static let queue = DispatchQueue(label: "hark.keyring-deadlines")
}
