import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Asks what to do with files or folders dropped on the window or pasted
/// into it: copy them into the library folder, or add folders where they
/// are (an `AdwMessageDialog`: Tab moves between its named buttons, Enter
/// takes the suggested one, Escape cancels). Then says in a toast how a
/// copy ended.
@MainActor
final class LibraryFolderOffer {
  static let copy = "copy"
  static let inPlace = "in-place"
  static let cancel = "cancel"

  private let window: Widget
  private let store: Store
  private var subscriptions: [Subscription] = []
  /// The offer asked about last, so a state change does not ask again.
  private var asked: Int?
  /// How the last copy went.
  private var copyNotice: NoticeToast

  init(window: Widget, toasts: Widget, store: Store) {
    self.window = window
    copyNotice = NoticeToast(on: toasts, seconds: 5)
    self.store = store
    subscriptions.append(store.subscribe(selectLibraryOffer) { [weak self] in self?.ask($0) })
    subscriptions.append(store.subscribe(selectLibraryCopyNotice) { [weak self] in self?.tell($0) })
  }

  private func ask(_ question: LibraryOfferQuestion?) {
    guard let question, question.serial != asked else { return }
    asked = question.serial
    // Heading and body are plain text (their markup is off by default).
    let dialog = adw_message_dialog_new(window.cast(GtkWindow.self), question.heading, question.body)!
    let message = dialog.cast(AdwMessageDialog.self)
    // Its name for a screen reader and the window list.
    gtk_window_set_title(dialog.cast(GtkWindow.self), question.heading)
    adw_message_dialog_add_response(message, Self.cancel, tr("_Cancel"))
    if question.canAddInPlace { adw_message_dialog_add_response(message, Self.inPlace, tr("_Add Where It Is")) }
    if let copyLabel = question.copyLabel {
      // Labels read "_" as a mnemonic: a folder's own underscores are doubled.
      adw_message_dialog_add_response(message, Self.copy, copyLabel.replacingOccurrences(of: "_", with: "__"))
    }
    let suggested = question.copyLabel != nil ? Self.copy : question.canAddInPlace ? Self.inPlace : Self.cancel
    if suggested != Self.cancel {
      adw_message_dialog_set_response_appearance(message, suggested, ADW_RESPONSE_SUGGESTED)
    }
    adw_message_dialog_set_default_response(message, suggested)
    adw_message_dialog_set_close_response(message, Self.cancel)
    Signals.connect(dialog, "response") { [weak store] (response: UnsafeMutableRawPointer?) in
      guard let store, let response else { return }
      let answer: LocalOfferAnswer =
        switch String(cString: response.assumingMemoryBound(to: CChar.self)) {
        case Self.copy: .copy
        case Self.inPlace: .addInPlace
        default: .cancel
        }
      store.dispatch(.localLibrary(.offerAnswered(answer)))
    }
    gtk_window_present(dialog.cast(GtkWindow.self))
  }

  private func tell(_ notice: LibraryCopyNotice?) {
    copyNotice.tell(notice?.text, serial: notice?.serial ?? 0)
  }
}
