import Testing

@testable import MediaLibrary

/// File times stored in nanoseconds read back as whole seconds, rounded down on both sides of the epoch, and
/// never trapping at the ends of Int64.
@Suite struct FileTimeTests {
    @Test func nanosecondsRoundDownToSeconds() {
        #expect(LibraryReader.seconds(fromNanoseconds: 1_577_836_800_999_999_999) == 1_577_836_800)
        #expect(LibraryReader.seconds(fromNanoseconds: 0) == 0)
        #expect(LibraryReader.seconds(fromNanoseconds: -1) == -1)
        #expect(LibraryReader.seconds(fromNanoseconds: -1_000_000_000) == -1)
        #expect(LibraryReader.seconds(fromNanoseconds: Int64.min) == Int64.min / 1_000_000_000 - 1)
        #expect(LibraryReader.seconds(fromNanoseconds: Int64.max) == Int64.max / 1_000_000_000)
    }
}
