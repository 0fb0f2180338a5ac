// Libraries below the service (engine, sound effects, recorder, D-Bus client calls, Dispatch sources) deliver
// their callbacks on the queue they were given, which for the service is always the main queue. These wrappers
// are where such a callback enters the main actor: `MainActor.assumeIsolated` traps if it arrives anywhere else.

/// A callback without arguments, entered on the main actor.
public func onMainQueue(_ body: @escaping @MainActor @Sendable () -> Void) -> @Sendable () -> Void {
    { MainActor.assumeIsolated { body() } }
}

/// A callback with one argument, entered on the main actor.
public func onMainQueue<A: Sendable>(_ body: @escaping @MainActor @Sendable (A) -> Void) -> @Sendable (A) -> Void {
    { a in MainActor.assumeIsolated { body(a) } }
}

/// A callback with two arguments, entered on the main actor.
public func onMainQueue<A: Sendable, B: Sendable>(_ body: @escaping @MainActor @Sendable (A, B) -> Void)
    -> @Sendable (A, B) -> Void
{
    { a, b in MainActor.assumeIsolated { body(a, b) } }
}
