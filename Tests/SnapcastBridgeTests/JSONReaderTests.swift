import LinnetCLI
import SnapcastBridge
import Testing

@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws(JSONReader.SyntaxError) -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    @Test func valuesOfEveryKind() throws {
        #expect(
            try parse(#"{"a":[1,-2.5,true,false,null,"x"]}"#)
                == .object([("a", .array([.integer(1), .number(-2.5), .bool(true), .bool(false), .null, .string("x")]))]
                ))
        #expect(try parse(" \t\r\n 42 \n") == .integer(42))
        #expect(try parse("1e3") == .number(1000))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("9223372036854775807") == .integer(.max))
        // Past Int64: a double of about that size, not a trap.
        #expect(try parse("92233720368547758070") == .number(9.223_372_036_854_775_807e19))
        #expect(try parse("1e999") == .number(.infinity))
    }

    @Test func stringsWithEscapesAndUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\n\té😀"))
        #expect(try parse("\"Hänfling 夜曲\"") == .string("Hänfling 夜曲"))
    }

    @Test func keysKeepTheirOrderAndTheLastRepeatWins() throws {
        let v = try parse(#"{"b":1,"a":2,"b":3}"#)
        #expect(v == .object([("b", .integer(1)), ("a", .integer(2)), ("b", .integer(3))]))
        #expect(v[member: "b"] == .integer(3))
        #expect(v[member: "c"] == nil)
        #expect(JSONValue.integer(1)[member: "a"] == nil)
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":}", "{\"a\" 1}", "tru", "nul", "01", "1.", "-", ".5", "1e", "\"abc",
        "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\u{01}b\"", "{} {}", "[1] x", "{1:2}", "'a'"
    ])
    func malformedTextIsAnErrorWithItsOffset(_ text: String) {
        #expect(throws: JSONReader.SyntaxError.self) { try parse(text) }
    }

    @Test func invalidUTF8IsAnError() {
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func nestingIsBounded() throws {
        let ok =
            String(repeating: "[", count: JSONReader.maximumDepth)
            + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(throws: Never.self) { try parse(ok) }
        let deep = String(repeating: "[", count: 100_000)
        let error = #expect(throws: JSONReader.SyntaxError.self) { try parse(deep) }
        #expect(error?.reason.contains("nested") == true)
        #expect(error?.offset == JSONReader.maximumDepth)
    }

    @Test func encodedValuesReadBack() throws {
        let value: JSONValue = .object([
            ("title", .string("quote \" backslash \\ newline \n nul \u{0} 夜")), ("n", .integer(-7)),
            ("d", .number(0.1)), ("list", .array([.null, .bool(true)]))
        ])
        #expect(try JSONReader.parse(Array(value.encoded.utf8)) == value)
    }
}
