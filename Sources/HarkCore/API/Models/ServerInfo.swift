import Foundation

/// `GET /api/v1/server`: who the server is and what it can do. Features are
/// gated on `capabilities`, never discovered by probing routes.
public struct ServerInfo: Codable, Hashable, Sendable {
  public var name: String
  /// Stable for the life of the install: the first part of every per-server key.
  public var serverID: String
  public var version: String
  public var api: String
  public var capabilities: ServerCapabilities
  public var auth: AuthMethods
  /// Absent on servers without demo support.
  public var demo: DemoMode?

  public init(
    name: String, serverID: String, version: String = "", api: String = "v1",
    capabilities: ServerCapabilities = ServerCapabilities(), auth: AuthMethods = AuthMethods(),
    demo: DemoMode? = nil
  ) {
    self.name = name
    self.serverID = serverID
    self.version = version
    self.api = api
    self.capabilities = capabilities
    self.auth = auth
    self.demo = demo
  }

  enum CodingKeys: String, CodingKey {
    case name, version, api, capabilities, auth, demo
    case serverID = "server_id"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    name = try c.text(.name)
    serverID = try c.decode(String.self, forKey: .serverID)
    version = try c.value(.version, or: "")
    api = try c.value(.api, or: "")
    capabilities = try c.value(.capabilities, or: ServerCapabilities())
    auth = try c.value(.auth, or: AuthMethods())
    demo = try c.decodeIfPresent(DemoMode.self, forKey: .demo)
  }
}

/// What the server offers. Every flag reads false when absent, because older
/// servers leave out the ones they predate.
public struct ServerCapabilities: Codable, Hashable, Sendable {
  public var adminUI: Bool
  public var webPlayer: Bool
  /// `stream?transcode=1` works (ffmpeg is installed).
  public var transcode: Bool
  public var upload: Bool
  public var websocket: Bool
  /// Personal API keys (`/auth/tokens`).
  public var apiKeys: Bool
  /// `/libraries/{id}/meta`; can change at run time, so re-read on reconnect.
  public var metadata: Bool

  public init(
    adminUI: Bool = false, webPlayer: Bool = false, transcode: Bool = false, upload: Bool = false,
    websocket: Bool = false, apiKeys: Bool = false, metadata: Bool = false
  ) {
    self.adminUI = adminUI
    self.webPlayer = webPlayer
    self.transcode = transcode
    self.upload = upload
    self.websocket = websocket
    self.apiKeys = apiKeys
    self.metadata = metadata
  }

  enum CodingKeys: String, CodingKey {
    case transcode, upload, websocket, metadata
    case adminUI = "admin_ui"
    case webPlayer = "web_player"
    case apiKeys = "api_keys"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    adminUI = try c.value(.adminUI, or: false)
    webPlayer = try c.value(.webPlayer, or: false)
    transcode = try c.value(.transcode, or: false)
    upload = try c.value(.upload, or: false)
    websocket = try c.value(.websocket, or: false)
    apiKeys = try c.value(.apiKeys, or: false)
    metadata = try c.value(.metadata, or: false)
  }
}

/// The sign-in methods the server accepts (e.g. "password", "code").
public struct AuthMethods: Codable, Hashable, Sendable {
  public var methods: [String]

  public init(methods: [String] = []) {
    self.methods = methods
  }

  /// True when a password sign-in is listed, or nothing is (servers that
  /// list no methods accept the basic two).
  public var acceptsPassword: Bool {
    names.isEmpty || names.contains { $0.contains("password") }
  }

  /// True when an invite or recovery code is listed, or nothing is.
  /// AUDIOSILO-API.md names no string for it, and servers say "code",
  /// "auth_code", "invite" or "invite_code": any name with "code" or
  /// "invite" in it counts (a server written from the docs said "auth_code"
  /// and lost its Invite Code tab).
  public var acceptsInviteCode: Bool {
    names.isEmpty || names.contains { $0.contains("code") || $0.contains("invite") }
  }

  private var names: [String] { methods.map { $0.lowercased() } }

  public init(from decoder: any Decoder) throws {
    methods = try decoder.container(keyedBy: AnyCodingKey.self).list(AnyCodingKey("methods"))
  }
}

/// Whether the server hands out throwaway demo accounts (`POST /demo/session`).
public struct DemoMode: Codable, Hashable, Sendable {
  public var enabled: Bool

  public init(enabled: Bool) {
    self.enabled = enabled
  }

  public init(from decoder: any Decoder) throws {
    enabled = try decoder.container(keyedBy: AnyCodingKey.self).value(
      AnyCodingKey("enabled"), or: false)
  }
}
