import LinnetCLI

/// The JSON-RPC messages the plug-in writes to snapserver, one per line.
public enum PluginMessage {
    public static let readyMethod = "Plugin.Stream.Ready"
    public static let propertiesMethod = "Plugin.Stream.Player.Properties"

    /// A successful reply.
    public static func result(id: JSONValue, _ value: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", value)])
    }

    /// The reply to Control and SetProperty once the player did it.
    public static func ok(id: JSONValue) -> JSONValue { result(id: id, .string("ok")) }

    /// An error reply; `data` repeats the message (snapserver hands `data` on to its control clients).
    public static func error(id: JSONValue, _ error: PluginError) -> JSONValue {
        let body: JSONValue = .object([
            ("code", .integer(Int64(error.code))), ("message", .string(error.message)), ("data", .string(error.message))
        ])
        return .object([("jsonrpc", .string("2.0")), ("id", id), ("error", body)])
    }

    /// `Plugin.Stream.Ready`: the player is there; snapserver answers with GetProperties.
    public static let ready: JSONValue = .object([("jsonrpc", .string("2.0")), ("method", .string(readyMethod))])

    /// `Plugin.Stream.Player.Properties` with the properties object.
    public static func properties(_ properties: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(propertiesMethod)), ("params", properties)])
    }

    /// A message as the line to write (compact JSON and a newline; strings escape every control character, so
    /// the line cannot break).
    public static func line(_ message: JSONValue) -> String { message.encoded + "\n" }
}
