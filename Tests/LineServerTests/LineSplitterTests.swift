import Testing

@testable import LineServer

/// Splitting bytes into lines: pieces across reads, the length bound, NUL and CR kept.
@Suite struct LineSplitterTests {
    private func feed(_ splitter: inout LineSplitter, _ text: String) {
        Array(text.utf8).withUnsafeBytes { splitter.append($0) }
    }

    private func drain(_ splitter: inout LineSplitter) -> [LineSplitter.Next] {
        var out: [LineSplitter.Next] = []
        while true {
            let next = splitter.next()
            out.append(next)
            if next == .needMore { return out }
        }
    }

    @Test func joinsPiecesAndSplitsBursts() {
        var splitter = LineSplitter(maxLineLength: 100)
        feed(&splitter, "pi")
        #expect(drain(&splitter) == [.needMore])
        feed(&splitter, "ng\nstat")
        #expect(drain(&splitter) == [.line(Array("ping".utf8)), .needMore])
        feed(&splitter, "us\n\na\r\n")
        #expect(drain(&splitter) == [.line(Array("status".utf8)), .line([]), .line([97, 13]), .needMore])
        #expect(splitter.pendingCount == 0)
    }

    @Test func anOverlongLineIsReportedOnceAndSkippedToItsNewline() {
        var splitter = LineSplitter(maxLineLength: 4)
        feed(&splitter, "abcd\nabcde")
        #expect(drain(&splitter) == [.line(Array("abcd".utf8)), .overlong, .needMore])
        #expect(splitter.pendingCount == 0)  // nothing of it is held
        feed(&splitter, "fgh")
        #expect(drain(&splitter) == [.needMore])
        feed(&splitter, "ij\nok\n")
        #expect(drain(&splitter) == [.line(Array("ok".utf8)), .needMore])
        feed(&splitter, "12345\n")  // complete in one piece, still too long
        #expect(drain(&splitter) == [.overlong, .needMore])
    }

    @Test func nulBytesAreBytes() {
        var splitter = LineSplitter(maxLineLength: 10)
        ([0, 1, 0, 10] as [UInt8]).withUnsafeBytes { splitter.append($0) }
        #expect(splitter.next() == .line([0, 1, 0]))
    }
}
