import CPulse

/// The server's sources and defaults (`pa_context_get_source_info_list`, `pa_context_get_server_info`): enough to
/// tell whether a recording's source exists before anything is created.
public struct PulseSources: Sendable, Equatable {
    /// Every source by name, monitors included.
    public var names: [String] = []
    /// Monitor sources by the name of the sink they monitor.
    public var monitorOfSink: [String: String] = [:]
    public var defaultSink: String?
    public var defaultSource: String?
}

extension PulseContext {
    /// Asks for the sources and the defaults and waits for both answers. Call with the lock held, NOT on the loop
    /// thread (it waits for the loop). Throws when the connection fails meanwhile.
    public func sources() throws(PulseError) -> PulseSources {
        final class Gather: @unchecked Sendable {  // written on the loop thread, read after the waits, lock held
            var result = PulseSources()
            var pending = 2
            let loop: PulseMainloop
            init(_ loop: PulseMainloop) { self.loop = loop }
            func done() {
                pending -= 1
                loop.signal()
            }
        }
        let gather = Gather(mainloop)
        let box = Unmanaged.passRetained(gather)
        defer { box.release() }
        let ud = box.toOpaque()
        let list = pa_context_get_source_info_list(
            raw,
            { _, info, eol, ud in
                let g = Unmanaged<Gather>.fromOpaque(ud!).takeUnretainedValue()
                if let info, let name = info.pointee.name.map({ String(cString: $0) }) {
                    g.result.names.append(name)
                    if let sink = info.pointee.monitor_of_sink_name {
                        g.result.monitorOfSink[String(cString: sink)] = name
                    }
                } else if eol != 0 {
                    g.done()
                }
            }, ud)
        guard let list else { throw lastError("pa_context_get_source_info_list") }
        let server = pa_context_get_server_info(
            raw,
            { _, info, ud in
                let g = Unmanaged<Gather>.fromOpaque(ud!).takeUnretainedValue()
                if let info {
                    g.result.defaultSink = info.pointee.default_sink_name.map { String(cString: $0) }
                    g.result.defaultSource = info.pointee.default_source_name.map { String(cString: $0) }
                }
                g.done()
            }, ud)
        guard let server else {
            pa_operation_cancel(list)
            pa_operation_unref(list)
            throw lastError("pa_context_get_server_info")
        }
        defer {
            pa_operation_unref(list)
            pa_operation_unref(server)
        }
        // A connection that fails cancels the operations without calling back; its state change wakes us.
        while gather.pending > 0 {
            guard state == .ready else { throw lastError("listing sources") }
            mainloop.wait()
        }
        return gather.result
    }
}
