import CGtk
import HarkCore

/// Where a program built on HarkApp looks in on a running Hark without the
/// shipped `hark` carrying its code: `hark-bench` (Sources/hark-bench)
/// attaches the benchmarks' probes here. `hark` attaches nothing, so for a
/// listener these lists are empty and cost nothing.
@MainActor
public struct ApplicationHooks {
  /// Once the store exists, in GApplication's startup; `quit` closes Hark
  /// the way Ctrl+Q does.
  public var storeCreated: [@MainActor (_ store: Store, _ quit: @escaping @MainActor () -> Void) -> Void] = []
  /// Once the main window is built, before it is first presented.
  public var windowCreated: [@MainActor (_ store: Store, _ window: UnsafeMutablePointer<GtkWidget>) -> Void] = []

  public init() {}
}
