import Foundation
import DBus

/// The random arguments chaos clients send: ordinary values, extremes, garbage and stale ids.
struct ChaosArguments {
    let view: SharedView
    /// Files linnetd can play (the queue copies; a fault may break one for a while).
    let goodFiles: [String]

    /// Microsecond offsets and positions, from ordinary to extreme.
    func microseconds(_ r: inout SeededRandom) -> Int64 {
        r.weighted([
            (Int64.random(in: -30_000_000...30_000_000, using: &r), 8),
            (Int64.random(in: 0...12_000_000, using: &r), 8),
            (Int64.min, 1), (Int64.max, 1), (Int64.min + 1, 1), (Int64.max - 1, 1),
            (-1, 1), (0, 2), (1 << 62, 1), (-(1 << 62), 1)
        ])
    }

    /// Volumes, including the ones a service must refuse.
    func volume(_ r: inout SeededRandom) -> Double {
        r.weighted([
            (Double.random(in: 0...1.2, using: &r), 10), (.nan, 1), (.infinity, 1), (-.infinity, 1),
            (-1, 1), (-0.0, 1), (1e300, 1), (.leastNonzeroMagnitude, 1), (0, 1), (1, 2),
            (-.nan, 1), (.greatestFiniteMagnitude, 1)
        ])
    }

    func loopStatus(_ r: inout SeededRandom) -> String {
        r.weighted([
            ("None", 3), ("Track", 2), ("Playlist", 3), ("none", 1), ("", 1), ("Shuffle", 1),
            (String(repeating: "Track", count: 200), 1)
        ])
    }

    func rate(_ r: inout SeededRandom) -> Double {
        r.weighted([(1.0, 4), (0.5, 1), (2.0, 1), (0, 1), (.nan, 1), (-1, 1), (.infinity, 1)])
    }

    /// A track id: the current one, a queued one, a stale one, NoTrack, or a path linnetd never made.
    func trackID(_ r: inout SeededRandom) -> DBusValue {
        let tracks = view.tracks, stale = view.stale
        let choice = r.weighted([("current", 4), ("queued", 4), ("stale", 2), ("noTrack", 1), ("foreign", 1)])
        let path: String
        switch choice {
        case "current": path = view.currentTrack ?? "/org/mpris/MediaPlayer2/TrackList/NoTrack"
        case "queued": path = tracks.randomElement(using: &r) ?? "/org/mpris/MediaPlayer2/TrackList/NoTrack"
        case "stale": path = stale.randomElement(using: &r) ?? "/org/linnet/Track/999999"
        case "noTrack": path = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
        default:
            path = r.weighted([
                ("/", 1), ("/org/linnet/Track/0", 1), ("/org/linnet/Track/-1", 1),
                ("/org/linnet/Track/18446744073709551616", 1), ("/a/b/c", 1)
            ])
        }
        return .objectPath(DBusObjectPath(path) ?? .root)
    }

    /// A URI: a good file, a missing one, or garbage.
    func uri(_ r: inout SeededRandom, goodOnly: Bool = false) -> String {
        let good = "file://" + (goodFiles.randomElement(using: &r) ?? "/nonexistent")
        if goodOnly { return good }
        return r.weighted([
            (good, 6),
            ("file:///nonexistent/dir/song.mp3", 2), ("file:///tmp/linnet-soak-missing.flac", 1),
            ("", 1), ("not a uri", 1), ("file://", 1), ("file:///%ZZ%", 1), ("http://127.0.0.1:9/a.mp3", 1),
            ("ftp://x/y.ogg", 1), ("file:///dev/null", 1), ("file:///dev/zero", 1), ("file:///etc/passwd", 1),
            ("file:///" + String(repeating: "x", count: 300) + ".mp3", 1), ("file:///proc/self/mem", 1),
            ("\u{1F3B5}://♪", 1),
            // A folder (adds every file in it). Not `file:///`: its walk is bounded, off the bus queue and added in
            // batches (ServiceTests.openUriOfTheRootStaysResponsive), but each one legitimately grows the queue by
            // every media file on the machine, which the RSS-trend invariant would read as a leak.
            (
                "file://"
                    + (goodFiles.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
                        ?? "/nonexistent"),
                1
            )
        ])
    }
}
