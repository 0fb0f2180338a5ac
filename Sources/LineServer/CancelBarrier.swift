/// Runs an action once every Dispatch source watching a descriptor has delivered its cancel handler: libdispatch
/// requires the descriptor to stay open until then (closing it earlier crashed its event loop in the DBus layer).
@MainActor
final class CancelBarrier {
    private var remaining: Int
    private var action: (() -> Void)?

    init(sources: Int, then action: @escaping () -> Void) {
        (remaining, self.action) = (sources, action)
    }

    /// One source's cancel handler ran.
    func arrive() {
        remaining -= 1
        guard remaining == 0, let action else { return }
        self.action = nil
        action()
    }
}
