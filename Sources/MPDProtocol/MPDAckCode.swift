/// The error codes of an `ACK` line, as MPD's `src/protocol/Ack.hxx` numbers them.
public enum MPDAckCode: Int, Sendable, CaseIterable {
    /// ACK_ERROR_NOT_LIST (MPD defines it but no longer sends it).
    case notList = 1
    /// ACK_ERROR_ARG: a bad argument.
    case argument = 2
    /// ACK_ERROR_PASSWORD: a wrong password.
    case password = 3
    /// ACK_ERROR_PERMISSION: the client may not run this command.
    case permission = 4
    /// ACK_ERROR_UNKNOWN: an unknown command, or a request that is not one.
    case unknown = 5
    /// ACK_ERROR_NO_EXIST: the song, playlist or output does not exist.
    case noExist = 50
    /// ACK_ERROR_PLAYLIST_MAX: the queue is full.
    case playlistMax = 51
    /// ACK_ERROR_SYSTEM: a system call failed.
    case system = 52
    /// ACK_ERROR_PLAYLIST_LOAD: a playlist could not be loaded.
    case playlistLoad = 53
    /// ACK_ERROR_UPDATE_ALREADY: a database update is already running.
    case updateAlready = 54
    /// ACK_ERROR_PLAYER_SYNC: the player is not in the state the command needs.
    case playerSync = 55
    /// ACK_ERROR_EXIST: the object to create exists already.
    case exist = 56
}
