@testable import QueueStore
import PlayerCore
import Testing

/// The pure parts of incremental saving: the changed span and the sort keys.
@Suite struct QueueDeltaTests {
    func ids(_ raws: [UInt64]) -> [QueueEntryID] { raws.map(QueueEntryID.init(rawValue:)) }

    @Test func spans() {
        #expect(QueueDelta(from: ids([1, 2, 3]), to: ids([1, 2, 3])).isEmpty)
        #expect(
            QueueDelta(from: ids([1, 2, 3]), to: ids([1, 2, 3, 4, 5])) == QueueDelta(start: 3, oldEnd: 3, newEnd: 5))
        #expect(QueueDelta(from: ids([1, 2, 3]), to: ids([1, 9, 2, 3])) == QueueDelta(start: 1, oldEnd: 1, newEnd: 2))
        #expect(QueueDelta(from: ids([1, 2, 3]), to: ids([1, 3])) == QueueDelta(start: 1, oldEnd: 2, newEnd: 1))
        #expect(QueueDelta(from: ids([1, 2, 3]), to: ids([])) == QueueDelta(start: 0, oldEnd: 3, newEnd: 0))
        #expect(QueueDelta(from: ids([1, 2, 3]), to: ids([7, 8])) == QueueDelta(start: 0, oldEnd: 3, newEnd: 2))
        // A move: the span between the two places.
        #expect(
            QueueDelta(from: ids([1, 2, 3, 4, 5]), to: ids([1, 4, 2, 3, 5]))
                == QueueDelta(start: 1, oldEnd: 4, newEnd: 4))
        // Repeated ids at the seam are not counted twice.
        #expect(QueueDelta(from: ids([1, 1]), to: ids([1])) == QueueDelta(start: 1, oldEnd: 2, newEnd: 1))
    }

    @Test func sortKeys() {
        #expect(SortKeys.between(nil, nil, count: 2) == [SortKeys.gap, 2 * SortKeys.gap])
        #expect(SortKeys.between(10, nil, count: 1) == [10 + SortKeys.gap])
        #expect(SortKeys.between(nil, 10, count: 2) == [10 - 2 * SortKeys.gap, 10 - SortKeys.gap])
        #expect(SortKeys.between(0, 10, count: 4) == [2, 4, 6, 8])
        #expect(SortKeys.between(0, 2, count: 2) == nil)  // no room: renumber
        #expect(SortKeys.between(0, 2, count: 0) == [])
    }

    @Test func idBlobRoundTrip() {
        let list = ids([1, 0xFFFF_FFFF_FFFF_FFFF, 42])
        #expect(IDBlob.decode(IDBlob.encode(list)) == list)
        #expect(IDBlob.decode(IDBlob.encode(list) + [7, 7]) == list)
    }

    @Test func aSingleMovedEntryIsRecognised() {
        func ids(_ raw: [UInt64]) -> [QueueEntryID] { raw.map(QueueEntryID.init(rawValue:)) }
        func move(_ old: [UInt64], _ new: [UInt64]) -> SingleMove? {
            let (o, n) = (ids(old), ids(new))
            return SingleMove(QueueDelta(from: o, to: n), old: o, new: n)
        }
        #expect(move([1, 2, 3, 4, 5], [5, 1, 2, 3, 4]) == SingleMove(id: QueueEntryID(rawValue: 5), to: 0))
        #expect(move([1, 2, 3, 4, 5], [2, 3, 4, 5, 1]) == SingleMove(id: QueueEntryID(rawValue: 1), to: 4))
        #expect(move([1, 2, 3, 4, 5], [1, 4, 2, 3, 5]) == SingleMove(id: QueueEntryID(rawValue: 4), to: 1))
        #expect(move([1, 2, 3], [2, 1, 3]) != nil)
        #expect(move([1, 2, 3, 4], [4, 3, 2, 1]) == nil)  // a reorder, not one move
        #expect(move([1, 2, 3], [1, 9, 3]) == nil)  // a replacement
        #expect(move([1, 2, 3], [1, 3]) == nil)  // a removal
    }
}
