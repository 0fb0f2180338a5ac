import Synchronization

/// The answer to a deferred method call: call `succeed` or `fail` once, from any thread. If it is dropped
/// unanswered the caller receives `org.freedesktop.DBus.Error.NoReply`, so no call goes unanswered.
public final class DBusReply: Sendable {
    private let call: Message
    private let core: ConnectionCore
    private let outSignature: DBusSignature
    private let context: String
    private let answered = Atomic<Bool>(false)

    init(call: Message, core: ConnectionCore, outSignature: DBusSignature, context: String) {
        self.call = call
        self.core = core
        self.outSignature = outSignature
        self.context = context
    }

    deinit {
        if !answered.load(ordering: .acquiring) {
            send(call.errorReply(DBusError(name: DBusError.Name.noReply, message: "\(context) was never answered")))
        }
    }

    /// Answers with out values; a mismatch with the declared out signature sends `Failed` instead.
    public func succeed(_ values: [DBusValue]) {
        guard claim() else { return }
        guard DBusValue.signature(of: values) == outSignature else {
            send(
                call.errorReply(
                    .failed(
                        "\(context) produced '\(DBusValue.signature(of: values))'"
                            + " instead of its declared '\(outSignature)'")))
            return
        }
        do {
            guard let reply = call.methodReturn() else { return }
            try reply.append(values)
            send(reply)
        } catch {
            send(call.errorReply(error))
        }
    }

    /// Answers with an error reply.
    public func fail(_ error: DBusError) {
        guard claim() else { return }
        send(call.errorReply(error))
    }

    private func claim() -> Bool {
        !answered.exchange(true, ordering: .acquiringAndReleasing)
    }

    private func send(_ reply: Message?) {
        guard let reply, !call.noReply else { return }
        try? core.send(reply)  // fails only once the connection is closed: nobody is left to answer
    }
}
