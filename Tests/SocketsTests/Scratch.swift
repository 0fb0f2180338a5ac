import Glibc

/// Waits (poll, bounded) until `fd` is readable: for a listening socket, until a connection is queued.
func waitReadable(_ fd: Int32, milliseconds: Int32 = 10_000) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) == 1
}
