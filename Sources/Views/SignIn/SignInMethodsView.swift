import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The second step of Add Server: the sign-in methods the server accepts,
/// as switchable pages (invite code, password, demo). Reads its fields only
/// when the listener submits; nothing typed is kept in the store.
@MainActor
final class SignInMethodsView {
  let widget: Widget
  let serverName: Widget
  let error: Widget
  private let store: Store
  private let stack: Widget
  private let switcher: Widget
  private let code = Form.entryRow(tr("Invite Code"))
  private let username = Form.entryRow(tr("Username"))
  private let password = Form.entryRow(tr("Password"), password: true)
  /// Every method's tab, in the order they are offered; only the offered
  /// ones are in the stack (`shown`).
  private var tabs: [(method: SignInViewState.Method, title: String, icon: String, content: ObjectRef)] = []
  private var shown: [SignInViewState.Method] = []
  private let demoButton = Form.pillButton(tr("Try the Demo"))

  init(store: Store) {
    self.store = store
    serverName = Make.label("", classes: "title-2")
    gtk_label_set_wrap(OpaquePointer(serverName), 1)
    error = Form.errorLabel()
    stack = adw_view_stack_new()
    switcher = adw_view_switcher_new()!
    adw_view_switcher_set_stack(switcher.opaque, stack.opaque)
    adw_view_switcher_set_policy(switcher.opaque, ADW_VIEW_SWITCHER_POLICY_WIDE)
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 18, serverName, switcher, stack, error)

    let codeButton = Form.pillButton(tr("Sign In"))
    let passwordButton = Form.pillButton(tr("Sign In"))
    add(.inviteCode, tr("Invite Code"), "mail-unread-symbolic", Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 18,
      Form.paragraph(tr("Enter the invite code your server's admin gave you.")), Form.group(code), codeButton))
    add(.password, tr("Password"), "dialog-password-symbolic", Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 18, Form.group(username, password), passwordButton))
    add(.demo, tr("Demo"), "applications-games-symbolic", Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 18,
      Form.paragraph(tr("Listen to the server's demo library without an account.")), demoButton))

    connect(codeButton, code) { .inviteCodeSubmitted(Form.text(of: self.code)) }
    connect(passwordButton, password) {
      .passwordSubmitted(username: Form.text(of: self.username), password: Form.text(of: self.password))
    }
    Signals.connect(demoButton, "clicked") { [weak self] in self?.store.dispatch(.connections(.demoRequested)) }
    Signals.connect(username, "entry-activated") { gtk_widget_grab_focus(self.password) }
  }

  private func add(_ method: SignInViewState.Method, _ title: String, _ icon: String, _ content: Widget) {
    content.setMargins(6)
    // Held here too: a tab the server does not offer is out of the stack.
    tabs.append((method, title, icon, ObjectRef(retaining: content)))
  }

  /// Puts exactly the offered methods' tabs in the stack, and shows the one
  /// the listener was on, else the first. Tabs are removed and added rather
  /// than hidden: with libadwaita 1.2 a hidden page stayed the visible one,
  /// so a password-only server showed the invite form under a lone
  /// "Password" tab.
  private func showTabs(_ offered: [SignInViewState.Method]) {
    let current = adw_view_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) }
    for tab in tabs where shown.contains(tab.method) {
      adw_view_stack_remove(stack.opaque, tab.content.as(GtkWidget.self))
    }
    for tab in tabs where offered.contains(tab.method) {
      let page = adw_view_stack_add_titled(stack.opaque, tab.content.as(GtkWidget.self), tab.method.rawValue, tab.title)!
      adw_view_stack_page_set_icon_name(page, tab.icon)
    }
    shown = tabs.map(\.method).filter(offered.contains)
    // One way in is no choice: a lone tab would only look like a button.
    gtk_widget_set_visible(switcher, shown.count > 1 ? 1 : 0)
    if let visible = shown.first(where: { $0.rawValue == current }) ?? shown.first {
      adw_view_stack_set_visible_child_name(stack.opaque, visible.rawValue)
    }
  }

  /// Submits on the button and on Enter in the form's last field.
  private func connect(_ button: Widget, _ lastField: Widget, _ action: @escaping @MainActor () -> ConnectionsAction) {
    Signals.connect(button, "clicked") { [weak self] in self?.store.dispatch(.connections(action())) }
    Signals.connect(lastField, "entry-activated") { [weak self] in self?.store.dispatch(.connections(action())) }
  }

  func render(_ state: SignInViewState) {
    serverName.setLabelText(state.serverName)
    if tabs.map(\.method).filter(state.methods.contains) != shown { showTabs(state.methods) }
    Form.showError(error, state.error)
  }

  /// The keyboard to where the shown method starts: its first field (the
  /// demo's button). Called as the page slides in after Continue, so what
  /// the listener types next goes into the form.
  func focusFirstField() {
    let current = adw_view_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) }
    switch shown.first(where: { $0.rawValue == current }) {
    case .inviteCode?: gtk_widget_grab_focus(code)
    case .password?: gtk_widget_grab_focus(username)
    case .demo?: gtk_widget_grab_focus(demoButton)
    case nil: break
    }
  }
}
