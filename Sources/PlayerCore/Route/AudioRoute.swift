/// A sink port's type; raw values are libpulse's `pa_device_port_type_t` (PA ≥ 14; older servers say unknown).
public enum PortType: Int, Sendable, Hashable, Codable, CaseIterable {
    case unknown = 0, aux, speaker, headphones, line, mic, headset, handset, earpiece, spdif, hdmi, tv, radio,
        video, usb, bluetooth, portable, handsfree, car, hifi, phone, network, analog
}

/// Whether a port's jack is plugged; raw values are libpulse's `pa_port_available_t`.
public enum PortAvailability: Int, Sendable, Hashable, Codable {
    /// No jack detection: treated as "unchanged" by the route policy.
    case unknown = 0
    case no = 1
    case yes = 2
}

/// The active port of a sink.
public struct AudioPort: Sendable, Hashable, Codable {
    /// e.g. `analog-output-headphones`, `hdmi-output-0`, `headphone-output`.
    public var name: String
    public var description: String
    public var type: PortType
    public var availability: PortAvailability

    public init(
        name: String, description: String = "", type: PortType = .unknown, availability: PortAvailability = .unknown
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.availability = availability
    }
}

/// Where Linnet's stream plays: the sink, its active port and the sink properties that tell what device it is.
public struct AudioRoute: Sendable, Hashable, Codable {
    /// The sink's name (`alsa_output.pci-0000_00_1f.3.analog-stereo`, `bluez_sink.XX.a2dp_sink`, …).
    public var sinkName: String
    /// `device.description` (what pavucontrol shows).
    public var sinkDescription: String
    public var port: AudioPort?
    /// `device.form_factor`: internal, speaker, handset, tv, webcam, microphone, headset, headphone, hands-free,
    /// car, hifi, computer, portable.
    public var formFactor: String?
    /// `device.bus`: pci, usb, bluetooth, firewire, isa, …
    public var bus: String?
    /// `device.icon_name`, e.g. `audio-headphones-bluetooth`.
    public var iconName: String?
    /// Bluetooth profile: PulseAudio's `bluetooth.protocol` (`a2dp_sink`, `headset_head_unit`, `handsfree_head_unit`)
    /// or PipeWire's `api.bluez5.profile` (`a2dp-sink`, `headset-head-unit`).
    public var bluetoothProfile: String?

    public init(
        sinkName: String, sinkDescription: String = "", port: AudioPort? = nil, formFactor: String? = nil,
        bus: String? = nil, iconName: String? = nil, bluetoothProfile: String? = nil
    ) {
        self.sinkName = sinkName
        self.sinkDescription = sinkDescription
        self.port = port
        self.formFactor = formFactor
        self.bus = bus
        self.iconName = iconName
        self.bluetoothProfile = bluetoothProfile
    }

    /// Builds a route from a sink's property list (keys as libpulse names them) and its active port.
    public init(sinkName: String, properties: [String: String], port: AudioPort?) {
        self.init(
            sinkName: sinkName,
            sinkDescription: properties["device.description"] ?? sinkName,
            port: port,
            formFactor: properties["device.form_factor"],
            bus: properties["device.bus"]
                ?? (properties["device.api"] == "bluez5"
                    ? "bluetooth" : Self.isNetworkSink(sinkName, properties) ? "network" : nil),
            iconName: properties["device.icon_name"],
            bluetoothProfile: properties["bluetooth.protocol"] ?? properties["api.bluez5.profile"])
    }

    /// A sink that sends the sound over the network: PulseAudio's tunnel and RAOP sinks, PipeWire's
    /// snapcast-discover, RAOP and ROC sinks (by their property prefixes, device.api or module), reported with bus
    /// "network".
    static func isNetworkSink(_ name: String, _ properties: [String: String]) -> Bool {
        let prefixes = ["tunnel.", "raop.", "roc.", "snapcast.", "rtp."]
        if properties.keys.contains(where: { key in prefixes.contains { key.hasPrefix($0) } }) { return true }
        if let api = properties["device.api"], ["raop", "roc", "snapcast", "rtp"].contains(api) { return true }
        let lowered = name.lowercased()
        return ["tunnel", "raop", "roc-", "roc_", "snapcast", "rtp"].contains { lowered.hasPrefix($0) }
    }

    /// What kind of output this is (see `RouteKind.classify`).
    public var kind: RouteKind { RouteKind.classify(self) }

    /// Whether the active port is known to be unplugged (then nothing is heard on this route).
    public var isPortUnplugged: Bool { port?.availability == .no }
}
