/// A finished command list: its commands in order, to run until the first failure.
public struct MPDCommandList: Sendable, Equatable {
    /// Whether `list_OK` follows each successful command (`command_list_ok_begin`).
    public var sendsListOK: Bool
    /// Each line of the list, tokenized; a failed one is answered, when reached, with
    /// `error.ack(listIndex: index)` (MPD runs the commands before it, as it tokenizes only when running).
    public var entries: [Result<MPDRequest, MPDRequestError>]

    /// A list with the given parts.
    public init(sendsListOK: Bool, entries: [Result<MPDRequest, MPDRequestError>]) {
        self.sendsListOK = sendsListOK
        self.entries = entries
    }
}
