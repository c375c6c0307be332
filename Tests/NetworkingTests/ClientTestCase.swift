import XCTest

/// One test server per test class (started in class set-up, stopped in
/// class tear-down), faults cleared after every test. Subclasses pick the
/// server's arguments.
class ClientTestCase: XCTestCase {
  nonisolated(unsafe) private static var current: ClientHarness!
  var h: ClientHarness { Self.current }

  /// The test server's command-line arguments for this class.
  class var harnessArguments: [String] { ["--rate", "1000", "--burst", "1000"] }

  override class func setUp() {
    super.setUp()
    current = try! ClientHarness(arguments: harnessArguments)
  }

  override class func tearDown() {
    current.stop()
    super.tearDown()
  }

  override func tearDown() async throws {
    try await h.clearFaults()
    try await super.tearDown()
  }
}
