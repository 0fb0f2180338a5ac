import CSndfile

/// A libsndfile failure: the call that failed, libsndfile's error number and its message.
public struct SndfileError: Error, Sendable, CustomStringConvertible {
    /// The class of failure, so callers can classify without knowing libsndfile's numbers.
    public enum Kind: Sendable, Hashable {
        /// The content is not a format libsndfile knows (SF_ERR_UNRECOGNISED_FORMAT).
        case unrecognisedFormat
        /// The input failed (SF_ERR_SYSTEM).
        case system
        /// The file is a known format but broken (SF_ERR_MALFORMED_FILE).
        case malformed
        /// The container is known but its encoding is not supported (SF_ERR_UNSUPPORTED_ENCODING).
        case unsupportedEncoding
        /// A seek failed or is impossible on this input.
        case seekFailed
        /// Any of libsndfile's internal error numbers (the message says which).
        case other
    }

    /// The libsndfile function that failed, e.g. "sf_open_virtual".
    public var operation: String
    /// libsndfile's error number (sf_error), 0 when the call failed without setting one.
    public var code: Int32
    /// libsndfile's description (sf_strerror).
    public var message: String
    /// The system's errno when a write failed in the file system (ENOSPC: disk full), else 0.
    public var systemErrno: Int32 = 0

    public var kind: Kind {
        switch Int(code) {
        case SF_ERR_UNRECOGNISED_FORMAT: return .unrecognisedFormat
        case SF_ERR_SYSTEM: return .system
        case SF_ERR_MALFORMED_FILE: return .malformed
        case SF_ERR_UNSUPPORTED_ENCODING: return .unsupportedEncoding
        default: return operation == "sf_seek" ? .seekFailed : .other
        }
    }

    public var description: String { "\(operation): \(message) (libsndfile error \(code))" }

    public init(operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }
}
