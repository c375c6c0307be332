import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore

/// The Player page's speed and sleep-timer buttons, each opening a small
/// popover.
@MainActor
final class PlayerMenus {
  let speedButton: Widget
  let sleepButton: Widget
  private let store: Store
  private let speed: Widget
  private let extend: Widget
  private let turnOff: Widget
  /// This chapter and the next two, each saying when it ends.
  private let chapterItems: [Widget]
  private var chapterChoices: [SleepChapterChoice] = []
  private var sleepLabel = ""
  private let endOfBook: Widget
  private static let clockTime: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateStyle = .none
    formatter.timeStyle = .short
    return formatter
  }()
  /// Set while the spin button is moved to the store's speed.
  private var rendering = false

  init(store: Store) {
    self.store = store
    speed = gtk_spin_button_new_with_range(Settings.defaultSpeedRange.lowerBound, Settings.defaultSpeedRange.upperBound, Settings.defaultSpeedStep)!
    gtk_spin_button_set_digits(speed.opaque, 2)
    speed.setAccessibleLabel(tr("Playback Speed"))
    let presets = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    let speedBox = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, speed, presets)
    speedBox.setMargins(6)
    speedButton = Self.menuButton(label: "1×", child: speedBox, tooltip: tr("Playback Speed"))

    let sleepBox = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
    extend = Self.menuItem(tr("Add 15 Minutes"))
    turnOff = Self.menuItem(tr("Turn Off Sleep Timer"))
    sleepButton = Self.menuButton(icon: "alarm-symbolic", child: sleepBox, tooltip: tr("Sleep Timer"))
    chapterItems = (0..<sleepChapterChoiceCount).map { _ in Self.menuItem("") }
    endOfBook = Self.menuItem(tr("End of Book"))

    for rate in [0.75, 1, 1.25, 1.5, 2] {
      let button = gtk_button_new_with_label(formatRate(rate))!
      button.addClasses("flat")
      presets.append(button)
      Signals.connect(button, "clicked") { [weak self] in self?.store.playback(.setRate(rate)) }
    }
    Signals.connect(speed, "value-changed") { [weak self] in
      guard let self, !self.rendering else { return }
      self.store.playback(.setRate(gtk_spin_button_get_value(self.speed.opaque)))
    }
    var choices: [(Widget, @MainActor (PlayerMenus) -> SleepTimerRequest?)] = [15, 30, 45, 60].map { minutes in
      (Self.menuItem(String(format: trPlural("%d Minute", "%d Minutes", minutes), minutes)), { _ in .minutes(minutes) })
    }
    for (slot, item) in chapterItems.enumerated() {
      choices.append((item, { menus in menus.chapterChoices.indices.contains(slot) ? .endOfChapter(menus.chapterChoices[slot].index) : nil }))
    }
    choices.append((endOfBook, { _ in .endOfBook }))
    for (item, request) in choices {
      sleepBox.append(item)
      Signals.connect(item, "clicked") { [weak self] in
        guard let self, let request = request(self) else { return }
        self.store.playback(.startSleepTimer(request))
        gtk_menu_button_popdown(self.sleepButton.opaque)
      }
    }
    sleepBox.append(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
    sleepBox.append(extend)
    sleepBox.append(turnOff)
    Signals.connect(extend, "clicked") { [weak self] in self?.store.playback(.extendSleepTimer(minutes: 15)) }
    Signals.connect(turnOff, "clicked") { [weak self] in
      guard let self else { return }
      self.store.playback(.cancelSleepTimer)
      gtk_menu_button_popdown(self.sleepButton.opaque)
    }
  }

  func show(_ view: PlayerPageView) {
    showSleepChoices(view)
    speedButton.setMenuButtonLabel(view.rateText)
    speedButton.setAccessibleLabel(trFormat("Playback Speed %@", view.rateText))
    // The menu button's own button takes the focus, and was named by its
    // label alone ("1×").
    gtk_widget_get_first_child(speedButton)?.setAccessibleLabel(trFormat("Playback Speed, %@", view.rateText))
    if abs(gtk_spin_button_get_value(speed.opaque) - view.rate) > 0.001 {
      rendering = true
      gtk_spin_button_set_value(speed.opaque, view.rate)
      rendering = false
    }
    extend.setSensitive(view.sleepActive)
    turnOff.setSensitive(view.sleepActive)
    let label = view.sleepActive ? trFormat("Sleep Timer: %@", view.sleepText) : tr("Sleep Timer")
    if label != sleepLabel {
      sleepLabel = label
      sleepButton.setAccessibleLabel(label)
      gtk_widget_set_tooltip_text(sleepButton, label)
    }
  }

  /// "End of This Chapter · 10:42 PM": the clock time the choice would
  /// stop at if the listener keeps listening from now.
  private func showSleepChoices(_ view: PlayerPageView) {
    chapterChoices = view.sleepChapters
    let now = Date()
    func at(_ seconds: Double) -> String { Self.clockTime.string(from: now.addingTimeInterval(seconds)) }
    for (slot, item) in chapterItems.enumerated() {
      guard chapterChoices.indices.contains(slot) else {
        item.setVisible(false)
        continue
      }
      let choice = chapterChoices[slot]
      setItemText(item, "\(choice.title) · \(at(choice.secondsUntilEnd))")
      item.setVisible(true)
    }
    setItemText(endOfBook, trFormat("End of Book · %@", at(view.bookSecondsLeft)))
  }

  /// Through the button, so its accessible name follows.
  private func setItemText(_ item: Widget, _ text: String) {
    let button = item.cast(GtkButton.self)
    if let current = gtk_button_get_label(button), String(cString: current) == text { return }
    gtk_button_set_label(button, text)
  }

  private static func menuButton(label: String? = nil, icon: String? = nil, child: Widget, tooltip: String) -> Widget {
    let button = gtk_menu_button_new()!
    if let label { gtk_menu_button_set_label(button.opaque, label) }
    if let icon { gtk_menu_button_set_icon_name(button.opaque, icon) }
    let popover = gtk_popover_new()!
    gtk_popover_set_child(popover.cast(GtkPopover.self), child)
    gtk_menu_button_set_popover(button.opaque, popover)
    gtk_widget_set_tooltip_text(button, tooltip)
    button.setAccessibleLabel(tooltip)
    button.addClasses("flat")
    return button
  }

  private static func menuItem(_ title: String) -> Widget {
    let button = gtk_button_new_with_label(title)!
    button.addClasses("flat")
    if let label = gtk_button_get_child(button.cast(GtkButton.self)) { gtk_label_set_xalign(label.opaque, 0) }
    return button
  }
}
