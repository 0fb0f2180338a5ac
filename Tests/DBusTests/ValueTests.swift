import DBus
import Testing

/// Pure value-level behaviour: signatures, validation, conversions, names, match rules (no bus needed).
struct ValueTests {
    @Test func signaturesSplitAndValidate() {
        // (A string literal would pick the trapping literal initializer; runtime text goes through init?(_:).)
        func sig(_ s: String) -> DBusSignature? { DBusSignature(s) }
        #expect(sig("sa{sv}(ii)av")?.completeTypes.map(\.rawValue) == ["s", "a{sv}", "(ii)", "av"])
        #expect(sig("aa{s(ia{sv})}")?.isSingleCompleteType == true)
        for bad in ["a", "(", "()", "a{vs}", "{ss}", "z", "a{s}", "s\0"] { #expect(sig(bad) == nil, "\(bad)") }
        #expect(sig("")?.isEmpty == true)
        #expect(sig(String(repeating: "a", count: 33) + "i") == nil, "more than 32 nested arrays")
    }

    @Test func valueSignatures() {
        let v: DBusValue = .structure([
            .int32(1), .array(element: .variant, []), .dictionary(key: .string, value: "ai", [])
        ])
        #expect(v.signature == "(iava{sai})")
        #expect(DBusValue.signature(of: [.string("a"), .variant(.byte(1))]) == "sv")
    }

    @Test func inconsistentValuesAreRejected() {
        let cases: [DBusValue] = [
            .array(element: .string, [.int32(1)]),
            .dictionary(key: .variant, value: .string, []),
            .dictionary(key: .string, value: .int32, [DBusDictEntry(.string("k"), .string("v"))]),
            .structure([]),
            .string("a\0b"),
            .variant(.string("nul\0")),
            .array(element: "ii", [])
        ]
        for value in cases { #expect(throws: DBusError.self, "\(value)") { try value.validate() } }
        #expect(throws: Never.self) { try DBusValue.array(element: "(sv)", []).validate() }
    }

    @Test func swiftConversionsRoundTrip() {
        #expect([String](dbus: DBusValue(["a", "b"])) == ["a", "b"])
        #expect(DBusValue(["x": Int32(1)]).signature == "a{si}")
        #expect([String: DBusValue](dbus: DBusValue(["k": DBusValue.double(1.5)]))?["k"] == .double(1.5))
        #expect([String: DBusValue].dbusSignature == "a{sv}")
        #expect(Int64(dbus: .int32(1)) == nil, "conversions are exact")
        #expect(DBusValue.uint32(7).integerValue == 7)
        #expect(DBusValue.variant(.int16(-2)).doubleValue == -2)
        #expect(DBusValue.objectPath("/a").stringValue == "/a")
        #expect(DBusValue.variant(.variant(.boolean(true))).unwrappingVariants == .boolean(true))
        func path(_ s: String) -> DBusObjectPath? { DBusObjectPath(s) }
        #expect(path("/a/") == nil && path("a") == nil && path("/a_1/B") != nil)
        #expect(DBusValue([UInt8]([1, 2])).as([UInt8].self) == [1, 2])
    }

    @Test func nameValidation() {
        #expect(DBusNames.isValidBusName("org.mpris.MediaPlayer2.linnet"))
        #expect(DBusNames.isValidBusName(":1.42"))
        #expect(!DBusNames.isValidBusName("nodots"))
        #expect(DBusNames.isValidInterface("org.mpris.MediaPlayer2.Player"))
        #expect(!DBusNames.isValidInterface("org..x"))
        #expect(
            DBusNames.isValidMember("PlayPause") && !DBusNames.isValidMember("Play.Pause")
                && !DBusNames.isValidMember(""))
        #expect(!DBusNames.isValidObjectPath("/a//b"))
    }

    @Test func matchRules() {
        let rule = DBusMatchRule(
            sender: ":1.5", pathNamespace: "/org/mpris", interface: "org.freedesktop.DBus.Properties",
            member: "PropertiesChanged", arg0: "it's")
        #expect(
            rule.ruleString == "type='signal',sender=':1.5',path_namespace='/org/mpris',"
                + "interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='it'\\''s'")
        let signal = DBusSignal(
            sender: ":1.5", path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Properties",
            member: "PropertiesChanged", arguments: [.string("it's")])
        #expect(rule.matches(signal))
        var other = rule
        other.sender = ":1.6"
        #expect(!other.matches(signal))
        other = rule
        other.pathNamespace = "/org/mpr"
        #expect(!other.matches(signal), "a namespace matches whole path elements only")
        #expect(DBusMatchRule(pathNamespace: "/").matches(signal))
        #expect(throws: DBusError.self) { try DBusMatchRule(interface: "bad").validate() }
    }

    @Test func interfaceDeclarationsAreChecked() {
        #expect(throws: DBusError.self) { try DBusInterface("nodots").validate() }
        #expect(throws: DBusError.self) {
            try DBusInterface("a.b", methods: [DBusMethod("M") { _ in [] }, DBusMethod("M") { _ in [] }]).validate()
        }
        #expect(throws: DBusError.self) {
            try DBusInterface("a.b", properties: [DBusProperty("P", signature: "ss", get: { .string("") })]).validate()
        }
    }
}
