import DBus
import Dispatch
import Foundation
import TestSupport

/// The object the tests export: echo methods for many signatures, properties of every access mode, error-raising
/// methods, a deferred method. Runs on its own serial queue inside the test process.
final class TestService: @unchecked Sendable {
    // Safe: `connection`, `bus` and `queue` are immutable; recorded state is in LockedBoxes.
    static let interface = "org.linnet.Test"
    static let path = "/org/linnet/Test"
    static let echoSignatures: [DBusSignature] = [
        "y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "v",
        "ybnqiuxtdsog", "ay", "as", "ai", "ax", "ad", "ao", "ag", "ab", "a{sv}", "a{is}", "a{ys}", "a{ox}",
        "(is)", "(i(s(d)))", "a(sv)", "aas", "aaai", "a{sa{sv}}", "a{s(iav)}", "av", "(yv)", "aa{sv}"
    ]

    let bus: PrivateBus
    let queue = DispatchQueue(label: "test-service")
    let connection: DBusConnection
    /// The arguments of the last call of each method, as the handler decoded them.
    let received = LockedBox<[String: [DBusValue]]>([:])
    let volume = LockedBox<Double>(0.5)
    let title = LockedBox<String>("first")
    let heldReplies = LockedBox<[DBusReply]>([])

    init(bus: PrivateBus) throws {
        self.bus = bus
        connection = try DBusConnection(bus: .address(bus.address), queue: queue)
        try connection.export(
            path: Self.path,
            interfaces: [
                makeInterface(),
                DBusInterface(
                    "org.linnet.Test.Broken",
                    properties: [
                        DBusProperty("Broken", signature: .int32, get: { .string("not an int") })
                    ])
            ])
        try connection.export(
            path: "/org/linnet/Test/child/grandchild",
            interfaces: [
                DBusInterface("org.linnet.Leaf", methods: [DBusMethod("Nop") { _ in [] }])
            ])
    }

    deinit { connection.close() }

    static func echoName(_ index: Int) -> String { "Echo\(index)" }

    private func makeInterface() -> DBusInterface {
        let received = self.received, volume = self.volume, title = self.title, held = self.heldReplies
        var methods = Self.echoSignatures.enumerated().map { index, sig in
            DBusMethod(Self.echoName(index), in: sig, out: sig) { call in
                received.update { $0[call.member] = call.arguments }
                return call.arguments
            }
        }
        methods += [
            DBusMethod("Concat", in: "ss", out: "s", inNames: ["a", "b"], outNames: ["joined"]) { call in
                [.string((call.arguments[0].stringValue ?? "") + (call.arguments[1].stringValue ?? ""))]
            },
            DBusMethod("Fail", in: "s") { call in
                throw DBusError(name: "org.linnet.Test.Error.Custom", message: call.arguments[0].stringValue ?? "")
            },
            DBusMethod("Crash") { _ in throw CocoaError(.fileNoSuchFile) },
            DBusMethod("WrongReply", out: "s") { _ in [.int32(1)] },
            DBusMethod(
                "Later", in: "s", out: "s",
                handler: .deferred { call, reply in
                    DispatchQueue.global().async {
                        reply.succeed([.string("later:" + (call.arguments[0].stringValue ?? ""))])
                    }
                }),
            DBusMethod("Never", out: "s", handler: .deferred { _, reply in held.update { $0.append(reply) } }),
            DBusMethod("Dropped", out: "s", handler: .deferred { _, _ in })
        ]
        return DBusInterface(
            Self.interface, methods: methods,
            properties: [
                DBusProperty(
                    "Volume", signature: .double, access: .readwrite,
                    get: { .double(volume.get()) },
                    set: { value in
                        guard case .double(let v) = value, v >= 0 else {
                            throw DBusError.invalidArgs("Volume must be a non-negative double")
                        }
                        volume.set(v)
                    }),
                DBusProperty("Title", signature: .string, get: { .string(title.get()) }),
                DBusProperty(
                    "Tags", signature: "a{sv}", emitsChange: .invalidates,
                    get: { DBusValue(["genre": DBusValue.string("jazz"), "year": .int32(1959)]) }),
                DBusProperty("Identity", signature: .string, emitsChange: .constant, get: { .string("Linnet test") }),
                DBusProperty("Secret", signature: .string, access: .write, get: nil, set: { _ in })
            ],
            signals: [
                DBusSignalDeclaration("Ticked", signature: "ux", argNames: ["count", "position"])
            ])
    }
}

/// Runs a D-Bus command-line client against a private bus.
enum Client {
    static func busctl(_ bus: PrivateBus, _ args: [String]) throws -> Command.Result {
        try Command.run("busctl", ["--address=\(bus.address)"] + args, timeout: 30)
    }

    /// `busctl --json=short call` and its parsed `{"type": …, "data": […]}`.
    static func busctlCall(_ bus: PrivateBus, _ dest: String, _ method: String, _ args: [String]) throws -> (
        String, Any
    ) {
        let r = try busctl(
            bus, ["--json=short", "call", "--", dest, TestService.path, TestService.interface, method] + args)
        guard r.succeeded else { throw ClientFailure(what: "busctl call \(method) \(args)", stderr: r.stderr) }
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        return (json["type"] as! String, json["data"]!)
    }

    /// `gdbus SUBCOMMAND --address … ARGS…`.
    static func gdbus(_ bus: PrivateBus, _ subcommand: String, _ args: [String]) throws -> Command.Result {
        try Command.run("gdbus", [subcommand, "--address", bus.address] + args, timeout: 30)
    }
}

/// A client program that exited non-zero where success was expected.
struct ClientFailure: Error, CustomStringConvertible {
    var what: String
    var stderr: String
    var description: String { "\(what) failed: \(stderr)" }
}
