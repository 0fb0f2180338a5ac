import Glibc

/// Formats and writes the crash report line from inside a signal handler: fixed buffer, no allocation.
struct CrashLine {
    let state: CrashState
    private var count = 0

    init(state: CrashState) { self.state = state }

    mutating func report(_ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
        append("linnetd: crashed: ")
        append(Self.name(of: sig))
        let code = info?.pointee.si_code ?? 0
        var pc: UInt = 0
        if code <= 0 {
            // kill(2), tgkill, raise: no fault here, say who sent it.
            append(" sent by process ")
            appendDecimal(Int(info?.pointee._sifields._kill.si_pid ?? 0))
        } else {
            if sig == SIGILL || sig == SIGTRAP {
                append(
                    " (a Swift runtime check failed: overflow, a failed conversion, a force unwrap or a precondition)")
            } else if sig == SIGSEGV || sig == SIGBUS {
                append(" at address 0x")
                appendHex(UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr))
            }
            pc = Self.programCounter(context)
        }
        var offset: UInt = 0
        if pc != 0 {
            if pc >= state.imageStart && pc < state.imageEnd {
                offset = pc &- state.imageStart
                append(" in ")
                appendC(state.imagePath)
                append("+0x")
                appendHex(offset)
            } else {
                append(" at pc 0x")
                appendHex(pc)
            }
        }
        append(" on thread ")
        appendThreadName()
        append("; last: ")
        let activity = state.activity[state.active.load(ordering: .acquiring)]
        appendC(UnsafeRawPointer(activity).assumingMemoryBound(to: CChar.self))
        append("\n")
        flush()
        if pc != 0 { symbolize(frames: Self.frames(pc: pc, context)) }
    }

    /// "linnetd: crash site: function at File.swift:123" for the first frames in linnetd, from addr2line (binutils)
    /// when it is installed and the binary carries line tables (release builds do; the static build inlines the
    /// standard library's checks into the caller, so the first frame is the line that trapped). Runs in a child so
    /// a failure there cannot hurt the report.
    private mutating func symbolize(frames: (UInt, UInt, UInt, UInt, UInt, UInt)) {
        let tool = "/usr/bin/addr2line"
        guard state.imageEnd > 0, access(tool, X_OK) == 0 else { return }
        count = 0
        var addresses = 0
        withUnsafeBytes(of: frames) { raw in
            for pc in raw.bindMemory(to: UInt.self) where pc >= state.imageStart && pc < state.imageEnd {
                // A return address points after the call: step back into the calling instruction.
                let offset = (pc &- state.imageStart) &- (addresses == 0 ? 0 : 1)
                append("0x")
                appendHex(offset)
                put(0)
                addresses += 1
            }
        }
        guard addresses > 0 else { return }
        let pid = fork()
        if pid == 0 {
            dup2(STDERR_FILENO, STDOUT_FILENO)
            var argv: [UnsafeMutablePointer<CChar>?] = [
                strdup("addr2line"), strdup("-f"), strdup("-C"), strdup("-p"),
                strdup("-e"), state.imagePath
            ]
            var p = UnsafeMutableRawPointer(state.line).assumingMemoryBound(to: CChar.self)
            for _ in 0..<addresses {
                argv.append(p)
                p += strlen(p) + 1
            }
            argv.append(nil)
            let prefix = "linnetd: crash site (innermost first):\n"
            _ = prefix.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
            execv(tool, &argv)
            _exit(127)
        } else if pid > 0 {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// The faulting pc and up to five return addresses from the frame-pointer chain (Swift keeps frame pointers).
    private static func frames(pc: UInt, _ context: UnsafeMutableRawPointer?) -> (UInt, UInt, UInt, UInt, UInt, UInt) {
        var out: (UInt, UInt, UInt, UInt, UInt, UInt) = (pc, 0, 0, 0, 0, 0)
        #if arch(x86_64)
            guard let context else { return out }
            var fp = UInt(
                bitPattern: Int(context.assumingMemoryBound(to: ucontext_t.self).pointee.uc_mcontext.gregs.10))  // RBP
            withUnsafeMutableBytes(of: &out) { raw in
                let slots = raw.bindMemory(to: UInt.self)
                for i in 1..<slots.count {
                    guard fp != 0, fp % 8 == 0, let frame = UnsafePointer<UInt>(bitPattern: fp) else { break }
                    let next = frame[0], ret = frame[1]
                    guard ret != 0 else { break }
                    slots[i] = ret
                    guard next > fp else { break }  // the stack grows down: callers' frames are higher
                    fp = next
                }
            }
        #endif
        return out
    }

    /// /proc/thread-self/comm: the name libdispatch or libpulse gave the thread that died.
    private mutating func appendThreadName() {
        let fd = open("/proc/thread-self/comm", O_RDONLY)
        guard fd >= 0 else { return append("?") }
        defer { close(fd) }
        let n = read(fd, state.scratch, 63)
        guard n > 0 else { return append("?") }
        for i in 0..<n where state.scratch[i] != 10 { put(UInt8(bitPattern: state.scratch[i])) }
    }

    private static func programCounter(_ context: UnsafeMutableRawPointer?) -> UInt {
        guard let context else { return 0 }
        let uc = context.assumingMemoryBound(to: ucontext_t.self)
        #if arch(x86_64)
            return UInt(bitPattern: Int(uc.pointee.uc_mcontext.gregs.16))  // REG_RIP
        #elseif arch(arm64)
            return UInt(uc.pointee.uc_mcontext.pc)
        #else
            return 0
        #endif
    }

    private static func name(of sig: Int32) -> StaticString {
        switch sig {
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGFPE: return "SIGFPE"
        case SIGABRT: return "SIGABRT"
        default: return "a fatal signal"
        }
    }

    // MARK: fixed-buffer formatting

    private mutating func put(_ b: UInt8) {
        guard count < CrashState.lineCapacity - 1 else { return }
        state.line[count] = b
        count += 1
    }

    private mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { for b in $0 { put(b) } }
    }

    private mutating func appendC(_ p: UnsafePointer<CChar>) {
        var i = 0
        while p[i] != 0 && i < 512 {
            put(UInt8(bitPattern: p[i]))
            i += 1
        }
    }

    private mutating func appendDecimal(_ v: Int) {
        if v < 0 { put(UInt8(ascii: "-")) }
        appendUnsigned(v.magnitude, radix: 10)
    }

    private mutating func appendHex(_ v: UInt) { appendUnsigned(v, radix: 16) }

    private mutating func appendUnsigned(_ v: UInt, radix: UInt) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0
            )
        var n = 0
        var x = v
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                let digit = UInt8(truncatingIfNeeded: x % radix)
                d[n] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                n += 1
                x /= radix
            } while x > 0 && n < d.count
        }
        withUnsafeBytes(of: &digits) { d in
            while n > 0 {
                n -= 1
                put(d[n])
            }
        }
    }

    private mutating func flush() {
        var offset = 0
        while offset < count {
            let n = Glibc.write(STDERR_FILENO, state.line + offset, count - offset)
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            offset += n
        }
    }
}
