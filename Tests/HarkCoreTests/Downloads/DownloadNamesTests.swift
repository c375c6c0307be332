import Foundation
import HarkCore
import XCTest

/// Names of downloaded files and folders come from hashes and slugs, never
/// from a server's paths: whatever a hostile server sends, each name is one
/// safe path component, the same on every call, and distinct books and files
/// get distinct names.
final class DownloadNamesTests: XCTestCase {
  /// What a hostile or merely odd server may send as a path, a title or a server id.
  private static let hostile: [String] = [
    "", ".", "..", "../..", "../../etc/passwd", "/etc/passwd", "/", "//", "C:\\Windows\\system32",
    "..\\..\\boot.ini", "a\0b.mp3", "\0", "book/../../../x.mp3", "Author/Book/01 Chapter.mp3",
    "Author/Book/01 Chapter.MP3", String(repeating: "a", count: 4000),
    String(repeating: "é", count: 4000) + ".flac", String(repeating: "../", count: 1000),
    String(decoding: [0xFF, 0xFE, 0x2F, 0x2E, 0x2E, 0xC3, 0x28, 0x00, 0x80], as: UTF8.self),
    "📚🎧 Le Petit Prince 🌹", "🎧", "   ", "-", "---", ".mp3", "x.", "x.tar.gz", "x.m4b?token=1",
    "x.toolongext", "x.mp3 ", "new\nline.mp3", "Ünïcödé Tïtlé", "日本語の本", "rtl \u{202E}3pm.exe",
  ]

  /// One path component of ASCII letters, digits, ".", "_" and "-", not "." or
  /// "..", at most 80 bytes.
  private func assertSafe(_ name: String, _ input: String, file: StaticString = #filePath, line: UInt = #line) {
    let allowed = name.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
    XCTAssertTrue(allowed && !name.isEmpty, "\(name.debugDescription) from \(input.prefix(40).debugDescription)", file: file, line: line)
    XCTAssertFalse(name == "." || name == "..", file: file, line: line)
    XCTAssertLessThanOrEqual(name.utf8.count, 80, name, file: file, line: line)
    XCTAssertEqual(URL(fileURLWithPath: "/downloads").appendingPathComponent(name).deletingLastPathComponent().path, "/downloads", file: file, line: line)
  }

  func testServerFoldersAreSafeStableAndDistinct() {
    let names = Self.hostile.map { downloadServerFolderName(serverID: $0) }
    for (name, input) in zip(names, Self.hostile) {
      assertSafe(name, input)
      XCTAssertEqual(name, downloadServerFolderName(serverID: input), "stable")
      XCTAssertTrue(name.hasPrefix("server-"))
    }
    XCTAssertEqual(Set(names).count, names.count)
  }

  func testBookFoldersAreSafeStableAndDistinct() {
    var names: [String] = []
    for path in Self.hostile {
      for title in Self.hostile {
        let name = downloadBookFolderName(libraryID: 1, bookPath: path, title: title)
        assertSafe(name, title)
        XCTAssertEqual(name, downloadBookFolderName(libraryID: 1, bookPath: path, title: title), "stable")
      }
      names.append(downloadBookFolderName(libraryID: 1, bookPath: path, title: "Same Title"))
      names.append(downloadBookFolderName(libraryID: 2, bookPath: path, title: "Same Title"))
    }
    XCTAssertEqual(Set(names).count, names.count, "one title in two places, or one path in two libraries, is two folders")
  }

  func testBookFolderSlugIsReadable() {
    XCTAssertTrue(downloadBookFolderName(libraryID: 1, bookPath: "a", title: "The Lighthouse Keeper").hasPrefix("the-lighthouse-keeper-"))
    XCTAssertTrue(downloadBookFolderName(libraryID: 1, bookPath: "a", title: "Élan vital, tome 2").hasPrefix("elan-vital-tome-2-"))
    XCTAssertTrue(downloadBookFolderName(libraryID: 1, bookPath: "a", title: "").hasPrefix("book-"))
    XCTAssertTrue(downloadBookFolderName(libraryID: 1, bookPath: "a", title: "📚🎧").hasPrefix("book-"))
    XCTAssertTrue(downloadBookFolderName(libraryID: 1, bookPath: "a", title: "../..").hasPrefix("book-"))
    let long = downloadBookFolderName(libraryID: 1, bookPath: "a", title: String(repeating: "word ", count: 800))
    XCTAssertEqual(long.count, 39 + 1 + 16, "the slug is cut to 40 characters without a dash at its end")
  }

  func testFileNamesAreSafeStableAndDistinct() {
    var names: [String] = []
    for (index, path) in Self.hostile.enumerated() {
      let name = downloadFileName(index: index + 1, serverPath: path)
      assertSafe(name, path)
      XCTAssertEqual(name, downloadFileName(index: index + 1, serverPath: path), "stable")
      names.append(name)
      names.append(downloadFileName(index: 0, serverPath: path))
    }
    XCTAssertEqual(Set(names).count, names.count)
  }

  func testFileNamesKeepOnlyAPlainExtension() {
    func ext(_ path: String) -> String {
      let name = downloadFileName(index: 3, serverPath: path)
      XCTAssertTrue(name.hasPrefix("003-"), name)
      return String(name.dropFirst(4 + 16))
    }
    XCTAssertEqual(ext("Author/Book/01 Chapter.mp3"), ".mp3")
    XCTAssertEqual(ext("Author/Book/Whole.M4B"), ".m4b")
    XCTAssertEqual(ext("x.tar.gz"), ".gz")
    XCTAssertEqual(ext("Book.d/file"), "", "a dot in a folder's name is not the file's extension")
    XCTAssertEqual(ext("dir\\evil.mp3\\..\\x"), "")
    XCTAssertEqual(ext(".mp3"), "", "a hidden file has no extension")
    XCTAssertEqual(ext("x."), "")
    XCTAssertEqual(ext("x.toolongext"), "")
    XCTAssertEqual(ext("x.m4b?token=1"), "")
    XCTAssertEqual(ext("x.mp\0"), "")
    XCTAssertEqual(ext("x.mp3/"), "", "the last component of a path ending in / is empty")
    XCTAssertEqual(downloadFileName(index: 1234, serverPath: "a.mp3").prefix(5), "1234-")
  }

  func testTheHashIsFNV1a() {
    // Pinned: changing the hash would orphan every download already on disk.
    XCTAssertEqual(downloadServerFolderName(serverID: ""), "server-cbf29ce484222325")
    XCTAssertEqual(downloadServerFolderName(serverID: "a"), "server-af63dc4c8601ec8c")
    XCTAssertEqual(downloadServerFolderName(serverID: "foobar"), "server-85944171f73967e8")
  }
}
