import SnapcastBridge
import Testing

@Suite struct PluginLineFramerTests {
    private func text(_ s: String) -> PluginLineFramer.Line { .text(Array(s.utf8)) }

    @Test func linesAcrossChunksWithCarriageReturnsAndBlankLines() {
        var f = PluginLineFramer()
        #expect(f.append(Array("{\"a\":".utf8)) == [])
        #expect(f.append(Array("1}\r\n\n  \r\n{\"b\":2}\n{\"c\"".utf8)) == [text("{\"a\":1}"), text("{\"b\":2}")])
        #expect(f.pendingByteCount == 4)
        #expect(f.append(Array(":3}\n".utf8)) == [text("{\"c\":3}")])
        #expect(f.finish() == nil)
    }

    @Test func theLastLineWithoutANewlineComesAtTheEnd() {
        var f = PluginLineFramer()
        _ = f.append(Array("{}\n[1]".utf8))
        #expect(f.finish() == text("[1]"))
        #expect(f.finish() == nil)
    }

    @Test func anOverlongLineIsReportedOnceAndSkippedToItsNewline() {
        var f = PluginLineFramer(maximumLineBytes: 8)
        var lines = f.append(Array("12345678".utf8))
        #expect(lines == [])
        lines = f.append(Array("9abc".utf8))
        #expect(lines == [.overlong(byteCount: 9)])
        #expect(f.pendingByteCount == 0)
        // Still skipping: everything up to the newline is dropped, then lines come again.
        lines = f.append(Array(String(repeating: "x", count: 10_000).utf8) + Array("\nok\n".utf8))
        #expect(lines == [text("ok")])
        // Memory stays bounded however long the line.
        _ = f.append([UInt8](repeating: 0x41, count: 100_000))
        #expect(f.pendingByteCount <= 8)
        #expect(f.finish() == nil)
    }
}
