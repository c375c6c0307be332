// Views: Hark's pages and widgets.
//
// Every page or widget has the same four parts: `init(store:)`, one selector
// subscription, `connectWidgets()` (signal handlers only dispatch actions) and
// `render(_:)` (called once at start by the subscription). Render pushes a
// property to GTK only when it differs from what GTK shows, so GTK's notify
// signals never loop back into the store. Views never call the engine or the
// network: they read selectors and dispatch actions.
//
// Text is shown as written, whoever wrote it (a server, a file's tags):
// never as Pango markup. Widgets that parse markup get their text only
// through `Support/LiteralText.swift`.
