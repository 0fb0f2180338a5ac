import CMpg123

/// A libmpg123 failure: the call that failed, mpg123's error code and its message.
public struct Mpg123Error: Error, Sendable, CustomStringConvertible {
    /// What went wrong, coarsely, so callers can classify without knowing mpg123's codes.
    public enum Kind: Sendable, Hashable {
        /// The byte input failed (read or seek callback returned an error).
        case io
        /// A seek was asked of a stream that cannot seek.
        case notSeekable
        /// No decodable MPEG audio found, or a broken stream mpg123 could not resync.
        case badStream
        /// mpg123 could not allocate memory.
        case outOfMemory
        /// Anything else (bad parameter, internal error).
        case other
    }

    /// The mpg123 function that failed, e.g. "mpg123_open_handle".
    public var operation: String
    /// mpg123's error code (enum mpg123_errors).
    public var code: Int32
    /// mpg123's own description of the error.
    public var message: String

    public var kind: Kind {
        switch code {
        case Int32(MPG123_ERR_READER.rawValue), Int32(MPG123_LSEEK_FAILED.rawValue), Int32(MPG123_BAD_FILE.rawValue):
            return .io
        case Int32(MPG123_NO_SEEK.rawValue), Int32(MPG123_NO_SEEK_FROM_END.rawValue), Int32(MPG123_NO_READER.rawValue):
            return .notSeekable
        case Int32(MPG123_OUT_OF_MEM.rawValue):
            return .outOfMemory
        case Int32(MPG123_RESYNC_FAIL.rawValue), Int32(MPG123_NO_RELSEEK.rawValue), Int32(MPG123_BAD_BAND.rawValue),
            Int32(MPG123_NO_SPACE.rawValue), Int32(MPG123_OUT_OF_SYNC.rawValue), Int32(MPG123_NO_BUFFERS.rawValue):
            return .badStream
        default:
            return .other
        }
    }

    public var description: String { "\(operation): \(message) (mpg123 error \(code))" }

    init(_ operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }

    /// An error from a call that returned a plain error code.
    static func plain(_ operation: String, code: Int32) -> Mpg123Error {
        Mpg123Error(operation, code: code, message: String(cString: mpg123_plain_strerror(code)))
    }
}
