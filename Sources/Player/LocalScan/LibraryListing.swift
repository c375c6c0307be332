import HarkCore

extension LocalLibraryScanner {
  /// Every file of the folder at `root` with its size and modification
  /// time, no file opened (what recognising a renamed library needs); nil
  /// when the folder is missing or may not be read.
  public static func listing(of root: String) -> [LocalFileKey]? {
    let walk = LibraryWalk(root: root)
    return walk.rootReadable ? walk.files : nil
  }
}
