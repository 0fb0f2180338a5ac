import DBus
import Foundation
import Testing
import TestSupport

/// The exported object seen from independent clients: introspection, properties, standard errors.
@Suite(.serialized) struct ExportTests {
    let bus: PrivateBus
    let service: TestService
    var dest: String { service.connection.uniqueName }
    init() throws {
        bus = try PrivateBus()
        service = try TestService(bus: bus)
    }

    private func introspect(_ path: String) throws -> IntrospectionXML {
        let r = try Client.gdbus(bus, "introspect", ["--dest", dest, "--object-path", path, "--xml"])
        #expect(r.succeeded, "\(r.stderr)")
        return try #require(IntrospectionXML.parse(r.stdout), "unparsable XML: \(r.stdout)")
    }

    @Test func introspectionDescribesInterfacesAndChildren() throws {
        let doc = try introspect(TestService.path)
        #expect(
            Set(doc.interfaces.keys) == [
                "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Introspectable",
                "org.freedesktop.DBus.Properties", TestService.interface,
                "org.linnet.Test.Broken"
            ])
        let members = try #require(doc.interfaces[TestService.interface])
        #expect(members.contains(.init(kind: "method", name: "Concat", args: ["in:s", "in:s", "out:s"])))
        #expect(members.contains(.init(kind: "method", name: "Echo31", args: ["in:a{sa{sv}}", "out:a{sa{sv}}"])))
        #expect(members.contains(.init(kind: "signal", name: "Ticked", args: ["out:u", "out:x"])))
        let props = try #require(doc.properties[TestService.interface])
        #expect(props["Volume"]?.type == "d" && props["Volume"]?.access == "readwrite" && props["Volume"]?.emits == nil)
        #expect(props["Tags"]?.type == "a{sv}" && props["Tags"]?.emits == "invalidates")
        #expect(props["Identity"]?.emits == "const")
        #expect(props["Secret"]?.access == "write")
        #expect(doc.children == ["child"])
        // Intermediate nodes list their children; the root leads to every object.
        #expect(try introspect("/").children == ["org"])
        #expect(try introspect("/org/linnet").children == ["Test"])
        #expect(try introspect("/org/linnet/Test/child").children == ["grandchild"])
        let leaf = try introspect("/org/linnet/Test/child/grandchild")
        #expect(leaf.interfaces["org.linnet.Leaf"]?.map(\.name) == ["Nop"])
    }

    @Test func propertiesGetSetGetAllFromBusctl() throws {
        let get = try Client.busctl(bus, ["get-property", dest, TestService.path, TestService.interface, "Volume"])
        #expect(get.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "d 0.5")
        let set = try Client.busctl(
            bus, ["set-property", dest, TestService.path, TestService.interface, "Volume", "d", "0.75"])
        #expect(set.succeeded, "\(set.stderr)")
        #expect(service.volume.get() == 0.75)
        let all = try Client.gdbus(
            bus, "call",
            [
                "--dest", dest, "--object-path", TestService.path, "--method",
                "org.freedesktop.DBus.Properties.GetAll", TestService.interface
            ])
        #expect(all.succeeded, "\(all.stderr)")
        for fragment in ["'Volume': <0.75>", "'Title': <'first'>", "'Identity': <'Linnet test'>", "'genre': <'jazz'>"] {
            #expect(all.stdout.contains(fragment), "\(fragment) in \(all.stdout)")
        }
        #expect(!all.stdout.contains("Secret"), "write-only properties are not in GetAll")
    }

    /// (arguments to busctl call, expected error name)
    static let errorCases: [([String], String)] = [
        (["/nowhere", "org.linnet.Test", "Concat", "ss", "a", "b"], "org.freedesktop.DBus.Error.UnknownObject"),
        (["/org/linnet", "org.linnet.Test", "Concat", "ss", "a", "b"], "org.freedesktop.DBus.Error.UnknownObject"),
        (
            [TestService.path, "org.linnet.Nope", "Concat", "ss", "a", "b"],
            "org.freedesktop.DBus.Error.UnknownInterface"
        ),
        ([TestService.path, "org.linnet.Test", "Nope"], "org.freedesktop.DBus.Error.UnknownMethod"),
        ([TestService.path, "org.linnet.Test", "Concat", "i", "1"], "org.freedesktop.DBus.Error.InvalidArgs"),
        (
            [TestService.path, "org.linnet.Test", "Concat", "sss", "a", "b", "c"],
            "org.freedesktop.DBus.Error.InvalidArgs"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Get", "ss", "org.linnet.Test", "Nope"],
            "org.freedesktop.DBus.Error.UnknownProperty"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Get", "ss", "org.linnet.Nope", "Volume"],
            "org.freedesktop.DBus.Error.UnknownInterface"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Get", "s", "org.linnet.Test"],
            "org.freedesktop.DBus.Error.InvalidArgs"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Set", "ssv", "org.linnet.Test", "Title", "s", "x"],
            "org.freedesktop.DBus.Error.PropertyReadOnly"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Set", "ssv", "org.linnet.Test", "Volume", "s", "x"],
            "org.freedesktop.DBus.Error.InvalidArgs"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Set", "ssv", "org.linnet.Test", "Volume", "d", "-1"],
            "org.freedesktop.DBus.Error.InvalidArgs"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Get", "ss", "org.linnet.Test", "Secret"],
            "org.freedesktop.DBus.Error.AccessDenied"
        ),
        (
            [TestService.path, "org.freedesktop.DBus.Properties", "Get", "ss", "org.linnet.Test.Broken", "Broken"],
            "org.freedesktop.DBus.Error.Failed"
        ),
        ([TestService.path, "org.freedesktop.DBus.Properties", "Frob"], "org.freedesktop.DBus.Error.UnknownMethod"),
        (
            [TestService.path, "org.freedesktop.DBus.Introspectable", "Introspect", "s", "x"],
            "org.freedesktop.DBus.Error.InvalidArgs"
        ),
        ([TestService.path, "org.linnet.Test", "Fail", "s", "boom"], "org.linnet.Test.Error.Custom"),
        ([TestService.path, "org.linnet.Test", "Crash"], "org.freedesktop.DBus.Error.Failed"),
        ([TestService.path, "org.linnet.Test", "WrongReply"], "org.freedesktop.DBus.Error.Failed"),
        ([TestService.path, "org.linnet.Test", "Dropped"], "org.freedesktop.DBus.Error.NoReply")
    ]

    @Test func everyStandardErrorName() throws {
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        for (args, expected) in Self.errorCases {
            // busctl (an independent client) sees the error name…
            let r = try Client.busctl(bus, ["call", "--", dest] + args)
            #expect(!r.succeeded, "\(args) should fail")
            // …and so does our client, with the exact name.
            let viaGdbus = try Client.gdbus(
                bus, "call",
                [
                    "--dest", dest, "--object-path", args[0],
                    "--method", "\(args[1]).\(args[2])"
                ] + gvariantArgs(args))
            #expect(viaGdbus.stderr.contains(expected), "\(args): \(viaGdbus.stderr)")
        }
    }

    /// gdbus takes GVariant text: quote strings, keep numbers, wrap variant pairs as <…>.
    private func gvariantArgs(_ args: [String]) -> [String] {
        guard args.count > 3 else { return [] }
        let sig = Array(args[3]), values = Array(args.dropFirst(4))
        var out: [String] = []
        var i = 0
        for code in sig {
            switch code {
            case "s": out.append("'\(values[i])'"); i += 1
            case "i": out.append("int32 \(values[i])"); i += 1
            case "v":
                let inner = values[i] == "s" ? "'\(values[i + 1])'" : "<double \(values[i + 1])>"
                out.append(values[i] == "s" ? "<\(inner)>" : inner); i += 2
            default: break
            }
        }
        return out
    }

    @Test func errorsCarryMessagesToOurClient() throws {
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        do {
            _ = try client.call(
                destination: dest, path: TestService.path, interface: TestService.interface,
                method: "Fail", arguments: [.string("custom text")])
            Issue.record("Fail should throw")
        } catch {
            #expect(error.name == "org.linnet.Test.Error.Custom")
            #expect(error.message.contains("custom text"))
        }
        #expect(
            throws: DBusError(
                name: DBusError.Name.unknownProperty,
                message: "Interface 'org.linnet.Test' has no property 'Nope'")
        ) {
            _ = try client.getProperty(
                destination: dest, path: TestService.path, interface: TestService.interface,
                name: "Nope")
        }
    }

    @Test func peerInterfaceAnswers() throws {
        let ping = try Client.busctl(bus, ["call", dest, TestService.path, "org.freedesktop.DBus.Peer", "Ping"])
        #expect(ping.succeeded, "\(ping.stderr)")
        let id = try Client.busctl(bus, ["call", dest, "/any/path", "org.freedesktop.DBus.Peer", "GetMachineId"])
        #expect(id.stdout.hasPrefix("s \""), "\(id.stdout)")
    }
}
