import Foundation
import Glibc
import HarkCore

/// The file a download writes, through a plain descriptor: writes go to the
/// page cache, so they are quick enough for the downloads thread, and errno
/// tells a full disk (ENOSPC, EDQUOT) from everything else.
final class PartialFile {
  let url: URL
  private var descriptor: Int32
  /// The bytes in the file: those kept plus those written.
  private(set) var length: Int64
  /// Where the writeback already asked for ends.
  private var flushedUpTo: Int64
  /// How many written bytes start their writeback: the final `fsync` then
  /// waits for one slice rather than the whole file, and a big download
  /// never piles up hundreds of megabytes of dirty pages.
  private static let writebackSlice: Int64 = 8 << 20

  /// Opens `url` for writing, creating it and its missing folders, keeping
  /// its first `keeping` bytes and dropping any after them.
  init(_ url: URL, keeping: Int64) throws(DownloadFailure) {
    self.url = url
    try Self.makeFolders(url.deletingLastPathComponent().path)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.failure(errno) }
    func closing(_ failure: DownloadFailure) -> DownloadFailure {
      Glibc.close(descriptor)
      return failure
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw closing(Self.failure(errno)) }
    // Fewer bytes than planned means someone else changed the file since
    // the plan: appending would leave a hole.
    guard status.st_size >= keeping else {
      throw closing(.cannotWrite(tr("the partial file changed while the download started")))
    }
    guard ftruncate(descriptor, off_t(keeping)) == 0, lseek(descriptor, off_t(keeping), SEEK_SET) >= 0 else {
      throw closing(Self.failure(errno))
    }
    self.descriptor = descriptor
    length = keeping
    flushedUpTo = keeping
  }

  deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

  /// Writes all `count` bytes at the end.
  func write(_ bytes: UnsafeRawPointer, count: Int) throws(DownloadFailure) {
    var done = 0
    while done < count {
      let written = Glibc.write(descriptor, bytes + done, count - done)
      if written < 0 {
        if errno == EINTR { continue }
        throw Self.failure(errno)
      }
      done += written
      length += Int64(written)
    }
    if length - flushedUpTo >= Self.writebackSlice {
      // On Linux, DONTNEED starts the slice's writeback without waiting
      // for it (`sync_file_range` is not visible to Swift); pages still
      // dirty or being written stay cached. A failure here is only a lost
      // hint: the final fsync still reports any error.
      _ = posix_fadvise(descriptor, off_t(flushedUpTo), off_t(length - flushedUpTo), POSIX_FADV_DONTNEED)
      flushedUpTo = length
    }
  }

  /// Flushes to the disk, then closes: a file reported whole survives a
  /// power cut, and errors that only show at close (a quota on NFS) are seen.
  func finish() throws(DownloadFailure) {
    if fsync(descriptor) != 0 {
      let failure = Self.failure(errno)
      close()
      throw failure
    }
    let descriptor = self.descriptor
    self.descriptor = -1
    if Glibc.close(descriptor) != 0 { throw Self.failure(errno) }
  }

  /// Closes without flushing: the bytes stay for a later resume.
  func close() {
    if descriptor >= 0 { Glibc.close(descriptor) }
    descriptor = -1
  }

  /// Closes and deletes the file (after a full disk: its bytes are freed
  /// for the listener, and a resume could not have continued anyway).
  func remove() {
    close()
    unlink(url.path)
  }

  /// Creates `path` and its missing parents (mode 0755).
  private static func makeFolders(_ path: String) throws(DownloadFailure) {
    var status = stat()
    if path.isEmpty || stat(path, &status) == 0 { return }
    try makeFolders((path as NSString).deletingLastPathComponent)
    if mkdir(path, 0o755) != 0 && errno != EEXIST { throw failure(errno) }
  }

  static func failure(_ code: Int32) -> DownloadFailure {
    switch code {
    case ENOSPC, EDQUOT: .diskFull
    default: .cannotWrite(String(cString: strerror(code)))
    }
  }
}
