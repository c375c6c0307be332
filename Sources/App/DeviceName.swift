import CGLib
import Foundation

/// How this machine is named to the server ("Hark on Ada's Laptop"): the
/// pretty hostname from systemd's /etc/machine-info, else the hostname.
enum DeviceName {
  static func current(machineInfo: String = "/etc/machine-info") -> String {
    "Hark on \(prettyHostname(machineInfo: machineInfo) ?? String(cString: g_get_host_name()))"
  }

  static func prettyHostname(machineInfo: String) -> String? {
    guard let text = try? String(contentsOfFile: machineInfo, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_HOSTNAME=") {
      var value = line.dropFirst("PRETTY_HOSTNAME=".count).trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
      if !value.isEmpty { return value }
    }
    return nil
  }
}
