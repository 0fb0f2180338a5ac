import MPDProtocol
import PlayerCore

// MPD: the MPD-protocol front end (issue 20), beside MPRIS and over the same player: no queue or library of its
// own. `MPDServer` accepts clients (LineServer), each `MPDSession` runs their commands against an `MPDBackend`
// (the player service) and answers in MPD's format.
//
// Concurrency: main actor, like the player: LineServer delivers lines there, and the backend is the player.

/// What the MPD front end asks of the player. Positions count from 0; song ids are the queue's entry ids.
@MainActor
public protocol MPDBackend: AnyObject {
    /// The player's state as `status` shows it.
    var mpdStatus: MPDPlayerStatus { get }
    /// Number of queue entries.
    var mpdQueueCount: Int { get }
    /// The queue's song ids in order (for `plchanges` versions).
    var mpdQueueIDs: [UInt32] { get }
    /// The songs at `range` of the queue, in order (positions and ids set).
    func mpdSongs(in range: Range<Int>) -> [MPDSong]
    /// The queue position of song `id`, nil when it is not queued.
    func mpdPosition(ofID id: UInt32) -> Int?

    /// Plays the song at `position` (nil: the current one, or the first).
    func mpdPlay(position: Int?) throws(MPDCommandError)
    /// Pauses (true), resumes (false) or toggles (nil).
    func mpdPause(_ on: Bool?)
    func mpdStop()
    func mpdNext()
    func mpdPrevious()
    /// Plays the song at `position` from `seconds` in.
    func mpdSeek(position: Int, seconds: Double) throws(MPDCommandError)
    /// Moves within the current song: to `seconds` or by them.
    func mpdSeekCurrent(_ target: MPDSeekTarget) throws(MPDCommandError)
    /// Volume 0…100.
    func mpdSetVolume(_ percent: Int)
    func mpdSetRepeat(_ on: Bool)
    func mpdSetRandom(_ on: Bool)
    func mpdSetSingle(_ mode: MPDSingleMode) throws(MPDCommandError)
    /// ReplayGain's mode in MPD's words (`off`, `track`, `album`, `auto`: Linnet's modes are the same).
    var mpdReplayGainMode: String { get }
    /// Sets it (the caller checked the word).
    func mpdSetReplayGainMode(_ mode: String)
    /// MPD's consume: songs leave the queue once played.
    func mpdSetConsume(_ on: Bool)

    /// Adds what `uri` names (a library-relative path, an absolute path or file:// URI for local clients, a
    /// stream URL) at `position` (nil: the end); returns the new songs' ids once known (nil: still being read).
    func mpdAdd(uri: String, at position: Int?, localClient: Bool) throws(MPDCommandError) -> [UInt32]?
    /// Removes the songs at `positions`.
    func mpdDelete(positions: Range<Int>) throws(MPDCommandError)
    /// Moves the songs at `positions` so the first stands at `to` afterwards.
    func mpdMove(positions: Range<Int>, to: Int) throws(MPDCommandError)
    /// Swaps the songs at two positions.
    func mpdSwap(_ a: Int, _ b: Int) throws(MPDCommandError)
    /// Reorders the songs at `positions` randomly (the current song first when it is among them), as MPD's
    /// `shuffle`.
    func mpdShuffle(positions: Range<Int>)
    /// Stops and empties the queue.
    func mpdClear()

    /// The outputs, as `outputs` lists them (the id is MPD's `outputid`).
    var mpdOutputs: [OutputDescription] { get }
    /// Enables (true), disables (false) or toggles (nil) output `id`.
    func mpdSetOutput(id: Int, enabled: Bool?) throws(MPDCommandError)
}

/// A refused command: the ACK code and MPD's message.
public struct MPDCommandError: MPDProtocolError, Equatable {
    public var ackCode: MPDAckCode
    public var message: String

    public init(_ code: MPDAckCode, _ message: String) {
        self.ackCode = code
        self.message = message
    }

    /// A position or range outside the queue ("Bad song index", as MPD).
    public static let badSongIndex = MPDCommandError(.argument, "Bad song index")
    /// A song id that is not queued ("No such song", as MPD).
    public static let noSuchSong = MPDCommandError(.noExist, "No such song")
}
