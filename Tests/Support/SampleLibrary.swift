import Foundation

/// The generated sample library (scripts/make-sample-library): real spoken
/// audio and its manifest. `scripts/test` exports its path; run alone, the
/// tests ask the generator, which answers from its cache.
public struct SampleLibrary: Sendable {
  public struct Book: Decodable, Sendable {
    public struct File: Decodable, Sendable {
      public let path: String
      public let duration: Double
    }
    public let id: String
    public let path: String
    public let title: String
    public let author: String
    public let cover: String?
    public let files: [File]
  }

  public let root: URL
  public let books: [Book]

  public static func load() throws -> SampleLibrary {
    let root = try URL(fileURLWithPath: locate())
    struct Manifest: Decodable { let books: [Book] }
    let data = try Data(contentsOf: root.appendingPathComponent("library.json"))
    return SampleLibrary(root: root, books: try JSONDecoder().decode(Manifest.self, from: data).books)
  }

  public func book(_ id: String) -> Book? { books.first { $0.id == id } }

  public func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// The checkout this test build came from.
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  private static func locate() throws -> String {
    if let path = ProcessInfo.processInfo.environment["HARK_SAMPLE_LIBRARY"], !path.isEmpty { return path }
    let process = Process()
    process.executableURL = repositoryRoot.appendingPathComponent("scripts/make-sample-library")
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let last = output.split(separator: "\n").last else {
      throw CocoaError(.fileNoSuchFile)
    }
    return String(last)
  }
}
