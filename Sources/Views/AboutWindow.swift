import CAdw
import CGtk
import HarkCore

/// Hark's About window.
@MainActor
public enum AboutWindow {
  public static func make(parent: Widget, version: String) -> Widget {
    let about = adw_about_window_new()!
    let window = about.opaque
    adw_about_window_set_application_name(window, "Hark")
    adw_about_window_set_application_icon(window, "dev.hark.Hark")
    adw_about_window_set_version(window, version)
    adw_about_window_set_developer_name(window, tr("The Hark developers"))
    adw_about_window_set_comments(
      window, tr("Listen to audiobooks from your AudioSilo server or a folder on this computer."))
    adw_about_window_set_license_type(window, GTK_LICENSE_GPL_3_0)
    gtk_window_set_transient_for(about.cast(GtkWindow.self), parent.cast(GtkWindow.self))
    gtk_window_set_modal(about.cast(GtkWindow.self), 1)
    return about
  }
}
