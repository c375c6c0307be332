import Foundation

/// `{token, user, server_id?}`: the end of every sign-in route. The token is a
/// secret: it is kept out of `description` so a log line never leaks it.
public struct AuthSession: Codable, Hashable, Sendable, CustomStringConvertible {
  public var token: String
  public var user: User
  /// Sent by `auth/exchange` and the demo route; `auth/login` leaves it out
  /// (read it from `/server` then).
  public var serverID: String?
  /// Only on `POST /demo/session`: a payload for opening the same demo account
  /// on another device.
  public var pairing: PairingPayload?

  public init(token: String, user: User, serverID: String? = nil, pairing: PairingPayload? = nil) {
    self.token = token
    self.user = user
    self.serverID = serverID
    self.pairing = pairing
  }

  enum CodingKeys: String, CodingKey {
    case token, user, pairing
    case serverID = "server_id"
  }

  public var description: String {
    "AuthSession(user: \(user.username), serverID: \(serverID ?? "nil"), token: <redacted>)"
  }
}

/// What `auth/redeem`, `auth/pair` and the demo route return: a short-lived
/// pairing token plus the ways to hand it to another device.
public struct PairingPayload: Codable, Hashable, Sendable, CustomStringConvertible {
  public var serverName: String
  public var baseURL: String
  public var pairingToken: String
  /// `audiosilo://connect?server=…&token=…`.
  public var uri: String
  /// `https://<base>/web/connect?token=…`, the text in the QR code.
  public var webURL: String
  public var qrPNGDataURI: String
  public var links: PairingLinks
  /// The parent invite's expiry, when redeemed from one (advisory).
  public var codeExpiresAt: Timestamp?
  /// Devices the invite can still pair; nil means unlimited or not from an invite.
  public var usesRemaining: Int?

  public init(
    serverName: String, baseURL: String, pairingToken: String, uri: String = "",
    webURL: String = "", qrPNGDataURI: String = "", links: PairingLinks = PairingLinks(),
    codeExpiresAt: Timestamp? = nil, usesRemaining: Int? = nil
  ) {
    self.serverName = serverName
    self.baseURL = baseURL
    self.pairingToken = pairingToken
    self.uri = uri
    self.webURL = webURL
    self.qrPNGDataURI = qrPNGDataURI
    self.links = links
    self.codeExpiresAt = codeExpiresAt
    self.usesRemaining = usesRemaining
  }

  enum CodingKeys: String, CodingKey {
    case uri, links
    case serverName = "server_name"
    case baseURL = "base_url"
    case pairingToken = "pairing_token"
    case webURL = "web_url"
    case qrPNGDataURI = "qr_png_data_uri"
    case codeExpiresAt = "code_expires_at"
    case usesRemaining = "uses_remaining"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    serverName = try c.text(.serverName)
    baseURL = try c.value(.baseURL, or: "")
    pairingToken = try c.decode(String.self, forKey: .pairingToken)
    uri = try c.value(.uri, or: "")
    webURL = try c.value(.webURL, or: "")
    qrPNGDataURI = try c.value(.qrPNGDataURI, or: "")
    links = try c.value(.links, or: PairingLinks())
    codeExpiresAt = try c.decodeIfPresent(Timestamp.self, forKey: .codeExpiresAt)
    usesRemaining = try c.decodeIfPresent(Int.self, forKey: .usesRemaining)
  }

  public var description: String {
    "PairingPayload(server: \(serverName), base: \(baseURL), token: <redacted>)"
  }
}

/// Where the server's own apps live, as named in a pairing payload.
public struct PairingLinks: Codable, Hashable, Sendable {
  public var web: String?
  public var admin: String?
  public var ios: String?
  public var android: String?

  public init(web: String? = nil, admin: String? = nil, ios: String? = nil, android: String? = nil)
  {
    self.web = web
    self.admin = admin
    self.ios = ios
    self.android = android
  }
}
