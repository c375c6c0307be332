import CGLib

/// The URIs GApplication's `open` hands over as a GFile array.
enum OpenedLinks {
  static func uris(_ files: UnsafeMutableRawPointer?, _ count: Int32) -> [String] {
    guard let files else { return [] }
    let array = files.assumingMemoryBound(to: OpaquePointer?.self)
    return (0..<Int(count)).compactMap { index in
      guard let file = array[index], let uri = g_file_get_uri(file) else { return nil }
      defer { g_free(uri) }
      return String(cString: uri)
    }
  }
}
