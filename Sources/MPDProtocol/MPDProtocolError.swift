/// An error a parser in this module throws, reported to the client as an ACK.
public protocol MPDProtocolError: Error, Sendable {
    /// The ACK code MPD uses for this error.
    var ackCode: MPDAckCode { get }
    /// MPD's message for it (the text after `{command} `).
    var message: String { get }
}

extension MPDProtocolError {
    /// The ACK for this error in the command `command` at `listIndex` of its command list.
    public func ack(command: String = "", listIndex: Int = 0) -> MPDAck {
        MPDAck(ackCode, listIndex: listIndex, command: command, message: message)
    }
}
