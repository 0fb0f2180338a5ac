import Glibc

/// Runs `call` again while it fails with EINTR (a signal arrived before it did anything), so no caller sees a
/// spurious failure from a handled signal. Returns the first result that is not an interrupted failure.
@inline(__always)
func retryingInterrupts<T: SignedInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// True for the errno of a non-blocking call that would have had to wait.
@inline(__always)
func wouldBlock(_ code: Int32) -> Bool { code == EAGAIN || code == EWOULDBLOCK }
