import Glibc

/// Long output on a terminal goes through the user's pager (`$PAGER`, else `less`), as git does; into a pipe or
/// a file, or when it fits the screen, it is written as it is.
enum Pager {
    static func show(_ text: String) {
        guard Terminal.stdoutIsTerminal, lineCount(text) >= (rows ?? Int.max), let pipe = spawn() else {
            return Terminal.out(text)
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(pipe.fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }  // the user quit the pager early
            bytes = bytes.dropFirst(n)
        }
        close(pipe.fd)
        var status: Int32 = 0
        while waitpid(pipe.pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func lineCount(_ text: String) -> Int { text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }

    private static var rows: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// Starts the pager reading from a pipe; nil when there is none to start (then the text is printed).
    private static func spawn() -> (pid: pid_t, fd: Int32)? {
        let chosen = getenv("PAGER").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        // Without $PAGER, less only where it is installed (a minimal system may have none).
        guard let command = chosen ?? (access("/usr/bin/less", X_OK) == 0 ? "less" : nil), command != "cat" else {
            return nil
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        // less: quit if it fits, keep colours, do not clear the screen (the list stays visible after quitting).
        if getenv("LESS") == nil { setenv("LESS", "FRX", 1) }
        signal(SIGPIPE, SIG_IGN)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var pid: pid_t = 0
        // Through the shell, as git runs $PAGER: it may carry options ("less -S").
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { for a in argv { free(a) } }
        let started = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0
        close(fds[0])
        guard started else { close(fds[1]); return nil }
        return (pid, fds[1])
    }
}
