import CGLib

/// Typed signal connections.
///
/// Each shape of C handler gets one trampoline; the Swift closure rides in a
/// `SignalClosureBox` passed retained as user data and released by
/// `releaseBox` when GLib destroys the handler.
///
/// `connect` is for main-thread signals (every GTK widget signal): the closure
/// is main-actor isolated. `connectFromAnyThread` is for signals GStreamer
/// emits on its streaming threads: the closure must be `@Sendable` and must
/// hop to the main loop itself.
public enum Signals {
  /// `void handler(instance, user_data)` on the main thread.
  @MainActor @discardableResult
  public static func connect(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalToken {
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
      _, data in
      let box = Unmanaged<SignalClosureBox<@MainActor () -> Void>>.fromOpaque(data!)
        .takeUnretainedValue()
      MainActor.assumeIsolated { box.callback() }
    }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `void handler(instance, gpointer arg, user_data)` on the main thread,
  /// e.g. `notify` (a GParamSpec) or a signal that passes one object.
  @MainActor @discardableResult
  public static func connect(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
  ) -> SignalToken {
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, argument, data in
        let box = Unmanaged<SignalClosureBox<@MainActor (UnsafeMutableRawPointer?) -> Void>>
          .fromOpaque(data!).takeUnretainedValue()
        nonisolated(unsafe) let argument = argument
        MainActor.assumeIsolated { box.callback(argument) }
      }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `void handler(instance, gpointer, gint, gpointer, user_data)` on the main
  /// thread: GApplication's `open` (files, count, hint).
  @MainActor @discardableResult
  public static func connect(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
  ) -> SignalToken {
    typealias Callback = @MainActor (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
      ) -> Void = { _, first, count, third, data in
        let box = Unmanaged<SignalClosureBox<Callback>>.fromOpaque(data!).takeUnretainedValue()
        nonisolated(unsafe) let first = first
        nonisolated(unsafe) let third = third
        MainActor.assumeIsolated { box.callback(first, count, third) }
      }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `void handler(instance, gpointer, gpointer, guint, user_data)` on the
  /// main thread: GFileMonitor's `changed` (file, other file, event).
  @MainActor @discardableResult
  public static func connect(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32) -> Void
  ) -> SignalToken {
    typealias Callback = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32) -> Void
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?
      ) -> Void = { _, first, second, value, data in
        let box = Unmanaged<SignalClosureBox<Callback>>.fromOpaque(data!).takeUnretainedValue()
        nonisolated(unsafe) let first = first
        nonisolated(unsafe) let second = second
        MainActor.assumeIsolated { box.callback(first, second, value) }
      }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `void handler(instance, gint, gdouble, gdouble, user_data)` on the main
  /// thread: GtkGestureClick's `pressed` (presses, x, y).
  @MainActor @discardableResult
  public static func connect(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (Int32, Double, Double) -> Void
  ) -> SignalToken {
    typealias Callback = @MainActor (Int32, Double, Double) -> Void
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = {
        _, presses, x, y, data in
        let box = Unmanaged<SignalClosureBox<Callback>>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { box.callback(presses, x, y) }
      }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `void handler(instance, guint, user_data)` on the main thread, e.g.
  /// GtkListView's `activate` (the activated position).
  @MainActor @discardableResult
  public static func connect(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (UInt32) -> Void
  ) -> SignalToken {
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = {
      _, value, data in
      let box = Unmanaged<SignalClosureBox<@MainActor (UInt32) -> Void>>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated { box.callback(value) }
    }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `gboolean handler(instance, user_data)` on the main thread, e.g.
  /// `close-request` (return true to stop the default handler).
  @MainActor @discardableResult
  public static func connectReturningBool(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor () -> Bool
  ) -> SignalToken {
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = {
      _, data in
      let box = Unmanaged<SignalClosureBox<@MainActor () -> Bool>>.fromOpaque(data!)
        .takeUnretainedValue()
      return MainActor.assumeIsolated { box.callback() } ? 1 : 0
    }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `gboolean handler(instance, gpointer, gdouble, gdouble, user_data)` on
  /// the main thread: GtkDropTarget's `drop` (value, x, y).
  @MainActor @discardableResult
  public static func connectReturningBool(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool
  ) -> SignalToken {
    typealias Callback = @MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?)
        -> gboolean = { _, argument, x, y, data in
          let box = Unmanaged<SignalClosureBox<Callback>>.fromOpaque(data!).takeUnretainedValue()
          nonisolated(unsafe) let argument = argument
          return MainActor.assumeIsolated { box.callback(argument, x, y) } ? 1 : 0
        }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `gint handler(instance, gpointer arg, user_data)` on the main thread,
  /// e.g. GApplication's `handle-local-options` (a GVariantDict).
  @MainActor @discardableResult
  public static func connectReturningInt(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Int32
  ) -> SignalToken {
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
        _, argument, data in
        let box = Unmanaged<SignalClosureBox<@MainActor (UnsafeMutableRawPointer?) -> Int32>>.fromOpaque(data!)
          .takeUnretainedValue()
        nonisolated(unsafe) let argument = argument
        return MainActor.assumeIsolated { box.callback(argument) }
      }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `void handler(instance, user_data)` on whatever thread emits it.
  @discardableResult
  public static func connectFromAnyThread(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @Sendable () -> Void
  ) -> SignalToken {
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
      _, data in
      Unmanaged<SignalClosureBox<@Sendable () -> Void>>.fromOpaque(data!)
        .takeUnretainedValue().callback()
    }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `void handler(instance, gpointer arg, user_data)` on whatever thread
  /// emits it, e.g. playbin's `source-setup`.
  @discardableResult
  public static func connectFromAnyThread(
    _ instance: some GObjectPointer, _ signal: String,
    _ handler: @escaping @Sendable (UnsafeMutableRawPointer?) -> Void
  ) -> SignalToken {
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, argument, data in
        Unmanaged<SignalClosureBox<@Sendable (UnsafeMutableRawPointer?) -> Void>>
          .fromOpaque(data!).takeUnretainedValue().callback(argument)
      }
    return attach(instance, signal, SignalClosureBox(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  private static func attach(
    _ instance: some GObjectPointer, _ signal: String, _ box: AnyObject, _ callback: GCallback
  ) -> SignalToken {
    let data = Unmanaged.passRetained(box).toOpaque()
    let id = g_signal_connect_data(instance.gobject, signal, callback, data, releaseBox, GConnectFlags(0))
    if id == 0 {
      // GLib already warned (unknown signal); nothing holds the box but us.
      Unmanaged<AnyObject>.fromOpaque(data).release()
    }
    return SignalToken(instance: instance.gobjectRaw, handlerID: id, box: box)
  }
}

/// GLib's destroy notify: the handler is gone, so is the closure.
private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
