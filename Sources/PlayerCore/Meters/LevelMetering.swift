/// Something that measures the levels of the audio on its own path (the player's output, the recorder's
/// capture): metering costs nothing while off.
public protocol LevelMetering: AnyObject, Sendable {
    /// Starts or stops measuring (off: no work on the audio path, history dropped). Any thread.
    func setMetering(_ on: Bool)
    /// The levels of what was heard (or captured) since the previous call, after volume; nil when nothing new
    /// was heard since then. Any thread.
    func takeLevels() -> LevelReading?
}
