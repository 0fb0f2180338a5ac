@testable import PlayerCore

/// Routes mirroring what `pactl list sinks` shows on real machines (names, ports, properties).
enum Routes {
    static let builtinProps = [
        "device.description": "Built-in Audio Analog Stereo", "device.form_factor": "internal",
        "device.bus": "pci", "device.icon_name": "audio-card-pci"
    ]
    static let builtinSink = "alsa_output.pci-0000_00_1f.3.analog-stereo"

    static func builtin(_ port: AudioPort) -> AudioRoute {
        AudioRoute(sinkName: builtinSink, properties: builtinProps, port: port)
    }

    static let headphonesPort = AudioPort(
        name: "analog-output-headphones", description: "Headphones", type: .headphones, availability: .yes)
    static let headphonesUnplugged = AudioPort(
        name: "analog-output-headphones", description: "Headphones", type: .headphones, availability: .no)
    static let speakerPort = AudioPort(
        name: "analog-output-speaker", description: "Speakers", type: .speaker, availability: .unknown)
    static let lineoutPort = AudioPort(
        name: "analog-output-lineout", description: "Line Out", type: .line, availability: .yes)

    static let headphones = builtin(headphonesPort)
    static let headphonesPulled = builtin(headphonesUnplugged)
    static let speakers = builtin(speakerPort)
    static let lineOut = builtin(lineoutPort)
    /// PA < 14: no port types, only names.
    static let oldPAHeadphones = builtin(
        AudioPort(name: "analog-output-headphones", description: "Headphones", availability: .yes))
    static let oldPASpeakers = builtin(AudioPort(name: "analog-output-speaker", description: "Speakers"))

    static let hdmi = AudioRoute(
        sinkName: "alsa_output.pci-0000_00_1f.3.hdmi-stereo",
        properties: [
            "device.description": "Built-in Audio Digital Stereo (HDMI)", "device.form_factor": "internal",
            "device.bus": "pci"
        ],
        port: AudioPort(name: "hdmi-output-0", description: "HDMI / DisplayPort", type: .hdmi, availability: .yes))
    static let a2dp = AudioRoute(
        sinkName: "bluez_sink.00_1B_66_AA_BB_CC.a2dp_sink",
        properties: [
            "device.description": "WH-1000XM4", "device.form_factor": "headphone", "device.bus": "bluetooth",
            "device.icon_name": "audio-headphones-bluetooth", "bluetooth.protocol": "a2dp_sink"
        ],
        port: AudioPort(name: "headphone-output", description: "Headphone", type: .headphones, availability: .unknown))
    static let hfp = AudioRoute(
        sinkName: "bluez_sink.00_1B_66_AA_BB_CC.handsfree_head_unit",
        properties: [
            "device.description": "WH-1000XM4", "device.form_factor": "headset", "device.bus": "bluetooth",
            "bluetooth.protocol": "handsfree_head_unit"
        ],
        port: AudioPort(name: "headset-output", description: "Headset", type: .headset, availability: .unknown))
    /// PipeWire names Bluetooth sinks and properties differently.
    static let pipewireA2DP = AudioRoute(
        sinkName: "bluez_output.00_1B_66_AA_BB_CC.1",
        properties: ["device.description": "Speaker", "device.api": "bluez5", "api.bluez5.profile": "a2dp-sink"],
        port: nil)
    static let usbHeadset = AudioRoute(
        sinkName: "alsa_output.usb-Logitech_USB_Headset-00.analog-stereo",
        properties: [
            "device.description": "Logitech USB Headset", "device.form_factor": "headset", "device.bus": "usb"
        ],
        port: AudioPort(name: "analog-output", description: "Analog Output", type: .analog, availability: .unknown))
    static let usbDAC = AudioRoute(
        sinkName: "alsa_output.usb-DAC-00.analog-stereo",
        properties: ["device.description": "USB DAC", "device.bus": "usb"],
        port: AudioPort(name: "analog-output", description: "Analog Output", type: .analog))
    /// The null sinks the integration tests use.
    static let nullHeadphones = AudioRoute(
        sinkName: "headphones", properties: ["device.description": "headphones", "device.form_factor": "headphone"],
        port: nil)
    static let nullBluetooth = AudioRoute(
        sinkName: "bt", properties: ["device.description": "bt", "device.bus": "bluetooth"], port: nil)
    static let nullSpeakers = AudioRoute(
        sinkName: "speakers", properties: ["device.description": "speakers", "device.form_factor": "speaker"], port: nil
    )
    static let nullSpeakers2 = AudioRoute(
        sinkName: "speakers2", properties: ["device.description": "speakers2", "device.form_factor": "speaker"],
        port: nil)
    static let nullPlain = AudioRoute(sinkName: "null", properties: ["device.description": "Null Output"], port: nil)
    static let earpiece = AudioRoute(
        sinkName: "phone", properties: [:], port: AudioPort(name: "[Out] Earpiece", type: .earpiece, availability: .yes)
    )
    static let carBT = AudioRoute(
        sinkName: "bluez_sink.car.a2dp_sink",
        properties: ["device.bus": "bluetooth", "device.form_factor": "car", "bluetooth.protocol": "a2dp_sink"],
        port: nil)
}
