import CFaad

/// A libfaad2 failure: the call that failed and faad's own message (from NeAACDecGetErrorMessage when it has a code).
public struct FaadError: Error, Sendable, CustomStringConvertible {
    /// The faad function that failed, e.g. "NeAACDecInit2".
    public var operation: String
    /// faad's error code (NeAACDecFrameInfo.error), 0 when the call gave none.
    public var code: Int
    /// faad's description of the error.
    public var message: String

    init(_ operation: String, code: UInt8, library: FaadLibrary) {
        self.operation = operation
        self.code = Int(code)
        message = linnet_faad_error_message(library.errorMessage, code).map { String(cString: $0) } ?? "error \(code)"
    }

    init(_ operation: String, message: String) {
        self.operation = operation
        code = 0
        self.message = message
    }

    public var description: String { "\(operation): \(message)" }
}
