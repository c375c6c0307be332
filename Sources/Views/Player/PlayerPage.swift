import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The Player page: the cover, the book and its chapter (a button that
/// lists the chapters), the chapter-relative seek bar, the transport
/// controls, speed, sleep timer, a bookmark at the current time, and the
/// time left in the book at the current speed. A failure shows its words
/// with Retry in place of the time left; the end of the book, what is next.
@MainActor
final class PlayerPage {
  let widget: Widget
  private let store: Store
  private let covers: CoverLoader
  private let cover = CoverImage(size: 176)
  private let title: Widget
  private let author: Widget
  private let chapterButton: Widget
  private let chapterTitle: Widget
  private let chapterNumber: Widget
  private let chapterList: ChapterMenu
  private let seekBar: SeekBar
  private let transport: TransportControls
  private let menus: PlayerMenus
  private let timeLeft: Widget
  private let sleepCountdown: Widget
  private let failure: Widget
  private let failureText: Widget
  private let retry: Widget
  private let upNext: UpNextSection
  private var shown: PlayerPageView?
  private var subscription: Subscription?

  init(store: Store, covers: CoverLoader) {
    self.store = store
    self.covers = covers
    title = Make.label("", classes: "title-2")
    author = Make.label("", classes: "dim-label")
    chapterTitle = Make.label("", classes: "heading")
    chapterNumber = Make.label("", classes: "dim-label", "caption")
    for label in [title, author, chapterTitle] {
      gtk_label_set_wrap(label.opaque, 1)
      gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
      gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
    }
    chapterList = ChapterMenu(store: store)
    chapterButton = gtk_menu_button_new()!
    gtk_menu_button_set_child(chapterButton.opaque, Make.box(GTK_ORIENTATION_VERTICAL, spacing: 2, chapterTitle, chapterNumber))
    gtk_menu_button_set_popover(chapterButton.opaque, chapterList.popover)
    chapterButton.addClasses("flat")
    gtk_widget_set_halign(chapterButton, GTK_ALIGN_CENTER)
    seekBar = SeekBar(onSeek: { [weak store] position in store?.playback(.seekInBook(position)) })
    transport = TransportControls(store: store)
    menus = PlayerMenus(store: store)
    let bookmark = Make.iconButton("bookmark-new-symbolic", tooltip: tr("Add Bookmark Here"))
    bookmark.addClasses("flat")
    timeLeft = Make.label("", classes: "dim-label", "numeric")
    gtk_widget_set_hexpand(timeLeft, 1)
    // "1m left · Stops at the end of <a long chapter title>" wraps rather
    // than widening the window past a phone's width.
    gtk_label_set_wrap(timeLeft.opaque, 1)
    gtk_label_set_wrap_mode(timeLeft.opaque, PANGO_WRAP_WORD_CHAR)
    gtk_label_set_justify(timeLeft.opaque, GTK_JUSTIFY_CENTER)
    // A minutes timer's "Stops in 29:59" changes every second: in a label,
    // each new text would lay the window out again (SteadyText says why).
    sleepCountdown = SteadyText.make(classes: "dim-label", "numeric")
    SteadyText.align(sleepCountdown, 0.5)
    gtk_widget_set_halign(sleepCountdown, GTK_ALIGN_CENTER)
    let timesLeft = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 2, timeLeft, sleepCountdown)
    gtk_widget_set_hexpand(timesLeft, 1)
    gtk_widget_set_valign(timesLeft, GTK_ALIGN_CENTER)
    let extras = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, menus.speedButton, timesLeft, menus.sleepButton, bookmark)
    failureText = Make.label("", classes: "hark-inline-error")
    gtk_label_set_wrap(failureText.opaque, 1)
    gtk_label_set_justify(failureText.opaque, GTK_JUSTIFY_CENTER)
    // Narrower than the column, so a two-sentence message breaks into two
    // even lines rather than leaving its last word alone on the second.
    gtk_label_set_max_width_chars(failureText.opaque, 40)
    gtk_widget_set_halign(failureText, GTK_ALIGN_CENTER)
    retry = gtk_button_new_with_label(tr("Try Again"))!
    retry.addClasses("pill")
    gtk_widget_set_halign(retry, GTK_ALIGN_CENTER)
    failure = Announcements.alertBox(GTK_ORIENTATION_VERTICAL, spacing: 12, failureText, retry)
    gtk_widget_set_visible(failure, 0)
    upNext = UpNextSection(store: store)

    let heading = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, title, author)
    let column = Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 12, cover.widget, heading, chapterButton, seekBar.widget, transport.widget,
      failure, upNext.widget, extras)
    column.setMargins(18)
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(clamp.opaque, 520)
    adw_clamp_set_child(clamp.opaque, column)
    gtk_widget_set_valign(clamp, GTK_ALIGN_CENTER)
    widget = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(widget), clamp)
    gtk_widget_set_vexpand(widget, 1)

    Signals.connect(retry, "clicked") { [weak self] in self?.store.playback(.retry) }
    Signals.connect(bookmark, "clicked") { [weak self] in self?.store.dispatch(.player(.bookmarkHereRequested)) }
    subscription = store.subscribe(selectPlayerPage) { [weak self] in self?.render($0) }
  }

  private func render(_ view: PlayerPageView?) {
    guard let view else { return }
    let previous = shown
    shown = view
    if previous?.book != view.book { covers.load(cover, for: view.book) }
    title.setLabelText(view.title)
    author.setLabelText(view.author)
    author.setVisible(!view.author.isEmpty)
    chapterTitle.setLabelText(view.chapterTitle.isEmpty ? tr("No Chapters") : view.chapterTitle)
    chapterNumber.setLabelText(view.chapterNumber)
    chapterNumber.setVisible(!view.chapterNumber.isEmpty)
    chapterButton.setAccessibleLabel(
      view.chapterTitle.isEmpty ? tr("Chapters") : trFormat("Chapter: %@. Show All Chapters", view.chapterTitle))
    if previous?.chapters != view.chapters || previous?.currentChapter != view.currentChapter {
      chapterList.show(view.chapters, starts: view.chapterStarts, current: view.currentChapter)
    }
    seekBar.show(view.seekBar)
    transport.show(view)
    menus.show(view)
    let steadySleepText = view.sleepCountsDown ? "" : view.sleepText
    timeLeft.setLabelText([view.bookTimeLeft, steadySleepText].filter { !$0.isEmpty }.joined(separator: " · "))
    timeLeft.setVisible(!view.bookTimeLeft.isEmpty || !steadySleepText.isEmpty)
    sleepCountdown.setSteadyText(view.sleepCountsDown ? view.sleepText : "")
    sleepCountdown.setVisible(view.sleepCountsDown)
    if case .failed(let message) = view.status {
      failureText.setLabelText(message)
      failure.setVisible(true)
      if previous?.status != view.status { failed(message) }
    } else {
      failure.setVisible(false)
    }
  }

  /// Playback stopped on an error: said to a screen reader, and the
  /// keyboard goes to Try Again when the listener is on this page.
  private func failed(_ message: String) {
    Announcements.announce(message, from: failure)
    if gtk_widget_get_mapped(widget) != 0 { gtk_widget_grab_focus(retry) }
  }
}
