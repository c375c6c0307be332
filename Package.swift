// swift-tools-version: 6.0
// Hark: a GNOME audiobook player. The targets follow ../shared/ARCHITECTURE.md:
// C modules -> GObjectKit -> (HarkCore is pure Swift) -> Player / Views -> App.
import PackageDescription

// Libraries Hark needs only later (GStreamer, libsecret, libsoup) are loaded at their
// first call, not before `main` (Sources/CLazyLibraries/lazy_libraries.c):
// the executables link CLazyLibraries' stubs for them and only the libraries
// still referenced (`--as-needed`). That flag must come before the libraries
// on the linker's command line; -Xlinker flags come after them, a clang
// config file's flags first.
let linksLibrariesAsNeeded: [LinkerSetting] = [
  .unsafeFlags(
    ["-Xclang-linker", "--config=\(Context.packageDirectory)/Sources/CLazyLibraries/as-needed.cfg"],
    .when(platforms: [.linux]))
]

let package = Package(
  name: "Hark",
  products: [
    .executable(name: "hark", targets: ["hark"])
  ],
  dependencies: [
    // SQLite for the progress mirror and offline queue: WAL, transactions and
    // migrations without hand-written SQL plumbing.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0")
  ],
  targets: [
    // C libraries. Each has a module.modulemap and a shim.h with static inline
    // helpers for the macros and variadic functions Swift cannot import.
    .systemLibrary(
      name: "CGLib", path: "Sources/CGLib", pkgConfig: "gio-unix-2.0",
      providers: [.apt(["libglib2.0-dev"])]),
    .systemLibrary(
      name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]),
    .systemLibrary(
      name: "CAdw", path: "Sources/CAdw", pkgConfig: "libadwaita-1",
      providers: [.apt(["libadwaita-1-dev"])]),
    .systemLibrary(
      name: "CGst", path: "Sources/CGst", pkgConfig: "gstreamer-pbutils-1.0",
      providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
    .systemLibrary(
      name: "CSoup", path: "Sources/CSoup", pkgConfig: "libsoup-3.0",
      providers: [.apt(["libsoup-3.0-dev"])]),
    .systemLibrary(
      name: "CSecret", path: "Sources/CSecret", pkgConfig: "libsecret-1",
      providers: [.apt(["libsecret-1-dev"])]),
    // CommonMark for notes; pkg-config finds it under /app in the Flatpak too.
    .systemLibrary(
      name: "CCmarkGFM", path: "Sources/CCmarkGFM", pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),

    // The Swift runtime's global-executor hook by address (GlobalExecutor).
    .target(name: "CConcurrencyHook", path: "Sources/CConcurrencyHook"),
    // Ownership, signals and the GLib main loop <-> Swift concurrency bridge.
    .target(name: "GObjectKit", dependencies: ["CGLib", "CConcurrencyHook"]),
    // The pure core: models, store, reducer, selectors. Foundation only.
    .target(name: "HarkCore"),
    // HTTP for the core's AudioSilo client: libsoup 3 behind `HTTPTransport`.
    .target(name: "Networking", dependencies: ["HarkCore", "GObjectKit", "CSoup", "CGLib"]),
    // Session tokens and API keys in the desktop keyring (Secret Service).
    .target(name: "Secrets", dependencies: ["HarkCore", "CSecret", "CGLib"]),
    // The on-disk mirror of listening state (SQLite through GRDB).
    .target(
      name: "Persistence", dependencies: ["HarkCore", "CGLib", .product(name: "GRDB", package: "GRDB.swift")]),
    // The GStreamer engine behind the core's engine protocol.
    .target(name: "Player", dependencies: ["HarkCore", "GObjectKit", "CGst"]),
    // A listener's Markdown note as Pango markup, parsed by cmark-gfm.
    .target(name: "NoteMarkup", dependencies: ["CCmarkGFM"]),
    // A box that wraps its children onto more lines (AdwWrapBox is libadwaita 1.7).
    .target(name: "CWrapBox", dependencies: ["CGtk"], path: "Sources/CWrapBox"),
    // Pages and widgets; they read the store through selectors.
    .target(name: "Views", dependencies: ["HarkCore", "GObjectKit", "NoteMarkup", "CGtk", "CAdw", "CWrapBox"]),
    // The application: the only target that knows every other one. A
    // library, so its services can be tested; `hark` only runs it.
    .target(
      name: "HarkApp",
      dependencies: [
        "HarkCore", "GObjectKit", "Networking", "Secrets", "Persistence", "Player", "Views", "CGtk", "CAdw",
        "CGst",
      ],
      path: "Sources/App"),
    // Stubs that load GStreamer, libsecret and libsoup at their first call (see above).
    .target(name: "CLazyLibraries", path: "Sources/CLazyLibraries", exclude: ["generate-stubs", "as-needed.cfg"]),
    .executableTarget(
      name: "hark", dependencies: ["HarkApp", "GObjectKit", "CLazyLibraries"], linkerSettings: linksLibrariesAsNeeded),
    // Hark with the benchmarks' probes attached (scripts/bench, bench-grid,
    // bench-scan): their code stays out of the shipped `hark`. Never installed.
    .executableTarget(
      name: "hark-bench",
      dependencies: ["HarkApp", "HarkCore", "Player", "GObjectKit", "Views", "CGtk", "CGLib", "CLazyLibraries"],
      path: "Sources/hark-bench", linkerSettings: linksLibrariesAsNeeded),

    // Shared by the test targets: the sample library and the AudioSilo test server.
    .target(name: "HarkTestSupport", dependencies: ["HarkCore"], path: "Tests/Support"),
    .testTarget(name: "GObjectKitTests", dependencies: ["GObjectKit", "CGLib"]),
    .testTarget(name: "HarkCoreTests", dependencies: ["HarkCore"]),
    .testTarget(name: "NoteMarkupTests", dependencies: ["NoteMarkup"]),
    .testTarget(name: "PlayerTests", dependencies: ["Player", "CGst", "HarkTestSupport"]),
    .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HarkCore", "HarkTestSupport"]),
    .testTarget(name: "SecretsTests", dependencies: ["Secrets", "HarkCore"]),
    .testTarget(
      name: "HarkAppTests",
      dependencies: ["HarkApp", "HarkCore", "Networking", "HarkTestSupport", "CGLib"]),
    .testTarget(
      name: "PersistenceTests",
      dependencies: ["Persistence", "HarkCore", "Networking", "Player", "HarkTestSupport"]),
    // `scripts/bench-library`: list a 10,000-book library against the test server.
    .executableTarget(
      name: "BenchLibrary", dependencies: ["HarkCore", "Networking", "HarkTestSupport"], path: "bench/Library"),
    // `scripts/bench-timeline`: the Player page's selection over 1,000 engine
    // reports of a 5,000-chapter book, with its heap allocations counted.
    .target(name: "BenchAllocCounter", path: "bench/AllocCounter"),
    .executableTarget(name: "BenchTimeline", dependencies: ["HarkCore", "BenchAllocCounter"], path: "bench/Timeline"),
    // `scripts/bench-download`: Hark's FileDownloader beside curl on a 500 MB file.
    .executableTarget(
      name: "BenchDownload", dependencies: ["HarkCore", "Networking", "HarkTestSupport"], path: "bench/Download"),
    // A window with only the chapter seek bar, for Tests/integration/test_seek_bar.py.
    .executableTarget(
      name: "SeekBarDemo", dependencies: ["Views", "HarkCore", "GObjectKit", "CGtk", "CAdw"],
      path: "Tests/SeekBarDemo"),
  ],
  swiftLanguageModes: [.v6]
)
