import Foundation
import HarkCore
import HarkTestSupport
import Networking
import XCTest

/// A server with a self-signed certificate is refused, and said to be so:
/// Hark verifies TLS against the system trust store and never offers to
/// skip it silently.
final class TLSTests: XCTestCase {
  func testSelfSignedCertificateIsRejected() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hark-tls-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let maker = Process()
    maker.executableURL = SampleLibrary.repositoryRoot.appendingPathComponent("Tests/Server/make-self-signed-cert")
    maker.arguments = [directory.path]
    maker.standardOutput = FileHandle.nullDevice
    maker.standardError = FileHandle.nullDevice
    try maker.run()
    maker.waitUntilExit()
    XCTAssertEqual(maker.terminationStatus, 0)
    let cert = directory.appendingPathComponent("cert.pem").path
    let key = directory.appendingPathComponent("key.pem").path
    let server = try TestServer.start(library: try SampleLibrary.load(), tls: (cert, key))
    defer { server.stop() }
    XCTAssertEqual(server.baseURL.scheme, "https")

    let transport = SoupTransport(userAgent: "Hark-tests")
    do {
      let response = try await transport.send(HTTPRequest(
        method: "GET", url: server.baseURL.appendingPathComponent("api/v1/server")))
      XCTFail("a self-signed certificate was accepted (HTTP \(response.status))")
    } catch {
      guard case .certificateRejected = error else { return XCTFail("expected certificateRejected, got \(error)") }
    }
  }
}
