import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Helpers several engine and container tests share.
enum FixtureHelpers {
  /// A sample-library file's `moov` box, as qtdemux pulls it from a file.
  static func movieBox(of path: String) throws -> Data {
    let data = try Data(contentsOf: URL(fileURLWithPath: SampleLibrary.load().path(path)))
    let type = try XCTUnwrap(data.range(of: Data("moov".utf8)))
    let start = type.lowerBound - 4
    let size = data[start..<type.lowerBound].reduce(0) { $0 << 8 | Int($1) }
    return Data(data[start..<(start + size)])
  }

  /// Plays `sources` to the end through a capturing sink; the samples each
  /// part gave.
  @MainActor
  static func segmentLengths(playing sources: [EngineSource], rate: Int = 44100) throws -> [Int] {
    let capture = OutputCapture(rate: rate)
    let engine = try GStreamerEngine(audioSink: capture.sink)
    let recorder = SnapshotRecorder(engine)
    engine.load(sources, startIndex: 0, position: 0)
    engine.play()
    XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
    XCTAssertEqual(capture.misjoined, 0, "parts a real sink would write on off the timeline")
    return capture.segmentLengths
  }

  /// The file as ffmpeg decodes it: mono 16-bit samples.
  static func decodedByFFmpeg(_ path: String) throws -> [Int16] {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("hark-ffmpeg-\(UUID().uuidString).raw")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    process.arguments = ["-nostdin", "-v", "error", "-i", path, "-f", "s16le", "-ac", "1", output.path]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "ffmpeg could not decode \(path)")
    return try Data(contentsOf: output).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
  }
}
