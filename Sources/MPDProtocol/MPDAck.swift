/// One failure response: `ACK [code@listIndex] {command} message\n`.
public struct MPDAck: Sendable, Equatable, Error {
    /// What kind of failure.
    public var code: MPDAckCode
    /// The failing command's index in its command list (0 outside lists).
    public var listIndex: Int
    /// The failing command's name; empty when the line was not understood far enough to have one (as in MPD).
    public var command: String
    /// The human-readable message.
    public var message: String

    /// An ACK with the given parts.
    public init(_ code: MPDAckCode, listIndex: Int = 0, command: String = "", message: String) {
        self.code = code
        self.listIndex = listIndex
        self.command = command
        self.message = message
    }

    /// The whole line, "\n" included. Newlines in the command or message (which can quote a client's argument)
    /// become spaces, so a client cannot make the server write a line of its choice.
    public var line: String {
        let name = MPDResponseWriter.singleLine(command)
        return "ACK [\(code.rawValue)@\(listIndex)] {\(name)} \(MPDResponseWriter.singleLine(message))\n"
    }
}
