/// Something that is a book on one signed-in server: the unit that
/// `dedupBooks` folds when several servers hold the same book.
public protocol BookOnConnection {
  var book: Book { get }
  /// The server's `serverID`.
  var connectionID: String { get }
  /// The server's display name, for "Also on …".
  var connectionName: String { get }
}

/// A book as one server listed it.
public struct LocatedBook: BookOnConnection, Hashable, Sendable {
  public var book: Book
  public var connectionID: String
  public var connectionName: String

  public init(book: Book, connectionID: String, connectionName: String) {
    self.book = book
    self.connectionID = connectionID
    self.connectionName = connectionName
  }
}

/// Another server that holds a copy of a de-duplicated book.
public struct ConnectionRef: Hashable, Sendable {
  public var connectionID: String
  public var connectionName: String

  public init(connectionID: String, connectionName: String) {
    self.connectionID = connectionID
    self.connectionName = connectionName
  }
}

/// One book shown once: the best copy, and the other servers that have it.
public struct DedupedBook<Item: BookOnConnection> {
  /// The copy to show and play.
  public var winner: Item
  /// Each other server holding a copy, once, in order of first appearance.
  /// The winner's own server is never listed.
  public var also: [ConnectionRef]
  /// The `bookDedupKey` the copies share.
  public var key: String

  public init(winner: Item, also: [ConnectionRef], key: String) {
    self.winner = winner
    self.also = also
    self.key = key
  }
}

extension DedupedBook: Equatable where Item: Equatable {}
extension DedupedBook: Hashable where Item: Hashable {}
extension DedupedBook: Sendable where Item: Sendable {}

/// The identity that groups copies of one book across servers and libraries.
///
/// First match wins: the server's own `dedupKey`; else the ASIN ("a:…");
/// else the ISBN ("i:…"); else author, title and narrator ("m:a|t|n"). A book
/// with neither author nor title gets "u:{libraryID}:{relPath}", so untagged
/// files are never merged with one another just because both are blank.
///
/// The text normalisation is the reference client's, and the test server's,
/// exactly, because a server-sent `dedupKey` and a key built here must agree
/// for the same book: see `dedupNormalize`.
public func bookDedupKey(_ book: Book) -> String {
  if let key = book.dedupKey, !key.isEmpty { return key }
  let asin = dedupNormalize(book.asin)
  if !asin.isEmpty { return "a:" + asin }
  let isbn = dedupNormalize(book.isbn)
  if !isbn.isEmpty { return "i:" + isbn }
  let author = dedupNormalize(book.author)
  let title = dedupNormalize(book.title)
  if author.isEmpty, title.isEmpty { return "u:\(book.libraryID):\(book.relPath)" }
  return "m:\(author)|\(title)|\(dedupNormalize(book.narrator))"
}

/// Lower-cases `text` and turns every run of characters that are not Unicode
/// letters or numbers into one space, trimmed; nil becomes "".
///
/// Letters and numbers are judged per code point by general category (L*,
/// N*), so Arabic, Hebrew or CJK titles keep their words, while emoji,
/// punctuation and also combining marks separate words. Marks splitting words
/// is a quirk ("e\u{301}" loses its accent), kept on purpose: it is what the
/// reference client and the server do, and keys must match theirs.
public func dedupNormalize(_ text: String?) -> String {
  guard let text else { return "" }
  var words: [String] = []
  var word = String.UnicodeScalarView()
  for scalar in text.lowercased().unicodeScalars {
    if isLetterOrNumber(scalar) {
      word.append(scalar)
    } else if !word.isEmpty {
      words.append(String(word))
      word = String.UnicodeScalarView()
    }
  }
  if !word.isEmpty { words.append(String(word)) }
  return words.joined(separator: " ")
}

private func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.properties.generalCategory {
  case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
    .decimalNumber, .letterNumber, .otherNumber:
    return true
  default:
    return false
  }
}

/// Shows each book once when several servers (or libraries) hold copies.
///
/// Copies are grouped by `bookDedupKey`; groups keep the order in which their
/// first copy appeared. Within a group the first copy starts as the winner
/// and each later copy replaces it when it is at least as good (see
/// `isBetterCopy`). `rank` orders servers, lower first (the user's preferred
/// server); it only breaks ties in quality.
public func dedupBooks<Item: BookOnConnection>(
  _ items: [Item], rank: (String) -> Int
) -> [DedupedBook<Item>] {
  var order: [String] = []
  var groups: [String: [Item]] = [:]
  for item in items {
    let key = bookDedupKey(item.book)
    if groups[key] == nil { order.append(key) }
    groups[key, default: []].append(item)
  }
  return order.compactMap { key in
    guard let members = groups[key], var winner = members.first else { return nil }
    for member in members.dropFirst() where isBetterCopy(member, than: winner, rank: rank) {
      winner = member
    }
    var seen: Set<String> = [winner.connectionID]
    var also: [ConnectionRef] = []
    for member in members where seen.insert(member.connectionID).inserted {
      also.append(
        ConnectionRef(connectionID: member.connectionID, connectionName: member.connectionName))
    }
    return DedupedBook(winner: winner, also: also, key: key)
  }
}

/// Whether `challenger` should replace `holder` as the copy to play: a better
/// container first (m4b/m4a/mp4/aac/m4p, then mp3, then anything else), then
/// one file over many, then the higher bitrate (bytes per second, or bytes
/// when the duration is unknown), then the better-ranked server. A full tie
/// goes to the challenger, as in the reference client, so among identical
/// copies the last one listed wins.
public func isBetterCopy<Item: BookOnConnection>(
  _ challenger: Item, than holder: Item, rank: (String) -> Int
) -> Bool {
  let a = challenger.book
  let b = holder.book
  let tierA = formatTier(a.format)
  let tierB = formatTier(b.format)
  if tierA != tierB { return tierA > tierB }
  let singleA = a.multiFile != true
  let singleB = b.multiFile != true
  if singleA != singleB { return singleA }
  let rateA = bytesPerSecond(a)
  let rateB = bytesPerSecond(b)
  if rateA != rateB { return rateA > rateB }
  return rank(challenger.connectionID) <= rank(holder.connectionID)
}

/// 3 for AAC-family containers, 2 for MP3, 1 for anything else.
private func formatTier(_ format: String) -> Int {
  var name = format.lowercased()
  if name.hasPrefix(".") { name.removeFirst() }
  switch name {
  case "m4b", "m4a", "mp4", "aac", "m4p": return 3
  case "mp3": return 2
  default: return 1
  }
}

/// Size over duration; the bare size when the duration is unknown. A
/// non-finite result (NaN from bad data) counts as 0 so comparisons stay sane.
private func bytesPerSecond(_ book: Book) -> Double {
  let size = Double(book.size)
  let rate = book.duration > 0 ? size / book.duration : size
  return rate.isFinite ? rate : 0
}
