import CGtk
import HarkCore

/// "Connect to a Server": an address (or a pasted pairing or invite link),
/// then the server's sign-in methods, with errors inline in the server's
/// own words. Opens and closes with the store's sign-in flow.
///
/// The window exists only while the flow is open. A hidden GTK 4.8 window
/// crashes Hark when a screen reader asks the application for a window past
/// the shown ones (GTK answers with the last window it knows, and a hidden
/// one has no accessible object path), so no dialog waits hidden.
@MainActor
public final class AddServerDialog {
  private let store: Store
  private let parent: Widget
  private var shown: AddServerWindow?
  private var subscription: Subscription?

  public init(store: Store, parent: Widget) {
    self.store = store
    self.parent = parent
    subscription = store.subscribe(selectSignIn) { [weak self] in self?.render($0) }
  }

  private func render(_ state: SignInViewState?) {
    guard let state else {
      shown?.close()
      shown = nil
      return
    }
    // A window the listener closed while the flow stayed open is gone:
    // the state says the flow is open, so a new one shows it.
    if let shown, !shown.isClosed {
      shown.render(state, opening: false)
    } else {
      let window = AddServerWindow(store: store, parent: parent)
      shown = window
      window.render(state, opening: true)
    }
  }
}
