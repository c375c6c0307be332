// HarkCore: the pure heart of Hark. Foundation only, no GTK, no GStreamer.
//
// Data flows one way:
//
//   view / engine / timer ──Action──▶ Store ──reduce──▶ AppState ──selector──▶ view
//                                        │
//                                        └──[Effect]──▶ EffectRunning ──Action──▶ Store
//
// - `AppState` is a single Equatable value; nothing else holds app state.
// - `reduce` is pure: the clock, the network and the disk never reach it. Time
//   arrives on actions (`.timer(.fired(id, at:))`), work leaves as `Effect`s.
// - An `EffectRunning` performs effects and reports results back as actions,
//   so every change, even one caused by I/O, goes through `reduce`.
// - Views subscribe to one selector each and re-render only when that small
//   view-state changes, so two views reading the same selector never disagree.
// - Timers run on an injected `SchedulingClock`; tests use `ManualClock` to
//   drive them in virtual time instead of sleeping.
// - A server's answers are checked once, as their JSON is decoded
//   (`API/Models/ServerNumbers.swift`, `ServerText.swift`, `ChapterOrder.swift`),
//   so models hold only plausible times and counts and text safe to show.
