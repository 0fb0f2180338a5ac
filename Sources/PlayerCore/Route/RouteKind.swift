/// Who can hear an output: the distinction the pause-on-unplug policy is about.
public enum RoutePrivacy: String, Sendable, Hashable, Codable {
    /// Only the listener hears it (headphones, headset, earpiece, Bluetooth, USB headset).
    case `private`
    /// The room hears it (speakers, line out, HDMI/DisplayPort, S/PDIF, car, network).
    case `public`
    /// Nothing tells; the policy treats it as private when leaving it and as public when arriving on it.
    case unknown
}

/// The kind of output a route is, named like iOS's `AVAudioSession.Port` output types where one exists.
public enum RouteKind: String, Sendable, Hashable, Codable, CaseIterable {
    case headphones
    case headset
    /// A phone's receiver (iOS `builtInReceiver`): port type handset/earpiece/phone.
    case earpiece
    case bluetoothA2DP
    /// Bluetooth hands-free/headset profiles (HFP/HSP, iOS `bluetoothHFP`).
    case bluetoothHFP
    case usbHeadset
    case speaker
    /// Analogue line out, S/PDIF, hi-fi.
    case lineOut
    /// HDMI and DisplayPort (and other video outputs).
    case hdmi
    case carAudio
    /// Network sinks (RAOP/AirPlay, tunnels).
    case network
    case unknown

    public var privacy: RoutePrivacy {
        switch self {
        case .headphones, .headset, .earpiece, .bluetoothA2DP, .bluetoothHFP, .usbHeadset: return .private
        case .speaker, .lineOut, .hdmi, .carAudio, .network: return .public
        case .unknown: return .unknown
        }
    }

    /// Classifies a route. Evidence, strongest first:
    /// 1. Bluetooth (bus `bluetooth`, port type bluetooth/handsfree, or a Bluetooth profile): A2DP or HFP by profile.
    ///    Every Bluetooth output counts as private, even a Bluetooth speaker — as on Android (AUDIO_BECOMING_NOISY)
    ///    and iOS, losing a Bluetooth device pauses rather than moving the music to the built-in speakers.
    /// 2. The active port's type, then its name (`analog-output-headphones`, `hdmi-output-0`, `iec958-…`),
    ///    since the port is what changes when a jack is plugged on a built-in card whose form factor is `internal`.
    /// 3. `device.form_factor`, then `device.icon_name`.
    /// A headphone/headset on bus `usb` is a USB headset. A sink on bus `network` (tunnel, RAOP, ROC, Snapcast: see
    /// `AudioRoute.isNetworkSink`) is `.network`. Anything else is `.unknown`.
    public static func classify(_ route: AudioRoute) -> RouteKind {
        let bus = route.bus?.lowercased()
        let form = route.formFactor?.lowercased()
        let portType = route.port?.type ?? .unknown
        if bus == "bluetooth" || portType == .bluetooth || portType == .handsfree || route.bluetoothProfile != nil {
            return bluetoothKind(profile: route.bluetoothProfile, formFactor: form, portType: portType)
        }
        if bus == "network" { return .network }
        let base =
            kind(portType: portType)
            ?? route.port.flatMap { kind(portName: $0.name.lowercased()) }
            ?? form.flatMap(kind(formFactor:))
            ?? route.iconName.flatMap { kind(iconName: $0.lowercased()) }
            ?? .unknown
        if bus == "usb" && (base == .headphones || base == .headset) { return .usbHeadset }
        return base
    }

    private static func bluetoothKind(profile: String?, formFactor: String?, portType: PortType) -> RouteKind {
        if let p = profile?.lowercased() {
            if p.contains("a2dp") { return .bluetoothA2DP }
            for marker in ["head_unit", "head-unit", "hfp", "hsp", "handsfree", "hands-free", "headset"]
            where p.contains(marker) {
                return .bluetoothHFP
            }
        }
        if portType == .handsfree || formFactor == "hands-free" { return .bluetoothHFP }
        return .bluetoothA2DP
    }

    private static func kind(portType: PortType) -> RouteKind? {
        switch portType {
        case .headphones: return .headphones
        case .headset: return .headset
        case .handset, .earpiece, .phone: return .earpiece
        case .speaker: return .speaker
        case .line, .aux, .spdif, .hifi: return .lineOut
        case .hdmi, .tv, .video: return .hdmi
        case .car: return .carAudio
        case .network: return .network
        // analog, usb, portable, radio, mic, unknown: say nothing about who hears it.
        default: return nil
        }
    }

    private static func kind(portName n: String) -> RouteKind? {
        if n.contains("headphone") { return .headphones }
        if n.contains("headset") { return .headset }
        if n.contains("earpiece") || n.contains("handset") { return .earpiece }
        if n.contains("speaker") { return .speaker }
        if n.contains("hdmi") || n.contains("displayport") || n.contains("-dp-") { return .hdmi }
        if n.contains("lineout") || n.contains("line-out") || n.contains("iec958") || n.contains("spdif") {
            return .lineOut
        }
        return nil
    }

    private static func kind(formFactor f: String) -> RouteKind? {
        switch f {
        case "headphone": return .headphones
        case "headset", "hands-free": return .headset
        case "handset": return .earpiece
        case "speaker": return .speaker
        case "tv": return .hdmi
        case "hifi": return .lineOut
        case "car": return .carAudio
        // internal/computer say where the card is, not who hears it; webcam, microphone, portable say nothing.
        default: return nil
        }
    }

    private static func kind(iconName i: String) -> RouteKind? {
        if i.contains("headphone") { return .headphones }
        if i.contains("headset") { return .headset }
        if i.contains("speaker") { return .speaker }
        if i.contains("video-display") { return .hdmi }
        return nil
    }
}
