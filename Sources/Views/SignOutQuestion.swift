import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore

/// Signing out of a server that has downloads on this computer asks what
/// to do with them: keep them (they still play offline) or remove them.
/// A server without downloads signs out at once, as before.
@MainActor
enum SignOutQuestion {
  static let keep = "keep"
  static let remove = "remove"

  static func signOut(serverID: String, name: String, store: Store, from widget: Widget) {
    guard let downloads = selectServerDownloads(store.state, serverID: serverID) else {
      store.dispatch(.connections(.signOutRequested(serverID: serverID, at: Date())))
      return
    }
    let parent = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
    let dialog = adw_message_dialog_new(
      parent, trFormat("Sign Out of “%@”?", name),
      trFormat("Its downloads (%@) stay on this computer and play offline unless you remove them.", downloads))!
    adw_message_dialog_add_response(dialog.cast(AdwMessageDialog.self), "cancel", tr("_Cancel"))
    adw_message_dialog_add_response(dialog.cast(AdwMessageDialog.self), keep, tr("_Keep Downloads"))
    adw_message_dialog_add_response(dialog.cast(AdwMessageDialog.self), remove, tr("_Remove Downloads"))
    adw_message_dialog_set_response_appearance(dialog.cast(AdwMessageDialog.self), remove, ADW_RESPONSE_DESTRUCTIVE)
    adw_message_dialog_set_default_response(dialog.cast(AdwMessageDialog.self), keep)
    adw_message_dialog_set_close_response(dialog.cast(AdwMessageDialog.self), "cancel")
    Signals.connect(dialog, "response") { (response: UnsafeMutableRawPointer?) in
      guard let response else { return }
      let chosen = String(cString: response.assumingMemoryBound(to: CChar.self))
      guard chosen == keep || chosen == remove else { return }
      if chosen == remove { store.dispatch(.downloads(.serverDownloadsRemoved(serverID: serverID))) }
      store.dispatch(.connections(.signOutRequested(serverID: serverID, at: Date())))
    }
    gtk_window_present(dialog.cast(GtkWindow.self))
  }
}
