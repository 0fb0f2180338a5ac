import Foundation

/// A test's failure to see what it waited for in time.
struct TestTimeout: Error, CustomStringConvertible {
    var description: String
}

/// Runs blocking client work on a thread of its own, so it never holds one of the few cooperative threads (nor
/// the main thread, where the server runs) while it waits in poll.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Waits until `condition` (checked on the main actor, where the server's state lives) holds, or fails after
/// `timeout`. The short pause between checks only spaces them out; the condition is what the test waits for.
func waitUntil(
    _ what: String, timeout: Duration = .seconds(30), _ condition: @escaping @MainActor () -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !(await MainActor.run { condition() }) {
        guard clock.now < deadline else { throw TestTimeout(description: "timed out waiting until \(what)") }
        try await Task.sleep(for: .milliseconds(2))
    }
}
