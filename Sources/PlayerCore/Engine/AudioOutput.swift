/// A failure of the sound output, with the operation that failed and the server's reason.
public struct AudioOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad class of failure, for policy decisions.
    public enum Kind: Sendable, Hashable {
        /// No sound server could be reached.
        case noServer
        /// The connection to the server was lost (server died or restarted).
        case disconnected
        /// The server refused the stream (bad sample spec, no sink, access denied…).
        case streamFailed
        /// Any other refused request.
        case operationFailed
    }

    public var kind: Kind
    /// The operation that failed, e.g. "pa_stream_connect_playback".
    public var operation: String
    /// The server's reason (from pa_strerror).
    public var message: String

    public init(_ kind: Kind, operation: String, message: String) {
        self.kind = kind
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(operation): \(message)" }
}

/// Things an output notices that are not errors; the owner's policies decide what to do about them.
public enum AudioOutputEvent: Sendable, Hashable {
    /// The server asks the stream to pause for an interruption (PA_STREAM_EVENT_REQUEST_CORK).
    case corkRequested
    /// The server says the interruption is over (PA_STREAM_EVENT_REQUEST_UNCORK).
    case uncorkRequested
    /// The stream now plays on this sink (it was moved by the user or by the server).
    case movedToSink(name: String)
    /// The sound server went away; the stream is gone. Playback state is kept for a reconnect.
    case serverLost
    /// The output is connected to a sound server again (after `serverLost`, or a first server after none).
    case serverReturned
    /// The stream's route changed (first route: `old` nil); `reason` from `RouteChangeReason.infer`.
    case routeChanged(old: AudioRoute?, new: AudioRoute?, reason: RouteChangeReason)
    /// A communication stream (a call: `StreamRole.isCommunication`) started on our sink; by sink-input index.
    case communicationStarted(UInt32)
    /// That communication stream ended or left our sink.
    case communicationEnded(UInt32)
}

/// Properties of a playback stream that the desktop shows (pavucontrol, sound settings).
public struct StreamProperties: Sendable, Hashable {
    public var title: String?
    public var artist: String?

    public init(title: String? = nil, artist: String? = nil) {
        self.title = title
        self.artist = artist
    }
}

/// The engine's side of an output: the output calls these on its own thread with its lock held.
public protocol AudioOutputClient: AnyObject {
    /// Fills `buffer` with whole frames of the current stream format; returns bytes written, 0 when nothing is ready.
    func render(into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// The frame (in the current epoch's timeline) that `notify(whenHeard:)` asked about is being heard now.
    func outputReachedMark()
    /// The stream ran dry.
    func outputDidUnderrun()
    /// The left/right balance was changed outside the engine (−1 … 1).
    func outputBalanceChanged(_ balance: Double)
    /// Volume or mute was changed outside the engine.
    func outputVolumeChanged(volume: Double, muted: Bool)
    /// The stream or the connection failed; the output's stream is closed.
    func outputFailed(_ error: AudioOutputError)
    /// Interruptions, route changes, server loss.
    func outputEvent(_ event: AudioOutputEvent)
}

/// A sound output the engine drives; pull model: the output asks its client to `render` when the server wants data.
///
/// Threading contract: every method below except `withLock` must be called with the output's lock held
/// (inside `withLock`, or from within an `AudioOutputClient` callback, which always runs with the lock held).
/// `withLock` must not be called from inside a client callback.
public protocol AudioOutput: AnyObject, Sendable {
    /// Sets the client that renders audio and receives notifications (weakly held). Call before opening.
    func setClient(_ client: any AudioOutputClient)
    /// Runs `body` holding the lock under which the output's thread calls the client.
    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R

    /// Opens a stream of `format` (closing any previous one); it starts corked when `corked` is true.
    /// The frame timeline restarts at 0. Data is pulled through `render` once the server is ready.
    func open(format: AudioFormat, properties: StreamProperties, corked: Bool) throws(AudioOutputError)
    /// Closes the stream (what is buffered is dropped).
    func close()
    /// The format of the open stream, nil when closed.
    var format: AudioFormat? { get }
    /// Pauses (true) or resumes (false) the stream; takes effect at once on the server.
    func setCorked(_ corked: Bool)
    /// Drops everything written but not yet heard; the timeline restarts at 0 with the next rendered frame.
    func flush()
    /// Asks the output to pull data now (e.g. after a stall because nothing was ready).
    func pump()
    /// Calls `completion` (with the lock held) once everything written has been heard.
    func drain(_ completion: @escaping () -> Void)
    /// The frame being heard now, counted in the current timeline (frames rendered since open/flush);
    /// nil when not yet known (just after open or flush, before the server answered).
    func heardFrame() -> Int64?
    /// Calls `outputReachedMark` when `frame` of the current timeline is heard (replaces an earlier mark; nil cancels).
    func notify(whenHeard frame: Int64?)
    /// Updates title/artist shown by the desktop.
    func updateProperties(_ properties: StreamProperties)
    /// Sets the stream volume (1.0 = 100%) and mute.
    func setVolume(_ volume: Double)
    /// Sets the left/right balance (−1 left only … 0 centre … 1 right only) as per-channel volume, no processing.
    func setBalance(_ balance: Double)
    func setMuted(_ muted: Bool)
    /// Number of underruns since the output was created.
    var underrunCount: Int { get }
}
