import CPulse

/// What the server says about one sink: the route facts the route policy needs (name, description, ports, and
/// properties such as device.form_factor, device.bus, device.icon_name, bluetooth.protocol).
public struct PulseSinkInfo: Sendable, Equatable {
    /// One output port of a sink (e.g. "analog-output-headphones").
    public struct Port: Sendable, Equatable {
        /// Whether something is plugged in, as the driver knows it (`pa_port_available`).
        public enum Availability: Sendable, Equatable { case unknown, no, yes }

        public var name: String
        public var description: String
        /// The raw `pa_device_port_type_t` (PA ≥ 14): 2 speaker, 3 headphones, 6 headset, 10 HDMI, 15 Bluetooth, …
        public var type: UInt32
        public var availability: Availability
    }

    public var index: UInt32
    public var name: String
    public var description: String
    public var ports: [Port]
    public var activePort: Port?
    public var properties: [String: String]

    init(_ i: pa_sink_info) {
        index = i.index
        name = i.name.map { String(cString: $0) } ?? ""
        description = i.description.map { String(cString: $0) } ?? ""
        var ports: [Port] = []
        if let list = i.ports {
            for n in 0..<Int(i.n_ports) {
                if let p = list[n] { ports.append(Self.port(p.pointee)) }
            }
        }
        self.ports = ports
        activePort = i.active_port.map { Self.port($0.pointee) }
        properties = Self.dictionary(i.proplist)
    }

    private static func port(_ p: pa_sink_port_info) -> Port {
        let availability: Port.Availability
        switch p.available {
        case Int32(PA_PORT_AVAILABLE_YES.rawValue): availability = .yes
        case Int32(PA_PORT_AVAILABLE_NO.rawValue): availability = .no
        default: availability = .unknown
        }
        return Port(
            name: p.name.map { String(cString: $0) } ?? "",
            description: p.description.map { String(cString: $0) } ?? "",
            type: p.type, availability: availability)
    }

    private static func dictionary(_ list: OpaquePointer?) -> [String: String] {
        guard let list else { return [:] }
        var out: [String: String] = [:]
        var state: UnsafeMutableRawPointer?
        while let key = pa_proplist_iterate(list, &state) {
            if let value = pa_proplist_gets(list, key) { out[String(cString: key)] = String(cString: value) }
        }
        return out
    }
}

extension PulseContext {
    /// Asks for a sink by name; `completion` runs once on the loop thread (nil: no such sink or an error).
    public func sinkInfo(name: String, _ completion: @escaping (PulseSinkInfo?) -> Void) {
        let box = Unmanaged.passRetained(CallbackBox(completion)).toOpaque()
        let op = pa_context_get_sink_info_by_name(
            raw, name,
            { _, info, eol, userdata in
                let box = Unmanaged<CallbackBox<PulseSinkInfo?>>.fromOpaque(userdata!)
                if let info {
                    box.takeUnretainedValue().call(PulseSinkInfo(info.pointee))
                } else if eol != 0 {
                    if eol < 0 { box.takeUnretainedValue().call(nil) }
                    box.release()
                }
            }, box)
        if let op {
            pa_operation_unref(op)
        } else {
            Unmanaged<CallbackBox<PulseSinkInfo?>>.fromOpaque(box).release()
            completion(nil)
        }
    }
}
