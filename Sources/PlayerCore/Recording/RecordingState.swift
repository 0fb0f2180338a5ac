/// The recorder's state as clients see it (`RecordingState`: idle, recording, paused).
public enum RecordingState: String, Sendable, Hashable { case idle, recording, paused }

/// Why a recording ended (`RecordingFinished` reason).
public enum RecordingEndReason: String, Sendable, Hashable {
    /// StopRecording, or the service shut down.
    case stopped
    /// The source went away (device unplugged, sink removed).
    case sourceGone = "source-gone"
    /// The file system is full.
    case diskFull = "disk-full"
    /// Anything else (the sound server vanished, a write failed).
    case error
}
