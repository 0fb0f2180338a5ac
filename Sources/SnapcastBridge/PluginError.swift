/// A JSON-RPC error the plug-in answers a request with. snapserver passes `code` and `data` on to the control
/// client that asked (its `Stream.Control` reply), so `data` always carries the readable reason too.
public struct PluginError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) (\(code))" }

    /// JSON-RPC 2.0's codes, and one of the server range for "the player failed or is missing".
    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let playerErrorCode = -32000

    public static func parseError(_ why: String) -> PluginError { PluginError(code: parseErrorCode, message: why) }
    public static func invalidRequest(_ why: String) -> PluginError {
        PluginError(code: invalidRequestCode, message: why)
    }
    public static func methodNotFound(_ method: String) -> PluginError {
        PluginError(code: methodNotFoundCode, message: "method '\(method)' not found")
    }
    public static func invalidParams(_ why: String) -> PluginError {
        PluginError(code: invalidParamsCode, message: why)
    }
    /// The player is not on the bus, refused the call, or did not answer.
    public static func player(_ why: String) -> PluginError { PluginError(code: playerErrorCode, message: why) }
}
