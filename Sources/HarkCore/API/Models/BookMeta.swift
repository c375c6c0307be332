import Foundation

/// `GET /libraries/{id}/meta`: community metadata for a book. `matched` false
/// means there is nothing to show; so does any failure (progressive
/// enhancement). Characters and recaps are spoiler-gated by chapter position
/// (1-based; 0 is front matter or earlier books): show a character once the
/// listener reaches `reveal.chapter`, a recap once `through.chapter` is finished.
public struct BookMeta: Codable, Hashable, Sendable {
  public var matched: Bool
  public var work: MetaWork?
  public var recording: MetaRecording?
  /// Each series the work is in, with the whole rail (the current work included).
  public var series: [MetaSeries]
  public var webURL: String?

  /// The envelope for a book the service does not know.
  public static let unmatched = BookMeta(matched: false)

  public init(
    matched: Bool, work: MetaWork? = nil, recording: MetaRecording? = nil,
    series: [MetaSeries] = [], webURL: String? = nil
  ) {
    self.matched = matched
    self.work = work
    self.recording = recording
    self.series = series
    self.webURL = webURL
  }

  enum CodingKeys: String, CodingKey {
    case matched, work, recording, series
    case webURL = "web_url"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    matched = try c.value(.matched, or: false)
    work = try c.decodeIfPresent(MetaWork.self, forKey: .work)
    recording = try c.decodeIfPresent(MetaRecording.self, forKey: .recording)
    series = try c.list(.series)
    webURL = try c.decodeIfPresent(String.self, forKey: .webURL)
  }
}

/// An author or narrator in the metadata service.
public struct MetaPerson: Codable, Hashable, Sendable {
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }

  public init(from decoder: any Decoder) throws {
    // Narrators arrive as plain names from some servers, as {id, name} from others.
    if let name = try? decoder.singleValueContainer().decode(String.self) {
      id = ""
      self.name = name
      return
    }
    let c = try decoder.container(keyedBy: AnyCodingKey.self)
    id = try c.lenientString(AnyCodingKey("id")) ?? ""
    name = try c.text(AnyCodingKey("name"))
  }
}

/// A spoiler position: the logical chapter (1-based; 0 is front matter).
public struct MetaPosition: Codable, Hashable, Sendable {
  public var chapter: Int

  public init(chapter: Int) {
    self.chapter = chapter
  }

  public init(from decoder: any Decoder) throws {
    chapter = try decoder.container(keyedBy: AnyCodingKey.self).value(
      AnyCodingKey("chapter"), or: 0)
  }
}

/// The edition-independent work: what the book is.
public struct MetaWork: Codable, Hashable, Sendable {
  public var id: String
  public var title: String
  public var subtitle: String?
  public var authors: [MetaPerson]
  public var language: String
  public var firstPublished: String?
  public var description: String?
  public var characters: [MetaCharacter]
  public var recaps: [MetaRecap]

  public init(
    id: String, title: String, subtitle: String? = nil, authors: [MetaPerson] = [],
    language: String = "", firstPublished: String? = nil, description: String? = nil,
    characters: [MetaCharacter] = [], recaps: [MetaRecap] = []
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.authors = authors
    self.language = language
    self.firstPublished = firstPublished
    self.description = description
    self.characters = characters
    self.recaps = recaps
  }

  enum CodingKeys: String, CodingKey {
    case id, title, subtitle, authors, language, description, characters, recaps
    case firstPublished = "first_published"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.lenientString(.id) ?? ""
    title = try c.text(.title)
    subtitle = try c.optionalText(.subtitle)
    authors = try c.list(.authors)
    language = try c.value(.language, or: "")
    firstPublished = try c.optionalText(.firstPublished)
    description = try c.optionalText(.description)
    characters = try c.list(.characters)
    recaps = try c.list(.recaps)
  }
}

/// A character entry, to be shown only once `reveal.chapter` is reached.
public struct MetaCharacter: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var aliases: [String]
  /// "protagonist", "antagonist", "supporting" or "minor".
  public var role: String?
  public var reveal: MetaPosition
  public var description: String

  public init(
    id: String, name: String, aliases: [String] = [], role: String? = nil,
    reveal: MetaPosition, description: String = ""
  ) {
    self.id = id
    self.name = name
    self.aliases = aliases
    self.role = role
    self.reveal = reveal
    self.description = description
  }

  enum CodingKeys: String, CodingKey {
    case id, name, aliases, role, reveal, description
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.lenientString(.id) ?? ""
    name = try c.text(.name)
    aliases = try c.list(.aliases)
    role = try c.optionalText(.role)
    // A character without a reveal point is treated as a spoiler until the
    // end: `Int.max` is never reached, so it stays hidden rather than leaking.
    reveal = try c.value(.reveal, or: MetaPosition(chapter: Int.max))
    description = try c.text(.description)
  }
}

/// A "story so far" recap, safe once `through.chapter` is finished.
public struct MetaRecap: Codable, Hashable, Sendable {
  public var through: MetaPosition
  /// "book" or "series".
  public var scope: String?
  public var text: String

  public init(through: MetaPosition, scope: String? = nil, text: String) {
    self.through = through
    self.scope = scope
    self.text = text
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyCodingKey.self)
    // Same rule as a character's reveal: no gate means hidden.
    through = try c.value(AnyCodingKey("through"), or: MetaPosition(chapter: Int.max))
    scope = try c.decodeIfPresent(String.self, forKey: AnyCodingKey("scope"))
    text = try c.text(AnyCodingKey("text"))
  }
}

/// The narration matched to this book.
public struct MetaRecording: Codable, Hashable, Sendable {
  public var id: String
  public var narrators: [MetaPerson]
  public var abridged: Bool?
  public var runtimeMinutes: Double?
  public var releaseDate: String?
  public var publisher: String?
  public var coverURL: String?

  public init(
    id: String, narrators: [MetaPerson] = [], abridged: Bool? = nil, runtimeMinutes: Double? = nil,
    releaseDate: String? = nil, publisher: String? = nil, coverURL: String? = nil
  ) {
    self.id = id
    self.narrators = narrators
    self.abridged = abridged
    self.runtimeMinutes = runtimeMinutes
    self.releaseDate = releaseDate
    self.publisher = publisher
    self.coverURL = coverURL
  }

  enum CodingKeys: String, CodingKey {
    case id, narrators, abridged, publisher
    case runtimeMinutes = "runtime_min"
    case releaseDate = "release_date"
    case coverURL = "cover_url"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.lenientString(.id) ?? ""
    narrators = try c.list(.narrators)
    abridged = try c.decodeIfPresent(Bool.self, forKey: .abridged)
    runtimeMinutes = try c.decodeIfPresent(Double.self, forKey: .runtimeMinutes)
    releaseDate = try c.optionalText(.releaseDate)
    publisher = try c.optionalText(.publisher)
    coverURL = try c.decodeIfPresent(String.self, forKey: .coverURL)
  }
}

/// A series the work is in, with its ordered rail of works.
public struct MetaSeries: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  /// This work's position, as text ("1", "2.5").
  public var position: String
  public var works: [MetaSeriesWork]

  public init(id: String, name: String, position: String = "", works: [MetaSeriesWork] = []) {
    self.id = id
    self.name = name
    self.position = position
    self.works = works
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyCodingKey.self)
    id = try c.lenientString(AnyCodingKey("id")) ?? ""
    name = try c.text(AnyCodingKey("name"))
    position = try c.lenientString(AnyCodingKey("position")) ?? ""
    works = try c.list(AnyCodingKey("works"))
  }
}

/// One work on a series rail; it carries its own `webURL`, so the client never
/// builds metadata-site links itself.
public struct MetaSeriesWork: Codable, Hashable, Sendable {
  public var id: String
  public var title: String
  public var position: String
  public var authors: [MetaPerson]
  public var coverURL: String?
  public var webURL: String

  public init(
    id: String, title: String, position: String = "", authors: [MetaPerson] = [],
    coverURL: String? = nil, webURL: String = ""
  ) {
    self.id = id
    self.title = title
    self.position = position
    self.authors = authors
    self.coverURL = coverURL
    self.webURL = webURL
  }

  enum CodingKeys: String, CodingKey {
    case id, title, position, authors
    case coverURL = "cover_url"
    case webURL = "web_url"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.lenientString(.id) ?? ""
    title = try c.text(.title)
    position = try c.lenientString(.position) ?? ""
    authors = try c.list(.authors)
    coverURL = try c.decodeIfPresent(String.self, forKey: .coverURL)
    webURL = try c.value(.webURL, or: "")
  }
}
