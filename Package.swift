// swift-tools-version:6.0
// Linnet: an MPRIS 2.2 music player service for Linux desktops.
// Dependency direction: C shims ← wrappers ← {Decoding, PulseOutput, MPRIS} → PlayerCore; executables on top.
import PackageDescription

let package = Package(
    name: "Linnet",
    products: [
        .executable(name: "linnetd", targets: ["linnetd"]),
        .executable(name: "linnet", targets: ["linnet"])
    ],
    targets: [
        // C shims: system libraries found through pkg-config.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CMpg123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        // Headers only: libfaad2 is dlopen'ed on the first AAC decoder (see Sources/CFaad/shim.h).
        .systemLibrary(name: "CFaad", providers: [.apt(["libfaad-dev"])]),
        // Headers only: librubberband is dlopen'ed on the first stretcher (see Sources/CRubberBand/shim.h).
        .systemLibrary(name: "CRubberBand", providers: [.apt(["librubberband-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Headers only: libsoxr is dlopen'ed on the first resampler (see Sources/CSoxr/shim.h).
        .systemLibrary(name: "CSoxr", providers: [.apt(["libsoxr-dev"])]),
        // Headers only: libcurl is dlopen'ed on the first stream (see Sources/CCurl/shim.h).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Headers only: glibc's <malloc.h> (mallopt, malloc_trim).
        .systemLibrary(name: "CMalloc"),
        // libdispatch's main-queue hand-over (Threading.MainQueueLoop); no package: libdispatch comes with Swift.
        .systemLibrary(name: "CDispatchSPI"),
        // Headers only: accept4 and struct ucred, which glibc declares only under _GNU_SOURCE.
        .systemLibrary(name: "CSocket"),
        // Headers only: the linker's symbols for where the executable is loaded (the crash reporter's offsets).
        .systemLibrary(name: "CProgramImage"),

        // Thin wrappers: the only code that imports C.
        .target(name: "DBus", dependencies: ["CDBus"]),
        .target(name: "Pulse", dependencies: ["CPulse"]),
        .target(name: "Mpg123", dependencies: ["CMpg123"]),
        .target(name: "Sndfile", dependencies: ["CSndfile"]),
        .target(name: "Faad", dependencies: ["CFaad", "DynamicLibrary"]),
        .target(name: "RubberBand", dependencies: ["CRubberBand", "DynamicLibrary"]),
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "Curl", dependencies: ["CCurl", "DynamicLibrary", "Threading"]),
        .target(name: "Soxr", dependencies: ["CSoxr", "DynamicLibrary"]),
        // dlopen for the wrappers whose libraries load on first use (Curl, RubberBand, Soxr, Faad).
        .target(name: "DynamicLibrary"),
        // Issue 23: MD5 from libcrypto (dlopen'ed; libcurl has already mapped it), for Last.fm's request signatures.
        .target(name: "Digest", dependencies: ["DynamicLibrary"]),
        // A mutex with a condition variable and detached threads, for the blocking hand-offs between threads; the
        // daemons' main-queue loop.
        .target(name: "Threading", dependencies: ["CDispatchSPI"]),
        .target(name: "Malloc", dependencies: ["CMalloc"]),
        // C, for the executables only: the Swift runtime's command-line hook, kept from glibc's constructor call
        // instead of the static runtime's scan of /proc/self/maps at every start (see ProgramArguments.c).
        .target(name: "ProgramArguments"),

        // The one layer over file-system calls (byte paths, descriptors, listings, stat, atomic writes): Glibc only.
        .target(name: "FileSystem"),
        // The one layer over socket calls (addresses, listening and connected sockets, SocketError): Glibc only.
        .target(name: "Sockets", dependencies: ["CSocket", "FileSystem"]),
        // A line-oriented server (MPD front end) on Dispatch sources on the main queue, over Sockets.
        .target(name: "LineServer", dependencies: ["Sockets"]),
        // The domain: no C, no D-Bus (its file reads go through FileSystem).
        .target(name: "PlayerCore", dependencies: ["FileSystem"]),
        // The cover-art cache and folder art: file-system I/O and content hashing, outside the domain.
        .target(name: "CoverArt", dependencies: ["PlayerCore", "FileSystem"]),
        // Byte-level tag parsers (FLAC metadata, Ogg comment headers, pictures): pure Swift, no dependencies, fuzzed.
        .target(name: "Tagging"),
        // The MP4/M4A box reader (sample tables, edit list, iTunes tags): pure Swift over Tagging's inputs, fuzzed.
        .target(name: "MP4", dependencies: ["Tagging"]),
        // Issue 20: the MPD protocol's pure layer (request tokenizer, ACKs, arguments, filters, command lists):
        // no dependencies, not even Glibc; bounded and fuzzed (fuzz/MPDFuzz).
        .target(name: "MPDProtocol"),
        // The MPD-protocol front end (beside MPRIS, over the same player): sessions, command table, song format.
        .target(name: "MPD", dependencies: ["MPDProtocol", "LineServer", "Sockets", "PlayerCore"]),

        // Implementations of the domain's protocols.
        .target(
            name: "Decoding",
            dependencies: ["PlayerCore", "FileSystem", "Mpg123", "Sndfile", "Faad", "Tagging", "MP4"]),
        .target(name: "PulseOutput", dependencies: ["PlayerCore", "Pulse"]),
        // The engine's time stretcher (rate with the pitch kept) over librubberband.
        .target(name: "Stretching", dependencies: ["PlayerCore", "RubberBand"]),
        // Network streams: HTTP(S) byte sources over libcurl, ICY, radio playlists, HLS, decode-ahead buffering.
        .target(name: "Streaming", dependencies: ["PlayerCore", "Decoding", "Curl", "Threading"]),
        // Issue 21: Snapcast streams as outputs (TCP or pipe sources of a snapserver), beside the local sink.
        .target(name: "Snapcast", dependencies: ["PlayerCore", "Sockets", "Soxr", "Threading"]),
        .target(name: "MPRIS", dependencies: ["PlayerCore", "DBus"]),
        // The media library: SQLite storage, folder scanning and inotify (domain rules live in PlayerCore/Library).
        .target(name: "MediaLibrary", dependencies: ["PlayerCore", "FileSystem", "SQLite", "Decoding"]),
        // Issue 13: the recorder (a record stream written by libsndfile).
        .target(name: "Recording", dependencies: ["PlayerCore", "Pulse", "Sndfile"]),
        // Issue 13: sound effects through the server's sample cache.
        .target(name: "SoundEffects", dependencies: ["PlayerCore", "Pulse"]),
        // The queue's saved state in SQLite (incremental saves, migration from state.json).
        .target(name: "QueueStore", dependencies: ["PlayerCore", "FileSystem", "SQLite"]),
        // Issue 23: scrobbling (ListenBrainz, Last.fm): the listen journal in SQLite and its submission worker over
        // libcurl (the rules, requests and retry policy are pure, in PlayerCore/Scrobbling).
        .target(name: "Scrobbling", dependencies: ["PlayerCore", "FileSystem", "SQLite", "Curl", "Digest"]),

        // The player service: the player, its controllers and the bus interfaces, wired once (LinnetService);
        // every front end drives this one player.
        .target(
            name: "PlayerService",
            dependencies: [
                "PlayerCore", "CoverArt", "Malloc", "Decoding", "PulseOutput",
                "MPRIS", "DBus", "Recording", "SoundEffects", "QueueStore",
                "Streaming", "MediaLibrary", "Stretching", "Curl", "FileSystem", "MPD", "MPDProtocol", "Sockets",
                "Snapcast", "Scrobbling"
            ]),

        // The version and git commit of this build, stamped by the BuildInfoStamp plugin (packaging/build-info.sh).
        .plugin(name: "BuildInfoStamp", capability: .buildTool()),
        .target(name: "BuildInfo", plugins: ["BuildInfoStamp"]),

        // Executables.
        .executableTarget(
            name: "linnetd",
            dependencies: [
                "PlayerService", "PlayerCore", "Malloc", "CProgramImage", "ProgramArguments",
                "DBus", "QueueStore", "FileSystem", "BuildInfo", "Threading"
            ]),
        .executableTarget(
            name: "linnet",
            dependencies: [
                "DBus", "LinnetCLI", "PlayerCore", "SnapcastBridge", "FileSystem", "Threading", "ProgramArguments"
            ]),
        // The client's pure logic: command table, argument parsing, formatting (no D-Bus, no C).
        // FileSystem for BytePath (non-UTF-8 paths).
        .target(name: "LinnetCLI", dependencies: ["PlayerCore", "FileSystem", "BuildInfo"]),
        // Issue 21: Snapcast's stream-plugin API (newline-delimited JSON-RPC on stdin/stdout) over an MPRIS player,
        // pure: bounded line framing and JSON reading (fuzzed: fuzz/SnapcastFuzz), requests to player calls, player
        // state to stream properties and metadata, the mute emulation. `linnet snapcast-plugin` is its I/O shell.
        .target(name: "SnapcastBridge", dependencies: ["LinnetCLI", "PlayerCore"]),
        // Benchmarks (bench/<area>/run drives them).
        .executableTarget(
            name: "linnet-bench-play", dependencies: ["PlayerCore", "Decoding", "PulseOutput", "Stretching"],
            path: "bench/engine/BenchPlay"),
        .executableTarget(
            name: "decode-bench", dependencies: ["Decoding", "PlayerCore"], path: "bench/decode/DecodeBench"),
        // The generated library tree for bench/library/run (the same generator the library tests use).
        .executableTarget(name: "linnet-library-tree", dependencies: ["TestSupport"], path: "bench/library/TreeGen"),
        // Benchmark service for bench/dbus/run (exports an MPRIS-shaped object through the DBus layer).
        .executableTarget(name: "linnet-bench-dbus-server", dependencies: ["DBus"], path: "bench/dbus/server"),
        // Chaos soak (issue 9): the harness as a library (shared by bench/soak/run and SoakTests) + its command.
        .target(name: "SoakHarness", dependencies: ["DBus", "TestSupport"], path: "bench/soak/SoakHarness"),
        .executableTarget(name: "linnet-soak", dependencies: ["SoakHarness"], path: "bench/soak/linnet-soak"),
        // Level metering's two costs apart for bench/effects/run: measuring and delivering Levels.
        .executableTarget(
            name: "linnet-bench-meter", dependencies: ["PlayerCore", "DBus"], path: "bench/effects/MeterBench"),

        // Tests: private dbus-daemon / pulseaudio fixtures and media generators live in TestSupport.
        .target(name: "TestSupport", dependencies: ["FileSystem"], path: "Tests/TestSupport"),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem", "TestSupport"]),
        .testTarget(name: "SocketsTests", dependencies: ["Sockets", "FileSystem", "TestSupport"]),
        .testTarget(name: "LineServerTests", dependencies: ["LineServer", "Sockets", "FileSystem", "TestSupport"]),
        .testTarget(name: "MPDProtocolTests", dependencies: ["MPDProtocol"]),
        .testTarget(name: "MPDTests", dependencies: ["MPD", "PlayerCore"]),
        .testTarget(name: "PlayerCoreTests", dependencies: ["PlayerCore", "FileSystem"], exclude: ["Corpus"]),
        .testTarget(
            name: "DecodingTests", dependencies: ["Decoding", "Tagging", "PlayerCore", "FileSystem", "TestSupport"]),
        .testTarget(
            name: "TaggingTests",
            dependencies: ["Tagging", "Decoding", "PlayerCore", "CoverArt", "FileSystem", "TestSupport"]),
        .testTarget(
            name: "PlaybackTests",
            dependencies: [
                "PulseOutput", "Pulse", "Decoding", "PlayerCore", "TestSupport",
                "Stretching"
            ]),
        .testTarget(
            name: "LinnetCLITests", dependencies: ["LinnetCLI", "TestSupport", "BuildInfo"],
            exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS", "DBus", "PlayerCore"]),
        .testTarget(name: "SnapcastBridgeTests", dependencies: ["SnapcastBridge", "LinnetCLI"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(
            name: "MediaLibraryTests",
            dependencies: ["MediaLibrary", "PlayerCore", "FileSystem", "SQLite", "TestSupport"]),
        .testTarget(name: "QueueStoreTests", dependencies: ["QueueStore", "PlayerCore", "SQLite"]),
        .testTarget(name: "ScrobblingTests", dependencies: ["Scrobbling", "Digest", "PlayerCore", "TestSupport"]),
        .testTarget(name: "ServiceTests", dependencies: ["DBus", "TestSupport", "SQLite"], exclude: ["Scripts"]),
        .testTarget(
            name: "StreamingTests", dependencies: ["Streaming", "Curl", "Decoding", "PlayerCore", "TestSupport"],
            exclude: ["Fixtures"]),
        // The tree's formatting (.swift-format), checked with the toolchain's swift-format.
        .testTarget(name: "SourceFormatTests", dependencies: ["TestSupport"]),
        .testTarget(name: "SoakTests", dependencies: ["SoakHarness", "DBus"]),
        .testTarget(name: "SnapcastTests", dependencies: ["Snapcast", "PlayerCore", "Soxr"]),
        .testTarget(name: "BuildInfoTests", dependencies: ["BuildInfo"]),
        // linnetd's argument parsing (Arguments, in the executable target).
        .testTarget(name: "linnetdTests", dependencies: ["linnetd"])
    ]
)
