import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The "Connect to a Server" window itself, for one opening of the sign-in
/// flow: `AddServerDialog` builds it when the flow opens and destroys it
/// when the flow closes.
@MainActor
final class AddServerWindow {
  /// GTK owns it; nothing here touches it once it closed.
  private let window: Widget
  private(set) var isClosed = false
  private let store: Store
  private let stack: Widget
  private let back: Widget
  private let address = Form.entryRow(tr("Server Address or Link"))
  private let addressError = Form.errorLabel()
  private let workingCaption = Make.label("")
  private let methods: SignInMethodsView
  private let recent: RecentServersGroup

  init(store: Store, parent: Widget) {
    self.store = store
    methods = SignInMethodsView(store: store)
    recent = RecentServersGroup(store: store)
    window = adw_window_new()
    let gtkWindow = window.cast(GtkWindow.self)
    gtk_window_set_title(gtkWindow, tr("Connect to a Server"))
    gtk_window_set_transient_for(gtkWindow, parent.cast(GtkWindow.self))
    gtk_window_set_modal(gtkWindow, 1)
    gtk_window_set_default_size(gtkWindow, 440, 520)
    // Dialogs close on Escape (HIG), and on Ctrl+W like every window.
    let keys = gtk_shortcut_controller_new()!
    for trigger in ["Escape", "<Control>w"] {
      gtk_shortcut_controller_add_shortcut(
        keys, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new("window.close")))
    }
    // Before the focused field sees the key: GtkText takes Escape itself.
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    gtk_widget_add_controller(window, keys)

    back = Make.iconButton("go-previous-symbolic", tooltip: tr("Back"))
    let header = adw_header_bar_new()!
    adw_header_bar_pack_start(header.opaque, back)

    let continueButton = Form.pillButton(tr("Continue"))
    let addressPage = Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 18,
      Form.paragraph(tr("Enter your AudioSilo server's address, or paste a sign-in link it gave you.")),
      Form.group(address), addressError, continueButton, recent.widget)
    let spinner = Make.spinner()
    let workingPage = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, spinner, workingCaption)
    gtk_widget_set_valign(workingPage, GTK_ALIGN_CENTER)

    stack = gtk_stack_new()
    gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    for (child, name) in [(addressPage, "address"), (workingPage, "working"), (methods.widget, "methods")] {
      child.setMargins(18)
      gtk_stack_add_named(stack.opaque, child, name)
    }
    // Narrow like a phone, centred on a desktop.
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(clamp.opaque, 420)
    adw_clamp_set_child(clamp.opaque, stack)
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), clamp)
    gtk_widget_set_vexpand(scroller, 1)
    adw_window_set_content(window.cast(AdwWindow.self), Make.box(GTK_ORIENTATION_VERTICAL, header, scroller))

    Signals.connect(continueButton, "clicked") { [weak self] in self?.submitAddress() }
    Signals.connect(address, "entry-activated") { [weak self] in self?.submitAddress() }
    Signals.connect(back, "clicked") { [weak self] in self?.store.dispatch(.connections(.backToAddressRequested)) }
    // Closing by the window's own means ends the flow; GTK then destroys it.
    Signals.connectReturningBool(window, "close-request") { [weak self] in
      self?.isClosed = true
      self?.store.dispatch(.connections(.addServerDismissed))
      return false
    }
  }

  /// Ends this window for good.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    gtk_window_destroy(window.cast(GtkWindow.self))
  }

  private func submitAddress() {
    store.dispatch(.connections(.addressSubmitted(Form.text(of: address))))
  }

  /// Shows the flow's step; `opening` is the first render of this window.
  func render(_ state: SignInViewState, opening: Bool) {
    let page: String
    switch state.step {
    case .address:
      page = "address"
      Form.setText(of: address, state.address)
      Form.showError(addressError, state.error)
      recent.render(state.recent)
    case .working(let caption):
      page = "working"
      workingCaption.setLabelText(caption)
    case .chooseMethod:
      page = "methods"
      methods.render(state)
    }
    let previous = gtk_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) }
    gtk_stack_set_visible_child_name(stack.opaque, page)
    back.setVisible(state.step == .chooseMethod)
    if opening { gtk_window_present(window.cast(GtkWindow.self)) }
    // The keyboard follows the step: into the address when the dialog
    // opens, into the chosen method's form after Continue (it was left on
    // the Continue button, now hidden, and typing went nowhere).
    if page == "methods" && previous != "methods" { methods.focusFirstField() }
    if page == "address" && (previous != "address" || opening) { gtk_widget_grab_focus(address) }
  }
}
