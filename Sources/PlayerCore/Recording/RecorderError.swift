/// Why a recording could not start or be controlled.
public typealias RecorderError = KindedError<RecorderErrorKind>

/// What kind of recorder failure it is (each is its own D-Bus error).
public enum RecorderErrorKind: Sendable, Hashable {
    /// The settings are not something we can record (refused before anything started).
    case invalidSettings
    /// A recording is already running (start), or none is (pause/resume/stop).
    case wrongState
    /// The sound server, the source or the file refused.
    case failed
}
