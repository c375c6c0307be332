import CAdw
import CGtk
import GObjectKit

/// Loading placeholders shaped like what is coming — a few rows or a few
/// cover tiles in soft grey — so the page keeps its layout while a server
/// answers instead of jumping from a spinner to content. Static on
/// purpose: an animated shimmer would keep the frame clock (and the CPU)
/// busy for as long as a slow server takes.
@MainActor
enum Skeleton {
  /// `count` list rows: a small square and two bars of text.
  static func rows(_ count: Int = 8, cover: Bool = true) -> Widget {
    let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
    for index in 0..<count {
      let lines = Make.box(
        GTK_ORIENTATION_VERTICAL, spacing: 8, bar(width: 140 + Int32(index % 3) * 30, height: 12),
        bar(width: 90 + Int32(index % 2) * 30, height: 10))
      gtk_widget_set_valign(lines, GTK_ALIGN_CENTER)
      let row = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
      if cover { row.append(block(width: 40, height: 40, radius: "small")) }
      row.append(lines)
      row.setMargins(9)
      gtk_widget_set_margin_start(row, 12)
      column.append(row)
    }
    return framed(column, maximum: 800)
  }

  /// `count` cover tiles wrapping like the grid: a square and two bars each.
  static func tiles(_ count: Int = 12, side: Int32) -> Widget {
    let flow = gtk_flow_box_new()!
    gtk_flow_box_set_selection_mode(flow.opaque, GTK_SELECTION_NONE)
    gtk_flow_box_set_homogeneous(flow.opaque, 1)
    gtk_flow_box_set_max_children_per_line(flow.opaque, 12)
    gtk_widget_set_can_target(flow, 0)
    for _ in 0..<count {
      let tile = Make.box(
        GTK_ORIENTATION_VERTICAL, spacing: 6, block(width: side, height: side, radius: nil),
        bar(width: side - 24, height: 12), bar(width: side / 2, height: 10))
      tile.setMargins(6)
      gtk_flow_box_append(flow.opaque, tile)
    }
    return framed(flow, maximum: 1400)
  }

  /// A Book page on its way: the cover and title, then rows.
  static func book(coverSide: Int32) -> Widget {
    let heading = Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 10, bar(width: 150, height: 20), bar(width: 100, height: 12))
    gtk_widget_set_valign(heading, GTK_ALIGN_CENTER)
    let header = Make.box(
      GTK_ORIENTATION_HORIZONTAL, spacing: 18, block(width: coverSide, height: coverSide, radius: nil), heading)
    header.setMargins(12)
    gtk_widget_set_margin_top(header, 24)
    let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, header, rows(6, cover: false))
    return framed(column, maximum: 800)
  }

  private static func framed(_ content: Widget, maximum: Int32) -> Widget {
    gtk_widget_set_valign(content, GTK_ALIGN_START)
    gtk_widget_set_margin_top(content, 6)
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(clamp.opaque, maximum)
    adw_clamp_set_child(clamp.opaque, content)
    // Cut off at the page's edge rather than asking for its own height:
    // a skeleton must never make the window taller or wider than its
    // content would.
    let window = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(window), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
    gtk_scrolled_window_set_child(OpaquePointer(window), clamp)
    gtk_widget_set_vexpand(window, 1)
    gtk_widget_set_can_target(window, 0)
    // Only a picture of what is coming: nothing to read out or focus.
    hark_accessible_set_hidden(window)
    gtk_widget_set_can_focus(window, 0)
    return window
  }

  private static func block(width: Int32, height: Int32, radius: String?) -> Widget {
    let block = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_set_size_request(block, width, height)
    gtk_widget_set_halign(block, GTK_ALIGN_START)
    block.addClasses("hark-skeleton")
    if let radius { block.addClasses(radius) }
    return block
  }

  private static func bar(width: Int32, height: Int32) -> Widget {
    let bar = block(width: width, height: height, radius: "small")
    bar.addClasses("bar")
    return bar
  }
}
