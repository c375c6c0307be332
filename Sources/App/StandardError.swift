import Glibc

/// Writes one line to stderr with a single write(2), without touching the C
/// `stderr` global (which Swift 6 treats as unsynchronised shared state).
func printToStandardError(_ message: String) {
  let line = message + "\n"
  _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}
