import Synchronization

/// A walk's result, handed from the walk thread to the main actor: written once by the walk, read after the
/// walk's group completed (the group orders the two; the mutex makes that checkable rather than assumed).
final class WalkResult<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    /// Stores what the walk found (on the walk thread).
    func set(_ newValue: Value) { value.withLock { $0 = newValue } }

    /// What the walk found, nil while it is still walking.
    var get: Value? { value.withLock { $0 } }
}
