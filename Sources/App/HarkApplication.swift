import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore
import Networking
import Views

/// The application: one store for every window, the live effect runner,
/// GSettings, the app-level actions and their shortcuts.
///
/// GApplication makes Hark single-instance: a second launch activates the
/// running one, which presents its window.
@MainActor
public final class HarkApplication {
  static let id = "dev.hark.Hark"
  static let version = "0.2.0"

  private let application: UnsafeMutablePointer<AdwApplication>
  private var store: Store?
  private var settings: SettingsBridge?
  private var mainWindow: MainWindow?
  private var preferences: PreferencesWindow?
  private var connections: ConnectionServices?
  private var playback: PlaybackServices?
  private var covers: CoverSource = .none
  private var mediaPlayer: MediaPlayerService?
  private var suspendInhibitor: SuspendInhibitor?
  private var background: BackgroundPlayback?
  private var searchProvider: SearchProviderService?
  private var networkWatch: NetworkWatch?
  private var notifications: DesktopNotifications?
  private var folderWatch: LocalFolderWatch?
  private let hooks: ApplicationHooks

  /// `hooks`: for `hark-bench`; the shipped `hark` passes none.
  public init(hooks: ApplicationHooks = ApplicationHooks()) {
    self.hooks = hooks
    // HANDLES_OPEN: `hark audiosilo://connect?…` and the desktop's URL
    // handler deliver pairing links here (to the running instance if any).
    application = adw_application_new(Self.id, G_APPLICATION_HANDLES_OPEN)
    LocalOptions.install(on: application.cast(GApplication.self), version: Self.version)
    Signals.connect(application, "startup") { [weak self] in self?.startup() }
    Signals.connect(application, "activate") { [weak self] in self?.activate() }
    Signals.connect(application, "shutdown") { [weak self] in self?.shutdown() }
    Signals.connect(application, "open") { [weak self] (files: UnsafeMutableRawPointer?, count: Int32, _: UnsafeMutableRawPointer?) in
      self?.open(links: OpenedLinks.uris(files, count))
    }
  }

  public func run() -> Int32 {
    g_application_run(application.cast(GApplication.self), CommandLine.argc, CommandLine.unsafeArgv)
  }

  private var gtkApplication: UnsafeMutablePointer<GtkApplication> { application.cast(GtkApplication.self) }

  private func startup() {
    // Before anything awaits on the main actor.
    MainLoopBridge.install()
    Style.install()
    let settings = SettingsBridge()
    var storeRef: Store?
    let secrets = SecretStorage(
      keepsInFile: { settings.keepsSignInInFile }, saveKeepsInFile: { settings.keepsSignInInFile = $0 }
    ) { available in
      storeRef?.dispatch(.connections(.keyringAvailabilityChecked(available: available)))
    }
    let connections = ConnectionServices(
      transport: SoupTransport(userAgent: "Hark/\(Self.version)"), secrets: secrets,
      serverList: ServerListFile(), deviceName: DeviceName.current(), dispatch: { storeRef?.dispatch($0) })
    // Opened while the window is built; what reads it first (the restore,
    // the downloads registry) runs after `activate`, still before the first frame.
    connections.openListeningStoreAhead()
    let libraryFolders = LibraryFoldersSetting(settings: settings.settings)
    let services = AppServices(
      connections: connections, makeEngine: { EngineFactory.make() },
      settings: { effect in
        if case .persistLocalFolders(let paths) = effect { libraryFolders.save(paths) }
        if case .persistLayout(let layout) = effect { settings.bookLayout = layout }
        if case .persistDownloadsFolder(let folder) = effect { settings.downloadsFolder = folder }
      })
    let local = services.local
    let effects = EffectRunner(
      clock: GLibClock(), persistSetting: { key, value in settings.write(key, value) }, services: services.run)
    let store = Store(effects: effects)
    storeRef = store
    store.dispatch(.settings(.loaded(settings.load())))
    store.dispatch(.connections(.keepSignInInFileLoaded(settings.keepsSignInInFile)))
    store.dispatch(.library(.layoutLoaded(settings.bookLayout)))
    store.dispatch(.connections(.launched))
    networkWatch = NetworkWatch { store.dispatch($0) }
    // In a main-actor task: after `activate` has built the window (the
    // database meanwhile opened beside it), still before the first frame.
    Task { store.dispatch(.downloads(.launched(root: settings.downloadsFolder))) }
    let folderWatch = LocalFolderWatch { store.dispatch(.localLibrary(.rescanRequested)) }
    let rootWatch = LocalRootWatch { store.dispatch(.localLibrary(.folderMoved(from: $0, to: $1))) }
    local.afterScan = { [weak local] in
      folderWatch.watch(local?.foldersToWatch() ?? [])
      folderWatch.watchDrives(local?.someFolderMissing ?? false)
      rootWatch.watch(local?.libraryRoots ?? [])
    }
    self.folderWatch = folderWatch
    libraryFolders.load { store.dispatch(.localLibrary(.foldersLoaded($0))) }
    libraryFolders.observe { store.dispatch(.localLibrary(.foldersLoaded($0))) }
    self.connections = connections
    playback = services.playback
    let (covers, coverFile) = CoverSourceSetup.make(connections: connections, local: local) {
      store.state.connections.access($0)
    }
    self.covers = covers
    settings.observe { key, value in store.dispatch(.settings(.changed(key, value))) }
    self.settings = settings
    self.store = store
    addActions(store: store)
    for hook in hooks.storeCreated { hook(store) { [weak self] in self?.quit() } }
    mediaPlayer = MediaPlayerService(
      connection: g_application_get_dbus_connection(application.cast(GApplication.self)), store: store,
      coverFile: coverFile,
      raise: { [weak self] in self?.activate() }, quit: { [weak self] in self?.quit() })
    searchProvider = SearchProviderService(
      connection: g_application_get_dbus_connection(application.cast(GApplication.self)),
      connections: connections, local: local, store: store, present: { [weak self] in self?.activate() })
    background = BackgroundPlayback(application: application.cast(GApplication.self), store: store)
    notifications = DesktopNotifications(application: application.cast(GApplication.self), store: store) {
      [weak self] in self?.mainWindow?.window.cast(GtkWindow.self)
    }
    suspendInhibitor = SuspendInhibitor(application: gtkApplication, store: store) { [weak self] in
      self?.mainWindow?.window.cast(GtkWindow.self)
    }
  }

  /// After the last window closed, by whichever way Hark was quit.
  private func shutdown() {
    // However Hark ends (Quit, a signal, or the last window closed while
    // a book plays with background playback off), the place is saved where
    // it ended; once is enough, `quit` may have done it. It is written
    // before the process ends, and sent before a sign-out below takes the
    // token that sends it.
    store?.dispatch(.player(.playback(.quitting, at: Date())))
    // So are the server lists saved last (a sign-in or sign-out just
    // before): both lanes write meanwhile, and are waited for within 2 s.
    let deadline = ContinuousClock.now + .seconds(2)
    connections?.serverLists.waitUntilSaved(within: .seconds(2))
    playback?.waitForSaves(within: max(.zero, ContinuousClock.now.duration(to: deadline)))
    guard let sessions = connections?.sessionsNotKept, !sessions.isEmpty else { return }
    QuitTimeSignOut.run(sessions, within: .seconds(3))
  }

  private func activate() {
    guard let store, let settings else { return }
    if mainWindow == nil {
      let window = MainWindow(application: gtkApplication, store: store, menu: Self.primaryMenu(), covers: covers)
      WindowGeometry.restore(window.window, from: settings)
      for hook in hooks.windowCreated { hook(store, window.window) }
      background?.watch(window.window)
      // Its widgets go with it: the views (and their store subscriptions)
      // must too, or a state change at quit renders into freed widgets.
      Signals.connect(window.window, "destroy") { [weak self] in self?.mainWindow = nil }
      mainWindow = window
    }
    gtk_window_present(mainWindow!.window.cast(GtkWindow.self))
    background?.shown()
  }

  /// A pairing or invite link: show the window and start signing in with it.
  private func open(links: [String]) {
    activate()
    guard let store, let link = links.first else { return }
    store.dispatch(.connections(.addServerRequested))
    store.dispatch(.connections(.addressSubmitted(link)))
  }

  private func addActions(store: Store) {
    let actions = ApplicationActions(application: gtkApplication)
    actions.add("quit", accelerators: ["<Control>q"]) { [weak self] in self?.quit() }
    // A session logout or `kill` takes the same orderly path as Ctrl+Q.
    QuitSignals.install { [weak self] in self?.quit() }
    actions.add("preferences", accelerators: ["<Control>comma"]) { [weak self] in self?.showPreferences() }
    actions.add("shortcuts", accelerators: ["<Control>question"]) { [weak self] in
      guard let parent = self?.mainWindow?.window else { return }
      gtk_window_present(ShortcutsWindow.make(parent: parent).cast(GtkWindow.self))
    }
    actions.add("about") { [weak self] in
      guard let parent = self?.mainWindow?.window else { return }
      gtk_window_present(AboutWindow.make(parent: parent, version: Self.version).cast(GtkWindow.self))
    }
    var pageTargets: [String: [String]] = [:]
    for (number, page) in Page.allCases.enumerated() { pageTargets[page.rawValue] = ["<Alt>\(number + 1)"] }
    actions.add("page", targets: pageTargets) { name in
      if let page = Page(rawValue: name) { store.dispatch(.ui(.pageSelected(page))) }
    }
    actions.add("search", accelerators: ["<Control>f"]) { store.dispatch(.library(.searchRequested)) }
    // From a download's notification: the window at the Downloads page,
    // or the failed download tried again.
    actions.add("show-downloads") { [weak self] in
      self?.activate()
      store.dispatch(.ui(.pageSelected(.downloads)))
    }
    actions.add("reconnect", targets: [:]) { [weak self] serverID in
      self?.activate()
      store.dispatch(.connections(.reconnectRequested(serverID: serverID)))
    }
    actions.add("retry-download", targets: [:]) { rawKey in
      guard let key = store.state.downloads.entries.keys.first(where: { $0.rawValue == rawKey }) else { return }
      store.dispatch(.downloads(.retryRequested(key)))
    }
    actions.add("next-page", accelerators: ["<Control>Page_Down"]) { store.dispatch(.ui(.nextPageRequested)) }
    // The keyboard's Back key too; Escape and the mouse's back button are
    // the window's (they must not take a key a focused widget wants).
    actions.add("back", accelerators: ["<Alt>Left", "Back"]) { store.dispatch(.ui(.backRequested)) }
    actions.add("previous-page", accelerators: ["<Control>Page_Up"]) {
      store.dispatch(.ui(.previousPageRequested))
    }
    PlaybackActions.add(to: actions, store: store)
    ApplicationActions.setAccelerators(gtkApplication, "window.close", ["<Control>w"])
  }

  /// Saves a playing book's place where the listener quit, not at the
  /// last autosave, up to 10 s earlier, and stops the sound at once
  /// (`shutdown` waits for that save); closes every window (so each saves
  /// what it keeps on close); then quits.
  private func quit() {
    store?.dispatch(.player(.playback(.quitting, at: Date())))
    background?.quitting = true
    var windows: [UnsafeMutablePointer<GtkWindow>] = []
    var node = gtk_application_get_windows(gtkApplication)
    while let current = node {
      windows.append(current.pointee.data.assumingMemoryBound(to: GtkWindow.self))
      node = current.pointee.next
    }
    windows.forEach { gtk_window_close($0) }
    g_application_quit(application.cast(GApplication.self))
  }

  private func showPreferences() {
    guard let store, let parent = mainWindow?.window else { return }
    if preferences == nil {
      preferences = PreferencesWindow(store: store, parent: parent) { [weak self] in self?.preferences = nil }
    }
    preferences?.present()
  }

  private static func primaryMenu() -> UnsafeMutablePointer<GMenuModel> {
    let menu = g_menu_new()!
    g_menu_append(menu, tr("_Preferences"), "app.preferences")
    g_menu_append(menu, tr("_Keyboard Shortcuts"), "app.shortcuts")
    g_menu_append(menu, tr("_About Hark"), "app.about")
    return UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
  }
}
