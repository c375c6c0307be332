import Foundation

/// The generated sample library (scripts/make-sample-library): real spoken
/// audio and its manifest. `scripts/test` exports its path; run alone, the
/// tests ask the generator, which answers from its cache.
struct SampleLibrary {
  struct Book: Decodable {
    struct File: Decodable {
      let path: String
      let duration: Double
    }
    let id: String
    let title: String
    let author: String
    let cover: String?
    let files: [File]
  }

  let root: URL
  let books: [Book]

  static func load() throws -> SampleLibrary {
    let root = try URL(fileURLWithPath: locate())
    struct Manifest: Decodable { let books: [Book] }
    let data = try Data(contentsOf: root.appendingPathComponent("library.json"))
    return SampleLibrary(root: root, books: try JSONDecoder().decode(Manifest.self, from: data).books)
  }

  func book(_ id: String) -> Book? { books.first { $0.id == id } }

  func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  private static func locate() throws -> String {
    if let path = ProcessInfo.processInfo.environment["HARK_SAMPLE_LIBRARY"], !path.isEmpty { return path }
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let process = Process()
    process.executableURL = repo.appendingPathComponent("scripts/make-sample-library")
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
