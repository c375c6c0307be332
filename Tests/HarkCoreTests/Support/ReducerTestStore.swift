import XCTest

@testable import HarkCore

/// The Composable Architecture's test store, for Hark's pure reducer.
///
/// Each `send` runs one action through `reduce` and requires the test to
/// say everything that came of it: the next state, as the changes made to a
/// copy of the previous one (`store.send(.x) { $0.y = z }`), and every
/// effect, in order. A change or an effect the test did not state fails it,
/// so a stray extra effect (a second save, a load nobody asked for) cannot
/// slip in unseen the way it can past `effects.contains(…)`.
///
/// Effects are values here, not work in flight: a test answers one by
/// sending the action its runner would (`.library(.bookLoaded(…))`).
struct ReducerTestStore {
  /// The state after the last send.
  private(set) var state: AppState
  /// XCTFail; the store's own tests record what it would report instead.
  private let fail: (String, StaticString, UInt) -> Void

  init(
    _ initial: AppState = AppState(),
    fail: @escaping (String, StaticString, UInt) -> Void = { XCTFail($0, file: $1, line: $2) }
  ) {
    state = initial
    self.fail = fail
  }

  /// Sends `action`; fails unless the next state equals the previous one
  /// changed by `expected`, and the effects equal `effects`.
  mutating func send(
    _ action: Action, effects: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
    _ expected: (inout AppState) -> Void = { _ in }
  ) {
    var wanted = state
    expected(&wanted)
    var actual = state
    let produced = reduce(&actual, action)
    if actual != wanted {
      let differences = StateDifference.lines(wanted, actual)
      fail(
        "the state after \(action) is not the one stated (expected −, actual +):\n"
          + (differences.isEmpty ? "(no difference a dump shows)" : differences.joined(separator: "\n")), file, line)
    }
    if produced != effects {
      fail(
        "the effects of \(action) are not the ones stated:\n"
          + EffectDifference.lines(expected: effects, actual: produced).joined(separator: "\n"), file, line)
    }
    // Carry on from what the reducer did, so one failure is reported once.
    state = actual
  }

  /// Sets up state a flow starts from, outside what is being asserted.
  mutating func prepare(_ change: (inout AppState) -> Void) {
    change(&state)
  }
}

/// Effects stated but not produced, and produced but not stated.
enum EffectDifference {
  static func lines(expected: [Effect], actual: [Effect]) -> [String] {
    var unmatched = actual
    var lines: [String] = []
    for effect in expected {
      if let index = unmatched.firstIndex(of: effect) {
        unmatched.remove(at: index)
      } else {
        lines.append("  − stated, not produced: \(effect)")
      }
    }
    lines += unmatched.map { "  + produced, not stated: \($0)" }
    if lines.isEmpty { lines.append("  the same effects, in another order: \(actual)") }
    return lines
  }
}

/// Where two values differ, by the path of stored properties down to each
/// difference (`state.player.session.rate`), found with `Mirror`.
enum StateDifference {
  static func lines(_ expected: Any, _ actual: Any, path: String = "state") -> [String] {
    let wanted = dumped(expected)
    let got = dumped(actual)
    if wanted == got { return [] }
    let left = Mirror(reflecting: expected)
    let right = Mirror(reflecting: actual)
    // Dictionaries and sets iterate in no fixed order: compare by key.
    if left.displayStyle == .dictionary, right.displayStyle == .dictionary {
      return keyed(left, right, path: path)
    }
    if left.displayStyle == .set, right.displayStyle == .set {
      return sorted(left) == sorted(right) ? [] : [leaf(path, wanted, got)]
    }
    let leftChildren = Array(left.children)
    let rightChildren = Array(right.children)
    let sameShape =
      !leftChildren.isEmpty && leftChildren.count == rightChildren.count
      && zip(leftChildren, rightChildren).allSatisfy { $0.label == $1.label }
    guard sameShape else { return [leaf(path, wanted, got)] }
    return zip(leftChildren.indices, zip(leftChildren, rightChildren)).flatMap { index, pair in
      lines(pair.0.value, pair.1.value, path: path + "." + (pair.0.label ?? "[\(index)]"))
    }
  }

  private static func keyed(_ left: Mirror, _ right: Mirror, path: String) -> [String] {
    let lefts = entries(left)
    let rights = entries(right)
    return Set(lefts.keys).union(rights.keys).sorted().flatMap { key -> [String] in
      switch (lefts[key], rights[key]) {
      case (let l?, let r?): return lines(l, r, path: "\(path)[\(key)]")
      case (let l?, nil): return ["\(path)[\(key)]:\n  − \(shortened(dumped(l)))\n  + (absent)"]
      case (nil, let r?): return ["\(path)[\(key)]:\n  − (absent)\n  + \(shortened(dumped(r)))"]
      case (nil, nil): return []
      }
    }
  }

  private static func entries(_ dictionary: Mirror) -> [String: Any] {
    var result: [String: Any] = [:]
    for child in dictionary.children {
      let pair = Array(Mirror(reflecting: child.value).children)
      guard pair.count == 2 else { continue }
      result[String(describing: pair[0].value)] = pair[1].value
    }
    return result
  }

  private static func sorted(_ set: Mirror) -> [String] {
    set.children.map { dumped($0.value) }.sorted()
  }

  private static func leaf(_ path: String, _ wanted: String, _ got: String) -> String {
    "\(path):\n  − \(shortened(wanted))\n  + \(shortened(got))"
  }

  private static func dumped(_ value: Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func shortened(_ text: String) -> String {
    // `dump` marks each line with "- " or "▿ ": noise in a one-line value.
    let oneLine = text.split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces).trimmingPrefix(while: { "-▿ ".contains($0) }) }
      .joined(separator: " ")
    return oneLine.count > 600 ? String(oneLine.prefix(600)) + "…" : oneLine
  }
}
