// swift-tools-version:6.0
// Linnet: an MPRIS 2.2 music player service for Linux desktops.
// Dependency direction: C shims ← wrappers ← {Decoding, PulseOutput, MPRIS} → PlayerCore; executables on top.
import PackageDescription

let package = Package(
    name: "Linnet",
    products: [
        .executable(name: "linnetd", targets: ["linnetd"]),
        .executable(name: "linnet", targets: ["linnet"]),
    ],
    targets: [
        // C shims: system libraries found through pkg-config.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CMpg123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CFaad", pkgConfig: "faad2", providers: [.apt(["libfaad-dev"])]),
        .systemLibrary(name: "CRubberBand", pkgConfig: "rubberband", providers: [.apt(["librubberband-dev"])]),

        // Thin wrappers: the only code that imports C.
        .target(name: "DBus", dependencies: ["CDBus"]),
        .target(name: "Pulse", dependencies: ["CPulse"]),
        .target(name: "Mpg123", dependencies: ["CMpg123"]),
        .target(name: "Sndfile", dependencies: ["CSndfile"]),
        .target(name: "Faad", dependencies: ["CFaad"]),
        .target(name: "RubberBand", dependencies: ["CRubberBand"]),

        // The domain: no C, no D-Bus.
        .target(name: "PlayerCore"),
        // Byte-level tag parsers (FLAC metadata, Ogg comment headers, pictures): pure Swift, no dependencies, fuzzed.
        .target(name: "Tagging"),
        // The MP4/M4A box reader (sample tables, edit list, iTunes tags): pure Swift over Tagging's inputs, fuzzed.
        .target(name: "MP4", dependencies: ["Tagging"]),

        // Implementations of the domain's protocols.
        .target(name: "Decoding", dependencies: ["PlayerCore", "Mpg123", "Sndfile", "Faad", "Tagging", "MP4"]),
        .target(name: "PulseOutput", dependencies: ["PlayerCore", "Pulse"]),
        // The engine's time stretcher (rate with the pitch kept) over librubberband.
        .target(name: "Stretching", dependencies: ["PlayerCore", "RubberBand"]),
        .target(name: "MPRIS", dependencies: ["PlayerCore", "DBus"]),
        // Issue 13: the recorder (a record stream written by libsndfile).
        .target(name: "Recording", dependencies: ["PlayerCore", "Pulse", "Sndfile"]),
        // Issue 13: sound effects through the server's sample cache.
        .target(name: "SoundEffects", dependencies: ["PlayerCore", "Pulse"]),

        // Executables.
        .executableTarget(name: "linnetd", dependencies: ["PlayerCore", "Decoding", "PulseOutput", "MPRIS", "DBus",
                                                        "Stretching", "Recording", "SoundEffects"]),
        .executableTarget(name: "linnet", dependencies: ["DBus", "LinnetCLI"]),
        // The client's pure logic: command table, argument parsing, formatting (no D-Bus, no C).
        .target(name: "LinnetCLI"),
        // Benchmarks (bench/<area>/run drives them).
        .executableTarget(name: "linnet-bench-play", dependencies: ["PlayerCore", "Decoding", "PulseOutput", "Stretching"],
                          path: "bench/engine/BenchPlay"),
        .executableTarget(name: "decode-bench", dependencies: ["Decoding", "PlayerCore"], path: "bench/decode/DecodeBench"),
        // Benchmark service for bench/dbus/run (exports an MPRIS-shaped object through the DBus layer).
        .executableTarget(name: "linnet-bench-dbus-server", dependencies: ["DBus"], path: "bench/dbus/server"),

        // Tests: private dbus-daemon / pulseaudio fixtures and media generators live in TestSupport.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(name: "PlayerCoreTests", dependencies: ["PlayerCore"], exclude: ["Corpus"]),
        .testTarget(name: "DecodingTests", dependencies: ["Decoding", "PlayerCore", "TestSupport"]),
        .testTarget(name: "TaggingTests", dependencies: ["Tagging", "Decoding", "PlayerCore", "TestSupport"]),
        .testTarget(name: "PlaybackTests", dependencies: ["PulseOutput", "Pulse", "Decoding", "PlayerCore", "TestSupport",
                                                       "Stretching"]),
        .testTarget(name: "LinnetCLITests", dependencies: ["LinnetCLI", "TestSupport"], exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS", "DBus", "PlayerCore"]),
        .testTarget(name: "ServiceTests", dependencies: ["DBus", "TestSupport"]),
    ]
)
