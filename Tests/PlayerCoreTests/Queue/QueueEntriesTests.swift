@testable import PlayerCore
import Testing

/// The compact entry storage gives back exactly what was stored, whatever the edit history.
@Suite struct QueueEntriesTests {
    static func entry(_ id: UInt64, _ location: MediaLocation, title: String? = nil, us: Int64? = nil) -> QueueEntry {
        QueueEntry(id: QueueEntryID(rawValue: id), item: MediaItem(location, title: title, durationMicroseconds: us))
    }

    static let sample: [QueueEntry] = [
        entry(1, .file(path: "/m/A/01.mp3")),
        entry(2, .file(path: "/m/A/02 – Ünïcode.flac"), title: "From a playlist", us: 12_000_000),
        entry(3, .url("http://example.com/radio?x=1")),
        entry(4, .file(path: "/m/B/01.mp3")),
        entry(5, .file(path: "/m/A/03.mp3")),
        entry(6, .file(path: "/top.wav"))
    ]

    @Test func storesAndReadsBack() {
        let e = QueueEntries(Self.sample)
        #expect(Array(e) == Self.sample)
        #expect(e.ids.map(\.rawValue) == [1, 2, 3, 4, 5, 6])
        #expect(e.location(at: 2) == .url("http://example.com/radio?x=1"))
    }

    @Test func editsAndCompactionKeepContentAndEquality() {
        var e = QueueEntries(Self.sample)
        e.remove(at: 1)
        e.move(from: 0, to: 3)
        e.insert(contentsOf: [Self.entry(7, .file(path: "/m/C/x.ogg"), title: "T")], at: 2)
        var expected = Self.sample
        expected.remove(at: 1)
        expected.insert(expected.remove(at: 0), at: 3)
        expected.insert(Self.entry(7, .file(path: "/m/C/x.ogg"), title: "T"), at: 2)
        #expect(Array(e) == expected)
        // Same content, different layout: equal.
        #expect(e == QueueEntries(expected))
        #expect(e != QueueEntries(Self.sample))
        // Many removals compact the buffer; the rest stays intact.
        var big = QueueEntries((0..<5000).map { Self.entry(UInt64($0 + 1), .file(path: "/m/\($0 / 10)/\($0).mp3")) })
        for _ in 0..<4000 { big.remove(at: 0) }
        #expect(Array(big) == (4000..<5000).map { Self.entry(UInt64($0 + 1), .file(path: "/m/\($0 / 10)/\($0).mp3")) })
    }
}
