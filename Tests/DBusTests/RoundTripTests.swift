import DBus
import Foundation
import Testing
import TestSupport

/// Every basic and container type sent by independent clients to the exported object and echoed back.
@Suite(.serialized) struct RoundTripTests {
    let bus: PrivateBus
    let service: TestService
    init() throws {
        bus = try PrivateBus()
        service = try TestService(bus: bus)
    }

    static let cases: [(sig: String, args: [String], expected: [DBusValue])] = [
        ("y", ["255"], [.byte(255)]),
        ("b", ["true"], [.boolean(true)]),
        ("n", ["-32768"], [.int16(-32768)]),
        ("q", ["65535"], [.uint16(65535)]),
        ("i", ["-2147483648"], [.int32(-2147483648)]),
        ("u", ["4294967295"], [.uint32(4294967295)]),
        ("x", ["-9223372036854775807"], [.int64(-9223372036854775807)]),
        ("t", ["1234567890123"], [.uint64(1234567890123)]),
        ("d", ["2.5"], [.double(2.5)]),
        ("s", ["héllo wörld ✓"], [.string("héllo wörld ✓")]),
        ("o", ["/a/b_c/D1"], [.objectPath("/a/b_c/D1")]),
        ("g", ["a{sv}(ii)"], [.signature("a{sv}(ii)")]),
        ("v", ["s", "inner"], [.variant(.string("inner"))]),
        (
            "ybnqiuxtdsog", ["1", "false", "-2", "3", "-4", "5", "-6", "7", "0.125", "s", "/", "as"],
            [
                .byte(1), .boolean(false), .int16(-2), .uint16(3), .int32(-4), .uint32(5), .int64(-6), .uint64(7),
                .double(0.125), .string("s"), .objectPath("/"), .signature("as")
            ]
        ),
        ("ay", ["3", "1", "2", "3"], [.array(element: .byte, [.byte(1), .byte(2), .byte(3)])]),
        ("as", ["2", "a", "b"], [DBusValue(["a", "b"])]),
        ("ai", ["0"], [.array(element: .int32, [])]),
        ("ax", ["2", "-1", "1"], [DBusValue([Int64(-1), 1])]),
        ("ad", ["1", "0.25"], [DBusValue([0.25])]),
        ("ao", ["1", "/x"], [.array(element: .objectPath, [.objectPath("/x")])]),
        ("ag", ["1", "s"], [.array(element: .signature, [.signature("s")])]),
        ("ab", ["2", "true", "false"], [DBusValue([true, false])]),
        (
            "a{sv}", ["2", "k1", "s", "v", "k2", "i", "7"],
            [
                .dictionary(
                    key: .string, value: .variant,
                    [
                        DBusDictEntry(.string("k1"), .variant(.string("v"))),
                        DBusDictEntry(.string("k2"), .variant(.int32(7)))
                    ])
            ]
        ),
        (
            "a{is}", ["1", "5", "five"],
            [.dictionary(key: .int32, value: .string, [DBusDictEntry(.int32(5), .string("five"))])]
        ),
        ("a{ys}", ["0"], [.dictionary(key: .byte, value: .string, [])]),
        (
            "a{ox}", ["1", "/p", "9"],
            [.dictionary(key: .objectPath, value: .int64, [DBusDictEntry(.objectPath("/p"), .int64(9))])]
        ),
        ("(is)", ["3", "three"], [.structure([.int32(3), .string("three")])]),
        (
            "(i(s(d)))", ["1", "x", "0.5"],
            [.structure([.int32(1), .structure([.string("x"), .structure([.double(0.5)])])])]
        ),
        (
            "a(sv)", ["2", "a", "b", "true", "c", "as", "1", "z"],
            [
                .array(
                    element: "(sv)",
                    [
                        .structure([.string("a"), .variant(.boolean(true))]),
                        .structure([.string("c"), .variant(DBusValue(["z"]))])
                    ])
            ]
        ),
        ("aas", ["2", "1", "a", "0"], [.array(element: "as", [DBusValue(["a"]), DBusValue([String]())])]),
        (
            "aaai", ["1", "2", "1", "1", "0"],
            [.array(element: "aai", [.array(element: "ai", [DBusValue([Int32(1)]), DBusValue([Int32]())])])]
        ),
        (
            "a{sa{sv}}", ["1", "outer", "1", "inner", "x", "5"],
            [
                .dictionary(
                    key: .string, value: "a{sv}",
                    [
                        DBusDictEntry(
                            .string("outer"),
                            .dictionary(
                                key: .string, value: .variant, [DBusDictEntry(.string("inner"), .variant(.int64(5)))]))
                    ])
            ]
        ),
        (
            "a{s(iav)}", ["1", "k", "3", "2", "s", "q", "u", "7"],
            [
                .dictionary(
                    key: .string, value: "(iav)",
                    [
                        DBusDictEntry(
                            .string("k"),
                            .structure([
                                .int32(3),
                                .array(element: .variant, [.variant(.string("q")), .variant(.uint32(7))])
                            ]))
                    ])
            ]
        ),
        (
            "av", ["2", "i", "1", "v", "s", "deep"],
            [.array(element: .variant, [.variant(.int32(1)), .variant(.variant(.string("deep")))])]
        ),
        (
            "(yv)", ["1", "a{sv}", "1", "m", "b", "false"],
            [
                .structure([
                    .byte(1),
                    .variant(
                        .dictionary(
                            key: .string, value: .variant,
                            [DBusDictEntry(.string("m"), .variant(.boolean(false)))]))
                ])
            ]
        ),
        (
            "aa{sv}", ["1", "1", "k", "d", "3.5"],
            [
                .array(
                    element: "a{sv}",
                    [
                        .dictionary(
                            key: .string, value: .variant,
                            [DBusDictEntry(.string("k"), .variant(.double(3.5)))])
                    ])
            ]
        )
    ]

    static let plainReplies = ["a{is}": "a{is} 1 5 \"five\"", "a{ys}": "a{ys} 0", "a{ox}": "a{ox} 1 \"/p\" 9"]

    @Test func everySignatureIsCovered() {
        #expect(Set(Self.cases.map(\.sig)) == Set(TestService.echoSignatures.map(\.rawValue)))
    }

    @Test func busctlRoundTripsEveryType() throws {
        for (sig, args, expected) in Self.cases {
            let index = TestService.echoSignatures.firstIndex(of: DBusSignature(sig)!)!
            let method = TestService.echoName(index)
            if let plain = Self.plainReplies[sig] {
                // busctl's JSON output cannot print dictionaries with non-string keys: compare its text form.
                let r = try Client.busctl(
                    bus,
                    [
                        "call", "--", service.connection.uniqueName, TestService.path,
                        TestService.interface, method, sig
                    ] + args)
                #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == plain, "encoding \(sig)")
                #expect(service.received.get()[method] == expected, "decoding \(sig)")
                continue
            }
            let (type, data) = try Client.busctlCall(bus, service.connection.uniqueName, method, [sig] + args)
            #expect(service.received.get()[method] == expected, "decoding \(sig)")
            #expect(type == sig, "reply signature for \(sig)")
            #expect(JSONForm.canonical(data) == JSONForm.canonical(expected.map(JSONForm.of)), "encoding \(sig)")
        }
    }

    @Test func gdbusRoundTripsNestedVariantsAndContainers() throws {
        let dest = service.connection.uniqueName
        let variantIndex = TestService.echoSignatures.firstIndex(of: "v")!
        let r = try Client.gdbus(
            bus, "call",
            [
                "--dest", dest, "--object-path", TestService.path, "--method",
                "\(TestService.interface).\(TestService.echoName(variantIndex))",
                "<<<<<<<<int32 5>>>>>>>>"
            ])
        #expect(r.succeeded, "\(r.stderr)")
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(<<<<<<<<5>>>>>>>>,)")
        var expected = DBusValue.int32(5)
        for _ in 0..<8 { expected = .variant(expected) }
        #expect(service.received.get()[TestService.echoName(variantIndex)] == [expected])

        let dictIndex = TestService.echoSignatures.firstIndex(of: "a{sa{sv}}")!
        let r2 = try Client.gdbus(
            bus, "call",
            [
                "--dest", dest, "--object-path", TestService.path, "--method",
                "\(TestService.interface).\(TestService.echoName(dictIndex))",
                "{'a': {'b': <[byte 1, 2]>, 'c': <(1, 'x')>}}"
            ])
        #expect(r2.succeeded, "\(r2.stderr)")
        #expect(r2.stdout.contains("'b': <[byte 0x01, 0x02]>"), "\(r2.stdout)")
        #expect(r2.stdout.contains("'c': <(1, 'x')>"), "\(r2.stdout)")
    }

    @Test func ownClientRoundTripsMaximumNesting() throws {
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        // 32 nested arrays and 32 nested structs: the deepest the specification allows.
        var deepArray = DBusValue.int32(7)
        for _ in 0..<32 { deepArray = .array(element: deepArray.signature, [deepArray]) }
        var deepStruct = DBusValue.string("core")
        for _ in 0..<32 { deepStruct = .structure([deepStruct]) }
        let variantIndex = TestService.echoSignatures.firstIndex(of: "v")!
        for value in [deepArray, deepStruct] {
            let out = try client.call(
                destination: service.connection.uniqueName, path: TestService.path,
                interface: TestService.interface, method: TestService.echoName(variantIndex),
                arguments: [.variant(value)])
            #expect(out == [.variant(value)])
        }
        // One level deeper is refused before it reaches libdbus.
        let tooDeep = DBusValue.array(element: deepArray.signature, [deepArray])
        #expect(throws: DBusError.self) { try tooDeep.validate() }
    }
}
