import CAdw
import CGtk
import HarkCore

/// `AdwStatusPage`s for empty and error states, optionally with one button.
@MainActor
enum StatusPages {
  static func make(icon: String, title: String, description: String? = nil, button: String? = nil) -> Widget {
    let page = adw_status_page_new()!
    adw_status_page_set_icon_name(page.opaque, icon)
    page.setStatusTitle(title)
    if let description { page.setStatusDescription(description) }
    if let button {
      let action = gtk_button_new_with_label(button)!
      action.addClasses("pill")
      gtk_widget_set_halign(action, GTK_ALIGN_CENTER)
      adw_status_page_set_child(page.opaque, action)
    }
    return page
  }

  /// A failure page says "offline" while its server is unreachable and the
  /// failure itself otherwise.
  static func showFailure(_ page: Widget, title: String, message: String, offline: String?) {
    adw_status_page_set_icon_name(page.opaque, offline == nil ? "network-error-symbolic" : "network-offline-symbolic")
    page.setStatusTitle(offline == nil ? title : tr("Server Offline"))
    page.setStatusDescription(offline ?? message)
  }

  /// The button `make` put on `page`.
  static func button(of page: Widget) -> Widget {
    adw_status_page_get_child(page.opaque)!
  }
}
