/// Why a recording could not start or be controlled.
public struct RecorderError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The settings are not something we can record (refused before anything started).
        case invalidSettings
        /// A recording is already running (start), or none is (pause/resume/stop).
        case wrongState
        /// The sound server, the source or the file refused.
        case failed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
