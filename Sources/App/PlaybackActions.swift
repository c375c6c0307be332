import Foundation
import HarkCore

/// The player's application actions. Their keys (Space, the arrows, + and
/// −, Ctrl+B) are bound by the window in the bubble phase (see
/// `PlaybackShortcuts`), so a text field, a focused list or the seek bar
/// uses them first.
@MainActor
enum PlaybackActions {
  static func add(to actions: ApplicationActions, store: Store) {
    let playback: @MainActor (PlaybackEvent) -> Void = { store.dispatch(.player(.playback($0, at: Date()))) }
    actions.add("play-pause") { playback(.toggle) }
    // From the sleep timer's notification: play on, never pause (the
    // listener may have started playing meanwhile).
    actions.add("resume") { store.dispatch(.player(.resumeRequested(at: Date()))) }
    actions.add("skip-back") { store.dispatch(.player(.skipped(.back, at: Date()))) }
    actions.add("skip-forward") { store.dispatch(.player(.skipped(.forward, at: Date()))) }
    actions.add("previous-chapter") { playback(.previousChapter) }
    actions.add("next-chapter") { playback(.nextChapter) }
    actions.add("faster") { store.dispatch(.player(.rateStepped(by: Settings.defaultSpeedStep, at: Date()))) }
    actions.add("slower") { store.dispatch(.player(.rateStepped(by: -Settings.defaultSpeedStep, at: Date()))) }
    actions.add("add-bookmark", accelerators: ["<Control>b"]) { store.dispatch(.player(.bookmarkHereRequested)) }
  }
}
